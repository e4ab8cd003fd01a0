package ast

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/jetjson/jet/encoder"
	"github.com/jetjson/jet/internal/syntaxv1"
	"github.com/jetjson/jet/internal/wire"
)

// EditOptions choose how SetPath, SetRawPath and DeletePath read the
// document.
type EditOptions struct {
	// ValidateJSON checks the whole document in the same pass that finds
	// the place to edit, so that invalid input is an error rather than
	// an invalid output. Without it only the structure on the way is
	// followed (the inserted value is always checked), and the rest is
	// copied unread: then the output is valid JSON when the input is.
	ValidateJSON bool
}

// SetPath returns a copy of the document src with the value at path (see
// Path; plain keys and indices only, no '#' or wildcards) set to value,
// encoded as jet.Marshal encodes it (a Node is written as its JSON text,
// a json.RawMessage as it is, after a check). Everything else is copied
// byte for byte. Missing object members are created, with objects for
// the missing levels below them ("-1", "-" or "0" there creates an
// array instead); index "-1" (or "-" in a JSON Pointer) appends to an
// array, as does the index equal to its length; a larger index is an
// error. A value that is not an array or object where the path goes on
// is replaced. The empty path replaces the whole document.
func SetPath(src []byte, path string, value any, opts EditOptions) ([]byte, error) {
	var buf [8]step
	steps, err := parsePath(path, buf[:0])
	if err != nil {
		return nil, err
	}
	return edit(src, steps, opts.ValidateJSON, false, value, nil)
}

// SetRawPath is SetPath with the new value given as JSON text, which must
// be one valid JSON value (surrounding whitespace is dropped).
func SetRawPath(src []byte, path string, raw []byte, opts EditOptions) ([]byte, error) {
	var buf [8]step
	steps, err := parsePath(path, buf[:0])
	if err != nil {
		return nil, err
	}
	r := wire.StringOf(raw)
	if err := syntaxv1.Validate(r, wire.DefaultMaxDepth); err != nil {
		return nil, fmt.Errorf("ast: the value to set is not valid JSON: %w", err)
	}
	i := wire.SkipSpace(r, 0)
	end, _ := wire.SkipValue(r, i, wire.DefaultMaxDepth)
	return edit(src, steps, opts.ValidateJSON, false, nil, []byte(r[i:end]))
}

// DeletePath returns a copy of the document src without the value at
// path: an object member is removed with its key, an array element with
// its comma. A missing path is an error wrapping ErrNotFound (and src is
// not copied).
func DeletePath(src []byte, path string, opts EditOptions) ([]byte, error) {
	var buf [8]step
	steps, err := parsePath(path, buf[:0])
	if err != nil {
		return nil, err
	}
	return edit(src, steps, opts.ValidateJSON, true, nil, nil)
}

// spot is where an edit applies.
type spot struct {
	found bool
	// The value found, or the value in the way of a longer path.
	start, end int
	// For deleting: the start of the member (its key, in an object), the
	// end of the previous member's value (-1 if first) and the start of
	// the next member (-1 if last).
	memberStart, prevEnd, nextStart int
	// Missing: steps[k] is the first step not found; when inArray or
	// inObject, it is to be added before the closing bracket at close,
	// in a container that is empty or not.
	k                 int
	inObject, inArray bool
	close             int
	empty             bool
}

var errEditOp = errors.New("ast: paths for edits take keys and indices only, not '#' or wildcards")

// editable reports whether steps are all keys and indices.
func editable(steps []step) bool {
	for k := range steps {
		if op := steps[k].op; op == opCount || op == opPattern {
			return false
		}
	}
	return true
}

