package ast

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// corpus returns the documents of ../shared/corpus by name, or skips.
func corpus(t testing.TB) map[string]string {
	t.Helper()
	files, _ := filepath.Glob("../../shared/corpus/*.json")
	if len(files) == 0 {
		t.Skip("../shared/corpus not found; skipping the corpus documents")
	}
	docs := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs[strings.TrimSuffix(filepath.Base(f), ".json")] = string(b)
	}
	return docs
}

// testCorpus returns the corpus documents the slower differential tests
// use: a varied subset, to keep the package's tests quick.
func testCorpus(t testing.TB) map[string]string {
	all := corpus(t)
	docs := map[string]string{}
	for _, name := range []string{"twitter", "twitterescaped", "citm_catalog", "string_unicode", "string_escaped"} {
		if d, ok := all[name]; ok {
			docs[name] = d
		}
	}
	return docs
}

// decodeStd decodes s with encoding/json, numbers as json.Number.
func decodeStd(t testing.TB, s string) any {
	t.Helper()
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatalf("encoding/json: %v", err)
	}
	return v
}

func mustStd(s string) (any, error) {
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	var v any
	err := d.Decode(&v)
	return v, err
}

// walkStd follows path (strings and ints) through a value decoded by
// encoding/json.
func walkStd(v any, path []any) (any, bool) {
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

// sameJSON compares the value of the JSON text got with want (decoded by
// encoding/json with UseNumber).
func sameJSON(t testing.TB, what, got string, want any) {
	t.Helper()
	g, err := mustStd(got)
	if err != nil {
		t.Fatalf("%s: result %.200q is not valid JSON: %v", what, got, err)
	}
	if !reflect.DeepEqual(g, want) {
		w, _ := json.Marshal(want)
		t.Fatalf("%s: got %.300s, want %.300s", what, got, w)
	}
}

// gen writes random JSON documents. Keys within an object are distinct
// (encoding/json keeps the last of repeated keys, lookups the first).
type gen struct {
	r     *rand.Rand
	depth int
}

var genKeys = []string{"a", "b", "id", "name", "user", "3", "0", "-1", "", "a.b", "x*y", "q?", "#", `back\slash`, "tab\there", "é", "日本", "quote\"d", "/slash", "~tilde", "\u2028", "k\u00e9y"}

func (g *gen) key() string {
	if g.r.Intn(4) == 0 {
		return genKeys[g.r.Intn(len(genKeys))]
	}
	return fmt.Sprintf("k%d", g.r.Intn(30))
}

// keyText writes a key, sometimes with escapes that decode to the same
// string.
func (g *gen) str(b *bytes.Buffer, s string) {
	if g.r.Intn(5) == 0 {
		// Escape every character as \u, the way twitterescaped is written.
		b.WriteByte('"')
		for _, r := range s {
			if r >= 0x10000 {
				r1, r2 := (r-0x10000)>>10+0xd800, (r-0x10000)&0x3ff+0xdc00
				fmt.Fprintf(b, `\u%04x\u%04x`, r1, r2)
			} else {
				fmt.Fprintf(b, `\u%04x`, r)
			}
		}
		b.WriteByte('"')
		return
	}
	q, _ := json.Marshal(s)
	b.Write(q)
}

func (g *gen) value(b *bytes.Buffer) {
	ws := func() {
		if g.r.Intn(4) == 0 {
			b.WriteString([]string{" ", "\n  ", "\t", "\r\n"}[g.r.Intn(4)])
		}
	}
	// Containers get rarer with depth, so documents stay small.
	k := g.r.Intn(10 + 3*g.depth)
	if k >= 10 || g.depth > 6 {
		k = 4 + g.r.Intn(6)
	}
	switch k {
	case 0, 1, 2:
		g.depth++
		b.WriteByte('{')
		ws()
		n := g.r.Intn(6)
		seen := map[string]bool{}
		first := true
		for i := 0; i < n; i++ {
			key := g.key()
			if seen[key] {
				continue
			}
			seen[key] = true
			if !first {
				b.WriteByte(',')
			}
			first = false
			ws()
			g.str(b, key)
			ws()
			b.WriteByte(':')
			ws()
			g.value(b)
			ws()
		}
		b.WriteByte('}')
		g.depth--
	case 3:
		g.depth++
		b.WriteByte('[')
		ws()
		n := g.r.Intn(7)
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			ws()
			g.value(b)
			ws()
		}
		b.WriteByte(']')
		g.depth--
	case 4, 5:
		g.str(b, []string{"", "plain", "with \"quotes\"", "ünïcödé", "😀 emoji", "line\nbreak", "a/b", "<html>&"}[g.r.Intn(8)])
	case 6, 7:
		b.WriteString([]string{"0", "-1", "42", "3.25", "-0.5e3", "1E+2", "12345678901234567890", "9007199254740993", "1e-7"}[g.r.Intn(9)])
	case 8:
		b.WriteString([]string{"true", "false"}[g.r.Intn(2)])
	default:
		b.WriteString("null")
	}
}

