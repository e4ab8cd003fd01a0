package decoder

import (
	"encoding"
	"encoding/base64"
	"encoding/json"
	"reflect"
	"strconv"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/jetjson/jet/internal/rt"
	"github.com/jetjson/jet/internal/wire"
	"github.com/jetjson/jet/option"
)

// decFunc decodes the JSON value at d.pos (a non-space byte, or the end of
// input) into the value at p and leaves d.pos just past it.
type decFunc func(d *state, p unsafe.Pointer) error

// topCodec decodes into the value a pointer of type *T points to.
type topCodec struct {
	fn decFunc
}

var (
	// tops caches, by the type word of *T, the decoder used for
	// Unmarshal(data, (*T)(p)).
	tops rt.Cache[*topCodec]

	compileMu sync.Mutex
	compiled  = map[reflect.Type]*decFunc{}
)

// topFor returns the decoder for the target of pointer type pt, whose type
// word is w.
func topFor(w unsafe.Pointer, pt reflect.Type) *topCodec {
	if c, ok := tops.Load(w); ok {
		return c
	}
	compileMu.Lock()
	c := &topCodec{fn: topFn(pt)}
	compileMu.Unlock()
	return tops.Store(w, c)
}

// Pretouch compiles the decoder for t ahead of its first use.
//
// opts are sonic's compile options (see package option): jet always
// compiles every type t reaches, and refuses EncOnlyOmitNull.
func Pretouch(t reflect.Type, opts ...option.CompileOption) error {
	if _, err := option.Resolve(opts...); err != nil {
		return err
	}
	pt := reflect.PointerTo(t)
	topFor(rt.TypeWord(pt), pt)
	return nil
}

// fnFor returns the decoder of t, compiling it on first use. A type met
// again while it is being compiled gets a stub calling the finished
// decoder. Must be called with compileMu held.
func fnFor(t reflect.Type) decFunc {
	if slot, ok := compiled[t]; ok {
		if *slot != nil {
			return *slot
		}
		return func(d *state, p unsafe.Pointer) error { return (*slot)(d, p) }
	}
	slot := new(decFunc)
	compiled[t] = slot
	fn := newFn(t)
	*slot = fn
	return fn
}

// topFn builds the decoder for Unmarshal into a *T: encoding/json looks
// for methods on the pointer itself before anything else, and a null is
// decoded into T (the pointer passed in cannot be set to nil).
func topFn(pt reflect.Type) decFunc { return topFnReport(pt, pt) }

// topFnReport is topFn for a pointer reached as report (the pointer type
// itself, or an interface holding it): encoding/json names that type in
// the mismatch error of a TextUnmarshaler found through pointers.
func topFnReport(pt, report reflect.Type) decFunc {
	switch {
	case pt.Implements(rt.UnmarshalerType):
		return unmarshalerFn(pt.Elem(), true)
	case pt.Implements(rt.TextUnmarshalerType):
		return textUnmarshalerFn(pt.Elem(), fnFor(pt.Elem()), report)
	case pt.Elem().Kind() == reflect.Pointer:
		return ptrChainFn(pt.Elem(), report, 1)
	case pt.Elem().Kind() == reflect.Interface:
		return ifaceFn(pt.Elem(), report)
	}
	return fnFor(pt.Elem())
}

// newFn compiles the decoder of t following encoding/json's indirect():
// a named type whose pointer has UnmarshalJSON gets every value (null
// included); one whose pointer has UnmarshalText gets strings.
func newFn(t reflect.Type) decFunc {
	if t.Kind() != reflect.Pointer && t.Name() != "" {
		pt := reflect.PointerTo(t)
		if pt.Implements(rt.UnmarshalerType) {
			return unmarshalerFn(t, false)
		}
		if pt.Implements(rt.TextUnmarshalerType) {
			return textUnmarshalerFn(t, nil, t)
		}
	}
	switch t.Kind() {
	case reflect.Bool:
		return boolFn(t)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return intFn(t)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return uintFn(t)
	case reflect.Float32:
		return float32Fn(t)
	case reflect.Float64:
		return float64Fn(t)
	case reflect.String:
		if t == rt.NumberType {
			return decodeNumber
		}
		return stringFn(t)
	case reflect.Interface:
		return ifaceFn(t, t)
	case reflect.Struct:
		return structFn(t)
	case reflect.Map:
		return mapFn(t)
	case reflect.Slice:
		return sliceFn(t)
	case reflect.Array:
		return arrayFn(t)
	case reflect.Pointer:
		return ptrFn(t)
	}
	return unsupportedFn(t)
}

// unsupportedFn decodes into types JSON has no value for (channels,
// functions, complex numbers): null leaves them alone, anything else is a
// mismatch.
func unsupportedFn(t reflect.Type) decFunc {
	return func(d *state, p unsafe.Pointer) error { return d.other(t) }
}

// other handles a value of the wrong kind for t: null is accepted and
// ignored, anything valid is a mismatch, anything else a syntax error.
func (d *state) other(t reflect.Type) error {
	if d.pos >= len(d.src) {
		return d.errorAt(d.pos)
	}
	switch c := d.src[d.pos]; c {
	case 'n':
		return d.literal("null")
	case '{', '[', '"', 't', 'f', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return d.mismatch(t)
	}
	return d.errorAt(d.pos)
}

