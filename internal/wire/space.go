package wire

import (
	"encoding/binary"
	"math/bits"
)

// IsSpace reports whether c is JSON whitespace.
func IsSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// SkipSpace returns the index of the first byte at or after i that is not
// JSON whitespace, or len(s).
func SkipSpace(s string, i int) int {
	if i < len(s) && s[i] > ' ' {
		return i
	}
	return SkipSpaceMore(s, i)
}

// SkipSpaceMore is SkipSpace's loop, for callers that tested the first
// byte themselves; it is kept out of line so that SkipSpace inlines.
//
//go:noinline
func SkipSpaceMore(s string, i int) int {
	for i < len(s) {
		switch s[i] {
		case '\n':
			i++
			if i >= len(s) || s[i] != ' ' {
				continue
			}
			fallthrough
		case ' ':
			// Indentation is runs of spaces: compare 8 bytes at a time
			// with eight spaces. s[i] is a space, so the first byte
			// that differs is past i.
			if i+8 > len(s) {
				i++
				continue
			}
			for i+8 <= len(s) {
				if y := binary.LittleEndian.Uint64(bytesOf(s)[i:]) ^ (lsb * ' '); y != 0 {
					i += bits.TrailingZeros64(y) >> 3
					goto next
				}
				i += 8
			}
			// Fewer than 8 bytes left, not yet looked at.
		case '\t', '\r':
			i++
		default:
			return i
		}
	next:
	}
	return i
}
