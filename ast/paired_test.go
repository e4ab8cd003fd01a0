package ast

import (
	"os"
	"sort"
	"strconv"
	"testing"
	"time"
)

// TestFindPaired times the byte-reading and the token-list searches on
// twitter.json in alternating rounds and logs median ns and the median
// of per-round ratios (token list / bytes). It runs only when
// JET_FIND_PAIRED is set to the number of rounds.
func TestFindPaired(t *testing.T) {
	rounds, _ := strconv.Atoi(os.Getenv("JET_FIND_PAIRED"))
	if rounds <= 0 {
		t.Skip("set JET_FIND_PAIRED to the number of rounds")
	}
	src := corpus(t)["twitter"]
	for _, path := range []string{"statuses.0.user.screen_name", "search_metadata.count", "statuses.50.user.screen_name"} {
		steps, err := parsePath(path, nil)
		if err != nil {
			t.Fatal(err)
		}
		fs := []func(string, []step) (int, int, error){findLooseBytes, findIndexed}
		var ns [2][]float64
		for r := 0; r < rounds; r++ {
			for k, f := range fs {
				n := 0
				start := time.Now()
				for time.Since(start) < 20*time.Millisecond {
					if _, _, err := f(src, steps); err != nil {
						t.Fatal(err)
					}
					n++
				}
				ns[k] = append(ns[k], float64(time.Since(start).Nanoseconds())/float64(n))
			}
		}
		ratios := make([]float64, rounds)
		for r := range ratios {
			ratios[r] = ns[1][r] / ns[0][r]
		}
		t.Logf("%-30s bytes %6.0f ns  tokens %6.0f ns  ratio %.2f", path, med(ns[0]), med(ns[1]), med(ratios))
	}
}

func med(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return s[len(s)/2]
}

// BenchmarkFindElement50 runs both searches for an element in the
// middle of twitter.json's statuses (for instruction counts under
// callgrind).
func BenchmarkFindElement50(b *testing.B) {
	src := corpus(b)["twitter"]
	steps, _ := parsePath("statuses.50.user.screen_name", nil)
	b.Run("bytes", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			findLooseBytes(src, steps)
		}
	})
	b.Run("tokens", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			findIndexed(src, steps)
		}
	})
}
