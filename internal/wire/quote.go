package wire

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"unicode/utf8"
	"unsafe"
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
// only the bytes that change are written one by one. Where the CPU has
// a vector kernel (AVX2), strings past quoteShortMax bytes go 32 bytes a
// step through it, and the Go code takes over only around the bytes that
// need care.
func AppendQuoted(dst []byte, s string, html bool) []byte {
	return appendQuotedMark(dst, s, html, nil)
}

// AppendQuotedMarked is AppendQuoted, and reports whether it wrote an
// escape that encoding/json/v2 does not write: \ufffd for a byte of
// invalid UTF-8, or \u2028 or \u2029.
func AppendQuotedMarked(dst []byte, s string, html bool) (out []byte, marked bool) {
	out = appendQuotedMark(dst, s, html, &marked)
	return out, marked
}

// appendQuotedMark is AppendQuoted, which sets *mark (when mark is not
// nil) if it writes \ufffd, \u2028 or \u2029.
func appendQuotedMark(dst []byte, s string, html bool, mark *bool) []byte {
	// The most common kind of string (member names, identifiers, words,
	// short sentences) has 1 to quoteShortMax bytes (16 where the vector
	// kernel runs, which is faster past that; 64 elsewhere) that need no
	// change. With room for them and quoteSlack more, they are copied a
	// word at a time while the words are tested (quoteWordLoose); at the
	// first word with a byte that may need care, appendQuoted starts
	// over. The bytes are addressed through pointers (window), every
	// access being within s or within the room just checked, and the
	// general code is kept apart so that this path's frame and register
	// use stay small.
	n := len(s)
	j := len(dst)
	if n > quoteShortMax || n == 0 || cap(dst)-j < n+quoteSlack {
		return appendQuoted(dst, s, html, mark)
	}
	d := unsafe.Add(unsafe.Pointer(unsafe.SliceData(dst)), j)
	src := unsafe.Pointer(unsafe.StringData(s))
	*(*byte)(d) = '"'
	d = unsafe.Add(d, 1)
	lm := looseFor(html)
	switch {
	case n < 4:
		// First, middle and last byte cover 1 to 3; the other lanes
		// hold a byte that needs nothing.
		a, b, c := *(*byte)(src), *(*byte)(unsafe.Add(src, n>>1)), *(*byte)(unsafe.Add(src, n-1))
		*(*byte)(d) = a
		*(*byte)(unsafe.Add(d, n>>1)) = b
		*(*byte)(unsafe.Add(d, n-1)) = c
		if quoteWordLoose(uint64(a)|uint64(b)<<8|uint64(c)<<16|0x61616161_61000000, lm) != 0 {
			return appendQuoted(dst, s, html, mark)
		}
	case n < 8:
		// Two overlapping four-byte words cover 4 to 7.
		lo := binary.LittleEndian.Uint32(window(src, 0))
		hi := binary.LittleEndian.Uint32(window(src, n-4))
		binary.LittleEndian.PutUint32(window(d, 0), lo)
		binary.LittleEndian.PutUint32(window(d, n-4), hi)
		if quoteWordLoose(uint64(lo)|uint64(hi)<<32, lm) != 0 {
			return appendQuoted(dst, s, html, mark)
		}
	case n <= 16:
		// Two overlapping words cover 8 to 16.
		x0 := binary.LittleEndian.Uint64(window(src, 0))
		x1 := binary.LittleEndian.Uint64(window(src, n-8))
		binary.LittleEndian.PutUint64(window(d, 0), x0)
		binary.LittleEndian.PutUint64(window(d, n-8), x1)
		if quoteWordLoose(x0, lm)|quoteWordLoose(x1, lm) != 0 {
			return appendQuoted(dst, s, html, mark)
		}
	default:
		// Pairs of words, then the last sixteen bytes (overlapping),
		// with one test per pair.
		for k := 0; k+16 < n; k += 16 {
			x0 := binary.LittleEndian.Uint64(window(src, k))
			x1 := binary.LittleEndian.Uint64(window(src, k+8))
			binary.LittleEndian.PutUint64(window(d, k), x0)
			binary.LittleEndian.PutUint64(window(d, k+8), x1)
			if quoteWordLoose(x0, lm)|quoteWordLoose(x1, lm) != 0 {
				return appendQuoted(dst, s, html, mark)
			}
		}
		x0 := binary.LittleEndian.Uint64(window(src, n-16))
		x1 := binary.LittleEndian.Uint64(window(src, n-8))
		binary.LittleEndian.PutUint64(window(d, n-16), x0)
		binary.LittleEndian.PutUint64(window(d, n-8), x1)
		if quoteWordLoose(x0, lm)|quoteWordLoose(x1, lm) != 0 {
			return appendQuoted(dst, s, html, mark)
		}
	}
	*(*byte)(unsafe.Add(d, n)) = '"'
	return dst[:j+n+2]
}

