package decoder

// encoding/json/v2's dialect of the decoder. The input is first checked
// whole by the syntax layer (jsontext: duplicate names and invalid UTF-8
// rejected as the options say), so that these decoders read text known
// to be valid and only decide what it means: merge semantics, null as
// the zero value, exact array lengths, numbers within strings, struct
// fields under v2's rules. When the input has a syntax error, the valid
// text before it is decoded, so that a semantic error met first is
// reported first, as v2 does. The v2 package (jsonv2) reaches this
// through internal/v2api, so that this package's exported API stays the
// v1 dialect's.

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"strconv"
	"strings"
	"unsafe"

	"github.com/jetjson/jet/internal/jsonopts"
	"github.com/jetjson/jet/internal/rt"
	"github.com/jetjson/jet/internal/textexport"
	"github.com/jetjson/jet/internal/v2api"
	"github.com/jetjson/jet/internal/wire"
	"github.com/jetjson/jet/jsontext"
)

func init() {
	v2api.Unmarshal = func(in []byte, out any, opts *jsonopts.Struct) error { return unmarshalV2(in, nil, out, opts, nil) }
	v2api.UnmarshalCut = func(in []byte, readErr error, out any, opts *jsonopts.Struct) error {
		return unmarshalV2(in, readErr, out, opts, nil)
	}
	v2api.UnmarshalWithin = func(in []byte, out any, opts *jsonopts.Struct, outer textexport.LevelSource) error {
		return unmarshalV2(in, nil, out, opts, outer)
	}
	v2api.UnmarshalSingle = unmarshalSingle
	v2api.SingleTakes = func(out any, opts *jsonopts.Struct) bool {
		_, ok := singleTop(out, opts)
		return ok
	}
}

// singleTop returns the v2Top of out's type where unmarshalV2's single
// pass may take out under opts.
func singleTop(out any, opts *jsonopts.Struct) (*v2Top, bool) {
	ef := rt.EfaceOf(&out)
	if ef.Type == nil || ef.Data == nil || v2api.CheckedOnly || !singleOptions(opts) {
		return nil, false
	}
	top, ok := v2tops.Load(ef.Type)
	if !ok {
		pt := reflect.TypeOf(out)
		if pt.Kind() != reflect.Pointer {
			return nil, false
		}
		top = v2TopFor(ef.Type, pt)
	}
	return top, top.plain && zeroMemory(ef.Data, top.size)
}

// unmarshalSingle is v2api.UnmarshalSingle: unmarshalV2's single pass
// alone, where it may be taken.
func unmarshalSingle(in []byte, out any, opts *jsonopts.Struct, outer textexport.LevelSource) bool {
	top, ok := singleTop(out, opts)
	if !ok {
		return false
	}
	if decodeV2Single(in, rt.EfaceOf(&out).Data, top.raw, opts, outer) {
		return true
	}
	reflect.ValueOf(out).Elem().SetZero()
	return false
}

// v2bits are the options of one v2 decoding, and the tag options of the
// value about to be read.
type v2bits uint32

const (
	v2Stringify     v2bits = 1 << iota // StringifyNumbers
	v2AnyCase                          // MatchCaseInsensitiveNames
	v2RejectUnknown                    // RejectUnknownMembers
	v2AllowDup                         // jsontext.AllowDuplicateNames
	v2Format                           // `format` tag options accepted

	v2TagString // the `string` tag option, for the next value
	v2Name      // the next value is an object member name (a map key)
)

// v2dstate is what a v2 decoding needs beyond the v1 state.
type v2dstate struct {
	bits  v2bits
	tag   v2bits
	opts  *jsonopts.Struct
	funcs *v2api.Unmarshalers
	// full is the whole input, of which the decoders read the valid
	// text before a syntax error.
	full []byte
	// readErr is the error of the reader (UnmarshalRead) that gave
	// full before it failed, or nil.
	readErr error
	// single is set in a single pass over text not checked first (see
	// decodeV2Single): the decoders check the delimiters and literals
	// they would otherwise take as read.
	single bool
	// shadow follows the decoding for the caller's functions and
	// methods that read from a Decoder (see shadowAt); shadowBroken is
	// set once it cannot.
	shadow       *jsontext.Decoder
	shadowBroken bool
	// stdShadow is the same with the standard library's Decoder (a
	// *jsontext.Decoder of encoding/json/jsontext, on Go 1.27).
	stdShadow       any
	stdShadowBroken bool
	// exact is the syntax error a caller's method or function met, or
	// one found after it declined (declinedWalk): where Go's decoder
	// meets it, placed from the top, as Go's v2 reports it through every
	// level. The decoders return errTruncated once it is set (syntaxAt).
	exact error
	// unknown is the stack of names met in the objects being decoded
	// that no field takes, in a single pass (see structV2.decode).
	unknown []string
	// fromAny is set when the caller's functions take one of the types
	// Go's v2 represents any JSON value with (fromAnyTypes): an empty
	// interface is then filled by those types' decoders.
	fromAny bool
	// outer returns the levels of the caller's Decoder the input was
	// read from (UnmarshalDecode), or is nil: the Decoders of the
	// caller's functions and methods stand for the input inside them
	// (see callFromV2).
	outer textexport.LevelSource
	// from is the caller's function callFuncsV2 is calling, and sh the
	// shadow positioned for the call (see shadowAt).
	from funcFrom
	sh   shadowDecoder
}

