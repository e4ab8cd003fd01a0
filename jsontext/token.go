package jsontext

import (
	"bytes"
	"errors"
	"math"
	"strconv"
)

const invalidTokenPanic = "invalid jsontext.Token; it has been voided by a subsequent json.Decoder call"

// Token represents a lexical JSON token, which may be one of the
// following:
//   - a JSON literal (i.e., null, true, or false)
//   - a JSON string (e.g., "hello, world!")
//   - a JSON number (e.g., 123.456)
//   - a begin or end delimiter for a JSON object (i.e., { or } )
//   - a begin or end delimiter for a JSON array (i.e., [ or ] )
//
// A Token cannot represent entire array or object values, while a Value
// can. There is no Token to represent commas and colons since these
// structural tokens can be inferred from the surrounding context.
//
// A Token stores data in one of two forms:
//
//   - As raw JSON text: backed by the internal buffer of the Decoder and
//     only ever produced by Decoder.ReadToken. Such a token is only valid
//     until the next call to any method on that Decoder (e.g.,
//     Decoder.PeekKind, Decoder.ReadToken, Decoder.ReadValue, or
//     Decoder.SkipValue). Call Token.Clone to copy the raw text into an
//     independent allocation that persists beyond subsequent Decoder
//     calls.
//
//   - As a typed Go value: a self-contained representation produced by
//     the constructor functions (e.g., String, Int, Uint, Float). Such
//     tokens are valid indefinitely and do not need to be cloned.
type Token struct {
	_ [0]func() // not comparable

	// A raw token is the text raw.prevBytes(), valid while
	// raw.prevOffset() == num. Literals and delimiters are always raw
	// (over a buffer of their own); so are strings and numbers read by a
	// Decoder, and the zero string and number.
	raw *decodeBuffer

	// An exact token is a string (str, num == 0) or a number: num holds
	// its bits and str says how to read them ("F" float32, "f" float64,
	// "i" int64, "u" uint64).
	str string
	num uint64
}

// The literal and delimiter tokens.
var (
	Null  Token = rawToken("null")
	False Token = rawToken("false")
	True  Token = rawToken("true")

	BeginObject Token = rawToken("{")
	EndObject   Token = rawToken("}")
	BeginArray  Token = rawToken("[")
	EndArray    Token = rawToken("]")

	zeroString Token = rawToken(`""`)
	zeroNumber Token = rawToken(`0`)

	nanString  Token = String("NaN")
	pinfString Token = String("Infinity")
	ninfString Token = String("-Infinity")
)

func rawToken(s string) Token {
	return Token{raw: &decodeBuffer{buf: []byte(s), prevEnd: len(s)}}
}

// Bool constructs a Token representing a JSON boolean.
func Bool(b bool) Token {
	if b {
		return True
	}
	return False
}

// String constructs a Token representing a JSON string. The provided
// string should contain valid UTF-8, otherwise invalid characters may be
// mangled as the Unicode replacement character.
func String(s string) Token {
	if s == "" {
		return zeroString
	}
	return Token{str: s}
}

// Float32 constructs a Token representing a JSON number as a 32-bit
// floating-point number formatted according to ECMA-262, 10th edition,
// section 7.1.12.1, with the exception that -0 is still formatted as -0.
// The values NaN, +Inf, and -Inf will be represented as a JSON string with
// the values "NaN", "Infinity", and "-Infinity".
//
// Note that most JSON libraries and standards assume that JSON numbers are
// 64-bit floating-point numbers. Use of 32-bit precision should only be
// used if the corresponding decoder knows that this JSON number token is
// expected to only have 32-bit precision. For all other situations,
// prefer using the Float constructor instead.
func Float32(n float32) Token {
	if n != 0 && !math.IsNaN(float64(n)) && !math.IsInf(float64(n), 0) {
		return Token{str: "F", num: uint64(math.Float32bits(n))}
	}
	return Float(float64(n))
}

