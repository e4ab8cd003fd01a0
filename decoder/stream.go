package decoder

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/jetjson/jet/internal/sonicerr"
	"github.com/jetjson/jet/internal/syntaxv1"
	"github.com/jetjson/jet/internal/wire"
)

// StreamDecoder reads JSON values one after another from an io.Reader,
// like encoding/json's Decoder: values may be separated by whitespace or
// written back to back ("1 2", "{}{}", "\"a\"\"b\""), and Token walks a
// stream token by token.
//
// Input is read in chunks into a buffer; each value is checked as its
// bytes arrive, with a scanner that resumes where it stopped, so a large
// value read in small pieces is scanned once. Offsets in errors count
// from the start of the stream.
//
// Syntax errors are *jet.SyntaxError in a StreamDecoder made by
// NewStreamDecoderOptions (as jet.NewDecoder and the Config presets make
// theirs), and SyntaxError values, sonic's shape, placed in the text of
// the value being read, in one made by NewStreamDecoder, sonic's
// constructor (see SyntaxError). With OptionStdErrors they are
// encoding/json's.
type StreamDecoder struct {
	r       io.Reader
	buf     []byte
	scanp   int   // start of unread data in buf
	scanned int64 // bytes dropped from the front of buf
	err     error // sticky: a read error or a syntax error

	// Decoder holds the options and the nesting limit, and is what
	// sonic's StreamDecoder embeds: its Pos, Reset and CheckTrailings are
	// about the text of one value (see the StreamDecoder methods of those
	// names). valueLen is the length of the text of the value Decode read
	// last, or -1 when they are about the Decoder's text (after Reset).
	Decoder
	valueLen int

	tokenState int
	tokenStack []int

	// For encoding/json's offsets (OptionStdErrors): valueBytes counts
	// the bytes of the values read so far (each from where the previous
	// read stopped: whitespace before it included, delimiters consumed
	// by Token and whitespace skipped by Token or More not). A syntax
	// error found in a value (scanErr) is placed in that count: its
	// Offset less scanLag.
	valueBytes int64
	scanErr    *wire.SyntaxError
	scanLag    int64

	// sonicErrors makes Decode return syntax errors in sonic's shape
	// (NewStreamDecoder), placed in buf[valStart:valEnd], the text of
	// the value Decode read last (valStart < 0: none).
	sonicErrors      bool
	valStart, valEnd int
}

// NewStreamDecoder returns a decoder reading from r, as sonic's
// NewStreamDecoder does: its Decode returns syntax errors as SyntaxError
// values, sonic's shape, placed in the text of the value being read.
func NewStreamDecoder(r io.Reader) *StreamDecoder {
	return &StreamDecoder{r: r, sonicErrors: true, valStart: -1}
}

// NewStreamDecoderOptions returns a decoder reading from r with opts and a
// nesting limit (0 means DefaultMaxDepth). Its syntax errors are
// *jet.SyntaxError, placed in the stream (with OptionStdErrors,
// encoding/json's *json.SyntaxError).
func NewStreamDecoderOptions(r io.Reader, opts Options, maxDepth int) *StreamDecoder {
	return &StreamDecoder{r: r, Decoder: Decoder{opts: opts, maxDepth: maxDepth}}
}

// UseNumber decodes numbers into interfaces as json.Number.
func (dec *StreamDecoder) UseNumber() { dec.opts |= OptionUseNumber }

// UseInt64 decodes integers into interfaces as int64.
func (dec *StreamDecoder) UseInt64() { dec.opts |= OptionUseInt64 }

// DisallowUnknownFields makes object keys that match no field an error.
func (dec *StreamDecoder) DisallowUnknownFields() { dec.opts |= OptionDisallowUnknownFields }

// CopyString gives decoded strings their own memory. Strings decoded from
// a stream never share the stream's buffer; without this option the
// strings of one value share one copy of that value's text.
func (dec *StreamDecoder) CopyString() { dec.opts |= OptionCopyString }

