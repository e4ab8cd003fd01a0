package ast

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// anyPath converts a dotted path to Get path elements: components of
// digits (or a leading '-') become ints, "~" a float (an invalid element),
// others strings.
func anyPath(p string) []any {
	if p == "" {
		return nil
	}
	var out []any
	for _, c := range strings.Split(p, ".") {
		if n, err := strconv.Atoi(c); err == nil {
			out = append(out, n)
		} else if c == "~" {
			out = append(out, 1.5)
		} else {
			out = append(out, c)
		}
	}
	return out
}

// checkIndexedPath compares findIndexedPath with stepsOf and findIndexed.
func checkIndexedPath(t *testing.T, doc string, path []any) {
	t.Helper()
	s1, e1, err1 := findIndexedPath(doc, path)
	var s2, e2 int
	steps, err2 := stepsOf(path, nil)
	if err2 == nil {
		s2, e2, err2 = findIndexed(doc, steps)
	}
	if s1 != s2 || e1 != e2 || fmt.Sprint(err1) != fmt.Sprint(err2) {
		t.Fatalf("%q at %#v: path %d %d %v, steps %d %d %v", doc, path, s1, e1, err1, s2, e2, err2)
	}
}

// TestFindIndexedPath runs the Get path search against the one over
// steps on the fuzz documents, padded past LooseIndexMin.
func TestFindIndexedPath(t *testing.T) {
	paths := []string{"", "a", "b.1", "c.d.e.0", "0.id", "1.tags.1", "a.~", "~.a", "0.-1", "k", "日本", "a.b.c.d.e"}
	for _, d := range fuzzDocs {
		for _, doc := range []string{d, d + strings.Repeat(" ", 300)} {
			for _, p := range paths {
				checkIndexedPath(t, doc, anyPath(p))
			}
		}
	}
}

// FuzzFindIndexedPath compares the Get path search with the one over
// steps on any text.
func FuzzFindIndexedPath(f *testing.F) {
	paths := []string{"a", "b.1", "c.d.e.0", "0.id", "1.tags.1", "a.~", "k", "日本"}
	for i, d := range fuzzDocs {
		f.Add(d, paths[i%len(paths)])
	}
	f.Fuzz(func(t *testing.T, doc, path string) {
		if uint64(len(doc)) >= 1<<32 {
			return
		}
		checkIndexedPath(t, doc, anyPath(path))
	})
}
