package wire

import (
	"math/bits"
	"strings"
	"unsafe"
)

// LooseCursor walks the structure of a document by its tokens, as listed
// by the first stage of the two-stage Valid (see validIndexed): the
// structural bytes outside strings, the opening quote of each string and
// the first byte of each number or literal. Strings and whitespace, the
// bulk of most documents, are passed over 64 bytes at a time as
// bitmasks, and an object's members are found by taking four tokens each
// (key, colon, value, separator) instead of reading their bytes. Large
// containers passed over are skipped with the block skipper from where
// the tokens listed so far end, and the listing starts again after them.
//
// Like SkipLoose, it follows only the structure: it is for lookups that
// do not validate what they pass over. On any text it returns without
// panicking (bad text gives a bad result, never an out-of-range index).
// Use it where VectorIndex is true; elsewhere LooseFindKey and SkipLoose
// are faster than listing tokens in portable Go.
type LooseCursor struct {
	s     string
	k, nt int // the next token in tok, and the number of tokens held
	j     int // where the listing goes on
	room  int // the most tokens the next listing may hold
	span  int // the most blocks the next listing may take
	st    skIdx
	tok   [skTokCap]uint32
}

// LooseIndexMin is the shortest document worth a LooseCursor.
const LooseIndexMin = 256

// skTokCap is the number of tokens a LooseCursor holds. The first stage
// fills it while another block's tokens fit, so that it lists at least a
// block and rarely many more than a lookup needs.
const skTokCap = 128

// skTokSpan is the most blocks a LooseCursor lists at a time after its
// first listing (see ensure). twitter.json, statuses.3.user.screen_name:
// 18 blocks in 4 listings, where the room alone took 32 in 4 and a span
// of 4 blocks 19 in 7.
const skTokSpan = 16

// Reset makes c walk s from its start; s must be shorter than 4 GiB.
func (c *LooseCursor) Reset(s string) {
	c.s = s
	c.restart(0)
}

// restart lists tokens anew from s[j], which is outside any string and
// not inside a number or literal.
func (c *LooseCursor) restart(j int) {
	c.k, c.nt, c.j = 0, 0, j
	// The first listing takes one block: after a container passed
	// over, the few tokens until the next one may be all that is
	// needed.
	c.room = 64
	c.span = 1
	c.st = skIdx{}
}

// ensure keeps the tokens not yet taken (fewer than 4: its callers
// call it then) and lists more after them, so that at least 4 are held
// from c.k on; at the end of the input the missing ones are len(s),
// which no byte is at.
//
// A listing stops when another block's tokens might not fit in tok, and
// after c.span blocks: 1 after a (re)start, then skTokSpan. Each
// listing costs about as much as three more blocks listed, so listings
// are long; but held to tok's room alone, a listing of pretty-printed
// text (a few tokens a block) ran 15 and more blocks past the member a
// lookup wanted.
func (c *LooseCursor) ensure() {
	left := max(c.nt-c.k, 0)
	if k := c.k; left <= 3 {
		// (Three assignments rather than a call of memmove.)
		c.tok[0], c.tok[1], c.tok[2] = c.tok[k&(skTokCap-1)], c.tok[(k+1)&(skTokCap-1)], c.tok[(k+2)&(skTokCap-1)]
	} else {
		copy(c.tok[:], c.tok[k:c.nt])
	}
	c.k, c.nt = 0, left
	n := len(c.s)
	for c.nt < 4 && c.j < n {
		if n-c.j >= 64 {
			m := min(n-c.j, c.span*64)
			c.span = skTokSpan
			consumed, count := skTokBlocks(c.s, c.j, m, &c.st, c.tok[c.nt:c.nt+c.room], c.j)
			c.room = skTokCap - 4
			c.j += consumed
			c.nt += count
			continue
		}
		// The last, partial block, from a copy padded with spaces.
		var pad [64]byte
		copy(pad[copy(pad[:], c.s[c.j:]):], "                                                                ")
		_, count := skTokBlocks(unsafe.String(&pad[0], 64), 0, 64, &c.st, c.tok[c.nt:], c.j)
		c.nt += count
		c.j = n
	}
	for c.nt < 4 {
		c.tok[c.nt] = uint32(n)
		c.nt++
	}
}

