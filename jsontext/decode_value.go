package jsontext

import (
	"bytes"
	"errors"
	"io"
	"strings"

	"github.com/jetjson/jet/internal/wire"
)

// stringAt reads the string at buf[pos], reading more input as needed.
// It returns the string's start and end (moved with the buffer) and what
// it holds; on error, end is where the error was found.
func (d *decoderState) stringAt(pos int) (start, end int, fl strFlags, err error) {
	if end, fl, ok := d.stringInBuffer(pos); ok {
		return pos, end, fl, nil
	}
	n := 0
	for {
		m, err := consumeString(d.buf[pos:], n, &fl, d.checkUTF8)
		cut := d.cutShort(err, pos+m)
		if err != io.ErrUnexpectedEOF && !cut {
			return pos, pos + m, fl, err
		}
		if !cut {
			n = m
		}
		p, ferr := d.more(pos)
		pos = p
		if ferr != nil {
			if !cut {
				err = ferr
			}
			return pos, pos + m, fl, err
		}
	}
}

// stringInBuffer reads the string at buf[pos] when it lies whole in the
// buffer and is valid; ok is false otherwise (the caller then reads it
// with consumeString, which says why).
func (d *decoderState) stringInBuffer(pos int) (end int, fl strFlags, ok bool) {
	if d.buf[pos] != '"' {
		return 0, 0, false
	}
	end, wfl, ok := wire.ScanString(wire.StringOf(d.buf), pos)
	if !ok {
		return 0, 0, false
	}
	if wfl&wire.Escaped != 0 {
		// Escapes are rarer: the reference settles surrogates and flags.
		return 0, 0, false
	}
	if wfl&wire.NonASCII != 0 && !wire.ValidUTF8(wire.StringOf(d.buf[pos+1:end-1])) {
		if d.checkUTF8 {
			return 0, 0, false
		}
		fl = strNotVerbatim | strNotCanonical
	}
	return end, fl, true
}

// numberAt reads the number at buf[pos], reading more input as needed
// (a number ends only where a byte that cannot continue it follows, or at
// the end of the input). It returns the number's start and end (moved
// with the buffer); on error, end is where the error was found, which for
// input that ends inside the number is its start.
func (d *decoderState) numberAt(pos int) (start, end int, err error) {
	if end := scanNumberEnd(wire.StringOf(d.buf), pos); end > 0 && end < len(d.buf) {
		return pos, end, nil
	}
	n := 0
	var st numState
	for {
		var m int
		var st2 numState
		m, st2, err = consumeNumber(d.buf[pos:], n, st)
		switch {
		case err == nil && pos+m < len(d.buf):
			return pos, pos + m, nil
		case err != nil && err != io.ErrUnexpectedEOF:
			if !d.cutShort(err, pos+m) {
				return pos, pos + m, err
			}
			if p, ferr := d.more(pos); ferr != nil {
				return p, p + m, err
			} else {
				pos = p
			}
			continue
		}
		st = st2
		complete := err == nil
		n = m
		if pos, err = d.more(pos); err != nil {
			if complete && err == io.ErrUnexpectedEOF {
				return pos, pos + n, nil
			}
			return pos, pos, err
		}
	}
}

// ReadValue consumes and returns the next complete JSON value. The result
// is exactly the input text of that value, without the whitespace around
// it; under AllowInvalidUTF8 it may therefore contain invalid UTF-8.
//
// The Value shares d's buffer: it expires at d's next Peek, Read or Skip
// call, and must be left unmodified for as long as d is in use. When the
// next token closes an object or array, there is no value to read:
// ReadValue returns a SyntacticError and leaves d as it was. Once the
// input is exhausted, the error is io.EOF.
func (d *Decoder) ReadValue() (Value, error) {
	return d.s.readValue()
}

