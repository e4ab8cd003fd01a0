package jsontext

import (
	"bytes"
	"io"
	"math"
	"math/bits"
	"strconv"

	"github.com/jetjson/jet/internal/jsonopts"
	"github.com/jetjson/jet/internal/textexport"
	"github.com/jetjson/jet/internal/wire"
)

// Encoder produces JSON text on an io.Writer, one token or one value at a
// time. The text is a sequence of top-level JSON values, and the Encoder
// ends each of them with a newline.
//
// Calls to Encoder.WriteToken and Encoder.WriteValue can be mixed freely.
// This call sequence, for instance (errors left unchecked to keep it
// short),
//
//	e.WriteToken(BeginObject)          // {
//	e.WriteToken(String("id"))         // "id"
//	e.WriteToken(Int(7))               // 7
//	e.WriteValue(Value(`"tags"`))      // "tags"
//	e.WriteToken(BeginArray)           // [
//	e.WriteToken(String("a"))          // "a"
//	e.WriteValue(Value(`"b"`))         // "b"
//	e.WriteToken(EndArray)             // ]
//	e.WriteToken(String("meta"))       // "meta"
//	e.WriteValue(Value(`{"ok":true}`)) // {"ok":true}
//	e.WriteToken(EndObject)            // }
//
// produces the value
//
//	{"id":7,"tags":["a","b"],"meta":{"ok":true}}
//
// Other sequences give the same output; this one mixes the two methods
// only to show that it can be done. Object names, for example, would more
// naturally all be written with WriteToken and String.
type Encoder struct {
	s encoderState
}

type encoderState struct {
	// buf holds output not yet written to wr; base is the offset of
	// buf[0] in the whole output. With a *bytes.Buffer as wr, buf is the
	// bytes.Buffer's own free space.
	buf  []byte
	base int64
	wr   io.Writer

	maxValue int    // about the largest Value given to WriteValue
	avail    []byte // the buffer AvailableBuffer returns

	m     machine
	names nameStack
	seen  nameSet // the names of the open objects, unless duplicates are allowed
	opts  jsonopts.Struct
	fl    fmtFlags
	outer outerLevels // the levels around the Encoder's text (see within.go), if any
	// depthLimit is the deepest nesting the Encoder's own text may
	// reach: maxDepth less the containers open around it, as Go's
	// limit is on the whole text (see setDepthLimit).
	depthLimit int

	// stuck is the level (as StackIndex counts them) of an object whose
	// names were lost when the v2 package's MarshalEncode failed inside
	// it: as in Go's jsontext, nothing more may be written there (and
	// so nothing at all after it). It counts while fl has fmtStuck,
	// which keeps every token off the fast paths; Reset clears both.
	stuck int

	// A Value's method formats its value with asIs set: when the value
	// is written exactly as it is, reformatFast leaves it out of buf and
	// sets wasAsIs (the method then keeps the value as it is).
	asIs, wasAsIs bool

	slowOnly    bool // tests: no fast paths, only the reference
	stepsOnly   bool // tests: reformatFast without its inner loops
	noIndex     bool // tests: reformatFast without its token list
	indexAlways bool // tests: reformatFast with its token list wherever it can
	noStrip     bool // tests: reformatFast without its whole-value passes (wire.StripSpace, wire.Valid)
	stripAlways bool // tests: reformatFast dropping whitespace first whatever the value
	validFirst  bool // tests: reformatFast checking a value to write as it is (Compact) before dropping its whitespace

	// Scratch space of the fast paths, kept from value to value.
	padded                   []byte // reformatSmall's copy of a short value
	open                     []byte // the open containers of reformatFast
	openMax                  int    // how many may be open (depthLimit allows)
	nameCheck                nameCheck
	reorder                  reorderer2
	indents                  []byte // see indentText
	indentPrefix, indentUnit string // what indents was made of
	scratch                  []byte // a string decoded to be quoted again
	stripBuf                 []byte // see hasSpace
	tix                      *wire.TokenIndex
}

// fmtFlags are the options that decide how text is written, as bits.
type fmtFlags uint16

