package jsontext

import (
	"math/bits"

	"github.com/jetjson/jet/internal/wire"
)

// This file holds the decoder's fast path: the common case of a token
// that lies whole in the buffer, well away from its end, and breaks no
// rule. It gives up (ok == false, nothing changed) on anything else, and
// ReadToken then takes the general path, which is the reference; the
// fuzz tests check that the two agree.
//
// The function is written so that its common paths make no calls: a rare
// case is handed to another function in a tail call, with nothing live
// after it, so that the compiler keeps the common paths' values in
// registers.

// fastLookahead is the number of bytes the fast path wants past the start
// of a token, so that a short token and what ends it need no bounds checks
// against the end of the buffer.
const fastLookahead = 64

// tokenInBuffer reads the next token when it is plain sailing.
func (d *decoderState) tokenInBuffer() (Token, bool) {
	buf, pos := d.buf, d.prevEnd
	if d.peekPos != 0 || len(buf)-pos < fastLookahead || d.slowOnly {
		return Token{}, false
	}
	s := wire.StringOf(buf)
	c := s[pos]
	if c <= ' ' {
		if pos = shortSpace(s, pos); pos < 0 {
			return d.tokenAfterSpace()
		}
		c = s[pos]
	}

	// The delimiter, if any, must be the one the grammar needs before the
	// token; the checks follow machine.needDelim.
	l := d.m.last
	nested := len(d.m.outer) > 0
	switch c {
	case ',':
		if !nested || l.needValue() || l.length() == 0 {
			return Token{}, false
		}
		pos++
		if c = s[pos]; c <= ' ' {
			if pos = shortSpace(s, pos); pos < 0 {
				return d.tokenAfterSpace()
			}
			c = s[pos]
		}
		if c == '}' || c == ']' {
			return Token{}, false
		}
	case ':':
		if !l.needValue() {
			return Token{}, false
		}
		pos++
		if c = s[pos]; c <= ' ' {
			if pos = shortSpace(s, pos); pos < 0 {
				return d.tokenAfterSpace()
			}
			c = s[pos]
		}
	default:
		if l.needValue() || nested && l.length() > 0 && c != '}' && c != ']' {
			return Token{}, false
		}
	}
	return d.tokenAt(s, pos, c, l)
}

// tokenAt reads the token at s[pos] (s is the buffer, c its first byte and
// l the innermost level), known to be the token the grammar allows next
// as far as delimiters go, with fastLookahead bytes from pos.
func (d *decoderState) tokenAt(s string, pos int, c byte, l level) (Token, bool) {
	nested := len(d.m.outer) > 0
	switch c {
	case '"':
		// A string of up to 7 ASCII bytes without escapes ends in the
		// first word after its quote.
		x := wire.Load64(s, pos+1)
		if m := wire.StringStops(x); m != 0 {
			k := bits.TrailingZeros64(m) >> 3
			if s[pos+1+k] == '"' && x&(0x8080808080808080&(1<<(8*k)-1)) == 0 {
				if l.needName() {
					if d.checkDup && !d.seen.insertShort(x&(1<<(8*k)-1)|uint64(k)<<56) {
						return Token{}, false
					}
					d.names.setLast(pos)
				}
				d.m.last = l + 1
				d.prevStart, d.prevEnd, d.prevFlags = pos, pos+k+2, 0
				return Token{raw: &d.decodeBuffer, num: uint64(d.base) + uint64(pos)}, true
			}
		}
		return d.stringToken(pos)

	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		if l.needName() {
			return Token{}, false
		}
		// An integer of 1 to 7 digits (after a '1' to '9') ends in the
		// first word.
		if c != '-' && c != '0' {
			x := wire.Load64(s, pos)
			if m := wire.NonDigits(x); m != 0 {
				end := pos + bits.TrailingZeros64(m)>>3
				if e := s[end]; e != '.' && e|0x20 != 'e' {
					d.m.last = l + 1
					d.prevStart, d.prevEnd = pos, end
					return Token{raw: &d.decodeBuffer, num: uint64(d.base) + uint64(pos)}, true
				}
			}
		}
		return d.numberToken(pos)

	case '{', '[':
		if l.needName() || len(d.m.outer) == maxDepth || len(d.m.outer) == cap(d.m.outer) {
			return Token{}, false
		}
		d.m.outer = append(d.m.outer, l+1)
		d.prevStart, d.prevEnd = pos+1, pos+1
		if c == '[' {
			d.m.last = 0
			return BeginArray, true
		}
		d.m.last = levelObject
		return d.beginObject()

	case '}':
		if !l.isObject() || l.needValue() {
			return Token{}, false
		}
		d.m.pop()
		d.prevStart, d.prevEnd = pos+1, pos+1
		return d.endObject()

	case ']':
		if !l.isArray() || !nested {
			return Token{}, false
		}
		d.m.pop()
		d.prevStart, d.prevEnd = pos+1, pos+1
		return EndArray, true

	case 'n', 't', 'f':
		if l.needName() {
			return Token{}, false
		}
		var tok Token
		var end int
		switch {
		case c == 'n' && s[pos:pos+4] == "null":
			tok, end = Null, pos+4
		case c == 't' && s[pos:pos+4] == "true":
			tok, end = True, pos+4
		case c == 'f' && s[pos:pos+5] == "false":
			tok, end = False, pos+5
		default:
			return Token{}, false
		}
		d.m.last = l + 1
		d.prevStart, d.prevEnd = end, end
		return tok, true
	}
	return Token{}, false
}

