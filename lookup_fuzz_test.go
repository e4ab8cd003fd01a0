package jet

import (
	"encoding/json"
	"errors"
	"github.com/jetjson/jet/internal/oracle"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jetjson/jet/ast"
)

var lkFuzzDocs = []string{
	`{"a":1,"b":[true,false,null,"s"],"c":{"d":{"e":[1.5,-2e3]}}}`,
	`[{"id":1,"name":"x"},{"id":2,"tags":["a","b"]},[],{}]`,
	`{"\u0061":"esc","a.b":{"c*":1},"#":[0],"":{"":""}}`,
	" { \"k\" : [ 1 , 2 ,\n 3 ] } ",
	`"s"`, `7`, `[`, `{"a":}`, `[1,2,]`, `{"a":1} x`,
}

// lkValidErr reports whether err is the syntax error encoding/json finds
// at the same offset.
func lkSameSyntaxError(t *testing.T, what string, err error, doc string) {
	t.Helper()
	var v any
	stdErr := json.Unmarshal([]byte(doc), &v)
	var want *json.SyntaxError
	if !errors.As(stdErr, &want) {
		return // valid syntax (maybe a number out of range): checked elsewhere
	}
	var se *SyntaxError
	if !errors.As(err, &se) || se.Offset != want.Offset {
		t.Fatalf("%s on invalid JSON: %v, want the error at offset %d (%v)", what, err, want.Offset, stdErr)
	}
}

// FuzzLookupGet compares Get with walking encoding/json's decoding, on
// random paths through the fuzzed document.
func FuzzLookupGet(f *testing.F) {
	oracle.Require(f)
	for i, d := range lkFuzzDocs {
		f.Add(d, int64(i))
	}
	f.Fuzz(func(t *testing.T, doc string, seed int64) {
		if !json.Valid([]byte(doc)) {
			_, err := Get([]byte(doc), "a")
			lkSameSyntaxError(t, "Get", err, doc)
			GetWithOptions([]byte(doc), SearchOptions{}, "a", 0) // no panic
			return
		}
		want := lkDecodeAny(doc)
		if want == nil && strings.TrimSpace(doc) != "null" {
			return // numbers out of range, or repeated keys
		}
		r := rand.New(rand.NewSource(seed))
		for k := 0; k < 6; k++ {
			path := lkPath(r, want)
			v, found := lkWalk(want, path)
			n, err := Get([]byte(doc), path...)
			lkCheck(t, "Get", n, err, v, found)
			n, err = GetWithOptions([]byte(doc), SearchOptions{}, path...)
			lkCheck(t, "GetWithOptions", n, err, v, found)
		}
	})
}

// lkDecodeAny decodes doc with UseNumber, or returns nil when lookups
// and encoding/json may rightly disagree on it (repeated keys).
func lkDecodeAny(doc string) any {
	d := json.NewDecoder(strings.NewReader(doc))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil || lkRepeatsKeys(doc) {
		return nil
	}
	return v
}

type lkDupVisitor struct {
	keys []map[string]bool
	dup  bool
}

func (d *lkDupVisitor) OnNull() error                    { return nil }
func (d *lkDupVisitor) OnBool(bool) error                { return nil }
func (d *lkDupVisitor) OnString(string) error            { return nil }
func (d *lkDupVisitor) OnInt64(int64, json.Number) error { return nil }
func (d *lkDupVisitor) OnFloat64(float64, Number) error  { return nil }
func (d *lkDupVisitor) OnArrayBegin(int) error           { return nil }
func (d *lkDupVisitor) OnArrayEnd() error                { return nil }
func (d *lkDupVisitor) OnObjectBegin(int) error {
	d.keys = append(d.keys, map[string]bool{})
	return nil
}
func (d *lkDupVisitor) OnObjectEnd() error { d.keys = d.keys[:len(d.keys)-1]; return nil }
func (d *lkDupVisitor) OnObjectKey(k string) error {
	m := d.keys[len(d.keys)-1]
	d.dup = d.dup || m[k]
	m[k] = true
	return nil
}

func lkRepeatsKeys(doc string) bool {
	d := &lkDupVisitor{}
	ast.Preorder(doc, d, &ast.VisitorOptions{OnlyNumber: true})
	return d.dup
}