const (
	fmtCheckDup fmtFlags = 1 << iota
	fmtCheckUTF8
	fmtHTML
	fmtJS
	fmtPreserveStrings
	fmtCanonInts
	fmtCanonFloats
	fmtReorder
	fmtMultiline
	fmtSpaceColon
	fmtSpaceComma
	fmtNoNewline
	fmtStuck // not an option: the Encoder is stuck (see encoderState.stuck); only the general path writes

	fmtEscape    = fmtHTML | fmtJS
	fmtCanonNums = fmtCanonInts | fmtCanonFloats
	fmtSpace     = fmtMultiline | fmtSpaceColon | fmtSpaceComma
)

func fmtFlagsOf(o *jsonopts.Struct) fmtFlags {
	var fl fmtFlags
	set := func(b jsonopts.Bools, f fmtFlags) {
		if o.Flags.Get(b) {
			fl |= f
		}
	}
	if !o.Flags.Get(jsonopts.AllowDuplicateNames) {
		fl |= fmtCheckDup
	}
	if !o.Flags.Get(jsonopts.AllowInvalidUTF8) {
		fl |= fmtCheckUTF8
	}
	set(jsonopts.EscapeForHTML, fmtHTML)
	set(jsonopts.EscapeForJS, fmtJS)
	set(jsonopts.PreserveRawStrings, fmtPreserveStrings)
	set(jsonopts.CanonicalizeRawInts, fmtCanonInts)
	set(jsonopts.CanonicalizeRawFloats, fmtCanonFloats)
	set(jsonopts.ReorderRawObjects, fmtReorder)
	set(jsonopts.Multiline, fmtMultiline)
	set(jsonopts.SpaceAfterColon, fmtSpaceColon)
	set(jsonopts.SpaceAfterComma, fmtSpaceComma)
	set(jsonopts.OmitTopLevelNewline, fmtNoNewline)
	return fl
}

// Output buffering: the buffer is flushed after each top-level value and
// when it is three quarters full; it grows while much output goes
// through it, up to encodeBufMax (more only to hold a large token).
const encodeBufMax = 4 << 10

// NewEncoder returns an Encoder that writes to w under the given options.
// Output is buffered and passed to w once the buffer is nearly full and
// at the end of every top-level value.
//
// When w is a *bytes.Buffer, the Encoder writes straight into the
// Buffer's spare capacity, with no intermediate copy.
func NewEncoder(w io.Writer, opts ...Options) *Encoder {
	e := new(Encoder)
	e.Reset(w, opts...)
	return e
}

// Reset discards the state of e and makes it write to w under the given
// options, as though it had just been returned by NewEncoder.
func (e *Encoder) Reset(w io.Writer, opts ...Options) {
	switch {
	case e == nil:
		panic("jsontext: invalid nil Encoder")
	case w == nil:
		panic("jsontext: invalid nil io.Writer")
	}
	buf := e.s.buf[:0]
	if _, ok := e.s.wr.(*bytes.Buffer); ok {
		buf = nil // it was the bytes.Buffer's
	}
	e.s.reset(buf, w, opts)
}

func (e *encoderState) reset(buf []byte, w io.Writer, opts []Options) {
	e.resetOutput(buf, w)
	if plainOptions(opts) {
		// Joined in place: a joined Struct escapes (see Join), and none
		// of these options can be e.opts itself.
		e.opts = jsonopts.Struct{}
		e.opts.Join(opts...)
	} else {
		var o jsonopts.Struct
		o.Join(opts...)
		e.opts = o
	}
	if e.opts.Flags.Get(jsonopts.Multiline) {
		e.opts.InitMultiline()
	}
	e.fl = fmtFlagsOf(&e.opts)
}

// resetOutput is reset but for the options: to write to w (with buf
// as the buffer, unless w is a bytes.Buffer), from the top, at offset 0.
// The Encoder is no longer stuck (its flag is cleared by the caller).
func (e *encoderState) resetOutput(buf []byte, w io.Writer) {
	e.buf, e.base, e.wr, e.maxValue = buf, 0, w, 0
	e.stuck = 0
	e.outer = outerLevels{}
	e.setDepthLimit()
	e.asIs, e.wasAsIs = false, false
	if bb, ok := w.(*bytes.Buffer); ok && bb != nil {
		e.buf = bb.AvailableBuffer()
	}
	e.m.reset()
	e.names.reset()
	e.seen.reset()
}

