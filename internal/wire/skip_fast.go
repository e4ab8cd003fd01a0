package wire

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// This file holds the skipping kernels used by lookups (package ast) and
// the decoder: a validating skip that accepts exactly what the reference
// grammar accepts but only answers yes or no (the caller asks package
// syntaxv1 for the precise error, which is rare), a variant that resumes
// inside open containers, and a loose skip that follows only the
// structure (strings and brackets) of text already known to be valid.

// skLoad64 reads 8 bytes of s at i as a little-endian word. The caller
// guarantees i+8 <= len(s). The bytes are read as an array, which the
// compiler turns into one load (byte-swapped where the machine is
// big-endian) on the architectures that load from any address, and into
// byte loads on those that cannot load a word from an odd one (mips).
func skLoad64(s string, i int) uint64 {
	p := (*[8]byte)(unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), i))
	return binary.LittleEndian.Uint64(p[:])
}

// skStop flags (lowest flagged lane exact) bytes that end plain string
// content: '"', '\\' and control characters.
func skStop(x uint64) uint64 {
	q := x ^ (lsb * '"')
	b := x ^ (lsb * '\\')
	return ((x - lsb*0x20) | (q - lsb) | (b - lsb)) & ^x & msb
}

// skStringEnd returns the index just past the closing quote of the
// string whose opening quote is at s[i], checking escapes and control
// characters as ScanString does, or -1 when the string is invalid or
// unterminated.
func skStringEnd(s string, i int) int {
	j := i + 1
	n := len(s)
	for {
		for k := 0; j+8 <= n; k++ {
			if k == 2 && n-j >= skVecMin {
				// A long run of plain content: 32 bytes at a time.
				k, _ := skStringStop(s, j)
				if j += k; j+8 > n {
					break
				}
			}
			if m := skStop(skLoad64(s, j)); m != 0 {
				j += bits.TrailingZeros64(m) >> 3
				goto stop
			}
			j += 8
		}
		for ; j < n; j++ {
			if c := s[j]; c == '"' || c == '\\' || c < 0x20 {
				goto stop
			}
		}
		return -1
	stop:
		switch s[j] {
		case '"':
			return j + 1
		case '\\':
			if j+1 >= n {
				return -1
			}
			switch s[j+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				j += 2
			case 'u':
				if j+6 > n || unhex(s[j+2]) < 0 || unhex(s[j+3]) < 0 || unhex(s[j+4]) < 0 || unhex(s[j+5]) < 0 {
					return -1
				}
				j += 6
			default:
				return -1
			}
		default:
			return -1
		}
	}
}

