package decoder

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"

	"github.com/jetjson/jet/internal/wire"
)

// SyntaxError describes malformed JSON: the byte offset (as in
// encoding/json, the number of bytes read when the error was found),
// encoding/json's message, and, from Description, the input around the
// offset with a caret under the offending byte.
type SyntaxError = wire.SyntaxError

// MismatchTypeError reports a JSON value that does not fit the Go value it
// was to be stored in: a string for an int, a number too large for an
// int8, an object for a slice. Like encoding/json, the decoder skips such
// a value, goes on, and returns the first MismatchTypeError at the end.
// errors.As also finds it as a *json.UnmarshalTypeError.
type MismatchTypeError struct {
	// Value describes the JSON value: "string", "number", "number 1e9",
	// "bool", "array", "object".
	Value string
	// Type is the Go type it could not be stored in.
	Type reflect.Type
	// Offset is where encoding/json would report the error: just after
	// a scalar, just inside an array or object.
	Offset int64
	// Struct is the name of the innermost struct type holding the field;
	// Field is the path of JSON names from the outermost struct, with the
	// Go names of embedded structs crossed (as in encoding/json).
	Struct string
	Field  string

	window   string
	winStart int64
}

// Error reads like encoding/json's UnmarshalTypeError, followed by the
// offset.
func (e *MismatchTypeError) Error() string {
	return e.std().Error() + " (at offset " + strconv.FormatInt(e.Offset, 10) + ")"
}

func (e *MismatchTypeError) std() *json.UnmarshalTypeError {
	return &json.UnmarshalTypeError{Value: e.Value, Type: e.Type, Offset: e.Offset, Struct: e.Struct, Field: e.Field}
}

// As lets errors.As find the error as a *json.UnmarshalTypeError.
func (e *MismatchTypeError) As(target any) bool {
	if p, ok := target.(**json.UnmarshalTypeError); ok {
		*p = e.std()
		return true
	}
	return false
}

// Description returns the message and the input around the offset with a
// caret under it.
func (e *MismatchTypeError) Description() string {
	return describe(e.std().Error(), e.window, e.winStart, e.Offset)
}

// describe renders a message with the input window and a caret at off.
func describe(msg, window string, winStart, off int64) string {
	p := int(off - winStart)
	if p < 0 {
		p = 0
	}
	if p > len(window) {
		p = len(window)
	}
	var line strings.Builder
	caret := 0
	for i := 0; i < len(window); i++ {
		if i == p {
			caret = line.Len()
		}
		switch c := window[i]; {
		case c == '\n':
			line.WriteString(`\n`)
		case c == '\r':
			line.WriteString(`\r`)
		case c == '\t':
			line.WriteString(`\t`)
		case c < 0x20 || c >= 0x7f:
			line.WriteString(`\x` + strconv.FormatUint(uint64(c)>>4, 16) + strconv.FormatUint(uint64(c)&0xf, 16))
		default:
			line.WriteByte(c)
		}
	}
	if p == len(window) {
		caret = line.Len()
	}
	return msg + " at offset " + strconv.FormatInt(off, 10) + "\n\n\t" + line.String() + "\n\t" + strings.Repeat(".", caret) + "^\n"
}

const windowRadius = 32

func window(src string, off int) (string, int64) {
	lo, hi := off-windowRadius, off+windowRadius
	if lo < 0 {
		lo = 0
	}
	if hi > len(src) {
		hi = len(src)
	}
	if lo > hi {
		lo = hi
	}
	return strings.Clone(src[lo:hi]), int64(lo)
}
