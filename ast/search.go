package ast

import (
	"strings"
	"unicode/utf8"

	"github.com/jetjson/jet/internal/syntaxv1"
	"github.com/jetjson/jet/internal/wire"
)

// SearchOptions choose how a Searcher reads its document.
type SearchOptions struct {
	// CopyReturn copies the text of the values found out of the input,
	// so that keeping them does not keep a large input alive (and an
	// input []byte may be reused). Without it, found values refer to the
	// input, which must not change while they are in use.
	CopyReturn bool
	// ValidateJSON checks the whole document while searching, in the
	// same single pass: invalid JSON anywhere is a *wire.SyntaxError,
	// exactly as jet.Valid and jet.Unmarshal would report it, even when
	// the value sought comes before the error. Without it, only the
	// structure on the way to the value (strings and brackets) is
	// followed, the value found is checked, and nothing after it is
	// read: that is sonic's default and much faster for values near the
	// start of large documents.
	ValidateJSON bool
	// ConcurrentRead is sonic's option for nodes that many goroutines
	// may read at once. Every jet Node may be, so it changes nothing;
	// it is here so that sonic programs compile.
	ConcurrentRead bool
}

// Searcher finds values in a JSON document without parsing what it does
// not need.
type Searcher struct {
	src string
	SearchOptions
}

// NewSearcher returns a Searcher over src with ValidateJSON set.
func NewSearcher(src string) *Searcher {
	return &Searcher{src: src, SearchOptions: SearchOptions{ValidateJSON: true}}
}

// NewSearcherOptions returns a Searcher over src with the given options.
func NewSearcherOptions(src string, opts SearchOptions) *Searcher {
	return &Searcher{src: src, SearchOptions: opts}
}

// GetByPath returns the value at path: string elements are object keys,
// integer elements (any Go integer type) array indices. A missing value is
// an error wrapping ErrNotFound (after the whole document has been
// checked, with ValidateJSON); invalid JSON is a *wire.SyntaxError.
func (s *Searcher) GetByPath(path ...any) (Node, error) {
	if !s.ValidateJSON && indexedDoc(s.src) {
		start, end, err := findIndexedPath(s.src, path)
		if err != nil {
			return Node{}, err
		}
		return s.node(s.src[start:end]), nil
	}
	var buf [8]step
	steps, err := stepsOf(path, buf[:0])
	if err != nil {
		return Node{}, err
	}
	return s.findPlain(steps)
}

// GetByPathCopy is GetByPath with CopyReturn set for this call.
func (s *Searcher) GetByPathCopy(path ...any) (Node, error) {
	c := *s
	c.CopyReturn = true
	return c.GetByPath(path...)
}

// GetPath returns the value at a path string (see Path).
func (s *Searcher) GetPath(path string) (Node, error) {
	var buf [8]step
	steps, err := parsePath(path, buf[:0])
	if err != nil {
		return Node{}, err
	}
	return s.find(steps)
}

// Find returns the value at a parsed path.
func (s *Searcher) Find(p Path) (Node, error) { return s.find(p.steps) }

func (s *Searcher) find(steps []step) (Node, error) {
	if simple(steps) {
		return s.findPlain(steps)
	}
	// (A copy, so that a caller's buffer for steps need not escape.)
	steps = append([]step(nil), steps...)
	var r result
	cur := [1]cursor{{steps: steps, res: &r}}
	if err := s.walk(cur[:]); err != nil {
		return Node{}, err
	}
	if !r.found {
		return Node{}, notFound("path %q", pathText(steps))
	}
	return r.node, nil
}

// findPlain finds the value at steps, all plain keys and indices.
func (s *Searcher) findPlain(steps []step) (Node, error) {
	var start, end int
	var err error
	if s.ValidateJSON {
		start, end, err = findValidated(s.src, steps)
	} else {
		start, end, err = findLoose(s.src, steps)
	}
	if err != nil {
		return Node{}, err
	}
	return s.node(s.src[start:end]), nil
}

// GetMany returns the values at several path strings, reading the
// document once. A path that leads to no value gives a V_NONE node in its
// place (Exists reports false); the error is for invalid paths and
// invalid JSON only.
func (s *Searcher) GetMany(paths ...string) ([]Node, error) {
	cs := make([]cursor, len(paths))
	rs := make([]result, len(paths))
	for i, p := range paths {
		steps, err := parsePath(p, nil)
		if err != nil {
			return nil, err
		}
		cs[i] = cursor{steps: steps, res: &rs[i]}
	}
	if err := s.walk(cs); err != nil {
		return nil, err
	}
	out := make([]Node, len(paths))
	for i := range rs {
		if rs[i].found {
			out[i] = rs[i].node
		}
	}
	return out, nil
}