// Float constructs a Token representing a JSON number as a 64-bit
// floating-point number formatted according to ECMA-262, 10th edition,
// section 7.1.12.1 and RFC 8785, section 3.2.2.3. with the exception that
// -0 is still formatted as -0. The values NaN, +Inf, and -Inf will be
// represented as a JSON string with the values "NaN", "Infinity", and
// "-Infinity".
func Float(n float64) Token {
	switch {
	case math.Float64bits(n) == 0:
		return zeroNumber
	case math.IsNaN(n):
		return nanString
	case math.IsInf(n, 1):
		return pinfString
	case math.IsInf(n, -1):
		return ninfString
	}
	return Token{str: "f", num: math.Float64bits(n)}
}

// Int constructs a Token representing a JSON number from an int64.
func Int(n int64) Token {
	if n == 0 {
		return zeroNumber
	}
	return Token{str: "i", num: uint64(n)}
}

// Uint constructs a Token representing a JSON number from a uint64.
func Uint(n uint64) Token {
	if n == 0 {
		return zeroNumber
	}
	return Token{str: "u", num: n}
}

// text returns the raw text of a raw token, panicking if the Decoder has
// moved on.
func (t Token) text() []byte {
	if t.raw.prevOffset() != int64(t.num) {
		panic(invalidTokenPanic)
	}
	return t.raw.prevBytes()
}

// tokenFlags settles the flags fl of the string q: whether a string
// flagged strMaybeEscaped holds an escape.
func tokenFlags(fl strFlags, q []byte) strFlags {
	if fl&strMaybeEscaped != 0 {
		fl &^= strMaybeEscaped
		if bytes.IndexByte(q, '\\') >= 0 {
			fl |= strNotVerbatim
		}
	}
	return fl
}

// Clone returns a copy of the token with a value that is not backed by the
// Decoder buffer and therefore remains valid past subsequent Decoder
// calls. It has no effect on tokens produced by constructor functions,
// since those are already self-contained.
func (t Token) Clone() Token {
	raw := t.raw
	if raw == nil {
		return t
	}
	if raw.prevStart == 0 && raw.base == 0 {
		switch raw {
		case Null.raw, False.raw, True.raw, BeginObject.raw, EndObject.raw, BeginArray.raw, EndArray.raw:
			return t
		}
	}
	b := bytes.Clone(t.text())
	return Token{raw: &decodeBuffer{buf: b, prevEnd: len(b), prevFlags: tokenFlags(raw.prevFlags, b)}}
}

// Bool returns the value for a JSON boolean. It panics if the token kind
// is not a JSON boolean.
func (t Token) Bool() bool {
	switch t.raw {
	case True.raw:
		return true
	case False.raw:
		return false
	}
	panic("invalid JSON token kind: " + t.Kind().String())
}

// String returns the unescaped string value for a JSON string. For other
// JSON kinds, this returns the raw JSON representation.
func (t Token) String() string {
	s, b := t.string()
	if len(b) > 0 {
		return string(b)
	}
	return s
}

func (t Token) string() (string, []byte) {
	if t.raw != nil {
		b := t.text()
		if b[0] == '"' {
			if tokenFlags(t.raw.prevFlags, b).verbatim() {
				return "", b[1 : len(b)-1]
			}
			return "", appendUnquotedValid(nil, b)
		}
		return "", b
	}
	if t.num == 0 {
		if t.str != "" {
			return t.str, nil
		}
		return "<invalid jsontext.Token>", nil
	}
	switch t.str[0] {
	case 'F':
		return string(AppendFloat(nil, float64(math.Float32frombits(uint32(t.num))), 32)), nil
	case 'f':
		return string(AppendFloat(nil, math.Float64frombits(t.num), 64)), nil
	case 'i':
		return strconv.FormatInt(int64(t.num), 10), nil
	}
	return strconv.FormatUint(t.num, 10), nil
}

// Kind returns the token kind.
func (t Token) Kind() Kind {
	switch {
	case t.raw != nil:
		return kindOf[t.text()[0]]
	case t.num != 0:
		return KindNumber
	case t.str != "":
		return KindString
	}
	return KindInvalid
}