var errNonNilReference = errors.New("value must be passed as a non-nil pointer reference")

// unmarshalV2 decodes in, one JSON value, into the value out points to.
// When readErr is not nil, in is what a reader gave before failing with
// readErr.
func unmarshalV2(in []byte, readErr error, out any, opts *jsonopts.Struct, outer textexport.LevelSource) error {
	ef := rt.EfaceOf(&out)
	if ef.Type == nil || ef.Data == nil {
		return &v2api.Error{Action: "unmarshal", GoType: reflect.TypeOf(out), Err: errNonNilReference}
	}
	top, ok := v2tops.Load(ef.Type)
	if !ok {
		pt := reflect.TypeOf(out)
		if pt.Kind() != reflect.Pointer {
			return &v2api.Error{Action: "unmarshal", GoType: pt, Err: errNonNilReference}
		}
		top = v2TopFor(ef.Type, pt)
	}
	if readErr == nil && top.plain && !v2api.CheckedOnly && singleOptions(opts) && zeroMemory(ef.Data, top.size) {
		if decodeV2Single(in, ef.Data, top.raw, opts, outer) {
			return nil
		}
		// The value is zero again for the checked pass, which decides.
		reflect.ValueOf(out).Elem().SetZero()
	}
	x := newV2dstate(in, opts)
	x.readErr, x.outer = readErr, outer
	rv := reflect.ValueOf(out)
	syntaxErr := textexport.CheckDocument(in, opts)
	src := in
	if _, ok := syntaxErr.(*jsontext.SyntacticError); ok || readErr != nil {
		// Found as Go's decoders find it, before the value changes; the
		// text before it is decoded.
		var cut int
		syntaxErr, cut = syntaxErrorV2(in, readErr, rv.Type().Elem(), rv.Elem(), opts, syntaxErr)
		src = in[:cut]
	}
	d := getState(OptionCopyString, MaxNesting)
	d.src, d.input, d.borrowed = wire.StringOf(src), src, true
	d.v2buf = x
	d.v2 = &d.v2buf
	d.skipSpace()
	err := top.fn(d, ef.Data)
	exact := d.v2buf.exact
	putState(d)
	if se, ok := err.(*v2api.Error); ok && se.Err == errTruncated && exact != nil {
		return exact
	}
	if syntaxErr != nil {
		// An error the decoders meet in the text before the syntax error
		// wins (a semantic error, or a duplicate name only the meaning
		// shows, as "0" and "-0" for integer keys), as Go's decoder meets
		// it first.
		if se, ok := err.(*v2api.Error); ok && se.Err == errTruncated || err == nil {
			return syntaxErr
		}
		return err
	}
	return err
}

// v2Top is what Unmarshal needs of the type T its pointer points to:
// T's v2 decoder, whether the single pass may take T (plainV2Of), and
// T's size.
type v2Top struct {
	fn    decFunc
	raw   decFunc // fn without the caller's functions (fnsForV2)
	plain bool
	size  uintptr
}

// v2tops caches v2Tops by the type word of *T.
var v2tops rt.Cache[*v2Top]

// v2TopFor compiles the v2Top of pointer type pt, whose type word is w.
func v2TopFor(w unsafe.Pointer, pt reflect.Type) *v2Top {
	t := pt.Elem()
	compileMu.Lock()
	fn, raw := fnsForV2(t)
	compileMu.Unlock()
	top := &v2Top{fn: fn, raw: raw, plain: plainV2Of(t), size: t.Size()}
	return v2tops.Store(w, top)
}

