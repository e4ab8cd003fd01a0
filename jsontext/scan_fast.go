package jsontext

import (
	"math/bits"
	"strings"
	"unicode/utf8"

	"github.com/jetjson/jet/internal/wire"
)

// This file holds the fast paths that read whole values already in
// memory: a string, and a whole value (validated, with duplicate names
// found). Each answers only "valid, and where it ends" or "not
// settled here": for anything else (an error, or text that runs to the
// end of what is in memory) the caller goes to the reference consumers
// of scan.go, which say exactly what is wrong. The fuzz tests compare the
// two.

// stringFast reads the string whose quote is at s[pos], when it is valid
// and ends within s. checkUTF8 is as for consumeString. When it gives up,
// end is where it stopped.
func stringFast(s string, pos int, checkUTF8 bool) (end int, fl strFlags, ok bool) {
	if pos+9 <= len(s) {
		// Up to 7 ASCII bytes without escapes: the first word holds the
		// closing quote.
		x := wire.Load64(s, pos+1)
		if m := wire.StringStops(x); m != 0 {
			k := bits.TrailingZeros64(m) >> 3
			if s[pos+1+k] == '"' && x&(0x8080808080808080&(1<<(8*k)-1)) == 0 {
				return pos + k + 2, 0, true
			}
		}
	}
	end, wfl, ok := wire.ScanString(s, pos)
	if !ok {
		return end, 0, false
	}
	body := s[pos+1 : end-1]
	if wfl&wire.NonASCII != 0 && !wire.ValidUTF8(body) {
		if checkUTF8 {
			return pos, 0, false
		}
		fl = strNotVerbatim | strNotCanonical
	}
	if wfl&wire.Escaped != 0 {
		fl |= strNotVerbatim
		if checkUTF8 && !surrogatesPaired(body) {
			return pos, 0, false
		}
	}
	return end, fl, true
}

// surrogatesPaired reports whether every \u escape of a UTF-16 surrogate
// in the text (string bodies, or stretches of valid JSON, whose escapes
// are known to be well formed) is a high surrogate followed by a low one.
// It walks from escape to escape: the first backslash of the text starts
// one (outside strings valid JSON has none, and a string starts outside
// any escape), and so does the first after the end of each. Runs of
// escapes, common in text escaped to ASCII, are followed without a call.
func surrogatesPaired(text string) bool {
	i := strings.IndexByte(text, '\\')
	if i < 0 {
		return true
	}
	for {
		// text[i] starts an escape. Fewer than 6 bytes from it: no \u
		// escape ends in the text.
		if i+6 > len(text) {
			return true
		}
		if text[i+1] != 'u' {
			i += 2
		} else if text[i+2]|0x20 != 'd' || hexVal[text[i+3]] < 8 {
			i += 6
		} else {
			// A surrogate: a high one, followed by an escaped low one.
			k := i + 6
			if hexVal[text[i+3]] >= 0xc || k+6 > len(text) || text[k] != '\\' || text[k+1] != 'u' ||
				text[k+2]|0x20 != 'd' || hexVal[text[k+3]] < 0xc {
				return false
			}
			i = k + 6
		}
		if i < len(text) && text[i] == '\\' {
			continue
		}
		j := strings.IndexByte(text[i:], '\\')
		if j < 0 {
			return true
		}
		i += j
	}
}

// validUTF8 is wire.ValidUTF8 for stretches of JSON text, mostly ASCII:
// runs of 32 bytes of ASCII are passed over a word at a time (a vector
// UTF-8 check costs several times more per byte), and the check is given
// only the runs of 32-byte chunks that hold other bytes. A chunk after
// one of ASCII starts at a character; a character cut by the end of a run
// continues into a chunk of ASCII, which is an error either way. A long
// run (text mostly in other scripts) takes the check to the end at once.
func validUTF8(s string) bool {
	i := 0
	for {
		for ; i+32 <= len(s); i += 32 {
			if (wire.Load64(s, i)|wire.Load64(s, i+8)|wire.Load64(s, i+16)|wire.Load64(s, i+24))&0x8080808080808080 != 0 {
				break
			}
		}
		if i+32 > len(s) {
			break
		}
		j := i + 32
		for ; j+32 <= len(s); j += 32 {
			if (wire.Load64(s, j)|wire.Load64(s, j+8)|wire.Load64(s, j+16)|wire.Load64(s, j+24))&0x8080808080808080 == 0 {
				break
			}
			if j-i >= utf8RunMax {
				return wire.ValidUTF8(s[i:])
			}
		}
		if j+32 > len(s) {
			// Other bytes up to the last whole chunk: the rest with them.
			return wire.ValidUTF8(s[i:])
		}
		if !wire.ValidUTF8(s[i:j]) {
			return false
		}
		i = j + 32
	}
	for i < len(s) && s[i] < utf8.RuneSelf {
		i++
	}
	return i == len(s) || wire.ValidUTF8(s[i:])
}

