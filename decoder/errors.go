package decoder

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"

	"github.com/jetjson/jet/internal/jsonerr"
	"github.com/jetjson/jet/internal/wire"
)

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

// Description returns the message, the offset, and the input around the
// value with a caret under the last byte read (see Offset).
func (e *MismatchTypeError) Description() string {
	return wire.Describe("type error", e.std().Error(), e.Offset, e.window, e.winStart, lastRead(e.Offset), 0, 0)
}

// lastRead is the index of the last byte read when an error with
// encoding/json's Offset off was found.
func lastRead(off int64) int64 {
	if off > 0 {
		return off - 1
	}
	return 0
}

// stdError returns encoding/json's error for one of jet's: a
// *json.SyntaxError for a *wire.SyntaxError, a *json.UnmarshalTypeError for a
// *MismatchTypeError, with the same fields and encoding/json's text.
// Other errors are encoding/json's already (or a method's own) and are
// returned as they are.
func stdError(err error) error {
	switch e := err.(type) {
	case *wire.SyntaxError:
		return jsonerr.Syntax(e.Msg, e.Offset)
	case *MismatchTypeError:
		return e.std()
	}
	return err
}

// Describe returns a multi-line account of err, an error that jet or
// encoding/json returned for the input src: its message; where it is, as
// the error's Offset and as the line and column (both from 1, the column
// counted in bytes) of the byte it is about; and the line of src around
// that byte, with a caret under it.
//
// It knows *jet.SyntaxError and *MismatchTypeError (jet's errors),
// SyntaxError and ast.SyntaxError (sonic's shape, which the
// sonic-compatible entry points return), and *json.SyntaxError and
// *json.UnmarshalTypeError (ConfigStd's and encoding/json's). The byte a syntax error is about is the offending
// one (or the end of src, for input that ends too early); for a type
// error it is the last byte read (the end of a scalar, the opening
// bracket of an array or object), which the Offset counts. For other
// errors it returns err.Error().
func Describe(err error, src string) string {
	var (
		msg string
		off int64
		pos int64
	)
	kind := "syntax error"
	switch e := err.(type) {
	case *wire.SyntaxError:
		msg, off, pos = e.Msg, e.Offset, e.Pos()
	case SyntaxError:
		pos = int64(e.Pos)
		msg, off = e.Message(), pos+1
		if e.Pos >= len(e.Src) {
			off = pos
		}
	case *MismatchTypeError:
		msg, off, pos = e.std().Error(), e.Offset, lastRead(e.Offset)
		kind = "type error"
	case *json.SyntaxError:
		msg, off = e.Error(), e.Offset
		pos = syntaxPos(msg, off, src)
	case *json.UnmarshalTypeError:
		msg, off, pos = e.Error(), e.Offset, lastRead(e.Offset)
		kind = "type error"
	default:
		if err == nil {
			return ""
		}
		if t := reflect.TypeOf(err); t != sonicSyntaxErrorType && t.ConvertibleTo(sonicSyntaxErrorType) {
			// ast.SyntaxError, a type of its own with this one's fields.
			return Describe(reflect.ValueOf(err).Convert(sonicSyntaxErrorType).Interface().(SyntaxError), src)
		}
		return err.Error()
	}
	if pos > int64(len(src)) {
		pos = int64(len(src))
	}
	if pos < 0 {
		pos = 0
	}
	line, col := wire.LineColumn(src, int(pos))
	return wire.Describe(kind, msg, off, src, 0, pos, line, col)
}

// syntaxPos returns the index in src of the byte an encoding/json
// SyntaxError with message msg and Offset off is about. Most errors are
// found after reading the offending byte (Offset is one past it);
// Decoder.Token's are found before reading it (Offset is its index); the
// end of input is len(src), and encoding/json words a value cut short
// there as an invalid space after it.
func syntaxPos(msg string, off int64, src string) int64 {
	n := int64(len(src))
	if off >= n && (msg == wire.MsgUnexpectedEOF || strings.HasPrefix(msg, wire.InvalidChar(' ', ""))) {
		return n
	}
	if rest, ok := strings.CutPrefix(msg, wire.MsgInvalidCharPrefix); ok {
		if off >= 1 && off-1 < n && strings.HasPrefix(rest, wire.QuoteChar(src[off-1])) {
			return off - 1
		}
		if off < n && strings.HasPrefix(rest, wire.QuoteChar(src[off])) {
			return off
		}
	}
	return lastRead(off)
}

func window(src string, off int) (string, int64) {
	lo, hi := off-wire.WindowRadius, off+wire.WindowRadius
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
