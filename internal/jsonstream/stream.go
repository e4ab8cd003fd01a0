package jsonstream

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/jetjson/jet/internal/syntaxv1"
	"github.com/jetjson/jet/internal/wire"
)

// Mode says what Process does with the text it checks.
type Mode uint8

const (
	// Validate checks the text and writes nothing.
	Validate Mode = iota
	// Compact writes the text without insignificant whitespace, as
	// encoding/json's Compact does.
	Compact
	// Indent writes each object member and array element on its own
	// line, indented by Options.Indent per level, as encoding/json's
	// Indent does with an empty prefix.
	Indent
	// Preserve writes the text as it is, whitespace included; with
	// Options.Color it adds colors and changes nothing else.
	Preserve
)

// Options configures Process. The zero value validates.
type Options struct {
	// Mode is what to do with the text.
	Mode Mode
	// Indent is one level of indentation in Indent mode ("  ", "\t").
	Indent string
	// EscapeHTML writes '<', '>', '&', U+2028 and U+2029 inside strings
	// as \u003c and so on, as encoding/json's HTMLEscape does.
	EscapeHTML bool
	// StrictUTF8 rejects strings holding invalid UTF-8, which
	// encoding/json (and so the default) accepts.
	StrictUTF8 bool
	// Color wraps keys, strings, numbers and literals in ANSI color
	// escapes.
	Color bool
	// MaxDepth is the deepest nesting accepted; 0 means
	// encoding/json's 10000.
	MaxDepth int
	// BufferSize is the size of the input buffer; 0 means
	// DefaultBufferSize, and sizes below MinBufferSize are raised to it.
	// Tokens longer than the buffer are handled piece by piece.
	BufferSize int
}

const (
	// DefaultBufferSize is the input buffer's size unless
	// Options.BufferSize says otherwise.
	DefaultBufferSize = 256 << 10
	// MinBufferSize is the smallest input buffer Process uses.
	MinBufferSize = 128

	// keepBack bytes before the scan position survive a refill, so that
	// an error can show the text just before it.
	keepBack = 64
	// flushSize is how much output is gathered before it is written.
	flushSize = 64 << 10
	// maxEmptyReads bounds the retries on a reader that returns no data
	// and no error.
	maxEmptyReads = 100
)

// ANSI colors, close to jq's choice.
const (
	colorKey    = "\x1b[34;1m"
	colorString = "\x1b[32m"
	colorNumber = "\x1b[36m"
	colorBool   = "\x1b[33m"
	colorNull   = "\x1b[90m"
	colorReset  = "\x1b[0m"
)

// Process reads one JSON value, optionally surrounded by whitespace,
// from r and checks it; in Compact and Indent mode it writes the value,
// reformatted, to w (which may be nil in Validate mode). It returns an
// *Error for malformed text, the reader's error if reading fails, the
// writer's if writing fails, and nil otherwise. On error, part of the
// output may already have been written.
func Process(w io.Writer, r io.Reader, o Options) error {
	size := o.BufferSize
	if size == 0 {
		size = DefaultBufferSize
	}
	if size < MinBufferSize {
		size = MinBufferSize
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = wire.DefaultMaxDepth
	}
	if w == nil {
		o.Mode = Validate
	}
	p := &parser{r: r, w: w, opt: o}
	if size == DefaultBufferSize {
		bp := bufPool.Get().(*[]byte)
		defer bufPool.Put(bp)
		p.buf = *bp
	} else {
		p.buf = make([]byte, size)
	}
	if o.Mode != Validate {
		op := outPool.Get().(*[]byte)
		defer outPool.Put(op)
		p.out = (*op)[:0]
	}
	if o.Mode == Indent {
		p.nl = "\n"
		if o.Indent != "" {
			p.nl += strings.Repeat(o.Indent, 1+256/len(o.Indent))
		}
	}
	err := p.run()
	if p.rerr != nil {
		return p.rerr
	}
	if err != nil {
		p.flush()
		return err
	}
	p.flush()
	return p.werr
}

// Buffers are reused from one call to the next, which matters to callers
// that process many small documents.
var (
	bufPool = sync.Pool{New: func() any { b := make([]byte, DefaultBufferSize); return &b }}
	outPool = sync.Pool{New: func() any { b := make([]byte, 0, flushSize+4096); return &b }}
)

type fillStatus uint8

const (
	filled fillStatus = iota // more input is in the buffer
	atEOF                    // the input has ended; nothing was added
	full                     // the buffer is full of bytes still needed
)