func boolFn(t reflect.Type) decFunc {
	return func(d *state, p unsafe.Pointer) error {
		if d.pos < len(d.src) {
			switch d.src[d.pos] {
			case 't':
				*(*bool)(p) = true
				return d.literal("true")
			case 'f':
				*(*bool)(p) = false
				return d.literal("false")
			}
		}
		return d.other(t)
	}
}

// number scans the number at pos, which must start with '-' or a digit.
func (d *state) number() (s string, float bool, err error) {
	start := d.pos
	end, float, ok := wire.ScanNumber(d.src, start)
	d.pos = end
	if !ok {
		return "", false, d.errorAt(end)
	}
	return d.src[start:end], float, nil
}

func isNumberStart(c byte) bool { return c == '-' || '0' <= c && c <= '9' }

func intFn(t reflect.Type) decFunc {
	switch t.Size() {
	case 1:
		return intFnOf[int8](t)
	case 2:
		return intFnOf[int16](t)
	case 4:
		return intFnOf[int32](t)
	}
	return intFnOf[int64](t)
}

// intFnOf decodes into a signed integer of T's size (t may be another
// type of that kind and size).
func intFnOf[T int8 | int16 | int32 | int64](t reflect.Type) decFunc {
	bits := uint(t.Size() * 8)
	min, max := int64(-1)<<(bits-1), int64(1)<<(bits-1)-1
	return func(d *state, p unsafe.Pointer) error {
		if d.pos >= len(d.src) || !isNumberStart(d.src[d.pos]) {
			return d.other(t)
		}
		start := d.pos
		end, n, fits, ok := wire.ReadInt(d.src, start)
		d.pos = end
		if !ok {
			return d.errorAt(end)
		}
		if !fits || n < min || n > max {
			d.saveMismatch("number "+d.src[start:end], t, d.pos)
			return nil
		}
		*(*T)(p) = T(n)
		return nil
	}
}

func uintFn(t reflect.Type) decFunc {
	switch t.Size() {
	case 1:
		return uintFnOf[uint8](t)
	case 2:
		return uintFnOf[uint16](t)
	case 4:
		return uintFnOf[uint32](t)
	}
	return uintFnOf[uint64](t)
}

// uintFnOf decodes into an unsigned integer of T's size (t may be another
// type of that kind and size).
func uintFnOf[T uint8 | uint16 | uint32 | uint64](t reflect.Type) decFunc {
	max := uint64(1)<<(t.Size()*8-1)<<1 - 1
	return func(d *state, p unsafe.Pointer) error {
		if v, end, ok := wire.ShortUint(d.src, d.pos); ok && v <= max {
			d.pos = end
			*(*T)(p) = T(v)
			return nil
		}
		if d.pos >= len(d.src) || !isNumberStart(d.src[d.pos]) {
			return d.other(t)
		}
		s, float, err := d.number()
		if err != nil {
			return err
		}
		n, ok := wire.ParseUint(s)
		if float || !ok || n > max {
			d.saveMismatch("number "+s, t, d.pos)
			return nil
		}
		*(*T)(p) = T(n)
		return nil
	}
}

func float64Fn(t reflect.Type) decFunc {
	return func(d *state, p unsafe.Pointer) error {
		if d.pos >= len(d.src) || !isNumberStart(d.src[d.pos]) {
			return d.other(t)
		}
		f, s, ok, err := d.float()
		if err != nil {
			return err
		}
		if !ok {
			d.saveMismatch("number "+s, t, d.pos)
			return nil
		}
		*(*float64)(p) = f
		return nil
	}
}

// float scans and parses the number at pos as a float64 in one pass; ok
// is false when it is out of range (s is then its text).
func (d *state) float() (f float64, s string, ok bool, err error) {
	start := d.pos
	end, f, exact, valid := wire.ReadFloat(d.src, start)
	d.pos = end
	if !valid {
		return 0, "", false, d.errorAt(end)
	}
	if exact {
		return f, "", true, nil
	}
	s = d.src[start:end]
	f, perr := wire.ParseFloat(s)
	return f, s, perr == nil, nil
}

func float32Fn(t reflect.Type) decFunc {
	return func(d *state, p unsafe.Pointer) error {
		if d.pos >= len(d.src) || !isNumberStart(d.src[d.pos]) {
			return d.other(t)
		}
		s, _, err := d.number()
		if err != nil {
			return err
		}
		f, perr := wire.ParseFloat32(s)
		if perr != nil {
			d.saveMismatch("number "+s, t, d.pos)
			return nil
		}
		*(*float32)(p) = f
		return nil
	}
}

func stringFn(t reflect.Type) decFunc {
	return func(d *state, p unsafe.Pointer) error {
		if d.pos >= len(d.src) || d.src[d.pos] != '"' {
			return d.other(t)
		}
		s, err := d.readString()
		if err != nil {
			return err
		}
		*(*string)(p) = s
		return nil
	}
}

// decodeNumber decodes into a json.Number: a number's text, or a string
// holding a valid number (as encoding/json allows).
func decodeNumber(d *state, p unsafe.Pointer) error {
	if d.pos < len(d.src) {
		c := d.src[d.pos]
		if isNumberStart(c) {
			start := d.pos
			if _, _, err := d.number(); err != nil {
				return err
			}
			*(*json.Number)(p) = json.Number(d.keep(start, d.pos))
			return nil
		}
		if c == '"' {
			start := d.pos
			s, err := d.readString()
			if err != nil {
				return err
			}
			if !wire.IsValidNumber(s) {
				return &numberLiteralError{d.src[start:d.pos]}
			}
			*(*json.Number)(p) = json.Number(s)
			return nil
		}
	}
	return d.other(rt.NumberType)
}

