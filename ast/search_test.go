package ast

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"github.com/jetjson/jet/internal/syntaxv1"
	"github.com/jetjson/jet/internal/wire"
)

// checkFound compares a search result with walking want.
func checkFound(t *testing.T, what string, n Node, err error, want any, ok bool) {
	t.Helper()
	if !ok {
		if !errors.Is(err, ErrNotFound) {
			t.Fatalf("%s: got %v (%v), want ErrNotFound", what, n.Type(), err)
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
	if len(raw) > 1<<14 {
		return // the lazy tests compare large values by shape
	}
	sameJSON(t, what, raw, want)
}

func searchDocs(t *testing.T, r *rand.Rand, n int) []string {
	g := &gen{r: r}
	var docs []string
	for len(docs) < n {
		docs = append(docs, g.document())
	}
	return docs
}

func TestSearcherGenerated(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	docs := searchDocs(t, r, 300)
	generated := len(docs)
	for _, doc := range corpusIfAny() {
		docs = append(docs, doc)
	}
	for d, doc := range docs {
		want := decodeStd(t, doc)
		paths := 25
		if d >= generated {
			paths = 3 // each search of a corpus document reads all of it
		}
		for j := 0; j < paths; j++ {
			path := randomPath(r, want)
			v, ok := walkStd(want, path)
			for _, opts := range []SearchOptions{{ValidateJSON: true}, {}, {CopyReturn: true, ValidateJSON: true}, {CopyReturn: true}} {
				s := NewSearcherOptions(doc, opts)
				n, err := s.GetByPath(path...)
				checkFound(t, fmt.Sprintf("GetByPath(%v, %+v)", path, opts), n, err, v, ok)
				// The general walker gives the same answer.
				steps, _ := stepsOf(path, nil)
				var res result
				if err := s.walk([]cursor{{steps: steps, res: &res}}); err != nil {
					t.Fatalf("walk(%v): %v", path, err)
				}
				if res.found != ok {
					t.Fatalf("walk(%v) found %v, want %v", path, res.found, ok)
				}
				if ok {
					checkFound(t, "walk", res.node, nil, v, ok)
				}
			}
			if !(len(path) == 1 && path[0] == "") && stringPathOK(want, path, false) {
				n, err := NewSearcher(doc).GetPath(dotted(path))
				checkFound(t, fmt.Sprintf("GetPath(%q)", dotted(path)), n, err, v, ok)
			}
			if stringPathOK(want, path, true) {
				n, err := NewSearcher(doc).GetPath(pointer(path))
				checkFound(t, fmt.Sprintf("GetPath(%q)", pointer(path)), n, err, v, ok)
			}
		}
	}
}

// corpusIfAny returns the corpus subset of testCorpus, or nothing.
func corpusIfAny() map[string]string {
	all, _ := corpusOrNil()
	docs := map[string]string{}
	for _, name := range []string{"twitter", "twitterescaped", "citm_catalog", "string_unicode", "string_escaped"} {
		if d, ok := all[name]; ok {
			docs[name] = d
		}
	}
	return docs
}

func TestSearchInvalidJSON(t *testing.T) {
	for _, tc := range []struct {
		doc  string
		path []any
	}{
		{`{"a": 1, "b": [1, 2,]}`, []any{"a"}},
		{`{"a": 1, "b": [1, 2,]}`, []any{"zz"}},
		{`{"a": 1, "b": [1, 2,]}`, []any{"b", 0}},
		{`{"a": 1} x`, []any{"a"}},
		{`{"a": 1`, []any{"a"}},
		{`{"a": tru}`, []any{"a"}},
		{`[1, 2, 3`, []any{1}},
		{`{"a" 1}`, []any{"b"}},
		{``, []any{"a"}},
		{`{"a": {"b": "\x"}}`, []any{"a", "c"}},
		{"{\"a\": \"\x01\"}", []any{"a"}},
		{`[[[1]], 2] ]`, []any{0, 0, 0}},
	} {
		want := syntaxv1.Validate(tc.doc, wire.DefaultMaxDepth)
		if want == nil {
			t.Fatalf("%s is valid", tc.doc)
		}
		_, err := NewSearcher(tc.doc).GetByPath(tc.path...)
		var se *wire.SyntaxError
		if !errors.As(err, &se) || se.Offset != want.Offset || se.Msg != want.Msg {
			t.Errorf("GetByPath(%s, %v) = %v, want %v", tc.doc, tc.path, err, want)
		}
		if errors.Is(err, ErrNotFound) {
			t.Errorf("a syntax error must not be ErrNotFound")
		}
		// GetMany and patterns check the whole document too.
		if _, err := NewSearcher(tc.doc).GetMany("a", "b.#"); !errors.As(err, &se) {
			t.Errorf("GetMany(%s) = %v, want a syntax error", tc.doc, err)
		}
	}
	// Without validation, what lies after the value is not read, and
	// what lies before it only needs the right structure.
	for _, tc := range []struct {
		doc  string
		path []any
		want string
	}{
		{`{"a": 1, "b": [1, 2,]}`, []any{"a"}, "1"},
		{`{"x": tru, "a": [1]} garbage`, []any{"a", 0}, "1"},
		{`[01, 2`, []any{1}, "2"},
	} {
		n, err := NewSearcherOptions(tc.doc, SearchOptions{}).GetByPath(tc.path...)
		if err != nil {
			t.Errorf("no validation, GetByPath(%s, %v): %v", tc.doc, tc.path, err)
			continue
		}
		if raw, _ := n.Raw(); raw != tc.want {
			t.Errorf("no validation, GetByPath(%s, %v) = %s", tc.doc, tc.path, raw)
		}
	}
	// The value found is always checked.
	if _, err := NewSearcherOptions(`{"a": [1,,2]}`, SearchOptions{}).GetByPath("a"); err == nil {
		t.Error("an invalid value found should be an error")
	}
	if _, err := NewSearcherOptions(`{"a": 1`, SearchOptions{}).GetByPath("b"); err == nil {
		t.Error("truncated document")
	}
}

func TestPathParsing(t *testing.T) {
	for _, tc := range []struct {
		path string
		want []step
	}{
		{"", nil},
		{"a", []step{{key: "a", index: -1, keyOK: true}}},
		{"a.3", []step{{key: "a", index: -1, keyOK: true}, {key: "3", index: 3, keyOK: true}}},
		{"03", []step{{key: "03", index: -1, keyOK: true}}},
		{`a\.b.c`, []step{{key: "a.b", index: -1, keyOK: true}, {key: "c", index: -1, keyOK: true}}},
		{`\#.#`, []step{{key: "#", index: -1, keyOK: true}, {key: "#", index: -1, op: opCount, keyOK: true}}},
		{`a*b.\*`, []step{{key: "a*b", index: -1, op: opPattern, keyOK: true}, {key: "*", index: -1, keyOK: true}}},
		{`-1.\-1`, []step{{key: "-1", index: -1, op: opAppend, keyOK: true}, {key: "-1", index: -1, keyOK: true}}},
		{"a..b", []step{{key: "a", index: -1, keyOK: true}, {key: "", index: -1, keyOK: true}, {key: "b", index: -1, keyOK: true}}},
		{"/", []step{{key: "", index: -1, keyOK: true}}},
		{"/a~1b/~0/0/-/", []step{{key: "a/b", index: -1, keyOK: true}, {key: "~", index: -1, keyOK: true}, {key: "0", index: 0, keyOK: true}, {key: "-", index: -1, op: opAppend, keyOK: true}, {key: "", index: -1, keyOK: true}}},
		{"/*/#", []step{{key: "*", index: -1, keyOK: true}, {key: "#", index: -1, keyOK: true}}},
	} {
		p, err := ParsePath(tc.path)
		if err != nil {
			t.Errorf("ParsePath(%q): %v", tc.path, err)
			continue
		}
		if !reflect.DeepEqual(p.steps, tc.want) {
			t.Errorf("ParsePath(%q) = %+v, want %+v", tc.path, p.steps, tc.want)
		}
		if p.String() != tc.path {
			t.Errorf("String")
		}
	}
	for _, bad := range []string{`a\`, "/~2", "/a~"} {
		if _, err := ParsePath(bad); err == nil {
			t.Errorf("ParsePath(%q) should fail", bad)
		}
	}
}

func TestPatternMatch(t *testing.T) {
	for _, tc := range []struct {
		pat, key string
		want     bool
	}{
		{"*", "", true}, {"*", "abc", true}, {"a*", "abc", true}, {"a*c", "abbbc", true}, {"a*c", "abd", false},
		{"?", "", false}, {"?", "é", true}, {"??", "é", false}, {"a?c", "abc", true}, {"*?", "日本", true},
		{`a\*`, "a*", true}, {`a\*`, "ab", false}, {"*x*y*", "axbyc", true}, {"*x*y", "axbyc", false}, {"", "", true},
	} {
		if got := matchPattern(tc.pat, tc.key); got != tc.want {
			t.Errorf("matchPattern(%q, %q) = %v", tc.pat, tc.key, got)
		}
	}
}

func TestPathOperators(t *testing.T) {
	doc := `{
		"friends": [
			{"first": "Dale", "age": 44, "nets": ["ig", "fb", "tw"]},
			{"first": "Roger", "age": 68, "nets": ["fb", "tw"]},
			{"last": "Murphy", "age": 47, "nets": []}
		],
		"name": {"first": "Tom", "last": "Anderson"},
		"a.b": {"c*": 1},
		"#": "hash"
	}`
	for _, tc := range []struct{ path, want string }{
		{"friends.#", "3"},
		{"friends.#.first", `["Dale","Roger"]`},
		{"friends.#.nets.#", "[3,2,0]"},
		{"friends.#.nets.0", `["ig","fb"]`},
		{"friends.#.nope", "[]"},
		{"friends.1.nets.#", "2"},
		{"name.f*", `"Tom"`},
		{"name.?ast", `"Anderson"`},
		{"n*.last", `"Anderson"`},
		{`a\.b.c\*`, "1"},
		{`a\.b.c*`, "1"},
		{`\#`, `"hash"`},
		{"/a.b/c*", "1"},
		{"/friends/2/last", `"Murphy"`},
		{"", ""},
	} {
		n, err := NewSearcher(doc).GetPath(tc.path)
		if err != nil {
			t.Errorf("GetPath(%q): %v", tc.path, err)
			continue
		}
		raw, _ := n.Raw()
		if tc.path == "" {
			if raw != strings.TrimSpace(doc) {
				t.Errorf("empty path should give the document")
			}
			continue
		}
		if raw != tc.want {
			t.Errorf("GetPath(%q) = %s, want %s", tc.path, raw, tc.want)
		}
	}
	for _, path := range []string{"name.#", "#", "friends.-1", "friends.3", "friends.x", "name.z*", "friends.#.first.#", "/friends/-", "/name/first/x"} {
		n, err := NewSearcher(doc).GetPath(path)
		if path == "friends.#.first.#" {
			if raw, _ := n.Raw(); err != nil || raw != "[]" {
				t.Errorf("GetPath(%q) = %s, %v", path, raw, err)
			}
			continue
		}
		if !errors.Is(err, ErrNotFound) {
			t.Errorf("GetPath(%q) = %v, want ErrNotFound", path, err)
		}
	}
}

func TestGetMany(t *testing.T) {
	r := rand.New(rand.NewSource(13))
	docs := searchDocs(t, r, 200)
	for _, doc := range corpusIfAny() {
		docs = append(docs, doc)
	}
	extra := []string{"#", "*", "*.#", "#.*", "?", "k1.#.k2"}
	for _, doc := range docs {
		want := decodeStd(t, doc)
		var paths []string
		for len(paths) < 6 {
			p := randomPath(r, want)
			if len(p) == 1 && p[0] == "" || !stringPathOK(want, p, false) {
				continue
			}
			paths = append(paths, dotted(p))
		}
		paths = append(paths, extra[r.Intn(len(extra))])
		paths = append(paths, paths[0]) // the same path twice
		for _, validate := range []bool{true, false} {
			opts := SearchOptions{ValidateJSON: validate}
			got, err := NewSearcherOptions(doc, opts).GetMany(paths...)
			if err != nil {
				t.Fatalf("GetMany: %v", err)
			}
			for i, p := range paths {
				one, err := NewSearcherOptions(doc, opts).GetPath(p)
				if errors.Is(err, ErrNotFound) {
					if got[i].Exists() {
						t.Fatalf("GetMany %q found a value, GetPath did not", p)
					}
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				a, _ := got[i].Raw()
				b, _ := one.Raw()
				if a != b {
					t.Fatalf("GetMany %q = %.100s, GetPath = %.100s", p, a, b)
				}
			}
		}
	}
	if _, err := NewSearcher(`{}`).GetMany("a", `b\`); err == nil {
		t.Fatal("a bad path should be an error")
	}
}

func TestSearcherCopy(t *testing.T) {
	src := []byte(`{"a": "value", "b": [1]}`)
	s := NewSearcher(wire.StringOf(src))
	ref, _ := s.GetByPath("a")
	cp, _ := s.GetByPathCopy("a")
	copy(src, `{"a": "VALUE"`)
	if v, _ := ref.String(); v != "VALUE" {
		t.Fatalf("a referring node sees the input: %q", v)
	}
	if v, _ := cp.String(); v != "value" {
		t.Fatalf("a copied node keeps its value: %q", v)
	}
	if _, err := s.GetByPath("a", struct{}{}); err == nil || errors.Is(err, ErrNotFound) {
		t.Fatalf("bad path element: %v", err)
	}
	p, _ := ParsePath("b.0")
	if n, err := s.Find(p); err != nil || n.Type() != V_NUMBER {
		t.Fatalf("Find: %v", err)
	}
}

// TestKeysWithInvalidUTF8 looks up keys that hold invalid UTF-8 in the
// document: they decode to U+FFFD, as encoding/json decodes them.
func TestKeysWithInvalidUTF8(t *testing.T) {
	doc := "{\"a\xffb\": 1, \"\xc3\": {\"x\": 2}}"
	for _, opts := range []SearchOptions{{ValidateJSON: true}, {}} {
		for _, tc := range []struct {
			path []any
			want string
		}{{[]any{"a\uFFFDb"}, "1"}, {[]any{"\uFFFD", "x"}, "2"}} {
			n, err := NewSearcherOptions(doc, opts).GetByPath(tc.path...)
			if err != nil {
				t.Fatalf("%+v %q: %v", opts, tc.path, err)
			}
			if raw, _ := n.Raw(); raw != tc.want {
				t.Fatalf("%+v %q = %s", opts, tc.path, raw)
			}
		}
		if _, err := NewSearcherOptions(doc, opts).GetByPath("a\xffb"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("the raw bytes of an invalid key should not match: %v", err)
		}
	}
	var res result
	s := NewSearcher(doc)
	if err := s.walk([]cursor{{steps: []step{{key: "a\uFFFDb", index: -1, keyOK: true}}, res: &res}}); err != nil || !res.found {
		t.Fatalf("walker: %v %v", err, res.found)
	}
	out, err := SetPath([]byte(doc), "\uFFFD.x", 3, validating)
	if err != nil || !strings.Contains(string(out), `{"x": 3}`) {
		t.Fatalf("SetPath: %s %v", out, err)
	}
}

// TestFindIndexedLongArrays compares the token-list search with the
// byte-reading one on arrays of containers long enough for the block
// skipper, at every index, with and without whitespace.
func TestFindIndexedLongArrays(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	for round := 0; round < 40; round++ {
		var elems []any
		for k := 0; k < 2+r.Intn(30); k++ {
			long := strings.Repeat(`x"\]}{[`, r.Intn(60))
			switch r.Intn(4) {
			case 0:
				elems = append(elems, map[string]any{"id": k, "s": long, "in": []any{long, map[string]any{"a": long}}})
			case 1:
				elems = append(elems, []any{long, k, map[string]any{"id": k}})
			case 2:
				elems = append(elems, long)
			default:
				elems = append(elems, k)
			}
		}
		b, _ := json.Marshal(map[string]any{"arr": elems, "z": 1})
		docs := []string{string(b)}
		if ind, err := json.MarshalIndent(map[string]any{"arr": elems, "z": 1}, "", "  "); err == nil {
			docs = append(docs, string(ind))
		}
		for _, doc := range docs {
			for i := 0; i <= len(elems); i++ {
				for _, path := range []string{fmt.Sprintf("arr.%d", i), fmt.Sprintf("arr.%d.id", i), fmt.Sprintf("arr.%d.2.id", i), "z"} {
					steps, err := parsePath(path, nil)
					if err != nil {
						t.Fatal(err)
					}
					s1, e1, err1 := findIndexed(doc, steps)
					s2, e2, err2 := findLooseBytes(doc, steps)
					if s1 != s2 || e1 != e2 || fmt.Sprint(err1) != fmt.Sprint(err2) {
						t.Fatalf("%s in %.100q: tokens %d %d %v, bytes %d %d %v", path, doc, s1, e1, err1, s2, e2, err2)
					}
				}
			}
		}
	}
}

// TestFindIndexedWideObjects compares the token-list search with the
// byte-reading one on objects of many members, spread over many blocks
// by whitespace of varying width: lookups whose cursor lists tokens
// many times, each listing ending where its span or the cursor's room
// does, with members and containers across the ends.
func TestFindIndexedWideObjects(t *testing.T) {
	r := rand.New(rand.NewSource(9))
	for round := 0; round < 30; round++ {
		var b strings.Builder
		n := 20 + r.Intn(400)
		pad := r.Intn(40) // the widest run of whitespace
		space := func() { b.WriteString(strings.Repeat(" ", r.Intn(pad+1))) }
		b.WriteString("{")
		for k := 0; k < n; k++ {
			if k > 0 {
				b.WriteString(",")
			}
			space()
			fmt.Fprintf(&b, `"k%d"`, k)
			space()
			b.WriteString(":")
			space()
			switch r.Intn(5) {
			case 0:
				fmt.Fprintf(&b, `{"k%d": [1, {"x": "}]"}], "y": %q}`, k+1, strings.Repeat("a\\\"", r.Intn(30)))
			case 1:
				fmt.Fprintf(&b, "%q", strings.Repeat("k1\":{", r.Intn(40)))
			case 2:
				b.WriteString("[" + strings.Repeat("2, ", r.Intn(50)) + "3]")
			default:
				fmt.Fprintf(&b, "%d", r.Int63())
			}
		}
		space()
		b.WriteString("}")
		doc := b.String()
		if !json.Valid([]byte(doc)) {
			t.Fatalf("generated invalid JSON %.200q", doc)
		}
		for k := 0; k <= n; k += 1 + r.Intn(7) {
			for _, path := range []string{fmt.Sprintf("k%d", k), fmt.Sprintf("k%d.k%d", k, k+1), fmt.Sprintf("k%d.k%d.1.x", k, k+1)} {
				steps, err := parsePath(path, nil)
				if err != nil {
					t.Fatal(err)
				}
				s1, e1, err1 := findIndexed(doc, steps)
				s2, e2, err2 := findLooseBytes(doc, steps)
				if s1 != s2 || e1 != e2 || fmt.Sprint(err1) != fmt.Sprint(err2) {
					t.Fatalf("%s in %.100q: tokens %d %d %v, bytes %d %d %v", path, doc, s1, e1, err1, s2, e2, err2)
				}
			}
		}
	}
}

// TestFindIndexedTwitter compares the token-list search with the
// byte-reading one on paths into every status of twitter.json (pretty
// printed: a few tokens a block).
func TestFindIndexedTwitter(t *testing.T) {
	src := corpus(t)["twitter"]
	if src == "" {
		t.Skip("twitter.json not in the corpus")
	}
	for i := 0; i < 101; i++ {
		for _, f := range []string{"statuses.%d.user.screen_name", "statuses.%d.id", "statuses.%d.metadata.result_type", "statuses.%d.entities.urls.0.url", "statuses.%d.user.entities.description.urls", "statuses.%d.retweeted_status.user.id", "statuses.%d.nope"} {
			path := fmt.Sprintf(f, i)
			steps, err := parsePath(path, nil)
			if err != nil {
				t.Fatal(err)
			}
			s1, e1, err1 := findIndexed(src, steps)
			s2, e2, err2 := findLooseBytes(src, steps)
			if s1 != s2 || e1 != e2 || fmt.Sprint(err1) != fmt.Sprint(err2) {
				t.Fatalf("%s: tokens %d %d %v, bytes %d %d %v", path, s1, e1, err1, s2, e2, err2)
			}
		}
	}
}