// singleOptions reports whether opts allow the single pass: no caller's
// functions, duplicate names and invalid UTF-8 refused (newV2dstate's
// funcs and v2AllowDup, read here without making the state).
func singleOptions(opts *jsonopts.Struct) bool {
	if opts.Flags.Get(jsonopts.AllowDuplicateNames) || opts.Flags.Get(jsonopts.AllowInvalidUTF8) {
		return false
	}
	u, ok := opts.Unmarshalers.(*v2api.Unmarshalers)
	return !ok || u == nil || len(u.List) == 0
}

// newV2dstate returns the state of a v2 decoding of in under opts.
func newV2dstate(in []byte, opts *jsonopts.Struct) v2dstate {
	var x v2dstate
	x.init(in, opts)
	return x
}

// init sets the zero x to the state of a v2 decoding of in under opts.
func (x *v2dstate) init(in []byte, opts *jsonopts.Struct) {
	x.opts, x.full = opts, in
	f := opts.Flags
	if f.Get(jsonopts.StringifyNumbers) {
		x.bits |= v2Stringify
	}
	if f.Get(jsonopts.MatchCaseInsensitiveNames) {
		x.bits |= v2AnyCase
	}
	if f.Get(jsonopts.RejectUnknownMembers) {
		x.bits |= v2RejectUnknown
	}
	if f.Get(jsonopts.AllowDuplicateNames) {
		x.bits |= v2AllowDup
	}
	if f.Get(jsonopts.FormatTag) {
		x.bits |= v2Format
	}
	if u, ok := opts.Unmarshalers.(*v2api.Unmarshalers); ok && u != nil && len(u.List) > 0 {
		x.funcs = u
		for _, at := range fromAnyTypes {
			if len(u.For(at)) > 0 {
				x.fromAny = true
			}
		}
	}
}

// decodeV2Single decodes in into the zero value rv points to in one
// pass, without checking the text first: the decoders check the
// delimiters and literals they meet, strings are checked for UTF-8,
// names for duplicates (fields by a set of their own, the rest by the
// syntax layer on the values skipped), and any error or doubt ends the
// pass with false. The caller then sets the value to zero again and
// decodes with the text checked first, which finds the error Go's v2
// reports, and where. A pass cut short leaves no trace: the types it
// takes (plainV2Of) run no code but jet's and pure methods.
//
// Strings are copied one by one (OptionCopyString), as in both passes:
// documents are mostly not strings, and a copy of the whole input (which
// strings could then view) cost more memory and time on most of them.
func decodeV2Single(in []byte, p unsafe.Pointer, fn decFunc, opts *jsonopts.Struct, outer textexport.LevelSource) bool {
	d := getState(OptionCopyString|OptionValidateString|optV2Single, singleMaxDepth)
	d.src, d.input, d.borrowed = wire.StringOf(in), in, true
	// d.v2buf is zero (reset).
	d.v2buf.init(in, opts)
	d.v2buf.outer = outer
	d.v2buf.single = true
	d.v2 = &d.v2buf
	d.skipSpace()
	err := fn(d, p)
	if err == nil {
		d.skipSpace()
	}
	ok := err == nil && d.saved == nil && d.atEnd()
	putState(d)
	return ok
}

// zeroMemory reports whether the n bytes at p are all zero, which a
// value's are when it is its type's zero value (the converse does not
// hold: -0.0, an empty string that points somewhere).
func zeroMemory(p unsafe.Pointer, n uintptr) bool {
	var acc uint64
	i := uintptr(0)
	if uintptr(p)%8 == 0 {
		for ; i+32 <= n; i += 32 {
			acc |= *(*uint64)(unsafe.Add(p, i)) | *(*uint64)(unsafe.Add(p, i+8)) |
				*(*uint64)(unsafe.Add(p, i+16)) | *(*uint64)(unsafe.Add(p, i+24))
		}
		for ; i+8 <= n; i += 8 {
			acc |= *(*uint64)(unsafe.Add(p, i))
		}
	}
	for ; i < n; i++ {
		acc |= uint64(*(*byte)(unsafe.Add(p, i)))
	}
	return acc == 0
}

// singleMaxDepth is the nesting a single pass takes, below the syntax
// layer's limit: deeper text is left to the checked pass.
const singleMaxDepth = v2api.SingleMaxDepth