// isASCII reports whether every byte of s is below 0x80.
func isASCII(s string) bool {
	i := 0
	var or uint64
	for ; i+8 <= len(s); i += 8 {
		or |= wire.Load64(s, i)
	}
	for ; i < len(s); i++ {
		or |= uint64(s[i])
	}
	return or&0x8080808080808080 == 0
}

// utf8RunMax is the longest run of chunks holding non-ASCII bytes that
// validUTF8 looks for the end of.
const utf8RunMax = 256

func indexByteString(s string, c byte) int { return strings.IndexByte(s, c) }

// lowBytes returns a mask of the low k bytes of a word (all of them for k
// of 8 or more).
func lowBytes(k int) uint64 {
	if k >= 8 {
		return ^uint64(0)
	}
	return 1<<(8*k) - 1
}

// valueFast reads the value at buf[pos] (no whitespace before it),
// nested depth deep as value counts depth, when it lies whole in buf and
// is valid. Names are checked for duplicates in d.seen as value does, and
// d.seen is left as it was. It gives up (ok == false) on anything else,
// including a value that runs to the end of buf; end is then where it
// stopped, which tells the caller whether more input could help.
func (d *decoderState) valueFast(pos, depth int) (end int, ok bool) {
	return d.valueFastWithin(pos, depth, len(d.buf))
}

// valueFastWithin is valueFast for a value that ends before buf[limit]:
// it gives up on a longer one as on one that runs to the end of buf.
func (d *decoderState) valueFastWithin(pos, depth, limit int) (end int, ok bool) {
	// The loop returns what it leaves to undo, rather than a deferred
	// call undoing it: valueFast's many returns would make that defer a
	// call to the runtime on every read.
	end, ok, stack, pushed := d.valueFastLoop(pos, depth, limit)
	for ; pushed > 0; pushed-- {
		d.seen.pop()
	}
	if cap(stack) != cap(d.kinds) {
		d.kinds = stack[:0] // grown (else the same array: no pointer to write)
	}
	return end, ok
}

