package wire

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// This is the table of jet's syntax error messages: how each violation of
// JSON's grammar is worded, in the two dialects jet speaks. Every reader
// of JSON text words its errors from here, so that a message is written
// once.
//
// encoding/json (v1) words an unexpected byte as
// "invalid character 'x' " + a context below; jsontext (encoding/json/v2)
// as "invalid character 'x' " + a place, or an invalid escape sequence or
// surrogate pair "in string".

// The contexts of encoding/json's messages.
const (
	CtxBeginValue   = "looking for beginning of value"
	CtxBeginKey     = "looking for beginning of object key string"
	CtxAfterKey     = "after object key"
	CtxAfterPair    = "after object key:value pair"
	CtxAfterElement = "after array element"
	CtxAfterTop     = "after top-level value"
	CtxInString     = "in string literal"
	CtxInEscape     = "in string escape code"
	CtxInHexEscape  = "in \\u hexadecimal character escape"
	CtxInNumber     = "in numeric literal"
	CtxAfterPoint   = "after decimal point in numeric literal"
	CtxInExponent   = "in exponent of numeric literal"
	CtxMaxDepth     = "exceeded max depth"

	// MsgUnexpectedEOF is the message for truncated input.
	MsgUnexpectedEOF = "unexpected end of JSON input"

	// MsgInvalidUTF8 is the message of the option that rejects invalid
	// UTF-8 in strings (encoding/json accepts it).
	MsgInvalidUTF8 = "invalid UTF-8 in string"

	// CtxLoneSurrogate ends the message of the option that rejects an
	// escaped half surrogate pair (sonic's UseUnicodeErrors), after
	// "invalid escape sequence" and the escape quoted.
	CtxLoneSurrogate = "in string: half of a surrogate pair without the other half"

	// MsgTokenComma and MsgTokenColon are encoding/json's Decoder.Token
	// messages for a missing delimiter before Decode.
	MsgTokenComma = "expected comma after array element"
	MsgTokenColon = "expected colon after object key"
)

// CtxInLiteral is the context (both dialects' wording) of a wrong byte at
// index i of the literal lit (null, true or false).
func CtxInLiteral(lit string, i int) string {
	return "in literal " + lit + " (expecting " + QuoteChar(lit[i]) + ")"
}

// MsgInvalidUTF8At is the message of the jet command's line readers for a
// string holding the byte c, which starts no valid UTF-8 sequence.
func MsgInvalidUTF8At(c byte) string {
	return MsgInvalidUTF8 + " literal (byte 0x" + strconv.FormatUint(uint64(c), 16) + ")"
}

// The places of jsontext's messages.
const (
	WhereStartValue    = "at start of value"
	WhereAfterName     = "after object name (expecting ':')"
	WhereAfterValue    = "after object value (expecting ',' or '}')"
	WhereAfterElement  = "after array element (expecting ',' or ']')"
	WhereAfterElement2 = "after array value (expecting ',' or ']')" // Encoder.WriteValue's wording
	WhereAfterTop      = "after top-level value"
	WhereStartString   = `at start of string (expecting '"')`
	WhereInString      = "in string (expecting non-control character)"
	WhereAfterString   = "after string value"
	WhereInNumber      = "in number (expecting digit)"
	WhereInEscape      = "in string"
)

// TruncatePointer shortens a JSON Pointer, for a message, longer than about n bytes by
// replacing its middle with an ellipsis, cutting at token boundaries where
// it can and never inside a UTF-8 sequence.
func TruncatePointer(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i, j := n/2, len(s)-n/2
	if k := strings.LastIndexByte(s[:i], '/'); k > 0 {
		i = k
	}
	if k := strings.IndexByte(s[j:], '/'); k >= 0 {
		j += k + 1
	}
	for i > 0 && isBadRune(utf8.DecodeLastRuneInString(s[:i])) {
		i--
	}
	for j < len(s) && isBadRune(utf8.DecodeRuneInString(s[j:])) {
		j++
	}
	mid := s[i:j]
	var m string
	switch strings.Count(mid, "/") {
	case 0:
		m = "…"
	case 1:
		m = "…/…"
	default:
		m = "…/…/…"
	}
	if m != "…" {
		if strings.HasPrefix(mid, "/") {
			m = strings.TrimPrefix(m, "…")
		}
		if strings.HasSuffix(mid, "/") {
			m = strings.TrimSuffix(m, "…")
		}
	}
	return s[:i] + m + s[j:]
}

// isBadRune reports whether utf8's decoding (r, n) met an invalid byte.
func isBadRune(r rune, n int) bool { return r == utf8.RuneError && n == 1 }