// plainV2Of reports whether decoding a t runs no code but jet's and the
// standard library's: no type within it has methods v2 calls, other than
// time's types (which v2 decodes itself) and types whose methods are
// pure (pureMethods).
func plainV2Of(t reflect.Type) bool {
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type) bool
	walk = func(t reflect.Type) bool {
		if seen[t] {
			return true
		}
		seen[t] = true
		if timeFnV2(t) != nil {
			return true
		}
		if v2api.HasMethods(t) {
			return pureMethods(t)
		}
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			return walk(t.Elem())
		case reflect.Map:
			return walk(t.Key()) && walk(t.Elem())
		case reflect.Struct:
			for i := 0; i < t.NumField(); i++ {
				if !walk(t.Field(i).Type) {
					return false
				}
			}
		}
		return true
	}
	return walk(t)
}

// pureMethods reports whether t's JSON and text methods are known to
// depend on nothing but their input and receiver, so that calling them
// again (in the checked pass after a single pass) changes nothing: those
// of the standard library's types (json.RawMessage, jsontext.Value,
// big.Int, netip.Addr, ...; pureMethodPkgs) and of jet's.
func pureMethods(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer && t.Name() == "" {
		t = t.Elem()
	}
	path := t.PkgPath()
	return pureMethodPkgs[path]
}

// pureMethodPkgs are the packages, the standard library's and jet's,
// with types that have JSON or text methods, all of them pure.
var pureMethodPkgs = map[string]bool{
	"encoding/json": true, "encoding/json/jsontext": true, "encoding/json/v2": true,
	"math/big": true, "net": true, "net/netip": true, "time": true, "log/slog": true, "regexp": true,
	"github.com/jetjson/jet": true, "github.com/jetjson/jet/jsontext": true, "github.com/jetjson/jet/ast": true,
}

// errTruncated marks a decoder that ran into the end of the valid text
// before a syntax error: the syntax error is reported.
var errTruncated = errors.New("truncated")

// compiledV2 holds the v2 decoders built, by type, and compiledV2Raw
// the same without the caller's functions (rawFnForV2); guarded by
// compileMu.
var (
	compiledV2    = map[reflect.Type]*decFunc{}
	compiledV2Raw = map[reflect.Type]*decFunc{}
)

func fnForV2Of(t reflect.Type) decFunc {
	compileMu.Lock()
	defer compileMu.Unlock()
	return fnForV2(t)
}

// fnForV2 returns the v2 decoder of t, compiling it on first use; a type
// met again while it is being compiled gets a stub. compileMu must be
// held.
func fnForV2(t reflect.Type) decFunc {
	fn, _ := fnsForV2(t)
	return fn
}

// fnsForV2 returns the v2 decoder of t (fn) and the same without the
// caller's unmarshal functions (raw), which a decoder of a type holding
// t calls when the call has none: it saves fn's check, a call deep, on
// every value. compileMu must be held.
func fnsForV2(t reflect.Type) (fn, raw decFunc) {
	if slot, ok := compiledV2[t]; ok {
		rawSlot := compiledV2Raw[t]
		if *slot != nil {
			return *slot, *rawSlot
		}
		return func(d *state, p unsafe.Pointer) error { return (*slot)(d, p) },
			func(d *state, p unsafe.Pointer) error { return (*rawSlot)(d, p) }
	}
	slot, rawSlot := new(decFunc), new(decFunc)
	compiledV2[t], compiledV2Raw[t] = slot, rawSlot
	raw = newFnV2(t)
	fn = withFuncsV2(t, raw)
	*slot, *rawSlot = fn, raw
	return fn, raw
}

// pickV2 returns fn, or raw when the decoding has no caller's functions.
func (d *state) pickV2(fn, raw decFunc) decFunc {
	if d.v2.funcs == nil {
		return raw
	}
	return fn
}

// withFuncsV2 lets the caller's unmarshal functions (WithUnmarshalers)
// take values of type t before fn.
func withFuncsV2(t reflect.Type, fn decFunc) decFunc {
	return func(d *state, p unsafe.Pointer) error {
		if d.v2.funcs != nil {
			if idx := d.v2.funcs.For(t); idx != nil {
				done, walked, err := d.callFuncsV2(t, p, idx)
				if done {
					return err
				}
				if walked != nil {
					// All declined a value the valid text ends within,
					// in which t's decoder meets this syntax error.
					return d.orDeclined(fn(d, p), walked)
				}
			}
		}
		return fn(d, p)
	}
}

