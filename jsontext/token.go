package jsontext

import (
	"bytes"
	"errors"
	"math"
	"strconv"
	"unsafe"
)

const invalidTokenPanic = "invalid jsontext.Token; it has been voided by a subsequent json.Decoder call"

// Token is one lexical element of JSON text. It is either a literal (null,
// true or false), a string such as "caf\u00e9", a number such as -2.5e3,
// or one of the four delimiters that open and close objects and arrays:
// {, }, [ and ].
//
// A Token never holds a whole object or array; use a Value for that. The
// colons and commas between items have no Token of their own, as their
// place always follows from the tokens around them.
//
// A Token holds its content in one of two ways:
//
//   - Tokens returned by Decoder.ReadToken point at the raw JSON text in
//     the Decoder's buffer, which the Decoder may reuse as soon as any of
//     its methods is called again, even PeekKind. From then on such a
//     token must not be used, and its methods may panic. Token.Clone
//     makes a copy that no longer depends on the Decoder.
//
//   - Tokens made by the constructors in this package (String, Int, Uint,
//     Float and the others) hold a Go value of their own. They never
//     expire and never need cloning.
type Token struct {
	_ [0]func() // not comparable

	// A raw token is the text raw.prevBytes(), valid while
	// raw.prevOffset() == num. Literals and delimiters are always raw
	// (over a buffer of their own); so are strings and numbers read by a
	// Decoder, and the zero string and number.
	raw *decodeBuffer

	// An exact token is a string (str, num == 0) or a number: num holds
	// its bits and str says how to read them ("F" float32, "f" float64,
	// "i" int64, "u" uint64). A cloned token is the text of a raw one in
	// str (its first byte is below 'A', which tells it from a number),
	// with textMark and the string's flags in num.
	str string
	num uint64
}

// textMark marks the num of a cloned token (see Token).
const textMark = 1 << 8

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

// Bool returns True or False according to b.
func Bool(b bool) Token {
	if b {
		return True
	}
	return False
}

// String returns a Token for the JSON string whose content is s. s should
// be valid UTF-8: an Encoder rejects invalid bytes, or, under
// AllowInvalidUTF8, writes U+FFFD (the Unicode replacement character) in
// their place.
func String(s string) Token {
	if s == "" {
		return zeroString
	}
	return Token{str: s}
}

// Float32 returns a Token for the JSON number n, printed with float32
// precision in the style of ECMAScript's Number-to-String conversion
// (ECMA-262, 10th edition, section 7.1.12.1), except that negative zero
// stays -0. Since JSON has no number for them, NaN, +Inf and -Inf become
// the JSON strings "NaN", "Infinity" and "-Infinity".
//
// Most JSON readers, and most specifications, treat every number as a
// float64. Use Float32 only when whoever decodes the token is known to
// expect float32 precision; otherwise use Float.
func Float32(n float32) Token {
	if n != 0 && !math.IsNaN(float64(n)) && !math.IsInf(float64(n), 0) {
		return Token{str: "F", num: uint64(math.Float32bits(n))}
	}
	return Float(float64(n))
}

// Float returns a Token for the JSON number n, printed with float64
// precision in the style of ECMAScript's Number-to-String conversion
// (ECMA-262, 10th edition, section 7.1.12.1), which is also the form RFC
// 8785, section 3.2.2.3, requires, except that negative zero stays -0.
// Since JSON has no number for them, NaN, +Inf and -Inf become the JSON
// strings "NaN", "Infinity" and "-Infinity".
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

// Int returns a Token for the JSON number with the integer value n.
func Int(n int64) Token {
	if n == 0 {
		return zeroNumber
	}
	return Token{str: "i", num: uint64(n)}
}

// Uint returns a Token for the JSON number with the unsigned integer value
// n.
func Uint(n uint64) Token {
	if n == 0 {
		return zeroNumber
	}
	return Token{str: "u", num: n}
}

// isText reports whether t is held as JSON text: a raw token or a clone
// of one.
func (t Token) isText() bool { return t.raw != nil || t.isClone() }

// isClone reports whether t is a clone of a raw token: its text in str,
// whose first byte (a quote, a minus or a digit) is below the letters an
// exact number's str holds.
func (t Token) isClone() bool {
	return t.raw == nil && t.num&textMark != 0 && t.str != "" && t.str[0] < 'A'
}

