package jsontext

import (
	"math/bits"
	"unsafe"

	"github.com/jetjson/jet/internal/wire"
)

// This file holds run, the loop of reformatFast over the common tokens.
// It calls nothing (the helpers it uses are inlined), so that its state
// stays in registers: a token that would need a call (a long or escaped
// string, a rare number, a name to record for reordering, an object to
// check for duplicates as it closes, whitespace to write) is left to
// step. Bytes are copied 32 at a time with stores that may write past
// the bytes copied, into the output's spare capacity (see fits).

// run's state keeps the number of open containers above the want bits.
const stDepth = 8

// Tuning of run.
const (
	runCopyMax   = 256 // the longest run of input copied inline
	runStringMax = 64  // the longest string scanned inline
	// runFlush is the length of input left to copy at which run returns
	// (with modeFlush), so that it is copied while still in the cache.
	runFlush = 8 << 10
)

// Classes of bytes for run's dispatch, dense so that the switch is a
// jump table.
const (
	clsOther = iota
	clsSpace
	clsQuote
	clsColon
	clsComma
	clsOpen
	clsClose
	clsNull
	clsTrue
	clsFalse
	clsNumber
)

var fmtClass = func() (t [256]uint8) {
	for _, c := range " \t\n\r" {
		t[c] = clsSpace
	}
	for _, c := range "-0123456789" {
		t[c] = clsNumber
	}
	t['"'], t[':'], t[','] = clsQuote, clsColon, clsComma
	t['{'], t['['], t['}'], t[']'] = clsOpen, clsOpen, clsClose, clsClose
	t['n'], t['t'], t['f'] = clsNull, clsTrue, clsFalse
	return t
}()

// put32 copies the l bytes at src to dst, 32 at a time: it writes up to
// 31 bytes past them and reads up to 31 past them. Runs of up to 32
// bytes, the commonest, take no loop, so that their varying lengths cost
// no mispredicted branch.
func put32(dst, src unsafe.Pointer, l int) {
	// Blocks of 16 bytes: a larger array would be copied by a call.
	*(*[16]byte)(dst) = *(*[16]byte)(src)
	*(*[16]byte)(unsafe.Add(dst, 16)) = *(*[16]byte)(unsafe.Add(src, 16))
	for k := 32; k < l; k += 16 {
		*(*[16]byte)(unsafe.Add(dst, k)) = *(*[16]byte)(unsafe.Add(src, k))
	}
}

