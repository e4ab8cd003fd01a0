package encoder

import (
	"bytes"
	"encoding"
	"encoding/base64"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"github.com/jetjson/jet/internal/jsonopts"
	"github.com/jetjson/jet/internal/rt"
	"github.com/jetjson/jet/internal/v2api"
	"github.com/jetjson/jet/jsontext"
)

// The methods v2 calls, in the order it tries them.
var (
	marshalerToType  = reflect.TypeFor[interface{ MarshalJSONTo(*jsontext.Encoder) error }]()
	textAppenderType = reflect.TypeFor[textAppender]()
)

// textAppender is encoding.TextAppender, which Go 1.23 lacks.
type textAppender interface {
	AppendText([]byte) ([]byte, error)
}

// hasMethodsV2 reports whether values of t, or pointers to them, have a
// method v2 calls when marshaling or unmarshaling.
func hasMethodsV2(t reflect.Type) bool {
	for _, m := range v2MethodTypes {
		if t.Implements(m) || t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(m) {
			return true
		}
	}
	return false
}

var v2MethodTypes = []reflect.Type{
	marshalerToType, rt.MarshalerType, textAppenderType, rt.TextMarshalerType,
	reflect.TypeFor[interface{ UnmarshalJSONFrom(*jsontext.Decoder) error }](),
	rt.UnmarshalerType, rt.TextUnmarshalerType,
}

// ptrMethodsV2 reports whether encoding t may call a marshal method with
// a pointer into the value.
func ptrMethodsV2(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface {
		for _, m := range v2MethodTypes[:4] {
			if reflect.PointerTo(t).Implements(m) {
				return true
			}
		}
	}
	switch t.Kind() {
	case reflect.Struct:
		for i := range t.NumField() {
			if ptrMethodsV2(t.Field(i).Type, seen) {
				return true
			}
		}
	case reflect.Array:
		return ptrMethodsV2(t.Elem(), seen)
	}
	return false
}

// methodFnV2 returns the encoder of a type that marshals itself, or nil.
// v2 calls the methods of T through a pointer (its values are always
// addressable); pointer and interface types have none of their own.
func methodFnV2(t reflect.Type) encFunc { return methodFnV2From(t, 0) }

// methodFnV2From is methodFnV2 looking only at the methods from the
// i'th of v2's order on: a MarshalJSONTo that declines hands the value
// to the next method, or to the type's default encoder.
func methodFnV2From(t reflect.Type, i int) encFunc {
	if t.Kind() == reflect.Pointer || t.Kind() == reflect.Interface {
		return nil
	}
	pt := reflect.PointerTo(t)
	switch {
	case i <= 0 && pt.Implements(marshalerToType):
		next := methodFnV2From(t, 1)
		if next == nil {
			next = newFnV2Kind(t)
		}
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			m := reflect.NewAt(t, p).Interface().(interface{ MarshalJSONTo(*jsontext.Encoder) error })
			out, err := e.callToV2(b, t, m.MarshalJSONTo)
			if err == errors.ErrUnsupported {
				return next(e, b, p)
			}
			return out, err
		}
	case i <= 1 && pt.Implements(rt.MarshalerType):
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			e.v2.tag = 0
			m := reflect.NewAt(t, p).Interface().(json.Marshaler)
			raw, err := m.MarshalJSON()
			if err != nil {
				return b, semErr(b, t, methodErr(err, "MarshalJSON"))
			}
			return e.appendRawV2(b, raw, t)
		}
	case i <= 2 && pt.Implements(textAppenderType):
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			e.v2.tag = 0
			m := reflect.NewAt(t, p).Interface().(textAppender)
			text, err := m.AppendText(nil)
			if err != nil {
				return b, semErr(b, t, methodErr(err, "AppendText"))
			}
			return e.appendStringV2(b, string(text), t)
		}
	case i <= 3 && pt.Implements(rt.TextMarshalerType):
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			e.v2.tag = 0
			m := reflect.NewAt(t, p).Interface().(encoding.TextMarshaler)
			text, err := m.MarshalText()
			if err != nil {
				return b, semErr(b, t, methodErr(err, "MarshalText"))
			}
			return e.appendStringV2(b, string(text), t)
		}
	}
	return nil
}

// methodErr is the cause v2 reports for a method's error.
func methodErr(err error, name string) error {
	if errors.Is(err, errors.ErrUnsupported) {
		return errors.New(name + " method may not return errors.ErrUnsupported")
	}
	return err
}

// callToV2 runs a MarshalJSONTo method (or a MarshalToFunc) with an
// Encoder of its own, and appends the one value it must write.
func (e *state) callToV2(b []byte, t reflect.Type, call func(*jsontext.Encoder) error) ([]byte, error) {
	e.v2.tag = 0
	var out bytes.Buffer
	enc := jsontext.NewEncoder(&out, e.v2.text, jsontext.Multiline(false), jsonopts.True(jsonopts.OmitTopLevelNewline))
	if err := call(enc); err != nil {
		if errors.Is(err, errors.ErrUnsupported) && enc.OutputOffset() == 0 {
			return b, errors.ErrUnsupported
		}
		if _, ok := err.(*v2api.Error); ok {
			return b, v2api.Offset(err, int64(len(b)))
		}
		if se, ok := err.(*jsontext.SyntacticError); ok {
			return b, v2api.Offset(se, int64(len(b)))
		}
		return b, semErr(b, t, err)
	}
	if enc.OutputOffset() == 0 || enc.StackDepth() != 0 {
		return b, semErr(b, t, errors.New("must write exactly one JSON value"))
	}
	return append(b, out.Bytes()...), nil
}

