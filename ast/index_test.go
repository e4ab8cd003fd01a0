package ast

import (
	"fmt"
	"math/rand"
	"strings"
	"sync"
	"testing"
)

// bigObject returns an object of n members with the keys keyOf(0..n-1),
// in a shuffled order, and the keys.
func bigObject(n int) (string, []string) {
	keys := make([]string, n)
	for i := range keys {
		keys[i] = fmt.Sprintf("k%07d", i)
	}
	rand.New(rand.NewSource(int64(n))).Shuffle(n, func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%q:%d", k, i)
	}
	b.WriteByte('}')
	return b.String(), keys
}

// BenchmarkGetLargeObject looks up every key of a loaded object, in
// another order than the document's: the time per Get should not grow
// with the object's size (it did, linearly, before objects had a key
// index: 2.3, 26 and 233 µs at 1k, 10k and 100k members).
func BenchmarkGetLargeObject(b *testing.B) {
	for _, size := range []int{1000, 10000, 100000} {
		b.Run(fmt.Sprintf("members=%d", size), func(b *testing.B) {
			doc, keys := bigObject(size)
			order := rand.New(rand.NewSource(1)).Perm(size)
			n := NewRaw(doc)
			if err := n.LoadAll(); err != nil {
				b.Fatal(err)
			}
			// A few lookups first, so that what is timed is the steady
			// state (the index, once built, serves every later Get).
			for i := 0; i < 2*indexAfter; i++ {
				n.Get(keys[i])
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if n.Get(keys[order[i%size]]) == nil {
					b.Fatal("missing key")
				}
			}
		})
	}
}

// BenchmarkGetEveryKeyLazy asks a fresh (not loaded) object for every
// key in document order, reporting the time per Get, parsing included
// (before lookups in objects not parsed to their end could finish
// parsing them, it grew with the size: 2.1 µs at 1k members, 17 µs at
// 10k).
func BenchmarkGetEveryKeyLazy(b *testing.B) {
	for _, size := range []int{1000, 10000, 100000} {
		b.Run(fmt.Sprintf("members=%d", size), func(b *testing.B) {
			doc, keys := bigObject(size)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				n := NewRaw(doc)
				for _, k := range keys {
					if n.Get(k) == nil {
						b.Fatal("missing key")
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*size), "ns/get")
		})
	}
}

// checkKeyIndex compares, for every object in the loaded parts of n, the
// key index (built here whatever the object's size) with a scan of the
// keys: for each key, a variant of it in another case, escaped or
// extended, the first member with that key.
func checkKeyIndex(t *testing.T, n *Node) {
	t.Helper()
	if n.t != V_ARRAY && n.t != V_OBJECT {
		return
	}
	lv := n.level()
	if lv == nil {
		return
	}
	if n.t == V_ARRAY {
		lv.elems.each(lv.n, func(_ int, v *Node) bool { checkKeyIndex(t, v); return true })
		return
	}
	ix := lv.buildIndex()
	if ixp := lv.index.Load(); ixp != nil && lv.done() {
		for k, i := range *ixp {
			if i < lv.n && ix[k] != i {
				t.Fatalf("published index: %q at %d, want %d", k, i, ix[k])
			}
		}
	}
	lv.pairs.each(lv.n, func(i int, p *Pair) bool {
		for _, k := range []string{p.Key, strings.ToUpper(p.Key), strings.ToLower(p.Key), p.Key + "x", `\u00` + p.Key, p.Key[:len(p.Key)/2]} {
			want := lv.findKeyFrom(k, 0)
			got, ok := ix[k]
			if !ok {
				got = -1
			}
			if got != want {
				t.Fatalf("key %q: index says %d, scan %d", k, got, want)
			}
			if lv.done() {
				if got := lv.findKey(k); got != want {
					t.Fatalf("key %q: findKey says %d, scan %d", k, got, want)
				}
			}
		}
		checkKeyIndex(t, &p.Value)
		return true
	})
}