// node returns the node for found text, copied when asked.
func (s *Searcher) node(text string) Node {
	if s.CopyReturn {
		text = strings.Clone(text)
	}
	return rawNode(text)
}

// pathText describes steps for error messages.
func pathText(steps []step) string {
	var b strings.Builder
	for i, st := range steps {
		if i > 0 {
			b.WriteByte('.')
		}
		switch {
		case st.op == opCount:
			b.WriteByte('#')
		case st.keyOK:
			b.WriteString(st.key)
		case st.text != "":
			b.WriteString(st.text)
		default:
			b.WriteString(itoa(st.index))
		}
	}
	return b.String()
}

func itoa(i int) string {
	var b [20]byte
	n := len(b)
	neg := i < 0
	u := uint(i)
	if neg {
		u = uint(-i)
	}
	for {
		n--
		b[n] = byte('0' + u%10)
		u /= 10
		if u == 0 {
			break
		}
	}
	if neg {
		n--
		b[n] = '-'
	}
	return string(b[n:])
}

// syntaxError returns the error for a document found to be invalid: the
// first error in it, as wire.Validate (and so jet.Valid and Unmarshal)
// reports it. pos is where the search noticed a problem, used only if
// Validate finds none (which would be a bug).
func syntaxError(src string, pos int) error {
	if err := syntaxv1.Validate(src, wire.DefaultMaxDepth); err != nil {
		return err
	}
	return wire.NewSyntaxError(src, pos, "invalid JSON")
}

// keyMatches reports whether the JSON string text q (with quotes, valid)
// decodes to key. plain says key has no backslash and is valid UTF-8, so
// that equal bytes mean equal strings.
func keyMatches(q string, fl wire.StrFlags, key string, plain bool) bool {
	body := q[1 : len(q)-1]
	if fl == 0 {
		return body == key
	}
	if fl == wire.NonASCII && plain {
		return body == key
	}
	return unquote(q) == key
}

// plainKey reports whether a document key without escapes matches key
// exactly when its bytes equal key's: key is its own JSON string body (no
// backslash, quote or control character, valid UTF-8) and holds no
// U+FFFD, which invalid UTF-8 in a document key decodes to.
func plainKey(key string) bool {
	plain, slow := keyKind(key)
	return plain && !slow
}

// keyKind reports whether key is plain (see plainKey) and whether a
// document key that is not byte for byte the same may still decode to
// it: one with escapes, or with invalid UTF-8 (decoded as U+FFFD) when
// key holds U+FFFD.
func keyKind(key string) (plain, slow bool) {
	if wire.PlainASCII(key) {
		return true, false
	}
	ascii := true
	for i := 0; i < len(key); i++ {
		c := key[i]
		if c == '\\' || c == '"' || c < 0x20 {
			return false, true
		}
		if c >= 0x80 {
			ascii = false
		}
	}
	if ascii {
		return true, false
	}
	if !utf8.ValidString(key) {
		return false, true
	}
	return true, strings.Contains(key, "\uFFFD")
}

// skipValue skips the value at s[i] (i at its first byte), checking it
// when validate is set.
func skipValue(s string, i int, validate bool, depth int) (int, bool) {
	if validate {
		return wire.SkipValue(s, i, wire.DefaultMaxDepth-depth)
	}
	return wire.SkipLoose(s, i)
}

// findValidated finds the value at steps, all plain, in src and returns
// its text's bounds, checking the whole document in the same pass: what
// it passes over with the validating skip, and what follows the value
// (or the place where the path ends) with a validating skip that resumes
// inside the open containers.
func findValidated(src string, steps []step) (start, end int, err error) {
	if validFirst(src) {
		return validThenLoose(src, steps)
	}
	return findValidatedOnePass(src, steps)
}

// validFirst reports whether a search that validates src does better to
// check it with wire.Valid first and then search without validating:
// where Valid runs in two stages, on documents long enough that the
// search's own pass over what it skips costs more than its setup.
func validFirst(src string) bool {
	return wire.VectorIndex && len(src) >= validFirstMin
}

// validFirstMin is the shortest document validFirst applies to.
var validFirstMin = 4096

// validThenLoose checks src with wire.Valid, in two stages, then finds the
// value without validating: on long documents the two stages together
// are faster than a validating skip in one pass.
func validThenLoose(src string, steps []step) (start, end int, err error) {
	if !wire.Valid(src, wire.DefaultMaxDepth) {
		return 0, 0, syntaxError(src, 0)
	}
	return findLoose(src, steps)
}

