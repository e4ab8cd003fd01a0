package ast

import (
	"errors"
	"fmt"
	"math/rand"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
)

// checkLookup compares n.GetByPath(path) with walking want (decoded by
// encoding/json).
func checkLookup(t *testing.T, n *Node, want any, path []any) {
	t.Helper()
	v, ok := walkStd(want, path)
	got := n.GetByPath(path...)
	if !ok {
		if got != nil && got.Exists() {
			raw, _ := got.Raw()
			t.Fatalf("GetByPath(%v) = %.100s, want nothing", path, raw)
		}
		if got != nil {
			if err := got.Check(); !errors.Is(err, ErrNotFound) {
				t.Fatalf("GetByPath(%v): error %v, want ErrNotFound", path, err)
			}
		}
		return
	}
	if got == nil {
		t.Fatalf("GetByPath(%v) = nil, want a value", path)
	}
	raw, err := got.Raw()
	if err != nil {
		t.Fatalf("GetByPath(%v).Raw(): %v", path, err)
	}
	if len(raw) > 1<<14 {
		// Large values: compare the shape, not every byte (the small
		// values inside are compared on their own paths).
		l, _ := got.Len()
		switch x := v.(type) {
		case []any:
			if got.Type() != V_ARRAY || l != len(x) {
				t.Fatalf("GetByPath(%v): type %d len %d, want array of %d", path, got.Type(), l, len(x))
			}
		case map[string]any:
			if got.Type() != V_OBJECT || l < len(x) {
				t.Fatalf("GetByPath(%v): type %d len %d, want object of %d", path, got.Type(), l, len(x))
			}
		}
		return
	}
	sameJSON(t, fmt.Sprint(path), raw, v)
}

func TestLazyLookupsGenerated(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	g := &gen{r: r}
	docs := 400
	if testing.Short() {
		docs = 100
	}
	for k := 0; k < docs; k++ {
		doc := g.document()
		want := decodeStd(t, doc)
		n := NewRaw(doc)
		for j := 0; j < 20; j++ {
			path := randomPath(r, want)
			checkLookup(t, &n, want, path)
			fresh := NewRaw(doc)
			checkLookup(t, &fresh, want, path)
		}
	}
}

func TestLazyLookupsCorpus(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for name, doc := range testCorpus(t) {
		want := decodeStd(t, doc)
		n := NewRaw(doc)
		if n.Type() == V_ERROR {
			t.Fatalf("%s: %v", name, n.Check())
		}
		for j := 0; j < 200; j++ {
			checkLookup(t, &n, want, randomPath(r, want))
		}
		// Everything loaded: the same answers.
		if err := n.LoadAll(); err != nil {
			t.Fatal(err)
		}
		for j := 0; j < 100; j++ {
			checkLookup(t, &n, want, randomPath(r, want))
		}
		if raw, _ := n.Raw(); raw != strings.TrimSpace(doc) {
			t.Fatalf("%s: Raw after LoadAll differs from the text", name)
		}
	}
}

