package encoder

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestKeyPrefix(t *testing.T) {
	for n := 0; n <= 12; n++ {
		for trial := 0; trial < 50; trial++ {
			b := make([]byte, n)
			for k := range b {
				b[k] = byte(trial*31 + k*7 + n)
			}
			var want [8]byte
			copy(want[:], b)
			p := keyPrefix(string(b))
			var got [8]byte
			for k := 0; k < 8; k++ {
				got[k] = byte(p >> (56 - 8*k))
			}
			if got != want {
				t.Fatalf("keyPrefix(%x) = %x, want %x", b, got, want)
			}
		}
	}
}

func TestSortEntries(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "b", "\x00", "profile_", "\xff", "é", "_", "A", "z", "0"}
	for round := 0; round < 3000; round++ {
		n := r.IntN(100)
		if round%100 == 0 {
			n = r.IntN(3000)
		}
		seen := map[string]bool{}
		var keys []string
		for len(keys) < n {
			var sb strings.Builder
			for l := r.IntN(5); l >= 0; l-- {
				sb.WriteString(alphabet[r.IntN(len(alphabet))])
			}
			if k := sb.String(); !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
		// Sometimes sorted or reversed already: the worst inputs for a
		// naive quicksort.
		switch round % 7 {
		case 1:
			slices.Sort(keys)
		case 2:
			slices.Sort(keys)
			slices.Reverse(keys)
		}
		entries := make([]sortEntry, len(keys))
		for i, k := range keys {
			entries[i] = newSortEntry(k, i)
		}
		sortEntries(entries)
		want := slices.Clone(keys)
		slices.Sort(want)
		for i := range want {
			if entries[i].key != want[i] || keys[entries[i].i] != want[i] {
				t.Fatalf("round %d: position %d has %q, want %q", round, i, entries[i].key, want[i])
			}
		}
	}
}
