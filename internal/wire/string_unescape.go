package wire

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// This file holds the decoding half of ReadString: the loop that takes
// over once a string turns out to hold an escape, and decodes the rest of
// it in one pass. Long strings of prose have an escape every few dozen
// bytes (quotes, newlines, tabs) and non-ASCII letters in between, so the
// loop neither scans ahead nor calls out per run: it copies 16 bytes a
// step while it tests them, and at the first byte that needs care (a
// quote, a backslash, a control character, a byte of 0x80 or above) deals
// with that one byte or sequence in place and goes on.

// Tuning of the unescaping loop.
const (
	// unescRoom is the least room the loop keeps in dst past what it
	// has written: more than unescMargin, so that unescSteps always has
	// a step to take while s has unescMargin bytes left.
	unescRoom = 64
	// unescMargin is what unescSteps needs past its last step in s and
	// in dst: a step of up to 32 bytes, and 4 from the last of them.
	unescMargin = 36
	// unescGrowMin is the least a growth of dst adds.
	unescGrowMin = 256
)

// unescapeByte maps the byte after a backslash to what it decodes to, for
// the escapes of one byte; 0 for 'u' and for bytes that are no escape.
var unescapeByte = func() (t [256]byte) {
	for c, v := range map[byte]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'} {
		t[c] = v
	}
	return t
}()

// careMask flags, in the high bit of each byte of x, the bytes a decoder
// must look at: '"', '\\', control characters and bytes of 0x80 or above.
// Only the lowest flag is exact: lanes above it may be flagged by borrows.
func careMask(x uint64) uint64 {
	q := x ^ (lsb * '"')
	b := x ^ (lsb * '\\')
	return ((x - lsb*0x20) | (q - lsb) | (b - lsb) | x) & msb
}

// growUnesc returns d (resliced to its capacity) with its first w bytes
// kept and at least need bytes of room past them; it at least doubles
// what was written, so that growing is amortized over the bytes copied.
func growUnesc(d []byte, w, need int) []byte {
	if need < unescGrowMin {
		need = unescGrowMin
	}
	if need < w {
		need = w // at least double
	}
	n := make([]byte, w+need)
	copy(n, d[:w])
	return n
}

// unescapeFrom decodes the rest of a string from the backslash at s[k],
// appending to dst; fl holds what ReadString saw before k. It returns
// what ReadString returns.
//
// unescSteps does the work while it can; this loop makes room in dst,
// takes the last bytes of s, and handles one at a time what unescSteps
// leaves: the closing quote, \u escapes, invalid UTF-8 and errors.
func unescapeFrom(s string, k int, fl StrFlags, dst []byte) (end int, flags StrFlags, out []byte, ok bool) {
	n := len(s)
	w := len(dst)
	d := dst[:cap(dst)]
	j := k
	fl |= Escaped
	for {
		if len(d)-w < unescRoom {
			d = growUnesc(d, w, unescRoom)
		}
		// A step from j to lim reads within s and stores within d (see
		// unescSteps).
		if lim := min(n, j+len(d)-w) - unescMargin; j <= lim {
			var high bool
			j, w, high = unescSteps(s, j, lim, d, w)
			if high {
				fl |= NonASCII
			}
			if j <= lim {
				goto event
			}
		}
		if n-j >= unescMargin {
			continue // out of room: grow
		}
		if len(d)-w < unescRoom {
			d = growUnesc(d, w, unescRoom)
		}
	event:
		// One byte or sequence at j, whatever it is.
		if j >= n {
			return n, fl, d[:w], false
		}
		switch c := s[j]; {
		case c == '"':
			return j + 1, fl, d[:w], true
		case c == '\\':
			fl |= Escaped
			if j+1 >= n {
				return j + 1, fl, d[:w], false
			}
			e := s[j+1]
			if v := unescapeByte[e]; v != 0 {
				d[w] = v
				w++
				j += 2
				continue
			}
			if e != 'u' || j+6 > n {
				e, _ := scanEscape(s, j)
				return e, fl, d[:w], false
			}
			r := hexAt(s, j+2)
			if r < 0 {
				e, _ := scanEscape(s, j)
				return e, fl, d[:w], false
			}
			j += 6
			if utf16.IsSurrogate(r) {
				// Paired with a following \u escape, or U+FFFD.
				r2 := rune(-1)
				if j+6 <= n && s[j] == '\\' && s[j+1] == 'u' {
					r2 = hexAt(s, j+2)
				}
				if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
					r = dec
					j += 6
				} else {
					r = utf8.RuneError
					fl |= LoneSurrogate
				}
			}
			w += utf8.EncodeRune(d[w:], r)
			if j < n && s[j] == '\\' && len(d)-w >= utf8.UTFMax {
				// Escapes back to back (text in a script written as
				// \u escapes): the next one here, without a step.
				goto event
			}
		case c < 0x20:
			return j, fl, d[:w], false
		case c < utf8.RuneSelf:
			d[w] = c
			w++
			j++
		default:
			// A UTF-8 sequence: copied when it is valid, else its first
			// byte becomes U+FFFD, as utf8.DecodeRune reads it.
			fl |= NonASCII
			if r, size := utf8.DecodeRuneInString(s[j:]); r != utf8.RuneError || size != 1 {
				w += copy(d[w:], s[j:j+size])
				j += size
			} else {
				w += copy(d[w:], "\uFFFD")
				j++
			}
		}
	}
}