type numberLiteralError struct{ item string }

func (e *numberLiteralError) Error() string {
	return "json: invalid number literal, trying to unmarshal " + strconv.Quote(e.item) + " into Number"
}

func ptrFn(t reflect.Type) decFunc { return ptrChainFn(t, t, 0) }

// maxPointerChain bounds the pointers followed at compile time to find
// the type to report (type P *P has no end).
const maxPointerChain = 8

// ptrChainFn decodes into a pointer of type t reached as report (t itself,
// or the first of a chain of pointers): a TextUnmarshaler at the end of
// the chain reports non-strings as mismatches of report, as
// encoding/json does.
func ptrChainFn(t, report reflect.Type, depth int) decFunc {
	et := t.Elem()
	var elem decFunc
	switch {
	case t.Implements(rt.UnmarshalerType):
		elem = unmarshalerFn(et, true)
	case t.Implements(rt.TextUnmarshalerType):
		elem = textUnmarshalerFn(et, fnFor(et), report)
	case et.Kind() == reflect.Pointer && depth < maxPointerChain:
		elem = ptrChainFn(et, report, depth+1)
	case et.Kind() == reflect.Interface:
		elem = ifaceFn(et, report)
	default:
		elem = fnFor(et)
	}
	return func(d *state, p unsafe.Pointer) error {
		if d.pos < len(d.src) && d.src[d.pos] == 'n' {
			if err := d.literal("null"); err != nil {
				return err
			}
			*(*unsafe.Pointer)(p) = nil
			return nil
		}
		w := *(*unsafe.Pointer)(p)
		if w == nil {
			w = newValue(et)
			*(*unsafe.Pointer)(p) = w
		}
		return elem(d, w)
	}
}

// unmarshalerFn calls UnmarshalJSON of *T (T at p) with the raw value,
// null included. viaPointer marks types reached through a pointer whose
// method set has it even when T is unnamed.
func unmarshalerFn(t reflect.Type, viaPointer bool) decFunc {
	if isNoCopyRawMessage(t) {
		return decodeNoCopyRaw
	}
	// RawMessage and jsontext.Value keep a copy of the raw value, as
	// their UnmarshalJSON does, without the method call.
	if rt.IsRawJSON(t) {
		return func(d *state, p unsafe.Pointer) error {
			raw, err := d.rawValue()
			if err != nil {
				return err
			}
			m := (*json.RawMessage)(p)
			*m = append((*m)[:0], raw...)
			return nil
		}
	}
	word := rt.TypeWord(reflect.PointerTo(t))
	return func(d *state, p unsafe.Pointer) error {
		raw, err := d.rawValue()
		if err != nil {
			return err
		}
		if err := packPointer(word, p).(json.Unmarshaler).UnmarshalJSON(raw); err != nil {
			return d.methodError(err)
		}
		return nil
	}
}

// textUnmarshalerFn calls UnmarshalText of *T with a string's contents.
// Other values are mismatches of the type report, except null, which
// decodes as it would without the method (fallback, when given).
func textUnmarshalerFn(t reflect.Type, fallback decFunc, report reflect.Type) decFunc {
	word := rt.TypeWord(reflect.PointerTo(t))
	return func(d *state, p unsafe.Pointer) error {
		if d.pos < len(d.src) {
			switch d.src[d.pos] {
			case '"':
				s, err := d.readStringTemp()
				if err != nil {
					return err
				}
				if err := packPointer(word, p).(encoding.TextUnmarshaler).UnmarshalText([]byte(s)); err != nil {
					return d.methodError(err)
				}
				return nil
			case 'n':
				if fallback != nil {
					return fallback(d, p)
				}
				return nullInto(d, t, p)
			}
		}
		return d.other(report)
	}
}

// nullInto decodes a null into a value of type t: interfaces, pointers,
// maps and slices become nil; other values are left alone.
func nullInto(d *state, t reflect.Type, p unsafe.Pointer) error {
	if err := d.literal("null"); err != nil {
		return err
	}
	switch t.Kind() {
	case reflect.Interface, reflect.Pointer, reflect.Map, reflect.Slice:
		reflect.NewAt(t, p).Elem().SetZero()
	}
	return nil
}

// packPointer builds an interface holding the pointer p of the type whose
// word is given, to call its methods.
func packPointer(word, p unsafe.Pointer) any {
	var v any
	ef := rt.EfaceOf(&v)
	ef.Type = word
	ef.Data = p
	return v
}

type sliceHeader struct {
	Data unsafe.Pointer
	Len  int
	Cap  int
}

// emptyArray gives empty non-nil slices somewhere to point.
var emptyArray [0]uint64