// ValidateString makes invalid UTF-8 in strings an error.
func (dec *StreamDecoder) ValidateString() { dec.opts |= OptionValidateString }

// CaseSensitive matches object keys to struct fields exactly.
func (dec *StreamDecoder) CaseSensitive() { dec.opts |= OptionCaseSensitive }

// SetOptions replaces the decoder's options.
func (dec *StreamDecoder) SetOptions(opts Options) { dec.opts = opts }

// Decode reads the next JSON value and stores it in v. At the end of the
// stream it returns io.EOF; a stream that ends inside a value gives
// io.ErrUnexpectedEOF.
func (dec *StreamDecoder) Decode(v any) error {
	err := dec.decode(v)
	if err != nil {
		if dec.opts&OptionStdErrors != 0 {
			err = dec.stdError(err)
		} else if dec.sonicErrors {
			err = dec.sonicError(err)
		}
	}
	return err
}

// sonicError is sonic's form of a syntax error of Decode: placed in the
// text of the value read (from its first byte after whitespace to its
// end, or to the end of the input buffered when the value is not whole),
// as sonic places the errors of its stream decoder. An error the value's
// text does not hold (one found between Token's tokens) is placed in
// the input buffered from the next byte to read.
func (dec *StreamDecoder) sonicError(err error) error {
	se, ok := err.(*wire.SyntaxError)
	if !ok {
		return err
	}
	lo, hi := dec.valStart, dec.valEnd
	if lo < 0 || hi > len(dec.buf) {
		lo, hi = dec.scanp, len(dec.buf)
	}
	lo += wire.SkipSpace(wire.StringOf(dec.buf[lo:hi]), 0)
	if p := se.Pos() - dec.scanned; p < int64(lo) || p > int64(hi) {
		lo = min(int(max(p, 0)), len(dec.buf))
		hi = len(dec.buf)
	}
	return sonicerr.FromWire(se, string(dec.buf[lo:hi]), dec.scanned+int64(lo))
}

// stdError is encoding/json's error for one of the decoder's. Like
// encoding/json's Decoder, it places a syntax error found inside a value
// by the bytes of values read (see valueBytes), and a type error
// relative to the start of its value; errors found between tokens are
// placed in the stream.
func (dec *StreamDecoder) stdError(err error) error {
	if se, ok := err.(*wire.SyntaxError); ok && se == dec.scanErr {
		c := *se
		c.Offset -= dec.scanLag
		return stdError(&c)
	}
	return stdError(err)
}

// decode is Decode with jet's errors.
func (dec *StreamDecoder) decode(v any) error {
	if dec.err != nil {
		return dec.err
	}
	dec.valStart = -1
	if err := dec.tokenPrepareForDecode(); err != nil {
		return err
	}
	if !dec.tokenValueAllowed() {
		return dec.syntaxError("not at beginning of value")
	}
	var err error
	n, whole := dec.wholeContainer()
	if !whole {
		if n, whole, err = dec.readValue(true); err != nil {
			dec.valStart, dec.valEnd = dec.scanp, len(dec.buf)
			return err
		}
	}
	if whole {
		// Decoded at once, the decoder checking the grammar as it goes.
		// If it finds the value invalid, readValue finds the error, in
		// the reference grammar's words, as it does before decoding
		// other values (the target may then hold part of the value, as
		// after Unmarshal's syntax errors); if readValue finds it valid,
		// the decoder's error stands.
		err = DecodeDepth(dec.buf[dec.scanp:dec.scanp+n], v, dec.opts&^OptionStdErrors, dec.maxDepth)
		if _, syntax := err.(*wire.SyntaxError); syntax {
			if _, _, rerr := dec.readValue(false); rerr != nil {
				dec.valStart, dec.valEnd = dec.scanp, len(dec.buf)
				return rerr
			}
		}
	}
	dec.valStart, dec.valEnd = dec.scanp, dec.scanp+n
	base := dec.InputOffset()
	data := dec.buf[dec.scanp : dec.scanp+n]
	dec.scanp += n
	dec.valueBytes += int64(n)
	if !whole {
		err = DecodeDepth(data, v, dec.opts&^OptionStdErrors, dec.maxDepth)
	}
	dec.valueRead(data, err)
	if dec.opts&OptionStdErrors == 0 {
		// encoding/json places these errors within the value.
		err = shiftError(err, base)
	}
	dec.tokenValueEnd()
	return err
}

