package encoder

import (
	"encoding"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/jetjson/jet/internal/rt"
	"github.com/jetjson/jet/internal/syntaxv1"
	"github.com/jetjson/jet/internal/wire"
)

// encFunc appends the encoding of the value at p to b. The buffer travels
// in registers and is never stored in the state while encoding: storing a
// slice into a heap object costs a write barrier whenever the garbage
// collector is marking.
type encFunc func(e *state, b []byte, p unsafe.Pointer) ([]byte, error)

// wordFunc encodes a value stored directly in an interface's data word
// (see rt.Direct), given that word.
type wordFunc func(e *state, b []byte, w unsafe.Pointer) ([]byte, error)

// codec is the compiled encoder of one type.
type codec struct {
	typ    reflect.Type
	fn     encFunc
	direct bool
	word   wordFunc
	// interfaced is set once direct and word are filled in (under
	// compileMu, before the codec is published for readers).
	interfaced bool
}

// byWord caches the codecs of the dynamic types met in interfaces (where
// values are not addressable), keyed by type word.
var byWord rt.Cache[*codec]

// compiled holds every codec built, keyed by type and addressability;
// compileMu serialises compilation.
var (
	compileMu sync.Mutex
	compiled  = map[compileKey]*codec{}
	addrMemo  = map[reflect.Type]bool{}
)

type compileKey struct {
	t    reflect.Type
	addr bool
}

// codecOfWord returns the codec for the dynamic type of v, whose type
// word is w.
func codecOfWord(w unsafe.Pointer, v any) *codec {
	if c, ok := byWord.Load(w); ok {
		return c
	}
	return byWord.Store(w, codecFor(reflect.TypeOf(v)))
}

// codecFor returns the codec for values of type t that are not
// addressable (inside an interface, a map, or passed by value).
func codecFor(t reflect.Type) *codec {
	compileMu.Lock()
	defer compileMu.Unlock()
	fnFor(t, false)
	c := compiled[compileKey{t, false}]
	if !c.interfaced {
		// Written once: readers of a published codec read these
		// without the lock.
		c.direct = rt.Direct(t)
		c.word = wordFor(t, c)
		c.interfaced = true
	}
	return c
}

// fnFor returns the encoder of t, compiling it if needed. A type met again
// while it is being compiled (a recursive type) gets a stub that calls the
// finished encoder. Must be called with compileMu held.
func fnFor(t reflect.Type, addr bool) encFunc {
	if addr && !needsAddr(t) {
		addr = false
	}
	k := compileKey{t, addr}
	if c, ok := compiled[k]; ok {
		if c.fn != nil {
			return c.fn
		}
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) { return c.fn(e, b, p) }
	}
	c := &codec{typ: t}
	compiled[k] = c
	fn := newFn(t, addr)
	c.fn = fn
	return fn
}

// needsAddr reports whether encoding t differs when the value is
// addressable: when t, or a struct field or array element within it, has
// a MarshalJSON or MarshalText method on its pointer type only.
func needsAddr(t reflect.Type) bool {
	if v, ok := addrMemo[t]; ok {
		return v
	}
	addrMemo[t] = false // breaks recursion through the type itself
	r := false
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface {
		pt := reflect.PointerTo(t)
		r = !t.Implements(rt.MarshalerType) && pt.Implements(rt.MarshalerType) ||
			!t.Implements(rt.TextMarshalerType) && pt.Implements(rt.TextMarshalerType)
	}
	if !r {
		switch t.Kind() {
		case reflect.Struct:
			for _, f := range rt.StructFields(t) {
				if needsAddr(f.Type) {
					r = true
					break
				}
			}
		case reflect.Array:
			r = needsAddr(t.Elem())
		}
	}
	addrMemo[t] = r
	return r
}