func sliceFn(t reflect.Type) decFunc {
	et := t.Elem()
	elem := fnFor(et)
	size := et.Size()
	flat := size > 0 && pointerFree(et)
	scratch := &sync.Pool{New: func() any { return newScratchSlice(t, 8) }}
	// lastLen is the length this slice type last decoded to: documents
	// of one kind tend to repeat it, so a small slice is allocated at
	// that size and decoded into in place (no scratch, copy or clear).
	var lastLen atomic.Int32
	plainString := et.Kind() == reflect.String && plainFieldKind(et) == fieldString
	plain := plainFieldKind(et)
	array := func(d *state, p unsafe.Pointer) error {
		if d.pos >= len(d.src) || d.src[d.pos] != '[' {
			if d.pos < len(d.src) && d.src[d.pos] == 'n' {
				if err := d.literal("null"); err != nil {
					return err
				}
				*(*sliceHeader)(p) = sliceHeader{}
				return nil
			}
			return d.other(t)
		}
		sh := (*sliceHeader)(p)
		if flat && sh.Len == 0 {
			return d.decodeFlatSliceOf(sh, elem, size, plain)
		}
		guessed := false
		if sh.Cap == 0 && size > 0 {
			switch {
			case plainString:
				return d.decodeStringSlice(t, sh, elem)
			case et.Kind() == reflect.Pointer:
				return d.decodePointerSlice(sh, elem)
			}
			g := int(lastLen.Load())
			if g == 0 || uintptr(g)*size > maxGuessedBytes {
				n, err := d.decodeViaScratch(t, sh, elem, size, scratch)
				rememberLen(&lastLen, n)
				return err
			}
			*sh = sliceHeader{Data: reflect.MakeSlice(t, g, g).UnsafePointer(), Cap: g}
			guessed = true
		}
		// A slice with capacity is decoded into in place, growing as
		// needed, as encoding/json does.
		i, err := d.arrayElements(func(i int) error {
			if i >= sh.Cap {
				growSlice(t, sh, i)
			}
			if i >= sh.Len {
				sh.Len = i + 1
			}
			return elem(d, unsafe.Add(sh.Data, uintptr(i)*size))
		})
		if guessed {
			rememberLen(&lastLen, i)
		}
		if err != nil {
			return err
		}
		if i < sh.Len {
			sh.Len = i
		}
		if i == 0 {
			*sh = sliceHeader{Data: unsafe.Pointer(&emptyArray)}
		}
		return nil
	}
	if et.Kind() == reflect.Uint8 {
		// As in encoding/json, a string is base64 for any slice of a
		// byte kind, whatever methods the element has; an array is
		// decoded element by element.
		return bytesFn(t, array)
	}
	return array
}

// decodeFlatSlice decodes an array into an empty slice of pointer-free
// elements: into scratch first, then into the slice's own array if it is
// big enough, else into exactly sized memory carved from the arena, so
// that many small slices cost a few allocations instead of one or more
// each.
func (d *state) decodeFlatSlice(sh *sliceHeader, elem decFunc, size uintptr) error {
	if d.emptyArray() {
		*sh = sliceHeader{Data: unsafe.Pointer(&emptyArray)}
		return nil
	}
	if err := d.enter(); err != nil {
		return err
	}
	d.pos++
	if d.spaceNext() {
		d.skipSpaceMore()
	}
	n := 0
	if d.pos < len(d.src) && d.src[d.pos] == ']' {
		d.pos++
	} else {
		d.flat = d.flat[:0]
		for {
			need := (n + 1) * int(size)
			if need > cap(d.flat) {
				grown := make([]byte, need, 2*need+64)
				copy(grown, d.flat)
				d.flat = grown
			}
			d.flat = d.flat[:need]
			clear(d.flat[need-int(size):])
			if err := elem(d, unsafe.Pointer(&d.flat[n*int(size)])); err != nil {
				// Like encoding/json, which grows the slice as it goes,
				// leave the elements decoded so far (and the one that
				// failed) in the slice.
				d.storeFlat(sh, n+1, size)
				return err
			}
			n++
			if d.spaceNext() {
				d.skipSpaceMore()
			}
			if d.pos < len(d.src) {
				if c := d.src[d.pos]; c == ',' {
					d.pos++
					if d.spaceNext() {
						d.skipSpaceMore()
					}
					continue
				} else if c == ']' {
					d.pos++
					break
				}
			}
			return d.errorAt(d.pos)
		}
	}
	d.depth--
	if n == 0 {
		*sh = sliceHeader{Data: unsafe.Pointer(&emptyArray)}
		return nil
	}
	d.storeFlat(sh, n, size)
	return nil
}

// decodeFlatSliceOf is decodeFlatSlice for elements of plain kind k
// (fieldOther: none; the caller judges the dialect's methods and
// options), whose commonest values it decodes in place. The loops are
// two, so that decodeFlatSlice's carries no test of k.
func (d *state) decodeFlatSliceOf(sh *sliceHeader, elem decFunc, size uintptr, k fieldKind) error {
	if k != fieldFloat64 && k != fieldInt64 {
		return d.decodeFlatSlice(sh, elem, size)
	}
	if d.emptyArray() {
		*sh = sliceHeader{Data: unsafe.Pointer(&emptyArray)}
		return nil
	}
	if err := d.enter(); err != nil {
		return err
	}
	d.pos++
	if d.spaceNext() {
		d.skipSpaceMore()
	}
	n := 0
	if d.pos < len(d.src) && d.src[d.pos] == ']' {
		d.pos++
	} else {
		d.flat = d.flat[:0]
		for {
			need := (n + 1) * int(size)
			if need > cap(d.flat) {
				grown := make([]byte, need, 2*need+64)
				copy(grown, d.flat)
				d.flat = grown
			}
			d.flat = d.flat[:need]
			clear(d.flat[need-int(size):])
			if ep := unsafe.Pointer(&d.flat[n*int(size)]); !d.plainNumber(k, ep) {
				if err := elem(d, ep); err != nil {
					// Like encoding/json, which grows the slice as it
					// goes, leave the elements decoded so far (and the
					// one that failed) in the slice.
					d.storeFlat(sh, n+1, size)
					return err
				}
			}
			n++
			if d.spaceNext() {
				d.skipSpaceMore()
			}
			if d.pos < len(d.src) {
				if c := d.src[d.pos]; c == ',' {
					d.pos++
					if d.spaceNext() {
						d.skipSpaceMore()
					}
					continue
				} else if c == ']' {
					d.pos++
					break
				}
			}
			return d.errorAt(d.pos)
		}
	}
	d.depth--
	if n == 0 {
		*sh = sliceHeader{Data: unsafe.Pointer(&emptyArray)}
		return nil
	}
	d.storeFlat(sh, n, size)
	return nil
}

