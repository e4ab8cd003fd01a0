package ast

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/jetjson/jet/internal/syntaxv1"
	"github.com/jetjson/jet/internal/wire"
)

var validating = EditOptions{ValidateJSON: true}

func TestSetPathCases(t *testing.T) {
	for _, tc := range []struct {
		doc, path string
		value     any
		want      string
	}{
		{`{"a":1}`, "a", 2, `{"a":2}`},
		{`{"a":1}`, "b", "x", `{"a":1,"b":"x"}`},
		{`{}`, "b", true, `{"b":true}`},
		{`{ }`, "b", nil, `{ "b":null}`},
		{`{"a": {"b": [1, 2]}}`, "a.b.1", 3.5, `{"a": {"b": [1, 3.5]}}`},
		{`{"a": {"b": [1, 2]}}`, "a.b.-1", 3, `{"a": {"b": [1, 2,3]}}`},
		{`{"a": {"b": [1, 2]}}`, "a.b.2", 3, `{"a": {"b": [1, 2,3]}}`},
		{`{"a": {"b": []}}`, "a.b.-1", 3, `{"a": {"b": [3]}}`},
		{`{"a": {"b": []}}`, "a.b.0", 3, `{"a": {"b": [3]}}`},
		{`{"a": {"b": [1]}}`, "/a/b/-", 3, `{"a": {"b": [1,3]}}`},
		{`{"a":1}`, "x.y.z", "deep", `{"a":1,"x":{"y":{"z":"deep"}}}`},
		{`{"a":1}`, "x.-1.z", 1, `{"a":1,"x":[{"z":1}]}`},
		{`{"a":1}`, "x.0", 1, `{"a":1,"x":[1]}`},
		{`{"a":1}`, "x.5", 1, `{"a":1,"x":{"5":1}}`},
		{`{"a":1}`, "a.b", 1, `{"a":{"b":1}}`},
		{`{"a":[1,{"c":2}]}`, "a.1.d", []int{1}, `{"a":[1,{"c":2,"d":[1]}]}`},
		{` [1] `, "", map[string]int{"k": 1}, ` {"k":1} `},
		{`{"a\u0062": 1}`, "ab", 2, `{"a\u0062": 2}`},
		{`{"a.b": 1}`, `a\.b`, 2, `{"a.b": 2}`},
		{`{"5": 1}`, "5", 2, `{"5": 2}`},
		{`{"a":1}`, "s", "<html>&\u2028", `{"a":1,"s":"<html>&\u2028"}`},
		{`{"a":1,"a":2}`, "a", 3, `{"a":3,"a":2}`},
	} {
		got, err := SetPath([]byte(tc.doc), tc.path, tc.value, validating)
		if err != nil {
			t.Errorf("SetPath(%s, %q): %v", tc.doc, tc.path, err)
			continue
		}
		if string(got) != tc.want {
			t.Errorf("SetPath(%s, %q) = %s, want %s", tc.doc, tc.path, got, tc.want)
		}
		if !json.Valid(got) {
			t.Errorf("SetPath(%s, %q) = %s: invalid", tc.doc, tc.path, got)
		}
	}
}