func newFn(t reflect.Type, addr bool) encFunc {
	if fn := nodeFn(t); fn != nil {
		return fn
	}
	if t.Kind() != reflect.Pointer && addr && reflect.PointerTo(t).Implements(rt.MarshalerType) {
		return addrMarshalerFn(t)
	}
	if t.Implements(rt.MarshalerType) {
		return marshalerFn(t)
	}
	if t.Kind() != reflect.Pointer && addr && reflect.PointerTo(t).Implements(rt.TextMarshalerType) {
		return addrTextMarshalerFn(t)
	}
	if t.Implements(rt.TextMarshalerType) {
		return textMarshalerFn(t)
	}
	switch t.Kind() {
	case reflect.Bool:
		return encodeBoolAt
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return intFn(t.Kind())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return uintFn(t.Kind())
	case reflect.Float32:
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			b, err := e.appendFloat(b, float64(*(*float32)(p)), 32)
			if err != nil {
				err = valueError(err, t, p)
			}
			return b, err
		}
	case reflect.Float64:
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			b, err := e.appendFloat(b, *(*float64)(p), 64)
			if err != nil {
				err = valueError(err, t, p)
			}
			return b, err
		}
	case reflect.String:
		if t == rt.NumberType {
			return encodeNumberAt
		}
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) { return e.appendString(b, *(*string)(p)) }
	case reflect.Interface:
		return interfaceFn(t)
	case reflect.Struct:
		return structFn(t, addr)
	case reflect.Map:
		return mapFn(t)
	case reflect.Slice:
		return sliceFn(t)
	case reflect.Array:
		return arrayFn(t, addr)
	case reflect.Pointer:
		w := ptrWordFn(t)
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) { return w(e, b, *(*unsafe.Pointer)(p)) }
	}
	return unsupportedFn(t)
}

// wordFor builds the entry point used when a value of type t sits in an
// interface's data word.
func wordFor(t reflect.Type, c *codec) wordFunc {
	if !c.direct {
		return nil
	}
	if t.Kind() == reflect.Pointer && !t.Implements(rt.MarshalerType) && !t.Implements(rt.TextMarshalerType) {
		return ptrWordFn(t)
	}
	fn := c.fn
	return func(e *state, b []byte, w unsafe.Pointer) ([]byte, error) {
		// The encoder wants a pointer to the value; park the word in a
		// slot of the state so no allocation is needed.
		if e.nslot == len(e.slots) {
			q := new(unsafe.Pointer)
			*q = w
			return fn(e, b, unsafe.Pointer(q))
		}
		i := e.nslot
		e.slots[i] = w
		e.nslot++
		b, err := fn(e, b, unsafe.Pointer(&e.slots[i]))
		e.nslot--
		e.slots[i] = nil
		return b, err
	}
}

func unsupportedFn(t reflect.Type) encFunc {
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		return b, &json.UnsupportedTypeError{Type: t}
	}
}

func encodeBoolAt(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
	return appendBool(b, *(*bool)(p)), nil
}

func appendBool(b []byte, v bool) []byte {
	if v {
		return append(b, "true"...)
	}
	return append(b, "false"...)
}

func appendInt(b []byte, v int64) []byte { return wire.AppendInt(b, v) }

func appendUint(b []byte, v uint64) []byte { return wire.AppendUint(b, v) }

func intFn(k reflect.Kind) encFunc {
	switch k {
	case reflect.Int8:
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			return appendInt(b, int64(*(*int8)(p))), nil
		}
	case reflect.Int16:
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			return appendInt(b, int64(*(*int16)(p))), nil
		}
	case reflect.Int32:
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			return appendInt(b, int64(*(*int32)(p))), nil
		}
	case reflect.Int64:
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) { return appendInt(b, *(*int64)(p)), nil }
	}
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		return appendInt(b, int64(*(*int)(p))), nil
	}
}

func uintFn(k reflect.Kind) encFunc {
	switch k {
	case reflect.Uint8:
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			return appendUint(b, uint64(*(*uint8)(p))), nil
		}
	case reflect.Uint16:
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			return appendUint(b, uint64(*(*uint16)(p))), nil
		}
	case reflect.Uint32:
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			return appendUint(b, uint64(*(*uint32)(p))), nil
		}
	case reflect.Uint64:
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) { return appendUint(b, *(*uint64)(p)), nil }
	case reflect.Uintptr:
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			return appendUint(b, uint64(*(*uintptr)(p))), nil
		}
	}
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		return appendUint(b, uint64(*(*uint)(p))), nil
	}
}

