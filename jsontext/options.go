package jsontext

import (
	"strings"

	"github.com/jetjson/jet/internal/jsonopts"
)

// Options holds settings for NewEncoder, NewDecoder, Encoder.Reset and
// Decoder.Reset. Those functions accept any number of options; when two
// options set the same property, the one given last wins.
//
// Encoders and decoders take the same Options type. Two of the options
// matter to both directions: AllowDuplicateNames and AllowInvalidUTF8.
// The others concern only the output an Encoder produces, so a Decoder
// disregards them: EscapeForHTML, EscapeForJS, PreserveRawStrings,
// CanonicalizeRawInts, CanonicalizeRawFloats, ReorderRawObjects,
// SpaceAfterColon, SpaceAfterComma, Multiline, WithIndent and
// WithIndentPrefix. An option that has no bearing on an operation is
// silently skipped rather than rejected.
//
// jet's encoding/json/v2 package uses this same type. Its options may be
// handed to the functions here, which ignore them, and the options
// declared here may be handed to that package.
type Options = jsonopts.Options

func boolOption(flag jsonopts.Bools, v bool) Options {
	if v {
		return jsonopts.True(flag)
	}
	return flag
}

// AllowDuplicateNames, when true, lets a JSON object hold the same member
// name more than once. Skipping the check for repeated names can be
// faster, but the data then no longer conforms to RFC 7493, section 2.3;
// it does still conform to RFC 8259, which does not say what repeated
// names mean.
//
// Both encoders and decoders honor it.
func AllowDuplicateNames(v bool) Options { return boolOption(jsonopts.AllowDuplicateNames, v) }

// AllowInvalidUTF8, when true, accepts JSON strings that are not valid
// UTF-8; each bad byte sequence is replaced by U+FFFD, the Unicode
// replacement character. Data handled this way violates RFC 7493,
// section 2.1, and RFC 8259, section 8.1.
//
// Both encoders and decoders honor it.
func AllowInvalidUTF8(v bool) Options { return boolOption(jsonopts.AllowInvalidUTF8, v) }

// EscapeForHTML, when true, writes the characters '<', '>' and '&' inside
// JSON strings as \u escapes (for instance \u003c), so the output can be
// placed inside an HTML document safely.
//
// Encoders honor it; decoders ignore it.
func EscapeForHTML(v bool) Options { return boolOption(jsonopts.EscapeForHTML, v) }

// EscapeForJS, when true, writes U+2028 (line separator) and U+2029
// (paragraph separator) inside JSON strings as \u escapes (for instance
// \u2028), so the output is also valid JavaScript source; RFC 8259,
// section 12, explains why that matters.
//
// Encoders honor it; decoders ignore it.
func EscapeForJS(v bool) Options { return boolOption(jsonopts.EscapeForJS, v) }

// PreserveRawStrings, when true, keeps the escape sequences of a raw JSON
// string (one supplied as text in a Token or Value) exactly as written
// instead of re-encoding the string. EscapeForHTML and EscapeForJS still
// apply, so the characters they name are escaped even then, and when
// AllowInvalidUTF8 is also set, invalid UTF-8 bytes are copied unchanged.
//
// Encoders honor it; decoders ignore it.
func PreserveRawStrings(v bool) Options { return boolOption(jsonopts.PreserveRawStrings, v) }

// CanonicalizeRawInts, when true, makes the Encoder reformat integers
// (numbers with neither a fraction part nor an exponent) that it is given
// as raw text in a Token or Value, writing each the way RFC 8785, section
// 3.2.2.3, specifies; -0 is written as 0.
//
// The number is handled as an IEEE 754 float64, so digits that a float64
// cannot hold are lost: integers larger in magnitude than 2⁵³ may change,
// and 1234567890123456789, for one, is written as 1234567890123456800.
//
// Encoders honor it; decoders ignore it.
func CanonicalizeRawInts(v bool) Options { return boolOption(jsonopts.CanonicalizeRawInts, v) }

// CanonicalizeRawFloats, when true, makes the Encoder reformat
// floating-point numbers (those with a fraction part, an exponent or
// both) that it is given as raw text in a Token or Value, writing each
// the way RFC 8785, section 3.2.2.3, specifies; -0 is written as 0.
//
// The number is handled as an IEEE 754 float64. A value that was produced
// from a float32 still reads back as the same float32 after this
// rewriting. Magnitudes above the largest finite float64,
// 1.7976931348623157e+308, are clamped to it.
//
// Encoders honor it; decoders ignore it.
func CanonicalizeRawFloats(v bool) Options {
	return boolOption(jsonopts.CanonicalizeRawFloats, v)
}

// ReorderRawObjects, when true, sorts the members of each raw JSON object
// supplied in a Value into the order that RFC 8785, section 3.2.3,
// prescribes.
//
// Encoders honor it; decoders ignore it.
func ReorderRawObjects(v bool) Options { return boolOption(jsonopts.ReorderRawObjects, v) }

// SpaceAfterColon controls whether a space is written after the colon
// that separates an object member's name from its value; when false, the
// value follows the colon directly.
//
// Encoders honor it; decoders ignore it.
func SpaceAfterColon(v bool) Options { return boolOption(jsonopts.SpaceAfterColon, v) }

// SpaceAfterComma controls whether a space is written after the comma that
// follows an object member or an array element; when false, nothing is
// written between the comma and the next item.
//
// Encoders honor it; decoders ignore it.
func SpaceAfterComma(v bool) Options { return boolOption(jsonopts.SpaceAfterComma, v) }

// Multiline, when true, spreads the output over several lines: every
// object member and every array element starts a line of its own,
// indented to match how deeply it is nested.
//
// In multiline output, SpaceAfterColon defaults to true, SpaceAfterComma
// defaults to false, and the indent defaults to a single tab unless
// WithIndent says otherwise.
//
// When false, everything is written on one line, and the only whitespace
// is whatever SpaceAfterColon and SpaceAfterComma currently ask for.
//
// Encoders honor it; decoders ignore it.
func Multiline(v bool) Options { return boolOption(jsonopts.Multiline, v) }

// WithIndent selects multiline output and sets the string used for one
// level of indentation: each object member or array element starts a new
// line with the prefix (see WithIndentPrefix) and then indent repeated
// once per level of nesting. indent may contain only spaces and tabs;
// WithIndent panics on any other character.
//
// To get indented output without choosing the indent string, use
// Multiline instead.
//
// Encoders honor it; decoders ignore it. Setting it also sets Multiline
// to true.
func WithIndent(indent string) Options {
	if s := strings.Trim(indent, " \t"); s != "" {
		panic("json: invalid character " + quoteRune([]byte(s)) + " in indent")
	}
	return jsonopts.IndentOption(indent)
}

// WithIndentPrefix selects multiline output and sets the string written
// at the start of every new line, before the indentation (see
// WithIndent) that reflects the nesting depth. prefix may contain only
// spaces and tabs; WithIndentPrefix panics on any other character.
//
// Encoders honor it; decoders ignore it. Setting it also sets Multiline
// to true.
func WithIndentPrefix(prefix string) Options {
	if s := strings.Trim(prefix, " \t"); s != "" {
		panic("json: invalid character " + quoteRune([]byte(s)) + " in indent prefix")
	}
	return jsonopts.IndentPrefixOption(prefix)
}