// locate finds where the edit at steps applies, checking the whole
// document when validate is set.
func locate(src string, steps []step, validate bool) (sp spot, err error) {
	if !editable(steps) {
		return sp, errEditOp
	}
	var openBuf [16]byte
	open := openBuf[:0]
	n := len(src)
	i := wire.SkipSpace(src, 0)
	sp.prevEnd, sp.nextStart = -1, -1
	var ok bool
	var pending error // a path error, reported once the document is checked
	for k := range steps {
		st := &steps[k]
		if i >= n {
			return sp, syntaxError(src, i)
		}
		sp.prevEnd = -1
		switch c := src[i]; {
		case c == '{':
			open = append(open, '{')
			plain := plainKey(st.key)
			i = wire.SkipSpace(src, i+1)
			if i < n && src[i] == '}' {
				sp.k, sp.inObject, sp.close, sp.empty = k, true, i, true
				i++
				open = open[:len(open)-1]
				goto rest
			}
			for {
				if i >= n || src[i] != '"' {
					return sp, syntaxError(src, i)
				}
				sp.memberStart = i
				ke, fl, sok := wire.ScanString(src, i)
				if !sok {
					return sp, syntaxError(src, i)
				}
				match := keyMatches(src[i:ke], fl, st.key, plain)
				i = wire.SkipSpace(src, ke)
				if i >= n || src[i] != ':' {
					return sp, syntaxError(src, i)
				}
				i = wire.SkipSpace(src, i+1)
				if match {
					break
				}
				if i, ok = skipValue(src, i, validate, len(open)); !ok {
					return sp, syntaxError(src, i)
				}
				sp.prevEnd = i
				i = wire.SkipSpace(src, i)
				if i < n && src[i] == ',' {
					i = wire.SkipSpace(src, i+1)
					continue
				}
				if i < n && src[i] == '}' {
					sp.k, sp.inObject, sp.close = k, true, i
					i++
					open = open[:len(open)-1]
					goto rest
				}
				return sp, syntaxError(src, i)
			}
		case c == '[':
			if st.index < 0 && st.op != opAppend {
				if i, ok = skipValue(src, i, validate, len(open)); !ok {
					return sp, syntaxError(src, i)
				}
				pending = fmt.Errorf("%w: key %q on an array", ErrNotFound, st.key)
				goto rest
			}
			open = append(open, '[')
			i = wire.SkipSpace(src, i+1)
			if i < n && src[i] == ']' {
				if st.op != opAppend && st.index != 0 {
					pending = notFound("index %d out of range (empty array)", st.index)
				}
				sp.k, sp.inArray, sp.close, sp.empty = k, true, i, true
				i++
				open = open[:len(open)-1]
				goto rest
			}
			for e := 0; st.op == opAppend || e < st.index; e++ {
				if i, ok = skipValue(src, i, validate, len(open)); !ok {
					return sp, syntaxError(src, i)
				}
				sp.prevEnd = i
				i = wire.SkipSpace(src, i)
				if i < n && src[i] == ',' {
					i = wire.SkipSpace(src, i+1)
					continue
				}
				if i < n && src[i] == ']' {
					if st.op != opAppend && st.index != e+1 {
						pending = notFound("index %d out of range (array of %d)", st.index, e+1)
					}
					sp.k, sp.inArray, sp.close = k, true, i
					i++
					open = open[:len(open)-1]
					goto rest
				}
				return sp, syntaxError(src, i)
			}
			sp.memberStart = i
		default:
			// A scalar where the path goes on: it is in the way.
			sp.k, sp.start = k, i
			if i, ok = skipValue(src, i, validate, len(open)); !ok {
				return sp, syntaxError(src, i)
			}
			sp.end = i
			goto rest
		}
	}
	// Found: the value starts at i.
	if i >= n {
		return sp, syntaxError(src, i)
	}
	sp.found, sp.start = true, i
	if len(steps) == 0 {
		sp.memberStart = i
	}
	if i, ok = skipValue(src, i, validate, len(open)); !ok {
		return sp, syntaxError(src, i)
	}
	sp.end = i
	if len(open) > 0 {
		j := wire.SkipSpace(src, i)
		if j < n && src[j] == ',' {
			sp.nextStart = wire.SkipSpace(src, j+1)
		}
	}

rest:
	// i is just past a complete value inside the containers in open.
	if validate {
		if i, ok = wire.SkipRest(src, i, open, wire.DefaultMaxDepth); !ok || wire.SkipSpace(src, i) != n {
			return sp, syntaxError(src, i)
		}
	}
	return sp, pending
}

