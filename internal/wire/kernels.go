package wire

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// This file holds the byte-scanning kernels: the inner loops that look at
// every byte of a document. They work 8 bytes at a time (SWAR: SIMD within
// a register) in plain Go, so they run on every GOARCH. An architecture
// with vector instructions may replace a kernel with an assembly twin of
// the same signature; the tests compare every kernel against a byte-at-a-
// time reference.

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// bytesOf views s as a byte slice without copying. The result must never
// be written to.
func bytesOf(s string) []byte {
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

// hasZero sets the high bit of each byte of x that is zero. The lowest set
// bit always marks the first zero byte; bits above it may be false
// positives from borrows, so callers only use the lowest one.
func hasZero(x uint64) uint64 { return (x - lsb) & ^x & msb }

// hasLess sets the high bit of each byte of x below n (n <= 0x80), with
// the same lowest-bit guarantee as hasZero.
func hasLess(x uint64, n byte) uint64 { return (x - lsb*uint64(n)) & ^x & msb }

// stringStopMask flags bytes that end a run of plain string content while
// decoding: '"', '\\' and control characters.
func stringStopMask(x uint64) uint64 {
	return hasLess(x, 0x20) | hasZero(x^(lsb*'"')) | hasZero(x^(lsb*'\\'))
}

// StringStops returns a mask with the high bit set in each byte of x (8
// bytes of text, little-endian) that ends a run of plain string content:
// '"', '\\' or a control character. The lowest set bit is exact; bits
// above it may be false positives.
func StringStops(x uint64) uint64 { return skStop(x) }

// NonDigits returns a mask with the high bit set in each byte of x that
// is not a decimal digit. The lowest set bit is exact; bits above it may
// be false positives.
func NonDigits(x uint64) uint64 {
	t := (x & (lsb * 0xf0)) ^ (lsb * 0x30) | ((x&(lsb*0x0f))+lsb*0x06)&(lsb*0x10)
	return ((t &^ msb) + lsb*0x7f | t) & msb
}

// indexStringStop returns the index of the first byte at or after i that is
// '"', '\\' or below 0x20 (len(s) if none), and whether any byte in
// s[i:index] is 0x80 or above (so the run needs a UTF-8 check).
func indexStringStop(s string, i int) (int, bool) {
	b := bytesOf(s)
	var high uint64
	for k := 0; i+8 <= len(b); k++ {
		if k == 2 && len(b)-i >= skVecMin {
			// A long string: pass over 32-byte blocks with the vector
			// kernel where there is one.
			c, h := skStringStop(s, i)
			if h {
				high = msb
			}
			if i += c; i+8 > len(b) {
				break
			}
		}
		x := binary.LittleEndian.Uint64(b[i:])
		if m := stringStopMask(x); m != 0 {
			n := bits.TrailingZeros64(m)
			// Only the bytes before the stop count for non-ASCII.
			high |= x & msb & (uint64(1)<<(n&^7) - 1)
			return i + n>>3, high != 0
		}
		high |= x & msb
		i += 8
	}
	for ; i < len(b); i++ {
		c := b[i]
		if c == '"' || c == '\\' || c < 0x20 {
			break
		}
		high |= uint64(c) & 0x80
	}
	return i, high != 0
}

// Load64 returns the 8 bytes of s at i as a little-endian word, without
// bounds checks: the caller guarantees i >= 0 and i+8 <= len(s).
func Load64(s string, i int) uint64 { return skLoad64(s, i) }
