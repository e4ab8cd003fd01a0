package jsontext

import (
	"bytes"
	"io"
	"unicode/utf8"

	"github.com/jetjson/jet/internal/jsonopts"
	"github.com/jetjson/jet/internal/wire"
)

// Decoder parses JSON text from an io.Reader, one token or one value at a
// time. The text is a sequence of top-level JSON values, which may be
// separated by whitespace.
//
// Calls to Decoder.ReadToken and Decoder.ReadValue can be mixed freely.
// Given the input
//
//	{"id":7,"tags":["a","b"],"meta":{"ok":true}}
//
// this call sequence, for instance (errors left unchecked to keep it
// short), returns the parts shown in the comments:
//
//	d.ReadToken() // {
//	d.ReadToken() // "id"
//	d.ReadToken() // 7
//	d.ReadValue() // "tags"
//	d.ReadToken() // [
//	d.ReadToken() // "a"
//	d.ReadValue() // "b"
//	d.ReadToken() // ]
//	d.ReadValue() // "meta"
//	d.ReadValue() // {"ok":true}
//	d.ReadToken() // }
//
// Other sequences read the same input just as well; this one mixes the two
// methods only to show that it can be done. Object names, for example,
// would more naturally all be read with ReadToken.
type Decoder struct {
	s decoderState
}

// decodeBuffer is the input: buf holds what has been read from rd and not
// yet discarded. buf[prevStart:prevEnd] is the token or value returned
// last, buf[prevEnd:] what has not been returned yet; base is the offset
// of buf[0] in the whole input.
type decodeBuffer struct {
	buf       []byte
	prevStart int
	prevEnd   int
	base      int64
	rd        io.Reader

	// prevFlags describes buf[prevStart:prevEnd] when it is a string.
	prevFlags strFlags

	// A peeked token: peekPos > 0 is its position in buf; peekErr the
	// error PeekKind met, returned by the next read.
	peekPos int
	peekErr error
}

func (b *decodeBuffer) offsetAt(pos int) int64 { return b.base + int64(pos) }
func (b *decodeBuffer) prevOffset() int64      { return b.base + int64(b.prevStart) }
func (b *decodeBuffer) prevBytes() []byte      { return b.buf[b.prevStart:b.prevEnd] }

type decoderState struct {
	decodeBuffer
	m     machine
	names nameStack
	seen  nameSet // the names of open objects, unless duplicates are allowed
	opts  jsonopts.Struct

	tq tokenQueue       // tokens read ahead (decode_fast.go)
	ix tokenIndex       // the buffer's tokens listed (decode_index.go)
	vx *wire.TokenIndex // tokens of a value listed (valueFromIndex)

	// depthLimit is the deepest nesting the Decoder's own text may
	// reach: baseLimit (maxDepth unless the options set it) less the
	// containers open around it (see setDepthLimit).
	depthLimit, baseLimit int

	checkDup  bool // !AllowDuplicateNames
	checkUTF8 bool // !AllowInvalidUTF8
	slowOnly  bool // tests: no fast paths, only the reference
	noIndex   bool // tests: the fast path without the token index

	valFlags strFlags // what the last string read by value holds
	vxShort  bool     // valueFromIndex stopped at the end of the buffer
	// smallLast says that the last value valueInBuffer read was shorter
	// than valueSmall: the next, likely alike, is tried first by
	// valueFast, which settles small values sooner than the index.
	smallLast bool

	// indexOnly makes tokenFromIndex return errNotIndexed where it would
	// hand the token to the other paths (valueFromTokens).
	indexOnly bool
	kinds     []byte // scratch: the open containers of valueFast

	outer outerLevels // the levels around the Decoder's text (see within.go), if any
}

// Input buffering: the buffer starts small and grows (decodeBufGrowth
// times at a time, so that a long input costs few allocations) while much
// input keeps coming, up to decodeBufMax; it grows further, doubling, only
// to hold one token or value that is larger.
//
// A reader that holds its input in memory (bytes.Reader, strings.Reader),
// read whole by a first ReadValue, is copied into a buffer of its size
// decodeChunk bytes at a time as the value is read, from decodeChunked
// bytes on, rather than at once: the value is listed while its text is
// still in the cache, and the runtime copies a megabyte or more with
// stores that bypass the cache, leaving the listing to read it from
// memory.
const (
	decodeBufMin    = 1 << 10
	decodeBufMax    = 32 << 10
	decodeBufGrowth = 4
	decodeChunked   = 1 << 20
	decodeChunk     = 64 << 10
)

