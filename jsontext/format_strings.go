package jsontext

import (
	"math"
	"math/bits"
	"strings"
	"unicode/utf8"

	"github.com/jetjson/jet/internal/wire"
)

// This file holds what reformatFast needs of strings and numbers: finding
// a string's end and what it holds, deciding whether the options write it
// as it is, writing it again when they do not, and canonical numbers.

// scanQuoted returns the end of the string whose quote is at s[pos] and
// what it holds, or ok == false when it is invalid or not whole in s (as
// wire.ScanString, which takes over long strings).
func scanQuoted(s string, pos int) (end int, fl wire.StrFlags, ok bool) {
	j := pos + 1
	n := len(s)
	var high uint64
	for {
		for j+8 <= n {
			x := wire.Load64(s, j)
			if m := wire.StringStops(x); m != 0 {
				t := bits.TrailingZeros64(m)
				high |= x & (1<<(t&^7) - 1)
				j += t >> 3
				goto stop
			}
			high |= x
			if j += 8; j-pos > scanQuotedMax {
				return wire.ScanString(s, pos)
			}
		}
		for ; j < n; j++ {
			c := s[j]
			if c == '"' || c == '\\' || c < 0x20 {
				goto stop
			}
			high |= uint64(c)
		}
		return j, fl, false
	stop:
		switch s[j] {
		case '"':
			if high&0x8080808080808080 != 0 {
				fl |= wire.NonASCII
			}
			return j + 1, fl, true
		case '\\':
			fl |= wire.Escaped
			if j+1 >= n {
				return j, fl, false
			}
			switch s[j+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				j += 2
			case 'u':
				if j+6 > n || hexVal[s[j+2]]|hexVal[s[j+3]]|hexVal[s[j+4]]|hexVal[s[j+5]] < 0 {
					return j, fl, false
				}
				j += 6
			default:
				return j, fl, false
			}
		default:
			return j, fl, false
		}
	}
}

// hasHTMLByte reports whether s holds '<', '>' or '&'.
func hasHTMLByte(s string) bool {
	return strings.ContainsAny(s, "<>&")
}

// How a string that is valid JSON syntax is to be written.
type strForm uint8

const (
	formVerbatim strForm = iota // as it is
	formRewrite                 // by appendStringRewritten
	formBad                     // an error for the reference to report
)

// stringForm decides how the string q (valid syntax; wfl from the scan)
// is written under the encoder's options: as it is, rewritten, or not at
// all because it is an error (invalid UTF-8 or an unpaired surrogate
// escape when they are not allowed).
func (e *encoderState) stringForm(q string, wfl wire.StrFlags) strForm {
	fl := e.fl
	body := q[1 : len(q)-1]
	form := formVerbatim
	if wfl&wire.NonASCII != 0 && !wire.ValidUTF8(body) {
		if fl&fmtCheckUTF8 != 0 {
			return formBad
		}
		if fl&fmtPreserveStrings == 0 {
			return formRewrite
		}
	}
	if wfl&wire.Escaped != 0 {
		switch escapesCanonical(body, fl&fmtCheckUTF8 != 0) {
		case formBad:
			return formBad
		case formRewrite:
			if fl&fmtPreserveStrings == 0 {
				form = formRewrite
			}
		}
	}
	if fl&fmtHTML != 0 && hasHTMLByte(body) {
		return formRewrite
	}
	if fl&fmtJS != 0 && wfl&wire.NonASCII != 0 && hasLineSep(body) {
		return formRewrite
	}
	return form
}