// skSpace skips JSON whitespace from s[i], which the caller found to be
// at most ' ', and returns the index of the first other byte (len(s) at
// the end).
func skSpace(s string, i int) int {
	n := len(s)
	if i+1 < n && s[i] == ' ' && s[i+1] > ' ' {
		return i + 1 // a single space, as after ':' or ','
	}
	// The usual runs: a newline and spaces of indentation, or a single
	// space. The spaces are counted 8 at a time: the first byte that is
	// not a space is the first non-zero byte of the word XOR spaces.
	if i < n && s[i] == '\n' {
		i++
	}
	for i+8 <= n {
		x := skLoad64(s, i) ^ (lsb * ' ')
		if x == 0 {
			i += 8
			continue
		}
		i += bits.TrailingZeros64(x) >> 3
		if s[i] > ' ' {
			return i
		}
		break
	}
	for i+8 <= n {
		if m := skNotSpace(skLoad64(s, i)); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	for ; i < n; i++ {
		if c := s[i]; c != ' ' && c != '\n' && c != '\t' && c != '\r' {
			return i
		}
	}
	return n
}

// skNotSpace flags, exactly, the lanes of x that are not JSON whitespace.
func skNotSpace(x uint64) uint64 {
	low := x &^ msb
	sp := skEq(low, ' ') | skEq(low, '\n') | skEq(low, '\t') | skEq(low, '\r')
	return (^sp | x) & msb
}

// skEq flags exactly the lanes of low (every lane below 0x80) equal to c.
func skEq(low uint64, c byte) uint64 {
	y := low ^ (lsb * uint64(c))
	return ^((y + lsb*0x7f) | y) & msb
}

// skNumberEnd returns the index just past the JSON number starting at
// s[i] (a '-' or a digit; i < len(s)) and whether it has a fraction or an
// exponent, or -1 when it is malformed or cut short. It stops at the
// first byte that cannot continue the number. Each run of digits is
// measured 8 bytes at a time, inline: numbers are short, and a call per
// run costs as much as the run.
func skNumberEnd(s string, i int) (end int, float bool) {
	n := len(s)
	j := i
	if s[j] == '-' {
		if j++; j >= n {
			return -1, float
		}
	}
	switch c := s[j]; {
	case c == '0':
		j++
	case c-'1' <= 8:
		for j++; j+8 <= n; j += 8 {
			if m := NonDigits(skLoad64(s, j)); m != 0 {
				j += bits.TrailingZeros64(m) >> 3
				goto intDone
			}
		}
		for j < n && s[j]-'0' <= 9 {
			j++
		}
	default:
		return -1, float
	}
intDone:
	if j < n && s[j] == '.' {
		float = true
		if j++; j >= n || s[j]-'0' > 9 {
			return -1, float
		}
		for j++; j+8 <= n; j += 8 {
			if m := NonDigits(skLoad64(s, j)); m != 0 {
				j += bits.TrailingZeros64(m) >> 3
				goto fracDone
			}
		}
		for j < n && s[j]-'0' <= 9 {
			j++
		}
	}
fracDone:
	if j < n && s[j]|0x20 == 'e' {
		float = true
		if j++; j < n && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j >= n || s[j]-'0' > 9 {
			return -1, float
		}
		for j++; j < n && s[j]-'0' <= 9; j++ {
		}
	}
	return j, float
}

// skDigits returns the index of the first byte at or after j that is not
// a decimal digit, 8 bytes at a time.
func skDigits(s string, j int) int {
	n := len(s)
	for j+8 <= n {
		if m := NonDigits(skLoad64(s, j)); m != 0 {
			return j + bits.TrailingZeros64(m)>>3
		}
		j += 8
	}
	for j < n && s[j]-'0' <= 9 {
		j++
	}
	return j
}

// SkipValue reports where the one whole, valid JSON value that starts at
// s[i] (or after whitespace there) ends, nesting at most maxDepth deep,
// or ok == false. It does not build errors: syntaxv1.SkipValue (the
// reference grammar) says why not.
func SkipValue(s string, i int, maxDepth int) (end int, ok bool) {
	end, ok, deep := skValidateShallow(s, i, 0, 0, maxDepth, false)
	if deep {
		return skValidate(s, i, nil, maxDepth, false)
	}
	return end, ok
}

// SkipRest continues a validating skip inside containers that are
// already open: open lists their kinds ('{' or '['), outermost first, and
// s[i] is just after a complete value (a member's value or an element)
// of the innermost one. It returns the index just past the closing
// bracket of the outermost container, or ok == false when the text is
// not valid JSON there. Nesting counts the open containers against
// maxDepth.
func SkipRest(s string, i int, open []byte, maxDepth int) (end int, ok bool) {
	if len(open) == 0 {
		return i, true
	}
	if len(open) <= 64 {
		var kinds uint64
		for d, k := range open {
			if k == '{' {
				kinds |= 1 << uint(d)
			}
		}
		end, ok, deep := skValidateShallow(s, i, kinds, len(open), maxDepth, true)
		if !deep {
			return end, ok
		}
	}
	return skValidate(s, i, open, maxDepth, true)
}

// skValidateShallow is skValidate for nesting up to 64 levels, with the
// common cases written inline so that the loop makes no calls for them:
// strings that end within 16 bytes without escapes, a single space, a
// newline and up to 8 spaces of indentation. A call would make the
// compiler save and restore every live register. It reports deep, and
// no verdict, when the nesting goes past 64 levels.
func skValidateShallow(s string, i int, kinds uint64, depth, maxDepth int, after bool) (end int, ok, deep bool) {
	n := len(s)
	var c byte
	if depth > maxDepth {
		return i, false, false
	}
	if after {
		goto next
	}

value:
	if i >= n {
		return i, false, false
	}
	c = s[i]
	if c <= ' ' {
		if c == ' ' && i+1 < n && s[i+1] > ' ' {
			i++
		} else if i = skSpace(s, i); i >= n {
			return i, false, false
		}
		c = s[i]
	}
	switch c {
	case '"':
		j := i + 1
		if j+16 <= n {
			m := skStop(skLoad64(s, j))
			if m == 0 {
				j += 8
				m = skStop(skLoad64(s, j))
			}
			if m != 0 {
				if j += bits.TrailingZeros64(m) >> 3; s[j] == '"' {
					i = j + 1
					goto next
				}
			}
		}
		if i = skStringEnd(s, i); i < 0 {
			return 0, false, false
		}
	case '{':
		if depth >= maxDepth {
			return i, false, false
		}
		if depth >= 64 {
			return i, false, true
		}
		kinds |= 1 << uint(depth)
		depth++
		i++
		goto key
	case '[':
		if depth >= maxDepth {
			return i, false, false
		}
		if depth >= 64 {
			return i, false, true
		}
		kinds &^= 1 << uint(depth)
		depth++
		i++
		if i < n && s[i] <= ' ' {
			i = skSpace(s, i)
		}
		if i < n && s[i] == ']' {
			i++
			depth--
			goto next
		}
		goto value
	case 't':
		if n-i < 4 || s[i:i+4] != "true" {
			return i, false, false
		}
		i += 4
	case 'f':
		if n-i < 5 || s[i:i+5] != "false" {
			return i, false, false
		}
		i += 5
	case 'n':
		if n-i < 4 || s[i:i+4] != "null" {
			return i, false, false
		}
		i += 4
	default:
		if c != '-' && c-'0' > 9 {
			return i, false, false
		}
		if i, _ = skNumberEnd(s, i); i < 0 {
			return 0, false, false
		}
	}

next:
	// s[i] is just after a value.
	if depth == 0 {
		return i, true, false
	}
	if i+9 <= n {
		if c = s[i]; c <= ' ' {
			// A newline and indentation, or one space.
			if x := skLoad64(s, i+1) ^ (lsb * ' '); c == '\n' && x != 0 {
				if j := i + 1 + bits.TrailingZeros64(x)>>3; s[j] > ' ' {
					i = j
				} else {
					i = skSpace(s, i)
				}
			} else if c == ' ' && s[i+1] > ' ' {
				i++
			} else if c == '\n' && i+17 <= n {
				// Deeper indentation: a second word of spaces.
				if x = skLoad64(s, i+9) ^ (lsb * ' '); x != 0 {
					if j := i + 9 + bits.TrailingZeros64(x)>>3; s[j] > ' ' {
						i = j
					} else {
						i = skSpace(s, i)
					}
				} else {
					i = skSpace(s, i)
				}
			} else {
				i = skSpace(s, i)
			}
		}
	} else if i < n && s[i] <= ' ' {
		i = skSpace(s, i)
	}
	if i >= n {
		return i, false, false
	}
	c = s[i]
	if kinds&(1<<uint(depth-1)) != 0 {
		switch c {
		case ',':
			i++
			if i+9 <= n {
				if c = s[i]; c <= ' ' {
					if x := skLoad64(s, i+1) ^ (lsb * ' '); c == '\n' && x != 0 {
						if j := i + 1 + bits.TrailingZeros64(x)>>3; s[j] > ' ' {
							i = j
						} else {
							i = skSpace(s, i)
						}
					} else if c == ' ' && s[i+1] > ' ' {
						i++
					} else if c == '\n' && i+17 <= n {
						if x = skLoad64(s, i+9) ^ (lsb * ' '); x != 0 {
							if j := i + 9 + bits.TrailingZeros64(x)>>3; s[j] > ' ' {
								i = j
							} else {
								i = skSpace(s, i)
							}
						} else {
							i = skSpace(s, i)
						}
					} else {
						i = skSpace(s, i)
					}
				}
			} else if i < n && s[i] <= ' ' {
				i = skSpace(s, i)
			}
			goto member
		case '}':
			i++
			depth--
			goto next
		}
		return i, false, false
	}
	switch c {
	case ',':
		i++
		goto value
	case ']':
		i++
		depth--
		goto next
	}
	return i, false, false

key:
	// Just after '{': an empty object or the first member.
	if i < n && s[i] <= ' ' {
		i = skSpace(s, i)
	}
	if i < n && s[i] == '}' {
		i++
		depth--
		goto next
	}

member:
	// s[i] should open a member's key.
	if i >= n || s[i] != '"' {
		return i, false, false
	}
	{
		j := i + 1
		if j+16 <= n {
			m := skStop(skLoad64(s, j))
			if m == 0 {
				j += 8
				m = skStop(skLoad64(s, j))
			}
			if m != 0 {
				if j += bits.TrailingZeros64(m) >> 3; s[j] == '"' {
					i = j + 1
					goto colon
				}
			}
		}
		if i = skStringEnd(s, i); i < 0 {
			return 0, false, false
		}
	}
colon:
	if i < n && s[i] == ':' {
		i++
		goto value
	}
	if i < n && s[i] <= ' ' {
		i = skSpace(s, i)
	}
	if i >= n || s[i] != ':' {
		return i, false, false
	}
	i++
	goto value
}

// skValidate is the validating state machine behind SkipValue and
// SkipRest. Container kinds are kept as bits of a word for the first
// 64 levels (1 = object) and in a slice beyond.
func skValidate(s string, i int, open []byte, maxDepth int, after bool) (int, bool) {
	n := len(s)
	var kinds uint64 // bit d set: level d (0-based, for d < 64) is an object
	var deep []byte  // kinds of levels 64 and beyond
	depth := 0
	for _, k := range open {
		if depth < 64 {
			if k == '{' {
				kinds |= 1 << uint(depth)
			}
		} else {
			deep = append(deep, k)
		}
		depth++
	}
	if depth > maxDepth {
		return i, false
	}
	var c byte
	if after {
		goto next
	}

value:
	if i >= n {
		return i, false
	}
	c = s[i]
	if c <= ' ' {
		i = skSpace(s, i)
		if i >= n {
			return i, false
		}
		c = s[i]
	}
	switch c {
	case '"':
		if i = skStringEnd(s, i); i < 0 {
			return 0, false
		}
	case '{':
		if depth >= maxDepth {
			return i, false
		}
		if depth < 64 {
			kinds |= 1 << uint(depth)
		} else {
			deep = append(deep, '{')
		}
		depth++
		i++
		goto key
	case '[':
		if depth >= maxDepth {
			return i, false
		}
		if depth < 64 {
			kinds &^= 1 << uint(depth)
		} else {
			deep = append(deep, '[')
		}
		depth++
		i++
		if i < n && s[i] <= ' ' {
			i = skSpace(s, i)
		}
		if i < n && s[i] == ']' {
			i++
			depth--
			if depth >= 64 {
				deep = deep[:len(deep)-1]
			}
			goto next
		}
		goto value
	case 't':
		if n-i < 4 || s[i:i+4] != "true" {
			return i, false
		}
		i += 4
	case 'f':
		if n-i < 5 || s[i:i+5] != "false" {
			return i, false
		}
		i += 5
	case 'n':
		if n-i < 4 || s[i:i+4] != "null" {
			return i, false
		}
		i += 4
	default:
		if c != '-' && c-'0' > 9 {
			return i, false
		}
		if i, _ = skNumberEnd(s, i); i < 0 {
			return 0, false
		}
	}

next:
	// s[i] is just after a value.
	if depth == 0 {
		return i, true
	}
	if i < n && s[i] <= ' ' {
		i = skSpace(s, i)
	}
	if i >= n {
		return i, false
	}
	c = s[i]
	if depth <= 64 && kinds&(1<<uint(depth-1)) != 0 || depth > 64 && deep[len(deep)-1] == '{' {
		switch c {
		case ',':
			i++
			if i < n && s[i] <= ' ' {
				i = skSpace(s, i)
			}
			goto member
		case '}':
			i++
			depth--
			if depth >= 64 {
				deep = deep[:len(deep)-1]
			}
			goto next
		}
		return i, false
	}
	switch c {
	case ',':
		i++
		goto value
	case ']':
		i++
		depth--
		if depth >= 64 {
			deep = deep[:len(deep)-1]
		}
		goto next
	}
	return i, false

key:
	// Just after '{': an empty object or the first member.
	if i < n && s[i] <= ' ' {
		i = skSpace(s, i)
	}
	if i < n && s[i] == '}' {
		i++
		depth--
		if depth >= 64 {
			deep = deep[:len(deep)-1]
		}
		goto next
	}

member:
	// s[i] should open a member's key.
	if i >= n || s[i] != '"' {
		return i, false
	}
	if i = skStringEnd(s, i); i < 0 {
		return 0, false
	}
	if i < n && s[i] <= ' ' {
		i = skSpace(s, i)
	}
	if i >= n || s[i] != ':' {
		return i, false
	}
	i++
	goto value
}

// SkipLoose returns the index just past the JSON value that starts at
// s[i] (or after whitespace there), following only the structure: string
// quotes and escapes, and brackets of both kinds counted together. It is
// for text already known to be valid; on any text it returns without
// panicking, with ok == false when the text ends before the value does.
func SkipLoose(s string, i int) (end int, ok bool) {
	n := len(s)
	if i < n && s[i] <= ' ' {
		i = skSpace(s, i)
	}
	if i >= n {
		return i, false
	}
	switch c := s[i]; c {
	case '"':
		return skLooseString(s, i+1)
	case '{', '[':
		return skLooseContainer(s, i+1)
	default:
		// A number or a literal: up to the next delimiter.
		return looseScalarEnd(s, i), true
	}
}

// skLooseString returns the index just past the closing quote of a string
// whose content starts at s[j], without checking it.
func skLooseString(s string, j int) (int, bool) {
	n := len(s)
	// Short strings without escapes end within a few words.
	for k := 0; k < 4 && j+8 <= n; k++ {
		x := skLoad64(s, j)
		q := x ^ (lsb * '"')
		b := x ^ (lsb * '\\')
		if m := ((q-lsb)&^q | (b-lsb)&^b) & msb; m != 0 {
			j += bits.TrailingZeros64(m) >> 3
			if s[j] == '"' {
				return j + 1, true
			}
			break
		}
		j += 8
	}
	// Long strings, and strings with escapes: 64 bytes at a time if the
	// CPU can (escapes resolved as bitmasks), then a word at a time.
	if n-j >= skVecMin {
		end, consumed, carry := skStringEndVec(s, j)
		if end >= 0 {
			return end + 1, true
		}
		j += consumed + int(carry)
	}
	for {
		for j+8 <= n {
			x := skLoad64(s, j)
			q := x ^ (lsb * '"')
			b := x ^ (lsb * '\\')
			if m := ((q-lsb)&^q | (b-lsb)&^b) & msb; m != 0 {
				j += bits.TrailingZeros64(m) >> 3
				goto stop
			}
			j += 8
		}
		for ; j < n; j++ {
			if c := s[j]; c == '"' || c == '\\' {
				goto stop
			}
		}
		return n, false
	stop:
		if s[j] == '"' {
			return j + 1, true
		}
		j += 2
		if j > n {
			return n, false
		}
	}
}

// skLooseContainer returns the index just past the bracket that closes a
// container whose content starts at s[j]. Long content goes through the
// block skipper; the rest, 8 bytes at a time: outside strings only quotes
// and brackets matter, and a word with none of them is passed over at
// once.
func skLooseContainer(s string, j int) (int, bool) {
	var st skBlock
	return skLooseContainerFrom(s, j, 1, &st)
}

// skLooseContainerFrom is skLooseContainer from s[j] with depth brackets
// open and st the block state there (inside a string or not, escaped or
// not).
func skLooseContainerFrom(s string, j, depth int, st *skBlock) (int, bool) {
	if len(s)-j >= skBlockMin || st.inString|st.escaped != 0 {
		end, next, d := skBlocks(s, j, depth, st)
		if end >= 0 {
			return end, true
		}
		j, depth = next, d
		if st.inString != 0 {
			if st.escaped != 0 {
				j++
			}
			var ok bool
			if j, ok = skLooseString(s, j); !ok {
				return len(s), false
			}
		} else if st.escaped != 0 {
			j++
		}
	}
	return skLooseTail(s, j, depth)
}

// skBlockMin is the shortest content worth the block skipper.
const skBlockMin = 128

// skLooseTail is skLooseContainer's word-at-a-time loop, at depth.
func skLooseTail(s string, j, depth int) (int, bool) {
	n := len(s)
	for {
		// Find the next quote or bracket.
		for j+8 <= n {
			x := skLoad64(s, j)
			low := x &^ msb
			lowOr := low | lsb*0x20 // '[' -> '{', ']' -> '}'
			m := (skEq(low, '"') | skEq(lowOr, '{') | skEq(lowOr, '}')) &^ x
			if m == 0 {
				j += 8
				continue
			}
			j += bits.TrailingZeros64(m) >> 3
			goto found
		}
		for ; j < n; j++ {
			if c := s[j]; c == '"' || c|0x20 == '{' || c|0x20 == '}' {
				goto found
			}
		}
		return n, false
	found:
		switch s[j] {
		case '"':
			var ok bool
			if j, ok = skLooseString(s, j+1); !ok {
				return n, false
			}
		case '{', '[':
			depth++
			j++
		default:
			depth--
			j++
			if depth == 0 {
				return j, true
			}
		}
	}
}

// LooseStringEnd returns the index just past the closing quote of the
// string whose opening quote is at s[i], without checking its content; ok
// is false when s ends first.
func LooseStringEnd(s string, i int) (end int, ok bool) {
	return skLooseString(s, i+1)
}

// LooseContainerRest returns the index just past the bracket that closes
// the array or object whose content continues at s[i] (i is inside it,
// not inside a nested value or a string), following only the structure,
// as SkipLoose does.
func LooseContainerRest(s string, i int) (end int, ok bool) {
	return skLooseContainer(s, i)
}

// The block skipper: the structure of 64 bytes at a time as bitmasks
// (bit k for byte k), in the manner of simdjson's first stage (Langdale
// and Lemire, "Parsing Gigabytes of JSON per Second", 2019): which
// quotes are escaped follows from the runs of backslashes, which bytes
// are inside strings from a prefix XOR of the real quotes, and the
// brackets outside strings change the depth, which can only reach zero
// in a block that closes at least as many brackets as are open.

const skOddBits = 0xAAAAAAAAAAAAAAAA

// skBlock is the state carried from one block to the next.
type skBlock struct {
	inString uint64 // all ones when the block starts inside a string
	escaped  uint64 // 1 when its first byte is escaped by a backslash
}

// skPack gathers the high bit of each byte lane of m (and nothing else)
// into the low 8 bits.
func skPack(m uint64) uint64 { return (m >> 7) * 0x0102040810204080 >> 56 }

// skMasks64 returns bitmasks of the quotes, backslashes, opening and
// closing brackets among the 64 bytes at s[i:] (i+64 <= len(s)).
func skMasks64(s string, i int) (q, b, o, c uint64) {
	for k := 0; k < 64; k += 8 {
		x := skLoad64(s, i+k)
		hi := x & msb
		low := x &^ msb
		lowOr := low | lsb*0x20
		q |= skPack(skEq(low, '"')&^hi) << k
		b |= skPack(skEq(low, '\\')&^hi) << k
		o |= skPack(skEq(lowOr, '{')&^hi) << k
		c |= skPack(skEq(lowOr, '}')&^hi) << k
	}
	return
}

// skEscapedBits returns the bytes escaped by a backslash, given the
// backslashes of a block, and updates the carry into the next block.
func (st *skBlock) skEscapedBits(b uint64) uint64 {
	if b == 0 {
		e := st.escaped
		st.escaped = 0
		return e
	}
	// Backslashes that start an escape (not themselves escaped): in a
	// run, every other one. Subtracting the runs' starts from the odd
	// bits turns each run into alternating bits whose phase says
	// whether the run has odd length.
	potential := b &^ st.escaped
	maybe := potential<<1 | skOddBits
	codes := (maybe - potential) ^ skOddBits
	escaped := codes ^ (b | st.escaped)
	st.escaped = (codes & b) >> 63
	return escaped
}

// skPrefixXor returns, for each bit, the XOR of it and all lower bits.
func skPrefixXor(x uint64) uint64 {
	x ^= x << 1
	x ^= x << 2
	x ^= x << 4
	x ^= x << 8
	x ^= x << 16
	x ^= x << 32
	return x
}

// skBlocksGo skips 64-byte blocks of container content from s[j], with
// depth brackets open and state st. It returns the index just past the
// bracket that brings the depth to zero, or, when it runs out of whole
// blocks first, -1 with j, depth and st where it stopped (j at a block
// boundary).
func skBlocksGo(s string, j, depth int, st *skBlock) (end, next, depthOut int) {
	for j+64 <= len(s) {
		q, b, o, c := skMasks64(s, j)
		esc := st.skEscapedBits(b)
		in := skPrefixXor(q&^esc) ^ st.inString
		st.inString = uint64(int64(in) >> 63)
		o &^= in
		c &^= in
		if nc := bits.OnesCount64(c); nc < depth {
			depth += bits.OnesCount64(o) - nc
			j += 64
			continue
		}
		// The depth may reach zero here: follow the brackets in order.
		for m := o | c; m != 0; m &= m - 1 {
			bit := m & -m
			if o&bit != 0 {
				depth++
			} else if depth--; depth == 0 {
				return j + bits.TrailingZeros64(m) + 1, 0, 0
			}
		}
		j += 64
	}
	return -1, j, depth
}

// looseScalarEnd returns the index just past the number or literal that
// starts at s[i]: the next byte that cannot be part of one.
func looseScalarEnd(s string, i int) int {
	switch c := s[i]; {
	case c-'0' <= 9 || c == '-':
		// The integer part, 8 digits at a time (as skDigits, inline).
		n := len(s)
		for i++; i+8 <= n; i += 8 {
			x := skLoad64(s, i)
			t := (x & (lsb * 0xf0)) ^ (lsb * 0x30) | ((x&(lsb*0x0f))+lsb*0x06)&(lsb*0x10)
			if t != 0 {
				i += bits.TrailingZeros64(((t&^msb)+lsb*0x7f|t)&msb) >> 3
				goto digitsDone
			}
		}
		for i < n && s[i]-'0' <= 9 {
			i++
		}
	digitsDone:
		if i >= n || s[i] != '.' && s[i]|0x20 != 'e' {
			return i
		}
		i--
	case c == 't' && len(s)-i >= 4 && s[i:i+4] == "true":
		return i + 4
	case c == 'f' && len(s)-i >= 5 && s[i:i+5] == "false":
		return i + 5
	case c == 'n' && len(s)-i >= 4 && s[i:i+4] == "null":
		return i + 4
	}
	for i++; i < len(s); i++ {
		if c := s[i]; c == ',' || c == '}' || c == ']' || c <= ' ' || c == ':' || c == '"' || c == '{' || c == '[' {
			break
		}
	}
	return i
}

// looseStringEndFlag is LooseStringEnd also reporting whether the string
// holds a backslash.
func looseStringEndFlag(s string, i int) (end int, escaped, ok bool) {
	j := i + 1
	n := len(s)
	for {
		for j+8 <= n {
			x := skLoad64(s, j)
			q := x ^ (lsb * '"')
			b := x ^ (lsb * '\\')
			if m := ((q-lsb)&^q | (b-lsb)&^b) & msb; m != 0 {
				j += bits.TrailingZeros64(m) >> 3
				goto stop
			}
			j += 8
		}
		for ; j < n; j++ {
			if c := s[j]; c == '"' || c == '\\' {
				goto stop
			}
		}
		return n, escaped, false
	stop:
		if s[j] == '"' {
			return j + 1, escaped, true
		}
		escaped = true
		j += 2
		if j > n {
			return n, escaped, false
		}
	}
}

// ScanString scans the JSON string whose opening quote is at s[i]: it
// returns the index just past the closing quote, what the string holds
// and true; or, when the string is invalid, the index of its first wrong
// byte (len(s) when s ends inside it) and false. Escapes are checked;
// UTF-8 is not (see NonASCII). Long strings are scanned 32 bytes at a
// time where the CPU allows.
func ScanString(s string, i int) (end int, fl StrFlags, ok bool) {
	j := i + 1
	n := len(s)
	var high uint64
	for {
		for k := 0; j+8 <= n; k++ {
			if k == 2 && n-j >= skVecMin {
				c, h := skStringStop(s, j)
				if h {
					fl |= NonASCII
				}
				if j += c; j+8 > n {
					break
				}
			}
			x := skLoad64(s, j)
			if m := skStop(x); m != 0 {
				t := bits.TrailingZeros64(m)
				high |= x & msb & (uint64(1)<<(t&^7) - 1)
				j += t >> 3
				goto stop
			}
			high |= x & msb
			j += 8
		}
		for ; j < n; j++ {
			c := s[j]
			if c == '"' || c == '\\' || c < 0x20 {
				goto stop
			}
			high |= uint64(c) & 0x80
		}
		return j, fl, false
	stop:
		if high != 0 {
			fl |= NonASCII
		}
		switch s[j] {
		case '"':
			return j + 1, fl, true
		case '\\':
			fl |= Escaped
			if j+6 <= n && s[j+1] == 'u' && unhex(s[j+2]) >= 0 && unhex(s[j+3]) >= 0 && unhex(s[j+4]) >= 0 && unhex(s[j+5]) >= 0 {
				j += 6
				break
			}
			var ok bool
			if j, ok = scanEscape(s, j); !ok {
				return j, fl, false
			}
		default:
			return j, fl, false
		}
	}
}

// PlainASCII reports whether s is ASCII with no '"', '\\' or control
// character: text that is its own JSON string body.
func PlainASCII(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := skLoad64(s, i)
		if x&msb != 0 || skStop(x) != 0 {
			return false
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c >= 0x80 || c == '"' || c == '\\' || c < 0x20 {
			return false
		}
	}
	return true
}

// LooseFindKey looks, in the object whose members continue at s[i] (just
// after its '{', or at a member), for the first member with the given
// key, following only the structure of what it passes over. plain says
// that key is its own JSON string body (see PlainASCII), so equal bytes
// mean a match; a member key with escapes (or any key, when plain is
// false) is handed to decoded, which reports whether it decodes to key.
// It returns the index of the member's value, or -1 when the object ends
// first; bad is true when the text does not have an object's structure
// there. The common cases are written inline, so that the loop makes no
// calls for short keys and values.
func LooseFindKey(s string, i int, key string, plain bool, decoded func(q string) bool) (pos int, bad bool) {
	n := len(s)
	if i < n && s[i] <= ' ' {
		i = skSpace(s, i)
	}
	if i < n && s[i] == '}' {
		return -1, false
	}
	for {
		if i >= n || s[i] != '"' {
			return i, true
		}
		// The key: equal bytes, or its end.
		match := false
		if e := i + 1 + len(key); plain && e < n && s[e] == '"' && s[i+1:e] == key {
			match, i = true, e+1
		} else {
			j := i + 1
			esc := false
			for k := 0; ; k++ {
				if k == 2 || j+8 > n {
					// (No quote or backslash so far: go on from j.)
					var ok bool
					if j, esc, ok = looseStringEndFlag(s, j-1); !ok {
						return j, true
					}
					break
				}
				x := skLoad64(s, j)
				q := x ^ (lsb * '"')
				b := x ^ (lsb * '\\')
				if m := ((q-lsb)&^q | (b-lsb)&^b) & msb; m != 0 {
					if j += bits.TrailingZeros64(m) >> 3; s[j] == '"' {
						j++
						break
					}
					var ok bool
					if j, esc, ok = looseStringEndFlag(s, i); !ok {
						return j, true
					}
					break
				}
				j += 8
			}
			if (esc || !plain) && decoded != nil {
				match = decoded(s[i:j])
			}
			i = j
		}
		// The colon, usually right after the key and followed by a space.
		if i < n && s[i] == ':' {
			i++
		} else if i = SkipSpace(s, i); i < n && s[i] == ':' {
			i++
		} else {
			return i, true
		}
		if i+1 < n && s[i] == ' ' && s[i+1] > ' ' {
			i++
		} else if i < n && s[i] <= ' ' {
			i = skSpace(s, i)
		}
		if match {
			return i, false
		}
		// The value.
		if i >= n {
			return i, true
		}
		switch c := s[i]; c {
		case '"':
			j := i + 1
			for k := 0; ; k++ {
				if k == 2 || j+8 > n {
					var ok bool
					if j, ok = skLooseString(s, j); !ok {
						return j, true
					}
					break
				}
				x := skLoad64(s, j)
				q := x ^ (lsb * '"')
				b := x ^ (lsb * '\\')
				if m := ((q-lsb)&^q | (b-lsb)&^b) & msb; m != 0 {
					if j += bits.TrailingZeros64(m) >> 3; s[j] == '"' {
						j++
						break
					}
					var ok bool
					if j, ok = skLooseString(s, j); !ok {
						return j, true
					}
					break
				}
				j += 8
			}
			i = j
		case '{', '[':
			var ok bool
			if i, ok = skLooseContainer(s, i+1); !ok {
				return i, true
			}
		default:
			i = looseScalarEnd(s, i)
		}
		// The separator: a comma, usually followed by a newline and
		// indentation, or the end of the object.
		if i < n && s[i] <= ' ' {
			i = skSpace(s, i)
		}
		if i >= n {
			return i, true
		}
		if s[i] == '}' {
			return -1, false
		}
		if s[i] != ',' {
			return i, true
		}
		i++
		if i+17 <= n && s[i] == '\n' {
			// Up to 16 spaces of indentation, without a call.
			x := skLoad64(s, i+1) ^ (lsb * ' ')
			j := i + 1
			if x == 0 {
				x = skLoad64(s, i+9) ^ (lsb * ' ')
				j = i + 9
			}
			if x != 0 {
				if j += bits.TrailingZeros64(x) >> 3; s[j] > ' ' {
					i = j
					continue
				}
			}
		}
		if i < n && s[i] <= ' ' {
			i = skSpace(s, i)
		}
	}
}