// NewDecoder returns a Decoder that reads from r under the given options.
//
// When r is a *bytes.Buffer, the Decoder parses the Buffer's contents where
// they are, without copying them into a buffer of its own. The caller
// must not write more to the Buffer until it is done with the Decoder.
func NewDecoder(r io.Reader, opts ...Options) *Decoder {
	d := new(Decoder)
	d.Reset(r, opts...)
	return d
}

// Reset discards the state of d and makes it read from r under the given
// options, as though it had just been returned by NewDecoder.
func (d *Decoder) Reset(r io.Reader, opts ...Options) {
	switch {
	case d == nil:
		panic("jsontext: invalid nil Decoder")
	case r == nil:
		panic("jsontext: invalid nil io.Reader")
	}
	buf := d.s.buf[:0]
	if _, ok := d.s.rd.(*bytes.Buffer); ok {
		buf = nil // it was the bytes.Buffer's
	}
	d.s.reset(buf, r, opts)
}

func (d *decoderState) reset(buf []byte, r io.Reader, opts []Options) {
	d.decodeBuffer = decodeBuffer{buf: buf, rd: r}
	d.outer = outerLevels{}
	d.tq.drop()
	d.tq.size = batchMin
	d.ix.drop()
	d.smallLast = false
	d.m.reset()
	d.names.reset()
	d.seen.reset()
	var o jsonopts.Struct
	o.Join(opts...)
	d.opts = o
	d.baseLimit = maxDepth
	if o.Flags.Has(jsonopts.DepthLimit) && o.DepthLimit > 0 {
		d.baseLimit = o.DepthLimit
	}
	d.setDepthLimit()
	d.checkDup = !o.Flags.Get(jsonopts.AllowDuplicateNames)
	d.checkUTF8 = !o.Flags.Get(jsonopts.AllowInvalidUTF8)
}

// Options returns the options that d was created or last reset with.
func (d *Decoder) Options() Options {
	return &d.s.opts
}

// fetch reads more input into buf. Positions in buf may move: callers
// keep absolute offsets across it. It returns io.ErrUnexpectedEOF when the
// input has ended.
func (d *decoderState) fetch() error {
	if d.rd == nil {
		return io.ErrUnexpectedEOF
	}
	d.names.copyOut(d.buf)
	d.ix.drop()

	if bb, ok := d.rd.(*bytes.Buffer); ok {
		switch {
		case bb.Len() == 0:
			return io.ErrUnexpectedEOF
		case len(d.buf) == 0:
			d.buf = bb.Next(bb.Len())
			return nil
		default:
			return &ioError{action: "read", err: errBufferWriteAfterNext}
		}
	}

	// Discard what was returned before the last token or value, and grow
	// when the buffer is small for how much input has gone through it, or
	// when what is kept fills most of it (a large token or value).
	keep := len(d.buf) - d.prevStart
	c := cap(d.buf)
	switch {
	case c == 0:
		c = decodeBufMin
		if r, ok := d.rd.(interface{ Len() int }); ok {
			// A reader that says how much it holds: a buffer for all of
			// it, up to decodeBufMax, rather than growing to it.
			c = min(max(r.Len(), c), decodeBufMax)
		}
	case keep >= c*3/4:
		c *= 2
	case c < decodeBufMax && int64(c) < d.offsetAt(d.prevEnd)/2:
		c = min(c*decodeBufGrowth, max(decodeBufMax, c))
	}
	if c != cap(d.buf) {
		buf := make([]byte, keep, c)
		copy(buf, d.buf[d.prevStart:])
		d.buf = buf
	} else {
		d.buf = d.buf[:copy(d.buf[:c], d.buf[d.prevStart:])]
	}
	d.base += int64(d.prevStart)
	d.prevEnd -= d.prevStart
	d.prevStart = 0

	for {
		n, err := d.rd.Read(d.buf[len(d.buf):cap(d.buf)])
		switch {
		case n > 0:
			d.buf = d.buf[:len(d.buf)+n]
			return nil
		case err == io.EOF:
			return io.ErrUnexpectedEOF
		case err != nil:
			return &ioError{action: "read", err: err}
		}
	}
}

