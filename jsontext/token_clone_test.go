package jsontext

import (
	"bytes"
	"io"
	"testing"
	"testing/iotest"
)

// TestCloneOutlivesDecoder reads a document with a small buffer (so the
// Decoder's buffer is reused many times over), clones every token, and
// checks the clones after the whole document is read: each still has its
// token's kind, string and number values, clones again to itself, and
// writing them all gives the document compacted.
func TestCloneOutlivesDecoder(t *testing.T) {
	doc := []byte(`{"a": [1, -2.5e3, 18446744073709551615, true, null, false],
		"escaped \"name\"": "tab\there \u00e9", "long name over eight bytes": {"x": "` +
		string(bytes.Repeat([]byte("yz"), 300)) + `"}, "": "", "n": 0}`)
	type seen struct {
		kind Kind
		str  string
	}
	var clones []Token
	var want []seen
	d := NewDecoder(iotest.OneByteReader(bytes.NewReader(doc)))
	for {
		tok, err := d.ReadToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		clones = append(clones, tok.Clone())
		want = append(want, seen{tok.Kind(), tok.String()})
	}
	var out bytes.Buffer
	e := NewEncoder(&out)
	for i, c := range clones {
		if got := (seen{c.Kind(), c.String()}); got != want[i] {
			t.Errorf("clone %d: %+v, want %+v", i, got, want[i])
		}
		if again := c.Clone(); again.raw != c.raw || again.str != c.str || again.num != c.num {
			t.Errorf("clone %d: Clone of a clone differs: %#v, %#v", i, again, c)
		}
		if err := e.WriteToken(c); err != nil {
			t.Fatalf("WriteToken(clone %d): %v", i, err)
		}
	}
	// The reference: each token written as soon as it is read.
	var ref bytes.Buffer
	d2, e2 := NewDecoder(bytes.NewReader(doc)), NewEncoder(&ref)
	for {
		tok, err := d2.ReadToken()
		if err == io.EOF {
			break
		}
		if err == nil {
			err = e2.WriteToken(tok)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(out.Bytes(), ref.Bytes()) {
		t.Errorf("written clones:\n got %s\nwant %s", out.Bytes(), ref.Bytes())
	}
	if u, err := clones[5].Uint(); err != nil || u != 18446744073709551615 {
		t.Errorf("clone of 18446744073709551615: Uint() = %d, %v", u, err)
	}
	if f, err := clones[4].Float(); err != nil || f != -2500 {
		t.Errorf("clone of -2.5e3: Float() = %v, %v", f, err)
	}
	if i, err := clones[3].Int(); err != nil || i != 1 {
		t.Errorf("clone of 1: Int() = %d, %v", i, err)
	}
}
