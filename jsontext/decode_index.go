package jsontext

import (
	"bytes"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/jetjson/jet/internal/wire"
)

// This file holds ReadToken's fastest path, where the CPU has vector
// instructions: wire.TokenIndex lists where the tokens of the buffer
// start, 64 bytes at a time, checking strings and numbers as it goes, and
// ReadToken walks that list, checking the grammar of delimiters and
// levels as the general path does. A token's end is where the whitespace
// before the next listed token starts; strings need no more reading, and
// their UTF-8 (and, unless AllowInvalidUTF8, the pairing of escaped
// surrogates) is checked for a whole stretch of tokens at once.
//
// Anything the list does not settle (the last token listed, a stretch
// with an error in it, a token the grammar does not allow) is left to the
// batch path or the general one, which is the reference; the fuzz tests
// check that they agree. The list is good until the buffer moves.

// tokenIndex is the decoder's walk over a wire.TokenIndex.
type tokenIndex struct {
	x      *wire.TokenIndex
	k      int // next token to look at in x.Tokens()
	usable int // x.Tokens()[:usable] are checked and have a token after them
	// fast is usable while tokenFromIndex may read the list without
	// looking further (no token peeked or queued by other paths), else 0.
	fast int
	live bool // x lists this buffer (from some point on)
	off  bool // the rest of this buffer is left to the other paths
	high bool // the blocks the last token listed starts in hold bytes of 0x80 and above
	// escLast says that the blocks the last token listed starts in hold
	// a backslash; escaped that the usable tokens' blocks may hold one
	// (else no string among them holds an escape).
	escLast, escaped bool
}

// drop forgets the list (the buffer moved).
func (ix *tokenIndex) drop() {
	ix.k, ix.usable, ix.fast, ix.live, ix.off, ix.high = 0, 0, 0, false, false, false
	ix.escLast, ix.escaped = false, true
}

