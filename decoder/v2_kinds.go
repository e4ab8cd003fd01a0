package decoder

import (
	"encoding"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/jetjson/jet/internal/rt"
	"github.com/jetjson/jet/internal/textexport"
	"github.com/jetjson/jet/internal/v2api"
	"github.com/jetjson/jet/internal/wire"
	"github.com/jetjson/jet/jsontext"
)

// fromCaller calls the UnmarshalJSONFrom method of the value at p on a
// Decoder over raw, the text of the value at start.
type fromCaller func(d *state, p unsafe.Pointer, raw string, start int, cut bool) error

// stdFromCaller, set when built with a Go that has encoding/json/jsontext,
// returns the caller of the UnmarshalJSONFrom method taking the standard
// library's *jsontext.Decoder of the values of type t, or nil.
var stdFromCaller func(t reflect.Type) fromCaller

// hasFromMethodV2 reports whether pt (a pointer type) has an
// UnmarshalJSONFrom method v2 calls.
func hasFromMethodV2(pt reflect.Type) bool {
	return pt.Implements(v2api.UnmarshalerFrom) || stdFromCaller != nil && stdFromCaller(pt.Elem()) != nil
}

// methodFnV2 returns the decoder of a type that unmarshals itself, or
// nil. v2 calls the methods of T through a pointer; pointer and
// interface types have none of their own.
func methodFnV2(t reflect.Type) decFunc {
	if t.Kind() == reflect.Pointer || t.Kind() == reflect.Interface {
		return nil
	}
	pt := reflect.PointerTo(t)
	var from fromCaller
	switch {
	case pt.Implements(v2api.UnmarshalerFrom):
		word := rt.TypeWord(pt)
		from = func(d *state, p unsafe.Pointer, raw string, start int, cut bool) error {
			return d.callFromV2(raw, start, cut, t, packPointer(word, p).(unmarshalerFrom))
		}
	case stdFromCaller != nil:
		from = stdFromCaller(t)
	}
	switch {
	case from != nil:
		var next decFunc
		byKind := false
		switch {
		case pt.Implements(rt.UnmarshalerType), pt.Implements(rt.TextUnmarshalerType):
			next = methodFnV2Skip(t)
		default:
			next, byKind = kindFnV2(t), true
		}
		return func(d *state, p unsafe.Pointer) error {
			tag := d.takeTag()
			start := d.pos
			raw, cut := d.valueText()
			err := from(d, p, raw, start, cut)
			if errors.Is(err, errors.ErrUnsupported) {
				// Declined: the value is decoded as if the method did
				// not exist, under the same tag options.
				var walked error
				if cut && byKind {
					walked = d.declinedWalk(t, p, start)
				}
				d.pos = start
				d.v2.tag = tag
				return d.orDeclined(next(d, p), walked)
			}
			return err
		}
	case pt.Implements(rt.UnmarshalerType):
		return unmarshalJSONFnV2(t)
	case pt.Implements(rt.TextUnmarshalerType):
		return unmarshalTextFnV2(t)
	}
	return nil
}

// methodFnV2Skip is the decoder of t by its UnmarshalJSON or
// UnmarshalText method, for a type whose UnmarshalJSONFrom declined.
func methodFnV2Skip(t reflect.Type) decFunc {
	if reflect.PointerTo(t).Implements(rt.UnmarshalerType) {
		return unmarshalJSONFnV2(t)
	}
	return unmarshalTextFnV2(t)
}

func unmarshalJSONFnV2(t reflect.Type) decFunc {
	return func(d *state, p unsafe.Pointer) error {
		d.takeTag()
		start := d.pos
		if err := d.skipV2(); err != nil {
			return err
		}
		raw := []byte(d.src[start:d.pos])
		m := reflect.NewAt(t, p).Interface().(json.Unmarshaler)
		if err := m.UnmarshalJSON(raw); err != nil {
			return d.collapseErr(start, t, wrapUnsupported(err, "UnmarshalJSON method"))
		}
		return nil
	}
}

func unmarshalTextFnV2(t reflect.Type) decFunc {
	return func(d *state, p unsafe.Pointer) error {
		d.takeTag()
		if d.atEnd() {
			return d.truncated()
		}
		start := d.pos
		switch d.src[start] {
		case 'n':
			if !d.literalV2("null") {
				return d.truncated()
			}
			reflect.NewAt(t, p).Elem().SetZero()
			return nil
		case '"':
		default:
			if err := d.skipV2(); err != nil {
				return err
			}
			return d.errAt(start, t, kindOf(d.src[start]), errNonStringValue)
		}
		s, err := d.readStringTemp()
		if err != nil {
			return d.truncated()
		}
		m := reflect.NewAt(t, p).Interface().(encoding.TextUnmarshaler)
		if err := m.UnmarshalText([]byte(s)); err != nil {
			e := d.errAt(start, t, '"', toUnexpectedEOF(wrapUnsupported(err, "UnmarshalText method"))).(*v2api.Error)
			e.Mode = v2api.Text
			return e
		}
		return nil
	}
}

