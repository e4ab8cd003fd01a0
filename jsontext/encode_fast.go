package jsontext

import (
	"encoding/binary"
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

// writeToken writes t. The commonest tokens, raw ones (names of up to 32
// bytes) written as they are on one line, take a lean path here that stores
// into the output's spare room and calls nothing on its way (so that
// little is kept across calls: names and objects take calls of their
// own); writeTokenFast takes the others.
func (e *encoderState) writeToken(t Token) error {
	if e.fl&(fmtSpace|fmtEscape|fmtCanonNums|fmtStuck) != 0 || e.slowOnly {
		return e.writeTokenFast(t)
	}
	var src unsafe.Pointer
	var n int
	var flags strFlags
	if raw := t.raw; raw != nil {
		start, end := raw.prevStart, raw.prevEnd
		if raw.base+int64(start) != int64(t.num) || uint(start) >= uint(end) || uint(end) > uint(len(raw.buf)) {
			return e.writeTokenSlow(t) // which panics
		}
		src = unsafe.Add(unsafe.Pointer(unsafe.SliceData(raw.buf)), start)
		n = end - start
		flags = raw.prevFlags
	} else if t.isClone() {
		src = unsafe.Pointer(unsafe.StringData(t.str))
		n = len(t.str)
		flags = strFlags(t.num)
	} else {
		return e.writeTokenFast(t)
	}
	w := len(e.buf)
	if cap(e.buf)-w < 40 {
		return e.writeTokenFast(t)
	}
	dst := unsafe.Pointer(unsafe.SliceData(e.buf))
	c := *(*byte)(src)
	cls := fmtClass[c]
	l := e.m.last
	// The delimiter the grammar needs (machine.needDelim).
	if l&(levelObject|1) == levelObject|1 {
		if cls == clsClose {
			return e.writeTokenSlow(t)
		}
		*(*byte)(unsafe.Add(dst, w)) = ':'
		w++
	} else if l&levelCount != 0 && cls != clsClose && len(e.m.outer) > 0 {
		*(*byte)(unsafe.Add(dst, w)) = ','
		w++
	}
	switch cls {
	case clsQuote:
		if flags&(strNotVerbatim|strMaybeEscaped) != 0 {
			return e.writeTokenFast(t)
		}
		if l&(levelObject|1) == levelObject {
			if n > 32 {
				return e.writeTokenFast(t)
			}
			return e.writeName(t, src, n, w)
		}
	case clsNumber, clsNull, clsTrue, clsFalse:
		if l&(levelObject|1) == levelObject {
			return e.writeTokenSlow(t)
		}
	case clsOpen:
		if l&(levelObject|1) == levelObject || len(e.m.outer) >= e.depthLimit || len(e.m.outer) == cap(e.m.outer) {
			return e.writeTokenFast(t)
		}
		*(*byte)(unsafe.Add(dst, w)) = c
		e.m.outer = e.m.outer[:len(e.m.outer)+1]
		e.m.outer[len(e.m.outer)-1] = l + 1
		if c == '{' {
			e.m.last = levelObject
			return e.openName(w + 1)
		}
		e.m.last = 0
		e.buf = e.buf[:w+1]
		return nil
	case clsClose:
		if c == ']' {
			if l&levelObject != 0 || len(e.m.outer) == 0 {
				return e.writeTokenSlow(t)
			}
		} else if l&(levelObject|1) != levelObject {
			return e.writeTokenSlow(t)
		}
		*(*byte)(unsafe.Add(dst, w)) = c
		k := len(e.m.outer) - 1
		e.m.last = e.m.outer[k]
		e.m.outer = e.m.outer[:k]
		if c == '}' {
			return e.closeName(w + 1)
		}
		w++
		goto done
	default:
		return e.writeTokenSlow(t)
	}
	// A value: up to 32 bytes with two moves, longer ones in blocks of
	// 16 (the last one overlapping).
	if d := unsafe.Add(dst, w); n > 32 {
		if cap(e.buf)-w < n {
			return e.writeTokenFast(t)
		}
		for k := 0; k < n-16; k += 16 {
			*(*[16]byte)(unsafe.Add(d, k)) = *(*[16]byte)(unsafe.Add(src, k))
		}
		*(*[16]byte)(unsafe.Add(d, n-16)) = *(*[16]byte)(unsafe.Add(src, n-16))
	} else if n >= 16 {
		a, z := *(*[16]byte)(src), *(*[16]byte)(unsafe.Add(src, n-16))
		*(*[16]byte)(d), *(*[16]byte)(unsafe.Add(d, n-16)) = a, z
	} else if n >= 8 {
		a, z := loadWord64(src), loadWord64(unsafe.Add(src, n-8))
		storeWord64(d, a)
		storeWord64(unsafe.Add(d, n-8), z)
	} else if n >= 4 {
		a, z := loadWord32(src), loadWord32(unsafe.Add(src, n-4))
		storeWord32(d, a)
		storeWord32(unsafe.Add(d, n-4), z)
	} else {
		a, m, z := *(*byte)(src), *(*byte)(unsafe.Add(src, n>>1)), *(*byte)(unsafe.Add(src, n-1))
		*(*byte)(d), *(*byte)(unsafe.Add(d, n>>1)), *(*byte)(unsafe.Add(d, n-1)) = a, m, z
	}
	w += n
	e.m.last = l + 1
done:
	e.buf = e.buf[:w]
	if e.wr != nil && (len(e.m.outer) == 0 || 4*w > 3*cap(e.buf)) {
		return e.flush()
	}
	return nil
}

// writeName is writeToken's object member name: the verbatim quoted
// text of n <= 32 bytes at src, to be written at e.buf[w:], which has
// room for it. A name that follows its object's shape (see nameSet) is
// settled without a call.
func (e *encoderState) writeName(t Token, src unsafe.Pointer, n, w int) error {
	if e.fl&fmtCheckDup != 0 {
		// The key is read from the token, not from the output (a load of
		// bytes just stored as other words waits for the stores).
		p, m := unsafe.Add(src, 1), n-2
		k := keyIn(p, m)
		s := &e.seen
		if o := &s.objs[len(s.objs)-1]; o.matched < len(o.shape) && o.shape[o.matched] == k {
			o.matched++ // the next name of the object's shape: new
		} else if !s.insertKey(k, unsafe.Slice((*byte)(p), m)) {
			return e.writeTokenSlow(t)
		}
	}
	if d := unsafe.Add(unsafe.Pointer(unsafe.SliceData(e.buf)), w); n >= 16 {
		a, z := *(*[16]byte)(src), *(*[16]byte)(unsafe.Add(src, n-16))
		*(*[16]byte)(d), *(*[16]byte)(unsafe.Add(d, n-16)) = a, z
	} else if n >= 8 {
		a, z := loadWord64(src), loadWord64(unsafe.Add(src, n-8))
		storeWord64(d, a)
		storeWord64(unsafe.Add(d, n-8), z)
	} else if n >= 4 {
		a, z := loadWord32(src), loadWord32(unsafe.Add(src, n-4))
		storeWord32(d, a)
		storeWord32(unsafe.Add(d, n-4), z)
	} else {
		a, z := *(*[2]byte)(src), *(*[2]byte)(unsafe.Add(src, n-2))
		*(*[2]byte)(d), *(*[2]byte)(unsafe.Add(d, n-2)) = a, z
	}
	e.names.setLast(w)
	e.m.last++
	e.buf = e.buf[:w+n]
	return nil // no flush: a value must follow (see holdBack)
}

// openName is writeToken's '{', written up to e.buf[:w]: the object's
// names are tracked.
func (e *encoderState) openName(w int) error {
	e.names.push()
	if e.fl&fmtCheckDup != 0 {
		e.seen.push()
	}
	e.buf = e.buf[:w]
	return nil
}

// closeName is writeToken's '}', written up to e.buf[:w].
func (e *encoderState) closeName(w int) error {
	e.names.pop()
	if e.fl&fmtCheckDup != 0 && !e.seen.popQuick() {
		e.seen.pop()
	}
	e.buf = e.buf[:w]
	if e.wr != nil && (len(e.m.outer) == 0 || 4*w > 3*cap(e.buf)) {
		return e.flush()
	}
	return nil
}

// writeTokenFast writes t: a token written on one line that breaks no
// rule here, anything else by writeTokenSlow, before which nothing is
// changed.
func (e *encoderState) writeTokenFast(t Token) error {
	if e.fl&(fmtSpace|fmtStuck) != 0 || e.slowOnly {
		return e.writeTokenSlow(t)
	}
	var text []byte
	var c byte
	var flags strFlags
	raw := t.raw
	isText := t.isText()
	switch {
	case raw != nil:
		if raw.prevOffset() != int64(t.num) {
			return e.writeTokenSlow(t) // which panics
		}
		text = raw.buf[raw.prevStart:raw.prevEnd]
		c = text[0]
		flags = raw.prevFlags
	case isText:
		text = t.text()
		c = text[0]
		flags = t.textFlags()
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
		if l.needName() || len(e.m.outer) >= e.depthLimit {
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
		verbatim, ok, asIs := true, false, false
		if isText && flags&(strNotVerbatim|strMaybeEscaped) == 0 && e.fl&(fmtHTML|fmtJS) == 0 {
			// Its flags say it holds no escape and valid UTF-8.
			b = appendShort(b, text)
			asIs = true
		} else if b, verbatim, ok = e.appendStringFast(b, isText, text, t.str); !ok {
			return e.writeTokenSlow(t)
		}
		if l.needName() {
			if e.fl&fmtCheckDup != 0 {
				if asIs {
					// Keyed from the token's text, not from the output
					// just written.
					name := text[1 : len(text)-1]
					ok = e.seen.insertKey(keyIn(unsafe.Pointer(unsafe.SliceData(name)), len(name)), name)
				} else if verbatim {
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
		if isText {
			if e.fl&fmtCanonNums != 0 && needsCanon(wire.StringOf(text), e.fl) {
				b = appendCanonNumber(b, wire.StringOf(text), 0, len(text))
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
func (e *encoderState) appendStringFast(b []byte, isText bool, text []byte, s string) (out []byte, verbatim, ok bool) {
	fl := e.fl
	if !isText {
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
// overlapping moves, inline, touching no byte outside t's (words are
// moved with loadWord64 and storeWord64, which work at any address:
// byte by byte where the machine cannot move a word from an odd one,
// such as mips); longer with append.
func appendShort(b, t []byte) []byte {
	n, l := len(t), len(b)
	if n > 32 || n < 4 || cap(b)-l < n {
		return append(b, t...)
	}
	d := unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), l)
	p := unsafe.Pointer(unsafe.SliceData(t))
	switch {
	case n >= 16:
		a0, a1 := loadWord64(p), loadWord64(unsafe.Add(p, 8))
		z0, z1 := loadWord64(unsafe.Add(p, n-16)), loadWord64(unsafe.Add(p, n-8))
		storeWord64(d, a0)
		storeWord64(unsafe.Add(d, 8), a1)
		storeWord64(unsafe.Add(d, n-16), z0)
		storeWord64(unsafe.Add(d, n-8), z1)
	case n >= 8:
		x, z := loadWord64(p), loadWord64(unsafe.Add(p, n-8))
		storeWord64(d, x)
		storeWord64(unsafe.Add(d, n-8), z)
	default:
		x, z := loadWord32(p), loadWord32(unsafe.Add(p, n-4))
		storeWord32(d, x)
		storeWord32(unsafe.Add(d, n-4), z)
	}
	return b[:l+n]
}

// keyIn returns keyOf of the m bytes at p, reading no byte outside
// them (in words that may overlap). It serves names read from a token's
// text, not from the output, where keyOf's copy would read back bytes
// just stored, which the CPU cannot forward and waits for.
func keyIn(p unsafe.Pointer, m int) uint64 {
	switch {
	case m >= 16:
		k, _ := keyOfLong(unsafe.String((*byte)(p), m), 0, m)
		return k
	case m >= 8:
		return keyOfWords(le64(p), le64(unsafe.Add(p, m-8))>>(8*(16-m)), m)
	case m >= 4:
		return keyOfWords(uint64(le32(p))|uint64(le32(unsafe.Add(p, m-4)))<<(8*(m-4)), 0, m)
	case m > 0:
		x := uint64(*(*byte)(p)) | uint64(*(*byte)(unsafe.Add(p, m>>1)))<<(8*(m>>1)) |
			uint64(*(*byte)(unsafe.Add(p, m-1)))<<(8*(m-1))
		return keyOfWords(x, 0, m)
	}
	return keyOfWords(0, 0, 0)
}

// le64 and le32 read a little-endian word at p.
func le64(p unsafe.Pointer) uint64 { return binary.LittleEndian.Uint64((*[8]byte)(p)[:]) }
func le32(p unsafe.Pointer) uint32 { return binary.LittleEndian.Uint32((*[4]byte)(p)[:]) }