// States of the parser between tokens.
const (
	stValue     = iota // a value
	stFirstElem        // after '[': a value or ']'
	stFirstKey         // after '{': a key or '}'
	stKey              // after ',' in an object: a key
	stColon            // after a key
	stNext             // after an element or member: ',' or the closing bracket
	stDone             // after the top-level value: only whitespace
)

type parser struct {
	r   io.Reader
	w   io.Writer
	opt Options

	buf  []byte
	s    string // buf[:n] viewed as a string; renewed by fill
	base int64  // offset in the input of buf[0]
	eof  bool   // r has nothing more to give
	rerr error  // r's error other than io.EOF

	lines     int64 // newlines in the input before buf[0]
	lineStart int64 // offset of the first byte of the line holding buf[0]

	stack []byte // '{' or '[' for each open container

	out  []byte // output not yet written
	werr error  // w's first error
	nl   string // "\n" followed by indentation, sliced per depth
}

// fill slides the buffer so that it starts keepBack bytes before index
// keep, then reads more input. It returns how far indices moved to the
// left and what happened.
func (p *parser) fill(keep int) (int, fillStatus) {
	if p.eof {
		return 0, atEOF
	}
	n := len(p.s)
	d := keep - keepBack
	if d < 0 {
		d = 0
	}
	if d > 0 {
		p.account(p.buf[:d])
		copy(p.buf, p.buf[d:n])
		n -= d
		p.base += int64(d)
	}
	if n == len(p.buf) {
		p.s = wire.StringOf(p.buf[:n])
		return d, full
	}
	got := 0
	for tries := 0; ; tries++ {
		m, err := p.r.Read(p.buf[n:])
		if m < 0 || m > len(p.buf)-n {
			m = 0
			if err == nil {
				err = errors.New("jsonstream: reader returned an invalid count")
			}
		}
		n += m
		got += m
		if err != nil {
			if err != io.EOF {
				p.rerr = err
			}
			p.eof = true
			break
		}
		if m > 0 {
			break
		}
		if tries >= maxEmptyReads {
			p.rerr = io.ErrNoProgress
			p.eof = true
			break
		}
	}
	p.s = wire.StringOf(p.buf[:n])
	if got == 0 {
		return d, atEOF
	}
	return d, filled
}

// account records the lines of input that are about to leave the buffer.
// (bytes.Count is vectorized; LastIndexByte is not, so it runs only when
// there is a newline to find.)
func (p *parser) account(b []byte) {
	if c := bytes.Count(b, newline); c > 0 {
		p.lines += int64(c)
		p.lineStart = p.base + int64(bytes.LastIndexByte(b, '\n')) + 1
	}
}

var newline = []byte{'\n'}

