package wire

import (
	"encoding/binary"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file holds what the encoder needs from the byte level: quoting
// strings (and the kernels that find bytes needing an escape) and
// formatting floats.

// AppendQuoted appends s to dst as a JSON string, escaped as encoding/json
// escapes: '"', '\\' and control characters (\b \f \n \r \t by name, the
// rest as \u00XX), U+2028 and U+2029 always, '<' '>' '&' when html is set,
// and each byte of invalid UTF-8 as \ufffd.
func AppendQuoted(dst []byte, s string, html bool) []byte {
	dst = append(dst, '"')
	start, i := 0, 0
	for {
		i = indexEscape(s, i, html)
		if i >= len(s) {
			break
		}
		c := s[i]
		if c < utf8.RuneSelf {
			dst = append(dst, s[start:i]...)
			dst = appendEscapedASCII(dst, c)
			i++
			start = i
			continue
		}
		// Non-ASCII: take the whole run up to the next ASCII byte that
		// needs escaping and pass it through if it is clean UTF-8 with no
		// U+2028/U+2029, which is by far the common case.
		j := indexEscapeASCII(s, i, html)
		if run := s[i:j]; utf8.ValidString(run) && !hasLineSeparator(run) {
			i = j
			continue
		}
		for i < j {
			if s[i] < utf8.RuneSelf {
				i++
				continue
			}
			r, n := utf8.DecodeRuneInString(s[i:j])
			switch {
			case r == utf8.RuneError && n == 1:
				dst = append(dst, s[start:i]...)
				dst = append(dst, `\ufffd`...)
				start = i + n
			case r == '\u2028' || r == '\u2029':
				dst = append(dst, s[start:i]...)
				dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
				start = i + n
			}
			i += n
		}
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// appendEscapedASCII appends the escape for an ASCII byte that needs one.
func appendEscapedASCII(dst []byte, c byte) []byte {
	switch c {
	case '\\', '"':
		return append(dst, '\\', c)
	case '\b':
		return append(dst, '\\', 'b')
	case '\f':
		return append(dst, '\\', 'f')
	case '\n':
		return append(dst, '\\', 'n')
	case '\r':
		return append(dst, '\\', 'r')
	case '\t':
		return append(dst, '\\', 't')
	}
	return append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
}

// hasLineSeparator reports whether s holds U+2028 or U+2029 (E2 80 A8/A9).
func hasLineSeparator(s string) bool {
	for {
		i := strings.IndexByte(s, 0xE2)
		if i < 0 || i+2 >= len(s) {
			return false
		}
		if s[i+1] == 0x80 && s[i+2]&^1 == 0xA8 {
			return true
		}
		s = s[i+1:]
	}
}

// NeedsQuoting reports whether AppendQuoted would change s (beyond adding
// the quotes).
func NeedsQuoting(s string, html bool) bool {
	i := indexEscape(s, 0, html)
	for i < len(s) {
		if s[i] < utf8.RuneSelf {
			return true
		}
		j := indexEscapeASCII(s, i, html)
		if run := s[i:j]; !utf8.ValidString(run) || hasLineSeparator(run) {
			return true
		}
		if j < len(s) {
			return true
		}
		i = j
	}
	return false
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
	return indexEscapeMask(s, i, html, true)
}

// indexEscapeASCII is indexEscape without stopping at non-ASCII bytes.
func indexEscapeASCII(s string, i int, html bool) int {
	return indexEscapeMask(s, i, html, false)
}

func indexEscapeMask(s string, i int, html, high bool) int {
	b := bytesOf(s)
	for ; i+8 <= len(b); i += 8 {
		if m := escapeMask(binary.LittleEndian.Uint64(b[i:]), html, high); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for ; i < len(b); i++ {
		if c := b[i]; needsEscape(c, html) && (high || c < 0x80) {
			break
		}
	}
	return i
}

func needsEscape(c byte, html bool) bool {
	return c < 0x20 || c == '"' || c == '\\' || c >= 0x80 || html && (c == '<' || c == '>' || c == '&')
}

// AppendFloat appends f formatted as encoding/json formats floats: the
// shortest text that reads back as the same value, in 'f' form unless the
// magnitude is below 1e-6 or at least 1e21, where it uses 'e' form with a
// minimal exponent ("1e-7", not "1e-07"). bits is 32 or 64. f must be
// finite.
func AppendFloat(dst []byte, f float64, bits int) []byte {
	abs := math.Abs(f)
	if abs < 1e15 && abs == math.Trunc(abs) {
		// Whole numbers print as integers in 'f' form; AppendInt is
		// much cheaper than the shortest-digits search.
		if f == 0 && math.Signbit(f) {
			return append(dst, '-', '0')
		}
		// A float32 prints its own shortest digits, which equal the
		// integer only while consecutive float32s are at most 1 apart.
		if bits == 64 || abs < 1<<24 {
			return strconv.AppendInt(dst, int64(f), 10)
		}
	}
	fmt := byte('f')
	if abs != 0 {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			fmt = 'e'
		}
	}
	dst = strconv.AppendFloat(dst, f, fmt, -1, bits)
	if fmt == 'e' {
		n := len(dst)
		if n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst
}