// tokenFromIndex reads the next token from the list, or (with nothing
// changed by it) through the other paths, readTokenRest, when they must
// read it or tokens read ahead by them are queued. ReadToken is this call,
// inlined.
//
// Its common paths make no calls: Go's calling convention saves no
// register across a call, and a call would make every path store and
// reload its state. Rare cases are passed on in tail calls.
func (d *decoderState) tokenFromIndex() (Token, error) {
	ix := &d.ix
	k := ix.k
	if k >= ix.fast {
		return d.indexSetUp()
	}
	toks := &ix.x.Pos
	p := int(toks[k&(wire.TokenIndexCap-1)])
	if p < d.prevEnd {
		return d.indexSetUp()
	}
	buf := d.buf
	// (The list's positions are inside buf: its bytes are read without
	// bounds checks.)
	at := unsafe.Pointer(unsafe.SliceData(buf))
	c := byteAt(at, p)

	// The delimiter the grammar needs (machine.needDelim).
	l := d.m.last
	nested := len(d.m.outer) > 0
	switch c {
	case ',':
		// (After an element of an array, l > 0: one test.)
		if !nested || int64(l) <= 0 && (l.needValue() || l.isEmpty()) {
			return d.readTokenRest()
		}
		if k+1 >= ix.usable {
			return d.indexAfterDelim()
		}
		k++
		p = int(toks[k&(wire.TokenIndexCap-1)])
		if c = byteAt(at, p); c == '}' || c == ']' {
			return d.readTokenRest()
		}
	case ':':
		if !l.needValue() {
			return d.readTokenRest()
		}
		if k+1 >= ix.usable {
			return d.indexAfterDelim()
		}
		k++
		p = int(toks[k&(wire.TokenIndexCap-1)])
		c = byteAt(at, p)
	default:
		if l.needValue() || nested && !l.isEmpty() && c != '}' && c != ']' {
			return d.readTokenRest()
		}
	}
	var tok Token
	switch c {
	case '"':
		// (Most strings end right where the next token starts.)
		end := int(toks[(k+1)&(wire.TokenIndexCap-1)])
		if byteAt(at, end-1) != '"' {
			for byteAt(at, end-1) <= ' ' && isSpace(byteAt(at, end-1)) {
				end--
			}
			if byteAt(at, end-1) != '"' {
				return d.readTokenRest()
			}
		}
		if end-p < 2 {
			return d.readTokenRest()
		}
		if l.needName() {
			if d.checkDup {
				// A name of up to 15 bytes without escapes, where the
				// object's shape predicts it: new, at one comparison.
				n := end - p - 2
				if n >= 16 || len(buf)-p < 17 {
					return d.nameFromIndex(k, p, end, 0)
				}
				x0, x1 := le64(unsafe.Add(at, p+1)), le64(unsafe.Add(at, p+9))
				if ix.escaped {
					esc := backslashes(x0) & byteMasks[n&7]
					if n >= 8 {
						esc = backslashes(x0) | backslashes(x1)&byteMasks[n&7]
					}
					if esc != 0 {
						return d.nameFromIndex(k, p, end, 0)
					}
				}
				key := keyOfWords(x0, x1, n)
				objs := d.seen.objs
				o := &objs[len(objs)-1]
				if uint(o.matched) >= uint(len(o.shape)) || o.shape[o.matched] != key {
					return d.nameFromIndex(k, p, end, key)
				}
				o.matched++
			}
			refs := d.names.refs
			refs[len(refs)-1] = ^p
		}
		d.m.last = l + 1
		ix.k = k + 1
		d.prevStart, d.prevEnd, d.prevFlags = p, end, strMaybeEscaped
		return Token{raw: &d.decodeBuffer, num: uint64(d.base) + uint64(p)}, nil
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		if l.needName() {
			return d.readTokenRest()
		}
		end := int(toks[(k+1)&(wire.TokenIndexCap-1)])
		for byteAt(at, end-1) <= ' ' && isSpace(byteAt(at, end-1)) {
			end--
		}
		d.m.last = l + 1
		ix.k = k + 1
		d.prevStart, d.prevEnd = p, end
		return Token{raw: &d.decodeBuffer, num: uint64(d.base) + uint64(p)}, nil
	case 'n', 't', 'f':
		// The literal must be the whole run of other bytes.
		end := int(toks[(k+1)&(wire.TokenIndexCap-1)])
		for byteAt(at, end-1) <= ' ' && isSpace(byteAt(at, end-1)) {
			end--
		}
		switch {
		case l.needName():
			return d.readTokenRest()
		case end == p+4 && c == 'n' && *(*[4]byte)(unsafe.Add(at, p)) == [4]byte{'n', 'u', 'l', 'l'}:
			tok = Null
		case end == p+4 && c == 't' && *(*[4]byte)(unsafe.Add(at, p)) == [4]byte{'t', 'r', 'u', 'e'}:
			tok = True
		case end == p+5 && c == 'f' && *(*[5]byte)(unsafe.Add(at, p)) == [5]byte{'f', 'a', 'l', 's', 'e'}:
			tok = False
		default:
			return d.readTokenRest()
		}
		d.m.last = l + 1
		d.prevStart, d.prevEnd = end, end
	case '[':
		outer := d.m.outer
		if l.needName() || len(outer) >= d.depthLimit || len(outer) == cap(outer) {
			return d.readTokenRest()
		}
		// (Its length alone changes: no write barrier.)
		d.m.outer = d.m.outer[:len(outer)+1]
		outer[:len(outer)+1][len(outer)] = l + 1
		d.m.last = 0
		tok = BeginArray
		d.prevStart, d.prevEnd = p+1, p+1
	case ']':
		if !l.isArray() || !nested {
			return d.readTokenRest()
		}
		outer := d.m.outer
		d.m.last, d.m.outer = outer[len(outer)-1], outer[:len(outer)-1]
		tok = EndArray
		d.prevStart, d.prevEnd = p+1, p+1
	case '{':
		if l.needName() || len(d.m.outer) >= d.depthLimit {
			return d.readTokenRest()
		}
		return d.objectFromIndex(k, p, l)
	case '}':
		if !l.isObject() || l.needValue() {
			return d.readTokenRest()
		}
		return d.endObjectFromIndex(k, p)
	default:
		return d.readTokenRest()
	}
	ix.k = k + 1
	return tok, nil
}

// indexSetUp makes the list ready for tokenFromIndex and calls it again:
// a cached peek dropped, the list moved past what other paths read, or
// more tokens listed.
func (d *decoderState) indexSetUp() (Token, error) {
	ix := &d.ix
	if ix.off || d.slowOnly || d.noIndex || d.tq.next != d.tq.n {
		return d.readTokenRest()
	}
	if d.peekPos != 0 {
		if d.peekErr != nil {
			return d.readTokenRest()
		}
		d.peekPos = 0 // only a cache of where the next token is
	}
	k := ix.k
	if ix.live {
		toks := ix.x.Tokens()
		for k < ix.usable && int(toks[k]) < d.prevEnd {
			k++
		}
	}
	if k >= ix.usable {
		if !d.fillIndex(k) {
			return d.readTokenRest()
		}
		toks := ix.x.Tokens()
		for k = 0; k < ix.usable && int(toks[k]) < d.prevEnd; k++ {
		}
		if k >= ix.usable {
			return d.readTokenRest()
		}
	}
	ix.k = k
	ix.fast = ix.usable
	return d.tokenFromIndex()
}

// indexAfterDelim is tokenFromIndex for a delimiter whose next token is
// the last listed, which has no end yet: it lists more first, keeping
// both, and calls tokenFromIndex again.
func (d *decoderState) indexAfterDelim() (Token, error) {
	ix := &d.ix
	if !d.fillIndex(ix.k) {
		return d.readTokenRest()
	}
	toks := ix.x.Tokens()
	k := 0
	for k < ix.usable && int(toks[k]) < d.prevEnd {
		k++
	}
	if k+1 >= ix.usable {
		return d.readTokenRest()
	}
	ix.k, ix.fast = k, ix.usable
	return d.tokenFromIndex()
}

