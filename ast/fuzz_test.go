package ast

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"reflect"
	"testing"
	"unicode/utf8"

	"github.com/jetjson/jet/encoder"
	"github.com/jetjson/jet/internal/syntaxv1"
	"github.com/jetjson/jet/internal/wire"
)

var fuzzDocs = []string{
	`{"a":1,"b":[true,false,null,"s"],"c":{"d":{"e":[1.5,-2e3]}}}`,
	`[{"id":1,"name":"x"},{"id":2,"tags":["a","b"]},[],{}]`,
	`{"\u0061":"esc","a.b":{"c*":1},"#":[0],"":{"":""},"日本":"語"}`,
	" { \"k\" : [ 1 , 2 ,\n 3 ] } ",
	`"just a string"`, `12345`, `null`, `[`, `{"a":}`, `[1,2,]`, "[\"\xff\"]",
}

// FuzzNodeLazy checks lazy nodes on arbitrary text: invalid text gives
// the validator's error; valid text reads, loads and encodes to what
// encoding/json decodes.
func FuzzNodeLazy(f *testing.F) {
	for i, d := range fuzzDocs {
		f.Add(d, int64(i))
	}
	// Objects large enough for the key index, with repeated, escaped and
	// case-variant keys.
	f.Add(keyIndexDoc(), int64(1))
	f.Add(`[`+keyIndexDoc()+`,{"k":[`+keyIndexDoc()+`]}]`, int64(2))
	big, _ := bigObject(3 * indexMin)
	f.Add(big, int64(3))
	f.Fuzz(func(t *testing.T, doc string, seed int64) {
		n := NewRaw(doc)
		verr := syntaxv1.Validate(doc, wire.DefaultMaxDepth)
		if verr != nil {
			var se *wire.SyntaxError
			if !errors.As(n.Check(), &se) || se.Offset != verr.Offset {
				t.Fatalf("NewRaw error %v, want %v", n.Check(), verr)
			}
			return
		}
		want, err := mustStd(doc)
		if err != nil {
			t.Fatalf("valid for wire, not for encoding/json: %v", err)
		}
		r := rand.New(rand.NewSource(seed))
		if !hasDuplicateKeys(doc) {
			// (encoding/json keeps the last of repeated keys, lookups
			// the first.)
			for k := 0; k < 8; k++ {
				checkLookup(t, &n, want, randomPath(r, want))
			}
		}
		l, _ := n.Len()
		n.LoadAll()
		if l2, _ := n.Len(); l2 != l {
			t.Fatalf("Len %d then %d", l, l2)
		}
		// The key index finds what a scan of the keys finds.
		checkKeyIndex(t, &n)
		if got, err := n.InterfaceUseNumber(); err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("InterfaceUseNumber = %v, %v", got, err)
		}
		b, err := n.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		sameJSON(t, "MarshalJSON", string(b), want)
		if n.Type() == V_OBJECT || n.Type() == V_ARRAY {
			n.container().dirty = true
			b, err = n.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			sameJSON(t, "re-encoded", string(b), want)
			// The node, or a value that holds it, cannot go inside it.
			in := r.Intn(3)
			holder := n
			for k := 0; k < in; k++ {
				holder = NewArray([]Node{NewNull(), holder})
			}
			var err1, err2 error
			if n.Type() == V_OBJECT {
				_, err1 = n.Set("self", holder)
			} else {
				err1 = n.Add(holder)
			}
			if l > 0 {
				_, err2 = n.SetByIndex(r.Intn(l), holder)
			} else {
				err2 = ErrCycle
			}
			if !errors.Is(err1, ErrCycle) || !errors.Is(err2, ErrCycle) {
				t.Fatalf("storing the node in itself: %v, %v", err1, err2)
			}
			b, err = n.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			sameJSON(t, "after refused cycles", string(b), want)
		}
	})
}

