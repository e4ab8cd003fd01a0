package jsontext

import (
	"encoding/binary"
	"hash/maphash"
	"math/bits"
	"slices"
)

// This file finds duplicate names for reformatFast, within the objects of
// one value. Each name gets a 64-bit key that is a function of the name
// (its decoded content): names of up to 7 bytes are their own key, longer
// ones a seeded hash. Distinct keys mean distinct names, so an object
// whose keys are all distinct has no duplicate; two equal keys are a
// duplicate or a collision, and reformatFast then gives the value to the
// reference, which compares names. An object's keys are checked when it
// closes: by a lookup among key sequences already found distinct (objects
// in a document come in few shapes), else pair by pair or through a hash
// table.

// Tuning of the duplicate check.
const (
	// keySeqCacheSize is the number of distinct key sequences remembered
	// (a power of two); keySeqMax the longest sequence remembered.
	keySeqCacheSize = 64
	keySeqMax       = 128
	// keysPairwiseMax is the most names checked pair by pair; more go
	// through a hash table.
	keysPairwiseMax = 8
)

var (
	keySeed  = maphash.MakeSeed()
	keyWord0 = maphash.Bytes(keySeed, []byte("word0"))
	keyWord1 = maphash.Bytes(keySeed, []byte("word1"))
	keyWord2 = maphash.Bytes(keySeed, []byte("word2"))
	keyWord3 = maphash.Bytes(keySeed, []byte("word3"))
	keySlot  = maphash.Bytes(keySeed, []byte("slot")) | 1
)

const keyHashed = uint64(1) << 63

// shortNameKey is the key of a name of n < 16 bytes whose first 8 bytes
// are x0 and next 8 are x1, little-endian (bytes past n are ignored).
func shortNameKey(x0, x1 uint64, n int) uint64 {
	if n < 8 {
		return tinyNameKey(x0&(1<<(8*n)-1), n)
	}
	hi, lo := bits.Mul64(x0^keyWord0, x1&(1<<(8*(n-8))-1)^keyWord1^uint64(n))
	return hi ^ lo | keyHashed
}

// tinyNameKey is the key of a name of n < 8 bytes, x (little-endian,
// zero past n): the name itself and its length.
func tinyNameKey(x uint64, n int) uint64 { return x | uint64(n)<<56 }

// mediumNameKey is the key of a name of 16 <= n < 32 bytes whose bytes
// are the little-endian words x0 to x3, zero past n.
func mediumNameKey(x0, x1, x2, x3 uint64, n int) uint64 {
	hi, lo := bits.Mul64(x0^keyWord0, x1^keyWord1)
	hi2, lo2 := bits.Mul64(x2^keyWord2^hi, x3^keyWord3^lo^uint64(n))
	return hi2 ^ lo2 | keyHashed
}

// nameKey is the key of a name.
func nameKey(name []byte) uint64 {
	switch n := len(name); {
	case n < 16:
		var w [16]byte
		copy(w[:], name)
		return shortNameKey(binary.LittleEndian.Uint64(w[:8]), binary.LittleEndian.Uint64(w[8:]), n)
	case n < 32:
		var w [32]byte
		copy(w[:], name)
		return mediumNameKey(binary.LittleEndian.Uint64(w[:8]), binary.LittleEndian.Uint64(w[8:]),
			binary.LittleEndian.Uint64(w[16:]), binary.LittleEndian.Uint64(w[24:]), n)
	}
	return maphash.Bytes(keySeed, name) | keyHashed
}

// nameKeyFast is nameKey, reading whole words where the slice's array
// has room past the name (bytes past it do not count).
func nameKeyFast(name []byte) uint64 {
	n := len(name)
	if n >= 32 || cap(name) < 32 {
		return nameKey(name)
	}
	w := name[:32]
	x0, x1 := binary.LittleEndian.Uint64(w), binary.LittleEndian.Uint64(w[8:])
	if n < 16 {
		return shortNameKey(x0, x1, n)
	}
	x2, x3 := binary.LittleEndian.Uint64(w[16:]), binary.LittleEndian.Uint64(w[24:])
	if n < 24 {
		x2 &= 1<<(8*(n-16)) - 1
		x3 = 0
	} else {
		x3 &= 1<<(8*(n-24)) - 1
	}
	return mediumNameKey(x0, x1, x2, x3, n)
}

// nameCheck holds the keys of the names of the open objects and the key
// sequences known to be distinct.
type nameCheck struct {
	keys   []uint64 // the names of the open objects, innermost last
	firsts []int    // per open object, the index in keys of its first name
	seqs   [keySeqCacheSize][]uint64
	table  []uint64 // scratch for distinct
}

func (c *nameCheck) open() { c.firsts = append(c.firsts, len(c.keys)) }

func (c *nameCheck) add(k uint64) { c.keys = append(c.keys, k) }

// close forgets the innermost object and reports whether its keys were
// distinct.
func (c *nameCheck) close() bool {
	first := c.firsts[len(c.firsts)-1]
	c.firsts = c.firsts[:len(c.firsts)-1]
	ks := c.keys[first:]
	c.keys = c.keys[:first]
	if len(ks) < 2 {
		return true
	}
	var slot *[]uint64
	if len(ks) <= keySeqMax {
		slot = &c.seqs[keySeqSlot(ks)]
		if slices.Equal(*slot, ks) {
			return true
		}
	}
	if !c.distinct(ks) {
		return false
	}
	if slot != nil {
		*slot = append((*slot)[:0], ks...)
	}
	return true
}

// keySeqSlot returns the place in seqs of the key sequence ks (at least
// two keys).
func keySeqSlot(ks []uint64) uint64 {
	h := ((ks[0]^uint64(len(ks)))*keySlot ^ ks[len(ks)-1]) * keySlot
	return h >> (64 - bits.Len(keySeqCacheSize-1))
}

// distinct reports whether the keys ks are distinct.
func (c *nameCheck) distinct(ks []uint64) bool {
	if len(ks) <= keysPairwiseMax {
		for i := 1; i < len(ks); i++ {
			for _, k := range ks[:i] {
				if k == ks[i] {
					return false
				}
			}
		}
		return true
	}
	// Open addressing; 0 marks a free slot, so the key 0 (the empty name)
	// is looked for apart.
	size := 1 << bits.Len(uint(2*len(ks)-1))
	if cap(c.table) < size {
		c.table = make([]uint64, size)
	}
	t := c.table[:size]
	clear(t)
	mask := uint64(size - 1)
	zero := false
	for _, k := range ks {
		if k == 0 {
			if zero {
				return false
			}
			zero = true
			continue
		}
		i := (k * keySlot) >> 32 & mask
		for t[i] != 0 {
			if t[i] == k {
				return false
			}
			i = (i + 1) & mask
		}
		t[i] = k
	}
	return true
}

// drop forgets every open object.
func (c *nameCheck) drop() {
	c.keys, c.firsts = c.keys[:0], c.firsts[:0]
}