// nameFromIndex is tokenFromIndex for a name that is long, escaped or
// not predicted by its object's shape; k is the token's index, key the
// name's key when it is short and plain (else 0).
func (d *decoderState) nameFromIndex(k, p, end int, key uint64) (Token, error) {
	if key != 0 {
		if !d.seen.insertKey(key, d.buf[p+1:end-1]) {
			return d.readTokenRest()
		}
	} else if !d.insertIndexedName(p, end) {
		return d.readTokenRest()
	}
	d.names.setLast(p)
	d.m.last++
	d.ix.k = k + 1
	d.prevStart, d.prevEnd, d.prevFlags = p, end, strMaybeEscaped
	return Token{raw: &d.decodeBuffer, num: uint64(d.base) + uint64(p)}, nil
}

// objectFromIndex is tokenFromIndex for '{': the machine's, the names'
// and the duplicate check's push, the last with its common case here (a
// depth with one shape so far, or none), without a call.
func (d *decoderState) objectFromIndex(k, p int, l level) (Token, error) {
	d.ix.k = k + 1
	d.prevStart, d.prevEnd = p+1, p+1
	d.m.outer = append(d.m.outer, l+1)
	d.m.last = levelObject
	d.names.push()
	if !d.checkDup {
		return BeginObject, nil
	}
	s := &d.seen
	n := len(s.objs)
	if n == cap(s.objs) {
		s.push()
		return BeginObject, nil
	}
	s.objs = s.objs[:n+1]
	o := &s.objs[n]
	if o.table != nil {
		o.dropTable()
	}
	o.first, o.firstLong, o.collided, o.matched = len(s.keys), len(s.long), false, 0
	o.hasParent, o.hinted = false, -1
	if n < len(s.shapes) {
		sw := s.shapes[n]
		if w := sw.last; len(sw.ways) == 1 && w == 0 {
			if keys := sw.ways[0].keys; len(keys) > 0 {
				o.setShape(keys, 0)
			} else {
				o.dropShape()
			}
			return BeginObject, nil
		}
		if len(sw.ways) > 1 {
			s.pushWays(o, sw, n)
			return BeginObject, nil
		}
	}
	o.dropShape()
	return BeginObject, nil
}

// endObjectFromIndex is tokenFromIndex for '}': the machine's, the
// names' and the duplicate check's pop, the last with its common case
// here (an object that followed the shape its depth used last).
func (d *decoderState) endObjectFromIndex(k, p int) (Token, error) {
	d.ix.k = k + 1
	d.prevStart, d.prevEnd = p+1, p+1
	d.m.pop()
	d.names.pop()
	if !d.checkDup {
		return EndObject, nil
	}
	if !d.seen.popQuick() {
		d.seen.pop()
	}
	return EndObject, nil
}