// appendRawV2 appends a value given as JSON text (a MarshalJSON method's
// output, a jsontext.Value), checked and reformatted as the options say.
func (e *state) appendRawV2(b []byte, raw []byte, t reflect.Type) ([]byte, error) {
	v := jsontext.Value(slices.Clone(raw))
	if err := v.Format(e.v2.text, jsontext.Multiline(false)); err != nil {
		if se, ok := err.(*jsontext.SyntacticError); ok {
			se.ByteOffset += int64(len(b))
			return b, semErr(b, t, se)
		}
		return b, semErr(b, t, err)
	}
	return append(b, v...), nil
}

// timeFnV2 returns the encoder of time.Time and time.Duration, which v2
// treats as if they had methods of its own, or nil.
func timeFnV2(t reflect.Type) encFunc {
	switch t {
	case reflect.TypeFor[time.Duration]():
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			e.v2.tag = 0
			return b, semErr(b, t, errNoDefault)
		}
	case reflect.TypeFor[time.Time]():
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			if e.v2.tag&v2TagString != 0 {
				return b, e.tagCheck(b, t)
			}
			e.v2.tag = 0
			tm := *(*time.Time)(p)
			if y := tm.Year(); y < 0 || y > 9999 {
				return b, semErr(b, t, errors.New("year outside of range [0,9999]"))
			}
			b = append(b, '"')
			b = tm.AppendFormat(b, time.RFC3339Nano)
			return append(b, '"'), nil
		}
	}
	return nil
}

func interfaceFnV2(t reflect.Type) encFunc {
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		v := reflect.NewAt(t, p).Elem()
		if v.IsNil() {
			e.v2.tag = 0
			return append(b, "null"...), nil
		}
		d := v.Elem()
		dt := d.Type()
		fn := fnForV2Of(dt)
		if dt.Kind() == reflect.Pointer {
			if d.IsNil() {
				e.v2.tag = 0
				return append(b, "null"...), nil
			}
			return fnForV2Of(dt.Elem())(e, b, d.UnsafePointer())
		}
		c := reflect.New(dt)
		c.Elem().Set(d)
		return fn(e, b, c.UnsafePointer())
	}
}

// fnForV2Of is the v2 encoder of t, for use while encoding.
func fnForV2Of(t reflect.Type) encFunc {
	compileMu.Lock()
	defer compileMu.Unlock()
	return fnForV2Locked(t)
}

func pointerFnV2(t reflect.Type) encFunc {
	elem := fnForV2Locked(t.Elem())
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		q := *(*unsafe.Pointer)(p)
		if q == nil {
			e.v2.tag = 0
			return append(b, "null"...), nil
		}
		if e.depth >= cycleCheckDepthV2 {
			return e.checkedV2(b, q, t, 0, func(b []byte) ([]byte, error) { return elem(e, b, q) })
		}
		e.depth++
		b, err := elem(e, b, q)
		e.depth--
		return b, err
	}
}

// checkedV2 runs fn with p recorded on the path, past the depth where v2
// starts looking for cycles, and reports a cycle as v2 does.
func (e *state) checkedV2(b []byte, p unsafe.Pointer, t reflect.Type, n int, fn func([]byte) ([]byte, error)) ([]byte, error) {
	k := seenKey{p, t, n}
	if e.seen == nil {
		e.seen = map[seenKey]struct{}{}
	}
	if _, ok := e.seen[k]; ok {
		return b, semErr(b, t, errCycle)
	}
	e.seen[k] = struct{}{}
	e.depth++
	b, err := fn(b)
	e.depth--
	delete(e.seen, k)
	return b, err
}

func bytesFnV2(t reflect.Type) encFunc {
	n := 0
	if t.Kind() == reflect.Array {
		n = t.Len()
	}
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		if err := e.tagCheck(b, t); err != nil {
			return b, err
		}
		var v []byte
		if t.Kind() == reflect.Array {
			v = unsafe.Slice((*byte)(p), n)
		} else {
			v = *(*[]byte)(p)
			if v == nil && e.v2.bits&v2NilSliceNull != 0 {
				return append(b, "null"...), nil
			}
		}
		b = append(b, '"')
		b = base64.StdEncoding.AppendEncode(b, v)
		return append(b, '"'), nil
	}
}

