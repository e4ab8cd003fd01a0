package jsontext

import (
	"io"
	"unicode/utf16"
	"unicode/utf8"
)

// This file is the reference grammar of single tokens: literals, strings
// and numbers, each read from the start of a byte slice that may end in
// the middle of the token. A consumer returns how many bytes the token
// takes, or the error and where in the slice it was found; io.ErrUnexpected-
// EOF means that the slice ended first (more input may complete the
// token), and the position returned is then where to resume.
//
// The consumers are written for clarity, a byte at a time. Faster code
// elsewhere in this package (scanning a whole string 8 bytes at a time,
// validating a whole value) is fuzzed against them.

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// skipSpace returns the number of whitespace bytes that start b.
func skipSpace(b []byte) int {
	n := 0
	for n < len(b) && isSpace(b[n]) {
		n++
	}
	return n
}

// consumeLiteral reads the literal lit (null, false or true).
func consumeLiteral(b []byte, lit string) (int, error) {
	for i := 0; i < len(lit); i++ {
		if i == len(b) {
			return i, io.ErrUnexpectedEOF
		}
		if b[i] != lit[i] {
			return i, invalidChar(b[i:], whereInLiteral(lit, i))
		}
	}
	return len(lit), nil
}

// strFlags describes a string that was read.
type strFlags uint8

const (
	// strNotVerbatim: the string holds an escape or invalid UTF-8, so its
	// content is not its text between the quotes.
	strNotVerbatim strFlags = 1 << iota
	// strNotCanonical: the string is not written as RFC 8785 (section
	// 3.2.2.2) writes it.
	strNotCanonical
	// strMaybeEscaped: the string has valid UTF-8, and whether it holds
	// an escape was not looked at (verbatim looks).
	strMaybeEscaped
)

// verbatim reports whether the string holds no escape and valid UTF-8.
// (For a string flagged strMaybeEscaped, the caller looks for a
// backslash: see tokenFlags.)
func (f strFlags) verbatim() bool  { return f&strNotVerbatim == 0 }
func (f strFlags) canonical() bool { return f&strNotCanonical == 0 }

// plainByte marks the bytes that can appear in a string as they are and
// need no attention: printable ASCII other than '"' and '\\'.
var plainByte = func() (t [256]bool) {
	for c := ' '; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// consumeString reads a string. resume is 0 at the opening quote, or a
// position returned with io.ErrUnexpectedEOF by an earlier call on the
// same string (b then holds at least what it held). checkUTF8 rejects
// invalid UTF-8 and escaped surrogates that do not pair up.
func consumeString(b []byte, resume int, fl *strFlags, checkUTF8 bool) (int, error) {
	n := resume
	if n == 0 {
		switch {
		case len(b) == 0:
			return 0, io.ErrUnexpectedEOF
		case b[0] != '"':
			return 0, invalidChar(b, whereStartString)
		}
		n = 1
	}
	for {
		for n < len(b) && plainByte[b[n]] {
			n++
		}
		if n == len(b) {
			return n, io.ErrUnexpectedEOF
		}
		switch c := b[n]; {
		case c == '"':
			return n + 1, nil
		case c == '\\':
			*fl |= strNotVerbatim
			m, err := consumeEscape(b, n, fl, checkUTF8)
			if err != nil {
				return m, err
			}
			n = m
		case c < ' ':
			*fl |= strNotVerbatim | strNotCanonical
			return n, invalidChar(b[n:], whereInString)
		default:
			r, size := utf8.DecodeRune(b[n:])
			if r == utf8.RuneError && size == 1 {
				if !utf8.FullRune(b[n:]) {
					return n, io.ErrUnexpectedEOF
				}
				*fl |= strNotVerbatim | strNotCanonical
				if checkUTF8 {
					return n, errInvalidUTF8
				}
			}
			n += size
		}
	}
}

// consumeEscape reads the escape whose backslash is at b[n] and returns
// the position after it; on io.ErrUnexpectedEOF, the backslash's position.
func consumeEscape(b []byte, n int, fl *strFlags, checkUTF8 bool) (int, error) {
	if n+2 > len(b) {
		return n, io.ErrUnexpectedEOF
	}
	switch b[n+1] {
	case '/':
		// The only character with three spellings; RFC 8785 writes it as
		// it is.
		*fl |= strNotCanonical
		return n + 2, nil
	case '"', '\\', 'b', 'f', 'n', 'r', 't':
		return n + 2, nil
	case 'u':
	default:
		*fl |= strNotCanonical
		return n, invalidEscape(b[n : n+2])
	}
	if n+6 > len(b) {
		if escapePrefix(b[n:], false) {
			return n, io.ErrUnexpectedEOF
		}
		*fl |= strNotCanonical
		return n, invalidEscape(b[n:])
	}
	v, ok := hex4(b[n+2 : n+6])
	if !ok {
		*fl |= strNotCanonical
		return n, invalidEscape(b[n : n+6])
	}
	// RFC 8785 spells with \u only the control characters that have no
	// short escape, in lower case.
	switch {
	case v >= ' ', v == '\b', v == '\f', v == '\n', v == '\r', v == '\t':
		*fl |= strNotCanonical
	default:
		for _, c := range b[n+2 : n+6] {
			if 'A' <= c && c <= 'F' {
				*fl |= strNotCanonical
			}
		}
	}
	if !checkUTF8 || !utf16.IsSurrogate(rune(v)) {
		return n + 6, nil
	}
	m := n + 6
	if m+6 > len(b) {
		if escapePrefix(b[m:], true) {
			return n, io.ErrUnexpectedEOF
		}
		*fl |= strNotCanonical
		return n, invalidEscape(b[n:])
	}
	v2, ok := hex4(b[m+2 : m+6])
	if b[m] != '\\' || b[m+1] != 'u' || !ok || utf16.DecodeRune(rune(v), rune(v2)) == utf8.RuneError {
		*fl |= strNotCanonical
		return n, invalidEscape(b[n : m+6])
	}
	return m + 6, nil
}

// escapePrefix reports whether b could be the start of a \uXXXX escape
// cut short; low asks for the low half of a surrogate pair (\uDC00 to
// \uDFFF).
func escapePrefix(b []byte, low bool) bool {
	for i, c := range b {
		switch {
		case i == 0 && c != '\\', i == 1 && c != 'u':
			return false
		case i == 2 && low && c != 'd' && c != 'D':
			return false
		case i == 3 && low && !('c' <= c && c <= 'f' || 'C' <= c && c <= 'F'):
			return false
		case i >= 2 && i < 6 && hexVal[c] < 0:
			return false
		}
	}
	return true
}

// hexVal maps a byte to its value as a hex digit, or -1.
var hexVal = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for c := 0; c < 10; c++ {
		t['0'+c] = int8(c)
	}
	for c := 0; c < 6; c++ {
		t['a'+c] = int8(10 + c)
		t['A'+c] = int8(10 + c)
	}
	return t
}()

