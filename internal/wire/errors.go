package wire

import (
	"strconv"
	"strings"
)

// SyntaxError describes malformed JSON: where it is and what is wrong.
//
// Offset follows encoding/json's convention: it is the number of input
// bytes read when the error was found, so the offending byte is at
// Offset-1; for truncated input Offset equals the input length. Error
// and Description print Offset; Pos is the offending byte's index.
type SyntaxError struct {
	// Offset is the number of bytes read before the error was found.
	Offset int64
	// Msg says what is wrong, in encoding/json's wording
	// (the table in messages.go).
	Msg string

	// window is a copy of the input around the error; winStart is the
	// offset of window[0] in the input. Only a window is kept so that an
	// error does not pin a large input in memory.
	window   string
	winStart int64
	eof      bool
	// atByte marks an Offset that is the offending byte's own index
	// (encoding/json's Decoder.Token errors) rather than one past it.
	atByte bool
}

const windowRadius = 32

// NewSyntaxError builds a SyntaxError for src, where pos is the index of
// the offending byte (len(src) for truncated input).
func NewSyntaxError(src string, pos int, msg string) *SyntaxError {
	if pos > len(src) {
		pos = len(src)
	}
	lo := pos - windowRadius
	if lo < 0 {
		lo = 0
	}
	hi := pos + windowRadius
	if hi > len(src) {
		hi = len(src)
	}
	off := int64(pos) + 1
	eof := pos >= len(src)
	if eof {
		off = int64(len(src))
	}
	return &SyntaxError{
		Offset:   off,
		Msg:      msg,
		window:   strings.Clone(src[lo:hi]),
		winStart: int64(lo),
		eof:      eof,
	}
}

// IsEOF reports whether the error is about input that ended too early, as
// opposed to input that holds a wrong byte.
func (e *SyntaxError) IsEOF() bool { return e.eof }

// Pos returns the index of the offending byte in the input (the input's
// length when the input ended too early).
func (e *SyntaxError) Pos() int64 {
	if e.eof || e.atByte {
		return e.Offset
	}
	return e.Offset - 1
}

// AtByte returns a copy of the error whose Offset is the offending byte's
// index, as encoding/json's Decoder reports errors found by Token (and by
// Decode between tokens): its InputOffset at that byte.
func (e *SyntaxError) AtByte() *SyntaxError {
	c := *e
	if !c.eof && !c.atByte {
		c.Offset--
		c.atByte = true
	}
	return &c
}

// Shift returns a copy of the error with its offsets moved by delta bytes,
// for errors found in a slice of a larger input.
func (e *SyntaxError) Shift(delta int64) *SyntaxError {
	c := *e
	c.Offset += delta
	c.winStart += delta
	return &c
}

// Error returns "jet: syntax error at offset N: " (N is Offset), the
// message, and a short excerpt of the input around the offending byte.
func (e *SyntaxError) Error() string {
	var b strings.Builder
	b.WriteString("jet: syntax error at offset ")
	b.WriteString(strconv.FormatInt(e.Offset, 10))
	b.WriteString(": ")
	b.WriteString(e.Msg)
	if ex := e.excerpt(12); ex != "" {
		b.WriteString(", near ")
		b.WriteString(strconv.Quote(ex))
	}
	return b.String()
}

// excerpt returns up to radius bytes of input on each side of the error.
func (e *SyntaxError) excerpt(radius int) string {
	p := int(e.Pos() - e.winStart)
	if p < 0 || p > len(e.window) {
		return ""
	}
	lo, hi := p-radius, p+radius
	if lo < 0 {
		lo = 0
	}
	if hi > len(e.window) {
		hi = len(e.window)
	}
	return e.window[lo:hi]
}

// Description returns a multi-line account of the error: "syntax error
// at offset N: " (N is Offset) and the message, then the input around
// the offending byte on one line with a caret under it. Control
// characters and non-ASCII bytes are shown escaped so that the caret
// lines up.
func (e *SyntaxError) Description() string {
	return Describe("syntax error", e.Msg, e.Offset, e.window, e.winStart, e.Pos(), 0, 0)
}