func (d *decoderState) readValue() (Value, error) {
	d.tq.drop()
	if cap(d.buf) == 0 {
		d.readAll()
	}
	if d.ix.live && !d.ix.off {
		if v, ok := d.valueFromTokens(); ok {
			return v, nil
		}
	}
	pos, next, err := d.locate()
	if err != nil {
		return nil, err
	}
	start := d.offsetAt(pos)
	end, ok := d.valueInBuffer(pos, d.m.depth())
	if !ok {
		if end, err = d.value(int(start-d.base), d.m.depth()); err != nil {
			return nil, d.wrapError(err, end, +1)
		}
	}
	pos = int(start - d.base)
	switch next {
	case 'n', 'f', 't', '0':
		err = d.m.appendLiteral()
	case '"':
		if d.m.last.needName() {
			if d.checkDup && !d.seen.insertQuoted(d.buf[pos:end], d.valFlags.verbatim()) {
				err = inMember(ErrDuplicateName, d.buf[pos:end])
				break
			}
			d.names.setLast(pos)
		}
		d.m.appendString()
	case '{', '[':
		// A whole container counts as one value: it is checked by the
		// grammar as if opened and closed at once.
		if err = d.m.push(next == '{'); err == nil {
			d.m.pop()
		}
	}
	if err != nil {
		return nil, d.wrapError(err, pos, +1)
	}
	d.prevStart, d.prevEnd, d.prevFlags = pos, end, d.valFlags
	return Value(d.buf[pos:end:end]), nil
}

// errNotIndexed is tokenFromIndex's answer, under indexOnly, for a token
// that the token list does not settle.
var errNotIndexed = errors.New("jsontext: not read from the token list")

// valueFromTokens is readValue for a string, number or literal that the
// buffer's token list (decode_index.go) holds, read as ReadToken reads it:
// a scalar's value is its token, and the grammar the same. Anything else
// (a container, an error, a token the list does not settle) is left to
// readValue, with nothing changed.
func (d *decoderState) valueFromTokens() (Value, bool) {
	if d.peekPos < 0 {
		return nil, false // the error PeekKind met is this read's
	}
	switch d.peekKind() {
	case '"', '0', 'n', 't', 'f':
	default:
		return nil, false
	}
	// (The list may take more input, moving the buffer's contents.)
	start := d.offsetAt(d.peekPos)
	d.indexOnly = true
	_, err := d.tokenFromIndex()
	d.indexOnly = false
	if err != nil {
		return nil, false
	}
	pos, end := int(start-d.base), d.prevEnd
	d.prevStart, d.prevFlags = pos, strMaybeEscaped
	return Value(d.buf[pos:end:end]), true
}

// valueInBuffer is value's fast path: the value read whole from the
// buffer (see valueFast). When the buffer ends inside the value and the
// reader can say how much it has left (bytes.Reader, strings.Reader), it
// reads more, in steps that grow with the value (not all it holds at
// once: a stream of small values is not copied whole), and tries again;
// other readers leave the value to value, which reads as it goes. pos may move with the buffer.
func (d *decoderState) valueInBuffer(pos, depth int) (int, bool) {
	if d.slowOnly {
		return pos, false
	}
	if d.smallLast {
		// Tried over a few times a small value's length at most, so
		// that a large value after small ones costs little more.
		if end, ok := d.valueFastWithin(pos, depth, pos+valueSmallTry); ok {
			d.smallLast = end-pos < valueSmall
			return end, ok
		}
	}
	r, sized := d.rd.(interface{ Len() int })
	atEnd := d.rd == nil || sized && r.Len() == 0
	if end, ok := d.valueFromIndex(pos, depth, atEnd); ok {
		d.smallLast = end-pos < valueSmall
		return end, ok
	}
	if !d.vxShort || !sized || atEnd {
		// Unless the list ran out of input that the reader holds, the
		// one-loop read, which settles values the list does not and
		// finds where one stops.
		end, ok := d.valueFast(pos, depth)
		if ok || len(d.buf)-end > fastLookahead {
			return end, ok
		}
		if !sized || d.rd == nil {
			return pos, false
		}
	}
	for {
		abs := d.offsetAt(pos)
		n := r.Len()
		if n == 0 {
			return pos, false
		}
		// Room for a few times what the value has so far, or for the
		// rest of the input if less: a stream of small values is not
		// copied whole into the buffer, and a large value is read in
		// steps that grow with it (each tries it again, from its start:
		// linear in all).
		d.reserve(min(n, max(valueReadMin, valueReadGrowth*(len(d.buf)-pos))))
		// Read into the room made, without the growth policy of fetch;
		// an error of the reader is left to the general path, which
		// reads again.
		d.ix.drop()
		had := len(d.buf)
		for r.Len() > 0 && len(d.buf) < cap(d.buf) {
			m, err := d.rd.Read(d.buf[len(d.buf):cap(d.buf)])
			d.buf = d.buf[:len(d.buf)+m]
			if err != nil || m == 0 {
				break
			}
		}
		pos = int(abs - d.base)
		if len(d.buf) == had {
			return pos, false
		}
		if end, ok := d.valueFromIndex(pos, depth, r.Len() == 0); ok {
			return end, ok
		}
		end, ok := d.valueFast(pos, depth)
		if ok || len(d.buf)-end > fastLookahead || r.Len() == 0 {
			return end, ok
		}
	}
}

