// Package sonicerr holds sonic's shape of a syntax error, for the
// sonic-compatible API of jet's decoder and ast packages
// (decoder.SyntaxError is this package's SyntaxError; ast.SyntaxError is
// a type of its own with the same fields and methods, as in sonic).
//
// sonic's SyntaxError is a value, not a pointer: a program asserts
// err.(decoder.SyntaxError) and reads Pos, the index in Src of the byte
// the error is about; Src, the input; Code, what kind of error; and Msg,
// an optional message that Message prefers to the code's name. jet finds
// its syntax errors as *wire.SyntaxError (jet.SyntaxError) and turns
// them into this shape only where a sonic-compatible entry point returns
// them (FromWire).
package sonicerr

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/jetjson/jet/internal/jsonerr"
	"github.com/jetjson/jet/internal/wire"
)

// ParsingError is sonic's error code: what kind of syntax error, 0 for
// none. The numbers are sonic's.
type ParsingError uint

// The codes, with sonic's numbers. jet reports EOF, InvalidChar,
// InvalidEscape, InvalidUnicode, MaxDepth and InvalidUTF8; the others
// are named so that Message knows every code sonic names.
const (
	OK              ParsingError = 0
	EOF             ParsingError = 1
	InvalidChar     ParsingError = 2
	InvalidEscape   ParsingError = 3
	InvalidUnicode  ParsingError = 4
	IntegerOverflow ParsingError = 5
	InvalidNumber   ParsingError = 6
	MaxDepth        ParsingError = 7
	FloatInfinity   ParsingError = 8
	Mismatch        ParsingError = 9
	InvalidUTF8     ParsingError = 10
)

// codeNames are sonic's names of the codes, which Message returns.
var codeNames = map[ParsingError]string{
	OK:              "ok",
	EOF:             "eof",
	InvalidChar:     "invalid char",
	InvalidEscape:   "invalid escape char",
	InvalidUnicode:  "invalid unicode escape",
	IntegerOverflow: "integer overflow",
	InvalidNumber:   "invalid number format",
	MaxDepth:        "recursion exceeded max depth",
	FloatInfinity:   "float number is infinity",
	Mismatch:        "mismatched type with value",
	InvalidUTF8:     "invalid UTF8",
}

// Error returns "json: error when parsing input: " and the code's name,
// as sonic's does.
func (c ParsingError) Error() string { return "json: error when parsing input: " + c.Message() }

// Message returns the code's name in sonic's words ("eof", "invalid
// char", ...), or "unknown error N".
func (c ParsingError) Message() string {
	if s, ok := codeNames[c]; ok {
		return s
	}
	return "unknown error " + strconv.FormatUint(uint64(c), 10)
}

// SyntaxError is sonic's syntax error: a value whose Pos is the index in
// Src of the byte the error is about (len(Src) when the input ended too
// early), Src the input (for a stream, the text of the value being
// read), Code the kind of error and Msg a message that, when set, says
// more than the code. jet sets Msg to encoding/json's wording of the
// error (internal/wire's messages).
type SyntaxError struct {
	// Pos is the index in Src of the offending byte, or len(Src) for
	// input that ended too early.
	Pos int
	// Src is the input the error was found in.
	Src string
	// Code says what kind of error it is.
	Code ParsingError
	// Msg, when not empty, is the message Message returns instead of
	// the code's name.
	Msg string
}

// Error returns Description quoted as a Go string, on one line, as
// sonic's Error does.
func (e SyntaxError) Error() string { return strconv.Quote(e.Description()) }

// Message returns Msg, or the name of Code when Msg is empty.
func (e SyntaxError) Message() string {
	if e.Msg != "" {
		return e.Msg
	}
	return e.Code.Message()
}