// appendFloat writes f in encoding/json's format; NaN and ±Inf are an
// error unless EncodeNullForInfOrNan is set.
func (e *state) appendFloat(b []byte, f float64, bits int) ([]byte, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		if e.opts&EncodeNullForInfOrNan != 0 {
			return append(b, "null"...), nil
		}
		return b, &json.UnsupportedValueError{Value: reflect.ValueOf(f), Str: strconv.FormatFloat(f, 'g', -1, bits)}
	}
	return wire.AppendFloat(b, f, bits), nil
}

func encodeNumberAt(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
	return appendNumber(b, *(*string)(p))
}

// appendNumber writes a json.Number: its text as it is after checking it
// is a JSON number; the empty Number is 0, as in encoding/json.
func appendNumber(b []byte, s string) ([]byte, error) {
	if s == "" {
		s = "0"
	}
	if !wire.IsValidNumber(s) {
		return b, fmt.Errorf("json: invalid number literal %q", s)
	}
	return append(b, s...), nil
}

func validUTF8(s string) bool { return utf8.ValidString(s) }

func invalidUTF8(s string) error { return &json.InvalidUTF8Error{S: s} }

func interfaceFn(t reflect.Type) encFunc {
	if t.NumMethod() == 0 {
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) { return e.appendAny(b, *(*any)(p)) }
	}
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		v := reflect.NewAt(t, p).Elem()
		if v.IsNil() {
			return append(b, "null"...), nil
		}
		return e.appendAny(b, v.Interface())
	}
}

// ptrWordFn encodes a pointer given its value: null when nil, else what it
// points to, which is addressable.
func ptrWordFn(t reflect.Type) wordFunc {
	elem := fnFor(t.Elem(), true)
	return func(e *state, b []byte, w unsafe.Pointer) ([]byte, error) {
		if w == nil {
			return append(b, "null"...), nil
		}
		if e.depth >= cycleCheckDepth {
			return e.encodeChecked(b, w, t, 0, func(b []byte) ([]byte, error) { return elem(e, b, w) })
		}
		e.depth++
		b, err := elem(e, b, w)
		e.depth--
		return b, err
	}
}

// encodeChecked runs fn past cycleCheckDepth, recording p on the path.
func (e *state) encodeChecked(b []byte, p unsafe.Pointer, t reflect.Type, n int, fn func([]byte) ([]byte, error)) ([]byte, error) {
	if err := e.enter(p, t, n); err != nil {
		return b, err
	}
	b, err := fn(b)
	e.leave(p, t, n)
	return b, err
}

func cycleError(p unsafe.Pointer, t reflect.Type, n int) error {
	var v reflect.Value
	switch t.Kind() {
	case reflect.Pointer:
		v = reflect.NewAt(t.Elem(), p)
	case reflect.Map:
		q := new(unsafe.Pointer)
		*q = p
		v = reflect.NewAt(t, unsafe.Pointer(q)).Elem()
	case reflect.Slice:
		v = reflect.NewAt(t, unsafe.Pointer(&sliceHeader{p, n, n})).Elem()
	}
	return &json.UnsupportedValueError{Value: v, Str: "encountered a cycle via " + t.String()}
}

type sliceHeader struct {
	Data unsafe.Pointer
	Len  int
	Cap  int
}

func sliceFn(t reflect.Type) encFunc {
	et := t.Elem()
	if et.Kind() == reflect.Uint8 {
		pt := reflect.PointerTo(et)
		if !pt.Implements(rt.MarshalerType) && !pt.Implements(rt.TextMarshalerType) {
			return encodeBytesAt
		}
	}
	elems := elemsFn(et, true)
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		sh := (*sliceHeader)(p)
		if sh.Data == nil {
			if e.opts&NoNullSliceOrMap != 0 {
				return append(b, '[', ']'), nil
			}
			return append(b, "null"...), nil
		}
		if sh.Len == 0 {
			// Empty: nothing to walk, nothing that could cycle.
			return append(b, '[', ']'), nil
		}
		if e.depth >= cycleCheckDepth {
			return e.encodeChecked(b, sh.Data, t, sh.Len, func(b []byte) ([]byte, error) { return elems(e, b, sh.Data, sh.Len) })
		}
		e.depth++
		b, err := elems(e, b, sh.Data, sh.Len)
		e.depth--
		return b, err
	}
}

