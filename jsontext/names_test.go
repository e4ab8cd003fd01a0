package jsontext

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unsafe"
)

// TestNameSet checks the set of names (the Decoder's and the Encoder's)
// against sets of strings, over random pushes, pops and inserts of names
// short and long, few and many per object (so that the hash tables and
// the shapes are used).
func TestNameSet(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	pool := []string{"", "a", "b", "ab", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghijklmnop",
		"abcdefghijklmnopq", strings.Repeat("x", 31), strings.Repeat("x", 32), strings.Repeat("x", 40), "é", "日本語"}
	for i := 0; i < 200; i++ {
		pool = append(pool, strings.Repeat(string(rune('a'+i%26)), 1+i%37))
	}
	var s nameSet
	var model []map[string]bool
	for round := 0; round < 100000; round++ {
		// Phases of small objects and of large ones.
		spread := 10
		if round/5000%2 == 1 {
			spread = 200
		}
		switch op := r.IntN(spread); {
		case op == 0 || len(model) == 0:
			s.push()
			model = append(model, map[string]bool{})
		case op == 1:
			s.pop()
			model = model[:len(model)-1]
		default:
			name := pool[r.IntN(len(pool))]
			if r.IntN(4) == 0 {
				name = pool[r.IntN(20)] // a few names, often repeated
			}
			// Names are read from slices with and without room after
			// them.
			b := []byte(name)
			if r.IntN(2) == 0 {
				b = append(make([]byte, 0, len(name)+40), name...)
			}
			want := !model[len(model)-1][name]
			if got := s.insert(b); got != want {
				t.Fatalf("round %d: insert(%q) = %v, want %v", round, name, got, want)
			}
			model[len(model)-1][name] = true
		}
	}
}

// TestNameSetShapes checks the set of names against sets of strings on
// objects that follow a few shapes (fixed lists of names, nested), leave
// them partway with a new name or a repeated one, and go on over
// resets, which keep the shapes (see nameSet.reset). Names come as they
// are or quoted with an escape (insertQuoted unquotes them).
func TestNameSetShapes(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	shapes := [][]string{
		{"id", "name", "a longer name of the shape", "x"},
		{"id", "kind", "items", "sixteen bytes!!!", "n"},
		{"areaId", "blockIds"},
	}
	var s nameSet
	var model []map[string]bool
	insert := func(name string) {
		want := !model[len(model)-1][name]
		var got bool
		if r.IntN(3) == 0 {
			// As a name with an escape is inserted: its quoted text,
			// unquoted by the set.
			got = s.insertQuoted([]byte(`"\u00`+fmt.Sprintf("%02x", name[0])+name[1:]+`"`), false)
		} else {
			got = s.insert([]byte(name))
		}
		if got != want {
			t.Fatalf("insert(%q) = %v, want %v (object %v)", name, got, want, model[len(model)-1])
		}
		model[len(model)-1][name] = true
	}
	var object func(depth int)
	object = func(depth int) {
		s.push()
		model = append(model, map[string]bool{})
		sh := shapes[r.IntN(len(shapes))]
		stop := len(sh)
		if r.IntN(3) == 0 {
			stop = r.IntN(len(sh) + 1)
		}
		for i, name := range sh[:stop] {
			insert(name)
			if depth < 3 && r.IntN(4) == 0 {
				object(depth + 1)
			}
			if i == stop-1 && r.IntN(2) == 0 {
				// Leave the shape: a name of another shape, or one
				// already written.
				other := shapes[r.IntN(len(shapes))]
				insert(other[r.IntN(len(other))])
			}
		}
		s.pop()
		model = model[:len(model)-1]
	}
	for round := 0; round < 20000; round++ {
		if r.IntN(50) == 0 {
			s.reset()
		}
		object(0)
	}
}