// WindowRadius is how many bytes of input on each side of an error's
// place an error keeps, to describe it.
const WindowRadius = windowRadius

// Describe renders an error for a description: "kind at offset off",
// then ", line L, column C" if line > 0, then ": " and msg; then the
// text around the index pos on one line, with a caret under the byte at
// pos. text is the input or a window of it that starts at the input's
// index textStart. With a line, the excerpt stays within pos's line.
func Describe(kind, msg string, off int64, text string, textStart, pos int64, line, col int) string {
	p := int(pos - textStart)
	if p < 0 {
		p = 0
	}
	if p > len(text) {
		p = len(text)
	}
	lo, hi := p-windowRadius, p+windowRadius
	if lo < 0 {
		lo = 0
	}
	if hi > len(text) {
		hi = len(text)
	}
	if line > 0 {
		if k := strings.LastIndexByte(text[lo:p], '\n'); k >= 0 {
			lo += k + 1
		}
		if k := strings.IndexByte(text[p:hi], '\n'); k >= 0 {
			hi = p + k
		}
	}
	var ex strings.Builder
	caret := 0
	for i := lo; i < hi; i++ {
		if i == p {
			caret = ex.Len()
		}
		c := text[i]
		switch {
		case c == '\n':
			ex.WriteString(`\n`)
		case c == '\r':
			ex.WriteString(`\r`)
		case c == '\t':
			ex.WriteString(`\t`)
		case c < 0x20 || c >= 0x7f:
			ex.WriteString(`\x`)
			ex.WriteByte(hexDigits[c>>4])
			ex.WriteByte(hexDigits[c&0xf])
		default:
			ex.WriteByte(c)
		}
	}
	if p >= hi {
		caret = ex.Len()
	}
	var b strings.Builder
	b.WriteString(kind)
	b.WriteString(" at offset ")
	b.WriteString(strconv.FormatInt(off, 10))
	if line > 0 {
		b.WriteString(", line ")
		b.WriteString(strconv.Itoa(line))
		b.WriteString(", column ")
		b.WriteString(strconv.Itoa(col))
	}
	b.WriteString(": ")
	b.WriteString(msg)
	b.WriteString("\n\n\t")
	b.WriteString(ex.String())
	b.WriteString("\n\t")
	b.WriteString(strings.Repeat(".", caret))
	b.WriteString("^\n")
	return b.String()
}

// LineColumn returns the line and the column, both counted from 1, of
// the byte at index pos in s (of the end of s when pos is len(s)). Lines
// end with '\n'; columns count bytes.
func LineColumn(s string, pos int) (line, col int) {
	if pos > len(s) {
		pos = len(s)
	}
	line = 1 + strings.Count(s[:pos], "\n")
	return line, pos - strings.LastIndexByte(s[:pos], '\n')
}

const hexDigits = "0123456789abcdef"

// MsgInvalidCharPrefix begins encoding/json's message for an unexpected
// byte (see InvalidChar).
const MsgInvalidCharPrefix = "invalid character "

// InvalidChar formats encoding/json's message for an unexpected byte c,
// in the context given (none when it is empty).
func InvalidChar(c byte, context string) string {
	if context == "" {
		return MsgInvalidCharPrefix + QuoteChar(c)
	}
	return MsgInvalidCharPrefix + QuoteChar(c) + " " + context
}

// QuoteChar formats c the way encoding/json's error messages do.
func QuoteChar(c byte) string {
	if c == '\'' {
		return `'\''`
	}
	if c == '"' {
		return `'"'`
	}
	// Like encoding/json, a byte above 0x7f is shown as the code point
	// of the same number.
	s := strconv.Quote(string(rune(c)))
	return "'" + s[1:len(s)-1] + "'"
}