// storeFlat copies the first n elements in d.flat into the slice at sh.
func (d *state) storeFlat(sh *sliceHeader, n int, size uintptr) {
	nb := n * int(size)
	var dst unsafe.Pointer
	if n <= sh.Cap {
		dst = sh.Data
	} else {
		dst = d.carve(nb)
	}
	copy(unsafe.Slice((*byte)(dst), nb), d.flat[:nb])
	sh.Data, sh.Len = dst, n
	if n > sh.Cap {
		sh.Cap = n
	}
}

// scratchSlice is a reusable []T that elements are decoded into before
// being copied, all at once, into a slice of exactly the right length.
type scratchSlice struct {
	v    reflect.Value // a []T whose length is its capacity
	data unsafe.Pointer
	n    int
	// used is the scratch's first elements, and out the slice they go
	// to, as headers that usedV and outV (made once) view as []T, so
	// that a decoding makes no reflect.Value of its own.
	used, out   sliceHeader
	usedV, outV reflect.Value
}

func newScratchSlice(t reflect.Type, n int) *scratchSlice {
	v := reflect.MakeSlice(t, n, n)
	sc := &scratchSlice{v: v, data: v.UnsafePointer(), n: n}
	sc.usedV = reflect.NewAt(t, unsafe.Pointer(&sc.used)).Elem()
	sc.outV = reflect.NewAt(t, unsafe.Pointer(&sc.out)).Elem()
	return sc
}

// decodeStringSlice is decodeViaScratch for slices of plain strings, with
// the state's string stack as scratch.
func (d *state) decodeStringSlice(t reflect.Type, sh *sliceHeader, elem decFunc) error {
	if d.emptyArray() {
		*sh = sliceHeader{Data: unsafe.Pointer(&emptyArray)}
		return nil
	}
	base := len(d.strStack)
	n, err := d.stringElements(elem)
	if n == 0 {
		*sh = sliceHeader{Data: unsafe.Pointer(&emptyArray)}
	} else {
		// A []string has the memory layout of any slice of a string
		// kind.
		out := make([]string, n)
		copy(out, d.strStack[base:])
		*sh = sliceHeader{Data: unsafe.Pointer(unsafe.SliceData(out)), Len: n, Cap: n}
	}
	clear(d.strStack[base:])
	d.strStack = d.strStack[:base]
	return err
}

// stringElements is arrayElements for decodeStringSlice, without a call
// per element: each element is pushed on strStack (the one that failed
// too).
func (d *state) stringElements(elem decFunc) (int, error) {
	if err := d.enter(); err != nil {
		return 0, err
	}
	d.pos++
	if d.spaceNext() {
		d.skipSpaceMore()
	}
	if d.pos < len(d.src) && d.src[d.pos] == ']' {
		d.pos++
		d.depth--
		return 0, nil
	}
	for i := 1; ; i++ {
		var v string
		var err error
		if d.pos < len(d.src) && d.src[d.pos] == '"' {
			v, err = d.readString()
		} else {
			err = elem(d, unsafe.Pointer(&d.strTmp))
			v, d.strTmp = d.strTmp, ""
		}
		d.strStack = append(d.strStack, v)
		if err != nil {
			return i, err
		}
		if d.spaceNext() {
			d.skipSpaceMore()
		}
		if d.pos < len(d.src) {
			if c := d.src[d.pos]; c == ',' {
				d.pos++
				if d.spaceNext() {
					d.skipSpaceMore()
				}
				continue
			} else if c == ']' {
				d.pos++
				d.depth--
				return i, nil
			}
		}
		return i, d.errorAt(d.pos)
	}
}

// decodePointerSlice is decodeViaScratch for slices of pointers, with the
// state's pointer stack as scratch (nested arrays use the part above).
func (d *state) decodePointerSlice(sh *sliceHeader, elem decFunc) error {
	if d.emptyArray() {
		*sh = sliceHeader{Data: unsafe.Pointer(&emptyArray)}
		return nil
	}
	base := len(d.ptrStack)
	n, err := d.arrayElements(func(int) error {
		// The element is decoded into its slot on the stack (a local
		// would escape through elem's pointer, an allocation each).
		// Pointer decoders store the new pointer before decoding what
		// it points to, so a nested array that grows the stack copies
		// the slot with its value.
		i := len(d.ptrStack)
		d.ptrStack = append(d.ptrStack, nil)
		return elem(d, unsafe.Pointer(&d.ptrStack[i]))
	})
	if n == 0 {
		*sh = sliceHeader{Data: unsafe.Pointer(&emptyArray)}
	} else {
		// A []unsafe.Pointer has the memory layout of any slice of
		// pointers.
		out := make([]unsafe.Pointer, n)
		copy(out, d.ptrStack[base:])
		*sh = sliceHeader{Data: unsafe.Pointer(unsafe.SliceData(out)), Len: n, Cap: n}
	}
	clear(d.ptrStack[base:])
	d.ptrStack = d.ptrStack[:base]
	return err
}