func (p *parser) run() error {
	state := stValue
	i := 0
	for {
		s := p.s
		if i < len(s) && s[i] <= ' ' {
			j := wire.SkipSpace(s, i)
			if p.opt.Mode == Preserve {
				p.out = append(p.out, s[i:j]...)
			}
			i = j
		}
		if i >= len(s) {
			if len(p.out) >= flushSize {
				p.flush()
			}
			if p.werr != nil {
				return p.werr
			}
			d, st := p.fill(i)
			i -= d
			if st == atEOF {
				if state == stDone {
					return nil
				}
				return p.syntaxErr(wire.NewSyntaxError(p.s, len(p.s), wire.MsgUnexpectedEOF))
			}
			continue
		}
		c := s[i]
		var err error
		switch state {
		case stDone:
			return p.syntaxErr(wire.NewSyntaxError(s, i, wire.InvalidChar(c, wire.CtxAfterTop)))
		case stColon:
			if c != ':' {
				return p.syntaxErr(wire.NewSyntaxError(s, i, wire.InvalidChar(c, wire.CtxAfterKey)))
			}
			if p.opt.Mode == Indent {
				p.out = append(p.out, ':', ' ')
			} else if p.opt.Mode != Validate {
				p.out = append(p.out, ':')
			}
			i++
			state = stValue
			continue
		case stNext:
			top := p.stack[len(p.stack)-1]
			if c == ',' {
				if p.opt.Mode != Validate {
					p.out = append(p.out, ',')
					p.newline(len(p.stack))
				}
				i++
				state = stValue
				if top == '{' {
					state = stKey
				}
				continue
			}
			if c == top+2 { // '[' + 2 == ']', '{' + 2 == '}'
				p.close(c, true)
				i++
				state = p.afterValue()
				continue
			}
			if top == '[' {
				return p.syntaxErr(wire.NewSyntaxError(s, i, wire.InvalidChar(c, wire.CtxAfterElement)))
			}
			return p.syntaxErr(wire.NewSyntaxError(s, i, wire.InvalidChar(c, wire.CtxAfterPair)))
		case stFirstKey, stKey:
			if state == stFirstKey {
				if c == '}' {
					p.close(c, false)
					i++
					state = p.afterValue()
					continue
				}
				p.newline(len(p.stack))
			}
			if c != '"' {
				return p.syntaxErr(wire.NewSyntaxError(s, i, wire.InvalidChar(c, wire.CtxBeginKey)))
			}
			if i, err = p.str(i, true); err != nil {
				return err
			}
			state = stColon
			continue
		case stFirstElem:
			if c == ']' {
				p.close(c, false)
				i++
				state = p.afterValue()
				continue
			}
			p.newline(len(p.stack))
		}

		// A value starts at s[i].
		switch c {
		case '{', '[':
			if p.werr != nil {
				return p.werr
			}
			if len(p.stack) >= p.opt.MaxDepth {
				return p.syntaxErr(wire.NewSyntaxError(s, i, wire.InvalidChar(c, wire.CtxMaxDepth)))
			}
			p.stack = append(p.stack, c)
			if p.opt.Mode != Validate {
				p.out = append(p.out, c)
			}
			i++
			state = stFirstElem
			if c == '{' {
				state = stFirstKey
			}
			continue
		case '"':
			i, err = p.str(i, false)
		case 't':
			i, err = p.literal(i, "true", colorBool)
		case 'f':
			i, err = p.literal(i, "false", colorBool)
		case 'n':
			i, err = p.literal(i, "null", colorNull)
		default:
			if c != '-' && (c < '0' || c > '9') {
				return p.syntaxErr(wire.NewSyntaxError(s, i, wire.InvalidChar(c, wire.CtxBeginValue)))
			}
			i, err = p.number(i)
		}
		if err != nil {
			return err
		}
		state = p.afterValue()
	}
}

// afterValue is the state after a complete value.
func (p *parser) afterValue() int {
	if len(p.stack) == 0 {
		return stDone
	}
	return stNext
}

// close writes the closing bracket c of the innermost container and pops
// it; nonEmpty says whether the container had elements (which puts the
// bracket on its own line when indenting).
func (p *parser) close(c byte, nonEmpty bool) {
	p.stack = p.stack[:len(p.stack)-1]
	if p.opt.Mode == Validate {
		return
	}
	if nonEmpty {
		p.newline(len(p.stack))
	}
	p.out = append(p.out, c)
}

// newline starts a new line indented depth levels, in Indent mode.
func (p *parser) newline(depth int) {
	if p.opt.Mode != Indent {
		return
	}
	n := 1 + depth*len(p.opt.Indent)
	if n <= len(p.nl) {
		p.out = append(p.out, p.nl[:n]...)
	} else {
		p.out = append(p.out, '\n')
		for k := 0; k < depth; k++ {
			p.out = append(p.out, p.opt.Indent...)
		}
	}
	if len(p.out) >= flushSize {
		p.flush()
	}
}

// flush writes the gathered output. After a write error, output is
// dropped so that memory stays bounded until the parser stops.
func (p *parser) flush() {
	if len(p.out) > 0 && p.werr == nil {
		_, p.werr = p.w.Write(p.out)
	}
	p.out = p.out[:0]
}

// token writes a complete number or literal, in color if asked.
func (p *parser) token(t, color string) {
	if p.opt.Mode == Validate {
		return
	}
	if p.opt.Color {
		p.out = append(p.out, color...)
		p.out = append(p.out, t...)
		p.out = append(p.out, colorReset...)
	} else {
		p.out = append(p.out, t...)
	}
	if len(p.out) >= flushSize {
		p.flush()
	}
}

// stringColor is the color of a key or of a string value.
func stringColor(key bool) string {
	if key {
		return colorKey
	}
	return colorString
}

