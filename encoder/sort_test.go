package encoder

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/jetjson/jet/internal/oracle"
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
		// Sometimes every key starts with the same bytes (which the
		// prefixes then skip), the shared start itself a key too.
		if round%5 == 3 {
			shared := []string{"key_", "a", "\x00", "abcdefgh", "abcdefghijklmnopq", "profile_é"}[r.IntN(6)]
			for i := range keys {
				keys[i] = shared + keys[i]
			}
			if r.IntN(2) == 0 {
				keys = append(keys, shared)
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

// smallMapKeys builds a map[string]any of up to smallMap members from
// data: keys cut at each 0xFE byte, values their indexes.
func smallMapKeys(data []byte) map[string]any {
	m := map[string]any{}
	for i, k := range strings.Split(string(data), "\xfe") {
		if len(m) == smallMap {
			break
		}
		m[k] = float64(i)
	}
	return m
}

// FuzzSmallMapSorted checks the sorted small-map paths (tinyMapStringAny,
// and smallMapStringAny: insertion by key prefix, then key) against
// encoding/json's order, with keys that share eight-byte prefixes,
// differ by trailing NULs, or hold bytes past ASCII.
func FuzzSmallMapSorted(f *testing.F) {
	for _, s := range []string{
		"b\xfea", "name\xfekids\xfecl_weight\xfetouches\xfemin_t\xfemax_t\xfemean_t",
		"profile_b\xfeprofile_a\xfeprofile_\xfeprofile", "a\xfea\x00\xfea\x00\x00\xfe\x00\xfe",
		"é\xfee\xfe\xff\xfe\x7f\xfez\xfeZ\xfe0", "abcdefgh1\xfeabcdefgh\xfeabcdefgh0\xfeabcdefg",
		"<&>\xfe\u2028\xfe\"\xfe\\\xfe\xc0\xfe\xe2\x80",
	} {
		f.Add([]byte(s))
	}
	oracle.Require(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		m := smallMapKeys(data)
		want, err := json.Marshal(m)
		if err != nil {
			t.Skip()
		}
		got, err := Encode(m, EscapeHTML|SortMapKeys|CompactMarshaler)
		if err != nil || string(got) != string(want) {
			t.Fatalf("%q: got %s (%v), want %s", data, got, err, want)
		}
	})
}