// hasLineSep reports whether s holds U+2028 or U+2029 (E2 80 A8 or A9).
// In any text, valid UTF-8 or not, an E2 byte is where a decoder starts
// a character, so the search agrees with one that decodes.
func hasLineSep(s string) bool {
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

// escapesCanonical looks at the escapes of the string body (valid
// syntax): formVerbatim when each is written as RFC 8785 writes it,
// formRewrite when one is not, and formBad when checkUTF8 is set and a
// surrogate escape does not pair up.
func escapesCanonical(body string, checkUTF8 bool) strForm {
	form := formVerbatim
	for i := 0; ; {
		k := strings.IndexByte(body[i:], '\\')
		if k < 0 {
			return form
		}
		i += k
		switch body[i+1] {
		case '"', '\\', 'b', 'f', 'n', 'r', 't':
			i += 2
			continue
		case 'u':
		default: // '/'
			form = formRewrite
			i += 2
			continue
		}
		v := hexRune(body[i+2:])
		i += 6
		switch {
		case v >= 0x20 || v == '\b' || v == '\f' || v == '\n' || v == '\r' || v == '\t':
			form = formRewrite
		case hasUpperHex(body[i-4 : i]):
			form = formRewrite
		}
		if v < 0xd800 || v > 0xdfff {
			continue
		}
		if !checkUTF8 {
			return formRewrite
		}
		if v >= 0xdc00 || i+6 > len(body) || body[i] != '\\' || body[i+1] != 'u' {
			return formBad
		}
		if v2 := hexRune(body[i+2:]); v2 < 0xdc00 || v2 > 0xdfff {
			return formBad
		}
		i += 6
	}
}

// hexRune decodes the four hex digits that start s (known to be hex).
func hexRune(s string) rune {
	return rune(hexVal[s[0]])<<12 | rune(hexVal[s[1]])<<8 | rune(hexVal[s[2]])<<4 | rune(hexVal[s[3]])
}

func hasUpperHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'F' {
			return true
		}
	}
	return false
}

// appendStringRewritten appends the string q (valid syntax, not an error
// under the options: see stringForm) written as the options say.
func (e *encoderState) appendStringRewritten(dst []byte, qs string, wfl wire.StrFlags) []byte {
	q := bytesOf(qs)
	fl := e.fl
	switch {
	case fl&fmtPreserveStrings != 0:
		return appendEscapedForEmbedding(dst, q, fl&fmtHTML != 0, fl&fmtJS != 0)
	case wfl&wire.NonASCII != 0 && !wire.ValidUTF8(wire.StringOf(q)):
		// Invalid UTF-8, allowed: rare, left to the reference.
		dst, _, _ = e.reformatString(dst, q)
		return dst
	}
	start := len(dst)
	dst, ok := appendCanonicalString(dst, wire.StringOf(q[1:len(q)-1]), fl)
	if !ok {
		dst, _, _ = e.reformatString(dst[:start], q)
	}
	return dst
}

// appendCanonicalString appends the string body (valid syntax and valid
// UTF-8) quoted as appendQuote quotes its decoded content: escapes are
// decoded and written again in RFC 8785's form, with '<', '>', '&' and
// U+2028, U+2029 escaped as fl says. It reports false, having written
// part of the string, for an escaped surrogate that does not pair up,
// which the caller leaves to the reference.
func appendCanonicalString(dst []byte, body string, fl fmtFlags) ([]byte, bool) {
	html, js := fl&fmtHTML != 0, fl&fmtJS != 0
	dst = append(dst, '"')
	last := 0
	for i := 0; i < len(body); {
		c := body[i]
		switch {
		case c == '\\':
		case c == '<' || c == '>' || c == '&':
			if html {
				dst = append(dst, body[last:i]...)
				dst = appendEscapedRune(dst, rune(c))
				last = i + 1
			}
			i++
			continue
		case c == 0xE2 && js && i+2 < len(body) && body[i+1] == 0x80 && body[i+2]&^1 == 0xA8:
			dst = append(dst, body[last:i]...)
			dst = appendEscapedRune(dst, 0x2000|rune(body[i+2]-0xA8+0x28))
			i += 3
			last = i
			continue
		default:
			i++
			continue
		}
		// An escape.
		dst = append(dst, body[last:i]...)
		switch c = body[i+1]; c {
		case 'u':
		case '/':
			dst = append(dst, '/')
			i += 2
			last = i
			continue
		default: // '"', '\\', 'b', 'f', 'n', 'r', 't': as they are
			dst = append(dst, '\\', c)
			i += 2
			last = i
			continue
		}
		r := hexRune(body[i+2:])
		i += 6
		if r >= 0xd800 && r <= 0xdfff {
			if r >= 0xdc00 || i+6 > len(body) || body[i] != '\\' || body[i+1] != 'u' {
				return dst, false
			}
			r2 := hexRune(body[i+2:])
			if r2 < 0xdc00 || r2 > 0xdfff {
				return dst, false
			}
			r = 0x10000 + (r-0xd800)<<10 + (r2 - 0xdc00)
			i += 6
		}
		switch {
		case r < utf8.RuneSelf:
			if plainByte[r] && (!html || r != '<' && r != '>' && r != '&') {
				dst = append(dst, byte(r))
			} else {
				dst = appendEscapedRune(dst, r)
			}
		case js && (r == '\u2028' || r == '\u2029'):
			dst = appendEscapedRune(dst, r)
		default:
			dst = utf8.AppendRune(dst, r)
		}
		last = i
	}
	dst = append(dst, body[last:]...)
	return append(dst, '"'), true
}