// skipFromIndex is SkipValue's loop over the buffer's token list: it
// reads tokens as tokenFromIndex does, each with the same checks and the
// same changes to the grammar, the names and the duplicate check, but
// makes no Token, and keeps its state in locals. It stops before a token
// that tokenFromIndex would hand to the other paths (or when the list
// runs out), having stored its state as ReadToken would have; it reports
// whether the container being skipped, which is open at depth+1, has
// been closed.
func (d *decoderState) skipFromIndex(depth int) bool {
	ix := &d.ix
	k, usable := ix.k, ix.fast
	if k >= usable {
		return false
	}
	toks := &ix.x.Pos
	buf := d.buf
	if int(toks[k&(wire.TokenIndexCap-1)]) < d.prevEnd {
		return false
	}
	// The grammar's state is kept in d.m, names and all the rest in d:
	// few locals live across the calls of the loop.
	last := -1 // the last token read
	closed := false
	for k < usable {
		p := int(toks[k&(wire.TokenIndexCap-1)])
		c := buf[p]
		l := d.m.last
		// The delimiter the grammar needs. (The container skipped is
		// open: nested.)
		next := k
		switch c {
		case ',':
			if int64(l) <= 0 && (l.needValue() || l.isEmpty()) || k+1 >= usable {
				goto stop
			}
			next++
			p = int(toks[next&(wire.TokenIndexCap-1)])
			if c = buf[p]; c == '}' || c == ']' {
				goto stop
			}
		case ':':
			if !l.needValue() || k+1 >= usable {
				goto stop
			}
			next++
			p = int(toks[next&(wire.TokenIndexCap-1)])
			c = buf[p]
		default:
			if l.needValue() || !l.isEmpty() && c != '}' && c != ']' {
				goto stop
			}
		}
		switch c {
		case '"':
			// A value needs no end: the list is Clean, so the string
			// closes before the next token, with only whitespace between
			// (a byte of another kind after its quote starts a token).
			if l.needName() {
				end := int(toks[(next+1)&(wire.TokenIndexCap-1)])
				if buf[end-1] != '"' {
					for buf[end-1] <= ' ' && isSpace(buf[end-1]) {
						end--
					}
					if buf[end-1] != '"' {
						goto stop
					}
				}
				if end-p < 2 {
					goto stop
				}
				if d.checkDup {
					// As tokenFromIndex: a short plain name that the
					// object's shape predicts at once, others by call.
					n := end - p - 2
					if n >= 16 || len(buf)-p < 17 {
						if !d.insertIndexedName(p, end) {
							goto stop
						}
					} else {
						s := wire.StringOf(buf)
						x0, x1 := wire.Load64(s, p+1), wire.Load64(s, p+9)
						key := keyOfWords(x0, x1, n)
						objs := d.seen.objs
						o := &objs[len(objs)-1]
						var esc uint64
						if ix.escaped {
							esc = backslashes(x0) & byteMasks[n&7]
							if n >= 8 {
								esc = backslashes(x0) | backslashes(x1)&byteMasks[n&7]
							}
						}
						switch {
						case esc != 0:
							if !d.insertIndexedName(p, end) {
								goto stop
							}
						case o.matched < len(o.shape) && o.shape[o.matched] == key:
							o.matched++
						case !d.seen.insertKey(key, buf[p+1:end-1]):
							goto stop
						}
					}
				}
				refs := d.names.refs
				refs[len(refs)-1] = ^p
			}
			d.m.last++
		case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
			if l.needName() {
				goto stop
			}
			d.m.last = l + 1
		case 'n', 't', 'f':
			// The literal must be the whole run of other bytes: the next
			// token, or whitespace, follows it. (The next token starts
			// past the letters, which are of that run.)
			q := int(toks[(next+1)&(wire.TokenIndexCap-1)])
			switch {
			case l.needName():
				goto stop
			case c == 'n' && q >= p+4 && string(buf[p:p+4]) == "null" && (q == p+4 || isSpace(buf[p+4])):
			case c == 't' && q >= p+4 && string(buf[p:p+4]) == "true" && (q == p+4 || isSpace(buf[p+4])):
			case c == 'f' && q >= p+5 && string(buf[p:p+5]) == "false" && (q == p+5 || isSpace(buf[p+5])):
			default:
				goto stop
			}
			d.m.last = l + 1
		case '[':
			outer := d.m.outer
			if l.needName() || len(outer) >= d.depthLimit || len(outer) == cap(outer) {
				goto stop
			}
			d.m.outer = d.m.outer[:len(outer)+1]
			outer[:len(outer)+1][len(outer)] = l + 1
			d.m.last = 0
		case ']':
			if !l.isArray() {
				goto stop
			}
			outer := d.m.outer
			d.m.last, d.m.outer = outer[len(outer)-1], outer[:len(outer)-1]
			if len(outer) <= depth {
				closed = true
				k, last = next+1, next
				goto stop
			}
		case '{':
			if l.needName() || len(d.m.outer) >= d.depthLimit {
				goto stop
			}
			d.m.outer = append(d.m.outer, l+1)
			d.m.last = levelObject
			d.names.push()
			if d.checkDup {
				d.seen.push()
			}
		case '}':
			if !l.isObject() || l.needValue() {
				goto stop
			}
			d.m.pop()
			d.names.pop()
			if d.checkDup && !d.seen.popQuick() {
				d.seen.pop()
			}
			if len(d.m.outer) < depth {
				closed = true
				k, last = next+1, next
				goto stop
			}
		default:
			goto stop
		}
		k, last = next+1, next
	}
stop:
	ix.k = k
	if last >= 0 {
		// Where the last token read ends, as tokenFromIndex leaves it.
		p := int(toks[last&(wire.TokenIndexCap-1)])
		switch c := buf[p]; c {
		case '"', 'n', 't', 'f', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
			end := tokenEnd(buf, int(toks[(last+1)&(wire.TokenIndexCap-1)]))
			switch c {
			case '"':
				d.prevStart, d.prevEnd, d.prevFlags = p, end, strMaybeEscaped
			case 'n', 't', 'f':
				d.prevStart, d.prevEnd = end, end
			default:
				d.prevStart, d.prevEnd = p, end
			}
		default:
			d.prevStart, d.prevEnd = p+1, p+1
		}
	}
	return closed
}

// backslashes flags (the lowest flagged lane exactly) the bytes of x
// that are backslashes: in the body of a string that the list checked,
// the escapes. Callers mask the lanes past the body; it is small enough
// to be inlined into the large functions that call it.
func backslashes(x uint64) uint64 {
	v := x ^ 0x5c5c5c5c5c5c5c5c
	return (v - 0x0101010101010101) &^ v & 0x8080808080808080
}

// tokenEnd returns where the token before the one at buf[next] ends: at
// the start of the whitespace before next.
func tokenEnd(buf []byte, next int) int {
	for buf[next-1] <= ' ' && isSpace(buf[next-1]) {
		next--
	}
	return next
}

