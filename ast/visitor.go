package ast

import (
	"encoding/json"
	"errors"
	"fmt"
	"unsafe"

	"github.com/jetjson/jet/internal/syntaxv1"
	"github.com/jetjson/jet/internal/wire"
)

// Visitor receives the values of a document from Preorder, in document
// order: a scalar is one call; an object is OnObjectBegin, then for each
// member OnObjectKey followed by the calls for its value, then
// OnObjectEnd; an array is OnArrayBegin, the calls for each element, then
// OnArrayEnd.
//
// A method that returns an error stops the walk and Preorder returns that
// error, except for SkipContainer, which skips the rest of a container:
// returned by OnObjectBegin or OnArrayBegin, the contents of the
// container just begun; returned by any other method, the rest of the
// innermost container still open (the one holding the key or value the
// call was about, or, for OnObjectEnd and OnArrayEnd, the one around the
// container just ended). The matching OnObjectEnd or OnArrayEnd is still
// called, so Begin and End calls always pair up. SkipContainer returned
// for a top-level scalar, or by the last End, ends the walk without error.
type Visitor interface {
	// OnNull is called for null.
	OnNull() error
	// OnBool is called for true and false.
	OnBool(v bool) error
	// OnString is called for a string value with its decoded value
	// (invalid UTF-8 replaced by U+FFFD, as in encoding/json). Without
	// escapes it is a view of the input, not a copy.
	OnString(v string) error
	// OnInt64 is called for a number written as an integer that fits an
	// int64, with its value and its text.
	OnInt64(v int64, n json.Number) error
	// OnFloat64 is called for any other number, with its value and its
	// text. A number too large for a float64 is an error.
	OnFloat64(v float64, n json.Number) error
	// OnObjectBegin is called at the start of an object; capacity is 0
	// for an empty object and a small guess otherwise.
	OnObjectBegin(capacity int) error
	// OnObjectKey is called with each member's decoded key, before the
	// calls for its value.
	OnObjectKey(key string) error
	// OnObjectEnd is called at the end of an object.
	OnObjectEnd() error
	// OnArrayBegin is called at the start of an array; capacity is 0 for
	// an empty array and a small guess otherwise.
	OnArrayBegin(capacity int) error
	// OnArrayEnd is called at the end of an array.
	OnArrayEnd() error
}

// SkipContainer, returned by a Visitor method, makes Preorder skip the
// rest of a container (see Visitor). The skipped text is still checked.
var SkipContainer = errors.New("ast: skip the rest of this container")

// ErrNilVisitor is returned by Preorder when its Visitor is nil.
var ErrNilVisitor = errors.New("ast: Preorder with a nil Visitor")

// VisitorOptions change how Preorder reports values. The zero value (or
// nil) is the default.
type VisitorOptions struct {
	// OnlyNumber passes numbers as text only: the value argument of
	// OnInt64 (integers) and OnFloat64 (other numbers) is always zero,
	// and no number is converted.
	OnlyNumber bool
}

// capacityGuess is the capacity passed for non-empty containers.
const capacityGuess = 8

type frame struct {
	kind  byte
	start int
}