// readAll reads at once, into a buffer of its size, all that a reader
// holds when it says how much (bytes.Reader, strings.Reader): the first
// read of a Decoder that starts with ReadValue, which would otherwise read
// part of the value, find it cut short, and read the rest to read it
// again. Errors are left to the general path, which reads again. From
// decodeChunked bytes on, where the token list serves, the buffer is
// only made its size here and filled as the value is listed (see
// decodeChunk).
func (d *decoderState) readAll() {
	r, ok := d.rd.(interface{ Len() int })
	if !ok || d.slowOnly {
		return
	}
	if _, ok := d.rd.(*bytes.Buffer); ok {
		return // fetch takes its contents without a copy
	}
	n := r.Len()
	if n <= 0 {
		return
	}
	if n >= decodeChunked && wire.VectorIndex && !d.noIndex && d.holdsMore() {
		// A buffer of its size, filled as the value's tokens are listed
		// (valueWalk.more).
		d.buf = make([]byte, 0, n)
		d.readChunk()
		return
	}
	switch rd := d.rd.(type) {
	case *bytes.Reader:
		// Its contents, copied once into memory that is not cleared
		// first (the copy of a string or slice that append makes).
		a := appender{buf: d.buf}
		rd.WriteTo(&a)
		d.buf = a.buf
		return
	case *strings.Reader:
		a := appender{buf: d.buf}
		rd.WriteTo(&a)
		d.buf = a.buf
		return
	}
	d.buf = make([]byte, 0, n)
	for len(d.buf) < n && r.Len() > 0 {
		m, err := d.rd.Read(d.buf[len(d.buf):n])
		d.buf = d.buf[:len(d.buf)+m]
		if err != nil || m == 0 {
			break
		}
	}
}

// readChunk reads up to decodeChunk more bytes into the room the buffer
// has, from a reader that holds them in memory (see holdsMore), without
// moving the buffer. It reports whether it read any.
func (d *decoderState) readChunk() bool {
	room := d.buf[len(d.buf):cap(d.buf)]
	if len(room) > decodeChunk {
		room = room[:decodeChunk]
	}
	var m int
	switch r := d.rd.(type) {
	case *bytes.Reader:
		m, _ = r.Read(room)
	case *strings.Reader:
		m, _ = r.Read(room)
	}
	d.buf = d.buf[:len(d.buf)+m]
	return m > 0
}

// appender is an io.Writer (and io.StringWriter) that appends what it is
// given to buf, for the WriteTo of a bytes.Reader or strings.Reader: they
// hand it all they hold at once, and cannot fail.
type appender struct{ buf []byte }

func (a *appender) Write(p []byte) (int, error) {
	a.buf = append(a.buf, p...)
	return len(p), nil
}

func (a *appender) WriteString(s string) (int, error) {
	a.buf = append(a.buf, s...)
	return len(s), nil
}

