package jsontext

import (
	"math/bits"
	"slices"
	"strings"
	"sync"
	"unsafe"

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
//
// Two passes over the whole value come first where they pay: a value
// written as it is but for its whitespace (Compact) is stripped of it
// with a vector kernel (wire.StripSpace) and then checked
// (wire.Valid); a long value with much whitespace is stripped of it
// before the pass below reads it.
//
// The pass is split in two. run (format_loop.go) reads the common tokens
// in a loop that calls nothing, so that its state stays in registers; it
// stops before any token that needs more, and step reads that one token
// with everything a token may need, then run goes on.

// Tuning of the fast path.
const (
	// reformatRoom is the room reformatFast makes in the output when it
	// has less (the inner loops stop where they lack room), and
	// reformatSlack a little more, for the stores past the bytes copied.
	reformatRoom  = 4 << 10
	reformatSlack = 64
	// scanQuotedMax is the length from which scanQuoted leaves a string
	// to wire.ScanString, whose vector kernel takes 32 bytes a step.
	scanQuotedMax = 96
	// numberLookahead is the room the inline number reader wants past a
	// number's start to measure it with a few words: up to 16 bytes of
	// sign and integer, a dot and three words of fraction, and the byte
	// after.
	numberLookahead = 48
	// stripMin is the shortest value whose whitespace is dropped first
	// in one pass (wire.StripSpace) when it has much of it: at least one
	// byte in stripShare of the first stripSample. A compact value with
	// escapes (a backslash in escapeShare bytes of the sample or more) is
	// read faster by run than checked by wire.Valid.
	stripMin    = 2 << 10
	stripSample = 1 << 10
	stripShare  = 8
	escapeShare = 64
	// stripPiece is how much of a value hasSpace strips at a time (into
	// a buffer that stays in the cache).
	stripPiece = 16 << 10
	// smallValueMax is the length below which reformatFast reads a value
	// from a copy with smallValuePad bytes of whitespace after it, the
	// room run's inline readers want past a token (numberLookahead, a
	// string of runStringMax bytes): read alone, every token of a short
	// value would go through step.
	smallValueMax = 256
	smallValuePad = 80
)

// The grammar states of reformatFast, as bits: what may come next, and
// whether the innermost container is an object.
const (
	wantValue = 1 << iota // a value
	wantName              // an object member's name
	wantColon             // the ':' after a name
	wantComma             // a ',' before the next member or element
	wantEnd               // the end of the innermost object or array
	inObject              // the innermost container is an object
)

// Bits of reformatFast's mode beyond the fmtFlags: the flags of a scanned
// string (wire.StrFlags) that call for a closer look (stringForm) under
// the options, shifted by modeCare, and modeHTML when '<', '>' and '&'
// are escaped, so that every string needs a look.
const (
	modeCare  = 16
	modeHTML  = 1 << 24
	modeFlush = 1 << 25 // the output is written anyway (not asIs): run hands long runs to flush
)

// fmtCursor is where reformatFast is in the value src (as s): the output
// so far, s[lit:pos] still to be copied to it as it is, the grammar
// state, and e.open[:sp] the containers open.
type fmtCursor struct {
	e         *encoderState
	s         string
	dst       []byte
	pos, lit  int
	want, sp  int
	depth     int    // the nesting of the value itself
	mode      uint32 // the fmtFlags and the mode bits above
	done      bool   // the value is read whole
	stepsOnly bool   // tests: step reads every token
	numEnd    int    // the end of the number run left to step at pos, if beyond pos
	// A new line at level k inside the value is indent0 + k*indentUnit
	// bytes long (see indentLen).
	indent0, indentUnit int

	// The token list (see runIndexed): whether it is used, the next
	// token to read in it, how many can be read (their next token is
	// listed), and where the next backslash is.
	indexed     bool
	ik, iusable int
	nextEsc     int
}

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
	var spaces, escapes int
	if !e.noStrip && len(src) >= stripMin {
		spaces, escapes = sample(src)
	}
	rich := spaces*stripShare >= stripSample
	if e.fl&^fmtNoNewline == fmtPreserveStrings && !e.noStrip && (e.stripAlways || e.validFirst || wire.StripVector && len(src) >= stripMin) {
		// Written as it is but for whitespace, with any name and any
		// bytes in strings: what remains is to check the value, and to
		// drop its whitespace, each in one pass.
		switch {
		case rich || e.stripAlways:
			out, same := wire.StripSpace(dst, wire.StringOf(src))
			if !same || !wire.Valid(wire.StringOf(out[len(dst):]), e.depthLimit+1-depth) {
				return dst, 0, false
			}
			n = trimSpaceEnd(src)
			if e.asIs && len(out)-len(dst) == n {
				e.wasAsIs = true // no whitespace inside
				return dst, n, true
			}
			return out, n, true
		case e.validFirst || escapes*escapeShare < stripSample:
			// Little whitespace: the value is likely written as it is,
			// which is found without writing it.
			if !wire.Valid(wire.StringOf(src), e.depthLimit+1-depth) {
				return dst, 0, false
			}
			n = trimSpaceEnd(src)
			if e.hasSpace(src[:n]) {
				out, _ := wire.StripSpace(dst, wire.StringOf(src[:n]))
				return out, n, true
			}
			if e.asIs {
				e.wasAsIs = true
				return dst, n, true
			}
			return append(dst, src[:n]...), n, true
		}
		// (With many escapes, run reads a value faster than
		// wire.Valid.)
	}
	if e.stripAlways || !e.noStrip && e.fl&fmtSpace == 0 && wire.StripVector && len(src) >= stripMin && rich {
		// (Written with whitespace, a value is read faster as it is:
		// run drops and writes whitespace in the same steps.)
		return e.reformatStripped(dst, src, depth)
	}
	if len(src) < smallValueMax && !e.stepsOnly {
		return e.reformatSmall(dst, src, depth)
	}
	return e.reformatRun(dst, src, depth)
}

