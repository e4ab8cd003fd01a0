package ast

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unsafe"

	"github.com/jetjson/jet/internal/syntaxv1"
	"github.com/jetjson/jet/internal/wire"
)

// The kinds of Node, as returned by Type. The numbers are those of
// sonic's ast package, so code ported from it keeps working.
const (
	// V_NONE is the zero Node: no value (a lookup that found nothing).
	V_NONE = 0
	// V_ERROR is a Node that carries an error instead of a value; Check
	// and Error return it.
	V_ERROR = 1
	// V_NULL is JSON null.
	V_NULL = 2
	// V_TRUE is JSON true.
	V_TRUE = 3
	// V_FALSE is JSON false.
	V_FALSE = 4
	// V_ARRAY is a JSON array.
	V_ARRAY = 5
	// V_OBJECT is a JSON object.
	V_OBJECT = 6
	// V_STRING is a JSON string.
	V_STRING = 7
	// V_NUMBER is a JSON number, kept as its text.
	V_NUMBER = 33
	// V_ANY is a Go value (NewAny) that is encoded when the Node is.
	V_ANY = 34
)

// Errors.
var (
	// ErrNotFound is wrapped by every error about a path that leads to no
	// value: a missing key, an index past the end, a key asked of an
	// array. Test with errors.Is.
	ErrNotFound = errors.New("ast: value not found")
	// ErrUnsupportedType is wrapped by errors about an operation that the
	// Node's type does not support, such as Int64 on an object or Get on
	// an array.
	ErrUnsupportedType = errors.New("ast: unsupported type")
	// ErrCycle is wrapped by the error of Set, SetByIndex and Add (and
	// their Any forms) when the value is the node itself or holds it, so
	// that storing it would make the node contain itself.
	ErrCycle = errors.New("ast: a node cannot contain itself")
)

// Node is a JSON value; see the package documentation. The zero Node has
// type V_NONE.
type Node struct {
	t uint8 // V_* kind
	f uint8 // flags
	// raw is the value's JSON text for nodes made from text; for V_NUMBER
	// always the number's text; for V_STRING with fDecoded the string
	// itself.
	raw string
	// p is the *container of an array or object, the *any of a V_ANY and
	// the *nodeError of a V_ERROR.
	p unsafe.Pointer
}

const (
	// fDecoded: a V_STRING's raw is the string value, not JSON text.
	fDecoded uint8 = 1 << iota
)

type nodeError struct{ err error }

// Pair is a member of an object: a key and its value.
type Pair struct {
	Key   string
	Value Node
}

// NewPair returns a Pair.
func NewPair(key string, value Node) Pair { return Pair{Key: key, Value: value} }

// kindOf returns the kind of the JSON value whose first byte is c.
func kindOf(c byte) uint8 {
	switch c {
	case '{':
		return V_OBJECT
	case '[':
		return V_ARRAY
	case '"':
		return V_STRING
	case 't':
		return V_TRUE
	case 'f':
		return V_FALSE
	case 'n':
		return V_NULL
	}
	return V_NUMBER
}

// rawNode returns the node for text, a complete valid JSON value.
func rawNode(text string) Node {
	n := Node{t: kindOf(text[0]), raw: text}
	if n.t == V_ARRAY || n.t == V_OBJECT {
		n.p = unsafe.Pointer(new(container))
	}
	return n
}

// NewRaw returns the Node for the JSON text s, which may be surrounded by
// whitespace. The text is validated once, here (a fast skip, no values
// built); if it is not exactly one valid JSON value the result is a
// V_ERROR node whose Check returns the *wire.SyntaxError. The Node refers
// to s, which must not change.
func NewRaw(s string) Node {
	i := wire.SkipSpace(s, 0)
	end, ok := wire.SkipValue(s, i, wire.DefaultMaxDepth)
	if ok {
		if wire.SkipSpace(s, end) == len(s) {
			return rawNode(s[i:end])
		}
	}
	return newError(syntaxv1.Validate(s, wire.DefaultMaxDepth))
}