// reserve makes room for n more bytes in the buffer, keeping what is
// kept across a fetch.
func (d *decoderState) reserve(n int) {
	if cap(d.buf)-len(d.buf) >= n {
		return
	}
	keep := len(d.buf) - d.prevStart
	d.names.copyOut(d.buf)
	d.ix.drop()
	if cap(d.buf)-keep >= n {
		// Room once what was returned before is discarded.
		d.buf = d.buf[:copy(d.buf, d.buf[d.prevStart:])]
	} else {
		buf := make([]byte, keep, keep+n)
		copy(buf, d.buf[d.prevStart:])
		d.buf = buf
	}
	d.base += int64(d.prevStart)
	d.prevEnd -= d.prevStart
	d.prevStart = 0
}

// value reads the value at buf[pos], nested depth deep, reading more input
// as needed, and returns the position after it (or of the error).
func (d *decoderState) value(pos, depth int) (int, error) {
	switch next := kindOf[d.buf[pos]]; next {
	case 'n', 'f', 't':
		lit, _ := literalOf(next)
		return d.literal(pos, lit)
	case '"':
		_, end, fl, err := d.stringAt(pos)
		d.valFlags = fl
		return end, err
	case '0':
		_, end, err := d.numberAt(pos)
		return end, err
	case '{':
		return d.object(pos, depth)
	case '[':
		return d.array(pos, depth)
	case '}', ']':
		// Seen from where the decoder is, an end that does not match.
		if d.m.last.isObject() == (next == ']') {
			return pos, errMismatchDelim
		}
	}
	return d.badChar(pos, whereStartValue)
}

func (d *decoderState) object(pos, depth int) (int, error) {
	if depth > d.depthLimit {
		return pos, errMaxDepth
	}
	pos, err := d.space(pos + 1)
	if err != nil {
		return pos, err
	}
	if d.buf[pos] == '}' {
		return pos + 1, nil
	}
	if d.checkDup {
		d.seen.push()
		defer d.seen.pop()
	}
	depth++
	for {
		if pos, err = d.space(pos); err != nil {
			return pos, err
		}
		start, end, fl, err := d.stringAt(pos)
		if err != nil {
			return end, err
		}
		// The name stays in the buffer while the value is read (only what
		// came before the value's start is ever discarded), but it may
		// move: keep its offset.
		nameAt, nameLen := d.offsetAt(start), end-start
		name := func() []byte {
			i := int(nameAt - d.base)
			return d.buf[i : i+nameLen]
		}
		if d.checkDup && !d.seen.insertQuoted(d.buf[start:end], fl.verbatim()) {
			return start, inMember(ErrDuplicateName, d.buf[start:end])
		}
		if pos, err = d.space(end); err != nil {
			return pos, inMember(err, name())
		}
		if d.buf[pos] != ':' {
			pos, err = d.badChar(pos, whereAfterName)
			return pos, inMember(err, name())
		}
		if pos, err = d.space(pos + 1); err != nil {
			return pos, inMember(err, name())
		}
		if pos, err = d.value(pos, depth); err != nil {
			return pos, inMember(err, name())
		}
		if pos, err = d.space(pos); err != nil {
			return pos, err
		}
		switch d.buf[pos] {
		case ',':
			pos++
		case '}':
			return pos + 1, nil
		default:
			return d.badChar(pos, whereAfterValue)
		}
	}
}

func (d *decoderState) array(pos, depth int) (int, error) {
	if depth > d.depthLimit {
		return pos, errMaxDepth
	}
	pos, err := d.space(pos + 1)
	if err != nil {
		return pos, err
	}
	if d.buf[pos] == ']' {
		return pos + 1, nil
	}
	depth++
	for i := int64(0); ; i++ {
		if pos, err = d.space(pos); err != nil {
			return pos, err
		}
		if pos, err = d.value(pos, depth); err != nil {
			return pos, inElement(err, i)
		}
		if pos, err = d.space(pos); err != nil {
			return pos, err
		}
		switch d.buf[pos] {
		case ',':
			pos++
		case ']':
			return pos + 1, nil
		default:
			return d.badChar(pos, whereAfterElement)
		}
	}
}

// SkipValue consumes the next JSON value and discards it. Its effect is
// that of Decoder.ReadValue with the result ignored, but it need not keep
// the whole value in memory.
func (d *Decoder) SkipValue() error {
	return d.s.skipValue()
}