// shiftError moves the offsets of a decoding error by base bytes.
func shiftError(err error, base int64) error {
	switch e := err.(type) {
	case *wire.SyntaxError:
		return e.Shift(base)
	case *MismatchTypeError:
		c := *e
		c.Offset += base
		c.winStart += base
		return &c
	}
	return err
}

// Buffered returns the data read from the stream but not yet decoded.
func (dec *StreamDecoder) Buffered() io.Reader {
	return bytes.NewReader(dec.buf[dec.scanp:])
}

// InputOffset returns the offset in the stream of the next byte to decode.
func (dec *StreamDecoder) InputOffset() int64 {
	return dec.scanned + int64(dec.scanp)
}

// More reports whether another element follows in the array or object
// being read with Token (or another value in the stream).
func (dec *StreamDecoder) More() bool {
	c, err := dec.peek()
	return err == nil && c != ']' && c != '}'
}

// syntaxError reports msg about the next unread byte, with Offset its
// index in the stream (encoding/json's Decoder gives InputOffset there).
func (dec *StreamDecoder) syntaxError(msg string) error {
	src := wire.StringOf(dec.buf[dec.scanp:])
	return wire.NewSyntaxError(src, 0, msg).Shift(dec.InputOffset()).AtByte()
}

// wholeContainer reports the length, counted from scanp, of the array or
// object there when the buffer holds it whole, found by its structure
// alone (strings, escapes and brackets: wire.SkipLoose), which is all
// the decoder needs to be handed it; anything else (a scalar, a value
// the buffer cuts short) is found by readValue.
func (dec *StreamDecoder) wholeContainer() (int, bool) {
	src := wire.StringOf(dec.buf[dec.scanp:])
	i := wire.SkipSpace(src, 0)
	if i >= len(src) || src[i] != '{' && src[i] != '[' {
		return 0, false
	}
	return wire.SkipLoose(src, i)
}

// readValue finds the end of the next value, reading more input as
// needed (as encoding/json's Decoder does, which Buffered shows), and
// returns its length counted from scanp. With loose set, after each read
// it asks wholeContainer whether the buffer now holds the value whole,
// an array or object, and if so returns its length with whole set: the
// decoder checks the rest of it (a read is made in either case only
// when the value so far is valid and goes on past the buffer).
func (dec *StreamDecoder) readValue(loose bool) (n int, whole bool, err error) {
	maxDepth := dec.maxDepth
	if maxDepth <= 0 {
		maxDepth = DefaultMaxDepth
	}
	sc := valueScan{maxDepth: maxDepth}
	var readErr error
	// wholeContainer is asked again once the buffered text has doubled,
	// so that asking costs time linear in the value's length however
	// little each read brings.
	ask := 2 * (len(dec.buf) - dec.scanp)
	for {
		src := wire.StringOf(dec.buf[dec.scanp:])
		// Only the end of the stream ends a value that may go on (a
		// number, a truncated literal); after another read error the
		// error is returned, as encoding/json does.
		eof := readErr == io.EOF
		n, err := sc.run(src, eof)
		if err != nil {
			if se, ok := err.(*wire.SyntaxError); ok {
				// The scan found the error; the reference grammar says it
				// in encoding/json's words.
				if _, rerr := syntaxv1.Explain(src, 0, maxDepth); rerr != nil && !rerr.IsEOF() {
					se = rerr
				}
				se = se.Shift(dec.InputOffset())
				dec.scanErr, dec.scanLag = se, dec.InputOffset()-dec.valueBytes
				err = se
			}
			dec.err = err
			return 0, false, err
		}
		if n >= 0 {
			return n, false, nil
		}
		if readErr != nil {
			if readErr == io.EOF && nonSpace(src) {
				readErr = io.ErrUnexpectedEOF
			}
			dec.err = readErr
			return 0, false, readErr
		}
		readErr = dec.refill()
		if loose && readErr == nil && len(dec.buf)-dec.scanp >= ask {
			ask = 2 * (len(dec.buf) - dec.scanp)
			if n, ok := dec.wholeContainer(); ok {
				return n, true, nil
			}
		}
	}
}