// callFuncsV2 offers the value at pos, to be stored at p (of type t), to
// the caller's unmarshal functions listed in idx, in order. done is
// false when all declined; walked is then the syntax error that t's own
// decoder meets in the value, when the valid text ends within it and
// declinedWalk finds one.
func (d *state) callFuncsV2(t reflect.Type, p unsafe.Pointer, idx []int) (done bool, walked, err error) {
	start := d.pos
	// A value cut short by a syntax error is still offered to functions
	// that read it from a Decoder: one may decline before reading.
	raw, cut := d.valueText()
	ptr := reflect.NewAt(t, p)
	for _, i := range idx {
		u := &d.v2.funcs.List[i]
		if u.Bytes != nil {
			// Not one that may decline: the last one tried.
			if cut {
				return true, nil, d.truncated()
			}
			d.takeTag()
			if err := u.Bytes([]byte(raw), ptr); err != nil {
				return true, nil, d.collapseErr(start, u.Type, wrapUnsupported(err, "unmarshal function of type func([]byte, T) error"))
			}
			return true, nil, nil
		}
		d.v2.from = funcFrom{u, ptr}
		err := d.callFromV2(raw, start, cut, u.Type, &d.v2.from)
		d.v2.from = funcFrom{}
		if errors.Is(err, errors.ErrUnsupported) {
			continue
		}
		d.takeTag()
		return true, nil, err
	}
	d.pos = start
	if cut && readsByKindV2(t) {
		return false, d.declinedWalk(t, p, start), nil
	}
	return false, nil, nil
}

// readsByKindV2 reports whether Go's v2 decodes a value of type t, once
// the caller's functions for t decline, by t's kind: t has no methods
// v2 calls and is not a time type.
func readsByKindV2(t reflect.Type) bool {
	if timeFnV2(t) != nil {
		return false
	}
	if t.Kind() == reflect.Pointer || t.Kind() == reflect.Interface {
		return true
	}
	pt := reflect.PointerTo(t)
	return !hasFromMethodV2(pt) && !pt.Implements(rt.UnmarshalerType) && !pt.Implements(rt.TextUnmarshalerType)
}

// declinedWalk finds the syntax error Go's v2 meets in the value at
// start, of type t at p, which the valid text ends within, when the
// caller's functions or t's UnmarshalJSONFrom method declined it and t
// is decoded by its kind. The walk that found the syntax error first
// (syntaxErrorV2) cannot tell that they decline, and took the value to
// be read whole; the kind's decoder reads it token by token, and may
// meet the error elsewhere or place it otherwise. This walks the value
// again, as that decoder reads it, on a Decoder over the whole input put
// before it. It must run before the value changes; nil when it finds no
// syntax error there or cannot tell.
func (d *state) declinedWalk(t reflect.Type, p unsafe.Pointer, start int) error {
	x := d.v2
	dec := jsontext.NewDecoder(x.shadowReader(), x.opts)
	broken := false
	if _, ok := d.shadowAt(jetFromDecoder{dec}, &broken, start); !ok {
		return nil
	}
	err := newWalkerV2(dec, x.opts).walkKind(t, reflect.NewAt(t, p).Elem())
	if _, ok := err.(*jsontext.SyntacticError); ok || isJetIOError(err) {
		return err
	}
	return nil
}

// orDeclined is err, the outcome of decoding a value by its kind after
// the caller's functions or its method declined it; when the decoding
// ran into the end of the valid text, walked (from declinedWalk) is the
// syntax error to report, unless one met within the value came first.
func (d *state) orDeclined(err, walked error) error {
	if e, ok := err.(*v2api.Error); ok && e.Err == errTruncated && walked != nil {
		return d.syntaxAt(walked)
	}
	return err
}

// syntaxAt records se, a syntax error or the reader's failure, as the
// error Go's decoding meets (exact), unless one was recorded first, and
// ends the decoding.
func (d *state) syntaxAt(se error) error {
	if d.v2.exact == nil {
		d.v2.exact = se
	}
	return d.truncated()
}

// errAt is a semantic error about the value of type t that starts at
// pos, of JSON kind k (0 when the value is not the problem).
func (d *state) errAt(pos int, t reflect.Type, k byte, err error) error {
	if k == 0 && pos >= len(d.src) {
		pos = d.nextValueAt(pos)
	}
	return &v2api.Error{Action: "unmarshal", ByteOffset: int64(pos), Kind: jsontext.Kind(k), GoType: t, Err: err}
}