// newError returns a V_ERROR node for err.
func newError(err error) Node {
	if err == nil {
		err = errors.New("ast: invalid JSON")
	}
	return Node{t: V_ERROR, p: unsafe.Pointer(&nodeError{err})}
}

// errorf returns a V_ERROR node with a formatted error.
func errorf(format string, args ...any) *Node {
	n := newError(fmt.Errorf(format, args...))
	return &n
}

// NewNull returns a null Node.
func NewNull() Node { return Node{t: V_NULL} }

// NewBool returns a true or false Node.
func NewBool(v bool) Node {
	if v {
		return Node{t: V_TRUE}
	}
	return Node{t: V_FALSE}
}

// NewNumber returns a number Node for the JSON number text v. If v is not
// a valid JSON number the result is a V_ERROR node.
func NewNumber(v string) Node {
	if !wire.IsValidNumber(v) {
		return newError(fmt.Errorf("ast: invalid number %q", v))
	}
	return Node{t: V_NUMBER, raw: v}
}

// NewInt64 returns a number Node for v.
func NewInt64(v int64) Node { return Node{t: V_NUMBER, raw: strconv.FormatInt(v, 10)} }

// NewFloat64 returns a number Node for v, formatted as encoding/json
// formats float64. NaN and infinities give a V_ERROR node.
func NewFloat64(v float64) Node {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return newError(fmt.Errorf("ast: unsupported value %v", v))
	}
	return Node{t: V_NUMBER, raw: string(wire.AppendFloat(nil, v, 64))}
}

// NewString returns a string Node for v (the value, not JSON text).
func NewString(v string) Node { return Node{t: V_STRING, f: fDecoded, raw: v} }

// NewBytes returns a string Node holding v in standard base64, as
// encoding/json encodes a []byte.
func NewBytes(v []byte) Node { return NewString(base64.StdEncoding.EncodeToString(v)) }

// NewArray returns an array Node holding v's nodes (copied; arrays and
// objects among them are shared).
func NewArray(v []Node) Node {
	c := new(container)
	c.publish(&level{elems: segsOf(append([]Node(nil), v...)), n: len(v), next: -1})
	return Node{t: V_ARRAY, p: unsafe.Pointer(c)}
}

// NewObject returns an object Node holding v's members in order (copied;
// arrays and objects among them are shared). Keys are not checked for
// duplicates.
func NewObject(v []Pair) Node {
	c := new(container)
	c.publish(&level{pairs: segsOf(append([]Pair(nil), v...)), n: len(v), next: -1})
	return Node{t: V_OBJECT, p: unsafe.Pointer(c)}
}

// NewAny returns a Node for a Go value. A Node or *Node gives that node;
// nil gives null; bool, string, the integer and float types and
// json.Number give the matching JSON node; anything else a V_ANY node,
// which Interface returns as it is and MarshalJSON encodes with jet's
// default encoder.
func NewAny(v any) Node {
	switch x := v.(type) {
	case nil:
		return NewNull()
	case Node:
		return x
	case *Node:
		if x == nil {
			return NewNull()
		}
		return *x
	case bool:
		return NewBool(x)
	case string:
		return NewString(x)
	case json.Number:
		return NewNumber(string(x))
	case int:
		return NewInt64(int64(x))
	case int8:
		return NewInt64(int64(x))
	case int16:
		return NewInt64(int64(x))
	case int32:
		return NewInt64(int64(x))
	case int64:
		return NewInt64(x)
	case uint:
		return Node{t: V_NUMBER, raw: strconv.FormatUint(uint64(x), 10)}
	case uint8:
		return NewInt64(int64(x))
	case uint16:
		return NewInt64(int64(x))
	case uint32:
		return NewInt64(int64(x))
	case uint64:
		return Node{t: V_NUMBER, raw: strconv.FormatUint(x, 10)}
	case float64:
		return NewFloat64(x)
	case float32:
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return newError(fmt.Errorf("ast: unsupported value %v", x))
		}
		return Node{t: V_NUMBER, raw: string(wire.AppendFloat(nil, float64(x), 32))}
	}
	box := new(any)
	*box = v
	return Node{t: V_ANY, p: unsafe.Pointer(box)}
}