// keyIndexDoc is an object of more than indexMin members with repeated
// keys (plain and escaped), keys that differ only in case, and escaped
// and non-ASCII keys.
func keyIndexDoc() string {
	var b strings.Builder
	b.WriteString(`{"a":1,"A":2,"\u0061":3,"a":4,"":5,"é":6,"\u00e9":7,"e\u0301":8,"tab\t":9,"q\"":10,"":11`)
	for i := 0; i < 3*indexMin; i++ {
		fmt.Fprintf(&b, `,"m%d":%d`, i%(2*indexMin), 100+i)
	}
	b.WriteString(`,"obj":{"x":1,"x":2},"last":true}`)
	return b.String()
}

// TestGetLargeObjectIndexed checks that lookups in a loaded large object
// build and use the key index, and that what they find is what a scan
// finds: the first member with the key, with keys compared after
// unescaping and case-sensitively.
func TestGetLargeObjectIndexed(t *testing.T) {
	doc := keyIndexDoc()
	for _, load := range []string{"LoadAll", "Load", "lazy"} {
		n := NewRaw(doc)
		switch load {
		case "LoadAll":
			n.LoadAll()
		case "Load":
			n.Load()
		}
		want := map[string]string{"a": "1", "A": "2", "": "5", "é": "6", "e\u0301": "8", "tab\t": "9", `q"`: "10", "m0": "100", "m63": "163", "last": "true"}
		for round := 0; round <= indexAfter; round++ {
			for k, w := range want {
				v := n.Get(k)
				if v == nil {
					t.Fatalf("%s: Get(%q) = nil", load, k)
				}
				if raw, _ := v.Raw(); raw != w {
					t.Fatalf("%s: Get(%q) = %s, want %s", load, k, raw, w)
				}
			}
			for _, k := range []string{"b", "a ", "m64", "M0", "\\u0061", "é\u0301"} {
				if v := n.Get(k); v != nil {
					t.Fatalf("%s: Get(%q) found a member", load, k)
				}
			}
		}
		if n.level().index.Load() == nil {
			t.Fatalf("%s: no key index after %d rounds of lookups", load, indexAfter+1)
		}
		if v := n.Get("obj").Get("x"); v == nil || v.raw != "1" {
			t.Fatalf("%s: obj.x = %v", load, v)
		}
		if v, i := n.IndexOrGetWithIdx(0, "m5"); v == nil || v.raw != "105" || i != 16 {
			t.Fatalf("%s: IndexOrGetWithIdx = %v, %d", load, v, i)
		}
		checkKeyIndex(t, &n)
	}
}

// TestKeyIndexAfterEdits checks lookups in an indexed object after each
// kind of change.
func TestKeyIndexAfterEdits(t *testing.T) {
	n := NewRaw(keyIndexDoc())
	n.LoadAll()
	warm := func() {
		for i := 0; i <= indexAfter; i++ {
			n.Get("m1")
		}
	}
	expect := func(what string, want map[string]string) {
		t.Helper()
		warm()
		for k, w := range want {
			v := n.Get(k)
			got := "nil"
			if v != nil {
				got, _ = v.Raw()
			}
			if got != w {
				t.Fatalf("after %s: Get(%q) = %s, want %s", what, k, got, w)
			}
		}
		checkKeyIndex(t, &n)
	}
	warm()
	if n.level().index.Load() == nil {
		t.Fatal("no key index")
	}
	n.Set("a", NewInt64(-1)) // the first "a"
	expect("Set of a repeated key", map[string]string{"a": "-1", "A": "2"})
	n.Set("new", NewString("x"))
	expect("Set of a new key", map[string]string{"new": `"x"`, "last": "true"})
	if n.level().index.Load() == nil {
		t.Fatal("Set of a new key dropped the index")
	}
	n.Unset("a") // now the "a" that was the third member is the first
	expect("Unset of a repeated key", map[string]string{"a": "3", "A": "2", "m0": "100", "new": `"x"`})
	n.Pop()
	expect("Pop", map[string]string{"new": "nil", "last": "true", "a": "3"})
	n.Unset("a")
	n.Unset("a")
	expect("Unset of every a", map[string]string{"a": "nil", "A": "2"})
	n.Set("a", NewInt64(9))
	expect("Set after Unset", map[string]string{"a": "9"})
	n.SetByIndex(0, NewInt64(42)) // "A"
	expect("SetByIndex", map[string]string{"A": "42", "a": "9"})
	n.SortKeys(false)
	expect("SortKeys", map[string]string{"A": "42", "a": "9", "": "5", "m0": "100", "m10": "110", "last": "true"})
	if k, _ := n.IndexPair(0).Key, 0; k != "" {
		t.Fatalf("first key after sorting: %q", k)
	}
	n.UnsetByIndex(0)
	expect("UnsetByIndex", map[string]string{"": "11"})
	// An object built with Set alone.
	var o Node
	for i := 0; i < 4*indexMin; i++ {
		o.Set(fmt.Sprint("k", i%(3*indexMin)), NewInt64(int64(i)))
		if v := o.Get(fmt.Sprint("k", i/2)); v == nil {
			t.Fatalf("built object: k%d missing", i/2)
		}
	}
	for i := 0; i < 3*indexMin; i++ {
		last := i
		if i+3*indexMin < 4*indexMin {
			last += 3 * indexMin // set twice: Set replaced the value
		}
		if v := o.Get(fmt.Sprint("k", i)); v == nil || v.raw != fmt.Sprint(last) {
			t.Fatalf("built object: k%d = %v", i, v)
		}
	}
	checkKeyIndex(t, &o)
}

