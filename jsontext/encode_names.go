package jsontext

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// This file holds the encoder's set of the names written into its open
// objects, for the duplicate check of WriteToken and WriteValue (which
// must refuse a duplicate name when it is written, unlike reformatFast's
// check of a whole value, nameCheck). Each name has a key (see nameKey):
// equal names have equal keys, and keys of up to 7 bytes are the names
// themselves; the text of a longer name is kept, to compare when keys
// are equal. An object's names are searched key by key while they are
// few, and through a hash table of its keys from tokenNamesTable on.
//
// Objects tend to come in series of the same shape (the same names in
// the same order): for each depth the set keeps the keys of the last
// object closed there (all different), and while a new object's names
// follow them, each is known to be new at one comparison.

// Tuning of the set: the number of names from which an object's names
// are found through a hash table, and the most names a shape keeps.
const (
	tokenNamesTable = 16
	tokenShapeMax   = 64
)

// tokenNames is the set of names of the open objects.
type tokenNames struct {
	keys   []uint64   // one per name, innermost object's last
	spans  []uint64   // per name: its text in text (start<<32 | end), for hashed keys
	text   []byte     // the texts of names with hashed keys, back to back
	objs   []namesObj // one per open object
	shapes [][]uint64 // per depth, the keys of the last object closed there
	buf    []byte     // scratch: a name unquoted
}

type namesObj struct {
	first    int      // index in keys of the object's first name
	text     int      // len(text) when the object opened
	table    []uint32 // open addressing over keys[first:], 1-based; nil while small
	shape    []uint64 // the shape its names follow so far, or nil
	collided bool     // two of its names have the same key
}

func (s *tokenNames) reset() {
	s.keys, s.spans, s.text = s.keys[:0], s.spans[:0], s.text[:0]
	for i := range s.objs {
		s.objs[i].table = nil
	}
	s.objs = s.objs[:0]
	if cap(s.keys) > 1<<12 {
		s.keys, s.spans = nil, nil
	}
	if cap(s.text) > 1<<16 {
		s.text = nil
	}
	if cap(s.objs) > 1<<8 {
		s.objs = nil
	}
}

func (s *tokenNames) push() {
	d := len(s.objs)
	if d < cap(s.objs) {
		s.objs = s.objs[:d+1]
	} else {
		s.objs = append(s.objs, namesObj{})
	}
	o := &s.objs[d]
	o.first, o.text, o.shape, o.collided = len(s.keys), len(s.text), nil, false
	if o.table != nil {
		if cap(o.table) > 1<<12 {
			o.table = nil
		} else {
			o.table = o.table[:0]
		}
	}
	if d < len(s.shapes) && len(s.shapes[d]) > 0 {
		o.shape = s.shapes[d]
	}
}

func (s *tokenNames) pop() {
	d := len(s.objs) - 1
	o := &s.objs[d]
	if keys := s.keys[o.first:]; len(keys) > 0 && !o.collided && len(keys) <= tokenShapeMax &&
		!(o.shape != nil && len(keys) == len(o.shape)) {
		// A new shape for the depth (an object that followed its shape
		// to the end leaves it as it is).
		for len(s.shapes) <= d {
			s.shapes = append(s.shapes, nil)
		}
		s.shapes[d] = append(s.shapes[d][:0], keys...)
	}
	s.keys, s.spans, s.text = s.keys[:o.first], s.spans[:o.first], s.text[:o.text]
	s.objs = s.objs[:d]
}

// insertQuoted adds the name whose quoted text is q to the innermost
// object and reports whether it was new; verbatim says that q holds no
// escapes and valid UTF-8 (its content is the name as it is).
func (s *tokenNames) insertQuoted(q []byte, verbatim bool) bool {
	if verbatim {
		return s.insert(q[1 : len(q)-1])
	}
	s.buf = appendUnquotedValid(s.buf[:0], q)
	return s.insert(s.buf)
}

// insert adds a name to the innermost object and reports whether it was
// new.
func (s *tokenNames) insert(name []byte) bool {
	return s.insertKey(nameKeyFast(name), name)
}

// insertKey is insert of a name whose key is k. A name that follows the
// object's shape is added here without a call, when the slices have
// room; insertMore does the rest.
func (s *tokenNames) insertKey(k uint64, name []byte) bool {
	o := &s.objs[len(s.objs)-1]
	nk := len(s.keys)
	if i := nk - o.first; i < len(o.shape) && o.shape[i] == k && nk < cap(s.keys) && nk < cap(s.spans) {
		// The names so far are the shape's, all different.
		var span uint64
		if k>>56 >= 8 {
			// A hashed key: the text is kept.
			t, n := len(s.text), len(name)
			if n > 32 || cap(s.text)-t < n {
				return s.insertMore(o, k, name)
			}
			copyShort(unsafe.Add(unsafe.Pointer(unsafe.SliceData(s.text)), t), unsafe.Pointer(unsafe.SliceData(name)), n)
			s.text = s.text[:t+n]
			span = uint64(t)<<32 | uint64(t+n)
		}
		s.keys = s.keys[:nk+1]
		s.keys[nk] = k
		s.spans = s.spans[:nk+1]
		s.spans[nk] = span
		return true
	}
	return s.insertMore(o, k, name)
}