// run reads tokens from c.pos while they are of the kinds it reads
// without a call, and returns before the first one it leaves to step, or
// when the value is read whole (c.done). It follows the grammar with a
// label per state: value, name, colon and after (a value, expecting ','
// or an end), so that a member or an element costs no dispatch but on
// the value's first byte.
//
// Whitespace is measured without a loop where it is most often found
// (after a comma or a bracket, and before a comma or an end): a newline,
// then up to 31 spaces or tabs, found in four words whose lengths are
// picked with conditional moves, so that indentation of varying depth
// costs no mispredicted branch. Elsewhere (and longer runs) it goes
// through space.
func (c *fmtCursor) run() {
	// Few values stay live across the loop, so that they fit in
	// registers: what multiline output needs is read from c and c.e.
	s := c.s
	n := len(s)
	sb := unsafe.Pointer(unsafe.StringData(s))
	db := unsafe.Pointer(unsafe.SliceData(c.dst))
	dl := len(c.dst)
	// st holds the grammar state (want bits) in its low byte and the
	// number of open containers above.
	pos, lit, st, mode := c.pos, c.lit, c.want|c.sp<<stDepth, c.mode
	var ch byte
	var q int // where whitespace ends
	switch {
	case st&wantValue != 0:
		goto value
	case st&wantName != 0:
		goto name
	case st&wantColon != 0:
		goto colon
	}
	goto after

space:
	// Whitespace at pos, in any state: dropped, ending the run of input
	// copied.
	{
		p := pos
		if p+32 > n || !fits(c, dl, pos-lit) {
			goto exit
		}
		if s[p] == '\n' {
			p++
		}
		if b := s[p]; b == ' ' || b == '\t' {
			pat := 0x0101010101010101 * uint64(b)
			for {
				if p+8 > n {
					goto exit
				}
				if x := wire.Load64(s, p) ^ pat; x != 0 {
					p += bits.TrailingZeros64(x) >> 3
					break
				}
				p += 8
			}
		}
		if s[p] <= ' ' {
			goto exit
		}
		put32(unsafe.Add(db, dl), unsafe.Add(sb, lit), pos-lit)
		dl += pos - lit
		pos, lit = p, p
	}
	switch {
	case st&wantValue != 0:
		goto value
	case st&wantName != 0:
		goto name
	case st&wantColon != 0:
		goto colon
	}
	goto after

value:
	if pos >= n {
		goto exit
	}
	ch = at(sb, pos)
	switch fmtClass[ch] {
	case clsSpace:
		goto space

	case clsQuote:
		if mode&modeHTML != 0 || pos+17 > n {
			goto exit
		}
		// A string without escapes: the first 16 bytes at once, then a
		// word at a time.
		{
			x0, x1 := wire.Load64(s, pos+1), wire.Load64(s, pos+9)
			m0, m1 := wire.StringStops(x0), wire.StringStops(x1)
			j := pos + 1
			var high uint64
			if m0|m1 != 0 {
				t := bits.TrailingZeros64(m0)
				high = x0 & bytesBelow(m0)
				if m0 == 0 {
					t = 64 + bits.TrailingZeros64(m1)
					high = x0 | x1&bytesBelow(m1)
				}
				j += t >> 3
			} else {
				high = x0 | x1
				j += 16
				for {
					if j+8 > n || j-pos > runStringMax {
						goto exit
					}
					x := wire.Load64(s, j)
					if m := wire.StringStops(x); m != 0 {
						t := bits.TrailingZeros64(m)
						high |= x & (1<<(uint(t)&^7) - 1)
						j += t >> 3
						break
					}
					high |= x
					j += 8
				}
			}
			if s[j] != '"' || high&0x8080808080808080 != 0 && mode&(uint32(wire.NonASCII)<<modeCare) != 0 {
				goto exit
			}
			pos = j + 1
		}
		goto scalar

	case clsNumber:
		// Up to 15 integer digits and up to 23 of fraction, without
		// exponent, measured a word at a time.
		if pos+numberLookahead > n {
			goto exit
		}
		{
			j := pos
			if ch == '-' {
				j++
			}
			k := bits.TrailingZeros64(nonDigits(wire.Load64(s, j))) >> 3
			if k == 8 {
				k += bits.TrailingZeros64(nonDigits(wire.Load64(s, j+8))) >> 3
			}
			if uint(k-1) >= 15 || k > 1 && at(sb, j) == '0' {
				goto exit
			}
			j += k
			float := at(sb, j) == '.'
			if float {
				j++
				if at(sb, j)-'0' > 9 {
					goto exit
				}
				m := nonDigits(wire.Load64(s, j))
				for w := 0; m == 0; w++ {
					if w == 2 {
						goto exit
					}
					j += 8
					m = nonDigits(wire.Load64(s, j))
				}
				j += bits.TrailingZeros64(m) >> 3
			}
			if at(sb, j)|0x20 == 'e' {
				goto exit
			}
			if mode&uint32(fmtCanonNums) != 0 {
				// Numbers written differently (see needsCanon) are
				// left to step, which is told where they end.
				if float {
					if mode&uint32(fmtCanonFloats) != 0 {
						c.numEnd = j
						goto exit
					}
				} else if j-pos >= 16 && mode&uint32(fmtCanonInts) != 0 || j-pos == 2 && ch == '-' && s[pos+1] == '0' {
					c.numEnd = j
					goto exit
				}
			}
			pos = j
		}
		goto scalar

	case clsNull:
		if pos+4 > n || s[pos:pos+4] != "null" {
			goto exit
		}
		pos += 4
		goto scalar
	case clsTrue:
		if pos+4 > n || s[pos:pos+4] != "true" {
			goto exit
		}
		pos += 4
		goto scalar
	case clsFalse:
		if pos+5 > n || s[pos:pos+5] != "false" {
			goto exit
		}
		pos += 5
		goto scalar

	case clsOpen:
		if st>>stDepth >= c.e.openMax || st>>stDepth >= len(c.e.open) ||
			ch == '{' && mode&uint32(fmtCheckDup) != 0 && len(c.e.nameCheck.firsts) == cap(c.e.nameCheck.firsts) ||
			ch == '{' && mode&uint32(fmtReorder) != 0 && (len(c.e.reorder.firsts) == cap(c.e.reorder.firsts) ||
				len(c.e.reorder.slots) == cap(c.e.reorder.slots) || len(c.e.reorder.objs) == cap(c.e.reorder.objs)) {
			goto exit
		}
		body := dl + pos + 1 - lit // where the members go in the output
		if mode&uint32(fmtMultiline) != 0 {
			// Empty, it is written on one line; else its first member
			// goes on a new line, and the whitespace before it is
			// dropped.
			if pos+35 > n {
				goto exit
			}
			q = pos + 1
			if s[q] <= ' ' {
				if s[q] == '\n' {
					q++
				}
				pat := uint64(0x2020202020202020)
				if s[q] == '\t' {
					pat = 0x0909090909090909
				}
				for w := 0; ; w++ {
					if x := wire.Load64(s, q) ^ pat; x != 0 || w == 3 {
						q += bits.TrailingZeros64(x) >> 3
						break
					}
					q += 8
				}
				if s[q] <= ' ' {
					goto exit
				}
			}
			if s[q] == ch+2 {
				if !fits(c, dl, pos+1-lit) {
					goto exit
				}
				put32(unsafe.Add(db, dl), unsafe.Add(sb, lit), pos+1-lit)
				dl += pos + 1 - lit
				pos, lit = q+1, q
				goto scalar
			}
			m := c.indentLen(st >> stDepth)
			if m+32 > len(c.e.indents) || !fits(c, dl, pos+1-lit+m) {
				goto exit
			}
			put32(unsafe.Add(db, dl), unsafe.Add(sb, lit), pos+1-lit)
			dl += pos + 1 - lit
			put32(unsafe.Add(db, dl), unsafe.Pointer(unsafe.SliceData(c.e.indents)), m)
			dl += m
			pos, lit = q, q
		} else {
			pos++
		}
		c.e.open[st>>stDepth] = ch
		if ch == '[' {
			st = st&^(1<<stDepth-1) + 1<<stDepth | wantValue | wantEnd
		} else {
			st = st&^(1<<stDepth-1) + 1<<stDepth | wantName | wantEnd | inObject
			if mode&uint32(fmtCheckDup) != 0 {
				nc := &c.e.nameCheck
				nc.firsts = nc.firsts[:len(nc.firsts)+1]
				nc.firsts[len(nc.firsts)-1] = len(nc.keys)
			}
			if mode&uint32(fmtReorder) != 0 {
				ro := &c.e.reorder
				ro.firsts = ro.firsts[:len(ro.firsts)+1]
				ro.firsts[len(ro.firsts)-1] = len(ro.members)
				ro.slots = ro.slots[:len(ro.slots)+1]
				ro.slots[len(ro.slots)-1] = len(ro.objs)
				ro.objs = ro.objs[:len(ro.objs)+1]
				ro.objs[len(ro.objs)-1] = sortedObject{body: body}
			}
		}
		goto afterDelim

	case clsClose:
		if st&wantEnd != 0 && ch == ']' {
			goto close // an empty array
		}
	}
	goto exit

scalar:
	// A value other than a container was read: what follows is that of a
	// value in the same container.
	if st>>stDepth == 0 {
		c.done = true
		goto exit
	}
	st = st&^(1<<stDepth-1) | wantComma | wantEnd | st&inObject
	if st&inObject != 0 && mode&uint32(fmtReorder) != 0 {
		ms := c.e.reorder.members
		ms[len(ms)-1].end = dl + pos - lit
	}
	if pos-lit >= runFlush && mode&modeFlush != 0 {
		goto exit
	}

after:
	// After a value in a container: ',' or the end, maybe after
	// whitespace.
	if pos+34 > n {
		goto exit
	}
	ch = at(sb, pos)
	if ch == ',' && mode&uint32(fmtSpaceComma|fmtMultiline) == 0 {
		// The commonest: a comma right after the value.
		pos++
		if st&inObject != 0 {
			st = st&^(1<<stDepth-1) | wantName | inObject
		} else {
			st = st&^(1<<stDepth-1) | wantValue
		}
		goto afterDelim
	}
	if ch <= ' ' {
		// A newline and indentation (or spaces) before it: dropped.
		q = pos
		if ch == '\n' {
			q++
		}
		{
			pat := uint64(0x2020202020202020)
			if at(sb, q) == '\t' {
				pat = 0x0909090909090909
			}
			t0 := bits.TrailingZeros64(wire.Load64(s, q)^pat) >> 3
			t1 := bits.TrailingZeros64(wire.Load64(s, q+8)^pat) >> 3
			t2 := bits.TrailingZeros64(wire.Load64(s, q+16)^pat) >> 3
			t3 := bits.TrailingZeros64(wire.Load64(s, q+24)^pat) >> 3
			l := t0
			if l == 8 {
				l = 8 + t1
			}
			if l == 16 {
				l = 16 + t2
			}
			if l == 24 {
				l = 24 + t3
			}
			q += l
		}
		if ch = at(sb, q); ch <= ' ' || !fits(c, dl, pos-lit) {
			goto space
		}
		put32(unsafe.Add(db, dl), unsafe.Add(sb, lit), pos-lit)
		dl += pos - lit
		pos, lit = q, q
	}
	switch ch {
	case ',':
		if mode&uint32(fmtSpaceComma|fmtMultiline) != 0 {
			if mode&uint32(fmtSpaceComma) != 0 {
				goto exit
			}
			// The comma ends the run; a new line and indent follow, and
			// the whitespace after the comma is dropped.
			if pos+35 > n {
				goto exit
			}
			q = pos + 1
			if s[q] <= ' ' {
				if s[q] == '\n' {
					q++
				}
				pat := uint64(0x2020202020202020)
				if s[q] == '\t' {
					pat = 0x0909090909090909
				}
				t0 := bits.TrailingZeros64(wire.Load64(s, q)^pat) >> 3
				t1 := bits.TrailingZeros64(wire.Load64(s, q+8)^pat) >> 3
				t2 := bits.TrailingZeros64(wire.Load64(s, q+16)^pat) >> 3
				t3 := bits.TrailingZeros64(wire.Load64(s, q+24)^pat) >> 3
				l := t0
				if l == 8 {
					l = 8 + t1
				}
				if l == 16 {
					l = 16 + t2
				}
				if l == 24 {
					l = 24 + t3
				}
				q += l
			}
			m := c.indentLen(st>>stDepth - 1)
			if s[q] <= ' ' || m+32 > len(c.e.indents) || !fits(c, dl, pos+1-lit+m) {
				goto exit
			}
			put32(unsafe.Add(db, dl), unsafe.Add(sb, lit), pos+1-lit)
			dl += pos + 1 - lit
			put32(unsafe.Add(db, dl), unsafe.Pointer(unsafe.SliceData(c.e.indents)), m)
			dl += m
			pos, lit = q, q
			if st&inObject != 0 {
				st = st&^(1<<stDepth-1) | wantName | inObject
				goto name
			}
			st = st&^(1<<stDepth-1) | wantValue
			goto value
		}
		pos++
		if st&inObject != 0 {
			st = st&^(1<<stDepth-1) | wantName | inObject
		} else {
			st = st&^(1<<stDepth-1) | wantValue
		}
		goto afterDelim
	case '}', ']':
		goto close
	}
	goto exit

afterDelim:
	// After a comma or an opening bracket: whitespace there (most often
	// a newline and indentation) is dropped.
	if pos+34 > n {
		goto exit
	}
	if ch = at(sb, pos); ch <= ' ' {
		q = pos
		if ch == '\n' {
			q++
		}
		{
			pat := uint64(0x2020202020202020)
			if at(sb, q) == '\t' {
				pat = 0x0909090909090909
			}
			t0 := bits.TrailingZeros64(wire.Load64(s, q)^pat) >> 3
			t1 := bits.TrailingZeros64(wire.Load64(s, q+8)^pat) >> 3
			t2 := bits.TrailingZeros64(wire.Load64(s, q+16)^pat) >> 3
			t3 := bits.TrailingZeros64(wire.Load64(s, q+24)^pat) >> 3
			l := t0
			if l == 8 {
				l = 8 + t1
			}
			if l == 16 {
				l = 16 + t2
			}
			if l == 24 {
				l = 24 + t3
			}
			q += l
		}
		if at(sb, q) <= ' ' || !fits(c, dl, pos-lit) {
			goto space
		}
		put32(unsafe.Add(db, dl), unsafe.Add(sb, lit), pos-lit)
		dl += pos - lit
		pos, lit = q, q
	}
	if st&wantName != 0 {
		goto name
	}
	goto value

close:
	// ch, at pos, ends the innermost container, if it is its end.
	// (st's inObject says what the innermost container is.)
	if (ch == '}') != (st&inObject != 0) || ch == '}' && mode&uint32(fmtReorder) != 0 {
		goto exit
	}
	if ch == '}' && mode&uint32(fmtCheckDup) != 0 {
		// The object's keys are distinct when they are a sequence
		// known so (see nameCheck.close; step settles the others).
		nc := &c.e.nameCheck
		first := nc.firsts[len(nc.firsts)-1]
		if ks := nc.keys[first:]; len(ks) >= 2 {
			if len(ks) > keySeqMax {
				goto exit
			}
			seq := nc.seqs[keySeqSlot(ks)]
			if len(seq) != len(ks) {
				goto exit
			}
			for i, k := range ks {
				if seq[i] != k {
					goto exit
				}
			}
		}
		nc.firsts = nc.firsts[:len(nc.firsts)-1]
		nc.keys = nc.keys[:first]
	}
	if st&wantComma != 0 && mode&uint32(fmtMultiline) != 0 {
		// A new line and indent before the end.
		m := c.indentLen(st>>stDepth - 2)
		if m+32 > len(c.e.indents) || !fits(c, dl, pos-lit+m) || pos+32 > n {
			goto exit
		}
		put32(unsafe.Add(db, dl), unsafe.Add(sb, lit), pos-lit)
		dl += pos - lit
		put32(unsafe.Add(db, dl), unsafe.Pointer(unsafe.SliceData(c.e.indents)), m)
		dl += m
		lit = pos
	}
	pos++
	st -= 1 << stDepth
	if st>>stDepth == 0 {
		c.done = true
		goto exit
	}
	// What follows is that of a value in the container around.
	st = st&^(1<<stDepth-1) | wantComma | wantEnd
	if c.e.open[st>>stDepth-1] == '{' {
		st |= inObject
		if mode&uint32(fmtReorder) != 0 {
			ms := c.e.reorder.members
			ms[len(ms)-1].end = dl + pos - lit
		}
	}
	goto after

name:
	// A member's name (or, just after the '{', the end).
	if pos+33 > n {
		goto exit
	}
	switch ch = at(sb, pos); ch {
	case '"':
		// A name of up to 31 ASCII bytes without escapes, found and
		// keyed from two or four words.
		if mode&modeHTML != 0 || mode&uint32(fmtReorder) != 0 && len(c.e.reorder.members) == cap(c.e.reorder.members) {
			goto exit
		}
		{
			x0, x1 := wire.Load64(s, pos+1), wire.Load64(s, pos+9)
			var key uint64
			k := 16
			if m := wire.StringStops(x0); m != 0 {
				// Up to 7 bytes, the commonest, keyed from the same mask.
				k = bits.TrailingZeros64(m) >> 3
				lo := bytesBelow(m)
				if at(sb, pos+1+k) != '"' || x0&lo&0x8080808080808080 != 0 {
					goto exit
				}
				key = tinyNameKey(x0&lo, k)
			} else if m := wire.StringStops(x1); m != 0 {
				k = 8 + bits.TrailingZeros64(m)>>3
				if at(sb, pos+1+k) != '"' || (x0|x1&bytesBelow(m))&0x8080808080808080 != 0 {
					goto exit
				}
				key = shortNameKey(x0, x1, k)
			} else {
				x2, x3 := wire.Load64(s, pos+17), wire.Load64(s, pos+25)
				if m := wire.StringStops(x2); m != 0 {
					k = 16 + bits.TrailingZeros64(m)>>3
					x2 &= bytesBelow(m)
					x3 = 0
				} else if m := wire.StringStops(x3); m != 0 {
					k = 24 + bits.TrailingZeros64(m)>>3
					x3 &= bytesBelow(m)
				} else {
					goto exit
				}
				if at(sb, pos+1+k) != '"' || (x0|x1|x2|x3)&0x8080808080808080 != 0 {
					goto exit
				}
				if mode&uint32(fmtCheckDup) != 0 {
					key = mediumNameKey(x0, x1, x2, x3, k)
				}
			}
			if mode&uint32(fmtCheckDup) != 0 {
				nk := len(c.e.nameCheck.keys)
				if nk == cap(c.e.nameCheck.keys) {
					goto exit
				}
				c.e.nameCheck.keys = c.e.nameCheck.keys[:nk+1]
				c.e.nameCheck.keys[nk] = key
			}
			if mode&uint32(fmtReorder) != 0 {
				// The member starts at the name, which is its text.
				ro := &c.e.reorder
				at := dl + pos - lit
				ro.members = ro.members[:len(ro.members)+1]
				ro.members[len(ro.members)-1] = outMember{start: at, name: at + 1, nend: at + 1 + k, obj: len(ro.objs)}
			}
			pos += k + 2
		}
		st = st&^(1<<stDepth-1) | wantColon | inObject
		goto colon
	case '}':
		if st&wantEnd != 0 {
			goto close // an empty object
		}
	case ' ', '\t', '\n', '\r':
		goto space
	}
	goto exit

colon:
	if pos+33 > n {
		goto exit
	}
	switch ch = at(sb, pos); ch {
	case ':':
		p := pos + 1
		if at(sb, p) == ' ' && at(sb, p+1) > ' ' {
			// One space, the commonest: kept, or dropped.
			if mode&uint32(fmtSpaceColon) == 0 {
				if !fits(c, dl, p-lit) {
					goto exit
				}
				put32(unsafe.Add(db, dl), unsafe.Add(sb, lit), p-lit)
				dl += p - lit
				lit = p + 1
			}
			p++
		} else if mode&uint32(fmtSpaceColon) != 0 {
			goto exit
		}
		pos = p
		st = st&^(1<<stDepth-1) | wantValue | inObject
		goto value
	case ' ', '\t', '\n', '\r':
		goto space
	}

exit:
	c.dst = c.dst[:dl]
	c.pos, c.lit, c.want, c.sp = pos, lit, st&(1<<stDepth-1), st>>stDepth
}

