package jsontext

import (
	"strings"
	"unsafe"

	"github.com/jetjson/jet/internal/wire"
)

// This file holds runIndexed, reformatFast's loop over a list of where
// the tokens start (wire.TokenIndex: simdjson's first stage, 64 bytes at
// a time with vector instructions, checking strings and numbers as it
// goes), where the CPU has the instructions for it. A token's end is
// where the whitespace before the next listed token starts, so strings,
// numbers and whitespace need no reading; what remains per token is the
// grammar and the copying of runs, in a loop that calls nothing. A token
// it does not settle is left to step, as in run; the list is set up and
// refilled by indexFill.

// Tuning of the token list: the shortest value worth listing tokens for,
// and the average length of a string from which the list is used (when
// escapes need no look, and when they do).
const (
	indexMin              = 512
	indexStringMin        = 20
	indexEscapedStringMin = 64
)

// indexSetUp decides whether the value is read through a token list and
// lists its first tokens. The list needs, for strings it does not read,
// that their UTF-8 is valid whatever the options (checked here for the
// whole value at once) and, where escapes matter, where the next
// backslash is (nextEsc).
func (c *fmtCursor) indexSetUp() {
	e := c.e
	if !wire.VectorIndex || len(c.s) < indexMin || uint64(len(c.s)) >= 1<<32 ||
		c.mode&(modeHTML|uint32(fmtJS|fmtSpaceComma|fmtReorder)) != 0 {
		return
	}
	if e.tix == nil {
		e.tix = new(wire.TokenIndex)
	}
	e.tix.Reset(0)
	c.indexed = true
	c.nextEsc = -1
	c.ik, c.iusable = 0, 0
	c.indexFill()
	if c.indexed && !c.e.indexAlways {
		// The list pays where strings are long (run reads them a word at
		// a time, and leaves the longest to step); elsewhere run is
		// faster. Where strings are rewritten, run also settles more of
		// them itself. The first tokens listed tell.
		toks := c.e.tix.Tokens()
		strs, bytes := 0, 0
		for k := 0; k+1 < len(toks); k++ {
			if p := toks[k]; c.s[p] == '"' {
				strs++
				bytes += int(toks[k+1] - p)
			}
		}
		min := indexStringMin
		if c.mode&(uint32(wire.Escaped)<<modeCare) != 0 {
			min = indexEscapedStringMin
		}
		if strs == 0 || bytes < min*strs {
			c.indexed = false
		}
	}
	if c.indexed && c.mode&(uint32(wire.NonASCII)<<modeCare) != 0 && !wire.ValidUTF8(c.s) {
		// Checked only once the list is to be used.
		c.indexed = false
	}
}

// indexFill lists more tokens, keeping those not used yet; the list is
// dropped (c.indexed false) when it cannot go on: the text ends, or
// something is not well formed.
func (c *fmtCursor) indexFill() {
	x := c.e.tix
	keep := len(x.Tokens()) - c.ik
	listed := x.FillLast(c.s, keep) // the text ends with the value's input
	n := len(x.Tokens())
	if !listed || !x.Clean() || n < 2 {
		c.indexed = false
		return
	}
	c.ik, c.iusable = 0, n-1
	if x.Listed() == len(c.s) {
		if !x.Ended() {
			c.indexed = false
			return
		}
		if n < len(x.Pos) {
			// The end of the text follows the last token.
			x.Pos[n] = uint32(len(c.s))
			c.iusable = n
		}
	}
}

// runIndexed reads tokens from c.pos through the list while they are of
// the kinds it reads without a call, as run does, and returns before
// the first one it leaves to step, when the list needs more tokens
// (c.ik == c.iusable), or when the value is read whole (c.done).
func (c *fmtCursor) runIndexed() {
	s := c.s
	n := len(s)
	db := unsafe.Pointer(unsafe.SliceData(c.dst))
	dl := len(c.dst)
	pos, lit, st, mode := c.pos, c.lit, c.want|c.sp<<stDepth, c.mode
	x := c.e.tix
	toks := &x.Pos
	k, usable := c.ik, c.iusable
	for k < usable && int(toks[k]) < pos {
		k++ // read by the other paths
	}
	if mode&(uint32(wire.Escaped)<<modeCare) != 0 && c.nextEsc < pos {
		if i := strings.IndexByte(s[pos:], '\\'); i >= 0 {
			c.nextEsc = pos + i
		} else {
			c.nextEsc = n
		}
	}
	nextEsc := c.nextEsc
	if mode&(uint32(wire.Escaped)<<modeCare) == 0 {
		nextEsc = n // escapes need no look
	}
	var p, q int // the token and the next one
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

	// Each state starts with the token at toks[k], after whitespace that
	// is dropped (ending the run of input copied).
token:
	if k >= usable {
		goto exit
	}
	p, q = int(toks[k]), int(toks[k+1])
	if p != pos {
		if !fits(c, dl, pos-lit) || pos+32 > n {
			goto exit
		}
		put32(unsafe.Add(db, dl), unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), lit), pos-lit)
		dl += pos - lit
		pos, lit = p, p
	}
	switch {
	case st&wantValue != 0:
		goto valueAt
	case st&wantName != 0:
		goto nameAt
	case st&wantColon != 0:
		goto colonAt
	}
	goto afterAt