// more fetches input while keeping the position pos: it returns pos
// moved with the buffer's contents.
func (d *decoderState) more(pos int) (int, error) {
	abs := d.offsetAt(pos)
	err := d.fetch()
	return int(abs - d.base), err
}

// space skips whitespace from pos, reading more input as needed. Without
// an error, buf[pos] is the next byte.
func (d *decoderState) space(pos int) (int, error) {
	for {
		pos += skipSpace(d.buf[pos:])
		if pos < len(d.buf) {
			return pos, nil
		}
		var err error
		if pos, err = d.more(pos); err != nil {
			return pos, err
		}
	}
}

// wrapError places err: a SyntacticError at the offset of buf[pos], with a
// JSON Pointer to where the decoder is (see appendPointer for where) and
// the path err carries inside the value being read. I/O errors and
// io.EOF are returned as they are.
func (d *decoderState) wrapError(err error, pos, where int) error {
	if _, ok := err.(*ioError); ok || err == io.EOF {
		return err
	}
	d.names.copyOut(d.buf)
	ptr := appendPointer(nil, &d.m, &d.names, where)
	if pe, ok := err.(*pathError); ok {
		ptr = pe.appendTo(ptr)
		err = pe.error
	}
	if err == errMismatchDelim {
		// The decoder says why in terms of the byte it found.
		w := whereStartValue
		if len(d.m.outer) > 0 && !d.m.last.isEmpty() {
			if d.m.last.isArray() {
				w = whereAfterElement
			} else {
				w = whereAfterValue
			}
			ptr = []byte(Pointer(ptr).Parent())
		}
		pos, err = d.badChar(pos, w)
	}
	return &SyntacticError{ByteOffset: d.offsetAt(pos), JSONPointer: Pointer(ptr), Err: err}
}

// badChar reports the character at buf[pos] as unexpected where it is.
// If the buffer ends inside the character's UTF-8 sequence, it reads more
// input first, so that the message does not depend on how the input was
// cut into reads; pos moves with the buffer.
func (d *decoderState) badChar(pos int, where string) (int, error) {
	for len(d.buf)-pos < 4 && d.buf[pos] >= 0x80 && !utf8.FullRune(d.buf[pos:]) {
		p, err := d.more(pos)
		pos = p
		if err != nil {
			break
		}
	}
	return pos, invalidChar(d.buf[pos:], where)
}

// PeekKind returns the kind of the next token without consuming it.
//
// If the next token cannot be determined because of an error, PeekKind
// returns KindInvalid and holds the error back; the next read call
// reports it. A caller that sees KindInvalid should therefore make such a
// call to learn what went wrong.
func (d *Decoder) PeekKind() Kind {
	return d.s.peekKind()
}

func (d *decoderState) peekKind() Kind {
	if d.peekPos > 0 {
		return kindOf[d.buf[d.peekPos]]
	}
	if d.tq.next < d.tq.n {
		return kindOf[d.buf[d.tq.q[d.tq.next].start]]
	}
	// A peek that failed is tried again: the input may have grown. (The
	// error is set only with peekPos -1; pointers are written only when
	// they change, which spares a write barrier while the GC runs.)
	if d.peekPos < 0 {
		d.peekErr = nil
	}
	d.peekPos = 0
	pos, next, err := d.locate()
	d.ix.fast = 0 // a token is peeked: tokenFromIndex must see to it
	if err != nil {
		d.peekPos, d.peekErr = -1, err
		return KindInvalid
	}
	d.peekPos = pos
	return next
}