func encodeBytesAt(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
	v := *(*[]byte)(p)
	if v == nil {
		if e.opts&NoNullSliceOrMap != 0 {
			return append(b, '"', '"'), nil
		}
		return append(b, "null"...), nil
	}
	b = append(b, '"')
	b = base64.StdEncoding.AppendEncode(b, v)
	return append(b, '"'), nil
}

func arrayFn(t reflect.Type, addr bool) encFunc {
	n := t.Len()
	elems := elemsFn(t.Elem(), addr)
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) { return elems(e, b, p, n) }
}

// elemsFunc writes n elements stored from p on as a JSON array.
type elemsFunc func(e *state, b []byte, p unsafe.Pointer, n int) ([]byte, error)

// elemsFn builds the array loop for element type et, with tight loops for
// the common plain element types.
func elemsFn(et reflect.Type, addr bool) elemsFunc {
	if plainKind(et) {
		switch et.Kind() {
		case reflect.String:
			return func(e *state, b []byte, p unsafe.Pointer, n int) ([]byte, error) {
				b = append(b, '[')
				var err error
				for i, s := range unsafe.Slice((*string)(p), n) {
					if i > 0 {
						b = append(b, ',')
					}
					if b, err = e.appendString(b, s); err != nil {
						return b, err
					}
				}
				return append(b, ']'), nil
			}
		case reflect.Float64:
			return func(e *state, b []byte, p unsafe.Pointer, n int) ([]byte, error) {
				b = append(b, '[')
				var err error
				for i, f := range unsafe.Slice((*float64)(p), n) {
					if i > 0 {
						b = append(b, ',')
					}
					if b, err = e.appendFloat(b, f, 64); err != nil {
						return b, valueError(err, et, unsafe.Add(p, i*8))
					}
				}
				return append(b, ']'), nil
			}
		case reflect.Int64, reflect.Int:
			return func(e *state, b []byte, p unsafe.Pointer, n int) ([]byte, error) {
				b = wire.AppendIntsComma(append(b, '['), unsafe.Slice((*int64)(p), n))
				return closeArray(b), nil
			}
		}
	}
	if floatRowKind(et) && plainArray(et) {
		// Rows of floats (canada's coordinate pairs): one loop writes
		// them all; a row holding NaN or ±Inf goes to the row's own
		// encoder, for its error (or its nulls).
		elem, size, m := fnFor(et, addr), et.Size(), et.Len()
		return func(e *state, b []byte, p unsafe.Pointer, n int) ([]byte, error) {
			b = append(b, '[')
			var err error
			for i := 0; ; i++ {
				if b, i = appendFloatRows(b, p, i, n, m, size); i == n {
					break
				}
				if b, err = elem(e, b, unsafe.Add(p, uintptr(i)*size)); err != nil {
					return b, err
				}
				b = append(b, ',')
			}
			return closeArray(b), nil
		}
	}
	if se := structEncFor(et, addr); se != nil {
		return structElems(se, et.Size(), false)
	}
	if k, ek, se := inlineKind(et, addr); k == kindPtr && ek == kindStruct {
		return structPtrElems(se, fnFor(et, addr), false)
	}
	elem := fnFor(et, addr)
	size := et.Size()
	return func(e *state, b []byte, p unsafe.Pointer, n int) ([]byte, error) {
		b = append(b, '[')
		var err error
		for i := 0; i < n; i++ {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = elem(e, b, unsafe.Add(p, uintptr(i)*size)); err != nil {
				return b, err
			}
		}
		return append(b, ']'), nil
	}
}

// floatRowKind reports whether t is an array of float64 without methods
// (see plainKind), with at least one element.
func floatRowKind(t reflect.Type) bool {
	return t.Kind() == reflect.Array && t.Len() > 0 && t.Elem().Kind() == reflect.Float64 && plainKind(t.Elem())
}

// plainArray reports whether the array type t itself has no marshaling
// method (on t or *t) and is not an ast.Node.
func plainArray(t reflect.Type) bool {
	pt := reflect.PointerTo(t)
	return !pt.Implements(rt.MarshalerType) && !pt.Implements(rt.TextMarshalerType) && nodeFn(t) == nil
}