func TestSetPathErrors(t *testing.T) {
	for _, tc := range []struct {
		doc, path string
		value     any
		notFound  bool
	}{
		{`{"a":[1]}`, "a.5", 1, true},
		{`{"a":[]}`, "a.1", 1, true},
		{`{"a":[1]}`, "a.x", 1, true},
		{`{"a":[1]}`, "a.#", 1, false},
		{`{"a":[1]}`, "a*", 1, false},
		{`{"a":1}`, "b", math.Inf(1), false},
		{`{"a":1}`, "b", make(chan int), false},
		{`{"a":1}`, `b\`, 1, false},
	} {
		_, err := SetPath([]byte(tc.doc), tc.path, tc.value, validating)
		if err == nil || errors.Is(err, ErrNotFound) != tc.notFound {
			t.Errorf("SetPath(%s, %q) = %v (ErrNotFound %v)", tc.doc, tc.path, err, tc.notFound)
		}
	}
	for _, doc := range []string{`{"a":1,}`, `{"a":1} {}`, `{"a":[1,2}`, ``, `{"b": 1, "a": 0x}`, `{"a": 1, "b": [1 2]}`} {
		want := syntaxv1.Validate(doc, wire.DefaultMaxDepth)
		for _, path := range []string{"a", "b", "zz", "a.c"} {
			for name, f := range map[string]func() ([]byte, error){
				"SetPath":    func() ([]byte, error) { return SetPath([]byte(doc), path, 1, validating) },
				"SetRawPath": func() ([]byte, error) { return SetRawPath([]byte(doc), path, []byte("[]"), validating) },
				"DeletePath": func() ([]byte, error) { return DeletePath([]byte(doc), path, validating) },
			} {
				_, err := f()
				var se *wire.SyntaxError
				if !errors.As(err, &se) || se.Offset != want.Offset || se.Msg != want.Msg {
					t.Errorf("%s(%s, %q) = %v, want %v", name, doc, path, err, want)
				}
			}
		}
	}
	// Without validation only the way to the place is read.
	got, err := SetPath([]byte(`{"a": 1, "b": [1 2]}`), "a", 2, EditOptions{})
	if err != nil || string(got) != `{"a": 2, "b": [1 2]}` {
		t.Errorf("non-validating SetPath = %s, %v", got, err)
	}
	if _, err := SetRawPath([]byte(`{}`), "a", []byte(`{"x":}`), EditOptions{}); err == nil {
		t.Error("SetRawPath should check the raw value")
	}
	got, err = SetRawPath([]byte(`{}`), "a", []byte(" [1, 2] \n"), validating)
	if err != nil || string(got) != `{"a":[1, 2]}` {
		t.Errorf("SetRawPath = %s, %v", got, err)
	}
}

func TestDeletePathCases(t *testing.T) {
	for _, tc := range []struct{ doc, path, want string }{
		{`{"a":1,"b":2,"c":3}`, "a", `{"b":2,"c":3}`},
		{`{"a":1,"b":2,"c":3}`, "b", `{"a":1,"c":3}`},
		{`{"a":1,"b":2,"c":3}`, "c", `{"a":1,"b":2}`},
		{`{"a":1}`, "a", `{}`},
		{`{ "a" : 1 }`, "a", `{  }`},
		{"{\n  \"a\": 1,\n  \"b\": 2\n}", "a", "{\n  \"b\": 2\n}"},
		{"{\n  \"a\": 1,\n  \"b\": 2\n}", "b", "{\n  \"a\": 1\n}"},
		{`[1,2,3]`, "0", `[2,3]`},
		{`[1,2,3]`, "1", `[1,3]`},
		{`[1,2,3]`, "2", `[1,2]`},
		{`[[1,[2]]]`, "0.1.0", `[[1,[]]]`},
		{`{"a":{"b":{"c":1,"d":2}}}`, "/a/b/c", `{"a":{"b":{"d":2}}}`},
	} {
		got, err := DeletePath([]byte(tc.doc), tc.path, validating)
		if err != nil || string(got) != tc.want {
			t.Errorf("DeletePath(%s, %q) = %s, %v; want %s", tc.doc, tc.path, got, err, tc.want)
		}
	}
	for _, path := range []string{"x", "a.0", "b.5", "b.-1", ""} {
		_, err := DeletePath([]byte(`{"a":1,"b":[1]}`), path, validating)
		if err == nil || path != "" && !errors.Is(err, ErrNotFound) {
			t.Errorf("DeletePath(%q) = %v", path, err)
		}
	}
}

// TestEditsMatchMaps sets, adds and deletes at random paths of generated
// documents and compares with the same change made to the document
// decoded by encoding/json.
func TestEditsMatchMaps(t *testing.T) {
	r := rand.New(rand.NewSource(17))
	g := &gen{r: r}
	docs := []string{}
	for len(docs) < 400 {
		docs = append(docs, g.document())
	}
	for _, doc := range corpusIfAny() {
		if len(doc) < 1<<20 {
			docs = append(docs, doc)
		}
	}
	for _, doc := range docs {
		edits := 4
		if len(doc) > 1<<16 {
			edits = 2 // a corpus document: each check decodes all of it
		}
		for j := 0; j < edits; j++ {
			want := decodeStd(t, doc)
			path := randomPath(r, want)
			target, ok := walkStd(want, path)
			if !ok || len(path) == 0 || !stringPathOK(want, path, false) || len(path) == 1 && path[0] == "" {
				continue
			}
			parent, _ := walkStd(want, path[:len(path)-1])
			last := path[len(path)-1]
			ps := dotted(path)
			var got []byte
			var err error
			switch op := r.Intn(4); {
			case op == 0:
				// Delete.
				got, err = DeletePath([]byte(doc), ps, validating)
				switch p := parent.(type) {
				case map[string]any:
					delete(p, last.(string))
				case []any:
					i := last.(int)
					want = replaceAt(want, path[:len(path)-1], append(p[:i:i], p[i+1:]...))
				}
			case op == 1 && isContainer(target):
				// Add a member or an element below the target.
				switch x := target.(type) {
				case map[string]any:
					key := g.key()
					if _, exists := x[key]; exists || key == "-1" || key == "#" || strings.ContainsAny(key, "*?") {
						continue
					}
					got, err = SetPath([]byte(doc), ps+"."+dotted([]any{key}), []any{"new"}, validating)
					x[key] = []any{"new"}
				case []any:
					got, err = SetPath([]byte(doc), ps+".-1", "new", validating)
					want = replaceAt(want, path, append(x, "new"))
				}
			default:
				// Replace the value, by SetPath or SetRawPath.
				if r.Intn(2) == 0 {
					got, err = SetPath([]byte(doc), ps, map[string]any{"k": 1.5}, validating)
				} else {
					got, err = SetRawPath([]byte(doc), ps, []byte(`{"k":1.5}`), validating)
				}
				want = replaceAt(want, path, map[string]any{"k": json.Number("1.5")})
			}
			if err != nil {
				t.Fatalf("edit %q of %.200s: %v", ps, doc, err)
			}
			sameJSON(t, "edit "+ps, string(got), want)
			// Without validation: the same result on valid input.
			got2, err := DeletePath([]byte(doc), ps, EditOptions{})
			got3, err3 := DeletePath([]byte(doc), ps, validating)
			if (err == nil) != (err3 == nil) || string(got2) != string(got3) {
				t.Fatalf("DeletePath with and without validation differ on %q", ps)
			}
		}
	}
}

func isContainer(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
		return true
	}
	return false
}

// replaceAt stores v at path in root (decoded by encoding/json) and
// returns the new root.
func replaceAt(root any, path []any, v any) any {
	if len(path) == 0 {
		return v
	}
	parent, _ := walkStd(root, path[:len(path)-1])
	switch p := parent.(type) {
	case map[string]any:
		p[path[len(path)-1].(string)] = v
	case []any:
		p[path[len(path)-1].(int)] = v
	}
	return root
}

func TestAppendValue(t *testing.T) {
	n := NewRaw(`{"x": [1]}`)
	for _, tc := range []struct {
		v    any
		want string
	}{
		{nil, "null"}, {"s\"<", `"s\"<"`}, {true, "true"}, {-3, "-3"}, {int64(4), "4"}, {int32(5), "5"},
		{uint64(6), "6"}, {0.5, "0.5"}, {1e21, "1e+21"}, {n, `{"x": [1]}`}, {&n, `{"x": [1]}`}, {(*Node)(nil), "null"},
		{json.RawMessage(" [1] "), "[1]"}, {[]string{"a"}, `["a"]`}, {struct{ A int }{1}, `{"A":1}`},
	} {
		got, err := AppendValue(nil, tc.v)
		if err != nil || string(got) != tc.want {
			t.Errorf("AppendValue(%v) = %s, %v; want %s", tc.v, got, err, tc.want)
		}
	}
	if _, err := AppendValue(nil, json.RawMessage("[1,")); err == nil {
		t.Error("bad RawMessage")
	}
	if _, err := AppendValue(nil, math.NaN()); err == nil {
		t.Error("NaN")
	}
}