func (n *Node) container() *container { return (*container)(n.p) }

func (n *Node) anyValue() any { return *(*any)(n.p) }

// Type returns the node's kind, one of the V_ constants. A nil *Node is
// V_NONE.
func (n *Node) Type() int {
	if n == nil {
		return V_NONE
	}
	return int(n.t)
}

// Exists reports whether the node holds a value: not nil, not V_NONE and
// not V_ERROR.
func (n *Node) Exists() bool { return n != nil && n.t != V_NONE && n.t != V_ERROR }

// Valid reports whether the node is not nil and not V_ERROR.
func (n *Node) Valid() bool { return n != nil && n.t != V_ERROR }

// Check returns nil for a usable node, ErrNotFound (wrapped) for a nil
// *Node and the node's error for a V_ERROR node.
func (n *Node) Check() error {
	if n == nil {
		return notFound("no node")
	}
	if n.t == V_ERROR {
		return (*nodeError)(n.p).err
	}
	return nil
}

// Error returns the message of a V_ERROR node's error, and "" for any
// other node.
func (n *Node) Error() string {
	if n == nil || n.t != V_ERROR {
		return ""
	}
	return (*nodeError)(n.p).err.Error()
}

// IsRaw reports whether the node is still the unparsed text it was made
// from: an array or object none of whose members has been looked at, or
// a scalar read from text.
func (n *Node) IsRaw() bool {
	if n == nil || n.raw == "" || n.f&fDecoded != 0 {
		return false
	}
	if n.t == V_ARRAY || n.t == V_OBJECT {
		return n.container().load() == nil
	}
	return true
}

// notFound returns an error wrapping ErrNotFound.
func notFound(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrNotFound}, args...)...)
}

// typeName names a kind for error messages.
func typeName(t uint8) string {
	switch t {
	case V_NONE:
		return "none"
	case V_ERROR:
		return "error"
	case V_NULL:
		return "null"
	case V_TRUE, V_FALSE:
		return "bool"
	case V_ARRAY:
		return "array"
	case V_OBJECT:
		return "object"
	case V_STRING:
		return "string"
	case V_NUMBER:
		return "number"
	case V_ANY:
		return "Go value"
	}
	return "unknown"
}

// should returns the error for a node that is not usable or not of kind t.
func (n *Node) should(t uint8, op string) error {
	if err := n.Check(); err != nil {
		return err
	}
	if n.t != t {
		return fmt.Errorf("%w: %s on %s", ErrUnsupportedType, op, typeName(n.t))
	}
	return nil
}

func (n *Node) cannot(to string) error {
	return fmt.Errorf("%w: cannot convert %s to %s", ErrUnsupportedType, typeName(n.t), to)
}

// text returns the JSON text of a string node's content, unescaped.
func (n *Node) stringValue() string {
	if n.f&fDecoded != 0 {
		return n.raw
	}
	return unquote(n.raw)
}