// str checks the string whose opening quote is at p.s[i], writes it and
// returns the index after it.
func (p *parser) str(i int, key bool) (int, error) {
	for {
		s := p.s
		end, fl, ok := wire.ScanString(s, i)
		if ok {
			if p.opt.StrictUTF8 && fl&wire.NonASCII != 0 {
				if err := p.checkUTF8(s, i, end); err != nil {
					return 0, err
				}
			}
			if p.opt.Mode != Validate {
				if p.opt.Color {
					p.out = append(p.out, stringColor(key)...)
				}
				p.appendString(s[i:end])
				if p.opt.Color {
					p.out = append(p.out, colorReset...)
				}
			}
			return end, nil
		}
		if end < len(s) || p.eof {
			return 0, p.syntaxErr(tokenError(s, i))
		}
		// The string goes on past the buffer: read more and scan it again,
		// or, when it fills the buffer, take it piece by piece.
		d, st := p.fill(i)
		i -= d
		if st == full {
			return p.longString(i, key)
		}
	}
}

// tokenError is the error for the invalid token (a string, number or
// literal) that starts at s[i]: the reference grammar words it.
func tokenError(s string, i int) *wire.SyntaxError {
	if _, err := syntaxv1.Explain(s, i, wire.DefaultMaxDepth); err != nil {
		return err
	}
	return wire.NewSyntaxError(s, i, wire.InvalidChar(s[i], "")) // not reached
}

// stringError is the error for an invalid string whose text goes on at
// s[j], outside an escape, after an opening quote that may be gone from
// the buffer: the reference words it as if the quote were just before j.
func stringError(s string, j int) *wire.SyntaxError {
	q := `"` + s[j:]
	_, err := syntaxv1.Explain(q, 0, wire.DefaultMaxDepth)
	if err == nil {
		return wire.NewSyntaxError(s, len(s), wire.MsgUnexpectedEOF) // not reached
	}
	return wire.NewSyntaxError(s, int(err.Pos())+j-1, err.Msg)
}

// appendString writes string bytes, HTML-escaped if asked.
func (p *parser) appendString(t string) {
	if p.opt.EscapeHTML {
		p.out = wire.AppendHTMLEscaped(p.out, t)
	} else {
		p.out = append(p.out, t...)
	}
	if len(p.out) >= flushSize {
		p.flush()
	}
}

// longString handles a string longer than the buffer, whose opening
// quote is at p.s[i]: it checks and writes the string a bufferful at a
// time, never splitting a UTF-8 sequence or an escape between pieces.
func (p *parser) longString(i int, key bool) (int, error) {
	if p.opt.Mode != Validate && p.opt.Color {
		p.out = append(p.out, stringColor(key)...)
	}
	from, j := i, i+1 // from: first byte not yet written; j: where scanning resumes
	for {
		s := p.s
		end, resume, ok := wire.ScanStringFrom(s, j)
		if !ok {
			return 0, p.syntaxErr(stringError(s, j))
		}
		if end >= 0 {
			if err := p.piece(s, from, end); err != nil {
				return 0, err
			}
			if p.opt.Mode != Validate && p.opt.Color {
				p.out = append(p.out, colorReset...)
			}
			return end, nil
		}
		if p.eof {
			// The input ends inside the string.
			return 0, p.syntaxErr(stringError(s, j))
		}
		cut := runeCut(s, from, resume)
		if err := p.piece(s, from, cut); err != nil {
			return 0, err
		}
		d, st := p.fill(cut)
		from, j = cut-d, resume-d
		if st == full {
			// Cannot happen: at most an escape and a UTF-8 sequence are
			// kept beyond keepBack bytes.
			return 0, errors.New("jsonstream: buffer too small")
		}
	}
}

// piece checks and writes s[from:to], part of a string.
func (p *parser) piece(s string, from, to int) error {
	if p.opt.StrictUTF8 {
		if err := p.checkUTF8(s, from, to); err != nil {
			return err
		}
	}
	if p.opt.Mode != Validate {
		p.appendString(s[from:to])
	}
	return nil
}

// runeCut returns the end of the longest prefix of s[from:to] that does
// not end inside a UTF-8 sequence (looking back at most 3 bytes).
func runeCut(s string, from, to int) int {
	k := to
	for k > from && to-k < 3 && s[k-1]&0xC0 == 0x80 {
		k--
	}
	if k > from && s[k-1] >= 0xC0 {
		lead := s[k-1]
		need := 2
		switch {
		case lead >= 0xF0:
			need = 4
		case lead >= 0xE0:
			need = 3
		}
		if to-(k-1) < need {
			return k - 1
		}
	}
	return to
}

