package jet

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/jetjson/jet/ast"
)

// lkCorpus returns the corpus documents, or skips the test.
func lkCorpus(t testing.TB) map[string][]byte {
	t.Helper()
	files, _ := filepath.Glob("../shared/corpus/*.json")
	if len(files) == 0 {
		t.Skip("../shared/corpus not found; skipping lookups in the corpus documents")
	}
	docs := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs[strings.TrimSuffix(filepath.Base(f), ".json")] = b
	}
	return docs
}

func lkDecode(t testing.TB, b []byte) any {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatalf("encoding/json: %v", err)
	}
	return v
}

// lkWalk follows path (strings and ints) through a value decoded by
// encoding/json.
func lkWalk(v any, path []any) (any, bool) {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, ok := v.(map[string]any)
			if !ok {
				return nil, false
			}
			if v, ok = m[k]; !ok {
				return nil, false
			}
		case int:
			a, ok := v.([]any)
			if !ok || k < 0 || k >= len(a) {
				return nil, false
			}
			v = a[k]
		}
	}
	return v, true
}

// lkPath picks a random path through v, to a value or one step past.
func lkPath(r *rand.Rand, v any) []any {
	var path []any
	for r.Intn(5) != 0 {
		switch x := v.(type) {
		case map[string]any:
			if len(x) == 0 || r.Intn(12) == 0 {
				return append(path, "no such key")
			}
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			k := keys[r.Intn(len(keys))]
			path, v = append(path, k), x[k]
		case []any:
			if len(x) == 0 || r.Intn(12) == 0 {
				return append(path, len(x))
			}
			i := r.Intn(len(x))
			path, v = append(path, i), x[i]
		default:
			return path
		}
	}
	return path
}

// lkDotted writes path in the dotted syntax, and reports false when a key
// would read differently there (digits on an array, a lone empty key).
func lkDotted(root any, path []any) (string, bool) {
	var b strings.Builder
	v := root
	for i, p := range path {
		if i > 0 {
			b.WriteByte('.')
		}
		switch k := p.(type) {
		case int:
			b.WriteString(strconv.Itoa(k))
		case string:
			if _, isArr := v.([]any); isArr {
				return "", false
			}
			if len(path) == 1 && k == "" {
				return "", false // the empty path is the whole document
			}
			if k == "#" || k == "-1" {
				b.WriteByte('\\')
			}
			for j := 0; j < len(k); j++ {
				if c := k[j]; c == '.' || c == '\\' || c == '*' || c == '?' || c == '/' && i == 0 && j == 0 {
					b.WriteByte('\\')
				}
				b.WriteByte(k[j])
			}
		}
		v, _ = lkWalk(v, []any{p})
	}
	return b.String(), true
}

func lkPointer(path []any) string {
	var b strings.Builder
	for _, p := range path {
		b.WriteByte('/')
		b.WriteString(strings.NewReplacer("~", "~0", "/", "~1").Replace(fmt.Sprint(p)))
	}
	return b.String()
}

// lkCheck compares a lookup result with the value walked to.
func lkCheck(t testing.TB, what string, n ast.Node, err error, want any, found bool) {
	t.Helper()
	if !found {
		if !errors.Is(err, ast.ErrNotFound) {
			t.Fatalf("%s: %v, want ErrNotFound", what, err)
		}
		var se *SyntaxError
		if errors.As(err, &se) {
			t.Fatalf("%s: not found must not be a SyntaxError", what)
		}
		return
	}
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	raw, err := n.Raw()
	if err != nil {
		t.Fatalf("%s: Raw: %v", what, err)
	}
	if len(raw) > 1<<15 {
		return
	}
	d := json.NewDecoder(strings.NewReader(raw))
	d.UseNumber()
	var got any
	if err := d.Decode(&got); err != nil || !reflect.DeepEqual(got, want) {
		w, _ := json.Marshal(want)
		t.Fatalf("%s = %.200s (%v), want %.200s", what, raw, err, w)
	}
}