// plainOptions reports whether opts are all options of this package
// that carry their value (no *jsonopts.Struct, such as Options returns,
// nor an option of another package).
func plainOptions(opts []Options) bool {
	for _, o := range opts {
		switch o.(type) {
		case nil, jsonopts.Bools, jsonopts.IndentOption, jsonopts.IndentPrefixOption, jsonopts.DepthLimitOption:
		default:
			return false
		}
	}
	return true
}

// join adds options after the encoder was reset (Value's methods pass
// their own options this way: unlike Reset's, they do not fill in what
// Multiline implies).
func (e *encoderState) join(opts []Options) {
	e.opts.Join(opts...)
	e.fl = fmtFlagsOf(&e.opts) | e.fl&fmtStuck
}

// Options returns the options that e was created or last reset with.
func (e *Encoder) Options() Options {
	return &e.s.opts
}

func (e *encoderState) offsetAt(pos int) int64 { return e.base + int64(pos) }

// needFlush reports whether to flush now: after a top-level value, or
// when the buffer is three quarters full.
func (e *encoderState) needFlush() bool {
	return e.wr != nil && (e.m.depth() == 1 || len(e.buf) > 3*cap(e.buf)/4)
}

// flush writes the buffer to the writer, with a newline after a top-level
// value. A write error is returned and what was not written is kept, so
// that a writer that recovers gets all the output.
func (e *encoderState) flush() error {
	if e.wr == nil || e.holdBack() {
		return nil
	}
	if e.m.depth() == 1 && e.fl&fmtNoNewline == 0 {
		e.buf = append(e.buf, '\n')
	}
	e.names.copyOut(e.buf)

	if bb, ok := e.wr.(*bytes.Buffer); ok {
		n, _ := bb.Write(e.buf)
		e.base += int64(n)
		if avail := bb.Available(); avail < bb.Len()/4 {
			bb.Grow(avail + 1)
		}
		e.buf = bb.AvailableBuffer()
		return nil
	}

	n, err := e.wr.Write(e.buf)
	e.base += int64(n)
	if err != nil {
		if n > 0 {
			e.buf = e.buf[:copy(e.buf, e.buf[n:])]
		}
		return &ioError{action: "write", err: err}
	}
	e.buf = e.buf[:0]
	if c := cap(e.buf); c <= encodeBufMax/2 && int64(c) < e.offsetAt(0)/2 {
		e.buf = make([]byte, 0, 2*c)
	}
	return nil
}

// holdBack reports whether to keep the buffer for now: inside an object
// or array with nothing in it yet, between a name and its value, or just
// after an empty value (so that the semantic layer can take back a member
// it finds empty).
func (e *encoderState) holdBack() bool {
	l := e.m.last
	switch {
	case l.length() == 0, l.needValue():
		return true
	case l.needName() && len(e.buf) >= 2:
		switch string(e.buf[len(e.buf)-2:]) {
		case "ll", `""`, "{}", "[]":
			return true
		}
	}
	return false
}

// wrapError places err: a SyntacticError at the offset of buf[pos] (pos
// may be past the buffer's end, inside text not written), with a JSON
// Pointer to where the encoder is (see appendPointer) and the path err
// carries inside the value being written.
func (e *encoderState) wrapError(err error, pos, where int) error {
	if _, ok := err.(*ioError); ok || err == io.EOF {
		return err
	}
	e.names.copyOut(e.buf)
	ptr := appendPointer(nil, &e.m, &e.names, where)
	if pe, ok := err.(*pathError); ok {
		ptr = pe.appendTo(ptr)
		err = pe.error
	}
	return &SyntacticError{ByteOffset: e.offsetAt(pos), JSONPointer: Pointer(ptr), Err: err}
}

// WriteToken writes t as the next token of the output and moves the write
// position past it.
//
// t must be a token the JSON grammar allows at this point. A number where
// an object name is due (names are always strings), or an EndObject while
// an array is open, is refused, for example. A refused token produces a
// SyntacticError and leaves e exactly as it was; the error's offset is
// e.OutputOffset() plus the length of any separator and whitespace that
// would have been written before t.
func (e *Encoder) WriteToken(t Token) error {
	return e.s.writeToken(t)
}

