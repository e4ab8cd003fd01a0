package jsontext

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestTokenNames checks the encoder's set of names against sets of
// strings, over random pushes, pops and inserts of names short and long,
// few and many per object (so that the hash tables and the shapes are
// used).
func TestTokenNames(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	pool := []string{"", "a", "b", "ab", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghijklmnop",
		"abcdefghijklmnopq", strings.Repeat("x", 31), strings.Repeat("x", 32), strings.Repeat("x", 40), "é", "日本語"}
	for i := 0; i < 200; i++ {
		pool = append(pool, strings.Repeat(string(rune('a'+i%26)), 1+i%37))
	}
	var s tokenNames
	var model []map[string]bool
	for round := 0; round < 100000; round++ {
		// Phases of small objects and of large ones.
		spread := 10
		if round/5000%2 == 1 {
			spread = 200
		}
		switch op := r.IntN(spread); {
		case op == 0 || len(model) == 0:
			s.push()
			model = append(model, map[string]bool{})
		case op == 1:
			s.pop()
			model = model[:len(model)-1]
		default:
			name := pool[r.IntN(len(pool))]
			if r.IntN(4) == 0 {
				name = pool[r.IntN(20)] // a few names, often repeated
			}
			// Names are read from slices with and without room after
			// them (nameKeyFast reads words past the name where it can).
			b := []byte(name)
			if r.IntN(2) == 0 {
				b = append(make([]byte, 0, len(name)+40), name...)
			}
			want := !model[len(model)-1][name]
			if got := s.insert(b); got != want {
				t.Fatalf("round %d: insert(%q) = %v, want %v", round, name, got, want)
			}
			model[len(model)-1][name] = true
		}
	}
}
