package ast

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Path is a parsed path string, in one of two forms.
//
// Dotted paths, as gjson writes them, have components separated by '.',
// each applied to the value the previous one led to:
//
//	statuses.3.user.screen_name
//
// The rules for dotted components:
//
//   - A component is an object key. A backslash makes the next character
//     literal: `a\.b` is the key "a.b"; `\#`, `\*` and `\?` are the
//     characters themselves; `\\` is a backslash.
//   - A component of decimal digits (0, or no leading zero) is also an
//     array index: on an array it selects that element, on an object it
//     is a key.
//   - "-1" is the end of an array: SetPath appends there; lookups find
//     nothing.
//   - "#" on an array is its length when it is the last component; when
//     components follow ("friends.#.name"), they are applied to every
//     element and the values found are collected, in order, into an
//     array (elements where nothing is found are left out). "#" on
//     anything else finds nothing.
//   - '*' (any run of characters, possibly empty) and '?' (any one
//     character) make a component a pattern on object keys; the first
//     member whose key matches is taken.
//   - The empty path is the whole document. A path that starts with '/'
//     is a JSON Pointer; write `\/` for a first key that starts with '/'.
//
// JSON Pointers (RFC 6901) start with '/':
//
//	/statuses/3/user/screen_name
//
// The rules for pointer tokens:
//
//   - Tokens are separated by '/'; "~1" stands for '/' and "~0" for '~'.
//   - A token of decimal digits selects an array element and names an
//     object key; "-" is the end of an array (SetPath appends there).
//   - There are no wildcards and no '#'.
//
// Keys are compared with the decoded member keys, so escapes in the
// document do not matter. When an object repeats a key, the first member
// is taken (encoding/json would keep the last one).
type Path struct {
	text  string
	steps []step
}

// step is one component of a path.
type step struct {
	key   string // the component as an object key
	index int    // the array index it selects, or -1
	op    uint8
	keyOK bool // it can match object keys (not for integer path elements)
	// text is an integer path element as the caller gave it, for errors
	// (index holds -2 for one that selects nothing).
	text string
}

const (
	opPlain   uint8 = iota // a key and/or an index
	opPattern              // a key with wildcards
	opCount                // '#': length, or collect when not last
	opAppend               // "-1" / "-": the end of an array
)

// simple reports whether every step is a plain key or index, so that a
// single descent finds the value.
func simple(steps []step) bool {
	for i := range steps {
		if steps[i].op != opPlain {
			return false
		}
	}
	return true
}

// ParsePath parses a path string (see Path).
func ParsePath(s string) (Path, error) {
	steps, err := parsePath(s, nil)
	return Path{text: s, steps: steps}, err
}

// String returns the path as it was written.
func (p Path) String() string { return p.text }

// parsePath appends the steps of s to buf.
func parsePath(s string, buf []step) ([]step, error) {
	if s == "" {
		return buf, nil
	}
	if s[0] == '/' {
		return parsePointer(s, buf)
	}
	if buf == nil {
		buf = make([]step, 0, strings.Count(s, ".")+1)
	}
	for i := 0; ; {
		// One component: up to the next unescaped '.'.
		escaped, wild, j := false, false, i
		for ; j < len(s) && s[j] != '.'; j++ {
			switch s[j] {
			case '\\':
				if j+1 >= len(s) {
					return nil, fmt.Errorf("ast: path %q ends with a backslash", s)
				}
				escaped = true
				j++
			case '*', '?':
				wild = true
			}
		}
		raw := s[i:j]
		key := raw
		if escaped {
			key = unescapeComponent(raw)
		}
		st := step{key: key, index: -1, keyOK: true}
		switch {
		case raw == "#":
			st.op = opCount
		case raw == "-1":
			st.op = opAppend
		case wild:
			st.op = opPattern
			st.key = raw // the pattern keeps its escapes
		case !escaped:
			st.index = parseIndex(raw)
		}
		buf = append(buf, st)
		if j >= len(s) {
			return buf, nil
		}
		i = j + 1
	}
}

// unescapeComponent drops the backslashes of a dotted path component
// (each makes the next character literal).
func unescapeComponent(raw string) string {
	var b strings.Builder
	b.Grow(len(raw))
	for k := 0; k < len(raw); k++ {
		if raw[k] == '\\' && k+1 < len(raw) {
			k++
		}
		b.WriteByte(raw[k])
	}
	return b.String()
}

// parsePointer parses an RFC 6901 JSON Pointer.
func parsePointer(s string, buf []step) ([]step, error) {
	for i := 1; ; {
		j := strings.IndexByte(s[i:], '/')
		if j < 0 {
			j = len(s)
		} else {
			j += i
		}
		tok := s[i:j]
		if strings.IndexByte(tok, '~') >= 0 {
			var b strings.Builder
			for k := 0; k < len(tok); k++ {
				if tok[k] != '~' {
					b.WriteByte(tok[k])
					continue
				}
				if k+1 < len(tok) && (tok[k+1] == '0' || tok[k+1] == '1') {
					b.WriteByte("~/"[tok[k+1]-'0'])
					k++
					continue
				}
				return nil, fmt.Errorf("ast: JSON pointer %q: '~' must be followed by 0 or 1", s)
			}
			tok = b.String()
		}
		st := step{key: tok, index: parseIndex(tok), keyOK: true}
		if tok == "-" {
			st.op = opAppend
		}
		buf = append(buf, st)
		if j >= len(s) {
			return buf, nil
		}
		i = j + 1
	}
}

// parseIndex returns the array index written as s (decimal digits, no
// leading zero), or -1.
func parseIndex(s string) int {
	if s == "" || len(s) > 1 && s[0] == '0' || len(s) > 18 {
		return -1
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return -1
		}
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return -1
	}
	return n
}

// stepsOf converts the elements of a Get path (strings and integers) to
// steps, in buf.
func stepsOf(path []any, buf []step) ([]step, error) {
	for _, p := range path {
		if k, ok := p.(string); ok {
			buf = append(buf, step{key: k, index: -1, keyOK: true})
			continue
		}
		i, ok := pathIndex(p)
		if !ok {
			return nil, fmt.Errorf("ast: path element %v (%T) is neither a string nor an integer", p, p)
		}
		text := ""
		if i < 0 {
			i = -2 // never matches
			text = fmt.Sprint(p)
		}
		buf = append(buf, step{index: i, text: text})
	}
	return buf, nil
}

// matchPattern reports whether key matches the pattern pat ('*' any run
// of characters, '?' one character, '\' makes the next character
// literal).
func matchPattern(pat, key string) bool {
	// Iterative glob with one backtrack point (the last '*').
	pi, ki := 0, 0
	starP, starK := -1, 0
	for ki < len(key) {
		if pi < len(pat) {
			switch c := pat[pi]; c {
			case '*':
				starP, starK = pi, ki
				pi++
				continue
			case '?':
				_, size := utf8.DecodeRuneInString(key[ki:])
				pi++
				ki += size
				continue
			case '\\':
				if pi+1 < len(pat) && pat[pi+1] == key[ki] {
					pi += 2
					ki++
					continue
				}
			default:
				if c == key[ki] {
					pi++
					ki++
					continue
				}
			}
		}
		if starP < 0 {
			return false
		}
		_, size := utf8.DecodeRuneInString(key[starK:])
		starK += size
		pi, ki = starP+1, starK
	}
	for pi < len(pat) && pat[pi] == '*' {
		pi++
	}
	return pi == len(pat)
}