// stuckError is the error for a token or value of kind k written in the
// object the Encoder is stuck in (see encoderState.stuck), as Go's
// jsontext words it: what the grammar refuses anyway first, else that
// the object's names are in an invalid state.
func (e *encoderState) stuckError(k Kind) error {
	err := errInvalidNamespace
	switch k {
	case 'n', 'f', 't', '0', '{', '[':
		if e.m.last.needName() {
			err = ErrNonStringName
		}
	case '}':
		if e.m.last.needValue() {
			err = errMissingValue
		}
	case ']':
		err = errMismatchDelim
	}
	pos := len(e.buf) + len(e.appendDelim(nil, k))
	return e.wrapError(err, pos, +1)
}

func init() {
	textexport.InvalidateNames = invalidateNames
	textexport.SetEncoderOptions = setOptions
}

// setOptions gives enc, an *Encoder, the options o in place of its own,
// which it returns: textexport.SetEncoderOptions.
func setOptions(enc any, o *jsonopts.Struct) *jsonopts.Struct {
	e := enc.(*Encoder)
	prev := e.s.opts
	e.s.opts = *o
	e.s.fl = fmtFlagsOf(&e.s.opts) | e.s.fl&fmtStuck
	return &prev
}

// invalidateNames makes the Encoder stuck in the object at level (see
// encoderState.stuck): textexport.InvalidateNames.
func invalidateNames(enc any, level int) {
	e, ok := enc.(*Encoder)
	if !ok || level <= 0 || level > e.s.m.depth()-1 {
		return
	}
	if kind, _ := stackIndex(&e.s.m, level); kind == '{' {
		e.s.stuck = level
		e.s.fl |= fmtStuck
	}
}

// writeTokenSlow is writeToken's general path (see writeToken in
// encode_fast.go for the fast one).
func (e *encoderState) writeTokenSlow(t Token) error {
	k := t.Kind()
	if e.fl&fmtStuck != 0 && e.m.depth()-1 == e.stuck {
		return e.stuckError(k)
	}
	b := e.appendDelim(e.buf, k)
	pos := len(b)

	var err error
	switch k {
	case 'n':
		b = append(b, "null"...)
		err = e.m.appendLiteral()
	case 'f':
		b = append(b, "false"...)
		err = e.m.appendLiteral()
	case 't':
		b = append(b, "true"...)
		err = e.m.appendLiteral()
	case '"':
		if b, err = e.appendStringToken(b, t); err != nil {
			break
		}
		if e.m.last.needName() {
			if e.fl&fmtCheckDup != 0 && !e.seen.insertQuoted(b[pos:], false) {
				err = inMember(ErrDuplicateName, b[pos:])
				break
			}
			e.names.setLast(pos)
		}
		e.m.appendString()
	case '0':
		if b, err = e.appendNumberToken(b, t); err != nil {
			break
		}
		err = e.m.appendLiteral()
	case '{':
		b = append(b, '{')
		if err = e.m.push(true); err != nil {
			break
		}
		e.names.push()
		if e.fl&fmtCheckDup != 0 {
			e.seen.push()
		}
	case '}':
		b = append(b, '}')
		if err = e.m.popObject(); err != nil {
			break
		}
		e.names.pop()
		if e.fl&fmtCheckDup != 0 {
			e.seen.pop()
		}
	case '[':
		b = append(b, '[')
		err = e.m.push(false)
	case ']':
		b = append(b, ']')
		err = e.m.popArray()
	default:
		err = errInvalidToken
	}
	if err != nil {
		return e.wrapError(err, pos, +1)
	}
	e.buf = b
	if e.needFlush() {
		return e.flush()
	}
	return nil
}

// appendDelim appends the delimiter and whitespace that go before a next
// token of kind k.
func (e *encoderState) appendDelim(b []byte, k Kind) []byte {
	delim := e.m.needDelim(k)
	if delim != 0 {
		b = append(b, delim)
	}
	if e.fl&fmtSpace == 0 {
		return b
	}
	if delim == ':' {
		if e.fl&fmtSpaceColon != 0 {
			b = append(b, ' ')
		}
		return b
	}
	if delim == ',' && e.fl&fmtSpaceComma != 0 {
		b = append(b, ' ')
	}
	if e.fl&fmtMultiline != 0 {
		b = e.appendIndent(b, e.m.needIndent(k))
	}
	return b
}