// FuzzSearchPath checks path searches on arbitrary documents and paths:
// no panics; the two search engines agree; validation changes only what
// happens on invalid documents.
func FuzzSearchPath(f *testing.F) {
	paths := []string{"a", "b.1", "c.d.e.0", "#", "*.#", "0.id", "1.tags.#", "#.id", `a\.b.c\*`, "/a", "/c/d/e/1", "日本", "k", "?"}
	for i, d := range fuzzDocs {
		f.Add(d, paths[i%len(paths)])
	}
	f.Fuzz(func(t *testing.T, doc, path string) {
		steps, err := parsePath(path, nil)
		v1, err1 := NewSearcher(doc).GetPath(path)
		if err != nil {
			if err1 == nil {
				t.Fatal("a bad path should be an error")
			}
			return
		}
		verr := syntaxv1.Validate(doc, wire.DefaultMaxDepth)
		if verr != nil {
			var se *wire.SyntaxError
			if !errors.As(err1, &se) || se.Offset != verr.Offset || se.Msg != verr.Msg {
				t.Fatalf("GetPath on invalid JSON = %v, want %v", err1, verr)
			}
			NewSearcherOptions(doc, SearchOptions{}).GetPath(path) // no panic
			NewSearcherOptions(doc, SearchOptions{}).GetMany(path, "a", "#")
			return
		}
		v2, err2 := NewSearcherOptions(doc, SearchOptions{}).GetPath(path)
		same(t, "without validation", v1, err1, v2, err2)
		s := NewSearcher(doc)
		var res result
		if err := s.walk([]cursor{{steps: steps, res: &res}}); err != nil {
			t.Fatalf("walk: %v", err)
		}
		var err3 error
		if !res.found {
			err3 = ErrNotFound
		}
		same(t, "walker", v1, err1, res.node, err3)
		many, err := s.GetMany(path, path)
		if err != nil {
			t.Fatal(err)
		}
		if err1 == nil != many[1].Exists() {
			t.Fatalf("GetMany disagrees: %v", err1)
		}
		if err1 == nil {
			raw, err := v1.Raw()
			if err != nil || !json.Valid([]byte(raw)) {
				t.Fatalf("result %q: %v", raw, err)
			}
		}
	})
}

func same(t *testing.T, what string, a Node, aerr error, b Node, berr error) {
	t.Helper()
	if errors.Is(aerr, ErrNotFound) != errors.Is(berr, ErrNotFound) || (aerr == nil) != (berr == nil) {
		t.Fatalf("%s: errors %v and %v", what, aerr, berr)
	}
	if aerr != nil {
		return
	}
	ra, _ := a.Raw()
	rb, _ := b.Raw()
	if ra != rb {
		t.Fatalf("%s: %q and %q", what, ra, rb)
	}
}

// FuzzEditPath checks SetRawPath and DeletePath: the output of an edit of
// a valid document is valid, holds the new value at the path, and does
// not depend on validation; invalid documents give the validator's
// error.
func FuzzEditPath(f *testing.F) {
	paths := []string{"a", "b.1", "c.d.e.-1", "x.y", "0.id", "1.tags.0", "/c/d", "b.-1", "new.0.k", "", "a.b"}
	for i, d := range fuzzDocs {
		f.Add(d, paths[i%len(paths)], `{"v":[1,"x"]}`)
	}
	f.Fuzz(func(t *testing.T, doc, path, value string) {
		validValue := syntaxv1.Validate(value, wire.DefaultMaxDepth) == nil
		set, err := SetRawPath([]byte(doc), path, []byte(value), validating)
		set2, err2 := SetRawPath([]byte(doc), path, []byte(value), EditOptions{})
		del, derr := DeletePath([]byte(doc), path, validating)
		del2, derr2 := DeletePath([]byte(doc), path, EditOptions{})
		p, perr := ParsePath(path)
		pathOK := perr == nil
		for _, st := range p.steps {
			pathOK = pathOK && st.op != opCount && st.op != opPattern
		}
		if verr := syntaxv1.Validate(doc, wire.DefaultMaxDepth); verr != nil {
			// (A bad path is reported before the document is read.)
			var se *wire.SyntaxError
			if pathOK && (!errors.As(derr, &se) || se.Offset != verr.Offset) {
				t.Fatalf("DeletePath on invalid JSON = %v, want %v", derr, verr)
			}
			if pathOK && validValue && !errors.As(err, &se) {
				t.Fatalf("SetRawPath on invalid JSON = %v, want %v", err, verr)
			}
			return
		}
		if (err == nil) != (err2 == nil) || string(set) != string(set2) {
			t.Fatalf("SetRawPath depends on validation: %v %v", err, err2)
		}
		if (derr == nil) != (derr2 == nil) || string(del) != string(del2) {
			t.Fatalf("DeletePath depends on validation: %v %v", derr, derr2)
		}
		if derr == nil && !json.Valid(del) {
			t.Fatalf("DeletePath(%q, %q) = %q: invalid", doc, path, del)
		}
		if err != nil {
			return
		}
		if !json.Valid(set) {
			t.Fatalf("SetRawPath(%q, %q, %q) = %q: invalid", doc, path, value, set)
		}
		if !utf8.ValidString(path) {
			return // a created key is written with U+FFFD for bad bytes
		}
		for _, st := range p.steps {
			if st.op == opAppend {
				return // appended: the path names the end, not the value
			}
		}
		got, gerr := NewSearcher(wire.StringOf(set)).GetPath(path)
		if gerr != nil {
			t.Fatalf("reading back %q from %q: %v", path, set, gerr)
		}
		raw, _ := got.Raw()
		want, _ := mustStd(value)
		sameJSON(t, "read back", raw, want)
	})
}