func nonSpace(s string) bool {
	return wire.SkipSpace(s, 0) < len(s)
}

// refill reads more input, first moving unread data to the front of the
// buffer and growing it if it is nearly full.
func (dec *StreamDecoder) refill() error {
	if dec.scanp > 0 {
		dec.scanned += int64(dec.scanp)
		n := copy(dec.buf, dec.buf[dec.scanp:])
		dec.buf = dec.buf[:n]
		dec.scanp = 0
	}
	const minRead = 512
	if cap(dec.buf)-len(dec.buf) < minRead {
		nb := make([]byte, len(dec.buf), 2*cap(dec.buf)+minRead)
		copy(nb, dec.buf)
		dec.buf = nb
	}
	n, err := dec.r.Read(dec.buf[len(dec.buf):cap(dec.buf)])
	dec.buf = dec.buf[:len(dec.buf)+n]
	return err
}

// peek returns the next non-space byte, reading more input if needed.
func (dec *StreamDecoder) peek() (byte, error) {
	var err error
	for {
		for i := dec.scanp; i < len(dec.buf); i++ {
			if !wire.IsSpace(dec.buf[i]) {
				dec.scanp = i
				return dec.buf[i], nil
			}
		}
		if err != nil {
			return 0, err
		}
		err = dec.refill()
	}
}

// valueScan finds where a JSON value ends in input that arrives in
// pieces. It checks syntax as it goes and resumes after each piece where
// it stopped: at a token boundary, or inside a string.
type valueScan struct {
	stack    []byte // open containers: '{' or '['
	state    scanState
	pos      int  // where to continue
	inString bool // pos is inside a string
	isKey    bool // that string is an object key
	maxDepth int
}

type scanState uint8

const (
	scanValue        scanState = iota // a value must follow
	scanValueOrClose                  // after '[': a value or ']'
	scanKeyOrClose                    // after '{': a key or '}'
	scanKey                           // after ',' in an object
	scanColon                         // after a key
	scanNext                          // after a value in a container
)

