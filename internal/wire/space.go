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
// Indentation is the common case: a newline, then a run of spaces whose
// length changes from line to line. Runs up to 32 bytes are measured
// from four words at once: the branches depend only on which word the run
// ends in, which changes much less often than its length, and one
// trailing-zero count finishes.
//
//go:noinline
func SkipSpaceMore(s string, i int) int {
	for i < len(s) {
		c := s[i]
		if c == '\n' {
			i++
			if i >= len(s) || s[i] != ' ' {
				continue
			}
		} else if c != ' ' {
			if c == '\t' || c == '\r' {
				i++
				continue
			}
			return i
		}
		// s[i] is a space.
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
			w, at := y3, 24
			if y2 != 0 {
				w, at = y2, 16
			}
			if y1 != 0 {
				w, at = y1, 8
			}
			if y0 != 0 {
				w, at = y0, 0
			}
			i += at + bits.TrailingZeros64(w)>>3
			// Most often a value or a bracket follows.
			if s[i] > ' ' {
				return i
			}
			goto next
		}
		// Near the end: a word, then single bytes.
		for i+8 <= len(s) {
			if y := binary.LittleEndian.Uint64(bytesOf(s)[i:]) ^ (lsb * ' '); y != 0 {
				i += bits.TrailingZeros64(y) >> 3
				goto next
			}
			i += 8
		}
		for i < len(s) && s[i] == ' ' {
			i++
		}
	next:
	}
	return i
}