// quoteWordLoose is nonzero when x has a byte that quoteWordMask flags,
// and sometimes when it has none. Two steps test two bytes each: '"'
// with '&' (they differ only in bit 2) and '\\' with '<' and '>' (or 2
// makes them '>' but for bits 5 and 6), which also catches '^', '|' and
// '~'; without html the masks narrow them to '"' alone and to '\\' and
// '^'. A string with such a byte takes the general path, which is exact.
// The masks come from looseMasks, so that one branch-free body serves
// both modes and inlines.
//
// Each test subtracts from every lane: a lane below what is subtracted
// ends with its high bit set (a hit), and so do most lanes holding a
// byte that is not ASCII, which must be flagged too; the few such bytes
// one test leaves unflagged the other flags (TestQuoteWordLoose checks
// every byte in every lane). A borrow from one lane into the next only
// starts at a hit, so a word is flagged exactly when it has a byte that
// needs care or one of the named extras.
func quoteWordLoose(x uint64, lm looseMasks) uint64 {
	return ((x - lsb*0x20) | ((x^lsb*'"')&^lm.quote - lsb) |
		(((x|lsb*2)^lm.back)&^lm.backMask - lsb)) & msb
}

// looseMasks are quoteWordLoose's masks for one mode.
type looseMasks struct{ quote, back, backMask uint64 }

// looseFor returns quoteWordLoose's masks with or without html.
func looseFor(html bool) looseMasks {
	if html {
		return looseMasks{lsb * 0x04, lsb * '>', lsb * 0x60}
	}
	return looseMasks{0, lsb * ('\\' | 2), 0}
}

// window returns the 8 bytes at p+off, which the caller knows are there.
func window(p unsafe.Pointer, off int) []byte {
	return (*[8]byte)(unsafe.Add(p, off))[:]
}

// appendQuoted is AppendQuoted for any string.
func appendQuoted(dst []byte, s string, html bool, mark *bool) []byte {
	n := len(s)
	if n >= quoteKernelMin {
		// The kernel takes the whole string if it can.
		if cap(dst)-len(dst) < n+quoteBlocksRoom+2 {
			dst = slices.Grow(dst, n+quoteBlocksRoom+2)
		}
		j := len(dst)
		d := dst[:cap(dst)]
		d[j] = '"'
		src := bytesOf(s)
		k, w := quoteBlocks(d, j+1, src, 0, html)
		j += 1 + w
		if k != n {
			d, j = quoteRest(d, j, src, k, html, mark)
		}
		d[j] = '"'
		return d[:j+1]
	}
	if cap(dst)-len(dst) < n+quoteSlack {
		dst = slices.Grow(dst, n+quoteSlack)
	}
	j := len(dst)
	d := dst[:cap(dst)]
	d[j] = '"'
	j++
	if n == 0 {
		d[j] = '"'
		return d[:j+1]
	}
	d, _, j = quoteScalar(d, j, bytesOf(s), 0, n, html, mark)
	d[j] = '"'
	return d[:j+1]
}

// quoteRest quotes src from i, where the kernel stopped, to d from j,
// and returns the buffer and where the quoted text ends in it. d has room
// for len(src)-i+quoteBlocksRoom bytes from j.
func quoteRest(d []byte, j int, src []byte, i int, html bool, mark *bool) ([]byte, int) {
	k := i
	for {
		// The kernel stopped at a block boundary, which may split a
		// UTF-8 sequence (whose end it has not checked): back up to the
		// lead of the last character, so the Go code checks the
		// sequence whole.
		if k > 0 {
			l := i - 1
			for l > i-4 && src[l]&0xC0 == 0x80 {
				l--
			}
			if src[l] >= 0xC0 {
				j -= i - l
				i = l
			}
		}
		// The block at i needs care: take up to 32 bytes the slow way
		// before asking the kernel again.
		d, i, j = quoteScalar(d, j, src, i, min(i+32, len(src)), html, mark)
		if len(src)-i < quoteKernelMin {
			break
		}
		if len(d)-j < len(src)-i+quoteBlocksRoom {
			d = growQuoted(d, j, len(src)-i+quoteBlocksRoom)
		}
		var w int
		k, w = quoteBlocks(d, j, src, i, html)
		i += k
		j += w
		if i == len(src) {
			return d, j
		}
	}
	if i < len(src) {
		d, _, j = quoteScalar(d, j, src, i, len(src), html, mark)
	}
	return d, j
}