// lkGenDoc writes a random document with distinct keys per object.
func lkGenDoc(r *rand.Rand, depth int) string {
	keys := []string{"a", "b", "id", "user", "0", "7", "", "x.y", "s*", "#", "-1", "é", "k\"q", "/p", "~t"}
	var b strings.Builder
	var val func(d int)
	val = func(d int) {
		switch k := r.Intn(8 + 2*d); {
		case k < 3:
			b.WriteByte('{')
			seen := map[string]bool{}
			for i, n := 0, r.Intn(5); i < n; i++ {
				key := keys[r.Intn(len(keys))]
				if seen[key] {
					continue
				}
				if len(seen) > 0 {
					b.WriteString(", ")
				}
				seen[key] = true
				q, _ := json.Marshal(key)
				b.Write(q)
				b.WriteString(": ")
				val(d + 1)
			}
			b.WriteByte('}')
		case k < 5:
			b.WriteByte('[')
			for i, n := 0, r.Intn(5); i < n; i++ {
				if i > 0 {
					b.WriteByte(',')
				}
				val(d + 1)
			}
			b.WriteByte(']')
		default:
			b.WriteString([]string{`"str"`, `12`, `-0.5e2`, `true`, `null`, `"\u00e9\n"`, `18446744073709551616`}[r.Intn(7)])
		}
	}
	for {
		b.Reset()
		val(depth)
		if s := b.String(); s[0] == '{' || s[0] == '[' {
			return s
		}
	}
}

func TestLookupMatchesStd(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	type doc struct {
		name string
		src  []byte
	}
	var docs []doc
	for i := 0; i < 300; i++ {
		docs = append(docs, doc{"generated", []byte(lkGenDoc(r, 0))})
	}
	corpusDocs := 0
	if files, _ := filepath.Glob("../shared/corpus/*.json"); len(files) > 0 {
		for name, src := range lkCorpus(t) {
			docs = append(docs, doc{name, src})
			corpusDocs++
		}
	} else {
		t.Log("../shared/corpus not found; generated documents only")
	}
	for d, dc := range docs {
		want := lkDecode(t, dc.src)
		paths := 10
		if d >= len(docs)-corpusDocs {
			paths = 4
		}
		for k := 0; k < paths; k++ {
			path := lkPath(r, want)
			v, found := lkWalk(want, path)
			n, err := Get(dc.src, path...)
			lkCheck(t, fmt.Sprintf("%s: Get%v", dc.name, path), n, err, v, found)
			n, err = GetWithOptions(dc.src, SearchOptions{}, path...)
			lkCheck(t, fmt.Sprintf("%s: GetWithOptions%v", dc.name, path), n, err, v, found)
			if k%2 == 0 {
				n, err = GetFromString(string(dc.src), path...)
				lkCheck(t, "GetFromString", n, err, v, found)
				n, err = GetCopyFromString(string(dc.src), path...)
				lkCheck(t, "GetCopyFromString", n, err, v, found)
			}
			if p, ok := lkDotted(want, path); ok {
				n, err = GetPath(dc.src, p)
				lkCheck(t, fmt.Sprintf("%s: GetPath(%q)", dc.name, p), n, err, v, found)
			}
			if p := lkPointer(path); !strings.Contains(p, "/-") || found {
				n, err = GetPath(dc.src, p)
				lkCheck(t, fmt.Sprintf("%s: GetPath(%q)", dc.name, p), n, err, v, found)
			}
		}
	}
}

func TestLookupGetMany(t *testing.T) {
	docs := lkCorpus(t)
	src := docs["twitter"]
	paths := []string{"statuses.0.id", "statuses.50.user.screen_name", "statuses.99.text", "search_metadata.count", "statuses.10.entities.hashtags.#", "nope", "statuses.#.id"}
	many, err := GetMany(src, paths...)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range paths {
		one, err := GetPath(src, p)
		if p == "nope" {
			if !errors.Is(err, ast.ErrNotFound) || many[i].Exists() {
				t.Fatalf("missing path: %v, %v", err, many[i].Type())
			}
			continue
		}
		a, _ := many[i].Raw()
		b, _ := one.Raw()
		if err != nil || a != b {
			t.Fatalf("GetMany %q = %.80s, GetPath = %.80s (%v)", p, a, b, err)
		}
	}
	if n, _ := many[6].Len(); n != 100 {
		t.Fatalf("statuses.#.id has %d ids", n)
	}
}