// appendFloatRows writes rows from..n-1 of the n arrays of m float64s
// stored size bytes apart from p on, each as an array followed by a
// comma, until a row holds NaN or ±Inf: it returns the output up to that
// row and its index, or n when all were written.
func appendFloatRows(b []byte, p unsafe.Pointer, from, n, m int, size uintptr) ([]byte, int) {
	for i := from; i < n; i++ {
		at := len(b)
		b = append(b, '[')
		for _, f := range unsafe.Slice((*float64)(unsafe.Add(p, uintptr(i)*size)), m) {
			if f != f || f > maxFloat || f < -maxFloat {
				return b[:at], i
			}
			b = wire.AppendFloat(b, f, 64)
			b = append(b, ',')
		}
		b[len(b)-1] = ']' // m > 0: the last comma
		b = append(b, ',')
	}
	return b, n
}

// closeArray ends an array whose elements were each followed by a comma.
func closeArray(b []byte) []byte {
	if n := len(b) - 1; b[n] == ',' {
		b[n] = ']'
		return b
	}
	return append(b, ']')
}

// plainKind reports whether t is a scalar kind encoded without any method
// (no MarshalJSON or MarshalText on t or *t) and is not json.Number, so
// that its value can be written inline.
func plainKind(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.String,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
	default:
		return false
	}
	if t == rt.NumberType || (t.Kind() == reflect.Int && t.Size() != 8) {
		return false
	}
	pt := reflect.PointerTo(t)
	return !pt.Implements(rt.MarshalerType) && !pt.Implements(rt.TextMarshalerType)
}

// packEface builds an interface holding the value of type t at p, without
// copying it: the interface points at p (or, for a direct type, carries
// the word stored at p). It is used only to call methods on the value.
func packEface(word unsafe.Pointer, p unsafe.Pointer, direct bool) any {
	var v any
	ef := rt.EfaceOf(&v)
	ef.Type = word
	if direct {
		ef.Data = *(*unsafe.Pointer)(p)
	} else {
		ef.Data = p
	}
	return v
}

// packDirect builds an interface holding a value of a direct type (such
// as a pointer) whose word is w.
func packDirect(word, w unsafe.Pointer) any {
	var v any
	ef := rt.EfaceOf(&v)
	ef.Type = word
	ef.Data = w
	return v
}

// methodTarget returns how to build the receiver of t's methods from a
// pointer to a value of type t: for an interface type, the interface value
// itself; otherwise an interface packed around the value.
func methodTarget(t reflect.Type) func(p unsafe.Pointer) (any, bool) {
	if t.Kind() == reflect.Interface {
		return func(p unsafe.Pointer) (any, bool) {
			v := reflect.NewAt(t, p).Elem()
			if v.IsNil() {
				return nil, false
			}
			return v.Interface(), true
		}
	}
	word, direct := rt.TypeWord(t), rt.Direct(t)
	isPtr := t.Kind() == reflect.Pointer
	return func(p unsafe.Pointer) (any, bool) {
		if isPtr && *(*unsafe.Pointer)(p) == nil {
			return nil, false
		}
		return packEface(word, p, direct), true
	}
}

func marshalerFn(t reflect.Type) encFunc {
	// RawMessage and jsontext.Value: the text is checked and compacted as
	// any MarshalJSON output, without the method call.
	if rt.IsRawJSON(t) {
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			raw := *(*[]byte)(p)
			if raw == nil {
				return append(b, "null"...), nil
			}
			return e.appendMarshalerOutput(b, raw, t)
		}
	}
	target := methodTarget(t)
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		v, ok := target(p)
		if !ok {
			return append(b, "null"...), nil
		}
		m, ok := v.(json.Marshaler)
		if !ok {
			return append(b, "null"...), nil
		}
		return e.callMarshalJSON(b, m, t)
	}
}

func addrMarshalerFn(t reflect.Type) encFunc {
	word := rt.TypeWord(reflect.PointerTo(t))
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		m := packDirect(word, p).(json.Marshaler)
		return e.callMarshalJSON(b, m, t)
	}
}

func (e *state) callMarshalJSON(b []byte, m json.Marshaler, t reflect.Type) ([]byte, error) {
	out, err := m.MarshalJSON()
	if err != nil {
		return b, &MarshalerError{Type: t, Err: err, Func: "MarshalJSON"}
	}
	return e.appendMarshalerOutput(b, out, t)
}