// run scans s from where the last call stopped. It returns the length of
// the complete value, or -1 when more input is needed; eof says no more
// will come.
func (sc *valueScan) run(s string, eof bool) (int, error) {
	i := sc.pos
	for {
		if sc.inString {
			end, resume, ok := wire.ScanStringFrom(s, i)
			if !ok {
				return 0, unexpected(s, end)
			}
			if end < 0 {
				sc.pos = resume
				return -1, nil
			}
			sc.inString = false
			i = end
			if sc.isKey {
				sc.state = scanColon
				continue
			}
			if done := sc.valueDone(); done {
				return i, nil
			}
			continue
		}
		i = wire.SkipSpace(s, i)
		if i >= len(s) {
			sc.pos = i
			return -1, nil
		}
		c := s[i]
		switch sc.state {
		case scanNext:
			top := sc.stack[len(sc.stack)-1]
			switch {
			case c == ',':
				i++
				if top == '[' {
					sc.state = scanValue
				} else {
					sc.state = scanKey
				}
				continue
			case c == ']' && top == '[' || c == '}' && top == '{':
				i++
				sc.stack = sc.stack[:len(sc.stack)-1]
				if sc.valueDone() {
					return i, nil
				}
				continue
			}
			if top == '[' {
				return 0, unexpected(s, i)
			}
			return 0, unexpected(s, i)
		case scanColon:
			if c != ':' {
				return 0, unexpected(s, i)
			}
			i++
			sc.state = scanValue
			continue
		case scanKeyOrClose, scanKey:
			if c == '}' && sc.state == scanKeyOrClose {
				i++
				sc.stack = sc.stack[:len(sc.stack)-1]
				if sc.valueDone() {
					return i, nil
				}
				continue
			}
			if c != '"' {
				return 0, unexpected(s, i)
			}
			sc.inString, sc.isKey = true, true
			i++
			continue
		case scanValueOrClose:
			if c == ']' {
				i++
				sc.stack = sc.stack[:len(sc.stack)-1]
				if sc.valueDone() {
					return i, nil
				}
				continue
			}
		}
		// A value starts at s[i].
		switch c {
		case '{', '[':
			if len(sc.stack) >= sc.maxDepth {
				return 0, unexpected(s, i)
			}
			sc.stack = append(sc.stack, c)
			if c == '{' {
				sc.state = scanKeyOrClose
			} else {
				sc.state = scanValueOrClose
			}
			i++
			continue
		case '"':
			sc.inString, sc.isKey = true, false
			i++
			continue
		case 't', 'f', 'n':
			lit := "null"
			if c == 't' {
				lit = "true"
			} else if c == 'f' {
				lit = "false"
			}
			end, ok := wire.ScanLiteral(s, i, lit)
			if !ok {
				if end >= len(s) {
					// More input may complete it; at the end of the
					// stream the caller reports io.ErrUnexpectedEOF.
					sc.pos = i
					return -1, nil
				}
				return 0, unexpected(s, end)
			}
			i = end
		default:
			if c != '-' && (c < '0' || c > '9') {
				return 0, unexpected(s, i)
			}
			end, _, ok := wire.ScanNumber(s, i)
			if !ok {
				if end >= len(s) {
					sc.pos = i
					return -1, nil
				}
				return 0, unexpected(s, end)
			}
			if end >= len(s) && !eof {
				// The number may go on in the next piece.
				sc.pos = i
				return -1, nil
			}
			i = end
		}
		if sc.valueDone() {
			return i, nil
		}
	}
}

// unexpected reports the byte at s[i] as one that may not come there;
// readValue has the reference grammar word it.
func unexpected(s string, i int) *wire.SyntaxError {
	return wire.NewSyntaxError(s, i, wire.InvalidChar(s[i], ""))
}

// valueDone records that a value ended and reports whether it was the
// whole top-level value.
func (sc *valueScan) valueDone() bool {
	if len(sc.stack) == 0 {
		return true
	}
	sc.state = scanNext
	return false
}

// The token walk follows encoding/json's Decoder.Token: the state says
// what may come next at the current level, the stack keeps the states of
// the enclosing levels.
const (
	tokenTopValue = iota
	tokenArrayStart
	tokenArrayValue
	tokenArrayComma
	tokenObjectStart
	tokenObjectKey
	tokenObjectColon
	tokenObjectValue
	tokenObjectComma
)

func (dec *StreamDecoder) tokenPrepareForDecode() error {
	switch dec.tokenState {
	case tokenArrayComma:
		c, err := dec.peek()
		if err != nil {
			return err
		}
		if c != ',' {
			return dec.syntaxError(wire.MsgTokenComma)
		}
		dec.scanp++
		dec.tokenState = tokenArrayValue
	case tokenObjectColon:
		c, err := dec.peek()
		if err != nil {
			return err
		}
		if c != ':' {
			return dec.syntaxError(wire.MsgTokenColon)
		}
		dec.scanp++
		dec.tokenState = tokenObjectValue
	}
	return nil
}

