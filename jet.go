package jet

import (
	"bytes"
	"encoding/json"
	"io"
	"reflect"

	"github.com/jetjson/jet/decoder"
	"github.com/jetjson/jet/encoder"
	"github.com/jetjson/jet/internal/jsonerr"
	"github.com/jetjson/jet/internal/syntaxv1"
	"github.com/jetjson/jet/internal/wire"
	"github.com/jetjson/jet/option"
)

// Marshal encodes v as JSON under ConfigDefault. The output is
// encoding/json's Marshal, except that strings are not HTML-escaped and
// map keys are not sorted. Use ConfigStd.Marshal for encoding/json's exact
// output.
func Marshal(v any) ([]byte, error) { return ConfigDefault.Marshal(v) }

// MarshalString is Marshal returning a string (without copying).
func MarshalString(v any) (string, error) { return ConfigDefault.MarshalToString(v) }

// MarshalIndent is Marshal with each element on its own line, starting
// with prefix and one indent per level.
func MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	return ConfigDefault.MarshalIndent(v, prefix, indent)
}

// Unmarshal decodes the JSON document data into v, a non-nil pointer,
// with ConfigDefault: encoding/json's rules, with decoded strings copied
// into blocks they share, never views of data.
func Unmarshal(data []byte, v any) error { return ConfigDefault.Unmarshal(data, v) }

// UnmarshalString decodes the JSON document s into v; decoded strings are
// views into s.
func UnmarshalString(s string, v any) error { return ConfigDefault.UnmarshalFromString(s, v) }

// Valid reports whether data is one valid JSON document.
func Valid(data []byte) bool { return wire.Valid(wire.StringOf(data), wire.DefaultMaxDepth) }

// ValidString reports whether s is one valid JSON document.
func ValidString(s string) bool { return wire.Valid(s, wire.DefaultMaxDepth) }

// Compact appends src to dst without insignificant whitespace, as
// encoding/json's Compact does. On error dst is unchanged and the error
// is encoding/json's *json.SyntaxError (Describe places it in src).
func Compact(dst *bytes.Buffer, src []byte) error {
	if err := validStd(src); err != nil {
		return err
	}
	dst.Write(wire.AppendCompact(dst.AvailableBuffer(), wire.StringOf(src), false))
	return nil
}

// Indent appends src to dst indented as encoding/json's Indent does. On
// error dst is unchanged and the error is encoding/json's
// *json.SyntaxError (Describe places it in src).
func Indent(dst *bytes.Buffer, src []byte, prefix, indent string) error {
	if err := validStd(src); err != nil {
		return err
	}
	dst.Write(wire.AppendIndent(dst.AvailableBuffer(), wire.StringOf(src), prefix, indent))
	return nil
}

// validStd checks that src is one JSON value and returns encoding/json's
// error if it is not.
func validStd(src []byte) error {
	if err := syntaxv1.Validate(wire.StringOf(src), wire.DefaultMaxDepth); err != nil {
		return jsonerr.Syntax(err.Msg, err.Offset)
	}
	return nil
}

// Describe returns a multi-line account of err, an error that jet (in
// any preset) or encoding/json returned for the input data: the message;
// where it is, as the error's Offset and as a line and column (both from
// 1, columns in bytes); and the line of data around that place with a
// caret under the byte the error is about. It knows syntax and type
// errors, jet's (*SyntaxError, *MismatchTypeError) and encoding/json's
// (*json.SyntaxError, *json.UnmarshalTypeError); for any other error it
// returns err.Error().
func Describe(err error, data []byte) string { return decoder.Describe(err, wire.StringOf(data)) }

// DescribeString is Describe for an input held in a string.
func DescribeString(err error, s string) string { return decoder.Describe(err, s) }

// HTMLEscape appends src to dst with <, >, &, U+2028 and U+2029 in strings
// escaped, as encoding/json's HTMLEscape does.
func HTMLEscape(dst *bytes.Buffer, src []byte) {
	dst.Write(wire.AppendHTMLEscaped(dst.AvailableBuffer(), wire.StringOf(src)))
}

// NewEncoder returns a stream encoder writing to w with ConfigDefault.
func NewEncoder(w io.Writer) *Encoder { return ConfigDefault.NewEncoder(w) }

// NewDecoder returns a stream decoder reading from r with ConfigDefault.
func NewDecoder(r io.Reader) *Decoder { return ConfigDefault.NewDecoder(r) }

// Pretouch compiles the encoder and decoder for t ahead of first use, so
// the first call with a large type does not pay for compiling it. Every
// type t reaches is compiled too, however deep. opts are sonic's compile
// options (see package option), accepted so that sonic programs compile;
// jet needs none of them and refuses EncOnlyOmitNull.
func Pretouch(t reflect.Type, opts ...option.CompileOption) error {
	return PretouchMany([]reflect.Type{t}, opts...)
}

// Encoder writes JSON values to a stream; see encoder.StreamEncoder.
type Encoder = encoder.StreamEncoder

// Decoder reads JSON values from a stream; see decoder.StreamDecoder.
type Decoder = decoder.StreamDecoder

// Types shared with encoding/json, so values and code move between the
// two freely.
type (
	// Marshaler is encoding/json's Marshaler.
	Marshaler = json.Marshaler
	// Unmarshaler is encoding/json's Unmarshaler.
	Unmarshaler = json.Unmarshaler
	// Number is encoding/json's Number.
	Number = json.Number
	// RawMessage is encoding/json's RawMessage.
	RawMessage = json.RawMessage
	// Delim is encoding/json's Delim, returned by Decoder.Token.
	Delim = json.Delim
	// Token is encoding/json's Token.
	Token = json.Token
)

// Errors. In ConfigStd (Config.StdErrors) every error is
// encoding/json's own type, with its text. In the other presets decoding
// errors are jet's own types, which errors.As also finds as their
// encoding/json counterparts, a failing MarshalJSON or MarshalText
// method gives an *encoder.MarshalerError (also found as a
// *MarshalerError), and the others are encoding/json's.
type (
	// SyntaxError is malformed input: offset, message, and Description
	// with the input around the offset. (decoder.SyntaxError and
	// ast.SyntaxError are sonic's value-shaped errors, which only the
	// sonic-compatible entry points of those packages return; errors.As
	// finds them as a *SyntaxError too.)
	SyntaxError = wire.SyntaxError
	// MismatchTypeError is a value that does not fit its Go type; it is
	// also an *UnmarshalTypeError for errors.As.
	MismatchTypeError = decoder.MismatchTypeError
	// UnmarshalTypeError is encoding/json's UnmarshalTypeError.
	UnmarshalTypeError = json.UnmarshalTypeError
	// InvalidUnmarshalError is encoding/json's InvalidUnmarshalError.
	InvalidUnmarshalError = json.InvalidUnmarshalError
	// UnsupportedTypeError is encoding/json's UnsupportedTypeError.
	UnsupportedTypeError = json.UnsupportedTypeError
	// UnsupportedValueError is encoding/json's UnsupportedValueError.
	UnsupportedValueError = json.UnsupportedValueError
	// MarshalerError is encoding/json's MarshalerError, returned by
	// ConfigStd; the other presets return an *encoder.MarshalerError,
	// which errors.As finds as this.
	MarshalerError = json.MarshalerError
)