// appendMarshalerOutput writes the output of a MarshalJSON method: checked
// unless NoValidateJSONMarshaler, compacted with CompactMarshaler, HTML
// escaped with EscapeHTML.
func (e *state) appendMarshalerOutput(b, out []byte, t reflect.Type) ([]byte, error) {
	html := e.opts&EscapeHTML != 0
	if e.opts&NoValidateJSONMarshaler != 0 {
		if html {
			return wire.AppendHTMLEscaped(b, wire.StringOf(out)), nil
		}
		return append(b, out...), nil
	}
	if html || e.opts&CompactMarshaler != 0 {
		if err := syntaxv1.Validate(wire.StringOf(out), wire.DefaultMaxDepth); err != nil {
			return b, &MarshalerError{Type: t, Err: err, Func: "MarshalJSON"}
		}
		return wire.AppendCompact(b, wire.StringOf(out), html), nil
	}
	if err := syntaxv1.Validate(wire.StringOf(out), wire.DefaultMaxDepth); err != nil {
		return b, &MarshalerError{Type: t, Err: err, Func: "MarshalJSON"}
	}
	return append(b, out...), nil
}

func textMarshalerFn(t reflect.Type) encFunc {
	target := methodTarget(t)
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		v, ok := target(p)
		if !ok {
			return append(b, "null"...), nil
		}
		m, ok := v.(encoding.TextMarshaler)
		if !ok {
			return append(b, "null"...), nil
		}
		return e.callMarshalText(b, m, t)
	}
}

func addrTextMarshalerFn(t reflect.Type) encFunc {
	word := rt.TypeWord(reflect.PointerTo(t))
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		m := packDirect(word, p).(encoding.TextMarshaler)
		return e.callMarshalText(b, m, t)
	}
}

func (e *state) callMarshalText(b []byte, m encoding.TextMarshaler, t reflect.Type) ([]byte, error) {
	text, err := m.MarshalText()
	if err != nil {
		return b, &MarshalerError{Type: t, Err: err, Func: "MarshalText"}
	}
	if e.opts&NoQuoteTextMarshaler != 0 {
		b = append(b, '"')
		b = append(b, text...)
		return append(b, '"'), nil
	}
	return e.appendString(b, wire.StringOf(text))
}

// structElems is the element loop of an array of structs of the given
// size that se writes. v2 adds the element's index to an error's JSON
// Pointer.
func structElems(se *structEnc, size uintptr, v2 bool) func(e *state, b []byte, p unsafe.Pointer, n int) ([]byte, error) {
	return func(e *state, b []byte, p unsafe.Pointer, n int) ([]byte, error) {
		b = append(b, '[')
		var err error
		fields := se.fields[e.htmlIndex()]
		for i := 0; i < n; i++ {
			if b, err = e.appendStruct(b, fields, unsafe.Add(p, uintptr(i)*size)); err != nil {
				if v2 {
					err = within(err, itoa(i))
				}
				return b, err
			}
			b = append(b, ',')
		}
		return closeArray(b), nil
	}
}

// structPtrElems is the element loop of an array of pointers to structs
// that se writes: null, or the struct, counted toward cycle detection;
// past the depth where cycles are checked, elem (the element's own
// encoder) does it. v2 adds the element's index to an error's JSON
// Pointer.
func structPtrElems(se *structEnc, elem encFunc, v2 bool) func(e *state, b []byte, p unsafe.Pointer, n int) ([]byte, error) {
	return func(e *state, b []byte, p unsafe.Pointer, n int) ([]byte, error) {
		b = append(b, '[')
		var err error
		for i, q := range unsafe.Slice((*unsafe.Pointer)(p), n) {
			switch {
			case q == nil:
				b = append(b, "null"...)
			case e.depth < cycleCheckDepth && e.jdepth < cycleCheckDepth:
				e.depth++
				b, err = e.appendStruct(b, se.fields[e.htmlIndex()], q)
				e.depth--
			default:
				b, err = elem(e, b, unsafe.Add(p, uintptr(i)*unsafe.Sizeof(q)))
			}
			if err != nil {
				if v2 {
					err = within(err, itoa(i))
				}
				return b, err
			}
			b = append(b, ',')
		}
		return closeArray(b), nil
	}
}