// nonDigits flags (as wire.NonDigits does: the lowest flag is exact) the
// bytes of x that are not ASCII digits: a digit d is 0 to 9 after x^'0',
// and stays below 0x80 when 0x76 is added.
func nonDigits(x uint64) uint64 {
	t := x ^ 0x3030303030303030
	return (t + 0x7676767676767676 | t) & 0x8080808080808080
}

// at is s[i] for run's s at sb, without the bounds check: run reads only
// where it checked that enough input follows.
func at(sb unsafe.Pointer, i int) byte { return *(*byte)(unsafe.Add(sb, i)) }

// fits reports whether l bytes can be copied inline to the output, which
// holds dl bytes: not too many, and room for them and for the 32-byte
// stores that may write past them.
func fits(c *fmtCursor, dl, l int) bool { return l <= runCopyMax && dl+l+32 <= cap(c.dst) }

// indentLen is the length of a new line with the prefix and the indents
// of k levels inside the value.
func (c *fmtCursor) indentLen(k int) int { return c.indent0 + k*c.indentUnit }

// bytesBelow returns the bits of the bytes of a word below the lowest
// byte that m flags (in its high bit, as wire.StringStops does): all of
// them when m flags none. It is lowMask of that byte's index, without
// the index.
func bytesBelow(m uint64) uint64 { return (m&-m)>>7 - 1 }

// lowMask is lowBytes without a branch: the k >= 0 low bytes of a word
// set (all of them from k = 8 on, where Go's shift gives 0).
func lowMask(k int) uint64 { return 1<<(8*uint(k)) - 1 }