// reformatSmall is reformatRun for a short value (see smallValueMax),
// read from a copy followed by whitespace. Whatever it does not settle
// is left to the caller's reference path over src itself, so errors
// are placed in src.
func (e *encoderState) reformatSmall(dst, src []byte, depth int) (out []byte, n int, ok bool) {
	p := append(append(e.padded[:0], src...), smallPad...)
	e.padded = p
	out, n, ok = e.reformatRun(dst, p, depth)
	if !ok || n > len(src) {
		return dst, 0, false
	}
	return out, n, true
}

// smallPad is the whitespace reformatSmall puts after a short value.
var smallPad = strings.Repeat(" ", smallValuePad)

// trimSpaceEnd returns the length of src without the whitespace at its
// end.
func trimSpaceEnd(src []byte) int {
	n := len(src)
	for n > 0 && src[n-1] <= ' ' {
		n--
	}
	return n
}

// stripPool holds the buffers of reformatStripped.
var stripPool = sync.Pool{New: func() any { return new([]byte) }}

// reformatStripped is reformatFast on a value with much whitespace: the
// whitespace is dropped first, in one pass with a vector kernel, and
// reformatRun reads what remains (with the same tokens, or it is not
// used), which ends where the value's last token ends.
func (e *encoderState) reformatStripped(dst, src []byte, depth int) (out []byte, n int, ok bool) {
	bp := stripPool.Get().(*[]byte)
	defer stripPool.Put(bp)
	c, same := wire.StripSpace((*bp)[:0], wire.StringOf(src))
	*bp = c[:0]
	if !same || len(c) == 0 {
		// Whitespace between two numbers or literals, or nothing but
		// whitespace: not valid.
		return dst, 0, false
	}
	out, m, ok := e.reformatRun(dst, c, depth)
	if !ok || m != len(c) {
		// (Something after the value: not valid.)
		e.wasAsIs = false
		return dst, 0, false
	}
	if e.wasAsIs {
		// Written as it is once stripped: not as the input is.
		e.wasAsIs = false
		out = append(out, c...)
	}
	return out, trimSpaceEnd(src), true
}

// hasSpace reports whether src has whitespace outside its strings: it is
// stripped in pieces into e.stripBuf, until one is shorter stripped.
func (e *encoderState) hasSpace(src []byte) bool {
	if cap(e.stripBuf) < stripPiece+64 {
		e.stripBuf = make([]byte, 0, stripPiece+64)
	}
	var x wire.Stripper
	for i := 0; i < len(src); i += stripPiece {
		p := src[i:min(i+stripPiece, len(src))]
		if len(x.Append(e.stripBuf[:0], wire.StringOf(p))) != len(p) {
			return true
		}
	}
	return false
}

// sample counts the whitespace and the backslashes among the first
// stripSample bytes of src (len(src) >= stripSample).
func sample(src []byte) (spaces, escapes int) {
	for _, c := range src[:stripSample] {
		if c <= ' ' {
			spaces++
		}
		if c == '\\' {
			escapes++
		}
	}
	return spaces, escapes
}