// nextValueAt is where Go's v2 places an error before the value at pos
// when the valid text ends there: past the delimiters and whitespace
// that follow in the whole input.
func (d *state) nextValueAt(pos int) int {
	for pos < len(d.v2.full) && strings.IndexByte(",: \n\r\t", d.v2.full[pos]) >= 0 {
		pos++
	}
	return pos
}

// errValue is errAt for a number or string, which the error quotes.
func (d *state) errValue(pos, end int, t reflect.Type, err error) error {
	e := d.errAt(pos, t, d.src[pos], err).(*v2api.Error)
	k := kindOf(d.src[pos])
	e.Kind = jsontext.Kind(k)
	if k == '"' || k == '0' {
		e.Value = []byte(d.src[pos:end])
	}
	return e
}

// kindOf is the JSON kind of a value starting with c.
func kindOf(c byte) byte {
	switch c {
	case 'n', 't', 'f', '"', '{', '[':
		return c
	}
	return '0'
}

// takeTag returns the tag options meant for the next value and clears
// them.
func (d *state) takeTag() v2bits {
	tag := d.v2.tag
	d.v2.tag = 0
	return tag
}

// mismatch is the error for a value of the wrong kind at pos: the whole
// value is read first (as v2 does for scalars), so that a syntax error
// within it is reported instead.
func (d *state) mismatchV2(t reflect.Type, whole bool) error {
	pos := d.pos
	k := kindOf(d.src[pos])
	if whole || k != '{' && k != '[' {
		if err := d.skipV2(); err != nil {
			return err
		}
	}
	// Go's v2 quotes the value only when it could not parse it, not
	// when its kind is wrong.
	return d.errAt(pos, t, k, nil)
}

// skipV2 moves past the value at pos; at the end of the valid text it
// reports errTruncated.
func (d *state) skipV2() error {
	end, ok := wire.SkipValue(d.src, d.pos, MaxNesting)
	if !ok {
		return d.truncated()
	}
	if d.v2.single && textexport.CheckDocument(d.input[d.pos:end], d.v2.opts) != nil {
		// What the syntax layer checks beyond wire's grammar (names,
		// UTF-8) is checked in the value skipped.
		return d.truncated()
	}
	d.pos = end
	return nil
}

// delimitedAt reports whether the value at pos in the valid text is
// preceded by what must come before a value: the start, '[', ':' or ','.
func (d *state) delimitedAt(pos int) bool {
	for pos > 0 {
		switch d.src[pos-1] {
		case ' ', '\t', '\n', '\r':
			pos--
			continue
		case '[', ':', ',':
			return true
		}
		return false
	}
	return true
}

// valueText moves past the value at pos and returns its text; when the
// valid text ends within it, it returns the rest of the whole input
// (cut set), so that a method reading it meets what Go's v2 meets.
func (d *state) valueText() (raw string, cut bool) {
	start := d.pos
	if err := d.skipV2(); err != nil {
		d.pos = len(d.src)
		if start < len(d.v2.full) && d.delimitedAt(start) {
			return string(d.v2.full[start:]), true
		}
		// Go's look at the value fails at once: a delimiter before it
		// is missing.
		return "", true
	}
	return d.src[start:d.pos], false
}

// shadowReader reads the whole input for a shadow: as Go's Decoder
// reads it, up to where its reader failed, if it did.
func (x *v2dstate) shadowReader() io.Reader {
	if x.readErr == nil {
		// A bytes.Buffer's contents are read in place, not copied (the
		// Decoder writes nothing into them); Go's v2 also reads the
		// input of Unmarshal where it lies.
		return bytes.NewBuffer(x.full)
	}
	return io.MultiReader(bytes.NewReader(x.full), failingReader{x.readErr})
}

// jetIOErrorType is the type of the error jet's Decoder returns for a
// reader's failure, which Go's v2 reports as it is (as its own).
var jetIOErrorType = reflect.TypeOf(jetIOError(errors.ErrUnsupported))

// isJetIOError reports whether err is jet's Decoder's error for a
// reader's failure.
func isJetIOError(err error) bool { return err != nil && reflect.TypeOf(err) == jetIOErrorType }

// jetIOError is jet's Decoder's error for the reader's failure err.
func jetIOError(err error) error {
	_, e := jsontext.NewDecoder(failingReader{err}).ReadToken()
	return e
}

