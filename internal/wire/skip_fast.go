package wire

import (
	"math/bits"
	"unsafe"
)

// This file holds the skipping kernels used by lookups (package ast): a
// validating skip that accepts exactly what SkipValue accepts but only
// answers yes or no (the caller asks SkipValue or Validate for the
// precise error, which is rare), a variant that resumes inside open
// containers, and a loose skip that follows only the structure (strings
// and brackets) of text already known to be valid.

// skLoad64 reads 8 bytes of s at i as a little-endian word. The caller
// guarantees i+8 <= len(s).
func skLoad64(s string, i int) uint64 {
	p := unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), i)
	x := *(*uint64)(p)
	if !skLittleEndian {
		x = bits.ReverseBytes64(x)
	}
	return x
}

var skLittleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

const (
	skOnes = 0x0101010101010101
	skHigh = 0x8080808080808080
)

// skStop flags (lowest flagged lane exact) bytes that end plain string
// content: '"', '\\' and control characters.
func skStop(x uint64) uint64 {
	q := x ^ (skOnes * '"')
	b := x ^ (skOnes * '\\')
	return ((x - skOnes*0x20) | (q - skOnes) | (b - skOnes)) & ^x & skHigh
}

// skStringEnd returns the index just past the closing quote of the
// string whose opening quote is at s[i], checking escapes and control
// characters as ScanString does, or -1 when the string is invalid or
// unterminated.
func skStringEnd(s string, i int) int {
	j := i + 1
	n := len(s)
	for {
		for j+8 <= n {
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
	// A newline and indentation, or a single space, are the usual runs.
	for k := 0; k < 2 && i < n; k++ {
		if c := s[i]; c != ' ' && c != '\n' && c != '\t' && c != '\r' {
			return i
		}
		i++
	}
	for i+8 <= n {
		x := skLoad64(s, i)
		if x == skOnes*' ' {
			i += 8
			continue
		}
		if m := skNotSpace(x); m != 0 {
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
	low := x &^ skHigh
	sp := skEq(low, ' ') | skEq(low, '\n') | skEq(low, '\t') | skEq(low, '\r')
	return (^sp | x) & skHigh
}

// skEq flags exactly the lanes of low (every lane below 0x80) equal to c.
func skEq(low uint64, c byte) uint64 {
	y := low ^ (skOnes * uint64(c))
	return ^((y + skOnes*0x7f) | y) & skHigh
}

// skNumberEnd returns the index just past the JSON number starting at
// s[i] (a '-' or a digit), or -1 when it is malformed. Like ScanNumber it
// stops at the first byte that cannot continue the number.
func skNumberEnd(s string, i int) int {
	n := len(s)
	j := i
	if s[j] == '-' {
		j++
		if j >= n {
			return -1
		}
	}
	if s[j] == '0' {
		j++
	} else if c := s[j]; c >= '1' && c <= '9' {
		j++
		for j < n && s[j]-'0' <= 9 {
			j++
		}
	} else {
		return -1
	}
	if j < n && s[j] == '.' {
		j++
		if j >= n || s[j]-'0' > 9 {
			return -1
		}
		for j < n && s[j]-'0' <= 9 {
			j++
		}
	}
	if j < n && s[j]|0x20 == 'e' {
		j++
		if j < n && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j >= n || s[j]-'0' > 9 {
			return -1
		}
		for j < n && s[j]-'0' <= 9 {
			j++
		}
	}
	return j
}

// SkipValueFast reports where the JSON value that starts at s[i] (or
// after whitespace there) ends, accepting exactly what SkipValue accepts
// with the same depth limit. It does not build errors: when ok is false,
// SkipValue(s, i, maxDepth) describes the problem.
func SkipValueFast(s string, i int, maxDepth int) (end int, ok bool) {
	return skValidate(s, i, nil, maxDepth, false)
}

// SkipRestFast continues a validating skip inside containers that are
// already open: open lists their kinds ('{' or '['), outermost first, and
// s[i] is just after a complete value (a member's value or an element)
// of the innermost one. It returns the index just past the closing
// bracket of the outermost container, or ok == false when the text is
// not valid JSON there. Nesting counts the open containers against
// maxDepth.
func SkipRestFast(s string, i int, open []byte, maxDepth int) (end int, ok bool) {
	if len(open) == 0 {
		return i, true
	}
	return skValidate(s, i, open, maxDepth, true)
}

// skValidate is the validating state machine behind SkipValueFast and
// SkipRestFast. Container kinds are kept as bits of a word for the first
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
		if i = skNumberEnd(s, i); i < 0 {
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
		j := i + 1
		for j < n {
			c := s[j]
			if c == ',' || c == '}' || c == ']' || c <= ' ' || c == ':' || c == '"' || c == '{' || c == '[' {
				break
			}
			j++
		}
		return j, true
	}
}

// skLooseString returns the index just past the closing quote of a string
// whose content starts at s[j], without checking it.
func skLooseString(s string, j int) (int, bool) {
	n := len(s)
	for {
		for j+8 <= n {
			x := skLoad64(s, j)
			q := x ^ (skOnes * '"')
			b := x ^ (skOnes * '\\')
			if m := ((q-skOnes)&^q | (b-skOnes)&^b) & skHigh; m != 0 {
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
// container whose content starts at s[j]. It looks at 8 bytes at a time:
// outside strings only quotes and brackets matter, and a word with none of
// them is passed over at once.
func skLooseContainer(s string, j int) (int, bool) {
	n := len(s)
	depth := 1
	for {
		// Find the next quote or bracket.
		for j+8 <= n {
			x := skLoad64(s, j)
			low := x &^ skHigh
			lowOr := low | skOnes*0x20 // '[' -> '{', ']' -> '}'
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