// insertIndexedName adds the name buf[start:end], a string the index checked,
// to the innermost object's names, reporting whether it is new.
func (d *decoderState) insertIndexedName(start, end int) bool {
	n := end - start - 2
	if n < 16 && len(d.buf)-start >= 17 {
		s := wire.StringOf(d.buf)
		x0, x1 := wire.Load64(s, start+1), wire.Load64(s, start+9)
		// A plain name (no escape before its closing quote) is keyed from
		// its words.
		var m uint64
		if n < 8 {
			m = wire.StringStops(x0) & lowBytes(n)
		} else {
			m = wire.StringStops(x0) | wire.StringStops(x1)&lowBytes(n-8)
		}
		if m&0x8080808080808080 == 0 {
			k := keyOfWords(x0, x1, n)
			o := &d.seen.objs[len(d.seen.objs)-1]
			if o.matched < len(o.shape) && o.shape[o.matched] == k {
				o.matched++
				return true
			}
			return d.seen.insertKey(k, d.buf[start+1:end-1])
		}
	} else if n >= 16 && d.buf[start+1] != '\\' {
		// A long name that does not start with an escape: its key, and
		// whether it is plain, in one pass.
		k, stops := keyOfLong(wire.StringOf(d.buf), start+1, n)
		if stops&0x8080808080808080 == 0 {
			return d.seen.insertKey(k, d.buf[start+1:end-1])
		}
	}
	body := d.buf[start+1 : end-1]
	if strings.IndexByte(wire.StringOf(body), '\\') < 0 {
		return d.seen.insert(body)
	}
	s := &d.seen
	s.unquoted = appendUnescaped(s.unquoted[:0], wire.StringOf(body))
	return s.insertKey(keyOf(s.unquoted), s.unquoted)
}

// escapedASCII is `\u00` as a little-endian word: the start of the
// escape of a byte below 0x80.
const escapedASCII = 0x3030755c

// appendUnescaped appends the content of a string body that is valid
// UTF-8 with well-formed escapes (as the token list checks them): what
// appendUnquotedBody gives, with runs of escapes (text escaped to ASCII)
// decoded without a call each.
func appendUnescaped(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		if s[i] != '\\' {
			j := strings.IndexByte(s[i:], '\\')
			if j < 0 {
				return append(dst, s[i:]...)
			}
			dst = append(dst, s[i:i+j]...)
			i += j
		}
		if i+8 <= len(s) {
			// \u0000-\u007f (names escaped to ASCII, a character at a
			// time): the bytes of a run of them, each from a word. (The
			// list checked that an escaped u has four hex digits.)
			at := i
			for i+8 <= len(s) {
				x := wire.Load64(s, i)
				if uint32(x) != escapedASCII || byte(x>>32) >= '8' {
					break
				}
				dst = append(dst, byte(hexVal[byte(x>>32)]<<4|hexVal[byte(x>>40)]))
				i += 6
			}
			if i != at {
				continue
			}
		} else if i+6 <= len(s) {
			if e := s[i : i+6]; e[1] == 'u' && e[2] == '0' && e[3] == '0' && e[4] < '8' {
				dst = append(dst, byte(hexVal[e[4]]<<4|hexVal[e[5]]))
				i += 6
				continue
			}
		}
		c := s[i+1]
		if c != 'u' {
			switch c {
			case 'b':
				c = '\b'
			case 'f':
				c = '\f'
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			}
			dst = append(dst, c)
			i += 2
			continue
		}
		r := rune(hexVal[s[i+2]])<<12 | rune(hexVal[s[i+3]])<<8 | rune(hexVal[s[i+4]])<<4 | rune(hexVal[s[i+5]])
		i += 6
		switch {
		case r < utf8.RuneSelf:
			dst = append(dst, byte(r))
			continue
		case utf16.IsSurrogate(r):
			if i+6 <= len(s) && s[i] == '\\' && s[i+1] == 'u' {
				r2 := rune(hexVal[s[i+2]])<<12 | rune(hexVal[s[i+3]])<<8 | rune(hexVal[s[i+4]])<<4 | rune(hexVal[s[i+5]])
				if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
					dst = utf8.AppendRune(dst, dec)
					i += 6
					continue
				}
			}
			r = utf8.RuneError
		}
		dst = utf8.AppendRune(dst, r)
	}
	return dst
}