// Next returns the position of the next token, or len(s) at the end of
// the input.
func (c *LooseCursor) Next() int {
	if c.k >= c.nt {
		c.ensure()
	}
	p := int(c.tok[c.k&(skTokCap-1)])
	c.k++
	return p
}

// skipContainer passes over the rest of a container whose opening
// bracket was the last token taken, and reports false when the input
// ends first. The tokens already listed are walked; past them, the block
// skipper takes over and the listing starts again after the container.
func (c *LooseCursor) skipContainer() bool {
	depth := 1
	s := c.s
	for c.k < c.nt {
		p := int(c.tok[c.k&(skTokCap-1)])
		c.k++
		if p >= len(s) {
			return false
		}
		switch s[p] | 0x20 {
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return true
			}
		}
	}
	if c.j >= len(s) {
		return false
	}
	// c.j is at a block boundary; the state of the listing there says
	// whether it is inside a string.
	st := skBlock{inString: c.st.inString, escaped: c.st.escaped}
	end, ok := skLooseContainerFrom(s, c.j, depth, &st)
	if !ok {
		return false
	}
	c.restart(end)
	return true
}

// FindKey looks, in the object whose '{' was the last token taken, for
// the first member with the given key, as LooseFindKey does (plain and
// decoded mean the same). It returns the position of the member's value,
// the cursor having just taken it, or -1 when the object ends first (the
// cursor having taken its '}'); bad is true when the text does not have
// an object's structure there, with pos where that was noticed.
func (c *LooseCursor) FindKey(key string, plain bool, decoded func(q string) bool) (pos int, bad bool) {
	s := c.s
	n := len(s)
	// A member key can match only when its first byte is key's first
	// byte (the closing quote, for the empty key), or a backslash when
	// escapes are decoded; a key that is not plain is decoded for every
	// member (always).
	first, esc := int('"'), -1
	if len(key) > 0 {
		first = int(key[0])
	}
	if decoded != nil && plain && len(key) > 0 {
		esc = '\\'
	}
	always := decoded != nil && !plain
	for {
		// A member is four tokens: key, colon, value and separator.
		if c.nt-c.k < 4 {
			c.ensure()
		}
		k := c.k
		p := int(c.tok[k&(skTokCap-1)])
		if p >= n {
			return n, true
		}
		if s[p] != '"' {
			if s[p] == '}' {
				c.k = k + 1
				return -1, false
			}
			return p, true
		}
		colon := int(c.tok[(k+1)&(skTokCap-1)])
		// (The colon comes after the key's closing quote, at least.)
		if colon >= n || colon <= p+1 || s[colon] != ':' {
			return p, true
		}
		match := false
		if c1 := int(s[p+1]); c1 != first && c1 != esc && !always {
			// Not this member.
		} else if e := p + 1 + len(key); plain && e < colon && s[e] == '"' && s[p+1:e] == key {
			match = true
		} else if decoded != nil && (!plain || len(key) > 0 && colon-p-2 > len(key) &&
			(s[p+1] == key[0] || s[p+1] == '\\') && skHasBackslash(s[p+1:colon])) {
			// A key with escapes is longer than what it decodes to,
			// and up to its first backslash the same.
			q, ok := skKeyEnd(s, p, colon)
			if !ok {
				return p, true
			}
			match = decoded(s[p:q])
		}
		v := int(c.tok[(k+2)&(skTokCap-1)])
		if v >= n {
			return n, true
		}
		c.k = k + 3
		if match {
			return v, false
		}
		var sep int
		switch skTokKind[s[v]] {
		case skTokScalar:
			sep = int(c.tok[(k+3)&(skTokCap-1)])
			c.k = k + 4
		case skTokOpen:
			if !c.skipContainer() {
				return n, true
			}
			if c.k >= c.nt {
				// Listed anew after the container: more members
				// follow, not just a separator.
				c.room = skTokCap - 4
			}
			sep = c.Next()
		default:
			return v, true
		}
		if sep >= n {
			return n, true
		}
		if s[sep] != ',' {
			if s[sep] == '}' {
				return -1, false
			}
			return sep, true
		}
	}
}

