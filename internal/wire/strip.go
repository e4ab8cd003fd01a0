package wire

import (
	"math/bits"
	"slices"
	"unsafe"
)

// StripSpace and its kernels drop the whitespace outside strings, 64
// bytes at a time as bitmasks (bit k for byte k), as the first stage of
// the validators does (see valid_index.go): the real quotes, from the
// runs of backslashes before them, and a prefix XOR of those quotes say
// which bytes are inside strings; the whitespace outside them is
// dropped, and the runs of bytes kept are copied whole.
//
// Dropping whitespace keeps the tokens of a text unless it stood between
// two bytes of numbers or literals, which it separated ("1 2", "tru e"):
// such a place is reported, so that the caller can give the text to a
// reader that says what is wrong with it. Nothing else is checked.

// Tuning of StripSpace.
const (
	// stripTail is how far before the end of the input the kernel
	// stops: its copies read up to 64 bytes past the block they copy
	// from. The rest goes byte by byte.
	stripTail = 64
	// stripSlack is the room StripSpace keeps in the output past the
	// bytes kept, for the kernel's 64-byte stores.
	stripSlack = 64
)

// stripState is the state of StripSpace carried from block to block.
type stripState struct {
	inString uint64 // all ones when the next block starts inside a string
	escaped  uint64 // 1 when the first byte of the next block is escaped
	spaceRun uint64 // 1 when the next block starts in whitespace dropped after a byte of a number or literal
	lastWord uint64 // 1 when the last byte was one of a number or literal
	joins    uint64 // non-zero once whitespace between two such bytes was dropped
}

// StripSpace appends src to dst without the whitespace outside its
// strings, and reports whether the tokens stay those of src: false when
// whitespace it dropped stood between two bytes of numbers or literals
// (then out is to be dropped). src need not be valid JSON; a string left
// open at its end is kept to the end.
func StripSpace(dst []byte, src string) (out []byte, same bool) {
	var x Stripper
	out = x.Append(dst, src)
	return out, x.Same()
}

// Stripper is StripSpace over a text given in pieces, one after the
// other.
type Stripper struct{ st stripState }

// Append appends the next piece of the text, src, to dst without the
// whitespace outside strings.
func (x *Stripper) Append(dst []byte, src string) []byte {
	l := len(dst)
	if cap(dst)-l < len(src)+stripSlack {
		dst = slices.Grow(dst, len(src)+stripSlack)
	}
	i := 0
	if n := len(src) - stripTail; n >= 64 {
		var w int
		i, w = stripBlocks(unsafe.Pointer(unsafe.SliceData(dst[l:cap(dst)])), src, n, &x.st)
		l += w
	}
	return stripBytes(dst[:l], src[i:], &x.st)
}

// Same reports whether the tokens of the text so far are kept (see
// StripSpace).
func (x *Stripper) Same() bool { return x.st.joins == 0 }

// stripBytes is StripSpace byte by byte from state st.
func stripBytes(dst []byte, s string, st *stripState) []byte {
	in, esc := st.inString != 0, st.escaped != 0
	run, word := st.spaceRun != 0, st.lastWord != 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		// A backslash escapes the byte after it, as in the kernels, even
		// outside strings (where it is an error anyway).
		escaped := esc
		esc = c == '\\' && !escaped
		if in {
			dst = append(dst, c)
			if c == '"' && !escaped {
				in = false
			}
			word = false
			continue
		}
		switch c {
		case ' ', '\t', '\n', '\r':
			run = run || word
			word = false
			continue
		case '"':
			in = !escaped
			word = escaped
		case ',', ':', '[', ']', '{', '}', 0x0c, 0x1a:
			// (0x0c and 0x1a are structural for the kernels, which test
			// b|0x20; outside strings they are errors anyway.)
			word = false
		default:
			word = true
		}
		if run && word {
			st.joins = 1
		}
		run = false
		dst = append(dst, c)
	}
	st.inString, st.escaped, st.spaceRun, st.lastWord = 0, 0, 0, 0
	if in {
		st.inString = ^uint64(0)
	}
	if esc {
		st.escaped = 1
	}
	if run {
		st.spaceRun = 1
	}
	if word {
		st.lastWord = 1
	}
	return dst
}

// stripMasks are the classes of the 64 bytes of a block, as bitmasks.
type stripMasks struct {
	quote, backslash, space, structural uint64
}

// stripClassify returns the classes of the 64 bytes at s[i:]. The
// structural class is the bytes b with b|0x20 one of ',', ':', '{' and
// '}', as for the validators.
func stripClassify(s string, i int) (m stripMasks) {
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
		}
		switch c | 0x20 {
		case ',', ':', '{', '}':
			m.structural |= bit
		}
	}
	return m
}

// block returns the bytes of a block to keep, and updates the state.
func (st *stripState) block(m stripMasks) (keep uint64) {
	var esc uint64
	if m.backslash == 0 {
		esc = st.escaped
		st.escaped = 0
	} else {
		potential := m.backslash &^ st.escaped
		maybe := potential<<1 | skOddBits
		codes := (maybe - potential) ^ skOddBits
		esc = codes ^ (m.backslash | st.escaped)
		st.escaped = (codes & m.backslash) >> 63
	}
	quotes := m.quote &^ esc
	in := skPrefixXor(quotes) ^ st.inString
	st.inString = uint64(int64(in) >> 63)
	strs := in | quotes
	drop := m.space &^ strs
	word := ^(m.space | m.structural | strs)
	// A run of whitespace dropped after a byte of a word gets a one
	// added at its first byte, which carries to the byte after the run:
	// a join when that byte is of a word too.
	starts := (word&(drop>>1))<<1 | st.spaceRun | st.lastWord&drop&1
	sum := drop + starts
	carry := uint64(0)
	if sum < drop {
		carry = 1
	}
	st.joins |= sum &^ drop & word
	st.spaceRun = carry
	st.lastWord = word >> 63
	return ^drop
}

// stripBlocksGo is the kernel in portable Go: it strips the whole
// 64-byte blocks of s that end at least stripTail bytes before n, into
// dst (which has room for them and stripSlack more), and returns the
// bytes consumed and written.
func stripBlocksGo(dst unsafe.Pointer, s string, n int, st *stripState) (consumed, written int) {
	i, w := 0, 0
	for ; i+64 <= n; i += 64 {
		keep := st.block(stripClassify(s, i))
		for keep != 0 {
			low := keep & -keep
			rest := keep & (keep + low)
			run := keep ^ rest
			start := bits.TrailingZeros64(low)
			l := bits.OnesCount64(run)
			copy(unsafe.Slice((*byte)(unsafe.Add(dst, w)), l), s[i+start:i+start+l])
			w += l
			keep = rest
		}
	}
	return i, w
}
