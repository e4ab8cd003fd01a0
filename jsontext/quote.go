package jsontext

import (
	"io"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/jetjson/jet/internal/wire"
)

// AppendQuote appends src to dst as a JSON string literal, in double
// quotes, and returns the extended slice. The escaping is the minimal one
// that RFC 8785, section 3.2.2.2, prescribes. Each invalid UTF-8 byte is
// written as U+FFFD, the Unicode replacement character; the whole string
// is still appended, and an error then reports that src was not valid
// UTF-8. dst and src must not share memory.
func AppendQuote[Bytes ~[]byte | ~string](dst []byte, src Bytes) ([]byte, error) {
	dst, bad := appendQuote(dst, src, false, false)
	if bad {
		return dst, &SyntacticError{Err: errInvalidUTF8}
	}
	return dst, nil
}

// AppendUnquote decodes src, which must be one JSON string literal in
// double quotes with no whitespace around it, appends the resulting text
// to dst and returns the extended slice. Each invalid UTF-8 byte is
// written as U+FFFD, the Unicode replacement character; the whole string
// is still appended, and an error then reports that src was not valid
// UTF-8. Anything in src after the closing quote is also an error. dst
// and src must not share memory.
func AppendUnquote[Bytes ~[]byte | ~string](dst []byte, src Bytes) ([]byte, error) {
	dst, err := appendUnquote(dst, []byte(src))
	if err != nil {
		err = &SyntacticError{Err: err}
	}
	return dst, err
}

// appendUnquote decodes the string src, which must be all of src, and
// appends its content to dst. Invalid UTF-8 becomes U+FFFD, and so does
// an escaped surrogate that does not pair up; decoding goes on after
// those, and the last such problem is the error returned at the end.
// Anything else stops decoding where it is, with what came before it
// appended.
func appendUnquote(dst, src []byte) ([]byte, error) {
	if len(src) == 0 {
		return dst, io.ErrUnexpectedEOF
	}
	if src[0] != '"' {
		return dst, invalidChar(src, whereStartString)
	}
	var err error
	last, n := 1, 1
	for n < len(src) {
		c := src[n]
		if plainByte[c] {
			n++
			continue
		}
		switch {
		case c == '"':
			dst = append(dst, src[last:n]...)
			if n+1 < len(src) {
				err = invalidChar(src[n+1:], whereAfterString)
			}
			return dst, err
		case c == '\\':
			dst = append(dst, src[last:n]...)
			if n+2 > len(src) {
				return dst, io.ErrUnexpectedEOF
			}
			switch e := src[n+1]; e {
			case '"', '\\', '/':
				dst = append(dst, e)
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
				if n+6 > len(src) {
					if escapePrefix(src[n:], false) {
						return dst, io.ErrUnexpectedEOF
					}
					return dst, invalidEscape(src[n:])
				}
				v, ok := hex4(src[n+2 : n+6])
				if !ok {
					return dst, invalidEscape(src[n : n+6])
				}
				r := rune(v)
				if utf16.IsSurrogate(r) {
					r = utf8.RuneError
					m := n + 6
					switch v2, ok := uint16(0), false; {
					case m+6 > len(src):
						if escapePrefix(src[m:], true) {
							return utf8.AppendRune(dst, r), io.ErrUnexpectedEOF
						}
						err = invalidEscape(src[n:])
					default:
						v2, ok = hex4(src[m+2 : m+6])
						if src[m] != '\\' || src[m+1] != 'u' || !ok {
							err = invalidEscape(src[n : m+6])
						} else if r = utf16.DecodeRune(rune(v), rune(v2)); r == utf8.RuneError {
							err = invalidEscape(src[n : m+6])
						} else {
							n += 6
						}
					}
				}
				dst = utf8.AppendRune(dst, r)
				n += 4
			default:
				return dst, invalidEscape(src[n : n+2])
			}
			n += 2
			last = n
		case c < ' ':
			dst = append(dst, src[last:n]...)
			return dst, invalidChar(src[n:], whereInString)
		default:
			r, size := utf8.DecodeRune(src[n:])
			if r == utf8.RuneError && size == 1 {
				dst = append(dst, src[last:n]...)
				if !utf8.FullRune(src[n:]) {
					return dst, io.ErrUnexpectedEOF
				}
				dst = append(dst, "\uFFFD"...)
				err = errInvalidUTF8
				last = n + 1
			}
			n += size
		}
	}
	return append(dst, src[last:n]...), io.ErrUnexpectedEOF
}

// appendUnquotedValid appends the content of the valid string q (with its
// quotes): invalid UTF-8 and escaped surrogates that do not pair up
// become U+FFFD.
func appendUnquotedValid(dst, q []byte) []byte {
	return appendUnquotedBody(dst, q[1:len(q)-1])
}

func appendUnquotedBody(dst, body []byte) []byte {
	out, _ := wire.AppendUnquoted(dst, wire.StringOf(body))
	return out
}

// appendQuote appends s quoted: '"', '\\' and control characters escaped
// (\b \f \n \r \t by name, the rest as \u00XX), '<', '>' and '&' too when
// html is set, U+2028 and U+2029 too when js is set, and each byte of
// invalid UTF-8 replaced by U+FFFD. bad reports that a replacement was
// made. It is wire.AppendQuotedText, for either kind of text.
func appendQuote[S ~string | ~[]byte](dst []byte, s S, html, js bool) (out []byte, bad bool) {
	// A slice's header starts with a string's: the bytes are read, not
	// kept.
	return wire.AppendQuotedText(dst, *(*string)(unsafe.Pointer(&s)), html, js)
}

// appendEscapedRune appends the escape for r: a short one where JSON has
// one, else \uXXXX in lower case.
func appendEscapedRune(dst []byte, r rune) []byte { return wire.AppendTextEscape(dst, r) }
