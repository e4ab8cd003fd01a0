package jsontext

import (
	"strings"

	"github.com/jetjson/jet/internal/jsonopts"
)

// Options configures NewEncoder, Encoder.Reset, NewDecoder, and
// Decoder.Reset with specific features. Each function takes in a variadic
// list of options, where properties set in later options override the
// value of previously set properties.
//
// There is a single Options type, which is used with both encoding and
// decoding. Some options affect both operations, while others only affect
// one operation:
//
//   - AllowDuplicateNames affects encoding and decoding
//   - AllowInvalidUTF8 affects encoding and decoding
//   - EscapeForHTML affects encoding only
//   - EscapeForJS affects encoding only
//   - PreserveRawStrings affects encoding only
//   - CanonicalizeRawInts affects encoding only
//   - CanonicalizeRawFloats affects encoding only
//   - ReorderRawObjects affects encoding only
//   - SpaceAfterColon affects encoding only
//   - SpaceAfterComma affects encoding only
//   - Multiline affects encoding only
//   - WithIndent affects encoding only
//   - WithIndentPrefix affects encoding only
//
// Options that do not affect a particular operation are ignored.
//
// The Options type is shared with jet's encoding/json/v2 package: its
// options may be passed to functionality in this package, but are
// ignored, and options from this package may be used there.
type Options = jsonopts.Options

func boolOption(flag jsonopts.Bools, v bool) Options {
	if v {
		return jsonopts.True(flag)
	}
	return flag
}

// AllowDuplicateNames specifies that JSON objects may contain duplicate
// member names. Disabling the duplicate name check may provide performance
// benefits, but breaks compliance with RFC 7493, section 2.3. The input or
// output will still be compliant with RFC 8259, which leaves the handling
// of duplicate names as unspecified behavior.
//
// This affects either encoding or decoding.
func AllowDuplicateNames(v bool) Options { return boolOption(jsonopts.AllowDuplicateNames, v) }

// AllowInvalidUTF8 specifies that JSON strings may contain invalid UTF-8,
// which will be mangled as the Unicode replacement character, U+FFFD. This
// causes the encoder or decoder to break compliance with RFC 7493, section
// 2.1, and RFC 8259, section 8.1.
//
// This affects either encoding or decoding.
func AllowInvalidUTF8(v bool) Options { return boolOption(jsonopts.AllowInvalidUTF8, v) }

// EscapeForHTML specifies that '<', '>', and '&' characters within JSON
// strings should be escaped as a hexadecimal Unicode codepoint (e.g.,
// \u003c) so that the output is safe to embed within HTML.
//
// This only affects encoding and is ignored when decoding.
func EscapeForHTML(v bool) Options { return boolOption(jsonopts.EscapeForHTML, v) }

// EscapeForJS specifies that U+2028 and U+2029 characters within JSON
// strings should be escaped as a hexadecimal Unicode codepoint (e.g.,
// \u2028) so that the output is valid to embed within JavaScript. See RFC
// 8259, section 12.
//
// This only affects encoding and is ignored when decoding.
func EscapeForJS(v bool) Options { return boolOption(jsonopts.EscapeForJS, v) }

// PreserveRawStrings specifies that when encoding a raw JSON string in a
// Token or Value, pre-escaped sequences in a JSON string are preserved to
// the output. However, raw strings still respect EscapeForHTML and
// EscapeForJS such that the relevant characters are escaped. If
// AllowInvalidUTF8 is enabled, bytes of invalid UTF-8 are preserved to the
// output.
//
// This only affects encoding and is ignored when decoding.
func PreserveRawStrings(v bool) Options { return boolOption(jsonopts.PreserveRawStrings, v) }

// CanonicalizeRawInts specifies that when encoding a raw JSON integer
// number (i.e., a number without a fraction and exponent) in a Token or
// Value, the number is canonicalized according to RFC 8785, section
// 3.2.2.3. As a special case, the number -0 is canonicalized as 0.
//
// JSON numbers are treated as IEEE 754 double precision numbers. Any
// numbers with precision beyond what is representable by that form will
// lose their precision when canonicalized. For example, integer values
// beyond ±2⁵³ will lose their precision. For example, 1234567890123456789
// is formatted as 1234567890123456800.
//
// This only affects encoding and is ignored when decoding.
func CanonicalizeRawInts(v bool) Options { return boolOption(jsonopts.CanonicalizeRawInts, v) }