// unquote decodes the JSON string text q (with its quotes, valid). Like
// encoding/json, invalid UTF-8 and unpaired surrogates become U+FFFD. A
// string with neither escapes nor such bytes is returned as a view of q.
func unquote(q string) string {
	body := q[1 : len(q)-1]
	if strings.IndexByte(body, '\\') < 0 && wire.ValidUTF8(body) {
		return body
	}
	b, _ := wire.AppendUnquoted(make([]byte, 0, len(body)), body)
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// Raw returns the node's JSON text: the text it was read from when it is
// unchanged, and its encoding otherwise.
func (n *Node) Raw() (string, error) {
	if err := n.Check(); err != nil {
		return "", err
	}
	if n.IsRaw() {
		return n.raw, nil
	}
	var path walkPath
	b, err := n.appendJSON(nil, &path)
	if err != nil {
		return "", err
	}
	return unsafe.String(unsafe.SliceData(b), len(b)), nil
}

// Bool returns the node as a bool: true and false as they are, a number
// as whether it is non-zero, a string by strconv.ParseBool, null as
// false.
func (n *Node) Bool() (bool, error) {
	if err := n.Check(); err != nil {
		return false, err
	}
	switch n.t {
	case V_TRUE:
		return true, nil
	case V_FALSE, V_NULL:
		return false, nil
	case V_NUMBER:
		f, err := wire.ParseFloat(n.raw)
		return f != 0, err
	case V_STRING:
		return strconv.ParseBool(n.stringValue())
	case V_ANY:
		if b, ok := n.anyValue().(bool); ok {
			return b, nil
		}
	}
	return false, n.cannot("bool")
}

// StrictBool is Bool for true and false only.
func (n *Node) StrictBool() (bool, error) {
	if err := n.Check(); err != nil {
		return false, err
	}
	switch n.t {
	case V_TRUE:
		return true, nil
	case V_FALSE:
		return false, nil
	}
	return false, n.cannot("bool")
}

// numberText returns the JSON number text the node stands for when read
// leniently: a number's own text, a string's content when it is a valid
// JSON number, "1"/"0" for true/false and "0" for null.
func (n *Node) numberText(to string) (string, error) {
	if err := n.Check(); err != nil {
		return "", err
	}
	switch n.t {
	case V_NUMBER:
		return n.raw, nil
	case V_STRING:
		s := n.stringValue()
		if wire.IsValidNumber(s) {
			return s, nil
		}
		return "", fmt.Errorf("%w: string %q is not a number", ErrUnsupportedType, s)
	case V_TRUE:
		return "1", nil
	case V_FALSE, V_NULL:
		return "0", nil
	case V_ANY:
		if num, ok := anyNumber(n.anyValue()); ok {
			return num, nil
		}
	}
	return "", n.cannot(to)
}

// anyNumber formats a Go number as JSON number text.
func anyNumber(v any) (string, bool) {
	switch x := v.(type) {
	case json.Number:
		return string(x), wire.IsValidNumber(string(x))
	case int:
		return strconv.FormatInt(int64(x), 10), true
	case int64:
		return strconv.FormatInt(x, 10), true
	case int32:
		return strconv.FormatInt(int64(x), 10), true
	case uint64:
		return strconv.FormatUint(x, 10), true
	case uint:
		return strconv.FormatUint(uint64(x), 10), true
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return "", false
		}
		return string(wire.AppendFloat(nil, x, 64)), true
	}
	return "", false
}

// parseInt64 converts JSON number text to an int64: integers directly,
// other numbers when their value is a whole number in range.
func parseInt64(s string) (int64, error) {
	if v, ok := wire.ParseInt(s); ok {
		return v, nil
	}
	f, err := wire.ParseFloat(s)
	if err == nil && f == math.Trunc(f) && f >= -(1<<63) && f < 1<<63 {
		return int64(f), nil
	}
	return 0, fmt.Errorf("ast: number %s does not fit an int64", s)
}

// parseUint64 is parseInt64 for uint64.
func parseUint64(s string) (uint64, error) {
	if v, ok := wire.ParseUint(s); ok {
		return v, nil
	}
	f, err := wire.ParseFloat(s)
	if err == nil && f == math.Trunc(f) && f >= 0 && f < 1<<64 {
		return uint64(f), nil
	}
	return 0, fmt.Errorf("ast: number %s does not fit a uint64", s)
}

// Int64 returns the node as an int64: a number whose value is a whole
// number in range, a string holding such a number, true as 1, false and
// null as 0.
func (n *Node) Int64() (int64, error) {
	if n != nil && n.t == V_ANY {
		if v, ok := anyInt(n.anyValue()); ok {
			return v, nil
		}
	}
	s, err := n.numberText("int64")
	if err != nil {
		return 0, err
	}
	return parseInt64(s)
}

