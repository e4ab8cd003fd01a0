package wire

import (
	"math/bits"
	"unsafe"
)

// Valid on long inputs runs in two stages, in the manner of simdjson
// (Langdale and Lemire, "Parsing Gigabytes of JSON per Second", 2019).
// The first stage looks at 64 bytes at a time as bitmasks (bit k for byte
// k): it finds the strings (quotes, and which of them are escaped, from
// the runs of backslashes), checks everything inside them at once
// (control characters, the byte after each backslash, the four hex
// digits after each \u), and lists the tokens: structural bytes outside
// strings, the opening quote of each string, and the first byte of each
// run of other bytes outside strings (numbers, literals, and anything
// stray). The second stage follows the grammar over that list, one token
// at a time, and checks numbers and literals at their first byte; it
// never looks at the bytes of strings or whitespace.
//
// Why this is exact: up to the first error in a document the masks agree
// with reading it byte by byte, so a string error is flagged at or before
// its string's end, and a byte that is neither whitespace, nor
// structural, nor part of a string is part of a run that the second
// stage sees as a token and rejects (a run may only be one number or one
// literal, ended by whitespace, a structural byte or a quote).

// skIdx is the state of the first stage carried from block to block.
// The fields from numRun on carry the checks of numbers (0 or 1 each):
// the carries out of the additions that fill number runs, points and
// exponents (see numbers), and whether the last byte of the block was a
// digit, an exponent mark, a sign or point, a minus starting a number,
// or a zero starting the integer part of one.
type skIdx struct {
	inString uint64 // all ones when the next block starts inside a string
	escaped  uint64 // 1 when the first byte of the next block is escaped
	scalar   uint64 // 1 when the byte before the next block is in a run of other bytes
	hex      uint64 // bits 0-3: bytes of the next block that must be hex digits
	bad      uint64 // non-zero once an error inside a string or number has been seen

	numRun, pointRun, expRun           uint64
	digit, exp, signPoint, minus, zero uint64

	// The pairing of escaped surrogates (see surrogates): sur carries
	// into the next block, surBad is non-zero once a surrogate escape
	// was found unpaired. high is 1 once a byte of 0x80 or more was seen.
	sur, surBad, high uint64
	// backslash is 1 once a backslash was seen (in a string or out).
	backslash uint64
	// noSur is 1 where the caller has no use for the pairing of escaped
	// surrogates (Valid: encoding/json accepts lone ones): sur and surBad
	// then stay 0, and the kernels skip the work.
	noSur uint64
}

// skIdxCap is the number of tokens the second stage takes from the first
// in one go. A block adds at most 64.
const skIdxCap = 512

// skIdxMasks holds the classes of the 64 bytes of a block, as bitmasks.
type skIdxMasks struct {
	quote, backslash, space, structural, control, escape, u, hex uint64
	digit, zero, minus, plus, point, exp                         uint64
	high                                                         uint64 // 0x80 and above
	surD, sur89AB, surCDEF                                       uint64 // see surrogates
}

// skIdxClassify returns the byte classes of the 64 bytes at s[i:]. The
// structural class is the bytes b with b|0x20 one of ',', ':', '{' and
// '}': besides the six structural bytes it holds 0x0c and 0x1a, which
// the second stage rejects wherever they are tokens (they are control
// characters, errors inside strings and outside).
func skIdxClassify(s string, i int) (m skIdxMasks) {
	for k := 0; k < 64; k++ {
		c := s[i+k]
		bit := uint64(1) << k
		switch c {
		case '"':
			m.quote |= bit
		case '\\':
			m.backslash |= bit
		case ' ', '\t', '\n', '\r':
			m.space |= bit
		case '-':
			m.minus |= bit
		case '+':
			m.plus |= bit
		case '.':
			m.point |= bit
		}
		switch c | 0x20 {
		case ',', ':', '{', '}':
			m.structural |= bit
		case 'e':
			m.exp |= bit
		}
		if c < 0x20 {
			m.control |= bit
		}
		switch c {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't', 'u':
			m.escape |= bit
		}
		if c == 'u' {
			m.u |= bit
		}
		if c-'0' <= 9 || (c|0x20)-'a' <= 5 {
			m.hex |= bit
		}
		if c-'0' <= 9 {
			m.digit |= bit
		}
		if c == '0' {
			m.zero |= bit
		}
		if c >= 0x80 {
			m.high |= bit
		}
		switch c {
		case 'd', 'D':
			m.surD |= bit
		}
		switch c {
		case '8', '9', 'a', 'b', 'A', 'B':
			m.sur89AB |= bit
		case 'c', 'd', 'e', 'f', 'C', 'D', 'E', 'F':
			m.surCDEF |= bit
		}
	}
	return m
}

