package wire

import (
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// StrFlags describes what ScanString saw inside a string.
type StrFlags uint8

const (
	// Escaped: the string holds at least one backslash escape.
	Escaped StrFlags = 1 << iota
	// NonASCII: the string holds at least one byte of 0x80 or above
	// outside escapes, so it must be checked for valid UTF-8.
	NonASCII
	// LoneSurrogate: ReadString met a \u escape of half a surrogate pair
	// without the other half, and decoded it as U+FFFD.
	LoneSurrogate
)

// StringOf views b as a string without copying. The caller must not modify
// b while the string is in use.
func StringOf(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// scanEscape checks the escape sequence whose backslash is at s[k]. It
// returns the index after it and true, or the index of its first wrong
// byte (len(s) when s ends inside it) and false.
func scanEscape(s string, k int) (int, bool) {
	k++
	if k >= len(s) {
		return k, false
	}
	switch s[k] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return k + 1, true
	case 'u':
		for n := k + 1; n < k+5; n++ {
			if n >= len(s) || unhex(s[n]) < 0 {
				return n, false
			}
		}
		return k + 5, true
	}
	return k, false
}

func unhex(c byte) rune { return rune(hexValue[c]) }

// hexValue maps a byte to its value as a hex digit, or -1.
var hexValue = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = int8(c - '0')
	}
	for c := 'a'; c <= 'f'; c++ {
		t[c] = int8(c - 'a' + 10)
		t[c-'a'+'A'] = int8(c - 'a' + 10)
	}
	return t
}()

// hexAt decodes the four hex digits at s[i:i+4] (the caller checks that
// they are in s), or returns a negative value when one is not a digit.
func hexAt(s string, i int) rune {
	s = s[i : i+4]
	// A non-digit is -1, whose sign bits make the result negative.
	return rune(hexValue[s[0]])<<12 | rune(hexValue[s[1]])<<8 | rune(hexValue[s[2]])<<4 | rune(hexValue[s[3]])
}

// ReadString scans the JSON string whose opening quote is at s[i], like
// ScanString, and when it holds escapes also decodes it, in the same
// pass, appending the content to dst (out). Without escapes out is dst
// unchanged and the content is s[i+1:end-1] (check NonASCII for UTF-8).
// Decoded content has invalid UTF-8 and unpaired surrogates replaced
// by U+FFFD, as AppendUnquoted does.
func ReadString(s string, i int, dst []byte) (end int, fl StrFlags, out []byte, ok bool) {
	j := i + 1
	k, high := indexStringStop(s, j)
	if k < len(s) && s[k] == '"' {
		if high {
			fl = NonASCII
		}
		return k + 1, fl, dst, true
	}
	// The first stop is no closing quote: copy the run before it, and
	// decode the rest from its backslash.
	if high {
		fl = NonASCII
		if run := s[j:k]; !ValidUTF8(run) {
			dst = appendCoerced(dst, run)
		} else {
			dst = append(dst, run...)
		}
	} else {
		dst = append(dst, s[j:k]...)
	}
	if k >= len(s) {
		return k, fl, dst, false
	}
	if s[k] != '\\' {
		return k, fl, dst, false
	}
	return unescapeFrom(s, k, fl, dst)
}

// hex4 decodes the four hex digits of a \u escape whose 'u' is at s[i-1],
// or returns -1 when s[i-2:] is not a \u escape.
func hex4(s string, i int) rune {
	if i < 2 || i+4 > len(s) || s[i-2] != '\\' || s[i-1] != 'u' {
		return -1
	}
	var r rune
	for _, c := range []byte(s[i : i+4]) {
		v := unhex(c)
		if v < 0 {
			return -1
		}
		r = r<<4 | v
	}
	return r
}

// AppendUnquoted appends the decoded content of a string body s (the text
// between the quotes, already checked by ScanString) to dst. Invalid UTF-8
// and unpaired UTF-16 surrogates become U+FFFD, as in encoding/json;
// replaced reports whether that happened.
func AppendUnquoted(dst []byte, s string) (out []byte, replaced bool) {
	i := 0
	for i < len(s) {
		// Copy the run up to the next escape, checking its UTF-8.
		k, high := indexStringStop(s, i)
		if high && !utf8.ValidString(s[i:k]) {
			dst = appendCoerced(dst, s[i:k])
			replaced = true
		} else {
			dst = append(dst, s[i:k]...)
		}
		if k >= len(s) {
			break
		}
		if k+1 >= len(s) || s[k] != '\\' {
			// Not a checked body (a quote, a control byte or a lone
			// backslash at the end): keep the byte as it is rather than
			// fail.
			dst = append(dst, s[k])
			i = k + 1
			continue
		}
		// s[k] is a backslash.
		c := s[k+1]
		i = k + 2
		switch c {
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			r := hex4(s, i)
			i += 4
			if utf16.IsSurrogate(r) {
				if r2 := hex4(s, i+2); r2 >= 0 {
					if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
						dst = utf8.AppendRune(dst, dec)
						i += 6
						break
					}
				}
				r = utf8.RuneError
				replaced = true
			}
			dst = utf8.AppendRune(dst, r)
		default: // '"', '\\', '/'
			dst = append(dst, c)
		}
	}
	return dst, replaced
}

// appendCoerced appends s with each invalid UTF-8 byte replaced by U+FFFD.
func appendCoerced(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			dst = append(dst, c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			dst = append(dst, "\uFFFD"...)
		} else {
			dst = append(dst, s[i:i+n]...)
		}
		i += n
	}
	return dst
}

// ScanStringFrom continues scanning a string at s[j], where j is just
// after the opening quote or a resume point returned earlier. It returns
// the index just past the closing quote and true, or for an invalid
// string the index of its first wrong byte and false. When s ends first
// it returns end = -1, true and resume, the point to continue from once
// more input has been appended to s (the start of an escape cut short,
// or len(s)).
func ScanStringFrom(s string, j int) (end, resume int, ok bool) {
	for {
		k, _ := indexStringStop(s, j)
		if k >= len(s) {
			return -1, len(s), true
		}
		switch c := s[k]; c {
		case '"':
			return k + 1, 0, true
		case '\\':
			n, ok := scanEscape(s, k)
			if !ok {
				if n >= len(s) {
					return -1, k, true
				}
				return n, 0, false
			}
			j = n
		default:
			return k, 0, false
		}
	}
}