// appendIndent appends a newline, the prefix and n-1 indents (nothing for
// n == 0).
func (e *encoderState) appendIndent(b []byte, n int) []byte {
	if n == 0 {
		return b
	}
	b = append(b, '\n')
	b = append(b, e.opts.IndentPrefix...)
	for ; n > 1; n-- {
		b = append(b, e.opts.Indent...)
	}
	return b
}

// appendStringToken appends the string token t.
func (e *encoderState) appendStringToken(b []byte, t Token) ([]byte, error) {
	if t.isText() {
		q := t.text()
		if q[0] == '"' {
			b, _, err := e.reformatString(b, q)
			return b, err
		}
	} else if t.num == 0 && t.str != "" {
		return e.appendQuoted(b, t.str)
	}
	panic("invalid JSON token kind: " + t.Kind().String())
}

// appendQuoted appends s quoted as the encoder's options say.
func (e *encoderState) appendQuoted(b []byte, s string) ([]byte, error) {
	b, bad := appendQuote(b, s, e.fl&fmtHTML != 0, e.fl&fmtJS != 0)
	if bad && e.fl&fmtCheckUTF8 != 0 {
		return b, errInvalidUTF8
	}
	return b, nil
}

// appendNumberToken appends the number token t.
func (e *encoderState) appendNumberToken(b []byte, t Token) ([]byte, error) {
	if t.isText() {
		if q := t.text(); kindOf[q[0]] == '0' {
			b, _, err := e.reformatNumber(b, q)
			return b, err
		}
	} else if t.num != 0 {
		switch t.str[0] {
		case 'F':
			return AppendFloat(b, float64(math.Float32frombits(uint32(t.num))), 32), nil
		case 'f':
			return AppendFloat(b, math.Float64frombits(t.num), 64), nil
		case 'i':
			return strconv.AppendInt(b, int64(t.num), 10), nil
		case 'u':
			return strconv.AppendUint(b, t.num, 10), nil
		}
	}
	panic("invalid JSON token kind: " + t.Kind().String())
}

// WriteValue writes v as the next value of the output and moves the write
// position past it. v is not copied blindly: it is parsed, which checks
// its syntax, and written again with the whitespace and string escaping
// that e's options call for. Under AllowInvalidUTF8, invalid UTF-8 is
// replaced by U+FFFD, the Unicode replacement character.
//
// v must be a value the JSON grammar allows at this point, by the same
// rules as for Encoder.WriteToken. An invalid v produces a SyntacticError
// and leaves e exactly as it was; the error's offset is e.OutputOffset()
// plus the position within v where the problem was found.
func (e *Encoder) WriteValue(v Value) error {
	return e.s.writeValue(v)
}

func (e *encoderState) writeValue(v Value) error {
	e.maxValue |= len(v)
	k := v.Kind()
	if e.fl&fmtStuck != 0 && e.m.depth()-1 == e.stuck {
		return e.stuckError(k)
	}
	b := e.appendDelim(e.buf, k)
	pos := len(b)

	n := skipSpace(v)
	out, m, ok := e.reformatFast(b, v[n:], e.m.depth())
	var err error
	if ok {
		b = out
		if e.wasAsIs && (n != 0 || n+m != len(v)) {
			// Whitespace around it: written after all.
			b = append(b, v[n:n+m]...)
			e.wasAsIs = false
		}
	} else {
		b, m, err = e.reformat(b, v[n:], e.m.depth())
	}
	if err != nil {
		return e.wrapError(err, pos+n+m, +1)
	}
	n += m
	n += skipSpace(v[n:])
	if n < len(v) {
		return e.wrapError(invalidChar(v[n:], whereAfterTop), pos+n, 0)
	}
	return e.endValue(b, pos, k, ok)
}

// encodedFlags are the options under which a value jet's encoder wrote
// (valid, compact, its strings and raw values in the form these
// options give) is written as it is: no whitespace to add, nothing to
// rewrite.
const encodedFlags = fmtCheckDup | fmtCheckUTF8 | fmtHTML | fmtJS | fmtPreserveStrings | fmtNoNewline

