package encoder

// encoding/json/v2's dialect of the encoder: the codecs that differ from
// the v1 dialect's (structs under v2's field rules, maps with keys that
// must be strings, nil slices and maps as [] and {}, v2's quoting and
// its method order), compiled and cached beside the v1 codecs in the
// same tables, run by the same state. The v2 package (jsonv2) reaches
// it through internal/v2api's hook, so that this package's exported API
// stays the v1 dialect's.

import (
	"errors"
	"reflect"
	"unsafe"

	"github.com/jetjson/jet/internal/jsonopts"
	"github.com/jetjson/jet/internal/rt"
	"github.com/jetjson/jet/internal/textexport"
	"github.com/jetjson/jet/internal/v2api"
	"github.com/jetjson/jet/internal/wire"
	"github.com/jetjson/jet/jsontext"
)

func init() {
	v2api.Marshal = func(b []byte, v any, opts *jsonopts.Struct) ([]byte, error) { return marshalV2(b, v, opts, nil) }
	v2api.MarshalWithin = marshalV2
}

// v2bits are the options of one v2 encoding, and the tag options of the
// value about to be written, as bits the codecs test.
type v2bits uint32

const (
	v2Stringify    v2bits = 1 << iota // StringifyNumbers
	v2NilSliceNull                    // FormatNilSliceAsNull
	v2NilMapNull                      // FormatNilMapAsNull
	v2Sorted                          // Deterministic
	v2OmitZero                        // OmitZeroStructFields
	v2AllowBadUTF8                    // jsontext.AllowInvalidUTF8
	v2AllowDup                        // jsontext.AllowDuplicateNames
	v2HTML                            // jsontext.EscapeForHTML
	v2JS                              // jsontext.EscapeForJS
	v2Format                          // `format` tag options are accepted
	v2AnyCase                         // MatchCaseInsensitiveNames

	// v2Slow: an option of this encoding (the caller's marshal
	// functions, StringifyNumbers, OmitZeroStructFields, EscapeForJS)
	// changes what the shared struct loop (appendStruct) and the other
	// fast loops write, so the v2 codecs' general loops write every
	// value.
	v2Slow

	// Tag options, for the value about to be written only.
	v2TagString // the `string` tag option
	v2Name      // the value is an object member name (a map key)
)

// optV2 is set in the state's v1 options while it encodes in v2's
// dialect, for the code both dialects share: where they differ (how a
// string is checked and quoted, how an error is placed) that code tests
// it beside the v1 option it tests anyway. EscapeHTML is set with it for
// EscapeForHTML. It is not an option of the package's API.
const optV2 Options = 1 << 31

// forceSlowV2 makes every v2 encoding take the general loops (v2Slow):
// for tests that compare the fast loops with them.
var forceSlowV2 bool

// v2state is what a v2 encoding needs beyond the v1 state.
type v2state struct {
	bits v2bits
	// tag holds v2TagString and v2Name for the next value: set by the
	// struct and map encoders, read by the codec of the value.
	tag v2bits
	// text holds the syntax options, for reformatting raw values and the
	// output of methods.
	text  *jsonopts.Struct
	funcs *v2api.Marshalers
	// base is where this encoding's output starts in the buffer, and
	// outer the levels of the caller's Encoder it is written into
	// (MarshalEncode) or nil: the Encoders of the caller's functions
	// and methods stand for the output so far inside them (see
	// callToV2).
	base  int
	outer textexport.LevelSource
	// methodOpts are the options of the Encoders given to caller's
	// methods and functions (text without whitespace), once set.
	methodOpts    jsonopts.Struct
	methodOptsSet bool
}

// marshalV2 appends the v2 encoding of v to b, under opts. On error
// the output holds what was written before it.
func marshalV2(b []byte, v any, opts *jsonopts.Struct, outer textexport.LevelSource) ([]byte, error) {
	e := getState(0)
	x := &e.v2own
	*x = v2state{text: opts, outer: outer}
	e.marshals++
	f := opts.Flags
	set := func(on bool, bit v2bits) {
		if on {
			x.bits |= bit
		}
	}
	set(f.Get(jsonopts.StringifyNumbers), v2Stringify)
	set(f.Get(jsonopts.FormatNilSliceAsNull), v2NilSliceNull)
	set(f.Get(jsonopts.FormatNilMapAsNull), v2NilMapNull)
	set(f.Get(jsonopts.Deterministic), v2Sorted)
	set(f.Get(jsonopts.OmitZeroStructFields), v2OmitZero)
	set(f.Get(jsonopts.AllowInvalidUTF8), v2AllowBadUTF8)
	set(f.Get(jsonopts.AllowDuplicateNames), v2AllowDup)
	set(f.Get(jsonopts.EscapeForHTML), v2HTML)
	set(f.Get(jsonopts.EscapeForJS), v2JS)
	set(f.Get(jsonopts.FormatTag), v2Format)
	set(f.Get(jsonopts.MatchCaseInsensitiveNames), v2AnyCase)
	if m, ok := opts.Marshalers.(*v2api.Marshalers); ok && m != nil && len(m.List) > 0 {
		x.funcs = m
	}
	if x.funcs != nil || x.bits&(v2Stringify|v2OmitZero|v2JS) != 0 || forceSlowV2 {
		x.bits |= v2Slow
	}
	e.v2 = x
	e.opts = optV2
	if x.bits&v2HTML != 0 {
		e.opts |= EscapeHTML
	}
	// jdepth counts the caller's levels too, as Go's v2 does: its
	// limits are on the whole text.
	e.depth, e.jdepth = 0, textexport.Depth(outer)
	if owner := enclosingState(outer); owner != nil {
		if owner.seen == nil {
			owner.seen = map[seenKey]struct{}{}
		}
		e.seen, e.seenShared = owner.seen, true
	}
	base := len(b)
	x.base = base
	var out []byte
	var err error
	if b == nil {
		// A new output: written in the state's pooled buffer, and
		// copied out at its size.
		buf, err2 := e.marshalV2Top(e.buf[:0], v)
		// make and copy, as one: the compiler leaves the new slice
		// uncleared (runtime.makeslicecopy).
		out = make([]byte, len(buf))
		copy(out, buf)
		err = err2
		e.buf = buf
	} else {
		out, err = e.marshalV2Top(b, v)
		v2api.Offset(err, -int64(base))
	}
	e.v2 = nil
	*x = v2state{}
	putState(e)
	return out, err
}