// valueFastLoop is valueFast's loop; it also returns its stack of open
// containers and the number of objects it pushed on d.seen.
func (d *decoderState) valueFastLoop(pos, depth, limit int) (end int, ok bool, stack []byte, pushed int) {
	s := wire.StringOf(d.buf[:min(limit, len(d.buf))])
	n := len(s)
	stack = d.kinds[:0] // the open containers, innermost last
	var c byte

value:
	switch c = s[pos]; c {
	case '"':
		e, fl, ok := stringFast(s, pos, d.checkUTF8)
		if !ok {
			return e, false, stack, pushed
		}
		d.valFlags = fl
		pos = e
	case '{', '[':
		if depth+len(stack) > d.depthLimit {
			return pos, false, stack, pushed
		}
		stack = append(stack, c)
		if pos = skipSpaceIn(s, pos+1); pos >= n {
			return pos, false, stack, pushed
		}
		if c == '[' {
			if s[pos] == ']' {
				stack = stack[:len(stack)-1]
				pos++
				goto after
			}
			goto value
		}
		if s[pos] == '}' {
			stack = stack[:len(stack)-1]
			pos++
			goto after
		}
		if d.checkDup {
			d.seen.push()
			pushed++
		}
		goto name
	case 'n':
		if pos+4 > n || s[pos:pos+4] != "null" {
			return pos, false, stack, pushed
		}
		pos += 4
	case 't':
		if pos+4 > n || s[pos:pos+4] != "true" {
			return pos, false, stack, pushed
		}
		pos += 4
	case 'f':
		if pos+5 > n || s[pos:pos+5] != "false" {
			return pos, false, stack, pushed
		}
		pos += 5
	default:
		if kindOf[c] != '0' {
			return pos, false, stack, pushed
		}
		var e int
		if pos+16 < n {
			e = scanNumberEnd(s, pos)
		} else {
			e = scanNumberEnd(s, pos)
		}
		if e < 0 || e == n {
			return pos, false, stack, pushed
		}
		pos = e
	}

after:
	if len(stack) == 0 {
		return pos, true, stack, pushed
	}
	if pos = skipSpaceIn(s, pos); pos >= n {
		return pos, false, stack, pushed
	}
	c = s[pos]
	switch top := stack[len(stack)-1]; {
	case c == ',':
		if pos = skipSpaceIn(s, pos+1); pos >= n {
			return pos, false, stack, pushed
		}
		if top == '{' {
			goto name
		}
		goto value
	case c == ']' && top == '[':
		stack = stack[:len(stack)-1]
		pos++
		goto after
	case c == '}' && top == '{':
		stack = stack[:len(stack)-1]
		if d.checkDup {
			d.seen.pop()
			pushed--
		}
		pos++
		goto after
	}
	return pos, false, stack, pushed

name:
	{
		if s[pos] != '"' {
			return pos, false, stack, pushed
		}
		e := -1
		if pos+17 <= n {
			// A name of up to 15 ASCII bytes without escapes, found
			// and keyed from two words.
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
				e = pos + k + 2
				if d.checkDup && !d.seen.insertKey(keyOfWords(x0, x1, k), d.buf[pos+1:e-1]) {
					return pos, false, stack, pushed
				}
			}
		}
		if e < 0 {
			var fl strFlags
			var ok bool
			if e, fl, ok = stringFast(s, pos, d.checkUTF8); !ok {
				return e, false, stack, pushed
			}
			if d.checkDup && !d.seen.insertQuoted(d.buf[pos:e], fl.verbatim()) {
				return pos, false, stack, pushed
			}
		}
		if pos = skipSpaceIn(s, e); pos >= n || s[pos] != ':' {
			return pos, false, stack, pushed
		}
		if pos = skipSpaceIn(s, pos+1); pos >= n {
			return pos, false, stack, pushed
		}
		goto value
	}
}

// skipSpaceIn returns the position of the first byte at or after pos that
// is not whitespace (len(s) if none).
func skipSpaceIn(s string, pos int) int {
	if pos < len(s) && s[pos] > ' ' {
		return pos
	}
	return skipSpaceOut(s, pos)
}

// skipSpaceOut is skipSpaceIn's call of wire.SkipSpace, kept out of line
// so that skipSpaceIn, whose byte test settles most calls, is inlined.
//
//go:noinline
func skipSpaceOut(s string, pos int) int { return wire.SkipSpace(s, pos) }

// numberEnd returns the end of the well-formed number at s[pos], or -1
// (as scanNumberEnd). Integers of up to 15 digits, the commonest numbers,
// are measured here with one or two words; the caller guarantees 16 bytes
// from pos.
func numberEnd(s string, pos int) int {
	if c := s[pos]; c >= '1' && c <= '9' {
		m := wire.NonDigits(wire.Load64(s, pos))
		end := pos
		if m == 0 {
			m = wire.NonDigits(wire.Load64(s, pos+8))
			end += 8
		}
		if m != 0 {
			end += bits.TrailingZeros64(m) >> 3
			if e := s[end]; e != '.' && e|0x20 != 'e' {
				return end
			}
		}
	}
	return scanNumberEnd(s, pos)
}

// scanNumberEnd is wire.ScanNumber's end, or -1 where the text at s[i] is
// not a whole number (or is cut short inside one).
func scanNumberEnd(s string, i int) int {
	end, _, ok := wire.ScanNumber(s, i)
	if !ok {
		return -1
	}
	return end
}
