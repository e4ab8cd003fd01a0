package jsontext

import (
	"math/bits"

	"github.com/jetjson/jet/internal/wire"
)

// This file holds ReadToken's fast path. Tokens are read ahead in
// batches, in a tight loop that keeps its state in local variables: the
// loop checks each token's syntax and the grammar of delimiters, as the
// decoder would, and queues the token's position. ReadToken then takes
// tokens from the queue, applying each to the decoder's state (levels,
// names, duplicate names) as the general path would.
//
// The batch stops before anything it does not settle: a token near the
// end of the buffer (which may continue past it), an error, a peek, an
// object nested too deep for its local stack. The general path, which is
// the reference, reads from there; the fuzz tests check that the two
// agree. Nothing in the queue has been applied to the decoder, so a call
// other than ReadToken (ReadValue, SkipValue, Reset) simply drops it.
//
// Go's calling convention saves no register across a call, so every call
// inside the loop makes the loop store and reload its state: the loop
// reads short strings, numbers and whitespace inline, and calls out only
// for long or unusual tokens.

// The batch's tuning.
const (
	// fastLookahead is the number of bytes the batch wants past the start
	// of a token, so that a short token and what ends it need no bounds
	// checks against the end of the buffer.
	fastLookahead = 64
	// batchMin and batchMax bound the number of tokens read ahead. A
	// batch starts small and doubles while batches are used up, so that a
	// caller who mixes ReadToken with ReadValue does not pay much for
	// tokens read ahead and dropped.
	batchMin = 16
	batchMax = 256
	// batchStack is how many levels a batch may open beyond those open
	// when it starts.
	batchStack = 32
)

// queued is a token read ahead: buf[start:end&^notVerbatim]; a string
// whose content is not its text has notVerbatim set in end. A short,
// plain string read where a name is expected has its name key (else 0).
type queued struct {
	start, end uint32
	key        uint64
}

const notVerbatim = 1 << 31

// tokenQueue is the batch of tokens read ahead.
type tokenQueue struct {
	q    *[batchMax]queued // allocated at the first batch
	n    int               // tokens in q
	next int               // index of the next token in q
	size int               // the next batch's size
}

func (tq *tokenQueue) drop() {
	if tq.next < tq.n {
		tq.size = batchMin
	}
	tq.n, tq.next = 0, 0
}

// tokenInBuffer reads the next token from the queue, reading a batch
// first if the queue is empty. ok is false, with nothing changed, when the
// general path must read the token.
func (d *decoderState) tokenInBuffer() (Token, bool) {
	if d.tq.next == d.tq.n {
		if d.peekPos != 0 || d.slowOnly || !d.fillBatch() {
			return Token{}, false
		}
	}
	t := d.tq.q[d.tq.next&(batchMax-1)]
	start, end := int(t.start), int(t.end&^notVerbatim)
	l := d.m.last
	var tok Token
	switch d.buf[start] {
	case '"':
		if l.needName() {
			if d.checkDup {
				// The name that the object's shape predicts is new;
				// others are looked up.
				o := &d.seen.objs[len(d.seen.objs)-1]
				if t.key != 0 && o.matched < len(o.shape) && o.shape[o.matched] == t.key {
					o.matched++
				} else if !d.insertName(start, end, t.key, t.end&notVerbatim == 0) {
					d.tq.drop()
					return Token{}, false
				}
			}
			d.names.setLast(start)
		}
		var fl strFlags
		if t.end&notVerbatim != 0 {
			fl = strNotVerbatim
		}
		d.m.last = l + 1
		d.tq.next++
		d.prevStart, d.prevEnd, d.prevFlags = start, end, fl
		return Token{raw: &d.decodeBuffer, num: uint64(d.base) + uint64(start)}, true
	case 'n':
		tok = Null
		d.m.last = l + 1
	case 't':
		tok = True
		d.m.last = l + 1
	case 'f':
		tok = False
		d.m.last = l + 1
	case '[':
		d.m.outer = append(d.m.outer, l+1)
		d.m.last = 0
		tok = BeginArray
	case ']':
		d.m.pop()
		tok = EndArray
	case '{':
		d.m.outer = append(d.m.outer, l+1)
		d.m.last = levelObject
		d.names.push()
		if d.checkDup {
			d.seen.push()
		}
		tok = BeginObject
	case '}':
		d.m.pop()
		d.names.pop()
		if d.checkDup {
			d.seen.pop()
		}
		tok = EndObject
	default: // a number
		d.m.last = l + 1
		d.tq.next++
		d.prevStart, d.prevEnd = start, end
		return Token{raw: &d.decodeBuffer, num: uint64(d.base) + uint64(start)}, true
	}
	d.tq.next++
	d.prevStart, d.prevEnd = end, end
	return tok, true
}

// insertName adds the name buf[start:end] (a string known to be valid;
// verbatim if it holds no escape and valid UTF-8; with its key when it
// is short and plain, else 0) to the innermost object's names, reporting
// whether it is new.
func (d *decoderState) insertName(start, end int, key uint64, verbatim bool) bool {
	if key != 0 {
		return d.seen.insertKey(key, d.buf[start+1:end-1])
	}
	return d.seen.insertQuoted(d.buf[start:end], verbatim)
}