// text returns the JSON text of a token that isText, panicking if the
// Decoder has moved on. The bytes of a clone are its string's: they are
// only read.
func (t Token) text() []byte {
	if t.raw == nil {
		return unsafe.Slice(unsafe.StringData(t.str), len(t.str))
	}
	if t.raw.prevOffset() != int64(t.num) {
		panic(invalidTokenPanic)
	}
	return t.raw.prevBytes()
}

// textFlags returns the string flags of a token that isText.
func (t Token) textFlags() strFlags {
	if t.raw == nil {
		return strFlags(t.num)
	}
	return t.raw.prevFlags
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

// Clone returns a Token with the same content as t that does not refer to
// a Decoder's buffer, so it stays usable after later calls on that
// Decoder. A Token made by a constructor is returned as it is, since it
// never refers to such a buffer.
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
	b := t.text()
	return Token{str: string(b), num: textMark | uint64(tokenFlags(raw.prevFlags, b))}
}

// Bool returns the value of a JSON true or false token, and panics for a
// token of any other kind.
func (t Token) Bool() bool {
	switch t.raw {
	case True.raw:
		return true
	case False.raw:
		return false
	}
	panic("invalid JSON token kind: " + t.Kind().String())
}

// String returns the content of a JSON string token, with its escape
// sequences decoded. For a token of any other kind it returns the token's
// JSON text.
func (t Token) String() string {
	s, b := t.string()
	if len(b) > 0 {
		return string(b)
	}
	return s
}

func (t Token) string() (string, []byte) {
	if t.isText() {
		b := t.text()
		if b[0] == '"' {
			if tokenFlags(t.textFlags(), b).verbatim() {
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

// Kind returns the kind of t.
func (t Token) Kind() Kind {
	switch {
	case t.isText():
		return kindOf[t.text()[0]]
	case t.num != 0:
		return KindNumber
	case t.str != "":
		return KindString
	}
	return KindInvalid
}

// Float32 returns the value of a JSON number token, parsed with float32
// precision.
//
// A number too large in magnitude for a float32 yields +Inf or -Inf,
// together with an error for which errors.Is(err, strconv.ErrRange) is
// true.
//
// The JSON strings "NaN", "Infinity" and "-Infinity" are also accepted and
// yield NaN, +Inf and -Inf.
//
// Float32 panics if t is neither a number nor one of those three strings.
//
// Most JSON readers, and most specifications, treat every number as a
// float64. Call Float32 only when the number is known, from elsewhere, to
// have been written with float32 precision (as the Float32 constructor
// does); otherwise call Token.Float.
func (t Token) Float32() (float32, error) {
	f, err := t.float(32)
	return float32(f), err
}

// Float returns the value of a JSON number token, parsed with float64
// precision.
//
// A number too large in magnitude for a float64 yields +Inf or -Inf,
// together with an error for which errors.Is(err, strconv.ErrRange) is
// true.
//
// The JSON strings "NaN", "Infinity" and "-Infinity" are also accepted and
// yield NaN, +Inf and -Inf.
//
// Float panics if t is neither a number nor one of those three strings.
func (t Token) Float() (float64, error) {
	return t.float(64)
}

func (t Token) float(bits int) (float64, error) {
	if t.isText() {
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

// Int returns the value of a JSON number token as an int64.
//
// The error satisfies errors.Is(err, strconv.ErrSyntax) when the number is
// not written as a plain integer (it has a fraction or an exponent), and
// errors.Is(err, strconv.ErrRange) when it is a plain integer that does
// not fit in an int64. An approximate value is returned even with an
// error: any fraction is dropped, rounding toward zero, and values outside
// the int64 range are clamped to math.MinInt64 or math.MaxInt64.
//
// Int panics if t is not a JSON number.
func (t Token) Int() (int64, error) {
	if t.isText() {
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

// Uint returns the value of a JSON number token as a uint64.
//
// The error satisfies errors.Is(err, strconv.ErrSyntax) when the number is
// not written as a plain non-negative integer (it has a sign, a fraction
// or an exponent), and errors.Is(err, strconv.ErrRange) when it is such an
// integer but exceeds math.MaxUint64. An approximate value is returned
// even with an error: any fraction is dropped, rounding toward zero, and
// values outside the uint64 range are clamped to 0 or math.MaxUint64.
//
// Uint panics if t is not a JSON number.
func (t Token) Uint() (uint64, error) {
	if t.isText() {
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