// reformatRun is reformatFast on src as it is.
func (e *encoderState) reformatRun(dst, src []byte, depth int) (out []byte, n int, ok bool) {
	s := wire.StringOf(src)
	if cap(dst)-len(dst) < reformatRoom {
		dst = slices.Grow(dst, min(len(s), reformatRoom)+reformatSlack)
	}
	mode := uint32(e.fl)
	if mode&uint32(fmtCheckUTF8|fmtJS) != 0 || mode&uint32(fmtPreserveStrings) == 0 {
		// Bytes above 0x7f: UTF-8 is checked, or strings are rewritten,
		// or U+2028 and U+2029 are escaped.
		mode |= uint32(wire.NonASCII) << modeCare
	}
	if mode&uint32(fmtCheckUTF8) != 0 || mode&uint32(fmtPreserveStrings) == 0 {
		// Escapes: they are rewritten, or surrogates must pair up.
		mode |= uint32(wire.Escaped) << modeCare
	}
	if mode&uint32(fmtHTML) != 0 {
		mode |= modeHTML
	}
	if !e.asIs {
		mode |= modeFlush
	}
	if mode&uint32(fmtMultiline) != 0 {
		e.indentText(depth + 1)
	}
	e.openMax = e.depthLimit + 1 - depth
	c := fmtCursor{e: e, s: s, dst: dst, want: wantValue, depth: depth, mode: mode, stepsOnly: e.stepsOnly,
		indent0: 1 + len(e.opts.IndentPrefix) + depth*len(e.opts.Indent), indentUnit: len(e.opts.Indent)}
	if !c.stepsOnly && !e.noIndex {
		c.indexSetUp()
	}
	for {
		if c.indexed {
			c.runIndexed()
			if c.done {
				break
			}
			if c.ik >= c.iusable {
				c.indexFill()
				continue
			}
		} else if !c.stepsOnly {
			c.run()
			if c.done {
				break
			}
			if c.pos-c.lit >= runFlush {
				// Copied while it is still in the cache.
				c.dst = appendRun(c.dst, c.s, c.lit, c.pos)
				c.lit = c.pos
			}
		}
		if !e.step(&c) {
			e.nameCheck.drop()
			e.reorder.drop()
			return c.dst, 0, false
		}
		if c.done {
			break
		}
		if c.mode&modeFlush == 0 && (c.lit != 0 || len(c.dst) != len(dst)) {
			// Written otherwise than it is: the value cannot be kept as
			// it is any more, and run may hand long runs to flush.
			c.mode |= modeFlush
		}
		// The inner loops write only where the output has room: give it
		// some (doubling it as it grows).
		if cap(c.dst)-len(c.dst) < reformatRoom {
			c.dst = slices.Grow(c.dst, max(len(c.dst), reformatRoom))
		}
	}
	if e.asIs && c.lit == 0 && len(c.dst) == len(dst) && e.reorder.moves == 0 {
		// Nothing changed: the caller keeps the value as it is.
		e.wasAsIs = true
		return c.dst, c.pos, true
	}
	out = appendRun(c.dst, s, c.lit, c.pos)
	if e.fl&fmtReorder != 0 {
		e.reorder.apply(out, len(dst))
	}
	return out, c.pos, true
}