// marshalV2Top encodes the top-level value, which v2 always makes
// addressable (copying it when it is not a pointer and a method may
// take its address): as a value met in an interface.
func (e *state) marshalV2Top(b []byte, v any) ([]byte, error) {
	if v != nil {
		ef := rt.EfaceOf(&v)
		if c := ifaceV2For(ef.Type, v); c.elem != nil && (e.v2.funcs == nil || funcsV2(e.v2.funcs, c.typ) == nil) {
			if ef.Data == nil {
				return append(b, "null"...), nil
			}
			return c.elem(e, b, ef.Data)
		}
	}
	return e.appendAnyV2(b, v)
}

// codecV2 is the compiled v2 encoder of one type: fn offers the value
// to the caller's marshal functions first (see withFuncsV2), raw does
// not, for encodings that have none (the fast loops, which run only
// then).
type codecV2 struct {
	fn, raw encFunc
}

// compiledV2 holds the v2 codecs built, by type; guarded by compileMu.
var compiledV2 = map[reflect.Type]*codecV2{}

// fnForV2Locked returns the v2 encoder of t (v2 values are always
// addressable), compiling it if needed; compileMu must be held. A type
// met again while it is being compiled gets a stub that calls the
// finished encoder.
func fnForV2Locked(t reflect.Type) encFunc {
	c := codecV2Locked(t)
	if c.fn != nil {
		return c.fn
	}
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) { return c.fn(e, b, p) }
}

// rawFnForV2Locked is fnForV2Locked's raw encoder (codecV2.raw).
func rawFnForV2Locked(t reflect.Type) encFunc {
	c := codecV2Locked(t)
	if c.raw != nil {
		return c.raw
	}
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) { return c.raw(e, b, p) }
}

func codecV2Locked(t reflect.Type) *codecV2 {
	if c, ok := compiledV2[t]; ok {
		return c
	}
	c := &codecV2{}
	compiledV2[t] = c
	raw := newFnV2(t)
	c.raw, c.fn = raw, withFuncsV2(t, raw)
	return c
}

// withFuncsV2 lets the caller's marshal functions (WithMarshalers) take
// values of type t before fn.
func withFuncsV2(t reflect.Type, fn encFunc) encFunc {
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		if e.v2.funcs != nil {
			if idx := funcsV2(e.v2.funcs, t); idx != nil {
				out, done, err := e.callFuncsV2(b, t, p, idx)
				if done {
					return out, err
				}
			}
		}
		return fn(e, b, p)
	}
}

// semErr is a v2 semantic error for a value of type t that would start
// at the end of b.
func semErr(b []byte, t reflect.Type, err error) error {
	return &v2api.Error{Action: "marshal", ByteOffset: int64(len(b)), GoType: t, Err: err}
}

// within adds a container's reference token to err's JSON Pointer.
func within(err error, token string) error { return v2api.Within(err, token) }

var (
	errCycle = errors.New("encountered a cycle")
)

// tagCheck takes the tag options meant for a value of type t, which has
// no use for them: an error if the `string` option was given.
func (e *state) tagCheck(b []byte, t reflect.Type) error {
	tag := e.v2.tag
	e.v2.tag = 0
	if tag&v2TagString != 0 {
		return semErr(b, t, v2api.ErrInvalidStringTag)
	}
	return nil
}

// numberQuoted reports whether the number about to be written goes
// between quotes, and takes the tag options.
func (e *state) numberQuoted() bool {
	q := e.v2.bits&v2Stringify != 0 || e.v2.tag&(v2TagString|v2Name) != 0
	e.v2.tag = 0
	return q
}

func newFnV2(t reflect.Type) encFunc {
	// v2 treats the time types as if they had methods of its own,
	// ahead of their methods.
	if fn := timeFnV2(t); fn != nil {
		return fn
	}
	if fn := methodFnV2(t); fn != nil {
		return fn
	}
	return newFnV2Kind(t)
}