// fillBatch reads tokens ahead from prevEnd into the queue and reports
// whether it read any.
func (d *decoderState) fillBatch() bool {
	buf := d.buf
	pos := d.prevEnd
	limit := len(buf) - fastLookahead
	if pos > limit || uint64(len(buf)) >= notVerbatim {
		return false
	}
	s := wire.StringOf(buf)
	checkUTF8 := d.checkUTF8
	if d.tq.q == nil {
		d.tq.q = new([batchMax]queued)
	}
	q := d.tq.q
	size := d.tq.size
	if size <= 0 {
		size = batchMin
	}
	n := 0

	// The levels: l is the innermost; those the batch opened are on
	// stack; below them are the decoder's own (outer, read only).
	var stack [batchStack]level
	sp := 0
	outer := d.m.outer
	l := d.m.last
	nested := len(outer) > 0

	for n < size && pos <= limit {
		c := s[pos]
		if c <= ' ' {
			if pos = spaceInline(s, pos); pos > limit {
				break
			}
			c = s[pos]
		}
		// The delimiter the grammar needs (machine.needDelim).
		switch c {
		case ',':
			if !nested || l.needValue() || l.isEmpty() {
				goto stop
			}
			pos++
			if c = s[pos]; c <= ' ' {
				if pos = spaceInline(s, pos); pos > limit {
					goto stop
				}
				c = s[pos]
			}
			if c == '}' || c == ']' {
				goto stop
			}
		case ':':
			if !l.needValue() {
				goto stop
			}
			pos++
			if c = s[pos]; c <= ' ' {
				if pos = spaceInline(s, pos); pos > limit {
					goto stop
				}
				c = s[pos]
			}
		default:
			if l.needValue() || nested && !l.isEmpty() && c != '}' && c != ']' {
				goto stop
			}
		}

		start := pos
		switch c {
		case '"':
			// Up to 15 ASCII bytes without escapes: found from two words.
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
			if k < 16 && s[pos+1+k] == '"' && high&0x8080808080808080 == 0 {
				pos += k + 2
				q[n] = queued{uint32(start), uint32(pos), 0}
				if l.needName() {
					q[n].key = keyOfWords(x0, x1, k)
				}
			} else {
				end, fl, ok := stringFast(s, pos, checkUTF8)
				if !ok {
					goto stop
				}
				pos = end
				q[n] = queued{uint32(start), uint32(pos), 0}
				if !fl.verbatim() {
					q[n].end |= notVerbatim
				}
			}
			l++
		case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
			if l.needName() {
				goto stop
			}
			// -?(0|[1-9]\d*)(\.\d+)? measured inline; an exponent, or a
			// run of digits longer than a few words, is measured by
			// scanNumberEnd.
			if c == '-' {
				pos++
			}
			switch c = s[pos]; {
			case c == '0':
				pos++
			case c-'1' <= 8:
				pos++
				for k := 0; ; k++ {
					if k == 3 {
						goto longNumber
					}
					if m := wire.NonDigits(wire.Load64(s, pos)); m != 0 {
						pos += bits.TrailingZeros64(m) >> 3
						break
					}
					pos += 8
				}
			default:
				goto stop
			}
			if s[pos] == '.' {
				pos++
				if s[pos]-'0' > 9 {
					goto stop
				}
				for k := 0; ; k++ {
					if k == 3 {
						goto longNumber
					}
					if m := wire.NonDigits(wire.Load64(s, pos)); m != 0 {
						pos += bits.TrailingZeros64(m) >> 3
						break
					}
					pos += 8
				}
			}
			if s[pos]|0x20 == 'e' {
				goto longNumber
			}
			q[n] = queued{uint32(start), uint32(pos), 0}
			l++
			break
		longNumber:
			if pos = scanNumberEnd(s, start); pos < 0 || pos == len(s) {
				goto stop
			}
			q[n] = queued{uint32(start), uint32(pos), 0}
			l++
		case 'n', 't':
			if l.needName() || s[pos:pos+4] != "null" && s[pos:pos+4] != "true" {
				goto stop
			}
			pos += 4
			q[n] = queued{uint32(start), uint32(pos), 0}
			l++
		case 'f':
			if l.needName() || s[pos:pos+5] != "false" {
				goto stop
			}
			pos += 5
			q[n] = queued{uint32(start), uint32(pos), 0}
			l++
		case '{', '[':
			if l.needName() || sp == batchStack || len(outer)+sp >= d.depthLimit {
				goto stop
			}
			stack[sp] = l + 1
			sp++
			l = 0
			if c == '{' {
				l = levelObject
			}
			nested = true
			pos++
			q[n] = queued{uint32(start), uint32(pos), 0}
		case '}', ']':
			if c == '}' && (!l.isObject() || l.needValue()) || c == ']' && (!l.isArray() || !nested) {
				goto stop
			}
			if sp > 0 {
				sp--
				l = stack[sp]
			} else {
				l = outer[len(outer)-1]
				outer = outer[:len(outer)-1]
			}
			nested = len(outer)+sp > 0
			pos++
			q[n] = queued{uint32(start), uint32(pos), 0}
		default:
			goto stop
		}
		n++
	}
stop:
	d.tq.n, d.tq.next = n, 0
	d.ix.fast = 0 // tokenFromIndex must leave the queued tokens to tokenInBuffer
	if n == size && size < batchMax {
		size = min(2*size, batchMax)
	}
	d.tq.size = size
	return n > 0
}

// spaceInline skips the whitespace at s[pos]: a newline or a space and
// then spaces, measured a word at a time, or anything else through
// wire.SkipSpace. The caller guarantees 16 bytes from pos.
func spaceInline(s string, pos int) int {
	if s[pos] == '\n' || s[pos] == ' ' {
		pos++
		for k := 0; k < 4; k++ {
			x := wire.Load64(s, pos) ^ 0x2020202020202020
			if x != 0 {
				pos += bits.TrailingZeros64(x) >> 3
				if s[pos] > ' ' {
					return pos
				}
				break
			}
			pos += 8
			if pos+8 > len(s) {
				break
			}
		}
	}
	return wire.SkipSpace(s, pos)
}