// maxGuessedLen and maxGuessedBytes bound the slices allocated at the
// length last decoded before their elements are seen: a guess too large
// for the document at hand wastes at most that much.
const (
	maxGuessedLen   = 1 << 10
	maxGuessedBytes = 4 << 10
)

// rememberLen records n as the length a slice type last decoded to,
// writing only when it changed: decoders of one type on many cores would
// otherwise contend for the cache line on every slice.
func rememberLen(last *atomic.Int32, n int) {
	if v := int32(min(n, maxGuessedLen)); last.Load() != v {
		last.Store(v)
	}
}

// maxPooledScratch bounds the scratch slices kept for reuse, so that one
// huge array does not pin its scratch.
const maxPooledScratch = 4096

// decodeViaScratch decodes an array into a nil (or zero-capacity) slice of
// elements holding pointers: into pooled scratch first, then into one
// allocation of the final length, instead of growing the slice by
// doubling (which allocates, zeroes and copies about twice the result).
func (d *state) decodeViaScratch(t reflect.Type, sh *sliceHeader, elem decFunc, size uintptr, pool *sync.Pool) (int, error) {
	if d.emptyArray() {
		*sh = sliceHeader{Data: unsafe.Pointer(&emptyArray)}
		return 0, nil
	}
	sc := pool.Get().(*scratchSlice)
	n, err := d.arrayElements(func(i int) error {
		if i == sc.n {
			grown := newScratchSlice(t, 2*sc.n)
			reflect.Copy(grown.v, sc.v)
			sc = grown
		}
		return elem(d, unsafe.Add(sc.data, uintptr(i)*size))
	})
	if n == 0 {
		*sh = sliceHeader{Data: unsafe.Pointer(&emptyArray)}
	} else {
		// Grow allocates the slice in place (MakeSlice would allocate
		// its header too).
		sc.used = sliceHeader{Data: sc.data, Len: n, Cap: n}
		sc.outV.Grow(n)
		sc.outV.SetLen(n)
		reflect.Copy(sc.outV, sc.usedV)
		*sh = sc.out
		sc.out = sliceHeader{}
		sc.usedV.Clear()
		sc.used = sliceHeader{}
	}
	if sc.n <= maxPooledScratch {
		pool.Put(sc)
	}
	return n, err
}

// sliceGuess is the length a slice type decoded to the last times, with
// the array types of the lengths met (up to guessTypes elements), so
// that where documents repeat a length the next slice is allocated at it
// in one allocation (reflect.New of the array type; reflect.MakeSlice
// allocates a header too) and decoded into in place, without scratch,
// copy or clear. A guess is taken only once guessStreak slices in a row
// after the first had the same length: where lengths vary (citm's
// prices, golang_source's children), a guess too short would grow the
// slice by doubling and one too long would waste memory.
type sliceGuess struct {
	// state is the last length (low 16 bits) and how many slices in a
	// row since the first had it (above, up to guessStreak).
	state atomic.Int32
	elem  reflect.Type
	types [guessTypes]atomic.Pointer[reflect.Type]
}

// guessTypes bounds the lengths sliceGuess keeps an array type for, and
// guessStreak is the repeats of one length before it is guessed.
const (
	guessTypes  = 32
	guessStreak = 3
)

// guess returns the type of the array to allocate for the next slice,
// nil when there is no guess.
func (g *sliceGuess) guess() reflect.Type {
	v := g.state.Load()
	if v>>16 < guessStreak {
		return nil
	}
	return g.arrayOf(int(v & 0xffff))
}

// arrayOf returns the type [n]elem, nil when n is not a length the guess
// takes.
func (g *sliceGuess) arrayOf(n int) reflect.Type {
	if n <= 0 || n > guessTypes || uintptr(n)*g.elem.Size() > maxGuessedBytes {
		return nil
	}
	if p := g.types[n-1].Load(); p != nil {
		return *p
	}
	at := reflect.ArrayOf(n, g.elem)
	g.types[n-1].Store(&at)
	return at
}

// record notes that a slice of the type had n elements, writing only when
// that changes what is recorded (decoders of one type on many cores
// would otherwise contend for the cache line on every slice).
func (g *sliceGuess) record(n int) {
	n = min(n, guessTypes+1)
	v := g.state.Load()
	streak := v >> 16
	if int(v&0xffff) != n {
		streak = 0
	} else if streak < guessStreak {
		streak++
	}
	if nv := streak<<16 | int32(n); nv != v {
		g.state.Store(nv)
	}
}

// grow doubles the full slice at sh, whose array has type at (nil once
// it is not one of the guess's), into a new array of the guess's when it
// has one of that length (one allocation; growSlice's reflect.MakeSlice
// makes two), and returns the new array's type.
func (g *sliceGuess) grow(t reflect.Type, sh *sliceHeader, at reflect.Type) reflect.Type {
	next := g.arrayOf(2 * sh.Cap)
	if at == nil || next == nil {
		growSlice(t, sh, sh.Len)
		return nil
	}
	p := reflect.New(next).UnsafePointer()
	reflect.NewAt(at, p).Elem().Set(reflect.NewAt(at, sh.Data).Elem())
	sh.Data, sh.Cap = p, next.Len()
	return next
}