// document returns a random document whose root is an object or array.
func (g *gen) document() string {
	var b bytes.Buffer
	for {
		b.Reset()
		g.depth = 0
		g.value(&b)
		if c := b.Bytes()[0]; c == '{' || c == '[' {
			return b.String()
		}
	}
}

// randomPath picks a path through v: mostly to existing values, sometimes
// one step past them (a missing key, an index out of range).
func randomPath(r *rand.Rand, v any) []any {
	var path []any
	for {
		if r.Intn(4) == 0 {
			return path
		}
		switch x := v.(type) {
		case map[string]any:
			if len(x) == 0 || r.Intn(10) == 0 {
				return append(path, "missing")
			}
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			k := keys[r.Intn(len(keys))]
			path = append(path, k)
			v = x[k]
		case []any:
			if len(x) == 0 || r.Intn(10) == 0 {
				return append(path, len(x)+r.Intn(2))
			}
			i := r.Intn(len(x))
			path = append(path, i)
			v = x[i]
		default:
			if r.Intn(3) == 0 {
				return append(path, "deeper")
			}
			return path
		}
	}
}

// dotted writes path as a dotted path string.
func dotted(path []any) string {
	var b strings.Builder
	for i, p := range path {
		if i > 0 {
			b.WriteByte('.')
		}
		switch k := p.(type) {
		case int:
			b.WriteString(strconv.Itoa(k))
		case string:
			for j := 0; j < len(k); j++ {
				if c := k[j]; c == '.' || c == '\\' || c == '*' || c == '?' || c == '/' && i == 0 && j == 0 {
					b.WriteByte('\\')
				}
				b.WriteByte(k[j])
			}
			if k == "#" || k == "-1" {
				// A whole component "#" or "-1" is an operator; escape it.
				s := b.String()
				b.Reset()
				b.WriteString(s[:len(s)-len(k)])
				b.WriteByte('\\')
				b.WriteString(k)
			}
		}
	}
	return b.String()
}

// pointer writes path as a JSON Pointer.
func pointer(path []any) string {
	var b strings.Builder
	for _, p := range path {
		b.WriteByte('/')
		switch k := p.(type) {
		case int:
			b.WriteString(strconv.Itoa(k))
		case string:
			b.WriteString(strings.NewReplacer("~", "~0", "/", "~1").Replace(k))
		}
	}
	return b.String()
}

// pathSafeForStrings reports whether a path's keys mean the same thing in
// path strings: a key of digits also indexes arrays there, which differs
// from the []any form only when the value is an array, and "-" is an
// operator in pointers.
func stringPathOK(v any, path []any, isPointer bool) bool {
	for _, p := range path {
		if k, ok := p.(string); ok {
			if _, isArr := v.([]any); isArr && parseIndex(k) >= 0 {
				return false
			}
			if isPointer && k == "-" {
				return false
			}
		}
		var ok bool
		if v, ok = walkStd(v, []any{p}); !ok {
			return true
		}
	}
	return true
}