// step reads the token (or the whitespace) at c.pos, whatever it needs,
// and reports false when the value is not settled here (see
// reformatFast).
func (e *encoderState) step(c *fmtCursor) bool {
	s, dst, pos, lit, want, sp, mode := c.s, c.dst, c.pos, c.lit, c.want, c.sp, c.mode
	depth := c.depth
	var ok bool
	if pos >= len(s) {
		return false
	}
	switch ch := s[pos]; ch {
	case ' ', '\t', '\n', '\r':
		p := spaceEnd(s, pos)
		dst = appendRun(dst, s, lit, pos)
		pos, lit = p, p
		goto next

	case '"':
		if want&wantName != 0 {
			want = wantColon | inObject
			if dst, pos, lit, ok = e.longName(dst, s, pos, lit, mode); !ok {
				return false
			}
			goto next
		}
		if want&wantValue == 0 {
			return false
		}
		if dst, pos, lit, ok = e.stringValue(dst, s, pos, lit, mode); !ok {
			return false
		}

	case ':':
		if want&wantColon == 0 {
			return false
		}
		want = wantValue | inObject
		pos++
		if mode&uint32(fmtSpaceColon) != 0 {
			dst = appendRun(dst, s, lit, pos)
			dst = append(dst, ' ')
			lit = pos
		}
		goto next

	case ',':
		if want&wantComma == 0 {
			return false
		}
		want = wantValue
		if e.open[sp-1] == '{' {
			want = wantName | inObject
		}
		pos++
		if mode&uint32(fmtSpaceComma|fmtMultiline) != 0 {
			dst = appendRun(dst, s, lit, pos)
			if mode&uint32(fmtSpaceComma) != 0 {
				dst = append(dst, ' ')
			}
			if mode&uint32(fmtMultiline) != 0 {
				dst = e.appendNewline(dst, depth+sp-1)
			}
			if pos < len(s) && s[pos] <= ' ' {
				pos = spaceEnd(s, pos)
			}
			lit = pos
		}
		goto next

	case '{', '[':
		if want&wantValue == 0 || sp == e.openMax {
			return false
		}
		pos++
		body := len(dst) + pos - lit // where the members go in the output
		if mode&uint32(fmtMultiline) != 0 {
			p := pos
			if p < len(s) && s[p] <= ' ' {
				p = spaceEnd(s, p)
			}
			if p >= len(s) {
				return false
			}
			dst = appendRun(dst, s, lit, pos)
			lit = p
			if s[p] == ch+2 { // '}' or ']': empty, on one line
				pos = p + 1
				break
			}
			dst = e.appendNewline(dst, depth+sp)
			pos = p
		}
		if sp == len(e.open) {
			e.open = append(e.open, 0)
			e.open = e.open[:cap(e.open)]
		}
		e.open[sp] = ch
		sp++
		if ch == '[' {
			want = wantValue | wantEnd
			goto next
		}
		want = wantName | wantEnd | inObject
		e.openObject(body)
		goto next

	case '}', ']':
		if want&wantEnd == 0 || e.open[sp-1] != ch-2 {
			return false
		}
		if want&wantComma != 0 && mode&uint32(fmtMultiline) != 0 {
			dst = appendRun(dst, s, lit, pos)
			dst = e.appendNewline(dst, depth+sp-2)
			lit = pos
		}
		pos++
		sp--
		if ch == '}' {
			if mode&uint32(fmtReorder) != 0 {
				dst = appendRun(dst, s, lit, pos)
				lit = pos
			}
			if !e.closeObject(dst) {
				return false
			}
		}

	case 'n':
		if want&wantValue == 0 || pos+4 > len(s) || s[pos:pos+4] != "null" {
			return false
		}
		pos += 4
	case 't':
		if want&wantValue == 0 || pos+4 > len(s) || s[pos:pos+4] != "true" {
			return false
		}
		pos += 4
	case 'f':
		if want&wantValue == 0 || pos+5 > len(s) || s[pos:pos+5] != "false" {
			return false
		}
		pos += 5

	default:
		if want&wantValue == 0 {
			return false
		}
		end := -1
		if c.numEnd > pos {
			end = c.numEnd // run measured it
		}
		if dst, pos, lit, ok = appendNumber(dst, s, pos, end, lit, fmtFlags(mode)); !ok {
			return false
		}
		// Where numbers are canonicalized, those that follow in the same
		// array, each after a comma written as it is, are read here: run
		// would hand each back (canada's coordinates, of 16 or 17
		// digits, all come here). So are those of the next array in an
		// array of arrays, after "],[", which closes one and opens the
		// next at the same depth. The text left to copy stays below
		// runFlush, as in run.
		if mode&uint32(fmtCanonNums) != 0 && sp > 0 && e.open[sp-1] == '[' && mode&uint32(fmtSpaceComma|fmtMultiline) == 0 {
			nested := sp >= 2 && e.open[sp-2] == '['
			for pos+3 < len(s) && pos-lit < runFlush {
				q := pos + 1
				if s[pos] != ',' {
					if !nested || s[pos:pos+3] != "],[" {
						break
					}
					q = pos + 3
				}
				if s[q]-'0' > 9 && s[q] != '-' {
					break
				}
				if dst, pos, lit, ok = appendNumber(dst, s, q, -1, lit, fmtFlags(mode)); !ok {
					return false
				}
			}
		}
	}

	// A value was read.
	if sp == 0 {
		c.done = true
	} else {
		want = wantComma | wantEnd
		if e.open[sp-1] == '{' {
			want |= inObject
			if mode&uint32(fmtReorder) != 0 {
				e.reorder.setEnd(len(dst) + pos - lit)
			}
		}
	}
next:
	c.dst, c.pos, c.lit, c.want, c.sp = dst, pos, lit, want, sp
	return true
}

