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
			if y := binary.LittleEndian.Uint64(bytesOf(s)[i:]) ^ (lsb * ' '); y != 0 {
				i += bits.TrailingZeros64(y) >> 3
				goto next
			}
			i += 8
			// Deep indentation: 32 bytes per step.
			for i+32 <= len(s) {
				b := bytesOf(s)[i : i+32 : i+32]
				y0 := binary.LittleEndian.Uint64(b) ^ (lsb * ' ')
				y1 := binary.LittleEndian.Uint64(b[8:]) ^ (lsb * ' ')
				y2 := binary.LittleEndian.Uint64(b[16:]) ^ (lsb * ' ')
				y3 := binary.LittleEndian.Uint64(b[24:]) ^ (lsb * ' ')
				if y0|y1|y2|y3 == 0 {
					i += 32
					continue
				}
				switch {
				case y0 != 0:
					i += bits.TrailingZeros64(y0) >> 3
				case y1 != 0:
					i += 8 + bits.TrailingZeros64(y1)>>3
				case y2 != 0:
					i += 16 + bits.TrailingZeros64(y2)>>3
				default:
					i += 24 + bits.TrailingZeros64(y3)>>3
				}
				goto next
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