// writeEncoded is writeValue for a value v that jet's encoder wrote
// under the Encoder's options less its whitespace (the v2 package's
// MarshalEncode): where those options add nothing, v is appended as it
// is, its text not checked again.
func (e *encoderState) writeEncoded(v Value) error {
	if e.fl&^encodedFlags != 0 || len(v) == 0 {
		return e.writeValue(v)
	}
	e.maxValue |= len(v)
	k := v.Kind()
	b := e.appendDelim(e.buf, k)
	pos := len(b)
	return e.endValue(append(b, v...), pos, k, true)
}

// endValue records the value of kind k just appended at b[pos:] (the
// delimiter before it at pos's left), as the grammar says, and keeps b
// as the output; formatted says whether the fast path wrote it.
func (e *encoderState) endValue(b []byte, pos int, k Kind, formatted bool) error {
	var err error
	switch k {
	case 'n', 'f', 't', '0':
		err = e.m.appendLiteral()
	case '"':
		if e.m.last.needName() {
			if e.fl&fmtCheckDup != 0 && !e.seen.insertQuoted(b[pos:], false) {
				err = inMember(ErrDuplicateName, b[pos:])
				break
			}
			e.names.setLast(pos)
		}
		e.m.appendString()
	case '{', '[':
		if err = e.m.push(k == '{'); err != nil {
			break
		}
		e.m.pop()
		if e.fl&fmtReorder != 0 && !formatted {
			reorderObjects(b[pos:])
		}
	}
	if err != nil {
		return e.wrapError(err, pos, +1)
	}
	e.buf = b
	if e.needFlush() {
		return e.flush()
	}
	return nil
}

// OutputOffset returns the number of bytes of output produced so far: the
// offset at which the byte following the last token or value written will
// go. Because of buffering, fewer bytes than that may have reached the
// io.Writer yet.
func (e *Encoder) OutputOffset() int64 {
	return e.s.offsetAt(len(e.s.buf))
}

// AvailableBuffer returns an empty slice that may have spare capacity. It
// is meant for building a Value to pass straight to the next call of
// Encoder.WriteValue, saving an allocation. For example:
//
//	b := e.AvailableBuffer()
//	b = strconv.AppendInt(b, n, 10)
//	err := e.WriteValue(b)
//
// WriteValue rejects anything that is not valid JSON, so assembling the
// bytes by hand calls for more care than using String, Int and the other
// constructors, whose results are always valid.
func (e *Encoder) AvailableBuffer() []byte {
	// A buffer of its own rather than the free end of the output: the
	// value is reformatted into the output, which would overwrite it.
	n := 1 << bits.Len(uint(e.s.maxValue|63))
	if cap(e.s.avail) < n {
		e.s.avail = make([]byte, 0, n)
	}
	return e.s.avail[:0]
}

// StackDepth returns how many objects and arrays are open in the output
// written so far. A BeginObject or BeginArray token raises it by one, and
// an EndObject or EndArray token lowers it by one.
//
// It is 0 outside every object and array: before anything has been
// written, once a top-level value is complete, and between the values of
// a stream of top-level values such as NDJSON. Directly inside a
// top-level object or array it is 1, inside one nested in that it is 2,
// and so on.
func (e *Encoder) StackDepth() int {
	if e.s.outer.src != nil {
		return e.s.outer.stackDepth(&e.s.m)
	}
	return e.s.m.depth() - 1
}

// StackIndex describes level i of the nesting stack, where i ranges from
// 0 to Encoder.StackDepth inclusive. The Kind it returns is
// KindBeginObject when level i is an object, KindBeginArray when it is an
// array, and KindInvalid for level 0, which stands for the top level.
//
// The number it returns is how many items have been written so far at that
// level. In an object, names and values are counted as separate items, so
// the count is twice the number of members, and it is always even once a
// member is complete.
func (e *Encoder) StackIndex(i int) (Kind, int64) {
	if e.s.outer.src != nil {
		return e.s.outer.stackIndex(&e.s.m, i)
	}
	return stackIndex(&e.s.m, i)
}

// StackPointer locates, as an RFC 6901 JSON Pointer, the value that e
// wrote last.
func (e *Encoder) StackPointer() Pointer {
	e.s.names.copyOut(e.s.buf)
	if e.s.outer.src != nil {
		return Pointer(e.s.outer.appendPointer(nil, &e.s.m, &e.s.names))
	}
	return Pointer(appendPointer(nil, &e.s.m, &e.s.names, -1))
}