// openObject starts an object for the duplicate check and the
// reordering; body is where its members go in the output.
func (e *encoderState) openObject(body int) {
	if e.fl&fmtCheckDup != 0 {
		e.nameCheck.open()
	}
	if e.fl&fmtReorder != 0 {
		e.reorder.open(body)
	}
}

// closeObject ends the innermost object for the duplicate check and the
// reordering, which sorts its members in the output b; it reports false
// when its names may not be distinct.
func (e *encoderState) closeObject(b []byte) bool {
	if e.fl&fmtCheckDup != 0 && !e.nameCheck.close() {
		return false
	}
	if e.fl&fmtReorder != 0 {
		return e.reorder.close(b)
	}
	return true
}

// stringValue is reformatFast's string value that is not short and
// plain: the string whose quote is at s[pos] is scanned and written (or
// left in the pending run s[lit:]). It returns the output, the end of
// the string and the start of the pending run; ok == false when the
// string is not settled here.
func (e *encoderState) stringValue(dst []byte, s string, pos, lit int, mode uint32) (out []byte, end, lit2 int, ok bool) {
	if mode&uint32(fmtPreserveStrings) == 0 {
		// Written in RFC 8785's form: read and written in one pass.
		out, end, st := appendStringCanonical(appendRun(dst, s, lit, pos), s, pos, fmtFlags(mode))
		switch st {
		case canonOK:
			return out, end, end, true
		case canonBad:
			return dst, 0, 0, false
		}
	}
	end, wfl, ok := scanQuoted(s, pos)
	if !ok {
		return dst, 0, 0, false
	}
	if (uint32(wfl)<<modeCare|modeHTML)&mode != 0 {
		switch e.stringForm(s[pos:end], wfl) {
		case formBad:
			return dst, 0, 0, false
		case formRewrite:
			dst = appendRun(dst, s, lit, pos)
			dst = e.appendStringRewritten(dst, s[pos:end], wfl)
			lit = end
		}
	}
	return dst, end, lit, true
}

// appendNumber is reformatFast's number at s[pos] whose end is end (or
// to be found, when end < 0): it is left in the pending run s[lit:]
// unless the options canonicalize it. It returns the output, the end of
// the number and the start of the pending run; ok == false when the
// number is not well formed.
func appendNumber(dst []byte, s string, pos, end, lit int, fl fmtFlags) (out []byte, end2, lit2 int, ok bool) {
	if end < 0 {
		if fl&fmtCanonFloats != 0 {
			// The commonest float is measured as it is read.
			i := pos
			neg := s[i] == '-'
			if neg {
				i++
			}
			if mant, nd, exp, e, ok := pointDecimal(s, i); ok {
				dst = appendRun(dst, s, lit, pos)
				if out, ok := appendCanonDigits(dst, mant, nd, exp, neg, true); ok {
					return out, e, e, true
				}
				return appendCanonNumber(dst, s, pos, e), e, e, true
			}
		}
		if end = scanNumberEnd(s, pos); end < 0 {
			return dst, 0, 0, false
		}
	}
	if fl&fmtCanonNums != 0 && needsCanon(s[pos:end], fl) {
		dst = appendRun(dst, s, lit, pos)
		dst = appendCanonNumber(dst, s, pos, end)
		lit = end
	}
	return dst, end, lit, true
}

// appendNewline appends a newline, the indent prefix and k indents (the
// text indentText made, which has room for k).
func (e *encoderState) appendNewline(dst []byte, k int) []byte {
	m := 1 + len(e.opts.IndentPrefix) + k*len(e.opts.Indent)
	if m+32 > len(e.indents) {
		e.indentText(k)
	}
	return append(dst, e.indents[:m]...)
}

