package wire

import "math/bits"

// PlainShort looks at the string content starting at s[i] (just past an
// opening quote) for the common case of a short string without escapes:
// fewer than 32 bytes with no backslash or control character, then the
// closing quote. It returns the content's length n, whether it is all
// ASCII (if not, the caller checks it is valid UTF-8), and when n < 16 its
// bytes as two little-endian words (x0 the first 8, x1 the next; bytes
// past n are whatever follows in s). n is -1 when the string is anything
// else or s has fewer bytes from i than the words it would read (16 for
// the first two, 24 and 32 for the next): callers take the general path
// then.
func PlainShort(s string, i int) (x0, x1 uint64, n int, ascii bool) {
	if i < 0 || i+16 > len(s) {
		return 0, 0, -1, false
	}
	x0 = Load64(s, i)
	if m := stringStopMask(x0); m != 0 {
		k := bits.TrailingZeros64(m) >> 3
		if byte(x0>>(8*k)) != '"' {
			return 0, 0, -1, false
		}
		return x0, 0, k, x0&msb&(uint64(1)<<(8*k)-1) == 0
	}
	x1 = Load64(s, i+8)
	if m := stringStopMask(x1); m != 0 {
		k := bits.TrailingZeros64(m) >> 3
		if byte(x1>>(8*k)) != '"' {
			return 0, 0, -1, false
		}
		return x0, x1, k + 8, (x0|x1&(uint64(1)<<(8*k)-1))&msb == 0
	}
	high := (x0 | x1) & msb
	for k := 16; k < 32 && i+k+8 <= len(s); k += 8 {
		x := Load64(s, i+k)
		if m := stringStopMask(x); m != 0 {
			e := bits.TrailingZeros64(m) >> 3
			if byte(x>>(8*e)) != '"' {
				return 0, 0, -1, false
			}
			return x0, x1, e + k, (high|x&(uint64(1)<<(8*e)-1))&msb == 0
		}
		high |= x & msb
	}
	return 0, 0, -1, false
}