// needsCanon reports whether the number num is written differently from
// its text under the canonicalization options in fl (see reformatNumber).
func needsCanon(num string, fl fmtFlags) bool {
	if len(num) < 16 && fl&fmtCanonFloats == 0 {
		return num == "-0"
	}
	for i := 0; i < len(num); i++ {
		if c := num[i]; c == '.' || c|0x20 == 'e' {
			return fl&fmtCanonFloats != 0
		}
	}
	return num == "-0" || fl&fmtCanonInts != 0 && len(num) >= 16
}

// appendCanonNumber appends the number s[pos:end] in RFC 8785's form (as
// reformatNumber does when it canonicalizes). The number is well-formed
// and whole: s[end], if any, is not a digit (its readers read on to
// where the digits stop).
func appendCanonNumber(dst []byte, s string, pos, end int) []byte {
	if out, ok := appendCanonDecimal(dst, s, pos, end); ok {
		return out
	}
	f, _ := wire.ParseFloat(s[pos:end])
	switch {
	case f == 0:
		return append(dst, '0')
	case math.IsInf(f, 1):
		f = math.MaxFloat64
	case math.IsInf(f, -1):
		f = -math.MaxFloat64
	}
	return wire.AppendFloat(dst, f, 64)
}

// How appendStringCanonical ended.
type canonStatus uint8

const (
	canonOK   canonStatus = iota // written
	canonBad                     // not a valid string: the reference says why
	canonSlow                    // invalid UTF-8, an unpaired surrogate or U+2028 or U+2029 to escape: left to the reference
)