// unescStepsGo decodes the string content from s[j] to d[w:] while it is
// plain bytes, one-byte escapes and valid UTF-8, and returns where it
// stopped in s and d, and whether it copied a byte of 0x80 or above. It
// stops at a byte it leaves to its caller (a quote, a control character,
// a \u or bad escape, invalid UTF-8) or once j passes lim; the caller
// makes sure that lim+unescMargin <= len(s) and that d has room for
// lim-j+unescMargin bytes from w. No step outputs more bytes than it
// reads. A step at j <= lim loads and stores 16 bytes (32 in the
// kernels); the byte that needs care is at most 31 past it, and its
// escape or UTF-8 sequence is read and written as 4 bytes.
func unescStepsGo(s string, j, lim int, d []byte, w int) (int, int, bool) {
	sp := unsafe.Pointer(unsafe.StringData(s))
	dp := unsafe.Pointer(unsafe.SliceData(d))
	high := false
	for j <= lim {
		x0 := binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(sp, j))[:])
		x1 := binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(sp, j+8))[:])
		binary.LittleEndian.PutUint64((*[8]byte)(unsafe.Add(dp, w))[:], x0)
		binary.LittleEndian.PutUint64((*[8]byte)(unsafe.Add(dp, w+8))[:], x1)
		if m := careMask(x0); m != 0 {
			t := bits.TrailingZeros64(m) >> 3
			j += t
			w += t
		} else if m := careMask(x1); m != 0 {
			t := 8 + bits.TrailingZeros64(m)>>3
			j += t
			w += t
		} else {
			j += 16
			w += 16
			continue
		}
		// The byte at j needs care.
		c := *(*byte)(unsafe.Add(sp, j))
		if c == '\\' {
			v := unescapeByte[*(*byte)(unsafe.Add(sp, j+1))]
			if v == 0 {
				break
			}
			*(*byte)(unsafe.Add(dp, w)) = v
			j += 2
			w++
			continue
		}
		if c < utf8.RuneSelf {
			break
		}
		x := binary.LittleEndian.Uint32((*[4]byte)(unsafe.Add(sp, j))[:])
		size := 2 // the most common: a lead C2 to DF, a continuation
		if x&0xC0E0 != 0x80C0 || c < 0xC2 {
			if size = utf8SeqLen4(x); size == 0 {
				break
			}
		}
		binary.LittleEndian.PutUint32((*[4]byte)(unsafe.Add(dp, w))[:], x)
		high = true
		j += size
		w += size
	}
	return j, w, high
}

// load32 returns the 4 bytes of s at j, which the caller knows are
// there, as a little-endian word.
func load32(s string, j int) uint32 {
	return binary.LittleEndian.Uint32((*[4]byte)(unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), j))[:])
}

// store32 stores x little-endian at d[w:w+4], which the caller knows is
// within d's capacity.
func store32(d []byte, w int, x uint32) {
	binary.LittleEndian.PutUint32((*[4]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(d)), w))[:], x)
}

// utf8SeqLen4 returns the length of the valid UTF-8 sequence whose
// first four bytes (the first, 0x80 or above, in the low byte) are w, or
// 0 when utf8.DecodeRune reads an error of width 1 there.
func utf8SeqLen4(w uint32) int {
	c := byte(w)
	b1 := byte(w >> 8)
	switch {
	case c < 0xC2:
	case c < 0xE0:
		if w&0xC000 == 0x8000 {
			return 2
		}
	case c < 0xF0:
		if w&0xC0C000 == 0x808000 && !(c == 0xE0 && b1 < 0xA0) && !(c == 0xED && b1 >= 0xA0) {
			return 3
		}
	case c < 0xF5:
		if w&0xC0C0C000 == 0x80808000 && !(c == 0xF0 && b1 < 0x90) && !(c == 0xF4 && b1 >= 0x90) {
			return 4
		}
	}
	return 0
}