// hex4 decodes four hex digits.
func hex4(b []byte) (uint16, bool) {
	var v uint16
	for _, c := range b[:4] {
		d := hexVal[c]
		if d < 0 {
			return 0, false
		}
		v = v<<4 | uint16(d)
	}
	return v, true
}

// numState is where a number read in pieces stopped.
type numState uint8

const (
	numStart      numState = iota // nothing read yet
	numIntDigits                  // in the integer's digits
	numAfterInt                   // after the integer (a '0' or the digits)
	numFracDigits                 // in the fraction's digits
	numExpDigits                  // in the exponent's digits
)

// consumeNumber reads a number. resume and st are 0 at its start, or what
// an earlier call on the same number returned. A number is not
// self-terminating: when it reaches the end of b without error, more
// input may continue it, and the caller decides (st tells where to go on
// from). On io.ErrUnexpectedEOF the position returned is that of the part
// cut short: the sign, the '.' or the 'e'.
func consumeNumber(b []byte, resume int, st numState) (int, numState, error) {
	n := resume
	switch st {
	case numIntDigits:
		n = digits(b, n)
		if n == len(b) {
			return n, st, nil
		}
		goto afterInt
	case numAfterInt:
		goto afterInt
	case numFracDigits:
		n = digits(b, n)
		if n == len(b) {
			return n, st, nil
		}
		goto afterFrac
	case numExpDigits:
		return digits(b, n), st, nil
	}

	// The integer, with its sign.
	if n < len(b) && b[n] == '-' {
		n++
	}
	switch {
	case n == len(b):
		return resume, numStart, io.ErrUnexpectedEOF
	case b[n] == '0':
		n++
	case '1' <= b[n] && b[n] <= '9':
		n = digits(b, n+1)
		if n == len(b) {
			return n, numIntDigits, nil
		}
	default:
		return n, st, invalidChar(b[n:], whereInNumber)
	}

afterInt:
	if n < len(b) && b[n] == '.' {
		dot := n
		n++
		switch {
		case n == len(b):
			return dot, numAfterInt, io.ErrUnexpectedEOF
		case '0' <= b[n] && b[n] <= '9':
		default:
			return n, st, invalidChar(b[n:], whereInNumber)
		}
		n = digits(b, n+1)
		if n == len(b) {
			return n, numFracDigits, nil
		}
	}
	if n == len(b) {
		return n, numAfterInt, nil
	}

afterFrac:
	if n < len(b) && (b[n] == 'e' || b[n] == 'E') {
		e := n
		n++
		if n < len(b) && (b[n] == '+' || b[n] == '-') {
			n++
		}
		switch {
		case n == len(b):
			return e, numFracDigits, io.ErrUnexpectedEOF
		case '0' <= b[n] && b[n] <= '9':
		default:
			return n, st, invalidChar(b[n:], whereInNumber)
		}
		n = digits(b, n+1)
		return n, numExpDigits, nil
	}
	return n, numFracDigits, nil
}

// digits returns the position of the first byte at or after n that is
// not a digit.
func digits(b []byte, n int) int {
	for n < len(b) && '0' <= b[n] && b[n] <= '9' {
		n++
	}
	return n
}