// appendStringCanonical reads the string whose quote is at s[pos] and
// appends it as appendQuote quotes its content (RFC 8785's form, with
// '<', '>' and '&' escaped under EscapeForHTML), in one pass: runs of
// plain bytes are copied whole, found a word at a time, and escapes are
// decoded and written again. It returns the end of the string. Text with
// invalid UTF-8, an escaped surrogate that does not pair up, or (under
// EscapeForJS) U+2028 or U+2029 is left to the caller (canonSlow), with
// dst as it was.
func appendStringCanonical(dst []byte, s string, pos int, fl fmtFlags) (out []byte, end int, st canonStatus) {
	start := len(dst)
	dst = append(dst, '"')
	html := fl&fmtHTML != 0
	i := pos + 1
	last := i
	var high uint64 // the bytes of the plain runs, or-ed: their top bits flag non-ASCII
	for {
		for i+8 <= len(s) {
			x := wire.Load64(s, i)
			m := wire.StringStops(x)
			if html {
				m |= htmlBytes(x)
			}
			if m != 0 {
				t := bits.TrailingZeros64(m)
				high |= x & (1<<(uint(t)&^7) - 1)
				i += t >> 3
				goto stop
			}
			high |= x
			i += 8
		}
		for ; i < len(s); i++ {
			c := s[i]
			if c == '"' || c == '\\' || c < ' ' || html && (c == '<' || c == '>' || c == '&') {
				goto stop
			}
			high |= uint64(c)
		}
		return dst[:start], i, canonBad
	stop:
		switch c := s[i]; {
		case c == '"':
			dst = append(dst, s[last:i]...)
			dst = append(dst, '"')
			end = i + 1
			if high&0x8080808080808080 != 0 {
				body := s[pos+1 : i]
				if !wire.ValidUTF8(body) || fl&fmtJS != 0 && hasLineSep(body) {
					return dst[:start], end, canonSlow
				}
			}
			return dst, end, canonOK
		case c == '\\':
			dst = append(dst, s[last:i]...)
			if i+1 >= len(s) {
				return dst[:start], i, canonBad
			}
			switch e := s[i+1]; e {
			case '"', '\\', 'b', 'f', 'n', 'r', 't':
				dst = append(dst, '\\', e)
				i += 2
			case '/':
				dst = append(dst, '/')
				i += 2
			case 'u':
				if i+6 > len(s) {
					return dst[:start], i, canonBad
				}
				v0, v1, v2, v3 := hexVal[s[i+2]], hexVal[s[i+3]], hexVal[s[i+4]], hexVal[s[i+5]]
				if v0|v1|v2|v3 < 0 {
					return dst[:start], i, canonBad
				}
				r := rune(v0)<<12 | rune(v1)<<8 | rune(v2)<<4 | rune(v3)
				i += 6
				if r >= 0xd800 && r <= 0xdfff {
					if r >= 0xdc00 || i+6 > len(s) || s[i] != '\\' || s[i+1] != 'u' ||
						hexVal[s[i+2]]|hexVal[s[i+3]]|hexVal[s[i+4]]|hexVal[s[i+5]] < 0 {
						return dst[:start], i, canonSlow
					}
					r2 := hexRune(s[i+2:])
					if r2 < 0xdc00 || r2 > 0xdfff {
						return dst[:start], i, canonSlow
					}
					r = 0x10000 + (r-0xd800)<<10 + (r2 - 0xdc00)
					i += 6
				}
				switch {
				case r < utf8.RuneSelf:
					if plainByte[r] && (!html || r != '<' && r != '>' && r != '&') {
						dst = append(dst, byte(r))
					} else {
						dst = appendEscapedRune(dst, r)
					}
				case r < 0x800:
					dst = append(dst, 0xC0|byte(r>>6), 0x80|byte(r)&0x3F)
				case (r == '\u2028' || r == '\u2029') && fl&fmtJS != 0:
					dst = appendEscapedRune(dst, r)
				case r < 0x10000:
					dst = append(dst, 0xE0|byte(r>>12), 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
				default:
					dst = append(dst, 0xF0|byte(r>>18), 0x80|byte(r>>12)&0x3F, 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
				}
			default:
				return dst[:start], i, canonBad
			}
			last = i
		case c < ' ':
			return dst[:start], i, canonBad
		default: // '<', '>' or '&', escaped
			dst = append(dst, s[last:i]...)
			dst = appendEscapedRune(dst, rune(c))
			i++
			last = i
		}
	}
}

// htmlBytes flags (as wire.StringStops does) the bytes of x that are
// '<', '>' or '&'.
func htmlBytes(x uint64) uint64 {
	const lsb, msb = 0x0101010101010101, 0x8080808080808080
	lt := x ^ lsb*'<'
	gt := x ^ lsb*'>'
	amp := x ^ lsb*'&'
	return ((lt-lsb)&^lt | (gt-lsb)&^gt | (amp-lsb)&^amp) & msb
}
