package decoder

import (
	"encoding/json"
	"reflect"

	"github.com/jetjson/jet/internal/rt"
	"github.com/jetjson/jet/internal/syntaxv1"
	"github.com/jetjson/jet/internal/wire"
)

// Decode decodes one JSON document (a value surrounded by nothing but
// whitespace) from data into v, which must be a non-nil pointer. data is
// read in place and must not change while Decode runs; decoded strings
// are copies (into shared arena blocks), so data may change afterwards.
func Decode(data []byte, v any, opts Options) error {
	return DecodeDepth(data, v, opts, 0)
}

// DecodeDepth is Decode with a nesting limit (0 means DefaultMaxDepth).
func DecodeDepth(data []byte, v any, opts Options, maxDepth int) error {
	d := getState(opts, maxDepth)
	d.src, d.input, d.borrowed = wire.StringOf(data), data, true
	err := d.document(v)
	putState(d)
	if err != nil && opts&OptionStdErrors != 0 {
		err = stdError(err)
	}
	return err
}

// DecodeString is Decode for a string input; decoded strings are views
// into s unless OptionCopyString is set.
func DecodeString(s string, v any, opts Options) error {
	return DecodeStringDepth(s, v, opts, 0)
}

// DecodeStringDepth is DecodeString with a nesting limit (0 means
// DefaultMaxDepth).
func DecodeStringDepth(s string, v any, opts Options, maxDepth int) error {
	d := getState(opts, maxDepth)
	d.src = s
	err := d.document(v)
	putState(d)
	if err != nil && opts&OptionStdErrors != 0 {
		err = stdError(err)
	}
	return err
}

// document decodes the whole input as one value.
func (d *state) document(v any) error {
	err := d.value(v)
	if err == nil {
		if serr := syntaxv1.CheckEnd(d.src, d.pos); serr != nil {
			return serr
		}
	}
	return d.finishAt(0, err, true)
}

// value decodes the value at or after pos into v.
func (d *state) value(v any) error {
	ef := rt.EfaceOf(&v)
	if ef.Type == nil {
		return &json.InvalidUnmarshalError{}
	}
	t := reflect.TypeOf(v)
	if t.Kind() != reflect.Pointer || ef.Data == nil {
		return &json.InvalidUnmarshalError{Type: t}
	}
	c := topFor(ef.Type, t)
	d.skipSpace()
	return c.fn(d, ef.Data)
}

// finishAt turns the outcome of decoding the value that starts at start
// into the error to report: a syntax error first (encoding/json checks
// the whole input before decoding, so a syntax error anywhere wins over
// an error from a method or an invalid target), as the reference grammar
// words it, then a fatal error, then the first mismatch. A syntax error
// the reference does not see is one of the options' (invalid UTF-8).
func (d *state) finishAt(start int, err error, whole bool) error {
	if err == nil {
		if d.opts&OptionUseUnicodeErrors != 0 {
			if uerr := d.unicodeEscapeError(start); uerr != nil {
				return uerr
			}
		}
		return d.saved
	}
	end, serr := syntaxv1.SkipValue(d.src, start, d.maxDepth)
	if serr == nil && whole {
		serr = syntaxv1.CheckEnd(d.src, end)
	}
	if serr != nil {
		return serr
	}
	return err
}

// Decoder decodes JSON values one after another from a string, like
// sonic's decoder.Decoder. Decoded strings are views into the input
// unless CopyString is called.
type Decoder struct {
	src      string
	pos      int
	opts     Options
	maxDepth int
}

// NewDecoder returns a Decoder reading s.
func NewDecoder(s string) *Decoder { return &Decoder{src: s} }

// Decode decodes the next value into v, which must be a non-nil pointer,
// and moves past it. At the end of input it returns a SyntaxError
// ("unexpected end of JSON input"). Syntax errors are SyntaxError values,
// sonic's shape, placed in the whole input (with OptionStdErrors,
// encoding/json's *json.SyntaxError).
func (dec *Decoder) Decode(v any) error {
	d := getState(dec.opts, dec.maxDepth)
	d.src, d.pos = dec.src, dec.pos
	start := wire.SkipSpace(d.src, d.pos)
	err := d.value(v)
	if err == nil || d.pos > dec.pos {
		if _, ok := err.(*json.InvalidUnmarshalError); !ok {
			dec.pos = d.pos
		}
	}
	err = d.finishAt(start, err, false)
	putState(d)
	return dec.error(err)
}

// error returns err as the Decoder reports it: a syntax error in
// sonic's shape (SyntaxError), or with OptionStdErrors as encoding/json's.
func (dec *Decoder) error(err error) error {
	if err == nil {
		return nil
	}
	if dec.opts&OptionStdErrors != 0 {
		return stdError(err)
	}
	return sonicError(err, dec.src, 0)
}

// Pos returns the offset of the next byte to read.
func (dec *Decoder) Pos() int { return dec.pos }

// Reset makes the decoder read s from the start, keeping its options.
func (dec *Decoder) Reset(s string) { dec.src, dec.pos = s, 0 }

// Options returns the decoder's options.
func (dec *Decoder) Options() Options { return dec.opts }

// SetOptions replaces the decoder's options.
func (dec *Decoder) SetOptions(opts Options) { dec.opts = opts }

// SetMaxDepth sets the nesting limit (0 means DefaultMaxDepth).
func (dec *Decoder) SetMaxDepth(n int) { dec.maxDepth = n }

// UseNumber decodes numbers into interfaces as json.Number.
func (dec *Decoder) UseNumber() { dec.opts |= OptionUseNumber }

// UseInt64 decodes integers into interfaces as int64.
func (dec *Decoder) UseInt64() { dec.opts |= OptionUseInt64 }

// CopyString gives decoded strings their own memory.
func (dec *Decoder) CopyString() { dec.opts |= OptionCopyString }

// ValidateString makes invalid UTF-8 in strings an error.
func (dec *Decoder) ValidateString() { dec.opts |= OptionValidateString }

// DisallowUnknownFields makes object keys that match no field an error.
func (dec *Decoder) DisallowUnknownFields() { dec.opts |= OptionDisallowUnknownFields }

// CaseSensitive matches object keys to struct fields exactly.
func (dec *Decoder) CaseSensitive() { dec.opts |= OptionCaseSensitive }