// blankInput reports whether the input holds no value, and ends there:
// Go's v2 then calls no method or function for the top-level value, and
// reports the end of the input.
func (x *v2dstate) blankInput() bool {
	return x.readErr == nil && wire.SkipSpace(wire.StringOf(x.full), 0) >= len(x.full)
}

func (d *state) truncated() error {
	return &v2api.Error{Err: errTruncated}
}

// atEnd reports whether the valid text ends at pos.
func (d *state) atEnd() bool { return d.pos >= len(d.src) }

var (
	errNilInterface   = errors.New("cannot derive concrete type for nil interface with finite type set")
	errArrayUnderflow = errors.New("too few array elements")
	errArrayOverflow  = errors.New("too many array elements")
)

func newFnV2(t reflect.Type) decFunc {
	// v2 treats the time types as if they had methods of its own,
	// ahead of their methods.
	if fn := timeFnV2(t); fn != nil {
		return fn
	}
	if fn := methodFnV2(t); fn != nil {
		return fn
	}
	return kindFnV2(t)
}

// kindFnV2 is the v2 decoder of t by its kind, without its methods.
func kindFnV2(t reflect.Type) decFunc {
	switch t.Kind() {
	case reflect.Bool:
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
				*(*bool)(p) = false
				return nil
			case 't':
				if !d.literalV2("true") {
					return d.truncated()
				}
				*(*bool)(p) = true
				return nil
			case 'f':
				if !d.literalV2("false") {
					return d.truncated()
				}
				*(*bool)(p) = false
				return nil
			}
			return d.mismatchV2(t, false)
		}
	case reflect.String:
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
				*(*string)(p) = ""
				return nil
			case '"':
				s, err := d.readString()
				if err != nil {
					return d.truncated()
				}
				*(*string)(p) = s
				return nil
			}
			return d.mismatchV2(t, true)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		bits := t.Bits()
		return func(d *state, p unsafe.Pointer) error {
			text, pos, done, err := d.numberText(t)
			if done || err != nil {
				if done {
					storeInt(p, bits, 0)
				}
				return err
			}
			neg := len(text) > 0 && text[0] == '-'
			digits := text
			if neg {
				digits = text[1:]
			}
			n, ok := parseDigits(digits)
			if !ok && n != ^uint64(0) {
				return d.errValue(pos, d.pos, t, strconv.ErrSyntax)
			}
			limit := uint64(1) << (bits - 1)
			if !ok || neg && n > limit || !neg && n > limit-1 {
				return d.errValue(pos, d.pos, t, strconv.ErrRange)
			}
			v := int64(n)
			if neg {
				v = -v
			}
			storeInt(p, bits, v)
			return nil
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		bits := t.Bits()
		return func(d *state, p unsafe.Pointer) error {
			text, pos, done, err := d.numberText(t)
			if done || err != nil {
				if done {
					storeUint(p, bits, 0)
				}
				return err
			}
			n, ok := parseDigits(text)
			if !ok && n != ^uint64(0) {
				return d.errValue(pos, d.pos, t, strconv.ErrSyntax)
			}
			if !ok || bits < 64 && n >= 1<<bits {
				return d.errValue(pos, d.pos, t, strconv.ErrRange)
			}
			storeUint(p, bits, n)
			return nil
		}
	case reflect.Float32, reflect.Float64:
		bits := t.Bits()
		return func(d *state, p unsafe.Pointer) error {
			// A float64 from a plain number: parsed as it is scanned when
			// the one-pass parse is exact (a float32 is rounded from the
			// text itself, below).
			if bits == 64 && d.v2.tag == 0 && d.v2.bits&v2Stringify == 0 && !d.atEnd() && isNumberStart(d.src[d.pos]) {
				if end, f, exact, valid := wire.ReadFloat(d.src, d.pos); valid && exact {
					d.pos = end
					*(*float64)(p) = f
					return nil
				}
			}
			text, pos, done, err := d.numberText(t)
			if done || err != nil {
				if done {
					storeFloat(p, bits, 0)
				}
				return err
			}
			if end, _, ok := wire.ScanNumber(text, 0); !ok || end != len(text) {
				return d.errValue(pos, d.pos, t, strconv.ErrSyntax)
			}
			f, perr := strconv.ParseFloat(text, bits)
			if perr != nil {
				return d.errValue(pos, d.pos, t, strconv.ErrRange)
			}
			storeFloat(p, bits, f)
			return nil
		}
	case reflect.Interface:
		return ifaceFnV2(t)
	case reflect.Pointer:
		return pointerFnV2(t)
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 && t.Elem().PkgPath() == "" {
			return bytesFnV2(t)
		}
		return sliceFnV2(t)
	case reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 && t.Elem().PkgPath() == "" {
			return bytesFnV2(t)
		}
		return arrayFnV2(t)
	case reflect.Map:
		return mapFnV2(t)
	case reflect.Struct:
		return structFnV2(t)
	}
	return func(d *state, p unsafe.Pointer) error {
		d.takeTag()
		return d.errAt(d.pos, t, 0, nil)
	}
}