// longName is reformatFast's name that is not short and plain: the name
// whose quote is at src[pos] is scanned, written if it is not written as
// it is (s[lit:pos] is pending), and recorded for the duplicate check and
// the reordering. It returns the output, the end of the name and the
// start of the pending run; ok == false when the name is not settled
// here.
func (e *encoderState) longName(dst []byte, s string, pos, lit int, mode uint32) (out []byte, end, lit2 int, ok bool) {
	fl := e.fl
	if fl&fmtPreserveStrings == 0 {
		// Written in RFC 8785's form: read and written in one pass.
		d := appendRun(dst, s, lit, pos)
		at := len(d)
		out, end, st := appendStringCanonical(d, s, pos, fl)
		switch st {
		case canonOK:
			if fl&(fmtCheckDup|fmtReorder) != 0 {
				// Written so, the name is its text unless it holds
				// escapes (its UTF-8 is valid).
				body := out[at+1 : len(out)-1]
				plain := strings.IndexByte(wire.StringOf(body), '\\') < 0
				if fl&fmtCheckDup != 0 {
					if plain {
						e.nameCheck.add(nameKeyFast(body))
					} else {
						e.scratch = appendUnquotedValid(e.scratch[:0], out[at:])
						e.nameCheck.add(nameKey(e.scratch))
					}
				}
				if fl&fmtReorder != 0 {
					e.reorder.addName(at, len(out), bytesOf(s[pos:end]), plain)
				}
			}
			return out, end, end, true
		case canonBad:
			return dst, 0, 0, false
		}
	}
	start := len(dst) + pos - lit // where the name goes in the output
	end, wfl, ok := scanQuoted(s, pos)
	if !ok {
		return dst, 0, 0, false
	}
	rewritten := false
	if (uint32(wfl)<<modeCare|modeHTML)&mode != 0 {
		switch e.stringForm(s[pos:end], wfl) {
		case formBad:
			return dst, 0, 0, false
		case formRewrite:
			dst = appendRun(dst, s, lit, pos)
			dst = e.appendStringRewritten(dst, s[pos:end], wfl)
			lit = end
			rewritten = true
		}
	}
	if fl&(fmtCheckDup|fmtReorder) == 0 {
		return dst, end, lit, true
	}
	// The name is its text when it holds no escape and is valid UTF-8
	// (it was checked if it had to be).
	verbatim := wfl&wire.Escaped == 0 && (wfl&wire.NonASCII == 0 || fl&fmtCheckUTF8 != 0 || wire.ValidUTF8(s[pos+1:end-1]))
	if fl&fmtCheckDup != 0 {
		if verbatim {
			e.nameCheck.add(nameKey(bytesOf(s[pos+1 : end-1])))
		} else {
			e.scratch = appendUnquotedValid(e.scratch[:0], bytesOf(s[pos:end]))
			e.nameCheck.add(nameKey(e.scratch))
		}
	}
	if fl&fmtReorder != 0 {
		outEnd := len(dst) + end - lit
		plain := verbatim
		if rewritten {
			// Written again, the name is its text unless it holds
			// escapes.
			plain = fl&fmtPreserveStrings == 0 && !strings.Contains(wire.StringOf(dst[start+1:outEnd-1]), `\`)
		}
		e.reorder.addName(start, outEnd, bytesOf(s[pos:end]), plain)
	}
	return dst, end, lit, true
}

// bytesOf views s as bytes, which must not be written.
func bytesOf(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// appendRun appends s[from:to] to dst. Runs of up to 16 bytes, the
// commonest, are copied as one 16-byte block when s and dst have room
// for it (the bytes past the run land in dst's spare capacity).
func appendRun(dst []byte, s string, from, to int) []byte {
	l := len(dst)
	if to-from <= 16 && from+16 <= len(s) && l+16 <= cap(dst) {
		*(*[16]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(dst)), l)) = *(*[16]byte)(unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), from))
		return dst[:l+to-from]
	}
	return append(dst, s[from:to]...)
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
					return wire.SkipSpace(s, q)
				}
			}
			q += bits.TrailingZeros64(x) >> 3
		}
		if s[q] > ' ' {
			return q
		}
		p = q
	}
	return wire.SkipSpace(s, p)
}

// indentText makes sure e.indents holds "\n", the indent prefix and at
// least k indents, followed by 32 bytes of padding (which run's 32-byte
// copies may read).
func (e *encoderState) indentText(k int) {
	prefix, indent := e.opts.IndentPrefix, e.opts.Indent
	same := e.indentPrefix == prefix && e.indentUnit == indent
	if !same || len(e.indents) < 1+len(prefix)+k*len(indent)+32 {
		k = max(k, 16)
		if same {
			k = max(k, 2*(len(e.indents)-1-len(prefix))/max(len(indent), 1))
		}
		b := append(e.indents[:0], '\n')
		b = append(b, prefix...)
		for i := 0; i < k; i++ {
			b = append(b, indent...)
		}
		e.indents = append(b, "                                "...)
		e.indentPrefix, e.indentUnit = prefix, indent
	}
}
