package encoder

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/jetjson/jet/internal/jsonopts"
	"github.com/jetjson/jet/internal/oracle"
)

// TestShapeCache encodes many maps of repeated, near-repeated and nested
// shapes, in both HTML modes, through one state, and compares with
// encoding/json (sorted keys, HTML escaping) or the unsorted-free
// ordinary path.
func TestShapeCache(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	rounds := 1000
	if testing.Short() {
		rounds = 200
	}
	for round := 0; round < rounds; round++ {
		v := shapeCacheValue(r, round)
		// The v2 dialect's tree walk, which shares the pooled states'
		// shapes with v1, against its general path (no shapes).
		for _, o := range []jsonopts.Bools{0, jsonopts.EscapeForHTML, jsonopts.EscapeForJS, jsonopts.Deterministic} {
			if msg := marshalTreeBoth(v, fastOpts(o), o == jsonopts.Deterministic); msg != "" {
				t.Fatalf("round %d v2 options %v: %s", round, o, msg)
			}
		}
		// Unsorted: any order, the same members.
		for _, opts := range []Options{0, EscapeHTML} {
			got, err := Encode(v, opts)
			if err != nil {
				t.Fatal(err)
			}
			var back, want any
			if err := json.Unmarshal(got, &back); err != nil {
				t.Fatalf("round %d opts %b: %v in %s", round, opts, err, got)
			}
			std, _ := json.Marshal(v)
			json.Unmarshal(std, &want)
			if !reflect.DeepEqual(back, want) {
				t.Fatalf("round %d opts %b:\n got %s\nwant %s", round, opts, got, std)
			}
			if opts&EscapeHTML != 0 && strings.ContainsAny(string(got), "<>&") || opts&EscapeHTML == 0 && strings.Contains(string(got), `\u003c`) {
				t.Fatalf("round %d opts %b: wrong HTML mode in %s", round, opts, got)
			}
		}
		for _, opts := range []Options{stdOpts, SortMapKeys} {
			got, err := Encode(v, opts)
			if err != nil {
				t.Fatal(err)
			}
			var want []byte
			if opts&EscapeHTML != 0 {
				want, _ = json.Marshal(v)
			} else {
				var sb strings.Builder
				enc := json.NewEncoder(&sb)
				enc.SetEscapeHTML(false)
				enc.Encode(v)
				want = []byte(strings.TrimSuffix(sb.String(), "\n"))
			}
			if string(got) != string(want) {
				t.Fatalf("round %d opts %b:\n got %s\nwant %s", round, opts, got, want)
			}
		}
	}
}

// shapeCacheKeys are the keys of shapeCacheValue's maps.
var shapeCacheKeys = []string{"id", "name", "a<b", "text", "created_at", "x", "y", "z", "user", "user_id", "é", "日本", "", "\u2028", "k1", "k2",
	"k3", "k4", "k5", "k6", "k7", "k8", "k9", "k10", "k11", "k12",
	// Quoted with their colon: 32 bytes (the longest written by one
	// fixed-size move), 33, and more.
	"abcdefghijklmnopqrstuvwxyz012", "abcdefghijklmnopqrstuvwxyz0123", strings.Repeat("long<key>", 5)}

// shapeCacheValue makes the value of one round of the shape cache's
// tests: by round%4, lists of maps of one shape with nested maps of a
// shape, maps of one size with different keys, a shape then the same
// keys but one, and a map of any size.
func shapeCacheValue(r *rand.Rand, round int) any {
	randMap := func(n int) map[string]any {
		m := map[string]any{}
		for len(m) < n {
			m[shapeCacheKeys[r.IntN(len(shapeCacheKeys))]] = r.IntN(100)
		}
		return m
	}
	switch round % 4 {
	case 0:
		shape := randMap(2 + r.IntN(20))
		list := make([]any, 1+r.IntN(5))
		for i := range list {
			m := map[string]any{}
			for k := range shape {
				m[k] = map[string]any{"p": i, "q": k}
			}
			list[i] = m
		}
		return list
	case 1:
		return []any{randMap(9), randMap(9), randMap(9), randMap(10), randMap(10), randMap(3)}
	case 2:
		a := randMap(5 + r.IntN(10))
		bm := map[string]any{}
		for k, x := range a {
			bm[k] = x
		}
		for k := range bm {
			delete(bm, k)
			bm["other"+fmt.Sprint(round)] = 1
			break
		}
		return []any{a, bm, a}
	default:
		return randMap(r.IntN(24))
	}
}

// TestShapeCacheValidate checks that a shape seen without ValidateString
// does not let a key of bad UTF-8 through with it.
func TestShapeCacheValidate(t *testing.T) {
	m := map[string]any{"a": 1, "b\xff": 2}
	for i := 0; i < 3; i++ {
		if _, err := Encode(m, SortMapKeys); err != nil {
			t.Fatal(err)
		}
		if _, err := Encode(m, SortMapKeys|ValidateString); err == nil {
			t.Fatal("bad UTF-8 key accepted with ValidateString")
		}
	}
}

// FuzzShapedMaps writes lists of maps with the same keys (from the
// input, cut at each 0xFE byte, made up to minShapeKeys), so that all
// but the first are written from a remembered shape (quoted keys copied
// by fixed-size moves), and compares with encoding/json.
func FuzzShapedMaps(f *testing.F) {
	f.Add([]byte("id\xfename\xfetext"))
	f.Add([]byte("abcdefghijklmnopqrstuvwxyz012\xfeabcdefghijklmnopqrstuvwxyz0123\xfe<&>\xfe\u2028"))
	f.Add([]byte(strings.Repeat("k\xfe", 20) + strings.Repeat("x", 70)))
	oracle.Require(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		m := map[string]any{}
		for i, k := range strings.Split(string(data), "\xfe") {
			if len(m) == maxShapeKeys {
				break
			}
			m[k] = i
		}
		for i := 0; len(m) < minShapeKeys; i++ {
			m[strings.Repeat("p", i)] = i
		}
		v := []any{m, m, m, map[string]any{"in": []any{m, m}}}
		want, err := json.Marshal(v)
		if err != nil {
			t.Skip()
		}
		got, err := Encode(v, EscapeHTML|SortMapKeys|CompactMarshaler)
		if err != nil || string(got) != string(want) {
			t.Fatalf("%q: got %s (%v), want %s", data, got, err, want)
		}
	})
}