// Preorder walks the JSON document src and calls v for every value in
// document order (see Visitor). The whole document is checked: invalid
// JSON is a *wire.SyntaxError (calls for the values before the error have
// been made by then). A nil v is ErrNilVisitor, before anything is read.
func Preorder(src string, v Visitor, opts *VisitorOptions) error {
	if v == nil {
		return ErrNilVisitor
	}
	onlyNumber := opts != nil && opts.OnlyNumber
	n := len(src)
	var stackBuf [32]frame
	stack := stackBuf[:0]
	var err error
	var ok bool
	var kind byte
	i := wire.SkipSpace(src, 0)

value:
	if i >= n {
		return syntaxError(src, i)
	}
	switch c := src[i]; c {
	case '{', '[':
		if len(stack) >= wire.DefaultMaxDepth {
			return syntaxError(src, i)
		}
		start := i
		i = wire.SkipSpace(src, i+1)
		empty := i < n && (c == '{' && src[i] == '}' || c == '[' && src[i] == ']')
		capacity := capacityGuess
		if empty {
			capacity = 0
		}
		if c == '{' {
			err = v.OnObjectBegin(capacity)
		} else {
			err = v.OnArrayBegin(capacity)
		}
		stack = append(stack, frame{c, start})
		switch {
		case err == SkipContainer:
			if i, ok = wire.SkipValue(src, start, wire.DefaultMaxDepth-len(stack)+1); !ok {
				return syntaxError(src, start)
			}
			goto close
		case err != nil:
			return err
		case empty:
			i++
			goto close
		case c == '{':
			goto key
		}
		goto value
	case '"':
		ke, fl, sok := wire.ScanString(src, i)
		if !sok {
			return syntaxError(src, i)
		}
		err = v.OnString(stringOf(src[i:ke], fl))
		i = ke
	case 't':
		end, ok := wire.ScanLiteral(src, i, "true")
		if !ok {
			return syntaxError(src, i)
		}
		i = end
		err = v.OnBool(true)
	case 'f':
		end, ok := wire.ScanLiteral(src, i, "false")
		if !ok {
			return syntaxError(src, i)
		}
		i = end
		err = v.OnBool(false)
	case 'n':
		end, ok := wire.ScanLiteral(src, i, "null")
		if !ok {
			return syntaxError(src, i)
		}
		i = end
		err = v.OnNull()
	default:
		if c != '-' && (c < '0' || c > '9') {
			return syntaxError(src, i)
		}
		end, float, ok := wire.ScanNumber(src, i)
		if !ok {
			return syntaxError(src, i)
		}
		text := src[i:end]
		i = end
		if !float {
			x, isInt := int64(0), onlyNumber
			if !onlyNumber {
				x, isInt = wire.ParseInt(text)
			}
			if isInt {
				err = v.OnInt64(x, json.Number(text))
				break
			}
		}
		var f float64
		if !onlyNumber {
			if f, err = wire.ParseFloat(text); err != nil {
				// As in encoding/json, a syntax error anywhere in the
				// document comes before a number out of range.
				if verr := syntaxv1.Validate(src, wire.DefaultMaxDepth); verr != nil {
					return verr
				}
				return fmt.Errorf("ast: number %s at offset %d: %w", text, i-len(text), err)
			}
		}
		err = v.OnFloat64(f, json.Number(text))
	}

after:
	// A value (or a container's End call) has just been reported; err is
	// what the call returned.
	if err != nil {
		if err != SkipContainer {
			return err
		}
		if len(stack) == 0 {
			return finish(src, i)
		}
		kind = stack[len(stack)-1].kind
		if i, ok = wire.SkipRest(src, i, []byte{kind}, wire.DefaultMaxDepth-len(stack)+1); !ok {
			return syntaxError(src, i)
		}
		goto close
	}
	if len(stack) == 0 {
		return finish(src, i)
	}
	i = wire.SkipSpace(src, i)
	if i >= n {
		return syntaxError(src, i)
	}
	kind = stack[len(stack)-1].kind
	switch c := src[i]; {
	case c == ',' && kind == '{':
		i = wire.SkipSpace(src, i+1)
		goto key
	case c == ',':
		i = wire.SkipSpace(src, i+1)
		goto value
	case c == '}' && kind == '{', c == ']' && kind == '[':
		i++
		goto close
	}
	return syntaxError(src, i)

key:
	// i is at the opening quote of a member's key.
	if i >= n || src[i] != '"' {
		return syntaxError(src, i)
	}
	{
		ke, fl, sok := wire.ScanString(src, i)
		if !sok {
			return syntaxError(src, i)
		}
		err = v.OnObjectKey(stringOf(src[i:ke], fl))
		i = wire.SkipSpace(src, ke)
	}
	if i >= n || src[i] != ':' {
		return syntaxError(src, i)
	}
	i = wire.SkipSpace(src, i+1)
	if err == SkipContainer {
		if i, ok = wire.SkipValue(src, i, wire.DefaultMaxDepth-len(stack)); !ok {
			return syntaxError(src, i)
		}
		goto after
	}
	if err != nil {
		return err
	}
	goto value

close:
	// i is just past the closing bracket of the innermost container.
	kind = stack[len(stack)-1].kind
	stack = stack[:len(stack)-1]
	if kind == '{' {
		err = v.OnObjectEnd()
	} else {
		err = v.OnArrayEnd()
	}
	goto after
}

// finish checks that only whitespace follows the document.
func finish(src string, i int) error {
	if wire.SkipSpace(src, i) != len(src) {
		return syntaxError(src, i)
	}
	return nil
}

// stringOf decodes the JSON string text q (with quotes, checked; fl from
// ScanString): a view of q when it needs no decoding.
func stringOf(q string, fl wire.StrFlags) string {
	body := q[1 : len(q)-1]
	if fl == 0 || fl == wire.NonASCII && wire.ValidUTF8(body) {
		return body
	}
	b, _ := wire.AppendUnquoted(make([]byte, 0, len(body)), body)
	return unsafe.String(unsafe.SliceData(b), len(b))
}
