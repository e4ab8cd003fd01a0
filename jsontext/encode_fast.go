package jsontext

import (
	"math"
	"strings"
	"unsafe"

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

// writeToken writes t: a token written on one line that breaks no rule
// here, anything else by writeTokenSlow, before which nothing is changed.
func (e *encoderState) writeToken(t Token) error {
	if e.fl&fmtSpace != 0 || e.slowOnly {
		return e.writeTokenSlow(t)
	}
	var text []byte
	var c byte
	raw := t.raw
	switch {
	case raw != nil:
		if raw.prevOffset() != int64(t.num) {
			return e.writeTokenSlow(t) // which panics
		}
		text = raw.buf[raw.prevStart:raw.prevEnd]
		c = text[0]
	case t.num != 0:
		c = '0'
	case t.str != "":
		c = '"'
	default:
		return e.writeTokenSlow(t)
	}

	l := e.m.last
	nested := len(e.m.outer) > 0
	b := e.buf
	// The delimiter the grammar needs (machine.needDelim).
	switch {
	case l.needValue():
		if c == '}' || c == ']' {
			return e.writeTokenSlow(t)
		}
		b = append(b, ':')
	case nested && l.length() > 0 && c != '}' && c != ']':
		b = append(b, ',')
	}
	pos := len(b)

	switch fmtClass[c] {
	case clsOpen:
		if l.needName() || len(e.m.outer) == maxDepth {
			return e.writeTokenSlow(t)
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
	case clsClose:
		if c == ']' {
			if !l.isArray() || !nested {
				return e.writeTokenSlow(t)
			}
			b = append(b, ']')
			e.m.pop()
			break
		}
		if !l.isObject() || l.needValue() {
			return e.writeTokenSlow(t)
		}
		b = append(b, '}')
		e.m.pop()
		e.names.pop()
		if e.fl&fmtCheckDup != 0 {
			e.seen.pop()
		}
	case clsNull, clsTrue, clsFalse:
		if l.needName() {
			return e.writeTokenSlow(t)
		}
		e.m.last = l + 1
		b = appendShort(b, text)
	case clsQuote:
		verbatim, ok := true, false
		if raw != nil && raw.prevFlags&(strNotVerbatim|strMaybeEscaped) == 0 && e.fl&(fmtHTML|fmtJS) == 0 {
			// Its flags say it holds no escape and valid UTF-8.
			b = appendShort(b, text)
		} else if b, verbatim, ok = e.appendStringFast(b, raw, text, t.str); !ok {
			return e.writeTokenSlow(t)
		}
		if l.needName() {
			if e.fl&fmtCheckDup != 0 {
				if verbatim {
					ok = e.seen.insert(b[pos+1 : len(b)-1])
				} else {
					ok = e.seen.insertQuoted(b[pos:], false)
				}
				if !ok {
					return e.writeTokenSlow(t)
				}
			}
			e.names.setLast(pos)
		}
		e.m.last = l + 1
	case clsNumber:
		if l.needName() {
			return e.writeTokenSlow(t)
		}
		e.m.last = l + 1
		if raw != nil {
			if e.fl&fmtCanonNums != 0 && needsCanon(wire.StringOf(text), e.fl) {
				b = appendCanonNumber(b, wire.StringOf(raw.buf), raw.prevStart, raw.prevEnd)
			} else {
				b = appendShort(b, text)
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
	default:
		return e.writeTokenSlow(t)
	}
	if len(b) <= cap(e.buf) && unsafe.SliceData(b) == unsafe.SliceData(e.buf) {
		e.buf = e.buf[:len(b)] // the same array: no pointer to store
	} else {
		e.buf = b
	}
	if e.wr != nil && (len(e.m.outer) == 0 || 4*len(b) > 3*cap(b)) {
		return e.flush()
	}
	return nil
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

// appendShort appends t to b: up to 32 bytes (most tokens) with two
// overlapping moves of 16, 8 or 4 bytes each, which read and write no
// byte outside t and b's new bytes; longer with append.
func appendShort(b, t []byte) []byte {
	n, l := len(t), len(b)
	if n > 32 || n < 4 || cap(b)-l < n {
		return append(b, t...)
	}
	d := unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), l)
	p := unsafe.Pointer(unsafe.SliceData(t))
	switch {
	case n >= 16:
		a0, a1 := *(*uint64)(p), *(*uint64)(unsafe.Add(p, 8))
		z0, z1 := *(*uint64)(unsafe.Add(p, n-16)), *(*uint64)(unsafe.Add(p, n-8))
		*(*uint64)(d), *(*uint64)(unsafe.Add(d, 8)) = a0, a1
		*(*uint64)(unsafe.Add(d, n-16)), *(*uint64)(unsafe.Add(d, n-8)) = z0, z1
	case n >= 8:
		a, z := *(*uint64)(p), *(*uint64)(unsafe.Add(p, n-8))
		*(*uint64)(d), *(*uint64)(unsafe.Add(d, n-8)) = a, z
	default:
		a, z := *(*uint32)(p), *(*uint32)(unsafe.Add(p, n-4))
		*(*uint32)(d), *(*uint32)(unsafe.Add(d, n-4)) = a, z
	}
	return b[:l+n]
}