// locateInBuffer is locate for the common case: the next token starts in
// the buffer, after whitespace and the delimiter the grammar needs there.
// Otherwise (and when a token was peeked) ok is false and nothing changes.
func (d *decoderState) locateInBuffer() (pos int, next Kind, ok bool) {
	buf, pos := d.buf, d.prevEnd
	if d.peekPos != 0 || pos >= len(buf) {
		return 0, 0, false
	}
	c := buf[pos]
	if c <= ' ' {
		if pos = wire.SkipSpace(wire.StringOf(buf), pos); pos >= len(buf) {
			return 0, 0, false
		}
		c = buf[pos]
	}
	var delim byte
	if c == ',' || c == ':' {
		delim = c
		pos++
		if pos >= len(buf) {
			return 0, 0, false
		}
		if c = buf[pos]; c <= ' ' {
			if pos = wire.SkipSpace(wire.StringOf(buf), pos); pos >= len(buf) {
				return 0, 0, false
			}
			c = buf[pos]
		}
	}
	next = kindOf[c]
	if d.m.needDelim(next) != delim {
		return 0, 0, false
	}
	return pos, next, true
}

// locate finds the next token: it skips whitespace and the delimiter
// before the token, checking that the delimiter is the one the grammar
// needs there, and returns the token's position and kind.
func (d *decoderState) locate() (int, Kind, error) {
	if d.peekPos != 0 {
		pos, err := d.peekPos, d.peekErr
		d.peekPos = 0
		if err != nil {
			d.peekErr = nil
			return 0, 0, err
		}
		return pos, kindOf[d.buf[pos]], nil
	}
	pos := d.prevEnd
	if pos >= len(d.buf) || isSpace(d.buf[pos]) {
		var err error
		if pos, err = d.space(pos); err != nil {
			if err == io.ErrUnexpectedEOF && d.m.depth() == 1 {
				err = io.EOF
			}
			return 0, 0, d.wrapError(err, pos, 0)
		}
	}
	var delim byte
	if c := d.buf[pos]; c == ',' || c == ':' {
		delim = c
		pos++
		if pos >= len(d.buf) || isSpace(d.buf[pos]) {
			var err error
			if pos, err = d.space(pos); err != nil {
				err = d.wrapError(err, pos, 0)
				// What follows is unknown: a string could follow any
				// delimiter the grammar allows here.
				if d.m.needDelim('"') != delim {
					err = d.delimError(delim, '"')
				}
				return 0, 0, err
			}
		}
	}
	next := kindOf[d.buf[pos]]
	if d.m.needDelim(next) != delim {
		return 0, 0, d.delimError(delim, next)
	}
	return pos, next, nil
}

// delimError reports that the delimiter found before a token of kind next
// (delim, or 0 for none) is not the one the grammar needs.
func (d *decoderState) delimError(delim byte, next Kind) error {
	w := whereStartValue
	switch d.m.needDelim(next) {
	case ':':
		w = whereAfterName
	case ',':
		if d.m.last.isObject() {
			w = whereAfterValue
		} else {
			w = whereAfterElement
		}
	}
	pos, err := d.badChar(d.prevEnd+skipSpace(d.buf[d.prevEnd:]), w)
	return d.wrapError(err, pos, 0)
}

// ReadToken consumes and returns the next token. The Token refers to d's
// buffer and expires at d's next Peek, Read or Skip call. Once the input
// is exhausted, the error is io.EOF.
func (d *Decoder) ReadToken() (Token, error) {
	return d.s.tokenFromIndex()
}

func (d *decoderState) readToken() (Token, error) {
	return d.tokenFromIndex()
}

// readTokenRest is readToken where the token list does not serve: the
// tokens read ahead in a batch, else the reference.
func (d *decoderState) readTokenRest() (Token, error) {
	if d.indexOnly {
		return Token{}, errNotIndexed
	}
	if d.tq.next == d.tq.n && d.ix.live && !d.ix.off {
		// The list will serve the tokens after this one: read only it
		// ahead.
		d.tq.size = 1
	}
	if tok, ok := d.tokenInBuffer(); ok {
		return tok, nil
	}
	return d.readTokenSlow()
}

