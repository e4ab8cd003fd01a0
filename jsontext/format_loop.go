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
// step. Bytes are copied 16 at a time with stores that may write past
// the bytes copied, into the output's spare capacity (fmtCursor keeps
// room for them).

// run's state keeps the number of open containers above the want bits.
const stDepth = 8

// Tuning of run.
const (
	runCopyMax   = 256 // the longest run of input copied inline
	runStringMax = 64  // the longest string scanned inline
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

// put16 copies the l bytes at src to dst 16 at a time: it writes up to 15
// bytes past them and reads up to 15 past them.
func put16(dst, src unsafe.Pointer, l int) {
	for k := 0; k < l; k += 16 {
		*(*[16]byte)(unsafe.Add(dst, k)) = *(*[16]byte)(unsafe.Add(src, k))
	}
}

// run reads tokens from c.pos while they are of the kinds it reads
// without a call, and returns before the first one it leaves to step, or
// when the value is read whole (c.done). It follows the grammar with a
// label per state: value, name, colon and after (a value, expecting ','
// or an end), so that a member or an element costs no dispatch but on
// the value's first byte.
func (c *fmtCursor) run() {
	// Few values stay live across the loop, so that they fit in
	// registers: what multiline output needs is read from c and c.e.
	s := c.s
	n := len(s)
	db := unsafe.Pointer(unsafe.SliceData(c.dst))
	dl := len(c.dst)
	// st holds the grammar state (want bits) in its low byte and the
	// number of open containers above.
	pos, lit, st, mode := c.pos, c.lit, c.want|c.sp<<stDepth, c.mode
	// The output has room to copy the rest of the input as it is and 16
	// bytes more, for the stores past the bytes copied; whitespace
	// written takes from what is left beyond that (spare).
	if cap(c.dst)-dl-(n-lit) < 16 {
		return
	}
	var ch byte
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
	// Whitespace at pos: a newline and a run of spaces or tabs, or one
	// such run, dropped; it ends the run of input copied.
	{
		p := pos
		if p+16 > n || pos-lit > runCopyMax {
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
		put16(unsafe.Add(db, dl), unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), lit), pos-lit)
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
	ch = s[pos]
	switch fmtClass[ch] {
	case clsSpace:
		goto space

	case clsQuote:
		if mode&modeHTML != 0 {
			goto exit
		}
		// A string without escapes, scanned a word at a time.
		{
			j := pos + 1
			var high uint64
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
			k := bits.TrailingZeros64(wire.NonDigits(wire.Load64(s, j))) >> 3
			if k == 8 {
				k += bits.TrailingZeros64(wire.NonDigits(wire.Load64(s, j+8))) >> 3
			}
			if uint(k-1) >= 15 || k > 1 && s[j] == '0' {
				goto exit
			}
			j += k
			float := s[j] == '.'
			if float {
				j++
				if s[j]-'0' > 9 {
					goto exit
				}
				m := wire.NonDigits(wire.Load64(s, j))
				for w := 0; m == 0; w++ {
					if w == 2 {
						goto exit
					}
					j += 8
					m = wire.NonDigits(wire.Load64(s, j))
				}
				j += bits.TrailingZeros64(m) >> 3
			}
			if s[j]|0x20 == 'e' {
				goto exit
			}
			if mode&uint32(fmtCanonNums) != 0 {
				// Numbers written differently (see needsCanon) are
				// left to step.
				if float {
					if mode&uint32(fmtCanonFloats) != 0 {
						goto exit
					}
				} else if j-pos >= 16 && mode&uint32(fmtCanonInts) != 0 || j-pos == 2 && ch == '-' && s[pos+1] == '0' {
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
		if st>>stDepth >= c.e.openMax || st>>stDepth >= len(c.e.open) || mode&uint32(fmtMultiline) != 0 {
			goto exit
		}
		c.e.open[st>>stDepth] = ch
		if ch == '[' {
			st = st&^(1<<stDepth-1) + 1<<stDepth | wantValue | wantEnd
			pos++
			goto value
		}
		if mode&uint32(fmtCheckDup|fmtReorder) != 0 {
			goto exit
		}
		st = st&^(1<<stDepth-1) + 1<<stDepth | wantName | wantEnd | inObject
		pos++
		goto name

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

after:
	// After a value in a container: ',' or the end.
	if pos >= n {
		goto exit
	}
	switch ch = s[pos]; ch {
	case ',':
		if mode&uint32(fmtSpaceComma|fmtMultiline) != 0 {
			if mode&uint32(fmtSpaceComma) != 0 {
				goto exit
			}
			// The comma ends the run; a new line and indent follow, and
			// the whitespace after the comma is dropped.
			p := pos + 1
			if p+16 > n || p-lit > runCopyMax {
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
			m := c.indentLen(st>>stDepth - 1)
			if s[p] <= ' ' || m+16 > len(c.e.indents) || spare(c, dl, lit, n) < m {
				goto exit
			}
			put16(unsafe.Add(db, dl), unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), lit), pos+1-lit)
			dl += pos + 1 - lit
			put16(unsafe.Add(db, dl), unsafe.Pointer(unsafe.SliceData(c.e.indents)), m)
			dl += m
			pos, lit = p-1, p // pos moves past the comma below
		}
		pos++
		if st&inObject != 0 {
			st = st&^(1<<stDepth-1) | wantName | inObject
			goto name
		}
		st = st&^(1<<stDepth-1) | wantValue
		goto value
	case '}', ']':
		goto close
	case ' ', '\t', '\n', '\r':
		goto space
	}
	goto exit

close:
	// ch, at pos, ends the innermost container, if it is its end.
	if c.e.open[st>>stDepth-1] != ch-2 || ch == '}' && mode&uint32(fmtCheckDup|fmtReorder) != 0 {
		goto exit
	}
	if st&wantComma != 0 && mode&uint32(fmtMultiline) != 0 {
		// A new line and indent before the end.
		m := c.indentLen(st>>stDepth - 2)
		if m+16 > len(c.e.indents) || spare(c, dl, lit, n) < m || pos-lit > runCopyMax || pos+16 > n {
			goto exit
		}
		put16(unsafe.Add(db, dl), unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), lit), pos-lit)
		dl += pos - lit
		put16(unsafe.Add(db, dl), unsafe.Pointer(unsafe.SliceData(c.e.indents)), m)
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
	if pos >= n {
		goto exit
	}
	switch ch = s[pos]; ch {
	case '"':
		// A name of up to 31 ASCII bytes without escapes, found and
		// keyed from two or four words.
		if mode&(modeHTML|uint32(fmtReorder)) != 0 || pos+33 > n {
			goto exit
		}
		{
			x0, x1 := wire.Load64(s, pos+1), wire.Load64(s, pos+9)
			var key uint64
			k := 16
			if m := wire.StringStops(x0); m != 0 {
				k = bits.TrailingZeros64(m) >> 3
			} else if m := wire.StringStops(x1); m != 0 {
				k = 8 + bits.TrailingZeros64(m)>>3
			}
			if k < 16 {
				high := x0 & lowBytes(k)
				if k > 8 {
					high = x0 | x1&lowBytes(k-8)
				}
				if s[pos+1+k] != '"' || high&0x8080808080808080 != 0 {
					goto exit
				}
				key = shortNameKey(x0, x1, k)
			} else {
				x2, x3 := wire.Load64(s, pos+17), wire.Load64(s, pos+25)
				if m := wire.StringStops(x2); m != 0 {
					k = 16 + bits.TrailingZeros64(m)>>3
					x2 &= lowBytes(k - 16)
					x3 = 0
				} else if m := wire.StringStops(x3); m != 0 {
					k = 24 + bits.TrailingZeros64(m)>>3
					x3 &= lowBytes(k - 24)
				} else {
					goto exit
				}
				if s[pos+1+k] != '"' || (x0|x1|x2|x3)&0x8080808080808080 != 0 {
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
	if pos+1 >= n {
		goto exit
	}
	switch ch = s[pos]; ch {
	case ':':
		p := pos + 1
		if s[p] == ' ' && p+1 < n && s[p+1] > ' ' {
			// One space, the commonest: kept, or dropped.
			if mode&uint32(fmtSpaceColon) == 0 {
				if p-lit > runCopyMax || p+16 > n {
					goto exit
				}
				put16(unsafe.Add(db, dl), unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), lit), p-lit)
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

// spare is what the output has beyond room for the rest of the input and
// 16 bytes, with dl bytes written and s[lit:] still to copy.
func spare(c *fmtCursor, dl, lit, n int) int { return cap(c.dst) - dl - (n - lit) - 16 }

// indentLen is the length of a new line with the prefix and the indents
// of k levels inside the value.
func (c *fmtCursor) indentLen(k int) int {
	return 1 + len(c.e.opts.IndentPrefix) + (c.depth+k)*len(c.e.opts.Indent)
}