// wrapUnsupported replaces errors.ErrUnsupported, which a method or
// function of what may not return, with an error saying so.
func wrapUnsupported(err error, what string) error {
	if errors.Is(err, errors.ErrUnsupported) {
		return errors.New(what + " may not return errors.ErrUnsupported")
	}
	return err
}

// toUnexpectedEOF is err, but io.ErrUnexpectedEOF for io.EOF: the
// value a method or function was given had more to it.
func toUnexpectedEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// collapseErr is the error for the failure of an UnmarshalJSON method or
// UnmarshalFunc function (of type t) on the value at start: a
// SemanticError it returns is placed within the value.
func (d *state) collapseErr(start int, t reflect.Type, err error) error {
	e := d.errAt(start, t, kindOf(d.src[start]), toUnexpectedEOF(err)).(*v2api.Error)
	e.Mode = v2api.Collapse
	return e
}

var (
	errNonSingularValue    = errors.New("must read or write exactly one value")
	errUnsupportedMutation = errors.New("unsupported calls must not read or write any tokens")
)

// unmarshalerFrom is a value with an UnmarshalJSONFrom method taking
// jet's Decoder, or a caller's function as one (funcFrom).
type unmarshalerFrom interface {
	UnmarshalJSONFrom(*jsontext.Decoder) error
}

// funcFrom is an UnmarshalFromFunc function, to store at ptr, as an
// unmarshalerFrom.
type funcFrom struct {
	u   *v2api.UnmarshalerFunc
	ptr reflect.Value
}

func (f *funcFrom) UnmarshalJSONFrom(dec *jsontext.Decoder) error { return f.u.From(dec, f.ptr) }

// callFromV2 runs an UnmarshalJSONFrom method or UnmarshalFromFunc
// function (of type t) on a Decoder of its own that reads the value's
// text raw, which started at start; it must read exactly that one value.
// It returns errors.ErrUnsupported when the call declined without
// reading.
func (d *state) callFromV2(raw string, start int, cut bool, t reflect.Type, m unmarshalerFrom) error {
	if d.v2.blankInput() {
		return d.truncated()
	}
	if sh, dec, ok := d.jetShadowAt(start); ok {
		// The caller's Decoder, as Go's v2 passes its own: positioned
		// before the value, knowing where it is.
		if d.v2.outer != nil {
			textexport.SetOuter(dec, d.v2.outer)
		}
		err := m.UnmarshalJSONFrom(dec)
		if d.v2.outer != nil {
			textexport.SetOuter(dec, nil)
		}
		if _, ok := err.(*jsontext.SyntacticError); ok || isJetIOError(err) {
			// Met where Go's call meets it, within the value or not,
			// and placed from the top: Go's v2 reports it as it is.
			return d.syntaxAt(err)
		}
		return d.fromResult(start, raw, cut, t, err, sh)
	}
	dec := jsontext.NewDecoder(strings.NewReader(raw), d.v2.opts)
	textexport.SetOuter(dec, d.v2.levelsAt(start))
	err := m.UnmarshalJSONFrom(dec)
	textexport.SetOuter(dec, nil)
	if se, ok := err.(*jsontext.SyntacticError); ok && !cut {
		// Placed by the Decoder within the value; placed from the top
		// on the way out.
		se.ByteOffset += int64(start)
		return se
	}
	return d.fromResult(start, raw, cut, t, err, jetFromDecoder{dec})
}

// levelsAt returns the levels the input before start (with the
// caller's Decoder around it) is at, for a Decoder of the value at start
// alone given to a caller's function or method, as Go's v2 gives them
// its own Decoder. They are found only if asked for.
func (x *v2dstate) levelsAt(start int) textexport.LevelSource {
	return &textexport.Prefix{Text: x.full[:min(start, len(x.full))], Outer: x.outer}
}

// fromDecoder is what fromResult asks of the Decoder (jet's or the
// standard library's) a method or function was given.
type fromDecoder interface {
	InputOffset() int64
	StackDepth() int
	stackIndex(i int) (kind byte, length int64)
	stackPointer() string
}

// jetFromDecoder is jet's Decoder as a fromDecoder and a tokenStream.
type jetFromDecoder struct{ *jsontext.Decoder }

func (j jetFromDecoder) stackIndex(i int) (byte, int64) {
	k, n := j.StackIndex(i)
	return byte(k), n
}

func (j jetFromDecoder) stackPointer() string { return string(j.StackPointer()) }

func (j jetFromDecoder) skipToken() error {
	_, err := j.ReadToken()
	return err
}

// shadowDecoder is a Decoder over the whole input (jet's jsontext
// Decoder, or the standard library's) that follows a v2 decoding,
// reading ahead to each value a caller's UnmarshalFromFunc or
// UnmarshalJSONFrom method is given, so that the function's Decoder
// knows its place (InputOffset, StackDepth, StackPointer) as Go's does.
// As a fromDecoder it answers relative to the value, at start, and to
// the depth before it.
type shadowDecoder struct {
	dec       tokenStream
	start     int
	baseOff   int64
	baseDepth int
	// baseLen is the length of the level around the value before it.
	baseLen int64
}

