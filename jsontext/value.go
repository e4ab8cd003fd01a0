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

// Value is the unparsed text of one JSON value. That value may be a
// literal (null, true or false), a string such as "caf\u00e9", a number
// such as -2.5e3, or a complete object or array such as {"ids":[7,8]}.
// Whitespace is allowed before and after it.
//
// A Value can hold a whole object or array; a Token cannot, since a Token
// stands for a single delimiter of one.
type Value []byte

// Clone returns a copy of v that shares no memory with it.
func (v Value) Clone() Value {
	return bytes.Clone(v)
}

// String returns the text of v, or "null" if v is nil.
func (v Value) String() string {
	if v == nil {
		return "null"
	}
	return string(v)
}

// IsValid reports whether v is exactly one syntactically correct JSON
// value, optionally surrounded by whitespace, under the given options.
//
// With no options the rules of RFC 7493 apply: the text must be valid
// UTF-8, every escape sequence in a string must stand for a valid Unicode
// code point, and no object may repeat a member name. Numbers are only
// checked against the JSON grammar, not against the range of float64,
// int64, uint64 or any other Go type.
//
// Only AllowDuplicateNames and AllowInvalidUTF8 change the result; any
// other option has no effect.
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

// Format rewrites the JSON value in v, in place, as the options direct.
//
// With no options the value is checked against RFC 7493 and reduced to its
// smallest form: no whitespace at all, and every string written with the
// shortest escaping.
//
// The options it takes into account are AllowDuplicateNames,
// AllowInvalidUTF8, EscapeForHTML, EscapeForJS, PreserveRawStrings,
// CanonicalizeRawInts, CanonicalizeRawFloats, ReorderRawObjects,
// SpaceAfterColon, SpaceAfterComma, Multiline, WithIndent and
// WithIndentPrefix; any other option has no effect.
//
// Format cannot fail on a value that IsValid accepts under the same
// options. When v is already in the requested form, its bytes are left
// untouched.
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

// AppendFormat appends to dst the JSON value in src, rewritten as the
// options direct, and returns the extended slice. The rewriting is the one
// Value.Format performs.
//
// src may share memory with dst. On error, AppendFormat appends src
// unchanged and returns the error with the result.
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

// Compact deletes every whitespace character that lies outside strings in
// the JSON value in v.
//
// Strings and numbers keep their exact text. So that as many inputs as
// possible can be compacted, repeated member names and invalid UTF-8 are
// accepted.
//
// It behaves like Value.Format given AllowDuplicateNames(true),
// AllowInvalidUTF8(true) and PreserveRawStrings(true), followed by the
// caller's options, which come last and so take precedence over these
// three.
func (v *Value) Compact(opts ...Options) error {
	return v.format(compactOpts, opts)
}

// Indent rewrites the whitespace of the JSON value in v so that each
// object member and array element sits on its own line, indented by its
// depth of nesting.
//
// Strings and numbers keep their exact text. So that as many inputs as
// possible can be indented, repeated member names and invalid UTF-8 are
// accepted.
//
// It behaves like Value.Format given AllowDuplicateNames(true),
// AllowInvalidUTF8(true), PreserveRawStrings(true) and Multiline(true),
// followed by the caller's options, which come last and so take precedence
// over these four.
func (v *Value) Indent(opts ...Options) error {
	return v.format(indentOpts, opts)
}

// Canonicalize rewrites the JSON value in v into the form defined by the
// JSON Canonicalization Scheme (JCS) of RFC 8785. The result means the
// same as the input, and canonicalizing it a second time changes nothing.
//
// In canonical form, whitespace is dropped, strings use their shortest
// escaping, numbers are printed as float64 values by a fixed algorithm,
// and the members of each object are sorted by name in ascending order.
//
// It behaves like Value.Format given CanonicalizeRawInts(true),
// CanonicalizeRawFloats(true) and ReorderRawObjects(true), followed by the
// caller's options, which come last and so take precedence over these
// three.
//
// Because JCS reads every number as an IEEE 754 float64, digits beyond a
// float64's precision are lost; integers larger in magnitude than 2⁵³, for
// example, may change. To leave integers exactly as written, pass
// CanonicalizeRawInts(false):
//
//	err := v.Canonicalize(jsontext.CanonicalizeRawInts(false))
func (v *Value) Canonicalize(opts ...Options) error {
	return v.format(canonicalizeOpts, opts)
}

// MarshalJSON returns v itself, without checking it, or the text null when
// v is nil.
func (v Value) MarshalJSON() ([]byte, error) {
	if v == nil {
		return []byte("null"), nil
	}
	return v, nil
}

// UnmarshalJSON stores a copy of b in v, without checking that b is valid
// JSON.
func (v *Value) UnmarshalJSON(b []byte) error {
	if v == nil {
		return errors.New("jsontext.Value: UnmarshalJSON on nil pointer")
	}
	*v = append((*v)[:0], b...)
	return nil
}

// Kind returns the kind of the first token in v, after any leading
// whitespace, or KindInvalid when there is no such token. A valid value
// cannot open with a closing delimiter, so KindEndObject and
// KindEndArray are returned only for invalid text.
func (v Value) Kind() Kind {
	if n := skipSpace(v); n < len(v) {
		return kindOf[v[n]]
	}
	return KindInvalid
}

// AppendFloat appends src to dst in the JSON number syntax of RFC 8259,
// section 6, and returns the extended slice. bits must be 32 or 64 and
// says whether src is to be printed as a float32 or as a float64;
// AppendFloat panics on any other value.
//
// The digits match ECMAScript's Number-to-String conversion (ECMA-262,
// 10th edition, section 7.1.12.1), which for 64 bits is also the form RFC
// 8785, section 3.2.2.3, requires; the one difference is that negative
// zero is written as -0 rather than 0. NaN and the infinities have no JSON
// number form: for them AppendFloat writes NaN, +Inf or -Inf, which is not
// valid JSON, so callers must treat those values separately.
//
// Most JSON software reads every number as a float64, so use 32 bits only
// when the reader is known, by some other means, to expect float32
// values.
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