// Float32 returns the floating-point value for a JSON number parsed
// according to 32 bits of precision.
//
// If the JSON number is outside the representable range of a float32, it
// returns +Inf or -Inf along with an error that matches strconv.ErrRange
// according to errors.Is.
//
// It returns a NaN, +Inf, or -Inf value for any JSON string with the
// values "NaN", "Infinity", or "-Infinity".
//
// It panics if the token kind is not a JSON number or a JSON string with
// the aforementioned values.
//
// Note that most JSON libraries and standards assume that JSON numbers are
// 64-bit floating-point numbers. This method should only be used if the
// caller knows from other context that this token is a JSON number
// formatted only to 32 bits of precision (such as being encoded using the
// Float32 constructor). For all other situations, prefer using the
// Token.Float accessor instead.
func (t Token) Float32() (float32, error) {
	f, err := t.float(32)
	return float32(f), err
}

// Float returns the floating-point value for a JSON number parsed
// according to 64 bits of precision.
//
// If the JSON number is outside the representable range of a float64, it
// returns +Inf or -Inf along with an error that matches strconv.ErrRange
// according to errors.Is.
//
// It returns a NaN, +Inf, or -Inf value for any JSON string with the
// values "NaN", "Infinity", or "-Infinity".
//
// It panics if the token kind is not a JSON number or a JSON string with
// the aforementioned values.
func (t Token) Float() (float64, error) {
	return t.float(64)
}

func (t Token) float(bits int) (float64, error) {
	if t.raw != nil {
		if b := t.text(); kindOf[b[0]] == '0' {
			f, err := strconv.ParseFloat(string(b), bits)
			if err != nil {
				err = &numError{accessor: "Float", value: t.String(), err: errors.Unwrap(err)}
			}
			return f, err
		}
	} else if t.num != 0 {
		switch t.str[0] {
		case 'F':
			return float64(math.Float32frombits(uint32(t.num))), nil
		case 'f':
			f := math.Float64frombits(t.num)
			if bits == 32 && !math.IsInf(f, 0) && math.IsInf(float64(float32(f)), 0) {
				return f, &numError{accessor: "Float", value: t.String(), err: strconv.ErrRange}
			}
			return f, nil
		case 'i':
			return float64(int64(t.num)), nil
		case 'u':
			return float64(t.num), nil
		}
	}
	if t.Kind() == '"' {
		switch t.String() {
		case "NaN":
			return math.NaN(), nil
		case "Infinity":
			return math.Inf(1), nil
		case "-Infinity":
			return math.Inf(-1), nil
		}
	}
	panic("invalid JSON token kind: " + t.Kind().String())
}

// Int returns the signed integer value for a JSON number.
//
// It reports an error that matches strconv.ErrSyntax according to
// errors.Is if the JSON number does not match the restricted grammar of
// just a signed integer. It reports an error that matches
// strconv.ErrRange according to errors.Is if the JSON number is a signed
// integer, but outside the range of an int64. Even if an error is
// reported, a reasonable value is still returned. The fractional
// component of any number is ignored (truncation toward zero). Any number
// beyond the representation of an int64 will be saturated to the closest
// representable value.
//
// It panics if the token kind is not a JSON number.
func (t Token) Int() (int64, error) {
	if t.raw != nil {
		b := t.text()
		neg := len(b) > 0 && b[0] == '-'
		digits := b
		if neg {
			digits = b[1:]
		}
		abs, ok := parseUint(digits)
		switch {
		case neg && abs > 1<<63:
			return math.MinInt64, &numError{"Int", t.String(), strconv.ErrRange}
		case !neg && abs > math.MaxInt64:
			return math.MaxInt64, &numError{"Int", t.String(), strconv.ErrRange}
		case ok && neg:
			return -int64(abs), nil
		case ok:
			return int64(abs), nil
		}
		if kindOf[b[0]] == '0' {
			f, _ := strconv.ParseFloat(string(b), 64)
			return floatToInt(f), &numError{"Int", t.String(), strconv.ErrSyntax}
		}
	} else if t.num != 0 {
		switch t.str[0] {
		case 'i':
			return int64(t.num), nil
		case 'u':
			if t.num > math.MaxInt64 {
				return math.MaxInt64, &numError{"Int", t.String(), strconv.ErrRange}
			}
			return int64(t.num), nil
		case 'f', 'F':
			f := t.exactFloat()
			i := floatToInt(f)
			switch {
			case math.IsNaN(f), math.Trunc(f) != f:
				return i, &numError{"Int", t.String(), strconv.ErrSyntax}
			case i == math.MinInt64 && f < math.MinInt64, i == math.MaxInt64 && f > math.MaxInt64:
				return i, &numError{"Int", t.String(), strconv.ErrRange}
			}
			return i, nil
		}
	}
	panic("invalid JSON token kind: " + t.Kind().String())
}

