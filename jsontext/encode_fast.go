package jsontext

import (
	"math"
	"strings"

	"github.com/jetjson/jet/internal/wire"
)

// This file holds WriteToken's fast path: a token written on one line
// (no options that add whitespace) that breaks no rule. A raw token (read
// by a Decoder, valid by construction) is copied as it is unless the
// options change it; a made token is formatted with wire's number and
// string writers. Anything else, errors included, is left to the general
// path (writeToken's), which is the reference: the fast path changes
// nothing until it knows the token is written. The fuzz tests compare
// the two.

// writeTokenFast writes t, or reports false having changed nothing. When
// it writes, err is what flushing the output returned.
func (e *encoderState) writeTokenFast(t Token) (ok bool, err error) {
	if e.fl&fmtSpace != 0 || e.slowOnly {
		return false, nil
	}
	var text []byte
	var c byte
	raw := t.raw
	switch {
	case raw != nil:
		if raw.prevOffset() != int64(t.num) {
			return false, nil // the general path panics
		}
		text = raw.buf[raw.prevStart:raw.prevEnd]
		c = text[0]
	case t.num != 0:
		c = '0'
	case t.str != "":
		c = '"'
	default:
		return false, nil
	}

	l := e.m.last
	nested := len(e.m.outer) > 0
	b := e.buf
	// The delimiter the grammar needs (machine.needDelim).
	switch {
	case l.needValue():
		if c == '}' || c == ']' {
			return false, nil
		}
		b = append(b, ':')
	case nested && l.length() > 0 && c != '}' && c != ']':
		b = append(b, ',')
	}
	pos := len(b)

	switch c {
	case '{', '[':
		if l.needName() || len(e.m.outer) == maxDepth {
			return false, nil
		}
		b = append(b, c)
		e.m.outer = append(e.m.outer, l+1)
		if c == '[' {
			e.m.last = 0
			break
		}
		e.m.last = levelObject
		e.names.push()
		if e.fl&fmtCheckDup != 0 {
			e.seen.push()
		}
	case '}':
		if !l.isObject() || l.needValue() {
			return false, nil
		}
		b = append(b, '}')
		e.m.pop()
		e.names.pop()
		if e.fl&fmtCheckDup != 0 {
			e.seen.pop()
		}
	case ']':
		if !l.isArray() || !nested {
			return false, nil
		}
		b = append(b, ']')
		e.m.pop()
	case 'n', 't', 'f':
		if l.needName() {
			return false, nil
		}
		b = append(b, text...)
		e.m.last = l + 1
	case '"':
		verbatim := true
		if raw != nil && raw.prevFlags&(strNotVerbatim|strMaybeEscaped) == 0 && e.fl&(fmtHTML|fmtJS) == 0 {
			// Its flags say it holds no escape and valid UTF-8.
			b = append(b, text...)
		} else if b, verbatim, ok = e.appendStringFast(b, raw, text, t.str); !ok {
			return false, nil
		}
		if l.needName() {
			if e.fl&fmtCheckDup != 0 {
				if verbatim {
					ok = e.seen.insert(b[pos+1 : len(b)-1])
				} else {
					ok = e.seen.insertQuoted(b[pos:], false)
				}
				if !ok {
					return false, nil
				}
			}
			e.names.setLast(pos)
		}
		e.m.last = l + 1
	default:
		if l.needName() {
			return false, nil
		}
		if raw != nil {
			if e.fl&fmtCanonNums != 0 && needsCanon(wire.StringOf(text), e.fl) {
				b = appendCanonNumber(b, wire.StringOf(raw.buf), raw.prevStart, raw.prevEnd)
			} else {
				b = append(b, text...)
			}
		} else {
			switch t.str[0] {
			case 'F':
				b = wire.AppendFloat(b, float64(math.Float32frombits(uint32(t.num))), 32)
			case 'f':
				b = wire.AppendFloat(b, math.Float64frombits(t.num), 64)
			case 'i':
				b = wire.AppendInt(b, int64(t.num))
			default:
				b = wire.AppendUint(b, t.num)
			}
		}
		e.m.last = l + 1
	}
	e.buf = b
	if e.wr != nil && (len(e.m.outer) == 0 || len(b) > 3*cap(b)/4) {
		return true, e.flush()
	}
	return true, nil
}

// appendStringFast appends a string token: raw (its quoted text) or made
// (s). verbatim reports that the output is the name's text between its
// quotes (for the duplicate check); ok == false means an error for the
// general path to report.
func (e *encoderState) appendStringFast(b []byte, raw *decodeBuffer, text []byte, s string) (out []byte, verbatim, ok bool) {
	fl := e.fl
	if raw == nil {
		// A made string: quoted as wire quotes it for encoding/json,
		// which differs from RFC 8785's form only around U+2028, U+2029
		// and invalid UTF-8, where it escapes; with nothing escaped, or
		// in ASCII text, the two agree.
		start := len(b)
		b = wire.AppendQuoted(b, s, fl&fmtHTML != 0)
		if len(b)-start == len(s)+2 {
			return b, true, true
		}
		if !plainText(s) {
			b, bad := appendQuote(b[:start], s, fl&fmtHTML != 0, fl&fmtJS != 0)
			if bad && fl&fmtCheckUTF8 != 0 {
				return b, false, false
			}
			return b, false, true
		}
		return b, false, true
	}
	// A raw string, valid (the caller copies those its flags say hold no
	// escape and valid UTF-8).
	q := wire.StringOf(text)
	if fl&fmtPreserveStrings == 0 {
		// Written in RFC 8785's form, in one pass; the name is its text
		// written so unless that holds escapes.
		start := len(b)
		out, _, st := appendStringCanonical(b, q, 0, fl)
		switch st {
		case canonOK:
			return out, strings.IndexByte(wire.StringOf(out[start+1:len(out)-1]), '\\') < 0, true
		case canonBad:
			return b, false, false
		}
	}
	_, wfl, sok := scanQuoted(q, 0)
	if !sok {
		return b, false, false
	}
	verbatim = wfl&wire.Escaped == 0 && (wfl&wire.NonASCII == 0 || wire.ValidUTF8(q[1:len(q)-1]))
	switch e.stringForm(q, wfl) {
	case formBad:
		return b, false, false
	case formRewrite:
		start := len(b)
		b = e.appendStringRewritten(b, q, wfl)
		return b, verbatim && len(b)-start == len(text), true
	}
	return append(b, text...), verbatim, true
}

// plainText reports whether s is text that encoding/json's quoting and
// RFC 8785's agree on: valid UTF-8 without U+2028 and U+2029.
func plainText(s string) bool {
	return wire.ValidUTF8(s) && !strings.Contains(s, "\u2028") && !strings.Contains(s, "\u2029")
}