func TestLookupErrors(t *testing.T) {
	bad := []byte(`{"a": 1, "b": [1, 2,]}`)
	_, err := Get(bad, "a")
	var se *SyntaxError
	if !errors.As(err, &se) || se.Offset != 21 || errors.Is(err, ast.ErrNotFound) {
		t.Fatalf("Get on invalid JSON: %v", err)
	}
	if se.Offset != int64(strings.Index(string(bad), "]")+1) {
		t.Fatalf("offset %d", se.Offset)
	}
	if n, err := GetWithOptions(bad, SearchOptions{}, "a"); err != nil || n.Type() != ast.V_NUMBER {
		t.Fatalf("without validation the value before the error is found: %v", err)
	}
	for _, f := range []func() error{
		func() error { _, err := GetPath(bad, "a"); return err },
		func() error { _, err := GetMany(bad, "a", "b"); return err },
		func() error { _, err := SetPath(bad, "a", 2); return err },
		func() error { _, err := SetRawPath(bad, "a", []byte("2")); return err },
		func() error { _, err := DeletePath(bad, "a"); return err },
	} {
		if err := f(); !errors.As(err, &se) || se.Offset != 21 {
			t.Fatalf("want the syntax error at 21, got %v", err)
		}
	}
	good := []byte(`{"a": 1, "b": [1, 2]}`)
	for _, f := range []func() error{
		func() error { _, err := Get(good, "c"); return err },
		func() error { _, err := Get(good, "b", 2); return err },
		func() error { _, err := Get(good, "a", "x"); return err },
		func() error { _, err := GetPath(good, "b.x"); return err },
		func() error { _, err := DeletePath(good, "c"); return err },
	} {
		if err := f(); !errors.Is(err, ast.ErrNotFound) {
			t.Fatalf("want ErrNotFound, got %v", err)
		}
	}
	if _, err := Get(good, 1.5); err == nil || errors.Is(err, ast.ErrNotFound) {
		t.Fatalf("a float path element: %v", err)
	}
}

func TestLookupCopies(t *testing.T) {
	src := []byte(`{"a": "value"}`)
	n, _ := Get(src, "a")
	ref, _ := GetWithOptions(src, SearchOptions{ValidateJSON: true}, "a")
	copy(src, `{"a": "VALUE"}`)
	if s, _ := n.String(); s != "value" {
		t.Fatalf("Get must copy out of src: %q", s)
	}
	if s, _ := ref.String(); s != "VALUE" {
		t.Fatalf("GetWithOptions without CopyReturn refers to src: %q", s)
	}
}

func TestLookupEdits(t *testing.T) {
	src := []byte(`{"user": {"name": "ann", "tags": ["a"]}, "n": 1}`)
	out, err := SetPath(src, "user.name", "bob")
	if err != nil || string(out) != `{"user": {"name": "bob", "tags": ["a"]}, "n": 1}` {
		t.Fatalf("SetPath: %s %v", out, err)
	}
	out, err = SetPath(out, "user.tags.-1", map[string]any{"k": true})
	if err != nil || string(out) != `{"user": {"name": "bob", "tags": ["a",{"k":true}]}, "n": 1}` {
		t.Fatalf("SetPath append: %s %v", out, err)
	}
	out, err = SetRawPath(out, "/user/age", []byte(` 42 `))
	if err != nil || string(out) != `{"user": {"name": "bob", "tags": ["a",{"k":true}],"age":42}, "n": 1}` {
		t.Fatalf("SetRawPath: %s %v", out, err)
	}
	out, err = DeletePath(out, "user.tags")
	if err != nil || string(out) != `{"user": {"name": "bob","age":42}, "n": 1}` {
		t.Fatalf("DeletePath: %s %v", out, err)
	}
	if string(src) != `{"user": {"name": "ann", "tags": ["a"]}, "n": 1}` {
		t.Fatal("edits must not change their input")
	}
	if _, err := SetRawPath(src, "n", []byte(`{`)); err == nil {
		t.Fatal("SetRawPath with invalid JSON")
	}
}

func TestLookupEditsCorpus(t *testing.T) {
	src := lkCorpus(t)["twitter"]
	want := lkDecode(t, src)
	out, err := SetPath(src, "statuses.3.user.screen_name", "jet")
	if err != nil {
		t.Fatal(err)
	}
	want.(map[string]any)["statuses"].([]any)[3].(map[string]any)["user"].(map[string]any)["screen_name"] = "jet"
	if got := lkDecode(t, out); !reflect.DeepEqual(got, want) {
		t.Fatal("SetPath changed more than the value")
	}
	out, err = DeletePath(out, "statuses.99")
	if err != nil {
		t.Fatal(err)
	}
	st := want.(map[string]any)["statuses"].([]any)
	want.(map[string]any)["statuses"] = st[:99]
	if got := lkDecode(t, out); !reflect.DeepEqual(got, want) {
		t.Fatal("DeletePath changed more than the element")
	}
}
