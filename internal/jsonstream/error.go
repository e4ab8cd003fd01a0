package jsonstream

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/jetjson/jet/internal/wire"
)

// Error is malformed JSON text: where it is (byte offset, line, column),
// what is wrong, and the text of the line around it.
type Error struct {
	// Offset is the 0-based index of the offending byte in the input, or
	// the input's length when the input ended too early.
	Offset int64
	// Line and Column are 1-based; Column counts bytes from the start of
	// the line, as Go's own tools do.
	Line, Column int64
	// Msg says what is wrong, in encoding/json's words.
	Msg string
	// Text is the line holding the offending byte, or a window of it
	// when the line is long; TextCol is the offending byte's index in
	// Text (len(Text) when it is past the end of the line).
	Text    string
	TextCol int
	// CutBefore and CutAfter say whether Text starts after the start of
	// the line and ends before its end.
	CutBefore, CutAfter bool
	// Syntax is the same error with encoding/json's SyntaxError offset.
	Syntax *wire.SyntaxError
}

// How much of a line an error shows before and after the offending byte.
const (
	ctxBefore = 40
	ctxAfter  = 40
)

// Error returns "line L, column C (byte N): message".
func (e *Error) Error() string {
	return "line " + strconv.FormatInt(e.Line, 10) + ", column " + strconv.FormatInt(e.Column, 10) +
		" (byte " + strconv.FormatInt(e.Offset, 10) + "): " + e.Msg
}

// Snippet returns two lines: the text around the error, with control
// characters and invalid UTF-8 shown as visible symbols, and a caret
// under the offending byte. Tabs are kept in both lines so that the
// caret lines up in a terminal.
func (e *Error) Snippet() string {
	var text, pad strings.Builder
	if e.CutBefore {
		text.WriteString("...")
		pad.WriteString("   ")
	}
	t := e.Text
	for k := 0; k < len(t); {
		r, n := utf8.DecodeRuneInString(t[k:])
		var shown string
		switch {
		case r == '\t':
			shown = "\t"
		case r < 0x20:
			shown = string(rune(0x2400 + r)) // the Control Pictures block
		case r == 0x7f:
			shown = "\u2421"
		case r == utf8.RuneError && n == 1:
			shown = "\uFFFD"
		default:
			shown = t[k : k+n]
		}
		text.WriteString(shown)
		if k < e.TextCol {
			if r == '\t' {
				pad.WriteByte('\t')
			} else {
				pad.WriteByte(' ')
			}
		}
		k += n
	}
	if e.CutAfter {
		text.WriteString("...")
	}
	return text.String() + "\n" + pad.String() + "^\n"
}

// Locate describes se, an error found in src (its offsets counted from
// the start of src), with line, column and the text around it.
func Locate(src string, se *wire.SyntaxError) *Error {
	return locate(src, se, 0, 0, 0, true)
}

// locate builds an Error for se, found in s, a window of the input that
// starts at offset base, after lines newlines, in a line that starts at
// offset lineStart. complete says that s runs to the end of the input.
func locate(s string, se *wire.SyntaxError, base, lines, lineStart int64, complete bool) *Error {
	pos := int(se.Pos())
	if pos > len(s) {
		pos = len(s)
	}
	if pos < 0 {
		pos = 0
	}
	before := s[:pos]
	lines += int64(strings.Count(before, "\n"))
	ls := 0 // start of the line in s, if it is there
	if k := strings.LastIndexByte(before, '\n'); k >= 0 {
		ls = k + 1
		lineStart = base + int64(k) + 1
	}
	abs := base + int64(pos)
	e := &Error{
		Offset: abs,
		Line:   lines + 1,
		Column: abs - lineStart + 1,
		Msg:    se.Msg,
		Syntax: se.Shift(base),
	}

	from := pos - ctxBefore
	if from <= ls {
		from = ls
		e.CutBefore = base+int64(from) > lineStart
	} else {
		e.CutBefore = true
		for n := 0; n < 3 && from < pos && s[from]&0xC0 == 0x80; n++ {
			from++
		}
	}
	to := pos + 1 + ctxAfter
	if k := strings.IndexByte(s[pos:min(to, len(s))], '\n'); k >= 0 {
		to = pos + k
	} else if to >= len(s) {
		to = len(s)
		e.CutAfter = !complete
	} else {
		e.CutAfter = true
		for n := 0; n < 3 && to > pos && s[to]&0xC0 == 0x80; n++ {
			to--
		}
	}
	text := s[from:to]
	if len(text) > 0 && text[len(text)-1] == '\r' && pos < to-1 {
		text = text[:len(text)-1]
	}
	e.Text = strings.Clone(text)
	e.TextCol = pos - from
	return e
}

// syntaxErr turns an error found in p.s into an *Error, reading a little
// more input first so that the error can show the text after it.
func (p *parser) syntaxErr(se *wire.SyntaxError) error {
	pos := int(se.Pos())
	rerr := p.rerr
	for !p.eof && len(p.s)-pos <= 1+ctxAfter {
		d, st := p.fill(pos)
		if st == full {
			break
		}
		pos -= d
		se = se.Shift(int64(-d))
	}
	// Reading for context is best effort: a failure there does not hide
	// the syntax error.
	p.rerr = rerr
	return locate(p.s, se, p.base, p.lines, p.lineStart, p.eof)
}