// insertMore is insertKey of a name that is not settled at once.
func (s *tokenNames) insertMore(o *namesObj, k uint64, name []byte) bool {
	keys := s.keys[o.first:]
	if o.shape != nil {
		if len(keys) < len(o.shape) && o.shape[len(keys)] == k {
			goto add // the names so far are the shape's, all different
		}
		o.shape = nil
	}
	if len(keys) < tokenNamesTable {
		for i, k2 := range keys {
			if k2 == k {
				if k>>56 < 8 || string(s.textOf(o.first+i)) == string(name) {
					return false
				}
				o.collided = true
			}
		}
	} else {
		n := len(keys)
		if len(o.table) < 2*(n+1) {
			s.rehash(o, n+1)
		}
		mask := uint64(len(o.table) - 1)
		i := slotOfKey(k) & mask
		for ; o.table[i] != 0; i = (i + 1) & mask {
			j := o.first + int(o.table[i]) - 1
			if s.keys[j] == k {
				if k>>56 < 8 || string(s.textOf(j)) == string(name) {
					return false
				}
				o.collided = true
			}
		}
		o.table[i] = uint32(n + 1)
	}
add:
	s.keys = append(s.keys, k)
	var span uint64
	if k>>56 >= 8 {
		// A hashed key: the text is kept.
		start := len(s.text)
		s.text = append(s.text, name...)
		span = uint64(start)<<32 | uint64(len(s.text))
	}
	s.spans = append(s.spans, span)
	return true
}

// textOf returns the text of name i, which has a hashed key.
func (s *tokenNames) textOf(i int) []byte {
	sp := s.spans[i]
	return s.text[sp>>32 : sp&(1<<32-1)]
}

// slotOfKey spreads a key over a hash table: short names' keys are their
// bytes, so they are mixed first.
func slotOfKey(k uint64) uint64 {
	hi, lo := bits.Mul64(k^keySlot, 0x9e3779b97f4a7c15)
	return hi ^ lo
}

// rehash sizes o's table for at least n names and fills it with the
// object's names.
func (s *tokenNames) rehash(o *namesObj, n int) {
	size := 1 << bits.Len(uint(4*n-1))
	if cap(o.table) >= size {
		o.table = o.table[:size]
		clear(o.table)
	} else {
		o.table = make([]uint32, size)
	}
	mask := uint64(size - 1)
	for j, k := range s.keys[o.first:] {
		i := slotOfKey(k) & mask
		for o.table[i] != 0 {
			i = (i + 1) & mask
		}
		o.table[i] = uint32(j + 1)
	}
}

// nameKeyIn is nameKey, reading only the bytes of name (no byte past
// it), in words that may overlap. It serves names just read from text
// that is not the output, where nameKeyFast's words would be read back
// from stores just made to the output, which the CPU cannot forward and
// waits for.
func nameKeyIn(name []byte) uint64 {
	n := len(name)
	switch {
	case n < 4:
		if n == 0 {
			return 0
		}
		// The first, middle and last bytes cover names of 1 to 3.
		x := uint64(name[0]) | uint64(name[n>>1])<<(8*(n>>1)) | uint64(name[n-1])<<(8*(n-1))
		return x | uint64(n)<<56
	case n < 8:
		x := uint64(binary.LittleEndian.Uint32(name)) | uint64(binary.LittleEndian.Uint32(name[n-4:]))<<(8*(n-4))
		return x | uint64(n)<<56
	case n < 16:
		x0 := binary.LittleEndian.Uint64(name)
		x1 := binary.LittleEndian.Uint64(name[n-8:]) >> (8 * (16 - n)) // bytes 8 to n
		return shortNameKey(x0, x1, n)
	case n < 32:
		x0, x1 := binary.LittleEndian.Uint64(name), binary.LittleEndian.Uint64(name[8:])
		z := binary.LittleEndian.Uint64(name[n-8:])
		var x2, x3 uint64
		if n < 24 {
			x2 = z >> (8 * (24 - n)) // bytes 16 to n
		} else {
			x2, x3 = binary.LittleEndian.Uint64(name[16:]), z>>(8*(32-n))
		}
		return mediumNameKey(x0, x1, x2, x3, n)
	}
	return nameKey(name)
}