// TestDuplicateAfterShape writes and reads objects that follow the
// shape of the object before, then leave it with a name of 8 bytes or
// more written twice, once with an escape: every path of the Encoder and
// the Decoder reports the duplicate. (Unquoting such a name into the
// set's spare room, which leaving the shape then filled with the
// shape's names, once lost it.)
func TestDuplicateAfterShape(t *testing.T) {
	doc := `{"a":{"kkkkkkkk":1},"b":{"kkkkkkkk":1,"\u0078xxxxxxx":1,"xxxxxxxx":1}}`
	d := NewDecoder(strings.NewReader(doc))
	var toks []Token
	for {
		tok, err := d.ReadToken()
		if err != nil {
			if !errors.Is(err, ErrDuplicateName) {
				t.Errorf("ReadToken: %v, want a duplicate name", err)
			}
			break
		}
		toks = append(toks, tok.Clone())
	}
	if _, err := NewDecoder(strings.NewReader(doc)).ReadValue(); !errors.Is(err, ErrDuplicateName) {
		t.Errorf("ReadValue: %v, want a duplicate name", err)
	}
	if Value(doc).IsValid() {
		t.Errorf("Value.IsValid: true, want false (a duplicate name)")
	}
	for _, opts := range [][]Options{nil, {Multiline(true)}, {EscapeForHTML(true)}, {SpaceAfterColon(true)}} {
		var buf bytes.Buffer
		if err := NewEncoder(&buf, opts...).WriteValue(Value(doc)); !errors.Is(err, ErrDuplicateName) {
			t.Errorf("options %v: WriteValue: %v, want a duplicate name", opts, err)
		}
		// The tokens read (up to the second name, the duplicate), then
		// the name again, made with String and as it was read (a clone
		// of "\u0078xxxxxxx").
		names := []Token{String("xxxxxxxx"), toks[len(toks)-2]}
		for _, last := range names {
			e := NewEncoder(&buf, opts...)
			for _, tok := range toks {
				if err := e.WriteToken(tok); err != nil {
					t.Fatalf("options %v: WriteToken(%v): %v", opts, tok, err)
				}
			}
			if err := e.WriteToken(last); !errors.Is(err, ErrDuplicateName) {
				t.Errorf("options %v: WriteToken of %v again: %v, want a duplicate name", opts, last, err)
			}
		}
	}
}

// TestKeyIn checks that keyIn, which reads no byte past the name, gives
// the keys of keyOf, for names of every length up to 40 taken at every
// offset of a larger buffer.
func TestKeyIn(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	buf := make([]byte, 128)
	for round := 0; round < 200; round++ {
		for i := range buf {
			buf[i] = byte(r.IntN(256))
		}
		for n := 0; n <= 40; n++ {
			for at := 0; at+n <= 48; at++ {
				name := buf[at : at+n : at+n]
				if got, want := keyIn(unsafe.Pointer(unsafe.SliceData(name)), n), keyOf(name); got != want {
					t.Fatalf("keyIn(%q) = %#x, want %#x", name, got, want)
				}
			}
		}
	}
}

// TestWriteTokenNameKeys checks that WriteToken's names (keyed as they
// are written, see writeName) and WriteValue's (keyed by nameSet)
// have the same keys: a name written one way and then the other is
// found a duplicate, in objects on their own and in objects that follow
// the shape of the one before.
func TestWriteTokenNameKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	alphabet := []rune("abcdefghijklmnopqrstuvwxyzé_0")
	name := func(n int) string {
		var b strings.Builder
		for b.Len() < n {
			b.WriteRune(alphabet[r.IntN(len(alphabet))])
		}
		return b.String()
	}
	raw := func(s string) Token {
		d := NewDecoder(strings.NewReader(`"` + s + `"`))
		tok, err := d.ReadToken()
		if err != nil {
			t.Fatal(err)
		}
		return tok.Clone()
	}
	for n := 0; n <= 40; n++ {
		for round := 0; round < 20; round++ {
			names := []string{name(n), name(n + 1), name(max(n-1, 0))}
			for _, tokenFirst := range []bool{true, false} {
				var buf bytes.Buffer
				e := NewEncoder(&buf)
				write := func(s string, asToken bool) error {
					if asToken {
						return e.WriteToken(raw(s))
					}
					return e.WriteValue(Value(`"` + s + `"`))
				}
				if err := e.WriteToken(BeginArray); err != nil {
					t.Fatal(err)
				}
				for obj := 0; obj < 3; obj++ {
					if err := e.WriteToken(BeginObject); err != nil {
						t.Fatal(err)
					}
					seen := map[string]bool{}
					for i, s := range names {
						err := write(s, (i%2 == 0) == tokenFirst)
						if seen[s] {
							if !errors.Is(err, ErrDuplicateName) {
								t.Fatalf("name %q written again: %v, want a duplicate", s, err)
							}
							continue
						}
						if err != nil {
							t.Fatalf("name %q: %v", s, err)
						}
						seen[s] = true
						if err := e.WriteToken(Null); err != nil {
							t.Fatal(err)
						}
					}
					// Each name again, the other way: a duplicate.
					for i, s := range names {
						if err := write(s, (i%2 == 0) != tokenFirst); !errors.Is(err, ErrDuplicateName) {
							t.Fatalf("n=%d object %d: name %q written again: %v, want a duplicate", n, obj, s, err)
						}
					}
					if err := e.WriteToken(EndObject); err != nil {
						t.Fatal(err)
					}
				}
				if err := e.WriteToken(EndArray); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