// fillIndex lists more tokens, keeping those listed from the k-th on
// (not read yet), and checks the stretch they cover; it reports whether
// there are tokens to use.
func (d *decoderState) fillIndex(k int) bool {
	ix := &d.ix
	if !wire.VectorIndex || ix.off {
		return false
	}
	// Where the input ends with the buffer, the list goes to its end (the
	// last, partial block listed as if spaces followed), so that only the
	// last token is left to the other paths; else it lists whole blocks,
	// and a short rest of a buffer not listed yet is left to them.
	atEnd := d.inputEnded()
	from := d.prevEnd
	if ix.live && ix.x.Listed() > from {
		from = ix.x.Listed()
	}
	if !atEnd && len(d.buf)-from < 256 && d.holdsMore() {
		// The rest of the input waits in memory: take it now, rather than
		// read the tokens at the end of the buffer by the other paths.
		if d.fetch() != nil {
			return false
		}
		atEnd = d.inputEnded()
	}
	if len(d.buf)-d.prevEnd < 256 && !(atEnd && ix.live) {
		return false
	}
	if ix.x == nil {
		ix.x = new(wire.TokenIndex)
	}
	keep := 0
	if !ix.live || ix.x.Listed() <= d.prevEnd {
		// A fresh list, or one that other paths have overtaken: list from
		// where the decoder is (after a token, outside any string).
		ix.x.Reset(d.prevEnd)
		ix.live = true
	} else if n := len(ix.x.Tokens()); n > k {
		keep = n - k // the last token (it has a token after it now), and those before it not read
	}
	s := wire.StringOf(d.buf)
	// Whether the stretch checked below may hold bytes of 0x80 and above:
	// those of the blocks listed now, and of those the kept token starts
	// in.
	high := keep > 0 && ix.high
	esc := keep > 0 && ix.escLast
	ix.x.ForgetBytes()
	var listed bool
	if atEnd {
		listed = ix.x.FillLast(s, keep)
	} else {
		listed = ix.x.Fill(s, keep)
	}
	if !listed {
		// The list holds the kept tokens only; none is usable.
		ix.k, ix.usable, ix.fast = 0, 0, 0
		ix.high = high || !ix.x.ASCII()
		ix.escLast = esc || ix.x.Backslashes()
		return false
	}
	ix.high = !ix.x.ASCII() // the last token starts in these blocks
	high = high || ix.high
	ix.escLast = ix.x.Backslashes()
	ix.escaped = esc || ix.escLast
	toks := ix.x.Tokens()
	if !ix.x.Clean() || len(toks) < 2 {
		ix.off = true
		return false
	}
	// The stretch the usable tokens cover: from the first to the start of
	// the last. Outside strings, valid JSON is ASCII, and a backslash
	// starts an escape. Escaped surrogates are checked by the list, for
	// all it has listed.
	from, to := int(toks[0]), int(toks[len(toks)-1])
	if high && !validUTF8(s[from:to]) || d.checkUTF8 && !ix.x.SurrogatesPaired() {
		ix.off = true
		return false
	}
	ix.k, ix.usable = 0, len(toks)-1
	return true
}

// inputEnded reports whether the input ends with the buffer: the reader
// is the decoder's own buffer, or says that it holds no more
// (bytes.Reader, strings.Reader, a bytes.Buffer read whole).
func (d *decoderState) inputEnded() bool {
	if d.rd == nil {
		return true
	}
	r, sized := d.rd.(interface{ Len() int })
	return sized && r.Len() == 0
}

// holdsMore reports whether the reader holds more input in memory, to
// be read at once without blocking or failing: a bytes.Reader or a
// strings.Reader not read to its end.
func (d *decoderState) holdsMore() bool {
	switch r := d.rd.(type) {
	case *bytes.Reader:
		return r.Len() > 0
	case *strings.Reader:
		return r.Len() > 0
	}
	return false
}

// valueFromIndex's tuning.
const (
	// valueIndexFirst is how many bytes valueFromIndex lists at first:
	// one block, so that a small value (a method's, read by
	// UnmarshalDecode) does not have the next 512 bytes listed.
	valueIndexFirst = 64
	// valueIndexSecond is how many bytes it lists next, if the value
	// goes on; then twice as many each time.
	valueIndexSecond = 512
	// valueSmall is the length below which a value read makes
	// valueInBuffer try valueFast first for the next one.
	valueSmall = 256
	// valueSmallTry is how far valueFast reads a value then, before
	// leaving it to the index.
	valueSmallTry = 1024
	// valueReadAhead is how far ahead of the listing the buffer is filled
	// where it has room for input held in memory: a next stretch of
	// decodeChunk is read when less than this is left to list.
	valueReadAhead = 16 << 10
	// valueReadMin is the least valueInBuffer reads, from a reader that
	// holds its input in memory, when a value goes on past the buffer;
	// valueReadGrowth how many times the value's bytes so far it reads
	// when that is more.
	valueReadMin    = 64 << 10
	valueReadGrowth = 4
)