// block runs the first stage over one block and returns its tokens.
func (st *skIdx) block(m *skIdxMasks) uint64 {
	var esc uint64
	if m.backslash == 0 {
		esc = st.escaped
		st.escaped = 0
	} else {
		st.backslash = 1
		potential := m.backslash &^ st.escaped
		maybe := potential<<1 | skOddBits
		codes := (maybe - potential) ^ skOddBits
		esc = codes ^ (m.backslash | st.escaped)
		st.escaped = (codes & m.backslash) >> 63
	}
	quotes := m.quote &^ esc
	in := skPrefixXor(quotes) ^ st.inString
	st.inString = uint64(int64(in) >> 63)
	bad := m.control & in
	if m.high != 0 {
		st.high = 1
	}
	if esc|st.hex|st.sur != 0 {
		bad |= esc &^ m.escape
		u := esc & m.u
		need := u<<1 | u<<2 | u<<3 | u<<4 | st.hex
		st.hex = u>>63 | u>>62 | u>>61 | u>>60
		bad |= need &^ m.hex
		if u|st.sur != 0 && st.noSur == 0 {
			st.surrogates(m, u)
		}
	}
	strs := in | quotes
	other := ^(m.space | m.structural | strs)
	starts := other &^ (other<<1 | st.scalar)
	st.scalar = other >> 63
	if starts|st.numRun != 0 {
		bad |= st.numbers(m, other, starts)
	}
	st.bad |= bad
	return m.structural&^strs | quotes&in | starts
}

// surrogates checks the pairing of escaped surrogates in a block, given
// u, its escaped u's: at the second hex digit of each \u escape, it
// finds those of high surrogates (\uD800-\uDBFF: a d or D, then 8, 9, a
// or b in either case) and of low ones (\uDC00-\uDFFF: a d or D, then c
// to f), and each high one must have a low one 6 bytes later, each low
// one a high one 6 bytes before. st.sur carries into the next block the
// escaped u at its last byte (bit 7), the d after an escaped u at its
// last byte (bit 6), and the high surrogates among its last 6 bytes
// (bits 0-5); the errors go to st.surBad. (Bad escapes are the business
// of the other checks: here the hex digits are taken as they come.)
func (st *skIdx) surrogates(m *skIdxMasks, u uint64) {
	v := (u<<1 | st.sur>>7) & m.surD
	t := v<<1 | st.sur>>6&1
	hi, lo := t&m.sur89AB, t&m.surCDEF
	st.surBad |= lo ^ (hi<<6 | st.sur&63)
	st.sur = u>>63<<7 | v>>63<<6 | hi>>58
}

