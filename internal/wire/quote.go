package wire

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"unicode/utf8"
)

// This file holds what the encoder needs from the byte level: quoting
// strings (and the kernels that find bytes needing an escape) and
// formatting floats.

// quoteSlack is the room AppendQuoted keeps past the bytes it still has
// to copy: the closing quote and an 8-byte store that may run past the
// end of what it copies.
const quoteSlack = 16

// Classes of bytes in quoteClass.
const (
	quotePlain = iota // copied as it is
	quoteEsc          // ASCII escaped always
	quoteHTML         // '<', '>', '&': escaped when html is set
	quoteHigh         // 0x80 and above: part of a UTF-8 sequence
)

// quoteClass classifies every byte for AppendQuoted's byte-wise loops.
var quoteClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		switch {
		case c < 0x20 || c == '"' || c == '\\':
			t[c] = quoteEsc
		case c == '<' || c == '>' || c == '&':
			t[c] = quoteHTML
		case c >= 0x80:
			t[c] = quoteHigh
		}
	}
	return t
}()

// quoteSeq holds the escape sequence of every ASCII byte that can need
// one, packed little-endian in the low six bytes, with its length in the
// top byte, so that it is written with one 8-byte store.
var quoteSeq = func() (t [128]uint64) {
	for c := 0; c < 128; c++ {
		var seq string
		switch c {
		case '"', '\\':
			seq = `\` + string(rune(c))
		case '\b':
			seq = `\b`
		case '\f':
			seq = `\f`
		case '\n':
			seq = `\n`
		case '\r':
			seq = `\r`
		case '\t':
			seq = `\t`
		default:
			seq = `\u00` + string(hexDigits[c>>4]) + string(hexDigits[c&0xf])
		}
		var w uint64
		for k := len(seq) - 1; k >= 0; k-- {
			w = w<<8 | uint64(seq[k])
		}
		t[c] = w | uint64(len(seq))<<56
	}
	return t
}()

// The escapes written for bad UTF-8 and the line separators, packed like
// quoteSeq.
var (
	seqReplacement = packSeq(`\ufffd`)
	seqLineSep     = packSeq(`\u2028`)
)

func packSeq(seq string) uint64 {
	var w uint64
	for k := len(seq) - 1; k >= 0; k-- {
		w = w<<8 | uint64(seq[k])
	}
	return w | uint64(len(seq))<<56
}

// AppendQuoted appends s to dst as a JSON string, escaped as encoding/json
// escapes: '"', '\\' and control characters (\b \f \n \r \t by name, the
// rest as \u00XX), U+2028 and U+2029 always, '<' '>' '&' when html is set,
// and each byte of invalid UTF-8 as \ufffd.
//
// It makes one pass over s: plain ASCII is copied 8 bytes a step while it
// is scanned, each UTF-8 sequence is checked and copied as a whole, and
// only the bytes that change are written one by one.
func AppendQuoted(dst []byte, s string, html bool) []byte {
	if cap(dst)-len(dst) < len(s)+quoteSlack {
		dst = slices.Grow(dst, len(s)+quoteSlack)
	}
	j := len(dst)
	d := dst[:cap(dst)]
	d[j] = '"'
	j++
	src := bytesOf(s)
	n := len(src)
	safe := &quoteClass
	var htmlMask uint64
	if html {
		htmlMask = msb
	}
	// Invariant: len(d)-j >= n-i+quoteSlack-1, so that every store of up
	// to 8 bytes while copying fits; escapes, which grow the output, make
	// room first.
	i := 0
	for {
		for i+8 <= n {
			x := binary.LittleEndian.Uint64(src[i:])
			binary.LittleEndian.PutUint64(d[j:], x)
			m := ((x-lsb*0x20)|x)&msb | hasZero(x^(lsb*'"')) | hasZero(x^(lsb*'\\'))
			if htmlMask != 0 {
				m |= hasZero(x^(lsb*'<')) | hasZero(x^(lsb*'>')) | hasZero(x^(lsb*'&'))
			}
			if m != 0 {
				k := bits.TrailingZeros64(m) >> 3
				i += k
				j += k
				goto special
			}
			i += 8
			j += 8
		}
		for i < n {
			c := src[i]
			if k := safe[c]; k != quotePlain && (k != quoteHTML || html) {
				goto special
			}
			d[j] = c
			i++
			j++
		}
		break

	special:
		if c := src[i]; c < utf8.RuneSelf {
			if len(d)-j < n-i+quoteSlack+8 {
				d = growQuoted(d, j, n-i+quoteSlack+8)
			}
			seq := quoteSeq[c]
			binary.LittleEndian.PutUint64(d[j:], seq)
			j += int(seq >> 56)
			i++
			continue
		}
		// A run of non-ASCII: check and copy one UTF-8 sequence at a
		// time while the run lasts.
		for i < n {
			c := src[i]
			if c < utf8.RuneSelf {
				break
			}
			if i+4 <= n {
				w := binary.LittleEndian.Uint32(src[i:])
				binary.LittleEndian.PutUint32(d[j:], w)
				switch {
				case c < 0xC2:
				case c < 0xE0:
					if w&0xC000 == 0x8000 {
						i += 2
						j += 2
						continue
					}
				case c < 0xF0:
					if w&0xC0C000 == 0x808000 {
						b1 := byte(w >> 8)
						if c == 0xE0 && b1 < 0xA0 || c == 0xED && b1 >= 0xA0 {
							break
						}
						if w&0xFEFFFF == 0xA880E2 {
							// U+2028 or U+2029.
							if len(d)-j < n-i+quoteSlack+8 {
								d = growQuoted(d, j, n-i+quoteSlack+8)
							}
							binary.LittleEndian.PutUint64(d[j:], seqLineSep|uint64(w>>16&1)<<40)
							i += 3
							j += 6
							continue
						}
						i += 3
						j += 3
						continue
					}
				case c < 0xF5:
					if w&0xC0C0C000 == 0x80808000 {
						b1 := byte(w >> 8)
						if c == 0xF0 && b1 < 0x90 || c == 0xF4 && b1 >= 0x90 {
							break
						}
						i += 4
						j += 4
						continue
					}
				}
			} else {
				// The last bytes of s: decode the slow way.
				r, size := utf8.DecodeRuneInString(s[i:])
				if r != utf8.RuneError || size != 1 {
					if r == '\u2028' || r == '\u2029' {
						if len(d)-j < n-i+quoteSlack+8 {
							d = growQuoted(d, j, n-i+quoteSlack+8)
						}
						binary.LittleEndian.PutUint64(d[j:], seqLineSep|uint64(r&1)<<40)
						i += size
						j += 6
						continue
					}
					for k := 0; k < size; k++ {
						d[j] = src[i]
						i++
						j++
					}
					continue
				}
			}
			// Invalid UTF-8: one \ufffd per bad byte, as encoding/json.
			if len(d)-j < n-i+quoteSlack+8 {
				d = growQuoted(d, j, n-i+quoteSlack+8)
			}
			binary.LittleEndian.PutUint64(d[j:], seqReplacement)
			i++
			j += 6
		}
	}
	d[j] = '"'
	return d[:j+1]
}

// growQuoted returns d with its first j bytes kept and room for at least
// need more, resliced to its capacity.
func growQuoted(d []byte, j, need int) []byte {
	d = slices.Grow(d[:j], need)
	return d[:cap(d)]
}

// NeedsQuoting reports whether AppendQuoted would change s (beyond adding
// the quotes).
func NeedsQuoting(s string, html bool) bool {
	i := 0
	for {
		i = indexEscape(s, i, html)
		if i >= len(s) {
			return false
		}
		if s[i] < utf8.RuneSelf {
			return true
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
			return true
		}
		i += size
	}
}

// escapeMask flags bytes an encoder must look at: '"', '\\', control
// characters, with html also '<', '>' and '&', and with high also every
// non-ASCII byte (which may be invalid UTF-8 or U+2028/U+2029).
func escapeMask(x uint64, html, high bool) uint64 {
	m := hasLess(x, 0x20) | hasZero(x^(lsb*'"')) | hasZero(x^(lsb*'\\'))
	if html {
		m |= hasZero(x^(lsb*'<')) | hasZero(x^(lsb*'>')) | hasZero(x^(lsb*'&'))
	}
	if high {
		m |= x & msb
	}
	return m
}

// indexEscape returns the index of the first byte at or after i that an
// encoder must look at (see escapeMask, with high set), or len(s).
func indexEscape(s string, i int, html bool) int {
	b := bytesOf(s)
	for ; i+8 <= len(b); i += 8 {
		if m := escapeMask(binary.LittleEndian.Uint64(b[i:]), html, true); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for ; i < len(b); i++ {
		if k := quoteClass[b[i]]; k != quotePlain && (k != quoteHTML || html) {
			break
		}
	}
	return i
}
