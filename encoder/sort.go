package encoder

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"strings"
	"unsafe"
)

// Sorting map members by key (SortMapKeys) is a large part of encoding a
// map. Members are sorted through small entries holding the first eight
// bytes of the key as a big-endian integer, so that most comparisons are
// one integer comparison, and only keys sharing those bytes are compared
// as strings. The entries are sorted in place by a quicksort with
// insertion sort for short runs, inlined comparisons, and a fall back to
// slices.SortFunc when partitions go badly.

// sortEntry stands for one map member while sorting: the first eight
// bytes of its key (zero-padded), the key, and the member's index in the
// caller's list.
type sortEntry struct {
	pre uint64
	key string
	i   int
}

// keyPrefix returns the first eight bytes of s as a big-endian integer,
// zero-padded: integer order agrees with byte order, with ties for keys
// sharing their first eight bytes (or differing only by trailing NULs in
// a short key).
func keyPrefix(s string) uint64 {
	n := len(s)
	switch {
	case n >= 8:
		return binary.BigEndian.Uint64(unsafe.Slice(unsafe.StringData(s), 8))
	case n >= 4:
		// Two overlapping four-byte loads; the bytes they share agree.
		b := unsafe.Slice(unsafe.StringData(s), n)
		return uint64(binary.BigEndian.Uint32(b))<<32 | uint64(binary.BigEndian.Uint32(b[n-4:]))<<(8*(8-n))
	case n > 0:
		// The first, middle and last bytes cover one to three bytes.
		return uint64(s[0])<<56 | uint64(s[n/2])<<(56-8*(n/2)) | uint64(s[n-1])<<(56-8*(n-1))
	}
	return 0
}

func newSortEntry(key string, i int) sortEntry {
	return sortEntry{pre: keyPrefix(key), key: key, i: i}
}

func entryLess(a, b *sortEntry) bool {
	if a.pre != b.pre {
		return a.pre < b.pre
	}
	return a.key < b.key
}

func entryCompare(a, b sortEntry) int {
	if a.pre != b.pre {
		if a.pre < b.pre {
			return -1
		}
		return 1
	}
	return strings.Compare(a.key, b.key)
}

// sortEntries sorts s by key. Where every key starts with the same
// bytes (key_0001, key_0002, ...; /api/v1/users, /api/v1/groups), the
// prefixes are taken past them, so that they still tell the keys apart.
func sortEntries(s []sortEntry) {
	if len(s) >= sharedPrefixMin {
		if l := sharedPrefix(s); l > 0 {
			for i := range s {
				s[i].pre = keyPrefix(s[i].key[l:])
			}
		}
	}
	quickSortEntries(s, 2*bits.Len(uint(len(s))))
}

// sharedPrefixMin is the fewest entries for which sortEntries looks for
// a shared start of the keys.
const sharedPrefixMin = 16

// sharedPrefix returns the length of the bytes every key of s starts
// with.
func sharedPrefix(s []sortEntry) int {
	first, pre := s[0].key, s[0].pre
	l := len(first)
	for i := 1; i < len(s) && l > 0; i++ {
		k := s[i].key
		l = min(l, len(k))
		if x := s[i].pre ^ pre; x != 0 {
			// They differ in their first eight bytes (or in the zeros
			// padding a short key, where l already stops).
			l = min(l, bits.LeadingZeros64(x)>>3)
			continue
		}
		j := min(8, l)
		for j < l && k[j] == first[j] {
			j++
		}
		l = j
	}
	return l
}

func quickSortEntries(s []sortEntry, budget int) {
	for len(s) > 16 {
		if budget == 0 {
			// Unlucky pivots: let the standard library's pdqsort finish
			// with its guaranteed bound.
			slices.SortFunc(s, entryCompare)
			return
		}
		budget--
		p := partitionEntries(s)
		// Recurse into the smaller side, loop on the larger.
		if p < len(s)-p {
			quickSortEntries(s[:p], budget)
			s = s[p+1:]
		} else {
			quickSortEntries(s[p+1:], budget)
			s = s[:p]
		}
	}
	insertionSortEntries(s)
}

// partitionEntries partitions s around a median-of-three pivot and
// returns the pivot's final index. Keys are distinct (they come from a
// map), so no care for equal keys is needed beyond correctness.
func partitionEntries(s []sortEntry) int {
	n := len(s)
	m := n / 2
	// Order s[0], s[m], s[n-1]; the median goes to s[0] as the pivot.
	if entryLess(&s[m], &s[0]) {
		s[m], s[0] = s[0], s[m]
	}
	if entryLess(&s[n-1], &s[m]) {
		s[n-1], s[m] = s[m], s[n-1]
		if entryLess(&s[m], &s[0]) {
			s[m], s[0] = s[0], s[m]
		}
	}
	s[0], s[m] = s[m], s[0]
	pivot := s[0]
	i, j := 1, n-1
	for {
		for i <= j && entryLess(&s[i], &pivot) {
			i++
		}
		for i <= j && !entryLess(&s[j], &pivot) {
			j--
		}
		if i > j {
			break
		}
		s[i], s[j] = s[j], s[i]
		i++
		j--
	}
	s[0], s[j] = s[j], s[0]
	return j
}

func insertionSortEntries(s []sortEntry) {
	for i := 1; i < len(s); i++ {
		x := s[i]
		j := i
		for j > 0 && entryLess(&x, &s[j-1]) {
			s[j] = s[j-1]
			j--
		}
		s[j] = x
	}
}