// numbers checks the numbers of a block: the runs of other bytes that
// start with a minus or a digit. It returns the bytes in error. A run is
// a number, -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?, exactly when
// it holds only digits, signs, points and exponent marks, and
//
//   - a minus starts the run or follows an exponent mark, a plus follows
//     an exponent mark;
//   - a point or an exponent mark follows a digit, and there is at most
//     one of each, the point first;
//   - a digit follows every sign and point, and a digit or a sign every
//     exponent mark (so the run ends with a digit);
//   - no digit follows a zero that starts the integer part.
//
// The bytes of the runs, and those from the first point or exponent mark
// of a run to its end, are filled in by an addition: added at the first
// byte of a run of ones, a one carries to the end of it, clearing it (a
// second one added inside the run is left set: it shows duplicates).
func (st *skIdx) numbers(m *skIdxMasks, other, starts uint64) (bad uint64) {
	numStart := starts & (m.minus | m.digit)
	sum, carry := bits.Add64(other, numStart, st.numRun)
	st.numRun = carry
	num := (sum ^ other) & other

	minusStart := m.minus & numStart
	zeroStart := m.zero & num & (numStart | minusStart<<1 | st.minus)
	digits := m.digit & num
	exps := m.exp & num
	points := m.point & num
	signPoints := (m.minus | m.plus | m.point) & num
	prevDigit := digits<<1 | st.digit
	prevExp := exps<<1 | st.exp
	prevSignPoint := signPoints<<1 | st.signPoint
	prevZero := zeroStart<<1 | st.zero
	st.digit, st.exp, st.signPoint, st.minus, st.zero = digits>>63, exps>>63, signPoints>>63, minusStart>>63, zeroStart>>63

	bad = num &^ (m.digit | m.minus | m.plus | m.point | m.exp)
	// (A plus never starts a number: one rule for both signs.)
	bad |= (m.minus | m.plus) & num &^ (numStart | prevExp)
	bad |= (points | exps) &^ prevDigit
	bad |= prevSignPoint &^ m.digit
	bad |= prevExp &^ (m.digit | m.minus | m.plus)
	bad |= prevZero & m.digit

	fillPoint, carry := bits.Add64(num, points, st.pointRun)
	st.pointRun = carry
	fillExp, carry := bits.Add64(num, exps, st.expRun)
	st.expRun = carry
	fillPoint ^= num
	fillExp ^= num
	bad |= points&^fillPoint | exps&^fillExp | points&fillExp
	return bad
}

// skIdxBlocksGo is the first stage in portable Go: it indexes whole
// blocks of the n bytes at s[j:] while out has room for another block's
// tokens (from count on), writing each token's position plus base, and
// returns the bytes consumed and the new count.
func skIdxBlocksGo(s string, j, n int, st *skIdx, out *[skIdxCap]uint32, count, base int) (consumed, countOut int) {
	// The same loop as a LooseCursor's, into the free part of out.
	consumed, k := skTokBlocksGo(s, j, n, st, out[count:], base)
	return consumed, count + k
}

// skIdxFill runs the first stage from s[j] until out is nearly full or
// the input ends, and returns the number of tokens and where to go on.
// The last, partial block is indexed from a copy padded with spaces.
func skIdxFill(s string, j int, st *skIdx, out *[skIdxCap]uint32) (count, next int) {
	n := len(s)
	if n-j >= 64 {
		var c int
		c, count = skIdxBlocks(s, j, n-j, st, out, 0, j)
		j += c
	}
	if j < n && n-j < 64 && count+64 <= skIdxCap {
		var pad [64]byte
		copy(pad[copy(pad[:], s[j:]):], "                                                                ")
		_, count = skIdxBlocks(unsafe.String(&pad[0], 64), 0, 64, st, out, count, j)
		j = n
	}
	return count, j
}