// FuzzLookupGetPath runs GetPath with fuzzed paths: no panics, syntax
// errors as encoding/json reports them, results that are valid JSON and,
// for plain paths, what Get finds.
func FuzzLookupGetPath(f *testing.F) {
	paths := []string{"a", "b.1", "c.d.e.0", "#", "*.#", "0.id", "1.tags.#", "#.id", `a\.b.c\*`, "/c/d/e/1", "b.#"}
	for i, d := range lkFuzzDocs {
		f.Add(d, paths[i%len(paths)])
	}
	f.Fuzz(func(t *testing.T, doc, path string) {
		n, err := GetPath([]byte(doc), path)
		if _, perr := ast.ParsePath(path); perr != nil {
			if err == nil {
				t.Fatal("a bad path must be an error")
			}
			return
		}
		if !json.Valid([]byte(doc)) {
			lkSameSyntaxError(t, "GetPath", err, doc)
			return
		}
		if err != nil {
			if !errors.Is(err, ast.ErrNotFound) {
				t.Fatalf("GetPath(%q): %v", path, err)
			}
			return
		}
		raw, rerr := n.Raw()
		if rerr != nil || !json.Valid([]byte(raw)) {
			t.Fatalf("GetPath(%q) = %q, %v", path, raw, rerr)
		}
	})
}

// FuzzLookupSetPath sets a fuzzed path of a fuzzed document: the result
// is valid JSON holding the value at the path.
func FuzzLookupSetPath(f *testing.F) {
	oracle.Require(f)
	paths := []string{"a", "b.1", "c.d.e.-1", "x.y", "0.id", "1.tags.0", "/c/d", "new.0.k", "", "a.b"}
	for i, d := range lkFuzzDocs {
		f.Add(d, paths[i%len(paths)], "v"+strings.Repeat("x", i))
	}
	f.Fuzz(func(t *testing.T, doc, path, value string) {
		out, err := SetPath([]byte(doc), path, value)
		p, perr := ast.ParsePath(path)
		if perr != nil {
			return
		}
		if !json.Valid([]byte(doc)) {
			if err != nil && !errors.Is(err, ast.ErrNotFound) && !strings.Contains(err.Error(), "wildcards") {
				lkSameSyntaxError(t, "SetPath", err, doc)
			}
			return
		}
		if err != nil {
			return // a path that cannot be set (index out of range, '#', ...)
		}
		if !json.Valid(out) {
			t.Fatalf("SetPath(%q, %q) = %q: invalid JSON", doc, path, out)
		}
		if strings.Contains(path, "-1") || strings.Contains(path, "/-") || !utf8.ValidString(path) || !utf8.ValidString(value) {
			return
		}
		_ = p
		got, err := GetPath(out, path)
		if err != nil {
			t.Fatalf("reading %q back from %q: %v", path, out, err)
		}
		if s, err := got.String(); err != nil || s != value {
			t.Fatalf("read back %q, %v; want %q", s, err, value)
		}
	})
}

// FuzzLookupDeletePath deletes a fuzzed path of a fuzzed document: the
// result is valid JSON, one member shorter.
func FuzzLookupDeletePath(f *testing.F) {
	oracle.Require(f)
	paths := []string{"a", "b.1", "c.d.e.0", "c", "0", "1.tags.1", "/c/d", "", "k.2"}
	for i, d := range lkFuzzDocs {
		f.Add(d, paths[i%len(paths)])
	}
	f.Fuzz(func(t *testing.T, doc, path string) {
		out, err := DeletePath([]byte(doc), path)
		if _, perr := ast.ParsePath(path); perr != nil {
			return
		}
		if !json.Valid([]byte(doc)) {
			if err != nil && !strings.Contains(err.Error(), "wildcards") {
				lkSameSyntaxError(t, "DeletePath", err, doc)
			}
			return
		}
		if err != nil {
			return
		}
		if !json.Valid(out) {
			t.Fatalf("DeletePath(%q, %q) = %q: invalid JSON", doc, path, out)
		}
		if len(out) >= len(doc) {
			t.Fatalf("DeletePath(%q, %q) = %q: nothing removed", doc, path, out)
		}
	})
}