func sliceFnV2(t reflect.Type) encFunc {
	et := t.Elem()
	elem := fnForV2Locked(et)
	size := et.Size()
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		if err := e.tagCheck(b, t); err != nil {
			return b, err
		}
		sh := (*sliceHeader)(p)
		if sh.Data == nil {
			if e.v2.bits&v2NilSliceNull != 0 {
				return append(b, "null"...), nil
			}
			return append(b, '[', ']'), nil
		}
		body := func(b []byte) ([]byte, error) { return e.elemsV2(b, elem, sh.Data, sh.Len, size) }
		if e.depth >= cycleCheckDepthV2 {
			return e.checkedV2(b, sh.Data, t, sh.Len, body)
		}
		e.depth++
		b, err := body(b)
		e.depth--
		return b, err
	}
}

func arrayFnV2(t reflect.Type) encFunc {
	elem := fnForV2Locked(t.Elem())
	n, size := t.Len(), t.Elem().Size()
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		if err := e.tagCheck(b, t); err != nil {
			return b, err
		}
		return e.elemsV2(b, elem, p, n, size)
	}
}

// elemsV2 writes n elements of the given size stored from p on as a JSON
// array.
func (e *state) elemsV2(b []byte, elem encFunc, p unsafe.Pointer, n int, size uintptr) ([]byte, error) {
	b = append(b, '[')
	var err error
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = elem(e, b, unsafe.Add(p, uintptr(i)*size)); err != nil {
			return b, within(err, strconv.Itoa(i))
		}
	}
	return append(b, ']'), nil
}

func mapFnV2(t reflect.Type) encFunc {
	kt, vt := t.Key(), t.Elem()
	key := fnForV2Locked(kt)
	val := fnForV2Locked(vt)
	stringKeys := kt.Kind() == reflect.String && !hasMethodsV2(kt)
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		if err := e.tagCheck(b, t); err != nil {
			return b, err
		}
		m := reflect.NewAt(t, p).Elem()
		if m.IsNil() {
			if e.v2.bits&v2NilMapNull != 0 {
				return append(b, "null"...), nil
			}
			return append(b, '{', '}'), nil
		}
		if m.Len() == 0 {
			return append(b, '{', '}'), nil
		}
		mp := m.UnsafePointer()
		body := func(b []byte) ([]byte, error) { return e.mapBodyV2(b, m, key, val, stringKeys) }
		if e.depth >= cycleCheckDepthV2 {
			return e.checkedV2(b, mp, t, 0, body)
		}
		e.depth++
		b, err := body(b)
		e.depth--
		return b, err
	}
}

// v2Member is a map member on its way out: its name's encoding and its
// value's.
type v2Member struct {
	name string // unquoted, for sorting and the JSON Pointer
	text []byte // `"name":value`
}

func (e *state) mapBodyV2(b []byte, m reflect.Value, key, val encFunc, stringKeys bool) ([]byte, error) {
	t := m.Type()
	kt, vt := t.Key(), t.Elem()
	k := reflect.New(kt)
	v := reflect.New(vt)
	kp, vp := k.UnsafePointer(), v.UnsafePointer()
	sorted := e.v2.bits&v2Sorted != 0 && m.Len() > 1
	checkDup := !stringKeys && e.v2.bits&v2AllowDup == 0
	var members []v2Member
	var names map[string]struct{}
	if checkDup {
		names = make(map[string]struct{}, m.Len())
	}
	start := len(b)
	b = append(b, '{')
	var err error
	for it := m.MapRange(); it.Next(); {
		k.Elem().SetIterKey(it)
		v.Elem().SetIterValue(it)
		if len(b) > start+1 {
			b = append(b, ',')
		}
		at := len(b)
		e.v2.tag = v2Name
		b, err = key(e, b, kp)
		e.v2.tag = 0
		if err != nil {
			return b, err
		}
		if len(b) == at || b[at] != '"' {
			b = b[:at]
			return b, semErr(b, kt, &jsontext.SyntacticError{ByteOffset: int64(at), Err: jsontext.ErrNonStringName})
		}
		name := ""
		if checkDup || sorted || true {
			u, _ := jsontext.AppendUnquote(nil, b[at:])
			name = string(u)
		}
		if checkDup {
			if _, dup := names[name]; dup {
				err := &jsontext.SyntacticError{ByteOffset: int64(at), Err: jsontext.ErrDuplicateName}
				return b[:at], within(err, name)
			}
			names[name] = struct{}{}
		}
		b = append(b, ':')
		if b, err = val(e, b, vp); err != nil {
			return b, within(err, name)
		}
		if sorted {
			members = append(members, v2Member{name: name, text: slices.Clone(b[at:])})
			b = b[:at]
			if at > start+1 {
				b = b[:at-1]
			}
		}
	}
	if sorted {
		slices.SortFunc(members, func(x, y v2Member) int { return strings.Compare(x.name, y.name) })
		for i, mb := range members {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, mb.text...)
		}
	}
	return append(b, '}'), nil
}

// invalidUTF8V2 is the error for a string holding invalid UTF-8 that
// was to be written at start.
func invalidUTF8V2(start int) error {
	return &jsontext.SyntacticError{ByteOffset: int64(start), Err: errInvalidUTF8Text}
}

// errInvalidUTF8Text is jsontext's cause for invalid UTF-8.
var errInvalidUTF8Text = func() error {
	_, err := jsontext.AppendQuote(nil, "\xff")
	return err.(*jsontext.SyntacticError).Err
}()