// TestConcurrentGetLargeObject looks keys up in large objects from many
// goroutines at once, loaded and lazy, while the first lookups build the
// key index; run with -race.
func TestConcurrentGetLargeObject(t *testing.T) {
	doc, keys := bigObject(2000)
	for _, load := range []bool{true, false} {
		n := NewRaw(doc)
		if load {
			n.LoadAll()
		}
		var wg sync.WaitGroup
		errs := make(chan string, 8)
		for w := 0; w < 8; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				r := rand.New(rand.NewSource(int64(w)))
				for k := 0; k < 300; k++ {
					i := r.Intn(len(keys))
					v := n.Get(keys[i])
					if v == nil {
						errs <- fmt.Sprintf("Get(%q) = nil", keys[i])
						return
					}
					if got, _ := v.Int64(); got != int64(i) {
						errs <- fmt.Sprintf("Get(%q) = %d, want %d", keys[i], got, i)
						return
					}
					if n.Get(keys[i]+"?") != nil {
						errs <- "found a missing key"
						return
					}
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

// TestGetLazyLargeObject checks lookups in a large object that is not
// loaded first: asked for every key in turn, it ends up parsed and
// hashed (before, each lookup scanned every key parsed so far, and
// asking for n keys cost n²/2 comparisons); asked for a few keys, it
// stays parsed only as far as they went.
func TestGetLazyLargeObject(t *testing.T) {
	doc, keys := bigObject(5000)
	n := NewRaw(doc)
	for i, k := range keys {
		if v := n.Get(k); v == nil || v.raw != fmt.Sprint(i) {
			t.Fatalf("Get(%q) = %v, want %d", k, v, i)
		}
		if i == len(keys)/2 && !n.level().done() {
			t.Fatal("half the keys asked one by one, and the object is still parsed only as far as they went")
		}
	}
	for i := 0; i <= indexAfter; i++ {
		n.Get(keys[i])
	}
	if n.level().index.Load() == nil {
		t.Fatal("no key index")
	}

	few := NewRaw(doc)
	for _, i := range []int{0, 10, 100, 50, 1} {
		if v := few.Get(keys[i]); v == nil || v.raw != fmt.Sprint(i) {
			t.Fatalf("Get(%q) = %v, want %d", keys[i], v, i)
		}
	}
	if lv := few.level(); lv.done() || lv.n != 101 {
		t.Fatalf("a few lookups parsed %d members (done: %v), want 101", lv.n, lv.done())
	}

	// In another order, with misses.
	r := rand.New(rand.NewSource(9))
	shuffled := NewRaw(doc)
	for k := 0; k < 3*len(keys); k++ {
		i := r.Intn(len(keys))
		if v := shuffled.Get(keys[i]); v == nil || v.raw != fmt.Sprint(i) {
			t.Fatalf("Get(%q) = %v, want %d", keys[i], v, i)
		}
		if k%7 == 0 && shuffled.Get(keys[i]+"x") != nil {
			t.Fatal("found a missing key")
		}
	}
}