// readTokenSlow is ReadToken's general path: the reference.
func (d *decoderState) readTokenSlow() (Token, error) {
	pos, next, ok := d.locateInBuffer()
	if !ok {
		var err error
		if pos, next, err = d.locate(); err != nil {
			return Token{}, err
		}
	}
	var err error
	switch next {
	case 'n', 'f', 't':
		lit, tok := literalOf(next)
		end := pos + len(lit)
		if end > len(d.buf) || string(d.buf[pos:end]) != lit {
			if end, err = d.literal(pos, lit); err != nil {
				return Token{}, d.wrapError(err, end, +1)
			}
			pos = end - len(lit)
		}
		if err := d.m.appendLiteral(); err != nil {
			return Token{}, d.wrapError(err, pos, +1)
		}
		d.prevStart, d.prevEnd = end, end
		return tok, nil

	case '"':
		pos, end, fl, err := d.stringAt(pos)
		if err != nil {
			return Token{}, d.wrapError(err, end, +1)
		}
		if d.m.last.needName() {
			if d.checkDup && !d.seen.insertQuoted(d.buf[pos:end], fl.verbatim()) {
				return Token{}, d.wrapError(inMember(ErrDuplicateName, d.buf[pos:end]), pos, +1)
			}
			d.names.setLast(pos)
		}
		d.m.appendString()
		d.prevStart, d.prevEnd, d.prevFlags = pos, end, fl
		return Token{raw: &d.decodeBuffer, num: uint64(d.offsetAt(pos))}, nil

	case '0':
		pos, end, err := d.numberAt(pos)
		if err != nil {
			return Token{}, d.wrapError(err, end, +1)
		}
		if err := d.m.appendLiteral(); err != nil {
			return Token{}, d.wrapError(err, pos, +1)
		}
		d.prevStart, d.prevEnd = pos, end
		return Token{raw: &d.decodeBuffer, num: uint64(d.offsetAt(pos))}, nil

	case '{', '[':
		if err := d.m.push(next == '{'); err != nil {
			return Token{}, d.wrapError(err, pos, +1)
		}
		tok := BeginArray
		if next == '{' {
			d.names.push()
			if d.checkDup {
				d.seen.push()
			}
			tok = BeginObject
		}
		d.prevStart, d.prevEnd = pos+1, pos+1
		return tok, nil

	case '}':
		if err := d.m.popObject(); err != nil {
			return Token{}, d.wrapError(err, pos, +1)
		}
		d.names.pop()
		if d.checkDup {
			d.seen.pop()
		}
		d.prevStart, d.prevEnd = pos+1, pos+1
		return EndObject, nil

	case ']':
		if err := d.m.popArray(); err != nil {
			return Token{}, d.wrapError(err, pos, +1)
		}
		d.prevStart, d.prevEnd = pos+1, pos+1
		return EndArray, nil
	}
	pos, err = d.badChar(pos, whereStartValue)
	return Token{}, d.wrapError(err, pos, +1)
}

func literalOf(k Kind) (string, Token) {
	switch k {
	case 'n':
		return "null", Null
	case 'f':
		return "false", False
	}
	return "true", True
}

// literal reads the literal lit at pos, reading more input as needed, and
// returns the position after it (or of the error).
func (d *decoderState) literal(pos int, lit string) (int, error) {
	for {
		n, err := consumeLiteral(d.buf[pos:], lit)
		if err != io.ErrUnexpectedEOF && !d.cutShort(err, pos+n) {
			return pos + n, err
		}
		p, ferr := d.more(pos)
		pos = p
		if ferr != nil {
			if err == io.ErrUnexpectedEOF {
				err = ferr
			}
			return pos + n, err
		}
	}
}

// maxErrorText is the most input an error quotes: an invalid surrogate
// pair (two \uXXXX escapes).
const maxErrorText = 12

// cutShort reports whether err, found at buf[at], quotes text that may run
// past the end of the buffer: then the caller reads more and looks again,
// so that the error does not depend on how the input was cut into reads.
func (d *decoderState) cutShort(err error, at int) bool {
	if _, ok := err.(*invalidTextError); !ok {
		return false
	}
	return len(d.buf)-at < maxErrorText && d.rd != nil
}