value:
	if k >= usable || int(toks[k]) != pos {
		goto token
	}
	p, q = pos, int(toks[k+1])
valueAt:
	ch = s[p]
	switch fmtClass[ch] {
	case clsQuote:
		for e := q; ; e-- {
			if s[e-1] == '"' {
				if e-p < 2 || nextEsc < e {
					goto exit
				}
				pos = e
				break
			}
			if s[e-1] > ' ' {
				goto exit
			}
		}
		k++
		goto scalar

	case clsNumber:
		if mode&uint32(fmtCanonNums) != 0 {
			goto exit // see needsCanon
		}
		{
			e := q
			for s[e-1] <= ' ' {
				e--
			}
			pos = e
		}
		k++
		goto scalar

	case clsNull, clsTrue, clsFalse:
		{
			e := q
			for s[e-1] <= ' ' {
				e--
			}
			switch e - p {
			case 4:
				if s[p:p+4] != "null" && s[p:p+4] != "true" {
					goto exit
				}
			case 5:
				if s[p:p+5] != "false" {
					goto exit
				}
			default:
				goto exit
			}
			pos = e
		}
		k++
		goto scalar

	case clsOpen:
		if st>>stDepth >= c.e.openMax || st>>stDepth >= len(c.e.open) {
			goto exit
		}
		if s[q] == ch+2 {
			// Empty: written "{}" or "[]", on one line.
			if q != p+1 {
				if !fits(c, dl, p+1-lit) || p+33 > n {
					goto exit
				}
				put32(unsafe.Add(db, dl), unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), lit), p+1-lit)
				dl += p + 1 - lit
				lit = q
			}
			pos = q + 1
			k += 2
			goto scalar
		}
		if ch == '{' && mode&uint32(fmtCheckDup) != 0 {
			nc := &c.e.nameCheck
			if len(nc.firsts) == cap(nc.firsts) {
				goto exit
			}
			nc.firsts = nc.firsts[:len(nc.firsts)+1]
			nc.firsts[len(nc.firsts)-1] = len(nc.keys)
		}
		c.e.open[st>>stDepth] = ch
		pos = p + 1
		k++
		if mode&uint32(fmtMultiline) != 0 {
			// The first member on a new line; the whitespace after the
			// bracket is dropped.
			m := c.indentLen(st >> stDepth)
			if m+32 > len(c.e.indents) || !fits(c, dl, pos-lit+m) || pos+32 > n {
				// Not written: step reads the bracket again.
				if ch == '{' && mode&uint32(fmtCheckDup) != 0 {
					c.e.nameCheck.firsts = c.e.nameCheck.firsts[:len(c.e.nameCheck.firsts)-1]
				}
				pos = p
				k--
				goto exit
			}
			put32(unsafe.Add(db, dl), unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), lit), pos-lit)
			dl += pos - lit
			put32(unsafe.Add(db, dl), unsafe.Pointer(unsafe.SliceData(c.e.indents)), m)
			dl += m
			pos, lit = q, q
		}
		if ch == '[' {
			st = st&^(1<<stDepth-1) + 1<<stDepth | wantValue | wantEnd
			goto value
		}
		st = st&^(1<<stDepth-1) + 1<<stDepth | wantName | wantEnd | inObject
		goto name
	}
	goto exit

scalar:
	// A value was read whole (an empty container included): what follows
	// is that of a value in the same container.
	if st>>stDepth == 0 {
		c.done = true
		goto exit
	}
	st = st&^(1<<stDepth-1) | wantComma | wantEnd | st&inObject

after:
	if k >= usable || int(toks[k]) != pos {
		goto token
	}
	p, q = pos, int(toks[k+1])