func (dec *StreamDecoder) tokenValueAllowed() bool {
	switch dec.tokenState {
	case tokenTopValue, tokenArrayStart, tokenArrayValue, tokenObjectValue:
		return true
	}
	return false
}

func (dec *StreamDecoder) tokenValueEnd() {
	switch dec.tokenState {
	case tokenArrayStart, tokenArrayValue:
		dec.tokenState = tokenArrayComma
	case tokenObjectValue:
		dec.tokenState = tokenObjectComma
	}
}

// Token returns the next JSON token: a json.Delim for [ ] { }, and for
// scalars a bool, float64 (json.Number with UseNumber, int64 for integers
// with UseInt64), string or nil. Commas and colons are checked and
// skipped. At the end of the stream it returns io.EOF.
func (dec *StreamDecoder) Token() (json.Token, error) {
	t, err := dec.token()
	if err != nil && dec.opts&OptionStdErrors != 0 {
		err = dec.stdError(err)
	}
	return t, err
}

// token is Token with jet's errors.
func (dec *StreamDecoder) token() (json.Token, error) {
	for {
		c, err := dec.peek()
		if err != nil {
			return nil, err
		}
		switch c {
		case '[', '{':
			if !dec.tokenValueAllowed() {
				return dec.tokenError(c)
			}
			dec.scanp++
			dec.tokenStack = append(dec.tokenStack, dec.tokenState)
			if c == '[' {
				dec.tokenState = tokenArrayStart
			} else {
				dec.tokenState = tokenObjectStart
			}
			return json.Delim(c), nil
		case ']':
			if dec.tokenState != tokenArrayStart && dec.tokenState != tokenArrayComma {
				return dec.tokenError(c)
			}
			return dec.closeToken(c), nil
		case '}':
			if dec.tokenState != tokenObjectStart && dec.tokenState != tokenObjectComma {
				return dec.tokenError(c)
			}
			return dec.closeToken(c), nil
		case ':':
			if dec.tokenState != tokenObjectColon {
				return dec.tokenError(c)
			}
			dec.scanp++
			dec.tokenState = tokenObjectValue
			continue
		case ',':
			switch dec.tokenState {
			case tokenArrayComma:
				dec.scanp++
				dec.tokenState = tokenArrayValue
				continue
			case tokenObjectComma:
				dec.scanp++
				dec.tokenState = tokenObjectKey
				continue
			}
			return dec.tokenError(c)
		case '"':
			if dec.tokenState == tokenObjectStart || dec.tokenState == tokenObjectKey {
				var k string
				old := dec.tokenState
				dec.tokenState = tokenTopValue
				err := dec.decode(&k)
				dec.tokenState = old
				if err != nil {
					return nil, err
				}
				dec.tokenState = tokenObjectColon
				return k, nil
			}
		}
		if !dec.tokenValueAllowed() {
			return dec.tokenError(c)
		}
		var x any
		if err := dec.decode(&x); err != nil {
			return nil, err
		}
		return x, nil
	}
}

func (dec *StreamDecoder) closeToken(c byte) json.Token {
	dec.scanp++
	dec.tokenState = dec.tokenStack[len(dec.tokenStack)-1]
	dec.tokenStack = dec.tokenStack[:len(dec.tokenStack)-1]
	dec.tokenValueEnd()
	return json.Delim(c)
}

func (dec *StreamDecoder) tokenError(c byte) (json.Token, error) {
	var context string
	switch dec.tokenState {
	case tokenTopValue, tokenArrayStart, tokenArrayValue, tokenObjectValue:
		context = wire.CtxBeginValue
	case tokenArrayComma:
		context = wire.CtxAfterElement
	case tokenObjectKey:
		context = wire.CtxBeginKey
	case tokenObjectColon:
		context = wire.CtxAfterKey
	case tokenObjectComma:
		context = wire.CtxAfterPair
	}
	return nil, dec.syntaxError(wire.InvalidChar(c, context))
}
