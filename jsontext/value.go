package jsontext

import (
	"bytes"
	"errors"
	"io"
	"math"
	"strconv"
	"sync"

	"github.com/jetjson/jet/internal/wire"
)

// Value represents a single raw JSON value, which may be one of the
// following:
//   - a JSON literal (i.e., null, true, or false)
//   - a JSON string (e.g., "hello, world!")
//   - a JSON number (e.g., 123.456)
//   - an entire JSON object (e.g., {"fizz":"buzz"} )
//   - an entire JSON array (e.g., [1,2,3] )
//
// Value can represent entire array or object values, while Token cannot.
// Value may contain leading and/or trailing whitespace.
type Value []byte

// Clone returns a copy of v.
func (v Value) Clone() Value {
	return bytes.Clone(v)
}

// String returns the string formatting of v.
func (v Value) String() string {
	if v == nil {
		return "null"
	}
	return string(v)
}

// IsValid reports whether the raw JSON value is syntactically valid
// according to the specified options.
//
// By default (if no options are specified), it validates according to
// RFC 7493. It verifies whether the input is properly encoded as UTF-8,
// that escape sequences within strings decode to valid Unicode
// codepoints, and that all names in each object are unique. It does not
// verify whether numbers are representable within the limits of any
// common numeric type (e.g., float64, int64, or uint64).
//
// Relevant options include:
//   - AllowDuplicateNames
//   - AllowInvalidUTF8
//
// All other options are ignored.
func (v Value) IsValid(opts ...Options) bool {
	d := getBufferedDecoder(v, opts)
	defer putBufferedDecoder(d)
	_, err := d.s.readValue()
	if err != nil {
		return false
	}
	_, err = d.s.readToken()
	return err == io.EOF
}

// Format formats the raw JSON value in place.
//
// By default (if no options are specified), it validates according to
// RFC 7493 and produces the minimal JSON representation, where all
// whitespace is elided and JSON strings use the shortest encoding.
//
// Relevant options include:
//   - AllowDuplicateNames
//   - AllowInvalidUTF8
//   - EscapeForHTML
//   - EscapeForJS
//   - PreserveRawStrings
//   - CanonicalizeRawInts
//   - CanonicalizeRawFloats
//   - ReorderRawObjects
//   - SpaceAfterColon
//   - SpaceAfterComma
//   - Multiline
//   - WithIndent
//   - WithIndentPrefix
//
// All other options are ignored.
//
// It is guaranteed to succeed if the value is valid according to the
// same options. If the value is already formatted, then the buffer is not
// mutated.
func (v *Value) Format(opts ...Options) error {
	return v.format(opts, nil)
}

// format is Format with the options opts1 then opts2; only opts1 fill in
// what Multiline implies.
func (v *Value) format(opts1, opts2 []Options) error {
	e := getBufferedEncoder(opts1)
	defer putBufferedEncoder(e)
	return v.formatWith(&e.s, opts2)
}

// formatWith is format with an encoder reset with opts1.
func (v *Value) formatWith(e *encoderState, opts2 []Options) error {
	e.join(opts2)
	e.fl |= fmtNoNewline
	e.asIs, e.wasAsIs = true, false
	err := e.writeValue(*v)
	e.asIs = false
	switch {
	case err != nil:
		return err
	case e.wasAsIs:
		return nil // formatted already
	case !bytes.Equal(*v, e.buf):
		*v = append((*v)[:0], e.buf...)
	}
	return nil
}

// AppendFormat formats the JSON value in src and appends it to dst
// according to the specified options. See Value.Format for more details
// about the formatting behavior.
//
// The dst and src may overlap. If an error is reported, then the entirety
// of src is appended to dst.
func AppendFormat[Bytes ~[]byte | ~string](dst []byte, src Bytes, opts ...Options) ([]byte, error) {
	e := getBufferedEncoder(opts)
	defer putBufferedEncoder(e)
	e.s.fl |= fmtNoNewline
	e.s.asIs = true
	err := e.s.writeValue(Value(src))
	e.s.asIs = false
	switch {
	case err != nil, e.s.wasAsIs:
		return append(dst, src...), err
	}
	return append(dst, e.s.buf...), nil
}

var (
	compactOpts      = []Options{AllowDuplicateNames(true), AllowInvalidUTF8(true), PreserveRawStrings(true)}
	indentOpts       = []Options{AllowDuplicateNames(true), AllowInvalidUTF8(true), PreserveRawStrings(true), Multiline(true)}
	canonicalizeOpts = []Options{CanonicalizeRawInts(true), CanonicalizeRawFloats(true), ReorderRawObjects(true)}
)

// Compact removes all whitespace from the raw JSON value.
//
// It does not reformat JSON strings or numbers to use any other
// representation. To maximize the set of JSON values that can be
// formatted, it permits values with duplicate names and invalid UTF-8.
//
// Compact is equivalent to calling Value.Format with the following
// options:
//   - AllowDuplicateNames(true)
//   - AllowInvalidUTF8(true)
//   - PreserveRawStrings(true)
//
// Any options specified by the caller are applied after the initial set
// and may deliberately override prior options.
func (v *Value) Compact(opts ...Options) error {
	return v.format(compactOpts, opts)
}