// tokenStream is what a shadow needs of a Decoder.
type tokenStream interface {
	InputOffset() int64
	StackDepth() int
	SkipValue() error
	skipToken() error
	stackIndex(i int) (kind byte, length int64)
	stackPointer() string
}

// shadowAt positions the shadow dec over the whole input before the
// value at start, reading ahead from where it was, and returns it (the
// state's, valid until the next call); false
// when it cannot be (it is past start, or the text before start is not
// valid), and the caller gives the function a Decoder of the value
// alone. *broken records that, for later calls.
func (d *state) shadowAt(dec tokenStream, broken *bool, start int) (*shadowDecoder, bool) {
	if *broken {
		return nil, false
	}
	sh := &d.v2.sh
	full := d.v2.full
	if start >= len(d.src) {
		// The valid text ends before the delimiter the value follows,
		// which Go's Decoder reads with the value.
		start = d.nextValueAt(start)
	}
	for {
		next := int(dec.InputOffset())
		for next < len(full) && isSpaceByte(full[next]) {
			next++
		}
		if next < len(full) && (full[next] == ',' || full[next] == ':') {
			next++
			for next < len(full) && isSpaceByte(full[next]) {
				next++
			}
		}
		if next == start {
			depth := dec.StackDepth()
			_, n := dec.stackIndex(depth)
			*sh = shadowDecoder{dec: dec, start: start, baseOff: dec.InputOffset(), baseDepth: depth, baseLen: n}
			return sh, true
		}
		if next > start || next >= len(full) {
			*broken = true
			return nil, false
		}
		var err error
		switch full[next] {
		case '{', '[':
			// Whole before start, or around it: the skip reads no
			// further than start.
			if _, ok := wire.SkipValue(wire.StringOf(full[:min(start, len(full))]), next, MaxNesting); ok {
				err = dec.SkipValue()
			} else {
				err = dec.skipToken()
			}
		default:
			err = dec.skipToken()
		}
		if err != nil {
			*broken = true
			return nil, false
		}
	}
}