// CanonicalizeRawFloats specifies that when encoding a raw JSON
// floating-point number (i.e., a number with a fraction or exponent) in a
// Token or Value, the number is canonicalized according to RFC 8785,
// section 3.2.2.3. As a special case, the number -0 is canonicalized as 0.
//
// JSON numbers are treated as IEEE 754 double precision numbers. It is
// safe to canonicalize a serialized single precision number and parse it
// back as a single precision number and expect the same value. If a
// number exceeds ±1.7976931348623157e+308, which is the maximum finite
// number, then it is saturated at that value and formatted as such.
//
// This only affects encoding and is ignored when decoding.
func CanonicalizeRawFloats(v bool) Options {
	return boolOption(jsonopts.CanonicalizeRawFloats, v)
}

// ReorderRawObjects specifies that when encoding a raw JSON object in a
// Value, the object members are reordered according to RFC 8785, section
// 3.2.3.
//
// This only affects encoding and is ignored when decoding.
func ReorderRawObjects(v bool) Options { return boolOption(jsonopts.ReorderRawObjects, v) }

// SpaceAfterColon specifies that the JSON output should emit a space
// character after each colon separator following a JSON object name. If
// false, then no space character appears after the colon separator.
//
// This only affects encoding and is ignored when decoding.
func SpaceAfterColon(v bool) Options { return boolOption(jsonopts.SpaceAfterColon, v) }

// SpaceAfterComma specifies that the JSON output should emit a space
// character after each comma separator following a JSON object value or
// array element. If false, then no space character appears after the
// comma separator.
//
// This only affects encoding and is ignored when decoding.
func SpaceAfterComma(v bool) Options { return boolOption(jsonopts.SpaceAfterComma, v) }

// Multiline specifies that the JSON output should expand to multiple
// lines, where every JSON object member or JSON array element appears on
// a new, indented line according to the nesting depth.
//
// If SpaceAfterColon is not specified, then the default is true. If
// SpaceAfterComma is not specified, then the default is false. If
// WithIndent is not specified, then the default is "\t".
//
// If set to false, then the output is a single line, where the only
// whitespace emitted is determined by the current values of
// SpaceAfterColon and SpaceAfterComma.
//
// This only affects encoding and is ignored when decoding.
func Multiline(v bool) Options { return boolOption(jsonopts.Multiline, v) }

// WithIndent specifies that the encoder should emit multiline output
// where each element in a JSON object or array begins on a new, indented
// line beginning with the indent prefix (see WithIndentPrefix) followed by
// one or more copies of indent according to the nesting depth. The indent
// must be composed of only space and tab characters.
//
// If the intent is to emit indented output without a preference for the
// particular indent string, then use Multiline instead.
//
// This only affects encoding and is ignored when decoding. Use of this
// option implies Multiline being set to true.
func WithIndent(indent string) Options {
	if s := strings.Trim(indent, " \t"); s != "" {
		panic("json: invalid character " + quoteRune([]byte(s)) + " in indent")
	}
	return jsonopts.IndentOption(indent)
}

// WithIndentPrefix specifies that the encoder should emit multiline output
// where each element in a JSON object or array begins on a new, indented
// line beginning with the indent prefix followed by one or more copies of
// indent (see WithIndent) according to the nesting depth. The prefix must
// be composed of only space and tab characters.
//
// This only affects encoding and is ignored when decoding. Use of this
// option implies Multiline being set to true.
func WithIndentPrefix(prefix string) Options {
	if s := strings.Trim(prefix, " \t"); s != "" {
		panic("json: invalid character " + quoteRune([]byte(s)) + " in indent prefix")
	}
	return jsonopts.IndentPrefixOption(prefix)
}
