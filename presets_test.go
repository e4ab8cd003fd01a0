package jet_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/jetjson/jet"
	"github.com/jetjson/jet/internal/oracle"
)

// presetStrDoc builds a document whose strings take every way the decoder
// has of keeping a string: empty, under 16 bytes, 16 to 31, longer ones
// up to the arena's block size and past its limit for one string (1 KB),
// with and without escapes, with non-ASCII and invalid UTF-8, as values,
// as keys and inside numbers kept as json.Number; enough of them (about
// 500 KB) that the arena takes several blocks.
func presetStrDoc(seed uint64) []byte {
	g := newGen(seed)
	lengths := []int{0, 1, 7, 8, 15, 16, 17, 31, 32, 33, 100, 1023, 1024, 1025, 3000, 9000}
	str := func() string {
		n := lengths[g.intn(len(lengths))]
		var b strings.Builder
		for b.Len() < n {
			if g.chance(0.7) {
				b.WriteByte(byte('a' + g.intn(26)))
			} else {
				b.WriteString(g.str())
			}
		}
		return quoteRaw(b.String())
	}
	var out bytes.Buffer
	out.WriteString(`{"list":[`)
	for i := 0; i < 40; i++ {
		if i > 0 {
			out.WriteByte(',')
		}
		fmt.Fprintf(&out, `{"A":%s,"B":[%s,%s,%s],"M":{%s:%s,%s:%s},"Num":%d.%d,"Any":{%s:[%s,{%s:%s}]},"P":%s}`,
			str(), str(), str(), str(), str(), str(), str(), str(),
			g.intn(1e6), g.intn(1e6), str(), str(), str(), str(), str())
	}
	out.WriteString(`]}`)
	return out.Bytes()
}

// quoteRaw quotes s as a JSON string, escaping only what JSON requires
// (and '/', for an escape more), so that invalid UTF-8 stays in the text
// for the decoder to replace.
func quoteRaw(s string) string {
	b := []byte{'"'}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\' || c == '/':
			b = append(b, '\\', c)
		case c == '\n':
			b = append(b, '\\', 'n')
		case c < ' ':
			b = fmt.Appendf(b, `\u%04x`, c)
		default:
			b = append(b, c)
		}
	}
	return string(append(b, '"'))
}

// TestPresetStringsOwnTheirBytes checks each preset's promise that
// strings decoded from a []byte do not share the caller's memory: after
// decoding, the input is overwritten (and, as a program reading a stream
// into one buffer would, the next document decoded from it), and every
// value must still equal encoding/json's decoding of the original.
func TestPresetStringsOwnTheirBytes(t *testing.T) {
	oracle.Require(t)
	type Item struct {
		A   string
		B   []string
		M   map[string]string
		Num json.Number
		Any any
		P   *string
	}
	type Doc struct{ List []Item }
	apis := append(presets[:len(presets):len(presets)], []struct {
		name string
		api  jet.API
	}{
		{"UseNumber", jet.Config{UseNumber: true}.Froze()},
		{"CopyString", jet.Config{CopyString: true}.Froze()},
	}...)
	types := []reflect.Type{reflect.TypeFor[Doc](), reflect.TypeFor[any](), reflect.TypeFor[map[string][]map[string]any]()}
	for seed := uint64(1); seed <= 2; seed++ {
		doc := presetStrDoc(seed)
		next := presetStrDoc(seed + 100)
		for _, p := range apis {
			for _, typ := range types {
				want := reflect.New(typ)
				dec := json.NewDecoder(bytes.NewReader(doc))
				if p.name == "UseNumber" {
					dec.UseNumber()
				}
				if err := dec.Decode(want.Interface()); err != nil {
					t.Fatal(err)
				}
				buf := bytes.Clone(doc)
				got := reflect.New(typ)
				if err := p.api.Unmarshal(buf, got.Interface()); err != nil {
					t.Fatalf("%s %v: %v", p.name, typ, err)
				}
				if !reflect.DeepEqual(got.Interface(), want.Interface()) {
					t.Fatalf("%s %v seed %d: %s", p.name, typ, seed, valueDiff(got, want))
				}
				// The caller reuses its buffer for the next document.
				buf = append(buf[:0], next...)
				if err := p.api.Unmarshal(buf, reflect.New(typ).Interface()); err != nil {
					t.Fatalf("%s %v: %v", p.name, typ, err)
				}
				for i := range buf {
					buf[i] = byte(i)
				}
				if !reflect.DeepEqual(got.Interface(), want.Interface()) {
					t.Errorf("%s %v seed %d: after reusing the input: %s", p.name, typ, seed, valueDiff(got, want))
				}
			}
		}
	}
}

// TestPresetStringsFromString checks UnmarshalFromString, whose strings
// may be views of the input (a string cannot change), against
// encoding/json on the same documents.
func TestPresetStringsFromString(t *testing.T) {
	oracle.Require(t)
	doc := presetStrDoc(7)
	var want any
	if err := json.Unmarshal(doc, &want); err != nil {
		t.Fatal(err)
	}
	for _, p := range presets {
		var got any
		if err := p.api.UnmarshalFromString(string(doc), &got); err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %s", p.name, valueDiff(reflect.ValueOf(got), reflect.ValueOf(want)))
		}
	}
}