// shortSpace skips the whitespace at s[pos] when it is a short run of
// the usual kinds (spaces, or a newline and spaces of indentation, up to
// 7), returning where the token starts, or -1 for anything else. The
// caller guarantees 16 bytes from pos.
func shortSpace(s string, pos int) int {
	if s[pos] == '\n' {
		pos++
	}
	x := wire.Load64(s, pos) ^ 0x2020202020202020
	if x == 0 {
		return -1
	}
	pos += bits.TrailingZeros64(x) >> 3
	if s[pos] <= ' ' {
		return -1
	}
	return pos
}

// tokenAfterSpace is tokenInBuffer after a long run of whitespace.
func (d *decoderState) tokenAfterSpace() (Token, bool) {
	pos, next, ok := d.locateInBuffer()
	if !ok || len(d.buf)-pos < fastLookahead {
		return Token{}, false
	}
	_ = next
	return d.tokenAt(wire.StringOf(d.buf), pos, d.buf[pos], d.m.last)
}

// stringToken is tokenInBuffer for a string that is not short and plain.
func (d *decoderState) stringToken(pos int) (Token, bool) {
	l := d.m.last
	end, fl, ok := d.stringInBuffer(pos)
	if !ok {
		return Token{}, false
	}
	if l.needName() {
		if d.checkDup && !d.seen.insertQuoted(d.buf[pos:end], fl.verbatim()) {
			return Token{}, false
		}
		d.names.setLast(pos)
	}
	d.m.last = l + 1
	d.prevStart, d.prevEnd, d.prevFlags = pos, end, fl
	return Token{raw: &d.decodeBuffer, num: uint64(d.offsetAt(pos))}, true
}

// numberToken is tokenInBuffer for a number that is not a short integer.
func (d *decoderState) numberToken(pos int) (Token, bool) {
	end := wire.NumberEnd(wire.StringOf(d.buf), pos)
	if end < 0 || end == len(d.buf) {
		return Token{}, false
	}
	d.m.last++
	d.prevStart, d.prevEnd = pos, end
	return Token{raw: &d.decodeBuffer, num: uint64(d.offsetAt(pos))}, true
}

// beginObject finishes reading a '{': the names of the new object.
func (d *decoderState) beginObject() (Token, bool) {
	d.names.push()
	if d.checkDup {
		d.seen.push()
	}
	return BeginObject, true
}

// endObject finishes reading a '}'.
func (d *decoderState) endObject() (Token, bool) {
	d.names.pop()
	if d.checkDup {
		d.seen.pop()
	}
	return EndObject, true
}