// Indent reformats the whitespace in the raw JSON value so that each
// element in a JSON object or array begins on an indented line according
// to the nesting.
//
// It does not reformat JSON strings or numbers to use any other
// representation. To maximize the set of JSON values that can be
// formatted, it permits values with duplicate names and invalid UTF-8.
//
// Indent is equivalent to calling Value.Format with the following
// options:
//   - AllowDuplicateNames(true)
//   - AllowInvalidUTF8(true)
//   - PreserveRawStrings(true)
//   - Multiline(true)
//
// Any options specified by the caller are applied after the initial set
// and may deliberately override prior options.
func (v *Value) Indent(opts ...Options) error {
	return v.format(indentOpts, opts)
}

// Canonicalize canonicalizes the raw JSON value according to the JSON
// Canonicalization Scheme (JCS) as defined by RFC 8785. Canonicalization
// produces a JSON value with the same meaning as the original, but is
// stable in the sense that calling Canonicalize on a canonicalized value
// does nothing.
//
// JSON strings are formatted to use their minimal representation, JSON
// numbers are formatted as double precision numbers according to some
// stable serialization algorithm. JSON object members are sorted in
// ascending order by name. All whitespace is removed.
//
// Canonicalize is equivalent to calling Value.Format with the following
// options:
//   - CanonicalizeRawInts(true)
//   - CanonicalizeRawFloats(true)
//   - ReorderRawObjects(true)
//
// Any options specified by the caller are applied after the initial set
// and may deliberately override prior options.
//
// Note that JCS treats all JSON numbers as IEEE 754 double precision
// numbers. Any numbers with precision beyond what is representable by
// that form will lose their precision when canonicalized. For example,
// integer values beyond ±2⁵³ will lose their precision. To preserve the
// original representation of JSON integers, additionally set
// CanonicalizeRawInts to false:
//
//	v.Canonicalize(jsontext.CanonicalizeRawInts(false))
func (v *Value) Canonicalize(opts ...Options) error {
	return v.format(canonicalizeOpts, opts)
}

// MarshalJSON returns v as the JSON encoding of v. It performs no
// validation. If v is nil, then this returns a JSON null.
func (v Value) MarshalJSON() ([]byte, error) {
	if v == nil {
		return []byte("null"), nil
	}
	return v, nil
}

// UnmarshalJSON sets v as the JSON encoding of b. It stores a copy of the
// provided raw JSON input without any validation.
func (v *Value) UnmarshalJSON(b []byte) error {
	if v == nil {
		return errors.New("jsontext.Value: UnmarshalJSON on nil pointer")
	}
	*v = append((*v)[:0], b...)
	return nil
}

// Kind returns the starting token kind. For a valid value, this will
// never include KindEndObject or KindEndArray.
func (v Value) Kind() Kind {
	if n := skipSpace(v); n < len(v) {
		return kindOf[v[n]]
	}
	return KindInvalid
}

// AppendFloat appends src to dst as a JSON number per RFC 8259, section 6.
//
// Except for -0, which is formatted as -0 instead of 0, the output is
// identical to ECMA-262, 10th edition, section 7.1.12.1 and (for 64-bit
// precision) identical to RFC 8785, section 3.2.2.3. The values NaN, +Inf,
// and -Inf will be represented as a JSON string with the values "NaN",
// "Infinity", and "-Infinity".
//
// Note that most JSON libraries and standards assume that JSON numbers are
// 64-bit floating-point numbers. As such, prefer using 64 bits of
// precision unless the recipient can know from other context that the
// encoded number uses 32 bits of precision.
func AppendFloat(dst []byte, src float64, bits int) []byte {
	if bits != 32 && bits != 64 {
		panic("illegal AppendFloat bit size")
	}
	if bits == 32 {
		src = float64(float32(src))
	}
	if math.IsNaN(src) || math.IsInf(src, 0) {
		return strconv.AppendFloat(dst, src, 'f', -1, bits)
	}
	return wire.AppendFloat(dst, src, bits)
}

// Pools of encoders and decoders for Value's methods. An encoder's buffer
// is kept for the next use unless it is large and was mostly unused
// several times in a row, so that one large value does not pin memory
// that small values never use.
var (
	encoderPool = sync.Pool{New: func() any { return new(pooledEncoder) }}
	decoderPool = sync.Pool{New: func() any { return new(Decoder) }}
)

type pooledEncoder struct {
	Encoder
	strikes int
}

const (
	poolKeepBuf    = 4 << 10 // buffers up to this size are always kept
	poolMaxStrikes = 4
)

func getBufferedEncoder(opts []Options) *pooledEncoder {
	e := encoderPool.Get().(*pooledEncoder)
	if e.s.buf == nil {
		e.s.buf = make([]byte, 0, 64)
	}
	e.s.reset(e.s.buf[:0], nil, opts)
	return e
}

func putBufferedEncoder(e *pooledEncoder) {
	if cap(e.s.avail) > 64<<10 {
		e.s.avail = nil
	}
	switch c := cap(e.s.buf); {
	case c <= poolKeepBuf, len(e.s.buf) >= c/4:
		e.strikes = 0
	case e.strikes < poolMaxStrikes:
		e.strikes++
	default:
		e.strikes = 0
		e.s.buf = nil
	}
	encoderPool.Put(e)
}

func getBufferedDecoder(b []byte, opts []Options) *Decoder {
	d := decoderPool.Get().(*Decoder)
	d.s.reset(b, nil, opts)
	return d
}

func putBufferedDecoder(d *Decoder) {
	d.s.buf = nil
	decoderPool.Put(d)
}
