package jsontext

import (
	"encoding/binary"
	"math/bits"
	"slices"

	"github.com/jetjson/jet/internal/wire"
)

// This file sorts the members of objects for reformatFast with
// ReorderRawObjects, as each object closes: by then its members, and the
// objects within them, are written out. The order and the text are those
// of reorderObjects, the reference, which sorts the whole output after.

// outMember is a member of an object being written: where it lies in
// the output, and where its unquoted name is.
type outMember struct {
	start, end int // the member in the output: its name's quote to its value's end
	name, nend int // its unquoted name: in the output, or in the arena if inArena
	inArena    bool
}

// reorderer2 holds the members of the open objects.
type reorderer2 struct {
	keys    []sortKey   // scratch for close
	members []outMember // innermost object's last
	firsts  []int       // per open object, the index in members of its first
	bodies  []int       // per open object, the output position after its '{'
	arena   []byte      // unquoted names that are not their text
	out     []byte      // scratch for a sorted body
}

func (r *reorderer2) open(body int) {
	r.firsts = append(r.firsts, len(r.members))
	r.bodies = append(r.bodies, body)
}

// addName records a member whose name's quoted text in the output is
// out[start:end]. q is that name as it was read; plain says that its
// unquoted content is its text between the quotes.
func (r *reorderer2) addName(start, end int, q []byte, plain bool) {
	m := outMember{start: start, name: start + 1, nend: end - 1}
	if !plain {
		m.inArena = true
		m.name = len(r.arena)
		r.arena = appendUnquotedValid(r.arena, q)
		m.nend = len(r.arena)
	}
	r.members = append(r.members, m)
}

// setEnd records where the innermost object's last member ends.
func (r *reorderer2) setEnd(end int) { r.members[len(r.members)-1].end = end }

// drop forgets every open object.
func (r *reorderer2) drop() {
	r.members, r.firsts, r.bodies, r.arena = r.members[:0], r.firsts[:0], r.bodies[:0], r.arena[:0]
}

// close sorts the members of the innermost object, which the output b
// now holds whole, and forgets the object.
func (r *reorderer2) close(b []byte) {
	first := r.firsts[len(r.firsts)-1]
	body := r.bodies[len(r.bodies)-1]
	r.firsts = r.firsts[:len(r.firsts)-1]
	r.bodies = r.bodies[:len(r.bodies)-1]
	ms := r.members[first:]
	defer func() {
		// This object's names are the last in the arena.
		r.arena = r.arena[:r.arenaEnd(first)]
		r.members = r.members[:first]
	}()
	if len(ms) < 2 {
		return
	}
	// The members are sorted as keys: the first 8 bytes of each name,
	// which order as the names do when they differ; equal, the names
	// are compared whole.
	ks := r.keys[:0]
	for i, m := range ms {
		ks = append(ks, sortKey{namePrefix(r.nameOf(b, m)), i})
	}
	r.keys = ks
	cmp := func(x, y sortKey) int {
		switch {
		case x.prefix < y.prefix:
			return -1
		case x.prefix > y.prefix:
			return 1
		}
		mx, my := ms[x.i], ms[y.i]
		if c := compareNames(r.nameOf(b, mx), r.nameOf(b, my)); c != 0 {
			return c
		}
		return compareUTF16(b[mx.start:mx.end], b[my.start:my.end])
	}
	sorted := true
	for i := 1; i < len(ks); i++ {
		if cmp(ks[i-1], ks[i]) >= 0 {
			sorted = false
			break
		}
	}
	if sorted {
		return
	}
	if len(ks) <= insertionSortMax {
		for i := 1; i < len(ks); i++ {
			for j := i; j > 0 && cmp(ks[j-1], ks[j]) > 0; j-- {
				ks[j-1], ks[j] = ks[j], ks[j-1]
			}
		}
	} else {
		slices.SortFunc(ks, cmp)
	}
	// Every member but the first follows the same delimiter (a comma and
	// the whitespace the options ask for); the first follows what comes
	// after the '{'.
	lead := b[body:ms[0].start]
	sep := b[ms[0].end:ms[1].start]
	last := ms[len(ms)-1].end
	out := append(r.out[:0], lead...)
	for i, k := range ks {
		if i > 0 {
			out = append(out, sep...)
		}
		m := ms[k.i]
		out = append(out, b[m.start:m.end]...)
	}
	copy(b[body:last], out)
	r.out = out
}

// insertionSortMax is the most members sorted by insertion.
const insertionSortMax = 12

// sortKey is a member to sort: the key of its name's first bytes, and
// its index.
type sortKey struct {
	prefix uint64
	i      int
}

// utf16Order maps each byte of valid UTF-8 to one that orders as UTF-16
// code units do (see compareNames): the lead bytes of characters above
// U+FFFF (F0 to F4) come before those of U+E000 to U+FFFF (EE and EF).
var utf16Order = func() (t [256]byte) {
	for i := range t {
		t[i] = byte(i)
	}
	for c := 0xF0; c <= 0xF4; c++ {
		t[c] = byte(c - 2)
	}
	t[0xEE], t[0xEF] = 0xF3, 0xF4
	return t
}()

// namePrefix returns a key of the first 8 bytes of a name of valid UTF-8
// (zeros past its end): names whose keys differ order as their keys do.
func namePrefix(name []byte) uint64 {
	var w [8]byte
	copy(w[:], name)
	x := binary.BigEndian.Uint64(w[:])
	if x&0x8080808080808080 != 0 {
		for i, c := range w {
			w[i] = utf16Order[c]
		}
		x = binary.BigEndian.Uint64(w[:])
	}
	return x
}

// arenaEnd is where the arena's names of members from index i on start.
func (r *reorderer2) arenaEnd(i int) int {
	for ; i < len(r.members); i++ {
		if r.members[i].inArena {
			return r.members[i].name
		}
	}
	return len(r.arena)
}

func (r *reorderer2) nameOf(b []byte, m outMember) []byte {
	if m.inArena {
		return r.arena[m.name:m.nend]
	}
	return b[m.name:m.nend]
}

// compareNames orders two names of valid UTF-8 as their UTF-16 code units
// order (as compareUTF16 does): byte order, except that a character above
// U+FFFF (lead byte F0 to F4; a surrogate pair in UTF-16) comes before one
// from U+E000 to U+FFFF (lead EE or EF). Where two names first differ,
// either both bytes start a character or both continue characters that
// start alike.
func compareNames(x, y []byte) int {
	n := min(len(x), len(y))
	i := 0
	for ; i+8 <= n; i += 8 {
		a, b := load64(x, i), load64(y, i)
		if a != b {
			i += bits.TrailingZeros64(a^b) >> 3
			goto differ
		}
	}
	for ; i < n; i++ {
		if x[i] != y[i] {
			goto differ
		}
	}
	return cmpInt(len(x), len(y))
differ:
	a, b := x[i], y[i]
	if a >= 0xEE && b >= 0xEE && (a >= 0xF0) != (b >= 0xF0) {
		return cmpInt(int(b), int(a))
	}
	return cmpInt(int(a), int(b))
}

func load64(b []byte, i int) uint64 { return wire.Load64(wire.StringOf(b), i) }