func (d *decoderState) skipValue() error {
	d.tq.drop()
	switch d.peekKind() {
	case '{', '[':
		if pos := d.peekPos; !d.slowOnly && !d.m.last.needName() && len(d.m.outer) < d.depthLimit && !(d.ix.live && !d.ix.off) {
			// The whole container in the buffer: as if read token by
			// token. (Where the buffer's token list serves, the tokens
			// are read from it: it is listed already, and a container
			// that runs past the buffer would be walked twice.)
			r, sized := d.rd.(interface{ Len() int })
			end, ok := d.valueFromIndex(pos, d.m.depth(), d.rd == nil || sized && r.Len() == 0)
			if !ok && !d.vxShort {
				end, ok = d.valueFast(pos, d.m.depth())
			}
			if ok {
				d.peekPos = 0
				d.m.last++
				d.prevStart, d.prevEnd = end, end
				return nil
			}
		}
		depth := d.m.depth()
		for {
			if _, err := d.readToken(); err != nil {
				return err
			}
			if d.m.depth() <= depth {
				return nil
			}
			// As many tokens as the buffer's list serves, read at once.
			if d.skipFromIndex(depth) {
				return nil
			}
		}
	}
	_, err := d.readValue()
	return err
}

// InputOffset returns the offset in the input just past the token or value
// returned last; the next token starts at or after that byte. Because of
// buffering, more bytes than that may already have been read from the
// io.Reader.
func (d *Decoder) InputOffset() int64 {
	return d.s.offsetAt(d.s.prevEnd)
}

// UnreadBuffer returns the input that d has taken from its io.Reader but
// not yet returned through Decoder.ReadToken or Decoder.ReadValue; it may
// be empty. These bytes have not been checked against the JSON grammar,
// so they need not be valid JSON. How much input the Decoder buffers
// ahead is an implementation detail that may change between versions.
//
// To recover all the input that follows the last token or value read, a
// caller must append whatever is still left in the io.Reader to these
// bytes.
//
// The slice must not be modified while d is in use, and its contents stay
// valid only until the next call of a Peek, Read or Skip method on d.
func (d *Decoder) UnreadBuffer() []byte {
	return d.s.buf[d.s.prevEnd:len(d.s.buf)]
}

// StackDepth returns how many objects and arrays are open in the input
// read so far. A BeginObject or BeginArray token raises it by one, and an
// EndObject or EndArray token lowers it by one.
//
// It is 0 outside every object and array: before anything has been read,
// once a top-level value is complete, and between the values of a stream
// of top-level values such as NDJSON. Directly inside a top-level object
// or array it is 1, inside one nested in that it is 2, and so on.
func (d *Decoder) StackDepth() int {
	if d.s.outer.src != nil {
		return d.s.outer.stackDepth(&d.s.m)
	}
	return d.s.m.depth() - 1
}

// StackIndex describes level i of the nesting stack, where i ranges from
// 0 to Decoder.StackDepth inclusive. The Kind it returns is
// KindBeginObject when level i is an object, KindBeginArray when it is an
// array, and KindInvalid for level 0, which stands for the top level.
//
// The number it returns is how many items have been read so far at that
// level. In an object, names and values are counted as separate items, so
// the count is twice the number of members, and it is always even once a
// member is complete.
func (d *Decoder) StackIndex(i int) (Kind, int64) {
	if d.s.outer.src != nil {
		return d.s.outer.stackIndex(&d.s.m, i)
	}
	return stackIndex(&d.s.m, i)
}

func stackIndex(m *machine, i int) (Kind, int64) {
	l := m.at(i)
	switch {
	case i == 0:
		return KindInvalid, l.length()
	case l.isObject():
		return KindBeginObject, l.length()
	}
	return KindBeginArray, l.length()
}

// StackPointer locates, as an RFC 6901 JSON Pointer, the value that d
// read last.
func (d *Decoder) StackPointer() Pointer {
	d.s.names.copyOut(d.s.buf)
	if d.s.outer.src != nil {
		return Pointer(d.s.outer.appendPointer(nil, &d.s.m, &d.s.names))
	}
	return Pointer(appendPointer(nil, &d.s.m, &d.s.names, -1))
}