// decodeGuessedSlice is decodeViaScratch with the length guessed from
// the last slices of the type: a slice of that length is allocated first
// and decoded into in place (grown if the array is longer).
func (d *state) decodeGuessedSlice(t reflect.Type, sh *sliceHeader, elem decFunc, size uintptr, pool *sync.Pool, g *sliceGuess) error {
	if d.emptyArray() {
		g.record(0)
		*sh = sliceHeader{Data: unsafe.Pointer(&emptyArray)}
		return nil
	}
	at := g.guess()
	if at == nil {
		n, err := d.decodeViaScratch(t, sh, elem, size, pool)
		g.record(n)
		return err
	}
	*sh = sliceHeader{Data: reflect.New(at).UnsafePointer(), Cap: at.Len()}
	n, err := d.arrayElements(func(i int) error {
		if i == sh.Cap {
			at = g.grow(t, sh, at)
		}
		sh.Len = i + 1
		return elem(d, unsafe.Add(sh.Data, uintptr(i)*size))
	})
	g.record(n)
	if n == 0 {
		*sh = sliceHeader{Data: unsafe.Pointer(&emptyArray)}
	}
	return err
}

// plainNumber decodes the commonest values of a float64 or int64 of
// plain kind k in place, and reports whether it did; for anything else
// (any other kind, a number that does not fit, not a number) it reads
// nothing and leaves the element's decoder to do it.
func (d *state) plainNumber(k fieldKind, p unsafe.Pointer) bool {
	switch k {
	case fieldFloat64:
		if end, x, exact, ok := wire.ReadFloat(d.src, d.pos); ok && exact {
			*(*float64)(p) = x
			d.pos = end
			return true
		}
	case fieldInt64:
		if v, end, ok := wire.ShortUint(d.src, d.pos); ok {
			*(*int64)(p) = int64(v)
			d.pos = end
			return true
		}
	}
	return false
}

// emptyArray reports whether the array at pos ('[') is "[]", within
// the nesting limit, and if so moves past it: the slice decoders take
// it without their setup.
func (d *state) emptyArray() bool {
	if d.pos+1 < len(d.src) && d.src[d.pos+1] == ']' && d.depth < d.maxDepth {
		d.pos += 2
		return true
	}
	return false
}

// arrayElements walks the array at pos ('['): each(i) decodes element i,
// with pos at its first byte. It returns how many elements were met (on
// an error, counting the one being decoded or just decoded), and leaves
// pos past the closing bracket. Fixed-size arrays and slices of
// pointer-free elements, the hot loops of numeric documents, keep loops
// of their own: a call per element costs them about 4%.
func (d *state) arrayElements(each func(i int) error) (int, error) {
	if err := d.enter(); err != nil {
		return 0, err
	}
	d.pos++
	if d.spaceNext() {
		d.skipSpaceMore()
	}
	if d.pos < len(d.src) && d.src[d.pos] == ']' {
		d.pos++
		d.depth--
		return 0, nil
	}
	for i := 0; ; i++ {
		if err := each(i); err != nil {
			return i + 1, err
		}
		if d.spaceNext() {
			d.skipSpaceMore()
		}
		if d.pos < len(d.src) {
			if c := d.src[d.pos]; c == ',' {
				d.pos++
				if d.spaceNext() {
					d.skipSpaceMore()
				}
				continue
			} else if c == ']' {
				d.pos++
				d.depth--
				return i + 1, nil
			}
		}
		return i + 1, d.errorAt(d.pos)
	}
}

// carve returns n bytes of zeroed, 8-byte aligned memory for values
// without pointers, cut from the arena (or allocated alone when large).
// The arena is append-only: memory handed out is never reused.
func (d *state) carve(n int) unsafe.Pointer {
	if n > 2048 {
		b := make([]uint64, (n+7)/8)
		return unsafe.Pointer(&b[0])
	}
	off := (len(d.arena) + 7) &^ 7
	if off+n > cap(d.arena) {
		d.newArena()
		off = 0
	}
	d.arena = d.arena[:off+n]
	clear(d.arena[off:])
	return unsafe.Pointer(&d.arena[off])
}

// pointerFree reports whether values of t hold no pointers, so that their
// memory may be copied as bytes and live in memory the garbage collector
// does not scan.
func pointerFree(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return true
	case reflect.Array:
		return t.Len() == 0 || pointerFree(t.Elem())
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if !pointerFree(t.Field(i).Type) {
				return false
			}
		}
		return true
	}
	return false
}

// growSlice gives the slice at sh room for more elements, keeping its
// contents (copied with write barriers, through reflect).
func growSlice(t reflect.Type, sh *sliceHeader, n int) {
	newCap := 2 * sh.Cap
	if newCap < 4 {
		newCap = 4
	}
	grown := reflect.MakeSlice(t, sh.Len, newCap)
	if sh.Len > 0 {
		reflect.Copy(grown, reflect.NewAt(t, unsafe.Pointer(sh)).Elem())
	}
	*sh = sliceHeader{Data: grown.UnsafePointer(), Len: sh.Len, Cap: newCap}
}