afterAt:
	switch ch = s[p]; ch {
	case ',':
		pos = p + 1
		k++
		if mode&uint32(fmtMultiline) != 0 {
			// The comma ends the run; a new line and indent follow, and
			// the whitespace after the comma is dropped.
			m := c.indentLen(st>>stDepth - 1)
			if m+32 > len(c.e.indents) || !fits(c, dl, pos-lit+m) || pos+32 > n {
				pos = p
				k--
				goto exit
			}
			put32(unsafe.Add(db, dl), unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), lit), pos-lit)
			dl += pos - lit
			put32(unsafe.Add(db, dl), unsafe.Pointer(unsafe.SliceData(c.e.indents)), m)
			dl += m
			pos, lit = q, q
		}
		if st&inObject != 0 {
			st = st&^(1<<stDepth-1) | wantName | inObject
			goto name
		}
		st = st&^(1<<stDepth-1) | wantValue
		goto value
	case '}', ']':
		if c.e.open[st>>stDepth-1] != ch-2 || ch == '}' && mode&uint32(fmtCheckDup) != 0 {
			goto exit
		}
		if mode&uint32(fmtMultiline) != 0 {
			// A new line and indent before the end.
			m := c.indentLen(st>>stDepth - 2)
			if m+32 > len(c.e.indents) || !fits(c, dl, p-lit+m) || p+32 > n {
				goto exit
			}
			put32(unsafe.Add(db, dl), unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), lit), p-lit)
			dl += p - lit
			put32(unsafe.Add(db, dl), unsafe.Pointer(unsafe.SliceData(c.e.indents)), m)
			dl += m
			lit = p
		}
		pos = p + 1
		k++
		st -= 1 << stDepth
		if st>>stDepth == 0 {
			c.done = true
			goto exit
		}
		st = st&^(1<<stDepth-1) | wantComma | wantEnd
		if c.e.open[st>>stDepth-1] == '{' {
			st |= inObject
		}
		goto after
	}
	goto exit

name:
	if k >= usable || int(toks[k]) != pos {
		goto token
	}
	p, q = pos, int(toks[k+1])
nameAt:
	if s[p] != '"' {
		goto exit
	}
	{
		e := q
		for s[e-1] <= ' ' {
			e--
		}
		if s[e-1] != '"' || e-p < 2 || nextEsc < e {
			goto exit
		}
		if mode&uint32(fmtCheckDup) != 0 {
			// The name's key, from its words (its UTF-8 is valid).
			l := e - p - 2
			if l >= 32 || p+33 > n {
				goto exit
			}
			x0, x1 := wire.Load64(s, p+1), wire.Load64(s, p+9)
			var key uint64
			if l < 16 {
				key = shortNameKey(x0, x1, l)
			} else {
				x2, x3 := wire.Load64(s, p+17), wire.Load64(s, p+25)
				if l < 24 {
					x2 &= lowMask(l - 16)
					x3 = 0
				} else {
					x3 &= lowMask(l - 24)
				}
				key = mediumNameKey(x0, x1, x2, x3, l)
			}
			nk := len(c.e.nameCheck.keys)
			if nk == cap(c.e.nameCheck.keys) {
				goto exit
			}
			c.e.nameCheck.keys = c.e.nameCheck.keys[:nk+1]
			c.e.nameCheck.keys[nk] = key
		}
		pos = e
	}
	k++
	st = st&^(1<<stDepth-1) | wantColon | inObject

colon:
	if k >= usable || int(toks[k]) != pos {
		goto token
	}
	p, q = pos, int(toks[k+1])
colonAt:
	if s[p] != ':' {
		goto exit
	}
	pos = p + 1
	k++
	if mode&uint32(fmtSpaceColon) != 0 {
		if q == p+2 && s[p+1] == ' ' {
			pos = q // one space, kept
		} else {
			// Written: one more byte than the input had.
			if !fits(c, dl, pos-lit+1) || pos+32 > n {
				pos = p
				k--
				goto exit
			}
			put32(unsafe.Add(db, dl), unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), lit), pos-lit)
			dl += pos - lit
			*(*byte)(unsafe.Add(db, dl)) = ' '
			dl++
			lit = pos
		}
	}
	st = st&^(1<<stDepth-1) | wantValue | inObject
	goto value

exit:
	c.ik = k
	c.dst = c.dst[:dl]
	c.pos, c.lit, c.want, c.sp = pos, lit, st&(1<<stDepth-1), st>>stDepth
}
