package wire

import "math/bits"

// PlainShort looks at the string content starting at s[i] (just past an
// opening quote) for the common case of a short plain string: fewer than
// 32 bytes of printable ASCII without backslashes, then the closing
// quote. It returns the content's length n, and when n < 16 its bytes as
// two little-endian words (x0 the first 8, x1 the next; bytes past n are
// whatever follows in s). n is -1 when the string is anything else or s
// has fewer bytes from i than the words it would read (16 for the first
// two, 24 and 32 for the next): callers take the general path then.
func PlainShort(s string, i int) (x0, x1 uint64, n int) {
	if i < 0 || i+16 > len(s) {
		return 0, 0, -1
	}
	x0 = Load64(s, i)
	if m := stringStopMask(x0); m != 0 {
		if e := plainEnd(s, i, x0, m); e >= 0 {
			return x0, 0, e
		}
		return 0, 0, -1
	}
	x1 = Load64(s, i+8)
	if m := stringStopMask(x1); m != 0 {
		if e := plainEnd(s, i+8, x1, m); e >= 0 && x0&msb == 0 {
			return x0, x1, e + 8
		}
		return 0, 0, -1
	}
	if (x0|x1)&msb != 0 {
		return 0, 0, -1
	}
	for k := 16; k < 32 && i+k+8 <= len(s); k += 8 {
		x := Load64(s, i+k)
		if m := stringStopMask(x); m != 0 {
			if e := plainEnd(s, i+k, x, m); e >= 0 {
				return x0, x1, e + k
			}
			return 0, 0, -1
		}
		if x&msb != 0 {
			return 0, 0, -1
		}
	}
	return 0, 0, -1
}

// plainEnd returns the index in the word x (read at s[j]) of the quote
// that ends a plain string, m being x's stop mask (not zero), or a
// negative one when the first stop is not a quote or a byte before it
// is not ASCII.
func plainEnd(s string, j int, x, m uint64) int {
	k := bits.TrailingZeros64(m) >> 3
	if s[j+k] != '"' || x&msb&(uint64(1)<<(8*k)-1) != 0 {
		return -1
	}
	return k
}