// FuzzSetScalar checks the scalar fast path of SetPath (appendScalar,
// writing the new text into a stack buffer) against the general one: the
// same edit with the value encoded by the encoder and given as raw JSON.
func FuzzSetScalar(f *testing.F) {
	paths := []string{"a", "b.1", "c.d.e.-1", "x.y", "0.id", "1.tags.0", "/c/d", "b.-1", "new.0.k", "", "a.b"}
	for i, d := range fuzzDocs {
		f.Add(d, paths[i%len(paths)], "v\\\""+string(rune(i))+"\u2028", int64(i)-5, float64(i)*1.5e-3, uint8(i))
	}
	f.Add(fuzzDocs[0], "a", string(make([]byte, 200)), int64(-1<<63), 1e300, uint8(3))
	f.Fuzz(func(t *testing.T, doc, path, s string, n int64, x float64, kind uint8) {
		var v any
		switch kind % 9 {
		case 0:
			v = s
		case 1:
			v = int(n)
		case 2:
			v = n
		case 3:
			v = int32(n)
		case 4:
			v = uint64(n)
		case 5:
			v = x
		case 6:
			v = n&1 == 0
		case 7:
			v = nil
		default:
			v = []any{s, n} // not a scalar: the general path both ways
		}
		var raw []byte
		eerr := encoder.EncodeInto(&raw, v, 0)
		prefix := []byte("pre")
		got, ok := appendScalar(prefix, v)
		if string(prefix) != "pre" {
			t.Fatalf("appendScalar changed its prefix: %q", prefix)
		}
		if ok && (eerr != nil || string(got) != "pre"+string(raw)) {
			t.Fatalf("appendScalar(%#v) = %q; the encoder gives %q, %v", v, got, raw, eerr)
		}
		for _, opts := range []EditOptions{{}, validating} {
			set, err := SetPath([]byte(doc), path, v, opts)
			if eerr != nil {
				if err == nil {
					t.Fatalf("SetPath(%#v) = %q; the encoder fails: %v", v, set, eerr)
				}
				continue
			}
			want, werr := SetRawPath([]byte(doc), path, raw, opts)
			if (err == nil) != (werr == nil) || string(set) != string(want) {
				t.Fatalf("SetPath(%q, %q, %#v) = %q, %v; with the encoded value %q, %v", doc, path, v, set, err, want, werr)
			}
		}
	})
}

// FuzzPreorder compares Preorder with encoding/json on arbitrary text.
func FuzzPreorder(f *testing.F) {
	for _, d := range fuzzDocs {
		f.Add(d)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		checkPreorder(t, "fuzz", doc)
		// Skipping anywhere never breaks the pairing of Begin and End.
		for _, at := range []string{"[8", "{8", "ka", "i1", "null", "]", "}"} {
			r := &recorder{skipAt: at}
			if err := Preorder(doc, r, nil); err == nil {
				depth := 0
				for _, c := range r.log {
					switch c[0] {
					case '[', '{':
						depth++
					case ']', '}':
						depth--
					}
				}
				if depth != 0 {
					t.Fatalf("unbalanced calls with skip at %s: %v", at, r.log)
				}
			}
		}
	})
}

