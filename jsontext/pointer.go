package jsontext

import (
	"iter"
	"strings"
	"unicode/utf8"
)

// Pointer is a JSON Pointer (RFC 6901) that references a particular JSON
// value relative to the root of the top-level JSON value.
//
// A Pointer is a slash-separated list of tokens, where each token is
// either a JSON object name or an index to a JSON array element encoded as
// a base-10 integer value. It is impossible to distinguish between an
// array index and an object name (that happens to be a base-10 encoded
// integer) without also knowing the structure of the top-level JSON value
// that the pointer refers to.
//
// There is exactly one representation of a pointer to a particular value,
// so comparability of Pointer values is equivalent to checking whether
// they both point to the same value.
type Pointer string

// IsValid reports whether p is a valid JSON Pointer according to RFC 6901.
// Note that the concatenation of two valid pointers produces a valid
// pointer.
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

// Contains reports whether the JSON value that p points to is equal to or
// contains the JSON value that pc points to.
func (p Pointer) Contains(pc Pointer) bool {
	rest, ok := strings.CutPrefix(string(pc), string(p))
	return ok && (rest == "" || rest[0] == '/')
}

// Parent strips off the last token and returns the remaining pointer. The
// parent of an empty Pointer is the empty string.
func (p Pointer) Parent() Pointer {
	i := strings.LastIndexByte(string(p), '/')
	if i < 0 {
		return ""
	}
	return p[:i]
}

// LastToken returns the last token in the pointer. The last token of an
// empty Pointer is the empty string.
func (p Pointer) LastToken() string {
	i := strings.LastIndexByte(string(p), '/')
	return unescapePointerToken(string(p[i+1:]))
}

// AppendToken appends a token to the end of p and returns the full
// pointer.
func (p Pointer) AppendToken(tok string) Pointer {
	b := make([]byte, 0, len(p)+1+len(tok))
	b = append(b, p...)
	return Pointer(appendPointerToken(append(b, '/'), tok))
}

// Tokens returns an iterator over the reference tokens in the JSON
// pointer, from first to last.
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