// skKeyEnd returns the end of the member key whose opening quote is at
// s[p], with its colon at s[colon]: its closing quote is the last byte
// before the colon that is not whitespace. ok is false when that is not
// a quote.
func skKeyEnd(s string, p, colon int) (q int, ok bool) {
	q = colon
	for q > p+1 && s[q-1] <= ' ' {
		q--
	}
	if q < p+2 || s[q-1] != '"' {
		return q, false
	}
	return q, true
}

// The kinds of byte a token can start with, for skTokKind.
const (
	skTokScalar = iota // a string, number or literal (or a byte no JSON has)
	skTokOpen          // '{' or '['
	skTokClose         // '}', ']', ',' or ':'
)

// skTokKind maps the first byte of a value token to its kind.
var skTokKind = [256]uint8{
	'{': skTokOpen, '[': skTokOpen,
	'}': skTokClose, ']': skTokClose, ',': skTokClose, ':': skTokClose,
}

// Element returns, in the array whose '[' was the last token taken, the
// position of element index (the cursor having just taken it), or -1
// when the array ends first; bad is true when the text does not have an
// array's structure there, with pos where that was noticed.
func (c *LooseCursor) Element(index int) (pos int, bad bool) {
	s := c.s
	n := len(s)
	v := c.Next()
	if v >= n {
		return n, true
	}
	if s[v] == ']' {
		return -1, false
	}
	for e := 0; e < index; e++ {
		switch s[v] {
		case '{', '[':
			if !c.skipContainer() {
				return n, true
			}
			if c.k >= c.nt {
				// Passed over by the block skipper: the separator and
				// the next element's first byte are read directly, and
				// a container there goes to the block skipper at once.
				i := SkipSpace(s, c.j)
				if i >= n || s[i] != ',' {
					if i < n && s[i] == ']' {
						c.restart(i + 1)
						return -1, false
					}
					return i, true
				}
				if v = SkipSpace(s, i+1); v >= n {
					return n, true
				}
				if s[v] == '{' || s[v] == '[' {
					c.restart(v + 1)
				} else {
					c.restart(v)
					c.Next()
				}
				continue
			}
		case '}', ']', ',', ':':
			return v, true
		}
		sep := c.Next()
		if sep >= n {
			return n, true
		}
		if s[sep] != ',' {
			if s[sep] == ']' {
				return -1, false
			}
			return sep, true
		}
		if v = c.Next(); v >= n {
			return n, true
		}
	}
	switch s[v] {
	case '}', ']', ',', ':':
		return v, true
	}
	return v, false
}

// skHasBackslash reports whether s holds a backslash, a word at a time
// for short s.
func skHasBackslash(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		b := skLoad64(s, i) ^ (lsb * '\\')
		if (b-lsb)&^b&msb != 0 {
			return true
		}
	}
	return strings.IndexByte(s[i:], '\\') >= 0
}

// skTokBlocksGo is the first stage in portable Go for a LooseCursor (the
// reference for the vector kernels): it lists the tokens of whole blocks
// of the n bytes at s[j:] while another block's tokens fit in out, each as its
// position plus base, and returns the bytes consumed and the count.
func skTokBlocksGo(s string, j, n int, st *skIdx, out []uint32, base int) (consumed, count int) {
	for consumed+64 <= n && len(out)-count >= 64 {
		m := skIdxClassify(s, j+consumed)
		for t := st.block(&m); t != 0; t &= t - 1 {
			out[count] = uint32(base + consumed + bits.TrailingZeros64(t))
			count++
		}
		consumed += 64
	}
	return consumed, count
}
