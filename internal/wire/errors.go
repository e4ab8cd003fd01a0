package wire

import (
	"strconv"
	"strings"
)

// SyntaxError describes malformed JSON: where it is and what is wrong.
//
// Offset follows encoding/json's convention: it is the number of input
// bytes read when the error was found, so the offending byte is at
// Offset-1; for truncated input Offset equals the input length. The
// "offset" printed by Error and Description is the offending byte's
// 0-based index (Pos).
type SyntaxError struct {
	// Offset is the number of bytes read before the error was found.
	Offset int64
	// Msg says what is wrong, in encoding/json's wording
	// ("invalid character 'x' looking for beginning of value").
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

// Error returns the message with the offset and a short excerpt of the
// input around it.
func (e *SyntaxError) Error() string {
	var b strings.Builder
	b.WriteString("jet: syntax error at offset ")
	b.WriteString(strconv.FormatInt(e.Pos(), 10))
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

// Description returns a multi-line account of the error: the message, then
// the input around the offset on one line with a caret under the
// offending byte. Control characters and non-ASCII bytes are shown
// escaped so that the caret lines up.
func (e *SyntaxError) Description() string {
	p := int(e.Pos() - e.winStart)
	if p < 0 {
		p = 0
	}
	if p > len(e.window) {
		p = len(e.window)
	}
	var line strings.Builder
	caret := 0
	for i := 0; i < len(e.window); i++ {
		if i == p {
			caret = line.Len()
		}
		c := e.window[i]
		switch {
		case c == '\n':
			line.WriteString(`\n`)
		case c == '\r':
			line.WriteString(`\r`)
		case c == '\t':
			line.WriteString(`\t`)
		case c < 0x20 || c >= 0x7f:
			line.WriteString(`\x`)
			line.WriteByte(hexDigits[c>>4])
			line.WriteByte(hexDigits[c&0xf])
		default:
			line.WriteByte(c)
		}
	}
	if p == len(e.window) {
		caret = line.Len()
	}
	var b strings.Builder
	b.WriteString("syntax error at offset ")
	b.WriteString(strconv.FormatInt(e.Pos(), 10))
	b.WriteString(": ")
	b.WriteString(e.Msg)
	b.WriteString("\n\n\t")
	b.WriteString(line.String())
	b.WriteString("\n\t")
	b.WriteString(strings.Repeat(".", caret))
	b.WriteString("^\n")
	return b.String()
}

const hexDigits = "0123456789abcdef"

// InvalidChar formats encoding/json's message for an unexpected byte.
func InvalidChar(c byte, context string) string {
	return "invalid character " + QuoteChar(c) + " " + context
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
