package wire

import "math/bits"

// PlainShort looks at the string content starting at s[i] (just past an
// opening quote) for the common case of a short plain string: fewer than
// 16 bytes of printable ASCII without backslashes, then the closing
// quote. It returns the content's length n and its bytes as two
// little-endian words (x0 the first 8, x1 the next; bytes past n are
// whatever follows in s), or n = -1 when the string is anything else or
// s has fewer than 16 bytes from i. Callers take the general path then.
func PlainShort(s string, i int) (x0, x1 uint64, n int) {
	if i < 0 || i+16 > len(s) {
		return 0, 0, -1
	}
	x0 = Load64(s, i)
	if m := stringStopMask(x0); m != 0 {
		k := bits.TrailingZeros64(m) >> 3
		if s[i+k] != '"' || x0&msb&(uint64(1)<<(8*k)-1) != 0 {
			return 0, 0, -1
		}
		return x0, 0, k
	}
	if x0&msb != 0 {
		return 0, 0, -1
	}
	x1 = Load64(s, i+8)
	m := stringStopMask(x1)
	if m == 0 {
		return 0, 0, -1
	}
	k := bits.TrailingZeros64(m) >> 3
	if s[i+8+k] != '"' || x1&msb&(uint64(1)<<(8*k)-1) != 0 {
		return 0, 0, -1
	}
	return x0, x1, 8 + k
}
