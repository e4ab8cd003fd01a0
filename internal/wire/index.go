package wire

import "unsafe"

// VectorIndex reports whether this CPU lists tokens with vector
// instructions: TokenIndex and LooseCursor, and Valid's first stage on
// long inputs. Without them listing tokens in portable Go costs more
// than reading them one by one, and callers do that; with them, Valid is
// faster than any one-pass validating skip, and a lookup that must
// validate a whole document does better to call Valid first.
var VectorIndex = skHasIdx

// TokenIndexCap is the most tokens a TokenIndex holds at once.
const TokenIndexCap = skIdxCap

// TokenIndex lists where the tokens of a text start, 64 bytes at a time
// (simdjson's first stage; see validIndexed): each structural byte
// outside strings, the opening quote of each string, and the first byte
// of each run of other bytes outside strings (a number, a literal, or
// anything stray). As it goes it checks the strings (no control
// character, every escape well formed) and the numbers (each run that
// starts with a minus or a digit is one whole JSON number); Clean reports
// whether everything listed so far passed.
//
// It works on whole blocks only, and the last token listed may continue
// past them: a caller takes a token's end from the token after it (the
// end is where the whitespace before that token starts), and leaves the
// last token listed for the next Fill or for its own means.
type TokenIndex struct {
	st   skIdx
	Pos  [skIdxCap]uint32 // Pos[:n]: where the tokens listed start
	n    int              // tokens listed, in pos[:n]
	next int              // where listing goes on: a block boundary from the start
}

// Reset starts listing the text at start, which must be outside any
// string and at the start of a token or of whitespace.
func (x *TokenIndex) Reset(start int) {
	x.st = skIdx{}
	x.n = 0
	x.next = start
}

// Fill lists the tokens of the whole blocks of s from where listing
// stopped (s is the text given before, possibly longer), after keeping
// the last keep tokens listed (they come first). It reports whether it
// listed any: not when no whole block is left, or when the positions
// would not fit in 32 bits.
func (x *TokenIndex) Fill(s string, keep int) bool {
	copy(x.Pos[:keep], x.Pos[x.n-keep:x.n])
	x.n = keep
	n := len(s) - x.next
	if n < 64 || uint64(len(s)) >= 1<<32 {
		return false
	}
	consumed, count := skIdxBlocks(s, x.next, n, &x.st, &x.Pos, keep, x.next)
	x.next += consumed
	x.n = count
	return count > keep
}

// FillLast is Fill for a text that ends at len(s): it also lists the
// last, partial block, as if spaces followed the text. It reports whether
// it listed any token.
func (x *TokenIndex) FillLast(s string, keep int) bool {
	copy(x.Pos[:keep], x.Pos[x.n-keep:x.n])
	x.n = keep
	if uint64(len(s)) >= 1<<32 || x.next >= len(s) {
		return false
	}
	if n := len(s) - x.next; n >= 64 {
		consumed, count := skIdxBlocks(s, x.next, n, &x.st, &x.Pos, keep, x.next)
		x.next += consumed
		x.n = count
	}
	if x.next < len(s) && len(s)-x.next < 64 && x.n+64 <= skIdxCap {
		var pad [64]byte
		copy(pad[copy(pad[:], s[x.next:]):], "                                                                ")
		_, x.n = skIdxBlocks(unsafe.String(&pad[0], 64), 0, 64, &x.st, &x.Pos, x.n, x.next)
		x.next = len(s)
	}
	return x.n > keep
}

// Ended reports whether the text listed so far ends cleanly: not inside
// a string, and not inside a number cut short (a sign, a point or an
// exponent mark last).
func (x *TokenIndex) Ended() bool {
	return x.st.inString == 0 && x.st.signPoint|x.st.exp == 0
}

// Tokens returns the positions listed, in order.
func (x *TokenIndex) Tokens() []uint32 { return x.Pos[:x.n] }

// Listed returns where listing stopped: every token that starts before
// it has been listed.
func (x *TokenIndex) Listed() int { return x.next }

// Clean reports whether the strings and numbers listed so far are well
// formed (the last token may be cut short by the end of what was listed,
// without error).
func (x *TokenIndex) Clean() bool { return x.st.bad == 0 }

// SurrogatesPaired reports whether every escaped surrogate listed so far
// is paired: each \uD800-\uDBFF escape followed at once by a
// \uDC00-\uDFFF escape, and each of those preceded by one. A high
// surrogate among the last bytes listed, whose pair would be listed
// next, counts as unpaired. Like Clean, it takes escapes as they come:
// it says nothing of text that is not Clean.
func (x *TokenIndex) SurrogatesPaired() bool { return x.st.surBad|x.st.sur&63 == 0 }

// ASCII reports whether every byte of the blocks listed since Reset or
// the last ForgetBytes is below 0x80 (the blocks cover the tokens listed
// in that time, and the whitespace around them).
func (x *TokenIndex) ASCII() bool { return x.st.high == 0 }

// Backslashes reports whether a backslash is among the bytes of the
// blocks listed since Reset or the last ForgetBytes. Without one, no
// string listed in that time holds an escape.
func (x *TokenIndex) Backslashes() bool { return x.st.backslash != 0 }

// ForgetBytes starts the records of ASCII and Backslashes afresh: from
// the next block listed.
func (x *TokenIndex) ForgetBytes() { x.st.high, x.st.backslash = 0, 0 }

// ForgetHigh starts the record of ASCII afresh, from the next block
// listed, and keeps that of Backslashes.
func (x *TokenIndex) ForgetHigh() { x.st.high = 0 }

// InString reports whether listing stopped inside a string.
func (x *TokenIndex) InString() bool { return x.st.inString != 0 }