// quoteWordMask flags, in the high bit of each byte, the bytes of x that
// AppendQuoted must look at: below 0x20, '"', '\\', non-ASCII, and with
// html '<', '>', '&'. Only the lowest flag is exact (see hasZero).
func quoteWordMask(x uint64, html bool) uint64 {
	m := ((x-lsb*0x20)|x)&msb | hasZero(x^(lsb*'"')) | hasZero(x^(lsb*'\\'))
	if html {
		// '<' and '>' are the two bytes that or 2 makes '>'.
		m |= hasZero((x|lsb*2)^(lsb*'>')) | hasZero(x^(lsb*'&'))
	}
	return m
}

// quoteScalar quotes src[i:limit] (reading on past limit to finish a
// UTF-8 sequence) into d[j:], and returns the buffer and the new
// positions. d must have room for len(src)-i+quoteSlack-1 bytes from j:
// every store of up to 8 bytes while copying then fits; escapes, which
// grow the output, make room first. It sets *mark (when mark is not
// nil) if it writes \ufffd, \u2028 or \u2029.
func quoteScalar(d []byte, j int, src []byte, i, limit int, html bool, mark *bool) ([]byte, int, int) {
	n := len(src)
	safe := &quoteClass
	for {
		for i+8 <= limit {
			x := binary.LittleEndian.Uint64(src[i:])
			binary.LittleEndian.PutUint64(d[j:], x)
			if m := quoteWordMask(x, html); m != 0 {
				k := bits.TrailingZeros64(m) >> 3
				i += k
				j += k
				goto special
			}
			i += 8
			j += 8
		}
		if i < limit && limit == n && n >= 8 {
			// The last bytes: one word ending at the end of src, shifted
			// down past the bytes already done.
			x := binary.LittleEndian.Uint64(src[n-8:]) >> (8 * (8 - (n - i)))
			// Lanes past the end are zero bytes: not ours to flag.
			m := quoteWordMask(x, html) & (1<<(8*(n-i)) - 1)
			binary.LittleEndian.PutUint64(d[j:], x)
			if m == 0 {
				j += n - i
				i = n
				break
			}
			k := bits.TrailingZeros64(m) >> 3
			i += k
			j += k
			goto special
		}
		for i < limit {
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
		for i < limit {
			c := src[i]
			if c < utf8.RuneSelf {
				break
			}
			if c-0xE3 < 7 && i+4 <= n {
				// CJK text: leads E3 to E9, which have no overlong,
				// surrogate or U+2028 case, with two continuation
				// bytes; a tight loop while they last. Anything else,
				// an error included, goes on below.
				at := i
				for {
					w := binary.LittleEndian.Uint32(src[i:])
					if byte(w)-0xE3 >= 7 || w&0xC0C000 != 0x808000 {
						break
					}
					binary.LittleEndian.PutUint32(d[j:], w)
					i += 3
					j += 3
					if i >= limit || i+4 > n {
						break
					}
				}
				if i != at {
					continue
				}
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
							if mark != nil {
								*mark = true
							}
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
				// The last bytes of src: decode the slow way.
				r, size := utf8.DecodeRune(src[i:])
				if r != utf8.RuneError || size != 1 {
					if r == '\u2028' || r == '\u2029' {
						if len(d)-j < n-i+quoteSlack+8 {
							d = growQuoted(d, j, n-i+quoteSlack+8)
						}
						binary.LittleEndian.PutUint64(d[j:], seqLineSep|uint64(r&1)<<40)
						if mark != nil {
							*mark = true
						}
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
			if mark != nil {
				*mark = true
			}
			i++
			j += 6
		}
	}
	return d, i, j
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