// edit applies a set (value or raw) or a delete at steps to the document
// b.
//
// The new document is built with bytes.Join from three parts: the text
// of b before the edit, the new text (nothing, for a delete) and the
// text after it. Join allocates without zeroing and copies each part
// once, where a buffer from make would be cleared first: for a large
// document, clearing it cost as much as copying into it.
func edit(b []byte, steps []step, validate, del bool, value any, raw []byte) ([]byte, error) {
	src := wire.StringOf(b)
	if validate && validFirst(src) && editable(steps) {
		// Checked as a whole: the search need not check what it passes.
		if !wire.Valid(src, wire.DefaultMaxDepth) {
			return nil, syntaxError(src, 0)
		}
		validate = false
	}
	sp, err := locate(src, steps, validate)
	if err != nil {
		return nil, err
	}
	if del {
		if !sp.found {
			return nil, notFound("path %q", pathText(steps))
		}
		if len(steps) == 0 {
			return nil, errors.New("ast: cannot delete the whole document")
		}
		a, z := sp.memberStart, sp.end
		switch {
		case sp.prevEnd >= 0:
			a = sp.prevEnd
		case sp.nextStart >= 0:
			z = sp.nextStart
		}
		return bytes.Join([][]byte{b[:a], b[z:]}, nil), nil
	}
	// The new text: value, wrapped in the containers still missing.
	var from int // steps[from:] are still to be created around the value
	var at, cut int
	var sep string
	switch {
	case sp.found:
		from, at, cut = len(steps), sp.start, sp.end
	case sp.inObject || sp.inArray:
		from, at, cut = sp.k+1, sp.close, sp.close
		if !sp.empty {
			sep = ","
		}
	default:
		from, at, cut = sp.k, sp.start, sp.end
	}
	// Most new texts fit in buf, on the stack.
	var buf [editBuf]byte
	mid := append(buf[:0], sep...)
	if !sp.found && sp.inObject {
		mid = wire.AppendQuoted(mid, steps[sp.k].key, false)
		mid = append(mid, ':')
	}
	for k := from; k < len(steps); k++ {
		if st := &steps[k]; st.op == opAppend || st.index == 0 {
			mid = append(mid, '[')
		} else {
			mid = wire.AppendQuoted(append(mid, '{'), st.key, false)
			mid = append(mid, ':')
		}
	}
	vs := len(mid)
	if raw != nil {
		mid = append(mid, raw...)
	} else if m, ok := appendScalar(mid, value); ok {
		mid = m
	} else if mid, err = AppendValue(append([]byte(nil), mid...), value); err != nil {
		return nil, err
	}
	// The value ends up inside len(steps) containers: the document must
	// stay within the nesting jet accepts.
	if len(steps) > wire.DefaultMaxDepth || !wire.Valid(wire.StringOf(mid[vs:]), wire.DefaultMaxDepth-len(steps)) {
		return nil, fmt.Errorf("ast: the edit would nest the document deeper than %d levels", wire.DefaultMaxDepth)
	}
	for k := len(steps) - 1; k >= from; k-- {
		if st := &steps[k]; st.op == opAppend || st.index == 0 {
			mid = append(mid, ']')
		} else {
			mid = append(mid, '}')
		}
	}
	return bytes.Join([][]byte{b[:at], mid, b[cut:]}, nil), nil
}

// appendScalar is AppendValue for the scalar types it encodes without
// help (strings, booleans, integers, finite float64s and nil), which it
// appends to dst; ok is false for any other value (or a NaN or
// infinity), with nothing appended. Unlike
// AppendValue, it never lets dst escape, so that dst may be on the
// caller's stack.
func appendScalar(dst []byte, v any) (out []byte, ok bool) {
	switch x := v.(type) {
	case nil:
		return append(dst, "null"...), true
	case string:
		return wire.AppendQuoted(dst, x, false), true
	case bool:
		return strconv.AppendBool(dst, x), true
	case int:
		return strconv.AppendInt(dst, int64(x), 10), true
	case int64:
		return strconv.AppendInt(dst, x, 10), true
	case int32:
		return strconv.AppendInt(dst, int64(x), 10), true
	case uint64:
		return strconv.AppendUint(dst, x, 10), true
	case float64:
		if !math.IsNaN(x) && !math.IsInf(x, 0) {
			return wire.AppendFloat(dst, x, 64), true
		}
	}
	return dst, false
}

// AppendValue appends the JSON encoding of v to dst as jet.Marshal
// encodes it, with fast paths for the common scalar types; a Node (or
// *Node) is written as its JSON text and a json.RawMessage as it is,
// after checking that it is one valid JSON value.
func AppendValue(dst []byte, v any) ([]byte, error) {
	if out, ok := appendScalar(dst, v); ok {
		return out, nil
	}
	switch x := v.(type) {
	case float64: // a NaN or infinity
		return dst, &json.UnsupportedValueError{Str: strconv.FormatFloat(x, 'g', -1, 64)}
	case Node:
		var path walkPath
		return x.appendJSON(dst, &path)
	case *Node:
		if x == nil {
			return append(dst, "null"...), nil
		}
		var path walkPath
		return x.appendJSON(dst, &path)
	case json.RawMessage:
		s := wire.StringOf(x)
		if err := syntaxv1.Validate(s, wire.DefaultMaxDepth); err != nil {
			return dst, err
		}
		i := wire.SkipSpace(s, 0)
		end, _ := wire.SkipValue(s, i, wire.DefaultMaxDepth)
		return append(dst, s[i:end]...), nil
	}
	err := encoder.EncodeInto(&dst, v, 0)
	return dst, err
}