// kindSupportedV2 reports whether v2 has a representation for values of
// kind k (kindFnV2 decodes them); the others (channels, functions,
// complex numbers, unsafe pointers) are an error.
func kindSupportedV2(k reflect.Kind) bool {
	switch k {
	case reflect.Chan, reflect.Func, reflect.Complex64, reflect.Complex128, reflect.UnsafePointer, reflect.Invalid:
		return false
	}
	return true
}

// numberText reads the number at pos for a value of numeric type t: a
// number, or a string holding one where the options or tag (or a map
// key) say so. It returns the number's text and where the value
// started; done is set when the value was null (store zero).
func (d *state) numberText(t reflect.Type) (text string, pos int, done bool, err error) {
	tag := d.takeTag()
	quoted := d.v2.bits&v2Stringify != 0 || tag&(v2TagString|v2Name) != 0
	if d.atEnd() {
		return "", 0, false, d.truncated()
	}
	pos = d.pos
	switch c := d.src[pos]; {
	case c == 'n':
		if !d.literalV2("null") {
			return "", pos, false, d.truncated()
		}
		return "", pos, true, nil
	case c == '"' && quoted:
		s, err := d.readStringTemp()
		if err != nil {
			return "", pos, false, d.truncated()
		}
		return s, pos, false, nil
	case isNumberStart(c) && !quoted:
		end, _, ok := wire.ScanNumber(d.src, pos)
		if !ok || end >= len(d.src) && tag&v2Name == 0 && false {
			return "", pos, false, d.truncated()
		}
		d.pos = end
		return d.src[pos:end], pos, false, nil
	}
	return "", pos, false, d.mismatchV2(t, true)
}

// parseDigits parses a JSON integer's digits (no sign): ok is false when
// s is not one, n is all ones when it does not fit in 64 bits.
func parseDigits(s string) (n uint64, ok bool) {
	if s == "" || s[0] == '0' && len(s) > 1 {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		if n > (^uint64(0)-9)/10 {
			// Check the rest are digits before calling it an overflow.
			for _, c := range []byte(s[i:]) {
				if c < '0' || c > '9' {
					return 0, false
				}
			}
			if x, err := strconv.ParseUint(s, 10, 64); err == nil {
				return x, true
			}
			return ^uint64(0), false
		}
		n = n*10 + uint64(c-'0')
	}
	return n, true
}

func storeInt(p unsafe.Pointer, bits int, v int64) {
	switch bits {
	case 8:
		*(*int8)(p) = int8(v)
	case 16:
		*(*int16)(p) = int16(v)
	case 32:
		*(*int32)(p) = int32(v)
	default:
		*(*int64)(p) = v
	}
}

func storeUint(p unsafe.Pointer, bits int, v uint64) {
	switch bits {
	case 8:
		*(*uint8)(p) = uint8(v)
	case 16:
		*(*uint16)(p) = uint16(v)
	case 32:
		*(*uint32)(p) = uint32(v)
	default:
		*(*uint64)(p) = v
	}
}

func storeFloat(p unsafe.Pointer, bits int, f float64) {
	if bits == 32 {
		*(*float32)(p) = float32(f)
	} else {
		*(*float64)(p) = f
	}
}

var _ = rt.Direct

// literalV2 moves past the literal lit at pos, whose first byte the
// caller has seen, and reports false when lit is not there: in a single
// pass, where the text was not checked first, or where the valid text
// ends within it, before a syntax error (Go's v2 then leaves the value
// as it was).
func (d *state) literalV2(lit string) bool {
	if !strings.HasPrefix(d.src[d.pos:], lit) {
		return false
	}
	d.pos += len(lit)
	return true
}

// delimV2 moves past the delimiter c (a colon or comma) at pos. In a
// single pass it checks that c is there, and reports false when not.
func (d *state) delimV2(c byte) bool {
	if d.v2.single && (d.atEnd() || d.src[d.pos] != c) {
		return false
	}
	d.pos++
	return true
}
