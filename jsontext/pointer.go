package jsontext

import (
	"iter"
	"strings"
	"unicode/utf8"
)

// Pointer is an RFC 6901 JSON Pointer: it identifies one JSON value by its
// path from the root of a top-level value.
//
// The path is written as a sequence of reference tokens, each preceded by
// a slash. A token is either an object member name or, written in
// decimal, the index of an array element. A token such as "3" could be
// either, and only the structure of the JSON it is applied to tells which.
//
// A given value has only one Pointer, so two Pointers compare equal
// exactly when they identify the same value.
type Pointer string

// IsValid reports whether p is well-formed by the rules of RFC 6901. Two
// valid pointers joined end to end always form a valid pointer.
func (p Pointer) IsValid() bool {
	if len(p) > 0 && p[0] != '/' {
		return false
	}
	for i := 0; i < len(p); {
		c := p[i]
		if c == '~' {
			if i+1 == len(p) || (p[i+1] != '0' && p[i+1] != '1') {
				return false
			}
			i += 2
			continue
		}
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(string(p[i:]))
		if r == utf8.RuneError && n == 1 {
			return false
		}
		i += n
	}
	return true
}

// Contains reports whether the value identified by pc is the value
// identified by p or lies somewhere inside it.
func (p Pointer) Contains(pc Pointer) bool {
	rest, ok := strings.CutPrefix(string(pc), string(p))
	return ok && (rest == "" || rest[0] == '/')
}

// Parent returns p without its final reference token, which identifies
// the object or array that holds p's value. The empty Pointer is its own
// parent.
func (p Pointer) Parent() Pointer {
	i := strings.LastIndexByte(string(p), '/')
	if i < 0 {
		return ""
	}
	return p[:i]
}

// LastToken returns the final reference token of p, unescaped, or the
// empty string when p is empty.
func (p Pointer) LastToken() string {
	i := strings.LastIndexByte(string(p), '/')
	return unescapePointerToken(string(p[i+1:]))
}

// AppendToken returns p extended by the reference token tok, which it
// escapes as RFC 6901 requires.
func (p Pointer) AppendToken(tok string) Pointer {
	b := make([]byte, 0, len(p)+1+len(tok))
	b = append(b, p...)
	return Pointer(appendPointerToken(append(b, '/'), tok))
}

// Tokens returns an iterator that yields each reference token of p, in
// order from the root and unescaped.
func (p Pointer) Tokens() iter.Seq[string] {
	return func(yield func(string) bool) {
		s := string(p)
		for len(s) > 0 {
			s = strings.TrimPrefix(s, "/")
			i := strings.IndexByte(s, '/')
			if i < 0 {
				i = len(s)
			}
			if !yield(unescapePointerToken(s[:i])) {
				return
			}
			s = s[i:]
		}
	}
}

func unescapePointerToken(tok string) string {
	if strings.IndexByte(tok, '~') < 0 {
		return tok
	}
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
}

// appendPointerToken appends name escaped as a reference token: '~' as
// "~0", '/' as "~1", and each byte of invalid UTF-8 as U+FFFD.
func appendPointerToken[S ~string | ~[]byte](b []byte, name S) []byte {
	for i := 0; i < len(name); {
		c := name[i]
		if c < utf8.RuneSelf {
			switch c {
			case '~':
				b = append(b, "~0"...)
			case '/':
				b = append(b, "~1"...)
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(string(name[i:min(i+utf8.UTFMax, len(name))]))
		b = utf8.AppendRune(b, r)
		i += n
	}
	return b
}