// checkUTF8 reports the first invalid UTF-8 sequence in s[from:to].
func (p *parser) checkUTF8(s string, from, to int) error {
	t := s[from:to]
	for k := 0; k < len(t); {
		c := t[k]
		if c < utf8.RuneSelf {
			k++
			continue
		}
		r, n := utf8.DecodeRuneInString(t[k:])
		if r == utf8.RuneError && n == 1 {
			msg := wire.MsgInvalidUTF8At(c)
			return p.syntaxErr(wire.NewSyntaxError(s, from+k, msg))
		}
		k += n
	}
	return nil
}

// literal checks the literal lit (true, false or null) at p.s[i].
func (p *parser) literal(i int, lit, color string) (int, error) {
	for len(p.s)-i < len(lit) && !p.eof {
		d, _ := p.fill(i)
		i -= d
	}
	end, ok := wire.ScanLiteral(p.s, i, lit)
	if !ok {
		return 0, p.syntaxErr(tokenError(p.s, i))
	}
	p.token(lit, color)
	return end, nil
}

// number checks the number that starts at p.s[i].
func (p *parser) number(i int) (int, error) {
	for {
		s := p.s
		end, _, ok := wire.ScanNumber(s, i)
		if end >= len(s) && !p.eof {
			// The number may go on in the input not yet read.
			d, st := p.fill(i)
			i -= d
			if st == full {
				return p.longNumber(i)
			}
			continue
		}
		if !ok {
			return 0, p.syntaxErr(tokenError(s, i))
		}
		p.token(s[i:end], colorNumber)
		return end, nil
	}
}

// States of longNumber, following the grammar of a JSON number.
const (
	numMinus   = iota // after '-'
	numZero           // after a leading 0
	numInt            // in the integer digits
	numDot            // after '.'
	numFrac           // in the fraction digits
	numE              // after 'e' or 'E'
	numExpSign        // after the exponent's sign
	numExp            // in the exponent digits
)

// longNumber handles a number longer than the buffer, starting at p.s[i],
// one byte at a time across refills.
func (p *parser) longNumber(i int) (int, error) {
	if p.opt.Mode != Validate && p.opt.Color {
		p.out = append(p.out, colorNumber...)
	}
	st := numMinus
	switch c := p.s[i]; {
	case c == '0':
		st = numZero
	case c >= '1' && c <= '9':
		st = numInt
	}
	from := i
	i++
	for {
		s := p.s
		for ; i < len(s); i++ {
			c := s[i]
			digit := c >= '0' && c <= '9'
			var ctx string
			switch st {
			case numMinus:
				switch {
				case c == '0':
					st = numZero
					continue
				case digit:
					st = numInt
					continue
				}
				ctx = wire.CtxInNumber
			case numZero, numInt, numFrac:
				switch {
				case digit && st != numZero:
					continue
				case c == '.' && st != numFrac:
					st = numDot
					continue
				case c == 'e' || c == 'E':
					st = numE
					continue
				}
				return p.endLongNumber(s, from, i)
			case numDot:
				if digit {
					st = numFrac
					continue
				}
				ctx = wire.CtxAfterPoint
			case numE, numExpSign:
				if digit {
					st = numExp
					continue
				}
				if st == numE && (c == '+' || c == '-') {
					st = numExpSign
					continue
				}
				ctx = wire.CtxInExponent
			case numExp:
				if digit {
					continue
				}
				return p.endLongNumber(s, from, i)
			}
			return 0, p.syntaxErr(wire.NewSyntaxError(s, i, wire.InvalidChar(c, ctx)))
		}
		if p.eof {
			switch st {
			case numMinus:
				return 0, p.syntaxErr(wire.NewSyntaxError(s, len(s), wire.InvalidChar(' ', wire.CtxInNumber)))
			case numDot:
				return 0, p.syntaxErr(wire.NewSyntaxError(s, len(s), wire.InvalidChar(' ', wire.CtxAfterPoint)))
			case numE, numExpSign:
				return 0, p.syntaxErr(wire.NewSyntaxError(s, len(s), wire.InvalidChar(' ', wire.CtxInExponent)))
			}
			return p.endLongNumber(s, from, i)
		}
		if p.opt.Mode != Validate {
			p.out = append(p.out, s[from:i]...)
			if len(p.out) >= flushSize {
				p.flush()
			}
		}
		d, _ := p.fill(i)
		i -= d
		from = i
	}
}

func (p *parser) endLongNumber(s string, from, i int) (int, error) {
	if p.opt.Mode != Validate {
		p.out = append(p.out, s[from:i]...)
		if p.opt.Color {
			p.out = append(p.out, colorReset...)
		}
	}
	return i, nil
}