func TestIndexAndPairs(t *testing.T) {
	n := NewRaw(`{"a": 1, "b": [10, 20, 30], "c": {"d": true}, "a": 2}`)
	if v, _ := n.Get("a").Int64(); v != 1 {
		t.Fatalf("first repeated key: %d", v)
	}
	if v, _ := n.Index(1).Len(); v != 3 {
		t.Fatalf("Index(1).Len = %d", v)
	}
	if p := n.IndexPair(2); p == nil || p.Key != "c" {
		t.Fatalf("IndexPair(2) = %v", p)
	}
	if n.IndexPair(4) != nil || n.Index(4) != nil || n.Index(-1) != nil || n.IndexPair(-1) != nil {
		t.Fatal("out of range should be nil")
	}
	if v, i := n.IndexOrGetWithIdx(2, "c"); v == nil || i != 2 {
		t.Fatalf("IndexOrGet hit: %v %d", v, i)
	}
	if v, i := n.IndexOrGetWithIdx(0, "b"); v == nil || i != 1 {
		t.Fatalf("IndexOrGet miss: %v %d", v, i)
	}
	if v := n.IndexOrGet(0, "zz"); v != nil {
		t.Fatalf("IndexOrGet missing: %v", v)
	}
	b := n.Get("b")
	if v, _ := b.Index(2).Int64(); v != 30 {
		t.Fatalf("b[2] = %d", v)
	}
	if b.Index(3) != nil {
		t.Fatal("b[3] should be nil")
	}
	if e := b.Get("x"); e == nil || e.Type() != V_ERROR || !errors.Is(e.Check(), ErrNotFound) {
		t.Fatalf("Get on array: %v", e)
	}
	if e := n.Get("a").Index(0); e == nil || !errors.Is(e.Check(), ErrNotFound) {
		t.Fatalf("Index on number: %v", e)
	}
	if e := n.GetByPath("b", 1.5); e == nil || e.Type() != V_ERROR {
		t.Fatal("float path element should be an error node")
	}
	if v, _ := n.GetByPath("b", int64(1)).Int64(); v != 20 {
		t.Fatal("int64 path element")
	}
	if v, _ := n.GetByPath("b", uint8(0)).Int64(); v != 10 {
		t.Fatal("uint8 path element")
	}
	if n.GetByPath("b", uint64(1<<63)) != nil {
		t.Fatal("huge index")
	}
	if n.GetByPath() != &n {
		t.Fatal("empty path is the node")
	}
}

func TestLenWithoutParsing(t *testing.T) {
	for _, src := range []string{`[]`, `{}`, `[1]`, `[1, [2, 3], {"a": [4]}, "x,y"]`, `{"a": 1, "b,c": {"d": 2}}`, " [ 1 , 2 ] "} {
		n := NewRaw(src)
		l, err := n.Len()
		if err != nil {
			t.Fatal(err)
		}
		if !n.IsRaw() {
			t.Errorf("Len parsed %s", src)
		}
		var want int
		switch v := decodeStd(t, src).(type) {
		case []any:
			want = len(v)
		case map[string]any:
			want = len(v)
		}
		if l != want {
			t.Errorf("Len(%s) = %d, want %d", src, l, want)
		}
		// Partly parsed: the rest is counted.
		n.Index(0)
		if l2, _ := n.Len(); l2 != want {
			t.Errorf("Len after Index(0) (%s) = %d", src, l2)
		}
	}
	if _, err := ptr(NewNull()).Len(); !errors.Is(err, ErrUnsupportedType) {
		t.Fatal("Len on null")
	}
}

func TestIterators(t *testing.T) {
	src := `{"z": 1, "a": [true, null, "s"], "m": {"k": 2}}`
	n := NewRaw(src)
	keys, err := n.Keys()
	if err != nil || !reflect.DeepEqual(keys, []string{"z", "a", "m"}) {
		t.Fatalf("Keys = %v, %v", keys, err)
	}
	it, err := n.Properties()
	if err != nil || it.Len() != 3 {
		t.Fatal(err)
	}
	var got []string
	var p Pair
	for it.HasNext() {
		if !it.Next(&p) {
			t.Fatal("Next")
		}
		got = append(got, p.Key)
	}
	if it.Next(&p) || it.Pos() != 3 || !reflect.DeepEqual(got, keys) {
		t.Fatalf("Properties: %v", got)
	}
	vals, _ := n.Get("a").Values()
	var v Node
	var types []int
	for vals.Next(&v) {
		types = append(types, v.Type())
	}
	if !reflect.DeepEqual(types, []int{V_TRUE, V_NULL, V_STRING}) {
		t.Fatalf("Values: %v", types)
	}
	ov, _ := n.Values()
	if ov.Len() != 3 {
		t.Fatal("Values of an object")
	}
	var seq []string
	n.ForEach(func(s Sequence, node *Node) bool {
		seq = append(seq, s.String())
		return s.Index < 1
	})
	if !reflect.DeepEqual(seq, []string{`Sequence(0, "z")`, `Sequence(1, "a")`}) {
		t.Fatalf("ForEach: %v", seq)
	}
	var scalar []int
	ptr(NewRaw(`5`)).ForEach(func(s Sequence, node *Node) bool { scalar = append(scalar, s.Index); return true })
	if !reflect.DeepEqual(scalar, []int{-1}) {
		t.Fatal("ForEach on scalar")
	}
	var mk []string
	for k, v := range n.Members() {
		mk = append(mk, k+":"+typeName(uint8(v.Type())))
	}
	if !reflect.DeepEqual(mk, []string{"z:number", "a:array", "m:object"}) {
		t.Fatalf("Members: %v", mk)
	}
	var idx []int
	for i, v := range n.Get("a").Elements() {
		idx = append(idx, i)
		if i == 1 && v.Type() != V_NULL {
			t.Fatal("Elements value")
		}
		if i == 1 {
			break
		}
	}
	if !reflect.DeepEqual(idx, []int{0, 1}) {
		t.Fatalf("Elements: %v", idx)
	}
	for range ptr(NewNull()).Elements() {
		t.Fatal("Elements of null")
	}
	if _, err := ptr(NewNull()).Properties(); err == nil {
		t.Fatal("Properties of null")
	}
	if _, err := ptr(NewNull()).Values(); err == nil {
		t.Fatal("Values of null")
	}
}

