package jsontext

import (
	"math"
	"math/bits"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/jetjson/jet/internal/wire"
)

// This file holds the fast path of writing a raw value (Encoder.WriteValue
// and Value's methods): one pass over the value, without recursion, that
// leaves the input's bytes where they can stay and copies them in runs.
// Whitespace to drop or to write ends a run; so do a string or number
// written differently from its input. It answers only "valid, written
// this way" or "not settled here": on anything else (an error, a string
// with invalid UTF-8 or an unpaired surrogate to report) the caller
// starts over with reformat, the reference, which says exactly what is
// wrong. The fuzz tests compare the two.

// reformatSlack is the room reformatFast makes in the output beyond the
// length of the input, for strings written longer than they were.
const reformatSlack = 64

// reformatFast is reformat's fast path: it appends the value at src[0]
// (no whitespace before it), nested depth deep, as reformat does, and
// returns how many bytes of src it takes; with ReorderRawObjects it also
// sorts the members of the objects written (reformat leaves that to
// reorderObjects). ok == false means the caller must use reformat: out
// is then to be dropped.
func (e *encoderState) reformatFast(dst, src []byte, depth int) (out []byte, n int, ok bool) {
	if e.slowOnly || len(src) == 0 {
		return dst, 0, false
	}
	s := wire.StringOf(src)
	n = len(s)
	fl := e.fl
	checkDup := fl&fmtCheckDup != 0
	multiline := fl&fmtMultiline != 0
	reorder := fl&fmtReorder != 0
	if cap(dst)-len(dst) < n+reformatSlack {
		dst = slices.Grow(dst, n+reformatSlack)
	}
	var ind string // "\n", the prefix and many indents (see indentText)
	base, step := 0, 0
	if multiline {
		ind = e.indentText(depth + 1)
		base, step = 1+len(e.opts.IndentPrefix), len(e.opts.Indent)
	}
	nc, ro := &e.nameCheck, &e.reorder
	stack := e.open[:0] // the open containers, innermost last
	pos, lit := 0, 0    // s[lit:pos] is to be copied as it is
	var c byte
	var end int
	var wfl wire.StrFlags

value:
	switch c = s[pos]; c {
	case '"':
		if end, wfl, ok = quotedEnd(s, pos); !ok {
			goto bail
		}
		if wfl != 0 || fl&fmtHTML != 0 {
			switch e.stringForm(s[pos:end], wfl) {
			case formBad:
				goto bail
			case formRewrite:
				dst = append(dst, s[lit:pos]...)
				dst = e.appendStringRewritten(dst, src[pos:end], wfl)
				lit = end
			}
		}
		pos = end
	case '{', '[':
		if depth+len(stack) > maxDepth {
			goto bail
		}
		pos++
		p := pos
		if p < n && s[p] <= ' ' {
			p = spaceEnd(s, p)
		}
		if p >= n {
			goto bail
		}
		if s[p] == c+2 { // '}' or ']': empty
			if p != pos {
				dst = append(dst, s[lit:pos]...)
				lit = p
			}
			pos = p + 1
			goto after
		}
		stack = append(stack, c)
		if c == '{' {
			if checkDup {
				nc.open()
			}
			if reorder {
				ro.open(len(dst) + pos - lit)
			}
		}
		if multiline {
			dst = append(dst, s[lit:pos]...)
			if len(ind) < base+(depth+len(stack)-1)*step {
				ind = e.indentText(depth + len(stack) - 1)
			}
			dst = append(dst, ind[:base+(depth+len(stack)-1)*step]...)
			lit = p
		} else if p != pos {
			dst = append(dst, s[lit:pos]...)
			lit = p
		}
		pos = p
		if c == '{' {
			goto name
		}
		goto value
	case 'n':
		if pos+4 > n || s[pos:pos+4] != "null" {
			goto bail
		}
		pos += 4
	case 't':
		if pos+4 > n || s[pos:pos+4] != "true" {
			goto bail
		}
		pos += 4
	case 'f':
		if pos+5 > n || s[pos:pos+5] != "false" {
			goto bail
		}
		pos += 5
	default:
		if kindOf[c] != '0' {
			goto bail
		}
		if end = wire.NumberEnd(s, pos); end < 0 {
			goto bail
		}
		if fl&fmtCanonNums != 0 && needsCanon(s[pos:end], fl) {
			dst = append(dst, s[lit:pos]...)
			dst = appendCanonNumber(dst, s[pos:end])
			lit = end
		}
		pos = end
	}

after:
	if len(stack) == 0 {
		e.open = stack[:0]
		return append(dst, s[lit:pos]...), pos, true
	}
	{
		top := stack[len(stack)-1]
		if reorder && top == '{' {
			ro.setEnd(len(dst) + pos - lit)
		}
		p := pos
		if p < n && s[p] <= ' ' {
			p = spaceEnd(s, p)
		}
		if p >= n {
			goto bail
		}
		if p != pos {
			dst = append(dst, s[lit:pos]...)
			lit = p
		}
		switch c = s[p]; {
		case c == ',':
			pos = p + 1
			p = pos
			if p < n && s[p] <= ' ' {
				p = spaceEnd(s, p)
			}
			if p >= n {
				goto bail
			}
			if fl&(fmtSpaceComma|fmtMultiline) != 0 {
				dst = append(dst, s[lit:pos]...)
				if fl&fmtSpaceComma != 0 {
					dst = append(dst, ' ')
				}
				if multiline {
					dst = append(dst, ind[:base+(depth+len(stack)-1)*step]...)
				}
				lit = p
			} else if p != pos {
				dst = append(dst, s[lit:pos]...)
				lit = p
			}
			pos = p
			if top == '{' {
				goto name
			}
			goto value
		case c == top+2:
			if multiline {
				dst = append(dst, s[lit:p]...)
				dst = append(dst, ind[:base+(depth+len(stack)-2)*step]...)
				lit = p
			}
			pos = p + 1
			stack = stack[:len(stack)-1]
			if top == '{' {
				if checkDup && !nc.close() {
					goto bail
				}
				if reorder {
					dst = append(dst, s[lit:pos]...)
					lit = pos
					ro.close(dst)
				}
			}
			goto after
		}
		goto bail
	}

name:
	if s[pos] != '"' {
		goto bail
	}
	{
		start := len(dst) + pos - lit // where the name goes in the output
		end = -1
		if pos+17 <= n {
			// A name of up to 15 ASCII bytes without escapes, found and
			// keyed from two words.
			x0, x1 := wire.Load64(s, pos+1), wire.Load64(s, pos+9)
			k := 16
			if m := wire.StringStops(x0); m != 0 {
				k = bits.TrailingZeros64(m) >> 3
			} else if m := wire.StringStops(x1); m != 0 {
				k = 8 + bits.TrailingZeros64(m)>>3
			}
			high := x0 & lowBytes(k)
			if k > 8 {
				high = x0 | x1&lowBytes(k-8)
			}
			if k < 16 && s[pos+1+k] == '"' && high&0x8080808080808080 == 0 && (fl&fmtHTML == 0 || !hasHTMLByte(s[pos+1:pos+1+k])) {
				end = pos + k + 2
				if checkDup {
					nc.add(shortNameKey(x0, x1, k))
				}
				if reorder {
					ro.addName(start, start+k+2, nil, true)
				}
			}
		}
		if end < 0 {
			if end, wfl, ok = quotedEnd(s, pos); !ok {
				goto bail
			}
			rewritten := false
			if wfl != 0 || fl&fmtHTML != 0 {
				switch e.stringForm(s[pos:end], wfl) {
				case formBad:
					goto bail
				case formRewrite:
					dst = append(dst, s[lit:pos]...)
					dst = e.appendStringRewritten(dst, src[pos:end], wfl)
					lit = end
					rewritten = true
				}
			}
			if checkDup || reorder {
				// The name is its text when it holds no escape and is
				// valid UTF-8 (it was checked if it had to be).
				verbatim := wfl&wire.Escaped == 0 && (wfl&wire.NonASCII == 0 || fl&fmtCheckUTF8 != 0 || wire.ValidUTF8(s[pos+1:end-1]))
				if checkDup {
					if verbatim {
						nc.add(nameKey(src[pos+1 : end-1]))
					} else {
						e.scratch = appendUnquotedValid(e.scratch[:0], src[pos:end])
						nc.add(nameKey(e.scratch))
					}
				}
				if reorder {
					outEnd := len(dst) + end - lit
					plain := verbatim
					if rewritten {
						// Written again, the name is its text unless it
						// holds escapes.
						plain = fl&fmtPreserveStrings == 0 && !strings.Contains(wire.StringOf(dst[start+1:outEnd-1]), `\`)
					}
					ro.addName(start, outEnd, src[pos:end], plain)
				}
			}
		}
		pos = end
		p := pos
		if p < n && s[p] <= ' ' {
			p = spaceEnd(s, p)
		}
		if p >= n || s[p] != ':' {
			goto bail
		}
		if p != pos {
			dst = append(dst, s[lit:pos]...)
			lit = p
		}
		pos = p + 1
		p = pos
		if p < n && s[p] <= ' ' {
			p = spaceEnd(s, p)
		}
		if p >= n {
			goto bail
		}
		if fl&fmtSpaceColon != 0 {
			dst = append(dst, s[lit:pos]...)
			dst = append(dst, ' ')
			lit = p
		} else if p != pos {
			dst = append(dst, s[lit:pos]...)
			lit = p
		}
		pos = p
		goto value
	}

bail:
	nc.drop()
	ro.drop()
	e.open = stack[:0]
	return dst, 0, false
}

// spaceEnd returns the position of the first byte at or after p that is
// not whitespace (len(s) if none); s[p] is whitespace. Indentation, a
// newline and a run of spaces or of tabs, is measured a word at a time.
func spaceEnd(s string, p int) int {
	if p+17 <= len(s) {
		q := p
		if s[q] == '\n' {
			q++
		}
		if c := s[q]; c == ' ' || c == '\t' {
			pat := 0x0101010101010101 * uint64(c)
			x := wire.Load64(s, q) ^ pat
			if x == 0 {
				q += 8
				if x = wire.Load64(s, q) ^ pat; x == 0 {
					return wire.SkipSpaceMore(s, q)
				}
			}
			q += bits.TrailingZeros64(x) >> 3
		}
		if s[q] > ' ' {
			return q
		}
		p = q
	}
	return wire.SkipSpaceMore(s, p)
}

// quotedEnd returns the end of the string whose quote is at s[pos] and
// what it holds, or ok == false when it is invalid or not whole in s.
func quotedEnd(s string, pos int) (end int, fl wire.StrFlags, ok bool) {
	if pos+9 <= len(s) {
		// Up to 7 ASCII bytes without escapes: the first word holds the
		// closing quote.
		x := wire.Load64(s, pos+1)
		if m := wire.StringStops(x); m != 0 {
			k := bits.TrailingZeros64(m) >> 3
			if s[pos+1+k] == '"' && x&(0x8080808080808080&(1<<(8*k)-1)) == 0 {
				return pos + k + 2, 0, true
			}
		}
	}
	return wire.ScanStringFast(s, pos)
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
func (e *encoderState) appendStringRewritten(dst, q []byte, wfl wire.StrFlags) []byte {
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
	if strings.ContainsAny(num, ".eE") {
		return fl&fmtCanonFloats != 0 || num == "-0"
	}
	return num == "-0" || fl&fmtCanonInts != 0 && len(num) >= 16
}

// appendCanonNumber appends the number num in RFC 8785's form (as
// reformatNumber does when it canonicalizes).
func appendCanonNumber(dst []byte, num string) []byte {
	f, _ := wire.ParseFloat(num)
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

// indentText returns "\n", the indent prefix and at least k indents, from
// a text kept for the encoder's options.
func (e *encoderState) indentText(k int) string {
	prefix, indent := e.opts.IndentPrefix, e.opts.Indent
	same := e.indentPrefix == prefix && e.indentUnit == indent
	if !same || len(e.indents) < 1+len(prefix)+k*len(indent) {
		k = max(k, 16)
		if same {
			k = max(k, 2*(len(e.indents)-1-len(prefix))/max(len(indent), 1))
		}
		b := append(e.indents[:0], '\n')
		b = append(b, prefix...)
		for i := 0; i < k; i++ {
			b = append(b, indent...)
		}
		e.indents = b
		e.indentPrefix, e.indentUnit = prefix, indent
	}
	return wire.StringOf(e.indents)
}
