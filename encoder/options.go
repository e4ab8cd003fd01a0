package encoder

import (
	"encoding/json"
	"reflect"
	"unsafe"

	"github.com/jetjson/jet/internal/jsonerr"
	"github.com/jetjson/jet/internal/wire"
)

// Options are bit flags that change how values are encoded. The zero
// value is jet's fast default: no HTML escaping, map keys in iteration
// order, invalid UTF-8 replaced by U+FFFD.
type Options uint32

const (
	// EscapeHTML escapes '<', '>' and '&' in strings as \u003c, \u003e
	// and \u0026, as encoding/json does by default.
	EscapeHTML Options = 1 << iota
	// SortMapKeys writes map members sorted by key, as encoding/json does.
	SortMapKeys
	// CompactMarshaler removes insignificant whitespace from the output
	// of MarshalJSON methods, as encoding/json does. Without it the
	// output is checked and copied as it is.
	CompactMarshaler
	// NoQuoteTextMarshaler trusts the output of MarshalText methods to
	// need no escaping and writes it between quotes as it is.
	NoQuoteTextMarshaler
	// NoNullSliceOrMap writes nil slices and maps as [] and {} instead of
	// null.
	NoNullSliceOrMap
	// ValidateString makes a string holding invalid UTF-8 an error
	// (*json.InvalidUTF8Error) instead of writing U+FFFD for each bad
	// byte.
	ValidateString
	// NoValidateJSONMarshaler trusts the output of MarshalJSON methods to
	// be valid JSON and copies it without checking.
	NoValidateJSONMarshaler
	// NoEncoderNewline stops the stream encoder from writing a newline
	// after each value.
	NoEncoderNewline
	// EncodeNullForInfOrNan writes NaN and ±Inf as null instead of
	// returning an error.
	EncodeNullForInfOrNan
	// StdErrors makes the stream encoder return encoding/json's own
	// error types (see StdError); Encode and EncodeIndented leave that to
	// their caller.
	StdErrors
)

// MarshalerError is returned when a MarshalJSON or MarshalText method
// fails or, for MarshalJSON, returns invalid JSON. errors.As also finds
// it as a *json.MarshalerError.
type MarshalerError struct {
	// Type is the type whose method failed.
	Type reflect.Type
	// Err is the method's error, or the syntax error in its output.
	Err error
	// Func is "MarshalJSON" or "MarshalText".
	Func string
}

// Error reads like encoding/json's MarshalerError.
func (e *MarshalerError) Error() string {
	return "json: error calling " + e.Func + " for type " + e.Type.String() + ": " + e.Err.Error()
}

// Unwrap returns the method's error.
func (e *MarshalerError) Unwrap() error { return e.Err }

// As lets errors.As find the error as a *json.MarshalerError.
func (e *MarshalerError) As(target any) bool {
	if p, ok := target.(**json.MarshalerError); ok {
		*p = &json.MarshalerError{Type: e.Type, Err: e.Err}
		return true
	}
	return false
}

// StdError returns encoding/json's error for one of the encoder's: a
// *json.MarshalerError for a *MarshalerError (naming the method that
// failed, as encoding/json does), whose Err, when it is the syntax error
// in a MarshalJSON method's output, is a *json.SyntaxError with Offset 0,
// as encoding/json's (its check of that output counts no bytes). The
// encoder's other errors are encoding/json's types already (or a
// method's own) and are returned as they are.
func StdError(err error) error {
	if e, ok := err.(*MarshalerError); ok {
		inner := e.Err
		if se, ok := inner.(*wire.SyntaxError); ok {
			inner = jsonerr.Syntax(se.Msg, 0)
		}
		return jsonerr.Marshaler(e.Type, inner, e.Func)
	}
	return err
}

// valueError gives an *json.UnsupportedValueError the value it is about
// as encoding/json does: of its own type t (a named float type, a
// float32), at p. Other errors are returned as they are.
func valueError(err error, t reflect.Type, p unsafe.Pointer) error {
	if e, ok := err.(*json.UnsupportedValueError); ok {
		e.Value = reflect.NewAt(t, p).Elem()
	}
	return err
}