// valueFromIndex reads the value at buf[pos] (no whitespace before it),
// nested depth deep as value counts depth, through a token list of its own
// (the buffer's tokens listed from pos), when it lies whole in the buffer
// and is valid; names are checked for duplicates in d.seen, which is left
// as it was. atEnd says that the input ends with the buffer, so that the
// last, partial block may be listed as if spaces followed. It gives up
// (ok == false, nothing changed) on anything else: the caller takes
// valueFast, then the reference.
func (d *decoderState) valueFromIndex(pos, depth int, atEnd bool) (end int, ok bool) {
	d.vxShort = false
	if !wire.VectorIndex || d.slowOnly || d.noIndex || len(d.buf)-pos < 256 {
		return 0, false
	}
	if d.vx == nil {
		d.vx = new(wire.TokenIndex)
	}
	x := d.vx
	x.Reset(pos)
	w := valueWalk{d: d, x: x, s: wire.StringOf(d.buf), atEnd: atEnd, budget: valueIndexFirst, stack: d.kinds[:0], checked: pos}
	end, ok = w.walk(depth)
	d.vxShort = w.short
	for ; w.pushed > 0; w.pushed-- {
		d.seen.pop()
	}
	if cap(w.stack) != cap(d.kinds) {
		d.kinds = w.stack[:0] // grown
	}
	if !ok {
		return 0, false
	}
	return d.valueChecked(pos, end, w.checked, w.pending)
}

// valueWalk is valueFromIndex's walk over the tokens of a value.
type valueWalk struct {
	d      *decoderState
	x      *wire.TokenIndex
	s      string
	atEnd  bool
	budget int    // bytes to list next
	stack  []byte // the open containers, innermost last
	pushed int    // objects pushed on d.seen
	short  bool   // the walk stopped at the end of the buffer
	// The text from the value's start to checked is valid UTF-8; pending
	// says that the text from checked to the blocks listed since the last
	// x.ForgetHigh may hold bytes of 0x80 and above (x.ASCII does not
	// cover them).
	checked int
	pending bool
}

// more lists more tokens, keeping those from k on, until there are at
// least need of them, and returns the new length of the list. It lists
// one block at first, then 512 bytes, then twice as many each time, so
// that a small value in a large buffer does not have the whole buffer
// listed; a stretch with no token's start (inside a long string) only
// makes it list further.
// Where the buffer has room for input that the reader holds in memory
// (readAll), it reads it a stretch at a time, a little ahead of the
// listing.
func (w *valueWalk) more(k, n, need int) (int, bool) {
	x := w.x
	for n-k < need {
		if !w.atEnd && len(w.s)-x.Listed() < valueReadAhead && cap(w.d.buf) > len(w.d.buf) && w.d.readChunk() {
			// The buffer has room for input the reader holds (see
			// readAll): the next stretch, read as it is listed.
			w.s = wire.StringOf(w.d.buf)
			w.atEnd = w.d.inputEnded()
		}
		var listed bool
		if limit := x.Listed() + w.budget; limit < len(w.s) {
			listed = x.Fill(w.s[:limit], n-k)
			w.budget = max(2*w.budget, valueIndexSecond)
			if !listed && x.Clean() {
				// The stretch held no token's start (it lies in a long
				// string): list on, further.
				continue
			}
		} else if w.atEnd {
			listed = x.FillLast(w.s, n-k)
		} else {
			listed = x.Fill(w.s, n-k)
			w.short = !listed
		}
		if !listed || !x.Clean() {
			return 0, false
		}
		k, n = 0, len(x.Tokens())
		if w.pending || !x.ASCII() {
			if !w.checkUTF8() {
				return 0, false
			}
		} else {
			// All ASCII so far: a sequence may start at the next block.
			w.checked = x.Listed()
		}
	}
	return n, true
}

// checkUTF8 checks the UTF-8 of the text listed, from w.checked to the
// start of the last token listed, while it is in the cache, rather than
// the whole value's at its end: a value that is mostly ASCII then has
// only the stretches listed with other bytes checked. The last token
// starts with an ASCII byte (else it is an error, which the other paths
// report), and no UTF-8 sequence holds one, so the text splits there.
func (w *valueWalk) checkUTF8() bool {
	toks := w.x.Tokens()
	cut := int(toks[len(toks)-1])
	if cut <= w.checked {
		return true
	}
	if w.s[cut] >= utf8.RuneSelf || !validUTF8(w.s[w.checked:cut]) {
		return false
	}
	w.checked = cut
	w.x.ForgetHigh()
	w.pending = !isASCII(w.s[cut:w.x.Listed()])
	return true
}