// Uint returns the unsigned integer value for a JSON number.
//
// It reports an error that matches strconv.ErrSyntax if the JSON number
// does not match the restricted grammar of just an unsigned integer. It
// reports an error that matches strconv.ErrRange if the JSON number is an
// unsigned integer, but outside the representable range of a uint64. Even
// if an error is reported, a reasonable value is still returned. The
// fractional component of any number is ignored (truncation toward zero).
// Any number beyond the representation of a uint64 will be saturated to
// the closest representable value.
//
// It panics if the token kind is not a JSON number.
func (t Token) Uint() (uint64, error) {
	if t.raw != nil {
		b := t.text()
		switch abs, ok := parseUint(b); {
		case ok:
			return abs, nil
		case abs == math.MaxUint64:
			return math.MaxUint64, &numError{"Uint", t.String(), strconv.ErrRange}
		}
		if kindOf[b[0]] == '0' {
			f, _ := strconv.ParseFloat(string(b), 64)
			return floatToUint(f), &numError{"Uint", t.String(), strconv.ErrSyntax}
		}
	} else if t.num != 0 {
		switch t.str[0] {
		case 'u':
			return t.num, nil
		case 'i':
			if int64(t.num) < 0 {
				return 0, &numError{"Uint", t.String(), strconv.ErrSyntax}
			}
			return t.num, nil
		case 'f', 'F':
			f := t.exactFloat()
			u := floatToUint(f)
			switch {
			case math.IsNaN(f), math.Trunc(f) != f, math.Signbit(f):
				return u, &numError{"Uint", t.String(), strconv.ErrSyntax}
			case u == math.MaxUint64 && f > math.MaxUint64:
				return u, &numError{"Uint", t.String(), strconv.ErrRange}
			}
			return u, nil
		}
	}
	panic("invalid JSON token kind: " + t.Kind().String())
}

func (t Token) exactFloat() float64 {
	if t.str[0] == 'F' {
		return float64(math.Float32frombits(uint32(t.num)))
	}
	return math.Float64frombits(t.num)
}

// parseUint parses b as an unsigned decimal integer in JSON's grammar (no
// sign, no leading zero). On overflow it returns (math.MaxUint64, false).
func parseUint(b []byte) (uint64, bool) {
	var v uint64
	n := 0
	for ; n < len(b) && '0' <= b[n] && b[n] <= '9'; n++ {
		v = 10*v + uint64(b[n]-'0')
	}
	switch {
	case n == 0 || n != len(b) || b[0] == '0' && len(b) > 1:
		return 0, false
	case n > 20 || n == 20 && (b[0] != '1' || v < 1e19):
		return math.MaxUint64, false
	}
	return v, true
}

func floatToInt(f float64) int64 {
	switch {
	case math.IsNaN(f):
		return 0
	case f >= math.MaxInt64:
		return math.MaxInt64
	case f < math.MinInt64:
		return math.MinInt64
	}
	return int64(f)
}

func floatToUint(f float64) uint64 {
	switch {
	case math.IsNaN(f), f < 0:
		return 0
	case f >= math.MaxUint64:
		return math.MaxUint64
	}
	return uint64(f)
}