// jetShadowAt is shadowAt with jet's Decoder.
func (d *state) jetShadowAt(start int) (*shadowDecoder, *jsontext.Decoder, bool) {
	x := d.v2
	if x.shadow == nil {
		x.shadow = jsontext.NewDecoder(x.shadowReader(), x.opts)
	}
	sh, ok := d.shadowAt(jetFromDecoder{x.shadow}, &x.shadowBroken, start)
	return sh, x.shadow, ok
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// InputOffset is the offset read into the value; 0 before it.
func (s *shadowDecoder) InputOffset() int64 {
	if off := s.dec.InputOffset(); off > s.baseOff {
		return off - int64(s.start)
	}
	return 0
}

// StackDepth is the depth within the value.
func (s *shadowDecoder) StackDepth() int { return s.dec.StackDepth() - s.baseDepth }

func (s *shadowDecoder) stackIndex(i int) (byte, int64) { return s.dec.stackIndex(s.baseDepth + i) }

func (s *shadowDecoder) stackPointer() string { return s.relative(s.dec.stackPointer()) }

// relative drops from a pointer from the top the tokens of the levels
// around the value.
func (s *shadowDecoder) relative(ptr string) string {
	var out jsontext.Pointer
	i := 0
	for tok := range jsontext.Pointer(ptr).Tokens() {
		if i >= s.baseDepth {
			out = out.AppendToken(tok)
		}
		i++
	}
	return string(out)
}

// fromResult is the outcome of an UnmarshalJSONFrom method or
// UnmarshalFromFunc function (of type t) that returned err after reading
// from dec, a Decoder over raw, the text of the value at start.
//
// When the valid text ends within the value (cut), a call on a Decoder
// of the value alone that read or met that end gives way to the syntax
// error; one that failed before reading reports its own error, which Go's
// v2 meets first. A call on the shadow met what Go's call meets.
func (d *state) fromResult(start int, raw string, cut bool, t reflect.Type, err error, dec fromDecoder) error {
	read := dec.InputOffset() > 0
	sh, shadowed := dec.(*shadowDecoder)
	if shadowed && sh.start != start {
		// The value follows a delimiter the valid text ends before.
		start, raw = sh.start, wire.StringOf(d.v2.full[sh.start:])
	}
	if cut && !shadowed && !errors.Is(err, errors.ErrUnsupported) {
		var se *jsontext.SyntacticError
		if read || err == nil || err == io.EOF || err == io.ErrUnexpectedEOF || errors.As(err, &se) {
			return d.truncated()
		}
	}
	if err == nil && (dec.StackDepth() != 0 || !read) {
		err = errNonSingularValue
	}
	if shadowed && err == nil {
		if _, n := sh.dec.stackIndex(sh.baseDepth); n != sh.baseLen+1 {
			// Read past the value: placed, as Go's v2 places it, at the
			// last value read, in the container around the value.
			at := lastValueStart(d.v2.full, start, int(sh.dec.InputOffset()))
			return &v2api.Error{Action: "unmarshal", ByteOffset: int64(at), GoType: t, Err: errNonSingularValue, Up: 1}
		}
	}
	if err == nil {
		return nil
	}
	if errors.Is(err, errors.ErrUnsupported) {
		if !read {
			return err
		}
		err = errUnsupportedMutation
	}
	// Placed as Go's v2 places it: at the value when nothing or all of
	// it was read, else at the last token read.
	at := start
	if cut && !read {
		at = d.nextValueAt(start)
	}
	e := &v2api.Error{Action: "unmarshal", ByteOffset: int64(at), GoType: t, Err: toUnexpectedEOF(err)}
	if depth := dec.StackDepth(); read && depth > 0 {
		off := int(dec.InputOffset())
		e.ByteOffset = int64(start + lastTokenStart(raw, off))
		ptr := dec.stackPointer()
		kind, n := dec.stackIndex(depth)
		if kind == '[' && n > 0 || kind == '{' && n > 0 && n%2 == 0 {
			ptr = ptr[:strings.LastIndexByte(ptr, '/')]
		}
		e.JSONPointer = jsontext.Pointer(ptr)
	}
	return e
}

// lastValueStart finds where the last of the values from start to end
// in full begins: values one after another at one level, separated by
// whitespace, commas or colons.
func lastValueStart(full []byte, start, end int) int {
	s := wire.StringOf(full)
	v := start
	for {
		e, ok := wire.SkipValue(s, v, MaxNesting)
		if !ok || e >= end {
			return v
		}
		next := wire.SkipSpace(s, e)
		if next < len(s) && (s[next] == ',' || s[next] == ':') {
			next = wire.SkipSpace(s, next+1)
		}
		if next >= end {
			return v
		}
		v = next
	}
}

// lastTokenStart finds where the token that ends at end in raw began:
// a bracket, a string, or a number or literal.
func lastTokenStart(raw string, end int) int {
	if end <= 0 || end > len(raw) {
		return 0
	}
	i := end - 1
	switch c := raw[i]; c {
	case '[', '{', ']', '}':
		return i
	case '"':
		for i--; i >= 0; i-- {
			if raw[i] == '"' {
				bs := 0
				for j := i - 1; j >= 0 && raw[j] == '\\'; j-- {
					bs++
				}
				if bs%2 == 0 {
					return i
				}
			}
		}
		return 0
	}
	for i > 0 && !strings.ContainsRune(" \t\r\n,:[{", rune(raw[i-1])) {
		i--
	}
	return i
}

// timeFnV2 returns the decoder of time.Time and time.Duration, or nil.
func timeFnV2(t reflect.Type) decFunc {
	switch t {
	case reflect.TypeFor[time.Duration]():
		return func(d *state, p unsafe.Pointer) error {
			d.takeTag()
			return d.errAt(d.pos, t, 0, v2api.ErrNoDefault)
		}
	case reflect.TypeFor[time.Time]():
		return func(d *state, p unsafe.Pointer) error {
			if d.takeTag()&v2TagString != 0 {
				return d.errAt(d.pos, t, 0, v2api.ErrInvalidStringTag)
			}
			if d.atEnd() {
				return d.truncated()
			}
			start := d.pos
			switch d.src[start] {
			case 'n':
				if !d.literalV2("null") {
					return d.truncated()
				}
				*(*time.Time)(p) = time.Time{}
				return nil
			case '"':
			default:
				return d.mismatchV2(t, true)
			}
			s, err := d.readStringTemp()
			if err != nil {
				return d.truncated()
			}
			var tm time.Time
			if perr := parseTimeV2(&tm, s); perr != nil {
				// Go's v2 leaves the value out of this error.
				return d.errAt(start, t, '"', perr)
			}
			*(*time.Time)(p) = tm
			return nil
		}
	}
	return nil
}

// parseTimeV2 parses an RFC 3339 time as Go's v2 does: as
// time.Time.UnmarshalText does, and then refusing what that lets
// through and RFC 3339 does not allow (a one-digit hour, a comma before
// the fraction, an offset hour or minute out of range), with the
// time.ParseError Go reports.
func parseTimeV2(tm *time.Time, s string) error {
	if err := tm.UnmarshalText([]byte(s)); err != nil {
		return err
	}
	bad := func(elem, value, msg string) error {
		return &time.ParseError{Layout: time.RFC3339, Value: s, LayoutElem: elem, ValueElem: value, Message: msg}
	}
	dec2 := func(s string) int { return int(s[0]-'0')*10 + int(s[1]-'0') }
	switch {
	case s[len("2006-01-02T")+1] == ':':
		return bad("15", s[len("2006-01-02T"):][:1], "")
	case s[len("2006-01-02T15:04:05")] == ',':
		return bad(".", ",", "")
	case s[len(s)-1] != 'Z':
		switch {
		case dec2(s[len(s)-len("07:00"):]) >= 24:
			return bad("Z07:00", s[len(s)-len("Z07:00"):], ": timezone hour out of range")
		case dec2(s[len(s)-len("00"):]) >= 60:
			return bad("Z07:00", s[len(s)-len("Z07:00"):], ": timezone minute out of range")
		}
	}
	return nil
}

func pointerFnV2(t reflect.Type) decFunc {
	et := t.Elem()
	elem, elemRaw := fnsForV2(et)
	return func(d *state, p unsafe.Pointer) error {
		// Where the valid text ends, the element's decoder meets it (a
		// method may report an error of its own first).
		if !d.atEnd() && d.src[d.pos] == 'n' {
			d.takeTag()
			if !d.literalV2("null") {
				return d.truncated()
			}
			*(*unsafe.Pointer)(p) = nil
			return nil
		}
		q := *(*unsafe.Pointer)(p)
		if q == nil {
			q = reflect.New(et).UnsafePointer()
			*(*unsafe.Pointer)(p) = q
		}
		return d.pickV2(elem, elemRaw)(d, q)
	}
}

// anyByV1 decodes the value at pos by v1's any decoder (slabs, sized
// maps), which builds the very values v2 builds when the text is known
// to be valid (or checked as read, in a single pass) and duplicate
// names are refused. It cannot say where a number overflows, or handle
// text cut before a syntax error: done is false when the caller must
// decode the value again its own way (pos is back at its start), and
// true with the error of a single pass that must give way to the
// checked one.
func (d *state) anyByV1() (x any, done bool, err error) {
	start, depth := d.pos, d.depth
	if x, err := d.decodeAny(); err == nil && d.saved == nil {
		return x, true, nil
	}
	if d.v2.single {
		// Not known to be valid: the checked pass will say.
		return nil, true, d.truncated()
	}
	d.pos, d.depth, d.saved = start, depth, nil
	return nil, false, nil
}

func ifaceFnV2(t reflect.Type) decFunc {
	empty := t.NumMethod() == 0
	return func(d *state, p unsafe.Pointer) error {
		if d.takeTag()&v2TagString != 0 {
			return d.errAt(d.pos, t, 0, v2api.ErrInvalidStringTag)
		}
		if empty && t == anyType && !d.atEnd() && *(*any)(p) == nil && d.v2.bits&v2AllowDup == 0 && !d.v2.fromAny {
			if x, done, err := d.anyByV1(); done {
				if err == nil {
					*(*any)(p) = x
				}
				return err
			}
			x, err := d.anyV2()
			if x != nil {
				*(*any)(p) = x
			}
			return err
		}
		v := reflect.NewAt(t, p).Elem()
		if !d.atEnd() && d.src[d.pos] == 'n' {
			if !d.literalV2("null") {
				return d.truncated()
			}
			v.SetZero()
			return nil
		}
		if v.IsNil() && !empty {
			return d.errAt(d.pos, t, 0, errNilInterface)
		}
		if v.IsNil() {
			if d.atEnd() {
				return d.truncated()
			}
			// Go's v2 decodes into a new value of the type the JSON kind
			// calls for, by that type's decoder: the caller's functions
			// for it apply, and merging under AllowDuplicateNames.
			var ct reflect.Type
			switch d.src[d.pos] {
			case 't', 'f':
				ct = boolType
			case '"':
				ct = stringType
			case '{':
				ct = mapStringAnyType
			case '[':
				ct = sliceAnyType
			default:
				ct = float64Type
			}
			c := reflect.New(ct)
			err := fnForV2Of(ct)(d, c.UnsafePointer())
			v.Set(c.Elem())
			return err
		}
		// Decode into a copy of the value held, and put it back.
		dt := v.Elem().Type()
		c := reflect.New(dt)
		c.Elem().Set(v.Elem())
		err := fnForV2Of(dt)(d, c.UnsafePointer())
		v.Set(c.Elem())
		return err
	}
}

// anyV2 decodes the value at pos as v2 does into an empty interface:
// map[string]any, []any, float64, string, bool or nil.
func (d *state) anyV2() (any, error) {
	if d.atEnd() {
		return nil, d.truncated()
	}
	start := d.pos
	switch c := d.src[start]; c {
	case 'n':
		if !d.literalV2("null") {
			return nil, d.truncated()
		}
		return nil, nil
	case 't':
		if !d.literalV2("true") {
			return nil, d.truncated()
		}
		return true, nil
	case 'f':
		if !d.literalV2("false") {
			return nil, d.truncated()
		}
		return false, nil
	case '"':
		s, err := d.readString()
		if err != nil {
			return nil, d.truncated()
		}
		return s, nil
	case '{':
		m := map[string]any{}
		empty, err := d.objectStart()
		if err != nil {
			return m, d.truncated()
		}
		for !empty {
			k, _, _, err := d.memberKey(true)
			if err != nil {
				return m, d.truncated()
			}
			var v any
			if old, ok := m[k]; ok && d.v2.bits&v2AllowDup != 0 {
				v = old
				err = d.intoAny(&v)
			} else {
				v, err = d.anyV2()
			}
			m[k] = v
			if err != nil {
				return m, within(err, k)
			}
			if empty, err = d.objectNext(); err != nil {
				return m, d.truncated()
			}
		}
		return m, nil
	case '[':
		a := []any{}
		if err := d.enter(); err != nil {
			return a, d.truncated()
		}
		d.pos++
		d.skipSpace()
		for i := 0; ; i++ {
			if d.atEnd() {
				return a, d.truncated()
			}
			if d.src[d.pos] == ']' {
				d.pos++
				d.depth--
				return a, nil
			}
			if i > 0 {
				if !d.delimV2(',') {
					return a, d.truncated()
				}
				d.skipSpace()
			}
			v, err := d.anyV2()
			a = append(a, v)
			if err != nil {
				return a, within(err, strconv.Itoa(i))
			}
			d.skipSpace()
		}
	}
	end, _, ok := wire.ScanNumber(d.src, start)
	if !ok {
		return nil, d.truncated()
	}
	d.pos = end
	f, err := strconv.ParseFloat(d.src[start:end], 64)
	if err != nil {
		return 0.0, d.errValue(start, end, float64Type, strconv.ErrRange)
	}
	return f, nil
}

// intoAny merges the value at pos into *v as v2 does for a member met
// again (duplicate names allowed): an object into the map held.
func (d *state) intoAny(v *any) error {
	return fnForV2Of(anyType)(d, unsafe.Pointer(v))
}

var (
	anyType          = reflect.TypeFor[any]()
	boolType         = reflect.TypeFor[bool]()
	stringType       = reflect.TypeFor[string]()
	mapStringAnyType = reflect.TypeFor[map[string]any]()
	sliceAnyType     = reflect.TypeFor[[]any]()
)

// fromAnyTypes are the types Go's v2 represents any JSON value with.
var fromAnyTypes = []reflect.Type{anyType, boolType, stringType, float64Type, mapStringAnyType, sliceAnyType}

// within adds a container's reference token to err's JSON Pointer.
// An error that only marks the end of the valid text is left alone: it
// is dropped for the syntax error, and placing it would cost time
// quadratic in the depth.
func within(err error, token string) error {
	if e, ok := err.(*v2api.Error); ok && e.Err == errTruncated {
		return err
	}
	return v2api.Within(err, token)
}

func bytesFnV2(t reflect.Type) decFunc {
	isArray := t.Kind() == reflect.Array
	return func(d *state, p unsafe.Pointer) error {
		if d.takeTag()&v2TagString != 0 {
			return d.errAt(d.pos, t, 0, v2api.ErrInvalidStringTag)
		}
		if d.atEnd() {
			return d.truncated()
		}
		start := d.pos
		switch d.src[start] {
		case 'n':
			if !d.literalV2("null") {
				return d.truncated()
			}
			reflect.NewAt(t, p).Elem().SetZero()
			return nil
		case '"':
		default:
			return d.mismatchV2(t, true)
		}
		s, err := d.readStringTemp()
		if err != nil {
			return d.truncated()
		}
		// v2 takes padded standard base64 only (RFC 4648): the base64
		// package skips line breaks, which v2 then refuses.
		var dst []byte
		if !isArray {
			dst = (*(*[]byte)(p))[:0]
		}
		out, derr := base64.StdEncoding.AppendDecode(dst, []byte(s))
		if derr != nil {
			return d.errAt(start, t, '"', derr)
		}
		if len(s) != base64.StdEncoding.EncodedLen(len(out)) {
			i := strings.IndexAny(s, "\r\n")
			return d.errAt(start, t, '"', fmt.Errorf("illegal character %s at offset %d", quoteRuneV2(s[i:]), i))
		}
		if isArray {
			dst := unsafe.Slice((*byte)(p), t.Len())
			clear(dst[copy(dst, out):])
			if len(out) != t.Len() {
				return d.errAt(start, t, '"', errors.New("decoded length of "+strconv.Itoa(len(out))+" mismatches array length of "+strconv.Itoa(t.Len())))
			}
			return nil
		}
		if out == nil {
			out = []byte{}
		}
		*(*[]byte)(p) = out
		return nil
	}
}

func sliceFnV2(t reflect.Type) decFunc {
	et := t.Elem()
	elem, elemRaw := fnsForV2(et)
	size := et.Size()
	zero := zeroFnV2(et)
	flat := size > 0 && pointerFree(et)
	plainString := et.Kind() == reflect.String && !v2api.HasMethods(et)
	kind := fieldOther
	if !v2api.HasMethods(et) && timeFnV2(et) == nil {
		kind = plainFieldKind(et)
	}
	scratch := &sync.Pool{New: func() any { return newScratchSlice(t, 8) }}
	guess := &sliceGuess{elem: et}
	return func(d *state, p unsafe.Pointer) error {
		if d.takeTag()&v2TagString != 0 {
			return d.errAt(d.pos, t, 0, v2api.ErrInvalidStringTag)
		}
		if d.atEnd() {
			return d.truncated()
		}
		sh := (*sliceHeader)(p)
		switch d.src[d.pos] {
		case 'n':
			if !d.literalV2("null") {
				return d.truncated()
			}
			*sh = sliceHeader{}
			return nil
		case '[':
		default:
			return d.mismatchV2(t, false)
		}
		if d.v2.single && sh.Cap == 0 && size > 0 {
			// A new slice in a single pass, where any error ends the
			// pass: v1's array loops, which decode into scratch and
			// allocate the slice once, at its length, take it.
			// (A single pass has no caller's functions.)
			switch {
			case flat:
				// Plain numbers in place, as arrays take them, unless
				// they are quoted.
				if d.v2.bits&v2Stringify != 0 {
					return d.decodeFlatSlice(sh, elemRaw, size)
				}
				return d.decodeFlatSliceOf(sh, elemRaw, size, kind)
			case plainString:
				return d.decodeStringSlice(t, sh, elemRaw)
			case et.Kind() == reflect.Pointer:
				return d.decodePointerSlice(sh, elemRaw)
			}
			return d.decodeGuessedSlice(t, sh, elemRaw, size, scratch, guess)
		}
		if err := d.enter(); err != nil {
			return d.truncated()
		}
		d.pos++
		d.skipSpace()
		// v2 appends to the slice emptied: the elements of its array are
		// zeroed as they are reused (below dirty); grown memory is zero.
		n, dirty := 0, sh.Cap
		sh.Len = 0
		elem := d.pickV2(elem, elemRaw)
		for {
			// Where the valid text ends, Go's v2 still calls the element's
			// decoder (its look at the next kind fails): a method there
			// may report an error of its own first.
			if !d.atEnd() && d.src[d.pos] == ']' {
				d.pos++
				d.depth--
				break
			}
			if n > 0 && !d.atEnd() {
				if !d.delimV2(',') {
					return d.truncated()
				}
				d.skipSpace()
			}
			if n == sh.Cap {
				growSlice(t, sh, n)
				dirty = 0
			}
			ep := unsafe.Add(sh.Data, uintptr(n)*size)
			if n < dirty {
				zero(ep)
			}
			n++
			sh.Len = n
			wasEnd := d.atEnd()
			err := elem(d, ep)
			if err == nil && wasEnd {
				err = d.truncated()
			}
			if err != nil {
				return within(err, strconv.Itoa(n-1))
			}
			d.skipSpace()
		}
		if n == 0 {
			*sh = sliceHeader{Data: unsafe.Pointer(&emptyArray)}
		}
		return nil
	}
}

// zeroFnV2 returns a function that sets the value of type t at p to its
// zero value: bytes cleared for values without pointers, else through
// reflect (with the write barriers pointers need).
func zeroFnV2(t reflect.Type) func(p unsafe.Pointer) {
	size := t.Size()
	if pointerFree(t) {
		return func(p unsafe.Pointer) { clear(unsafe.Slice((*byte)(p), size)) }
	}
	return func(p unsafe.Pointer) { reflect.NewAt(t, p).Elem().SetZero() }
}

// arrayRunOff turns off arrayFnV2's run of plain numbers, for tests
// that compare it with the general loop.
var arrayRunOff bool

func arrayFnV2(t reflect.Type) decFunc {
	et := t.Elem()
	elem, elemRaw := fnsForV2(et)
	n, size := t.Len(), et.Size()
	zero := zeroFnV2(et)
	// Elements of a plain type are decoded in place, as struct fields
	// are, unless the caller's functions may take them or numbers are
	// quoted.
	kind := fieldOther
	if !v2api.HasMethods(et) && timeFnV2(et) == nil {
		kind = plainFieldKind(et)
	}
	return func(d *state, p unsafe.Pointer) error {
		if d.takeTag()&v2TagString != 0 {
			return d.errAt(d.pos, t, 0, v2api.ErrInvalidStringTag)
		}
		if d.atEnd() {
			return d.truncated()
		}
		switch d.src[d.pos] {
		case 'n':
			if !d.literalV2("null") {
				return d.truncated()
			}
			reflect.NewAt(t, p).Elem().SetZero()
			return nil
		case '[':
		default:
			return d.mismatchV2(t, false)
		}
		if err := d.enter(); err != nil {
			return d.truncated()
		}
		d.pos++
		d.skipSpace()
		var lenErr error
		inline := kind != fieldOther && d.v2.funcs == nil && d.v2.bits&v2Stringify == 0
		elem := d.pickV2(elem, elemRaw)
		i := 0
		if inline && (kind == fieldFloat64 || kind == fieldInt64) && !arrayRunOff {
			// A run of plain numbers, as compact JSON writes them, in
			// place; the loop below goes on from the first element (or
			// comma) the run does not take.
			for i < n {
				at := d.pos
				if i > 0 {
					if at >= len(d.src) || d.src[at] != ',' {
						break
					}
					d.pos++
				}
				if !d.plainNumber(kind, unsafe.Add(p, uintptr(i)*size)) {
					d.pos = at
					break
				}
				i++
			}
			if i > 0 {
				d.skipSpace()
			}
		}
		for {
			// As for slices, the element's decoder meets the end of the
			// valid text.
			if !d.atEnd() && d.src[d.pos] == ']' {
				break
			}
			if i > 0 && !d.atEnd() {
				if !d.delimV2(',') {
					return d.truncated()
				}
				d.skipSpace()
			}
			if i >= n {
				if err := d.skipV2(); err != nil {
					return err
				}
				lenErr = errArrayOverflow
			} else if ep := unsafe.Add(p, uintptr(i)*size); !(inline && !d.atEnd() && d.inlineField(kind, ep)) {
				zero(ep)
				wasEnd := d.atEnd()
				err := elem(d, ep)
				if err == nil && wasEnd {
					err = d.truncated()
				}
				if err != nil {
					return within(err, strconv.Itoa(i))
				}
			}
			i++
			d.skipSpace()
		}
		for j := i; j < n; j++ {
			zero(unsafe.Add(p, uintptr(j)*size))
			lenErr = errArrayUnderflow
		}
		end := d.pos
		d.pos++
		d.depth--
		if lenErr != nil {
			return d.errAt(end, t, ']', lenErr)
		}
		return nil
	}
}

func mapFnV2(t reflect.Type) decFunc {
	kt, vt := t.Key(), t.Elem()
	key := fnForV2(kt)
	val, valRaw := fnsForV2(vt)
	stringKey := kt.Kind() == reflect.String && !v2api.HasMethods(kt)
	// A key of a kind v2 has no representation for fails before its
	// name is read, as Go's does: the error is the map's, not the
	// member's.
	keyUnsupported := !v2api.HasMethods(kt) && timeFnV2(kt) == nil && !kindSupportedV2(kt.Kind())
	return func(d *state, p unsafe.Pointer) error {
		if d.takeTag()&v2TagString != 0 {
			return d.errAt(d.pos, t, 0, v2api.ErrInvalidStringTag)
		}
		if d.atEnd() {
			return d.truncated()
		}
		m := reflect.NewAt(t, p).Elem()
		switch d.src[d.pos] {
		case 'n':
			if !d.literalV2("null") {
				return d.truncated()
			}
			m.SetZero()
			return nil
		case '{':
		default:
			return d.mismatchV2(t, false)
		}
		if t == mapStringAnyType && m.IsNil() && d.v2.bits&v2AllowDup == 0 && !d.v2.fromAny && d.v2.funcs == nil {
			// A new map[string]any: built as ifaceFnV2 builds one (a
			// map made at its size).
			if x, done, err := d.anyByV1(); done {
				if err == nil {
					*(*map[string]any)(p) = x.(map[string]any)
				}
				return err
			}
		}
		if m.IsNil() {
			m.Set(reflect.MakeMap(t))
		}
		empty, err := d.objectStart()
		if err != nil {
			return d.truncated()
		}
		k := reflect.New(kt).Elem()
		v := reflect.New(vt).Elem()
		// A name that means a key met before is a duplicate (as "0" and
		// "-0" for an integer key), unless duplicates are allowed; in a
		// map that held entries, only the keys met in this object count.
		checkDup := d.v2.bits&v2AllowDup == 0
		var seen reflect.Value
		if checkDup && m.Len() > 0 {
			seen = reflect.MakeMap(reflect.MapOf(kt, emptyStructType))
		}
		for !empty {
			// A name that is not a string is where the valid text ends.
			if d.atEnd() || d.src[d.pos] != '"' {
				return d.truncated()
			}
			nameAt := d.pos
			var name string
			if stringKey && (d.v2.funcs == nil || d.v2.funcs.For(kt) == nil) {
				s, err := d.readString()
				if err != nil {
					return d.truncated()
				}
				name = s
				k.SetString(s)
			} else {
				k.SetZero()
				end, ok := wire.SkipValue(d.src, nameAt, 1)
				if !ok {
					return d.truncated()
				}
				name, _ = unquoteName(d.src[nameAt:end])
				d.v2.tag = v2Name
				err := key(d, k.Addr().UnsafePointer())
				d.v2.tag = 0
				if err != nil {
					if keyUnsupported && (d.v2.funcs == nil || d.v2.funcs.For(kt) == nil) {
						return err
					}
					return within(err, name)
				}
			}
			// The key is judged before the colon is read, as Go's v2
			// reads the name alone.
			if old := m.MapIndex(k); old.IsValid() {
				if checkDup && (!seen.IsValid() || seen.MapIndex(k).IsValid()) {
					return &jsontext.SyntacticError{ByteOffset: int64(nameAt), JSONPointer: jsontext.Pointer("").AppendToken(name), Err: jsontext.ErrDuplicateName}
				}
				v.Set(old)
			} else {
				v.SetZero()
			}
			d.skipSpace()
			if !d.atEnd() {
				if !d.delimV2(':') {
					return d.truncated()
				}
				d.skipSpace()
			}
			err := d.pickV2(val, valRaw)(d, v.Addr().UnsafePointer())
			m.SetMapIndex(k, v)
			if seen.IsValid() {
				seen.SetMapIndex(k, reflect.Zero(emptyStructType))
			}
			if err != nil {
				return within(err, name)
			}
			if empty, err = d.objectNext(); err != nil {
				return d.truncated()
			}
		}
		return nil
	}
}

var emptyStructType = reflect.TypeFor[struct{}]()

var errNonStringValue = errors.New("JSON value must be string type")

// quoteRuneV2 quotes the first rune of s as Go's v2 does in its
// messages: in single quotes, escaped as Go would.
func quoteRuneV2(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && n == 1 {
		return `'\x` + strconv.FormatUint(uint64(s[0])|0x100, 16)[1:] + `'`
	}
	q := strconv.QuoteRune(r)
	return q
}

// unquoteName returns the text of a quoted name.
func unquoteName(q string) (string, bool) {
	out, err := jsontext.AppendUnquote(nil, q)
	return string(out), err == nil
}