// findValidatedOnePass is findValidated in one pass over the document.
func findValidatedOnePass(src string, steps []step) (start, end int, err error) {
	var openBuf [16]byte
	open := openBuf[:0]
	n := len(src)
	i := wire.SkipSpace(src, 0)
	var ok bool
	for k := range steps {
		st := &steps[k]
		if i >= n {
			return 0, 0, syntaxError(src, i)
		}
		switch c := src[i]; {
		case c == '{' && st.keyOK:
			open = append(open, '{')
			plain := plainKey(st.key)
			i = wire.SkipSpace(src, i+1)
			if i < n && src[i] == '}' {
				i++
				open = open[:len(open)-1]
				goto missing
			}
			for {
				if i >= n || src[i] != '"' {
					return 0, 0, syntaxError(src, i)
				}
				ke, fl, sok := wire.ScanString(src, i)
				if !sok {
					return 0, 0, syntaxError(src, i)
				}
				match := keyMatches(src[i:ke], fl, st.key, plain)
				i = wire.SkipSpace(src, ke)
				if i >= n || src[i] != ':' {
					return 0, 0, syntaxError(src, i)
				}
				i = wire.SkipSpace(src, i+1)
				if match {
					break
				}
				if i, ok = wire.SkipValue(src, i, wire.DefaultMaxDepth-len(open)); !ok {
					return 0, 0, syntaxError(src, i)
				}
				i = wire.SkipSpace(src, i)
				if i < n && src[i] == ',' {
					i = wire.SkipSpace(src, i+1)
					continue
				}
				if i < n && src[i] == '}' {
					i++
					open = open[:len(open)-1]
					goto missing
				}
				return 0, 0, syntaxError(src, i)
			}
		case c == '[' && st.index >= 0:
			open = append(open, '[')
			i = wire.SkipSpace(src, i+1)
			if i < n && src[i] == ']' {
				i++
				open = open[:len(open)-1]
				goto missing
			}
			for e := 0; e < st.index; e++ {
				if i, ok = wire.SkipValue(src, i, wire.DefaultMaxDepth-len(open)); !ok {
					return 0, 0, syntaxError(src, i)
				}
				i = wire.SkipSpace(src, i)
				if i < n && src[i] == ',' {
					i = wire.SkipSpace(src, i+1)
					continue
				}
				if i < n && src[i] == ']' {
					i++
					open = open[:len(open)-1]
					goto missing
				}
				return 0, 0, syntaxError(src, i)
			}
		default:
			// A value of another kind: the path ends here.
			if i, ok = wire.SkipValue(src, i, wire.DefaultMaxDepth-len(open)); !ok {
				return 0, 0, syntaxError(src, i)
			}
			goto missing
		}
	}
	// The value sought starts at i.
	if i >= n {
		return 0, 0, syntaxError(src, i)
	}
	start = i
	if end, ok = wire.SkipValue(src, i, wire.DefaultMaxDepth-len(open)); !ok {
		return 0, 0, syntaxError(src, i)
	}
	if i, ok = wire.SkipRest(src, end, open, wire.DefaultMaxDepth); !ok || wire.SkipSpace(src, i) != n {
		return 0, 0, syntaxError(src, i)
	}
	return start, end, nil

missing:
	// i is just past a complete value inside the containers in open.
	if i, ok = wire.SkipRest(src, i, open, wire.DefaultMaxDepth); !ok || wire.SkipSpace(src, i) != n {
		return 0, 0, syntaxError(src, i)
	}
	return 0, 0, notFound("path %q", pathText(steps))
}

// findLoose is findValidated without validation: values on the way are
// passed over by their structure, keys compared without decoding when
// they can be, and nothing after the value found is read.
func findLoose(src string, steps []step) (start, end int, err error) {
	if indexedDoc(src) {
		return findIndexed(src, steps)
	}
	return findLooseBytes(src, steps)
}

// indexedDoc reports whether findLoose takes findIndexed for src.
func indexedDoc(src string) bool {
	return wire.VectorIndex && len(src) >= wire.LooseIndexMin && uint64(len(src)) < 1<<32
}