// walk checks the value's grammar over its tokens and returns where it
// ends. Its loop keeps the list and the position in locals, and calls out
// only to list more or for names it cannot settle at once.
func (w *valueWalk) walk(depth int) (end int, ok bool) {
	d := w.d
	buf := d.buf
	// The list (its array: more refills it in place) and its length.
	toks := &w.x.Pos
	k, n := 0, 0
	var p int
	var c byte
	stack := w.stack
	checkDup := d.checkDup

value:
	if n-k < 2 {
		w.stack = stack
		if n, ok = w.more(k, n, 2); !ok {
			return 0, false
		}
		k, buf = 0, d.buf
	}
	p = int(toks[k&(wire.TokenIndexCap-1)])
	switch c = buf[p]; c {
	case '"':
		// The list is Clean, so the string is whole, and followed by
		// whitespace only up to the next token: where it ends matters
		// only if it is the whole value.
		if len(stack) == 0 {
			end = tokenEnd(buf, int(toks[(k+1)&(wire.TokenIndexCap-1)]))
		}
		k++
	case '{', '[':
		if depth+len(stack) > d.depthLimit {
			return 0, false
		}
		stack = append(stack, c)
		k++
		q := int(toks[k&(wire.TokenIndexCap-1)])
		if c == '[' {
			if buf[q] == ']' {
				stack = stack[:len(stack)-1]
				end = q + 1
				k++
				goto after
			}
			goto value
		}
		if buf[q] == '}' {
			stack = stack[:len(stack)-1]
			end = q + 1
			k++
			goto after
		}
		if checkDup {
			d.seen.push()
			w.pushed++
		}
		goto name
	case 'n', 't', 'f':
		lit, _ := literalOf(Kind(c))
		end = tokenEnd(buf, int(toks[(k+1)&(wire.TokenIndexCap-1)]))
		if end != p+len(lit) || string(buf[p:end]) != lit {
			return 0, false
		}
		k++
	default:
		if kindOf[c] != '0' {
			return 0, false
		}
		if len(stack) == 0 {
			end = tokenEnd(buf, int(toks[(k+1)&(wire.TokenIndexCap-1)]))
		}
		k++
	}

after:
	if len(stack) == 0 {
		w.stack = stack
		return end, true
	}
	if n-k < 1 {
		w.stack = stack
		if n, ok = w.more(k, n, 1); !ok {
			return 0, false
		}
		k, buf = 0, d.buf
	}
	p = int(toks[k&(wire.TokenIndexCap-1)])
	c = buf[p]
	k++
	if stack[len(stack)-1] == '{' {
		switch c {
		case ',':
			goto name
		case '}':
			stack = stack[:len(stack)-1]
			if checkDup {
				if !d.seen.popQuick() {
					d.seen.pop()
				}
				w.pushed--
			}
			end = p + 1
			goto after
		}
		return 0, false
	}
	switch c {
	case ',':
		goto value
	case ']':
		stack = stack[:len(stack)-1]
		end = p + 1
		goto after
	}
	return 0, false

name:
	// A name, then a colon.
	if n-k < 2 {
		w.stack = stack
		if n, ok = w.more(k, n, 2); !ok {
			return 0, false
		}
		k, buf = 0, d.buf
	}
	p = int(toks[k&(wire.TokenIndexCap-1)])
	{
		q := int(toks[(k+1)&(wire.TokenIndexCap-1)])
		if buf[p] != '"' || buf[q] != ':' {
			return 0, false
		}
		e := q
		if buf[e-1] != '"' {
			if e = tokenEnd(buf, q); buf[e-1] != '"' {
				return 0, false
			}
		}
		if e-p < 2 {
			return 0, false
		}
		if checkDup {
			n := e - p - 2
			if n >= 16 || len(w.s)-p < 17 {
				if !d.insertIndexedName(p, e) {
					return 0, false
				}
				goto named
			}
			s := w.s
			x0, x1 := wire.Load64(s, p+1), wire.Load64(s, p+9)
			// A backslash somewhere in the blocks listed (which hold this
			// name): is there one in this name?
			if w.x.Backslashes() {
				esc := backslashes(x0) & byteMasks[n&7]
				if n >= 8 {
					esc = backslashes(x0) | backslashes(x1)&byteMasks[n&7]
				}
				if esc != 0 {
					if !d.insertIndexedName(p, e) {
						return 0, false
					}
					goto named
				}
			}
			key := keyOfWords(x0, x1, n)
			o := &d.seen.objs[len(d.seen.objs)-1]
			if o.matched < len(o.shape) && o.shape[o.matched] == key {
				o.matched++
			} else if !d.seen.insertKey(key, buf[p+1:e-1]) {
				return 0, false
			}
		}
	}
named:
	k += 2
	goto value
}

// valueChecked finishes valueFromIndex for the value buf[pos:end]: its
// UTF-8 from checked on (the walk checked that before it, unless pending
// or the list says there are bytes of 0x80 and above to check), and its
// escaped surrogates, checked at once.
func (d *decoderState) valueChecked(pos, end, checked int, pending bool) (int, bool) {
	if (pending || !d.vx.ASCII()) && checked < end && !validUTF8(wire.StringOf(d.buf[checked:end])) {
		// Names may be misread (they were taken as valid UTF-8), and the
		// error is to be reported: either way, the other paths.
		return 0, false
	}
	if d.checkUTF8 && !d.vx.SurrogatesPaired() {
		// (Or one among the bytes listed after the value.)
		return 0, false
	}
	if d.buf[pos] == '"' {
		d.valFlags = tokenFlags(strMaybeEscaped, d.buf[pos:end])
	}
	return end, true
}

// byteAt returns the byte at offset i from at, without a bounds check:
// the callers' offsets are positions the token list gave for the buffer
// at points to.
func byteAt(at unsafe.Pointer, i int) byte { return *(*byte)(unsafe.Add(at, i)) }