func anyInt(v any) (int64, bool) {
	switch x := v.(type) {
	case int:
		return int64(x), true
	case int64:
		return x, true
	case int32:
		return int64(x), true
	case int16:
		return int64(x), true
	case int8:
		return int64(x), true
	case uint8:
		return int64(x), true
	case uint16:
		return int64(x), true
	case uint32:
		return int64(x), true
	}
	return 0, false
}

// StrictInt64 is Int64 for numbers only.
func (n *Node) StrictInt64() (int64, error) {
	if err := n.should(V_NUMBER, "StrictInt64"); err != nil {
		return 0, err
	}
	return parseInt64(n.raw)
}

// Uint64 is Int64 for uint64.
func (n *Node) Uint64() (uint64, error) {
	if n != nil && n.t == V_ANY {
		if v, ok := anyInt(n.anyValue()); ok && v >= 0 {
			return uint64(v), nil
		}
	}
	s, err := n.numberText("uint64")
	if err != nil {
		return 0, err
	}
	return parseUint64(s)
}

// StrictUint64 is Uint64 for numbers only.
func (n *Node) StrictUint64() (uint64, error) {
	if err := n.should(V_NUMBER, "StrictUint64"); err != nil {
		return 0, err
	}
	return parseUint64(n.raw)
}

// Float64 returns the node as a float64: a number, a string holding a
// number, true as 1, false and null as 0. A number too large for a
// float64 is an error.
func (n *Node) Float64() (float64, error) {
	if n != nil && n.t == V_ANY {
		switch x := n.anyValue().(type) {
		case float64:
			return x, nil
		case float32:
			return float64(x), nil
		}
	}
	s, err := n.numberText("float64")
	if err != nil {
		return 0, err
	}
	return wire.ParseFloat(s)
}

// StrictFloat64 is Float64 for numbers only.
func (n *Node) StrictFloat64() (float64, error) {
	if err := n.should(V_NUMBER, "StrictFloat64"); err != nil {
		return 0, err
	}
	return wire.ParseFloat(n.raw)
}

// Number returns the node as a json.Number: a number's text, a string
// holding a number, "1" for true, "0" for false and null.
func (n *Node) Number() (json.Number, error) {
	s, err := n.numberText("number")
	return json.Number(s), err
}

// StrictNumber is Number for numbers only.
func (n *Node) StrictNumber() (json.Number, error) {
	if err := n.should(V_NUMBER, "StrictNumber"); err != nil {
		return "", err
	}
	return json.Number(n.raw), nil
}

// String returns the node as a string: a string's value (unescaped;
// without escapes it is a view of the JSON text, no copy), a number's
// text, "true" or "false", and "" for null. Arrays and objects are an
// error; use Raw for their JSON text.
func (n *Node) String() (string, error) {
	if err := n.Check(); err != nil {
		return "", err
	}
	switch n.t {
	case V_STRING:
		return n.stringValue(), nil
	case V_NUMBER:
		return n.raw, nil
	case V_TRUE:
		return "true", nil
	case V_FALSE:
		return "false", nil
	case V_NULL:
		return "", nil
	case V_ANY:
		switch x := n.anyValue().(type) {
		case string:
			return x, nil
		case fmt.Stringer:
			return x.String(), nil
		}
	}
	return "", n.cannot("string")
}

// StrictString is String for strings only.
func (n *Node) StrictString() (string, error) {
	if err := n.should(V_STRING, "StrictString"); err != nil {
		return "", err
	}
	return n.stringValue(), nil
}

// Len returns the number of elements of an array, members of an object,
// or bytes of a string's value. An array or object that has not been
// parsed is counted without being parsed.
func (n *Node) Len() (int, error) {
	if err := n.Check(); err != nil {
		return 0, err
	}
	switch n.t {
	case V_ARRAY, V_OBJECT:
		return n.count(), nil
	case V_STRING:
		return len(n.stringValue()), nil
	}
	return 0, fmt.Errorf("%w: Len on %s", ErrUnsupportedType, typeName(n.t))
}