// newFnV2Kind builds the encoder of t by its kind, without its methods.
func newFnV2Kind(t reflect.Type) encFunc {
	switch t.Kind() {
	case reflect.Bool:
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			if err := e.tagCheck(b, t); err != nil {
				return b, err
			}
			return appendBool(b, *(*bool)(p)), nil
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		load := intLoader(t.Kind())
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			if e.numberQuoted() {
				b = append(b, '"')
				b = wire.AppendInt(b, load(p))
				return append(b, '"'), nil
			}
			return wire.AppendInt(b, load(p)), nil
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		load := uintLoader(t.Kind())
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			if e.numberQuoted() {
				b = append(b, '"')
				b = wire.AppendUint(b, load(p))
				return append(b, '"'), nil
			}
			return wire.AppendUint(b, load(p)), nil
		}
	case reflect.Float32, reflect.Float64:
		bits := t.Bits()
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			var f float64
			if bits == 32 {
				f = float64(*(*float32)(p))
			} else {
				f = *(*float64)(p)
			}
			quoted := e.numberQuoted()
			if f != f || f > maxFloat || f < -maxFloat {
				return b, semErr(b, t, errors.New("unsupported value: "+floatWord(f)))
			}
			if quoted {
				b = append(b, '"')
				b = jsontext.AppendFloat(b, f, bits)
				return append(b, '"'), nil
			}
			return jsontext.AppendFloat(b, f, bits), nil
		}
	case reflect.String:
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			if e.v2.tag&v2TagString != 0 {
				return b, e.tagCheck(b, t)
			}
			e.v2.tag = 0
			return e.appendStringV2(b, *(*string)(p), t)
		}
	case reflect.Interface:
		return interfaceFnV2(t)
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
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		return b, semErr(b, t, nil)
	}
}

const maxFloat = 1.7976931348623157e308

// maxDepthV2 is how many JSON arrays and objects jsontext lets a value
// nest.
const maxDepthV2 = 10000

func floatWord(f float64) string {
	switch {
	case f != f:
		return "NaN"
	case f > 0:
		return "+Inf"
	}
	return "-Inf"
}

func intLoader(k reflect.Kind) func(unsafe.Pointer) int64 {
	switch k {
	case reflect.Int8:
		return func(p unsafe.Pointer) int64 { return int64(*(*int8)(p)) }
	case reflect.Int16:
		return func(p unsafe.Pointer) int64 { return int64(*(*int16)(p)) }
	case reflect.Int32:
		return func(p unsafe.Pointer) int64 { return int64(*(*int32)(p)) }
	case reflect.Int64:
		return func(p unsafe.Pointer) int64 { return *(*int64)(p) }
	}
	return func(p unsafe.Pointer) int64 { return int64(*(*int)(p)) }
}

func uintLoader(k reflect.Kind) func(unsafe.Pointer) uint64 {
	switch k {
	case reflect.Uint8:
		return func(p unsafe.Pointer) uint64 { return uint64(*(*uint8)(p)) }
	case reflect.Uint16:
		return func(p unsafe.Pointer) uint64 { return uint64(*(*uint16)(p)) }
	case reflect.Uint32:
		return func(p unsafe.Pointer) uint64 { return uint64(*(*uint32)(p)) }
	case reflect.Uint64:
		return func(p unsafe.Pointer) uint64 { return *(*uint64)(p) }
	case reflect.Uintptr:
		return func(p unsafe.Pointer) uint64 { return uint64(*(*uintptr)(p)) }
	}
	return func(p unsafe.Pointer) uint64 { return uint64(*(*uint)(p)) }
}

// appendStringV2 quotes s as jsontext does; invalid UTF-8 is a syntactic
// error unless AllowInvalidUTF8 lets it become U+FFFD.
//
// v1's quoting (wire.AppendQuoted, with its vector kernel) writes what
// v2 writes for every string that is valid UTF-8 without U+2028 or
// U+2029 (or with them, under EscapeForJS, which escapes them as v1
// always does): it is used for those, and AppendQuotedText for the rest.
func (e *state) appendStringV2(b []byte, s string, _ reflect.Type) ([]byte, error) {
	out, marked := wire.AppendQuotedMarked(b, s, e.v2.bits&v2HTML != 0)
	if !marked {
		return out, nil
	}
	return e.requoteV2(out, len(b), s)
}

// requoteV2 finishes appendStringV2 for a string s that v1's quoting
// wrote at out[start:] with an escape v2 does not write (\ufffd for
// invalid UTF-8, \u2028 or \u2029: wire.AppendQuotedMarked says): s is
// quoted again by v2's rules.
func (e *state) requoteV2(out []byte, start int, s string) ([]byte, error) {
	x := e.v2.bits
	out, bad := wire.AppendQuotedText(out[:start], s, x&v2HTML != 0, x&v2JS != 0)
	if bad && x&v2AllowBadUTF8 == 0 {
		return out[:start], invalidUTF8V2(start)
	}
	return out, nil
}