// TestConcurrentLazyReads reads fresh lazy nodes from many goroutines at
// once, with no LoadAll first; run with -race. Every reader must see the
// same answers as a reader alone.
func TestConcurrentLazyReads(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	g := &gen{r: r}
	var docs []string
	for len(docs) < 30 {
		docs = append(docs, g.document())
	}
	if c, err := corpusOrNil(); err == nil {
		docs = append(docs, c["twitter"], c["citm_catalog"])
	}
	for _, doc := range docs {
		want := decodeStd(t, doc)
		var paths [][]any
		for len(paths) < 40 {
			paths = append(paths, randomPath(r, want))
		}
		expect := make([]string, len(paths))
		for i, p := range paths {
			expect[i] = describe(NewRaw(doc), p)
		}
		root := NewRaw(doc)
		var wg sync.WaitGroup
		errs := make(chan string, 64)
		for w := 0; w < 8; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				order := rand.New(rand.NewSource(int64(w))).Perm(len(paths))
				for _, i := range order {
					if got := describe(root, paths[i]); got != expect[i] {
						errs <- fmt.Sprintf("path %v: got %.80s, want %.80s", paths[i], got, expect[i])
						return
					}
				}
				// Whole-node reads race with the lookups of others.
				switch w % 4 {
				case 0:
					root.Interface()
				case 1:
					root.MarshalJSON()
				case 2:
					root.ForEach(func(Sequence, *Node) bool { return true })
				case 3:
					root.Len()
				}
			}(w)
		}
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Fatal(e)
		}
	}
}

// describe reads the value at path in several ways and sums up what it
// saw.
func describe(root Node, path []any) string {
	n := root.GetByPath(path...)
	if n == nil {
		return "nil"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d|", n.Type())
	l, _ := n.Len()
	fmt.Fprintf(&b, "%d|", l)
	raw, err := n.Raw()
	fmt.Fprintf(&b, "%s|%v|", raw, err)
	if n.Type() == V_OBJECT {
		keys, _ := n.Keys()
		sort.Strings(keys)
		fmt.Fprint(&b, keys)
		if len(keys) > 0 {
			s, _ := n.Get(keys[len(keys)-1]).Raw()
			b.WriteString(s)
		}
	}
	if n.Type() == V_ARRAY && l > 0 {
		s, _ := n.Index(l - 1).Raw()
		b.WriteString(s)
	}
	return b.String()
}

func corpusOrNil() (map[string]string, error) {
	var docs map[string]string
	var err error
	func() {
		defer func() {
			if recover() != nil {
				err = errors.New("no corpus")
			}
		}()
		docs = corpus(skipPanics{})
	}()
	if len(docs) == 0 {
		return nil, errors.New("no corpus")
	}
	return docs, err
}

// skipPanics is a testing.TB whose Skip panics, to use corpus outside a
// test's control flow.
type skipPanics struct{ testing.TB }

func (skipPanics) Helper()               {}
func (skipPanics) Skip(args ...any)      { panic("skip") }
func (skipPanics) Fatal(args ...any)     { panic(fmt.Sprint(args...)) }
func (skipPanics) Fatalf(string, ...any) { panic("fatal") }

func ptr(n Node) *Node { return &n }
