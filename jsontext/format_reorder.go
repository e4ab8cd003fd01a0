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
	obj        int // the index in objs of the first object that may be in it
	inArena    bool
}

// reorderer2 holds the members of the open objects, and where the
// members of the closed objects go. The members are not moved as each
// object closes (an object nested n deep would be moved n times): apply
// writes every object in its order at once, when the value is written
// whole.
type reorderer2 struct {
	keys    []sortKey   // scratch for close
	members []outMember // innermost object's last
	firsts  []int       // per open object, the index in members of its first
	slots   []int       // per open object, the index of its entry in objs
	arena   []byte      // unquoted names that are not their text
	out     []byte      // scratch for the value reordered

	objs  []sortedObject // every object, in the order they open
	spans []outSpan      // the members of objects to reorder, in order
	moves int            // how many objects are to reorder
}

// sortedObject is an object of the value: body is where the output has
// what follows its '{'. An object whose members are to be written in
// another order (moved) has them in spans[lo:hi], in the order to write
// them; first is where its first member starts in the output and last
// where its last one ends; out[sepLo:sepHi] goes between two members;
// next is the index in objs of the first object after it.
type sortedObject struct {
	body         int
	moved        bool
	first, last  int
	sepLo, sepHi int
	lo, hi       int
	next         int
}

// outSpan is a member to write: where it is in the output, and the index
// in objs of the first object that may be in it.
type outSpan struct{ start, end, obj int }

func (r *reorderer2) open(body int) {
	r.firsts = append(r.firsts, len(r.members))
	r.slots = append(r.slots, len(r.objs))
	r.objs = append(roomForOne(r.objs), sortedObject{body: body})
}

// roomForOne returns s with room for one more element: its capacity
// doubled when it is full. append grows a large slice by a quarter,
// which cost a value with 100,000 objects dozens of allocations and
// five times its final size in copies (and a pooled Encoder loses its
// slices at every collection).
func roomForOne[T any](s []T) []T {
	if len(s) == cap(s) {
		s = slices.Grow(s, len(s)+16)
	}
	return s
}

// addName records a member whose name's quoted text in the output is
// out[start:end]. q is that name as it was read; plain says that its
// unquoted content is its text between the quotes.
func (r *reorderer2) addName(start, end int, q []byte, plain bool) {
	m := outMember{start: start, name: start + 1, nend: end - 1, obj: len(r.objs)}
	if !plain {
		m.inArena = true
		m.name = len(r.arena)
		r.arena = appendUnquotedValid(r.arena, q)
		m.nend = len(r.arena)
	}
	r.members = append(roomForOne(r.members), m)
}

// setEnd records where the innermost object's last member ends.
func (r *reorderer2) setEnd(end int) { r.members[len(r.members)-1].end = end }

// drop forgets every object.
func (r *reorderer2) drop() {
	r.members, r.firsts, r.slots, r.arena = r.members[:0], r.firsts[:0], r.slots[:0], r.arena[:0]
	r.objs, r.spans, r.moves = r.objs[:0], r.spans[:0], 0
}

// close sorts the members of the innermost object, which the output b
// now holds whole (its objects not reordered yet), records their order
// for apply, and forgets the object. It reports false where two names
// are equal: they are then ordered by their members' text, which apply
// has not written yet.
func (r *reorderer2) close(b []byte) bool {
	first := r.firsts[len(r.firsts)-1]
	slot := r.slots[len(r.slots)-1]
	r.firsts = r.firsts[:len(r.firsts)-1]
	r.slots = r.slots[:len(r.slots)-1]
	ms := r.members[first:]
	defer func() {
		// This object's names are the last in the arena.
		r.arena = r.arena[:r.arenaEnd(first)]
		r.members = r.members[:first]
	}()
	if len(ms) < 2 {
		return true
	}
	// The members are sorted as keys: the first 8 bytes of each name,
	// which order as the names do when they differ; equal, the names
	// are compared whole.
	ks := r.keys[:0]
	for i, m := range ms {
		ks = append(ks, sortKey{namePrefix(r.nameOf(b, m)), i})
	}
	r.keys = ks
	tie := false
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
		tie = true
		return 0
	}
	sorted := true
	for i := 1; i < len(ks); i++ {
		if cmp(ks[i-1], ks[i]) >= 0 {
			sorted = false
			break
		}
	}
	if tie {
		return false
	}
	if sorted {
		return true
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
	if tie {
		return false
	}
	// Every member but the first follows the same delimiter (a comma and
	// the whitespace the options ask for); the first follows what comes
	// after the '{'.
	lo := len(r.spans)
	for _, k := range ks {
		m := ms[k.i]
		r.spans = append(roomForOne(r.spans), outSpan{m.start, m.end, m.obj})
	}
	o := &r.objs[slot]
	o.moved = true
	o.first, o.last = ms[0].start, ms[len(ms)-1].end
	o.sepLo, o.sepHi = ms[0].end, ms[1].start
	o.lo, o.hi = lo, len(r.spans)
	o.next = len(r.objs)
	r.moves++
	return true
}

// apply writes the objects close recorded in their order, in the value
// written at b[start:], and forgets the objects.
func (r *reorderer2) apply(b []byte, start int) {
	if r.moves > 0 {
		out := r.out[:0]
		if cap(out) < len(b)-start {
			out = make([]byte, 0, len(b)-start) // its size: one allocation
		}
		out = r.emit(out, b, start, len(b), 0)
		copy(b[start:], out)
		r.out = out
	}
	r.objs, r.spans, r.moves = r.objs[:0], r.spans[:0], 0
}

// emit appends b[lo:hi] with the objects in it, from objs[k] on, in
// their order.
func (r *reorderer2) emit(out, b []byte, lo, hi, k int) []byte {
	for k < len(r.objs) && r.objs[k].body < hi {
		o := &r.objs[k]
		if !o.moved {
			k++ // its objects follow it
			continue
		}
		out = append(out, b[lo:o.first]...)
		sep := b[o.sepLo:o.sepHi]
		for i, m := range r.spans[o.lo:o.hi] {
			if i > 0 {
				out = append(out, sep...)
			}
			out = r.emit(out, b, m.start, m.end, m.obj)
		}
		lo = o.last
		k = o.next
	}
	return append(out, b[lo:hi]...)
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