// bytesFn decodes a base64 string into a slice of a byte kind; other
// values go to array.
func bytesFn(t reflect.Type, array decFunc) decFunc {
	return func(d *state, p unsafe.Pointer) error {
		if d.pos < len(d.src) {
			switch d.src[d.pos] {
			case '[':
				return array(d, p)
			case '"':
				s, err := d.readStringTemp()
				if err != nil {
					return err
				}
				b := make([]byte, base64.StdEncoding.DecodedLen(len(s)))
				n, berr := base64.StdEncoding.Decode(b, []byte(s))
				if berr != nil {
					d.save(berr)
					return nil
				}
				*(*[]byte)(p) = b[:n]
				return nil
			case 'n':
				if err := d.literal("null"); err != nil {
					return err
				}
				*(*[]byte)(p) = nil
				return nil
			}
		}
		return d.other(t)
	}
}

func arrayFn(t reflect.Type) decFunc {
	et := t.Elem()
	elem := fnFor(et)
	size := et.Size()
	n := t.Len()
	plain := plainFieldKind(et)
	return func(d *state, p unsafe.Pointer) error {
		if d.pos >= len(d.src) || d.src[d.pos] != '[' {
			return d.other(t)
		}
		if err := d.enter(); err != nil {
			return err
		}
		d.pos++
		if d.spaceNext() {
			d.skipSpaceMore()
		}
		i := 0
		if d.pos < len(d.src) && d.src[d.pos] == ']' {
			d.pos++
		} else {
			for {
				if i < n {
					if ep := unsafe.Add(p, uintptr(i)*size); plain == fieldOther || !d.plainNumber(plain, ep) {
						if err := elem(d, ep); err != nil {
							return err
						}
					}
				} else if err := d.skip(); err != nil {
					return err
				}
				i++
				if d.spaceNext() {
					d.skipSpaceMore()
				}
				if d.pos < len(d.src) {
					if c := d.src[d.pos]; c == ',' {
						d.pos++
						if d.spaceNext() {
							d.skipSpaceMore()
						}
						continue
					} else if c == ']' {
						d.pos++
						break
					}
				}
				return d.errorAt(d.pos)
			}
		}
		d.depth--
		for ; i < n; i++ {
			reflect.NewAt(et, unsafe.Add(p, uintptr(i)*size)).Elem().SetZero()
		}
		return nil
	}
}

// ifaceFn decodes into an interface type t reached as report (t itself, or
// a pointer leading to it; see emptyIfaceFn). A non-empty interface is
// decoded only into the non-nil pointer it may already hold; null sets
// it to nil; anything else is a mismatch.
func ifaceFn(t, report reflect.Type) decFunc {
	if t.NumMethod() == 0 {
		return emptyIfaceFn(report)
	}
	return func(d *state, p unsafe.Pointer) error {
		if d.pos >= len(d.src) {
			return d.errorAt(d.pos)
		}
		v := reflect.NewAt(t, p).Elem()
		isNull := d.src[d.pos] == 'n'
		if !v.IsNil() {
			if e := v.Elem(); e.Kind() == reflect.Pointer && !e.IsNil() && (!isNull || e.Elem().Kind() == reflect.Pointer) {
				return decodeIntoPointer(d, e.Interface(), report)
			}
		}
		if isNull {
			if err := d.literal("null"); err != nil {
				return err
			}
			v.SetZero()
			return nil
		}
		if isNumberStart(d.src[d.pos]) && d.opts&OptionUseNumber == 0 {
			// encoding/json converts the number to float64 first and
			// reports a number out of range as such.
			s, _, err := d.number()
			if err != nil {
				return err
			}
			if _, perr := wire.ParseFloat(s); perr != nil {
				d.saveMismatch("number "+s, float64Type, d.pos+1)
			} else {
				d.saveMismatch("number", t, d.pos)
			}
			return nil
		}
		return d.other(t)
	}
}

// decodeIntoPointer decodes into what the non-nil pointer held by ptr
// points to, as Unmarshal would with that pointer: its methods apply, and
// a null reaches the pointee (only routed here when that is a pointer).
func decodeIntoPointer(d *state, ptr any, iface reflect.Type) error {
	ef := rt.EfaceOf(&ptr)
	pt := reflect.TypeOf(ptr)
	if reportsIface(pt) {
		return ifaceTopFor(pt, iface)(d, ef.Data)
	}
	return topFor(ef.Type, pt).fn(d, ef.Data)
}

// reportsIface reports whether a mismatch in decoding through pointer
// type pt names the interface holding it: when a chain of pointers from
// pt leads to a TextUnmarshaler.
func reportsIface(pt reflect.Type) bool {
	for i := 0; i <= maxPointerChain && pt.Kind() == reflect.Pointer; i++ {
		if pt.Implements(rt.UnmarshalerType) {
			return false
		}
		if pt.Implements(rt.TextUnmarshalerType) {
			return true
		}
		pt = pt.Elem()
	}
	return false
}

type ifaceTopKey struct{ pt, iface reflect.Type }

// ifaceTops caches decoders of pointers held in interfaces whose errors
// name the interface type (rare: see reportsIface).
var ifaceTops sync.Map // ifaceTopKey -> decFunc

func ifaceTopFor(pt, iface reflect.Type) decFunc {
	k := ifaceTopKey{pt, iface}
	if fn, ok := ifaceTops.Load(k); ok {
		return fn.(decFunc)
	}
	compileMu.Lock()
	fn := topFnReport(pt, iface)
	compileMu.Unlock()
	ifaceTops.Store(k, fn)
	return fn
}