// dupFinder records whether an object repeats a key.
type dupFinder struct {
	recorder
	keys []map[string]bool
	dup  bool
}

func (d *dupFinder) OnObjectBegin(int) error {
	d.keys = append(d.keys, map[string]bool{})
	return nil
}
func (d *dupFinder) OnObjectKey(k string) error {
	m := d.keys[len(d.keys)-1]
	d.dup = d.dup || m[k]
	m[k] = true
	return nil
}
func (d *dupFinder) OnObjectEnd() error {
	d.keys = d.keys[:len(d.keys)-1]
	return nil
}

func hasDuplicateKeys(doc string) bool {
	d := &dupFinder{}
	Preorder(doc, d, &VisitorOptions{OnlyNumber: true})
	return d.dup
}

// FuzzValidFirst checks that validated searches and edits give the same
// results and errors whether they check the document with wire.Valid
// first and then search without validating (as they do on long
// documents where Valid runs in two stages) or validate in the same pass.
func FuzzValidFirst(f *testing.F) {
	paths := []string{"a", "b.1", "c.d.e.0", "#", "0.id", "1.tags.#", "k", "x.y", "b.-1"}
	for i, d := range fuzzDocs {
		f.Add(d, paths[i%len(paths)])
	}
	f.Fuzz(func(t *testing.T, doc, path string) {
		type outcome struct {
			get, many, set, del string
		}
		run := func(min int) (o outcome) {
			saved := validFirstMin
			validFirstMin = min
			defer func() { validFirstMin = saved }()
			show := func(n Node, err error) string {
				if err != nil {
					return "error: " + err.Error()
				}
				raw, err := n.Raw()
				return raw + fmt.Sprint(err)
			}
			o.get = show(NewSearcher(doc).GetPath(path))
			if steps, err := parsePath(path, nil); err == nil && simple(steps) {
				start, end, err := findValidated(doc, steps)
				o.get += fmt.Sprint(start, end, err)
			}
			ns, err := NewSearcher(doc).GetMany(path, "a", "0")
			o.many = fmt.Sprint(err)
			for _, n := range ns {
				o.many += "|" + show(n, nil)
			}
			set, err := SetRawPath([]byte(doc), path, []byte(`[7]`), validating)
			o.set = fmt.Sprint(string(set), err)
			del, err := DeletePath([]byte(doc), path, validating)
			o.del = fmt.Sprint(string(del), err)
			return o
		}
		if first, onePass := run(0), run(maxInt); first != onePass {
			t.Fatalf("%q at %q: checked first %+v, in one pass %+v", doc, path, first, onePass)
		}
	})
}

// FuzzFindIndexed compares the search over the token list with the one
// reading bytes: the same results on valid documents, and no panic on
// any text.
func FuzzFindIndexed(f *testing.F) {
	paths := []string{"a", "b.1", "c.d.e.0", "0.id", "1.tags.1", `a\.b.c\*`, "日本", "k", "\u0061"}
	for i, d := range fuzzDocs {
		f.Add(d, paths[i%len(paths)])
	}
	f.Fuzz(func(t *testing.T, doc, path string) {
		steps, err := parsePath(path, nil)
		if err != nil || !simple(steps) || uint64(len(doc)) >= 1<<32 {
			return
		}
		s1, e1, err1 := findIndexed(doc, steps)
		if syntaxv1.Validate(doc, wire.DefaultMaxDepth) != nil {
			return
		}
		s2, e2, err2 := findLooseBytes(doc, steps)
		if s1 != s2 || e1 != e2 || fmt.Sprint(err1) != fmt.Sprint(err2) {
			t.Fatalf("%q at %q: tokens %d %d %v, bytes %d %d %v", doc, path, s1, e1, err1, s2, e2, err2)
		}
	})
}

// maxInt is the largest int on this GOARCH (a threshold no document
// reaches).
const maxInt = int(^uint(0) >> 1)