// findLooseBytes is findLoose reading the bytes on the way (for short
// documents, and where no vector first stage lists tokens).
func findLooseBytes(src string, steps []step) (start, end int, err error) {
	n := len(src)
	i := wire.SkipSpace(src, 0)
	var ok bool
	for k := range steps {
		st := &steps[k]
		if i >= n {
			return 0, 0, syntaxError(src, i)
		}
		switch c := src[i]; {
		case c == '{' && st.keyOK:
			key := st.key
			plain, slow := keyKind(key)
			// Member keys with escapes are decoded to compare (after a
			// check: nothing has validated them).
			decoded := func(q string) bool {
				end, _, ok := wire.ScanString(q, 0)
				return ok && end == len(q) && unquote(q) == key
			}
			pos, bad := wire.LooseFindKey(src, i+1, key, plain && !slow, decoded)
			if bad {
				return 0, 0, syntaxError(src, pos)
			}
			if pos < 0 {
				return 0, 0, notFound("path %q", pathText(steps))
			}
			i = pos
		case c == '[' && st.index >= 0:
			i = wire.SkipSpace(src, i+1)
			if i < n && src[i] == ']' {
				return 0, 0, notFound("path %q", pathText(steps))
			}
			for e := 0; e < st.index; e++ {
				if i, ok = wire.SkipLoose(src, i); !ok {
					return 0, 0, syntaxError(src, i)
				}
				i = wire.SkipSpace(src, i)
				if i < n && src[i] == ',' {
					i = wire.SkipSpace(src, i+1)
					continue
				}
				if i < n && src[i] == ']' {
					return 0, 0, notFound("path %q", pathText(steps))
				}
				return 0, 0, syntaxError(src, i)
			}
		default:
			return 0, 0, notFound("path %q", pathText(steps))
		}
	}
	if i >= n {
		return 0, 0, syntaxError(src, i)
	}
	// The value found is checked.
	end, ok = wire.SkipValue(src, i, wire.DefaultMaxDepth)
	if !ok {
		_, serr := syntaxv1.SkipValue(src, i, wire.DefaultMaxDepth)
		return 0, 0, serr
	}
	return i, end, nil
}

// findIndexed is findLoose over the token list of a wire.LooseCursor:
// members and elements passed over cost a few tokens each, not a read of
// their bytes.
func findIndexed(src string, steps []step) (start, end int, err error) {
	var c wire.LooseCursor
	c.Reset(src)
	i := c.Next()
	if i >= len(src) {
		return 0, 0, syntaxError(src, len(src))
	}
	var bad bool
	for k := range steps {
		st := &steps[k]
		switch ch := src[i]; {
		case ch == '{' && st.keyOK:
			key := st.key
			plain, slow := keyKind(key)
			decoded := func(q string) bool {
				end, _, ok := wire.ScanString(q, 0)
				return ok && end == len(q) && unquote(q) == key
			}
			i, bad = c.FindKey(key, plain && !slow, decoded)
		case ch == '[' && st.index >= 0:
			i, bad = c.Element(st.index)
		default:
			return 0, 0, notFound("path %q", pathText(steps))
		}
		if bad {
			return 0, 0, syntaxError(src, i)
		}
		if i < 0 {
			return 0, 0, notFound("path %q", pathText(steps))
		}
	}
	// The value found is checked.
	end, ok := wire.SkipValue(src, i, wire.DefaultMaxDepth)
	if !ok {
		_, serr := syntaxv1.SkipValue(src, i, wire.DefaultMaxDepth)
		return 0, 0, serr
	}
	return i, end, nil
}

// findIndexedPath is findIndexed over the elements of a Get path (see
// stepsOf), read as it goes instead of converted to steps first. Its
// errors are those of stepsOf and then findIndexed: any failure is
// reported after the whole path has been converted.
func findIndexedPath(src string, path []any) (start, end int, err error) {
	var c wire.LooseCursor
	c.Reset(src)
	i := c.Next()
	if i >= len(src) {
		return 0, 0, pathFailure(path, syntaxError(src, len(src)))
	}
	var bad bool
	for _, p := range path {
		ch := src[i]
		if key, ok := p.(string); ok {
			if ch != '{' {
				return 0, 0, pathFailure(path, nil)
			}
			plain, slow := keyKind(key)
			decoded := func(q string) bool {
				end, _, ok := wire.ScanString(q, 0)
				return ok && end == len(q) && unquote(q) == key
			}
			i, bad = c.FindKey(key, plain && !slow, decoded)
		} else {
			index, ok := pathIndex(p)
			if !ok || ch != '[' || index < 0 {
				return 0, 0, pathFailure(path, nil)
			}
			i, bad = c.Element(index)
		}
		if bad {
			return 0, 0, pathFailure(path, syntaxError(src, i))
		}
		if i < 0 {
			return 0, 0, pathFailure(path, nil)
		}
	}
	// The value found is checked.
	end, ok := wire.SkipValue(src, i, wire.DefaultMaxDepth)
	if !ok {
		_, serr := syntaxv1.SkipValue(src, i, wire.DefaultMaxDepth)
		return 0, 0, pathFailure(path, serr)
	}
	return i, end, nil
}

// pathFailure returns the error of a lookup of path that failed with err
// (nil: nothing found): an element that is neither a string nor an
// integer comes first, as stepsOf reports it.
func pathFailure(path []any, err error) error {
	steps, serr := stepsOf(path, nil)
	if serr != nil {
		return serr
	}
	if err == nil {
		err = notFound("path %q", pathText(steps))
	}
	return err
}