// Description returns sonic's account of the error: "Syntax error at
// index N: " (N is Pos), the message, then up to 32 bytes of Src around
// Pos on a line of their own (chosen as sonic chooses them) and, under
// it, a line of dots with a caret under the byte at Pos. For input that
// ended too early, the caret is after the last byte, under the bytes
// before it (sonic shows all of Src with the caret at its start).
// Control characters and non-ASCII bytes are shown escaped, so that the
// caret stays under its byte (sonic shows them as they are).
func (e SyntaxError) Description() string {
	pos := min(max(e.Pos, 0), len(e.Src))
	// Where one side is cut short, the other shows more: all the
	// bytes missing on the left go to the right; those missing on the
	// right go to the left only if all of them fit there.
	lo, hi := pos-excerptRadius, pos+excerptRadius
	if lo < 0 {
		hi, lo = hi-lo, 0
	}
	if cut := hi - len(e.Src); cut > 0 {
		hi = len(e.Src)
		if lo > cut {
			lo -= cut
		}
	}
	var ex strings.Builder
	caret := -1
	for i := lo; i < hi; i++ {
		if i == pos {
			caret = ex.Len()
		}
		writeByte(&ex, e.Src[i])
	}
	after := 0
	if caret < 0 {
		caret = ex.Len()
	} else {
		after = ex.Len() - caret - 1
	}
	var b strings.Builder
	b.WriteString("Syntax error at index ")
	b.WriteString(strconv.Itoa(e.Pos))
	b.WriteString(": ")
	b.WriteString(e.Message())
	b.WriteString("\n\n\t")
	b.WriteString(ex.String())
	b.WriteString("\n\t")
	b.WriteString(strings.Repeat(".", caret))
	b.WriteString("^")
	b.WriteString(strings.Repeat(".", after))
	b.WriteString("\n")
	return b.String()
}

// excerptRadius is how many bytes on each side of Pos Description
// shows (more on one side where the other is cut short), as sonic does.
const excerptRadius = 16

// writeByte writes c as it reads, or escaped when it would not take
// exactly one column.
func writeByte(b *strings.Builder, c byte) {
	switch {
	case c == '\n':
		b.WriteString(`\n`)
	case c == '\r':
		b.WriteString(`\r`)
	case c == '\t':
		b.WriteString(`\t`)
	case c < 0x20 || c >= 0x7f:
		const hex = "0123456789abcdef"
		b.WriteString(`\x`)
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&0xf])
	default:
		b.WriteByte(c)
	}
}

// As lets errors.As find the error as jet's *wire.SyntaxError
// (jet.SyntaxError) or as encoding/json's *json.SyntaxError, placed in
// Src: their Offset is Pos+1 (Pos for input that ended too early), as
// encoding/json counts.
func (e SyntaxError) As(target any) bool {
	switch p := target.(type) {
	case **wire.SyntaxError:
		*p = e.wire()
		return true
	case **json.SyntaxError:
		w := e.wire()
		*p = jsonerr.Syntax(w.Msg, w.Offset)
		return true
	}
	return false
}

// wire returns jet's form of the error.
func (e SyntaxError) wire() *wire.SyntaxError {
	return wire.NewSyntaxError(e.Src, min(max(e.Pos, 0), len(e.Src)), e.Message())
}

// FromWire returns sonic's form of se, an error found in src whose
// first byte is at offset base of the input se counts its offsets in.
// Src is src itself (the caller copies it where it may change).
func FromWire(se *wire.SyntaxError, src string, base int64) SyntaxError {
	return SyntaxError{Pos: int(se.Pos() - base), Src: src, Code: CodeOf(se), Msg: se.Msg}
}

// CodeOf returns sonic's code for se: EOF for input that ended too
// early, MaxDepth for nesting past the limit, InvalidEscape for a wrong
// byte after a backslash, InvalidUnicode for a lone surrogate escape
// (OptionUseUnicodeErrors), InvalidUTF8 for invalid UTF-8 in a string
// (OptionValidateString), and InvalidChar for any other wrong byte.
func CodeOf(se *wire.SyntaxError) ParsingError {
	switch msg := se.Msg; {
	case se.IsEOF():
		return EOF
	case strings.HasSuffix(msg, wire.CtxMaxDepth):
		return MaxDepth
	case strings.HasSuffix(msg, wire.CtxInEscape):
		return InvalidEscape
	case strings.HasSuffix(msg, wire.CtxLoneSurrogate):
		return InvalidUnicode
	case msg == wire.MsgInvalidUTF8:
		return InvalidUTF8
	}
	return InvalidChar
}