// validIndexed reports whether s is one JSON value with whitespace
// around it, with the two stages. Nesting deeper than 64 levels (the
// kinds of open containers are bits of a word) returns deep, and no
// verdict. len(s) must be below 1<<32.
func validIndexed(s string) (ok, deep bool) {
	var idx [skIdxCap]uint32
	st := skIdx{noSur: 1}
	n := len(s)
	base := unsafe.Pointer(unsafe.StringData(s))
	tokens := unsafe.Pointer(&idx[0])
	nt, j := skIdxFill(s, 0, &st, &idx)
	k := 0
	var kinds uint64 // bit d: level d is an object
	depth := 0
	var p int
	var c byte

value:
	if k >= nt {
		if nt, j = skIdxFill(s, j, &st, &idx); nt == 0 {
			return false, false
		}
		k = 0
	}
	p = int(*(*uint32)(unsafe.Add(tokens, k*4)))
	k++
	c = *(*byte)(unsafe.Add(base, p))
dispatch:
	switch c {
	case '"':
		goto after
	case '{':
		if depth >= 64 {
			return false, true
		}
		kinds |= 1 << uint(depth)
		depth++
		if k >= nt {
			if nt, j = skIdxFill(s, j, &st, &idx); nt == 0 {
				return false, false
			}
			k = 0
		}
		p = int(*(*uint32)(unsafe.Add(tokens, k*4)))
		k++
		c = *(*byte)(unsafe.Add(base, p))
		if c == '}' {
			depth--
			goto after
		}
		goto key
	case '[':
		if depth >= 64 {
			return false, true
		}
		kinds &^= 1 << uint(depth)
		depth++
		if k >= nt {
			if nt, j = skIdxFill(s, j, &st, &idx); nt == 0 {
				return false, false
			}
			k = 0
		}
		p = int(*(*uint32)(unsafe.Add(tokens, k*4)))
		k++
		c = *(*byte)(unsafe.Add(base, p))
		if c == ']' {
			depth--
			goto after
		}
		goto dispatch
	case 't':
		if n-p < 4 || s[p:p+4] != "true" {
			return false, false
		}
		p += 4
	case 'f':
		if n-p < 5 || s[p:p+5] != "false" {
			return false, false
		}
		p += 5
	case 'n':
		if n-p < 4 || s[p:p+4] != "null" {
			return false, false
		}
		p += 4
	default:
		// A number: the first stage has checked it.
		if c != '-' && c-'0' > 9 {
			return false, false
		}
		goto after
	}
	// A literal ends where its run of other bytes ends.
	if p < n && skIdxDelim[*(*byte)(unsafe.Add(base, p))] == 0 {
		return false, false
	}

after:
	if depth == 0 {
		if k < nt {
			return false, false
		}
		if j < n {
			if nt, j = skIdxFill(s, j, &st, &idx); nt != 0 {
				return false, false
			}
		}
		// (A number may not end the input with a sign, point or exponent
		// mark; the byte after it, if any, was checked.)
		return st.bad|st.inString|st.signPoint|st.exp == 0, false
	}
	if k >= nt {
		if nt, j = skIdxFill(s, j, &st, &idx); nt == 0 {
			return false, false
		}
		k = 0
	}
	p = int(*(*uint32)(unsafe.Add(tokens, k*4)))
	k++
	c = *(*byte)(unsafe.Add(base, p))
	if kinds&(1<<uint(depth-1)) != 0 {
		if c == ',' {
			if k >= nt {
				if nt, j = skIdxFill(s, j, &st, &idx); nt == 0 {
					return false, false
				}
				k = 0
			}
			p = int(*(*uint32)(unsafe.Add(tokens, k*4)))
			k++
			c = *(*byte)(unsafe.Add(base, p))
			goto key
		}
		if c == '}' {
			depth--
			goto after
		}
		return false, false
	}
	if c == ',' {
		goto value
	}
	if c == ']' {
		depth--
		goto after
	}
	return false, false

key:
	// c is the token where a member's key should start.
	if c != '"' {
		return false, false
	}
	if k >= nt {
		if nt, j = skIdxFill(s, j, &st, &idx); nt == 0 {
			return false, false
		}
		k = 0
	}
	p = int(*(*uint32)(unsafe.Add(tokens, k*4)))
	k++
	if *(*byte)(unsafe.Add(base, p)) != ':' {
		return false, false
	}
	goto value
}

// skIdxDelim marks the bytes that may follow a number or a literal:
// whitespace, structural bytes and a quote.
var skIdxDelim = [256]byte{' ': 1, '\t': 1, '\n': 1, '\r': 1, ',': 1, ':': 1, '[': 1, ']': 1, '{': 1, '}': 1, '"': 1}
