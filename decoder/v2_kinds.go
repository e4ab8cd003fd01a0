package decoder

import (
	"encoding"
	"encoding/base64"
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"github.com/jetjson/jet/internal/rt"
	"github.com/jetjson/jet/internal/v2api"
	"github.com/jetjson/jet/internal/wire"
	"github.com/jetjson/jet/jsontext"
)

// unmarshalerFromType is v2's UnmarshalerFrom over jet's jsontext.
var unmarshalerFromType = reflect.TypeFor[interface {
	UnmarshalJSONFrom(*jsontext.Decoder) error
}]()

// methodFnV2 returns the decoder of a type that unmarshals itself, or
// nil. v2 calls the methods of T through a pointer; pointer and
// interface types have none of their own.
func methodFnV2(t reflect.Type) decFunc {
	if t.Kind() == reflect.Pointer || t.Kind() == reflect.Interface {
		return nil
	}
	pt := reflect.PointerTo(t)
	switch {
	case pt.Implements(unmarshalerFromType):
		var next decFunc
		switch {
		case pt.Implements(rt.UnmarshalerType), pt.Implements(rt.TextUnmarshalerType):
			next = methodFnV2Skip(t)
		default:
			next = kindFnV2(t)
		}
		return func(d *state, p unsafe.Pointer) error {
			d.takeTag()
			start := d.pos
			if err := d.skipV2(); err != nil {
				return err
			}
			raw := d.src[start:d.pos]
			m := reflect.NewAt(t, p).Interface().(interface {
				UnmarshalJSONFrom(*jsontext.Decoder) error
			})
			err := d.callFromV2(raw, start, t, m.UnmarshalJSONFrom)
			if err == errors.ErrUnsupported {
				d.pos = start
				return next(d, p)
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
			return d.methodErr(start, t, err, "UnmarshalJSON")
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
			d.pos += 4
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
			return d.methodErr(start, t, err, "UnmarshalText")
		}
		return nil
	}
}

// methodErr is the error for a method's failure on the value at start.
func (d *state) methodErr(start int, t reflect.Type, err error, name string) error {
	if errors.Is(err, errors.ErrUnsupported) {
		err = errors.New(name + " method may not return errors.ErrUnsupported")
	}
	if _, ok := err.(*v2api.Error); ok {
		return v2api.Offset(err, int64(start))
	}
	e := d.errAt(start, t, kindOf(d.src[start]), err).(*v2api.Error)
	if k := kindOf(d.src[start]); k == '"' || k == '0' {
		e.Value = []byte(d.src[start:d.pos])
	}
	return e
}

// callFromV2 runs an UnmarshalJSONFrom method (or UnmarshalFromFunc) on a
// Decoder of its own that reads the value's text raw, which started at
// start; it must read exactly that one value.
func (d *state) callFromV2(raw string, start int, t reflect.Type, call func(*jsontext.Decoder) error) error {
	dec := jsontext.NewDecoder(strings.NewReader(raw), d.v2.opts)
	if err := call(dec); err != nil {
		if err == errors.ErrUnsupported && dec.InputOffset() == 0 {
			return errors.ErrUnsupported
		}
		return d.methodErr(start, t, err, "UnmarshalJSONFrom")
	}
	if dec.StackDepth() != 0 || dec.InputOffset() == 0 {
		return d.errAt(start, t, kindOf(raw[0]), errors.New("must read exactly one JSON value"))
	}
	return nil
}

// timeFnV2 returns the decoder of time.Time and time.Duration, or nil.
func timeFnV2(t reflect.Type) decFunc {
	switch t {
	case reflect.TypeFor[time.Duration]():
		return func(d *state, p unsafe.Pointer) error {
			d.takeTag()
			return d.errAt(d.pos, t, 0, errNoDefaultV2)
		}
	case reflect.TypeFor[time.Time]():
		return func(d *state, p unsafe.Pointer) error {
			if d.takeTag()&v2TagString != 0 {
				return d.errAt(d.pos, t, 0, errInvalidStringTagV2)
			}
			if d.atEnd() {
				return d.truncated()
			}
			start := d.pos
			switch d.src[start] {
			case 'n':
				d.pos += 4
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
			tm, perr := time.Parse(time.RFC3339, s)
			if perr != nil {
				return d.errValue(start, d.pos, t, perr)
			}
			*(*time.Time)(p) = tm
			return nil
		}
	}
	return nil
}

func pointerFnV2(t reflect.Type) decFunc {
	et := t.Elem()
	elem := fnForV2(et)
	return func(d *state, p unsafe.Pointer) error {
		if d.atEnd() {
			return d.truncated()
		}
		if d.src[d.pos] == 'n' {
			d.takeTag()
			d.pos += 4
			*(*unsafe.Pointer)(p) = nil
			return nil
		}
		q := *(*unsafe.Pointer)(p)
		if q == nil {
			q = reflect.New(et).UnsafePointer()
			*(*unsafe.Pointer)(p) = q
		}
		return elem(d, q)
	}
}

func ifaceFnV2(t reflect.Type) decFunc {
	empty := t.NumMethod() == 0
	return func(d *state, p unsafe.Pointer) error {
		if d.takeTag()&v2TagString != 0 {
			return d.errAt(d.pos, t, 0, errInvalidStringTagV2)
		}
		v := reflect.NewAt(t, p).Elem()
		if !d.atEnd() && d.src[d.pos] == 'n' {
			d.pos += 4
			v.SetZero()
			return nil
		}
		if v.IsNil() && !empty {
			return d.errAt(d.pos, t, 0, errNilInterface)
		}
		if d.atEnd() {
			return d.truncated()
		}
		if v.IsNil() {
			x, err := d.anyV2()
			if x != nil {
				v.Set(reflect.ValueOf(x))
			}
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
		d.pos += 4
		return nil, nil
	case 't':
		d.pos += 4
		return true, nil
	case 'f':
		d.pos += 5
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
				d.pos++ // the comma
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

var anyType = reflect.TypeFor[any]()

// within adds a container's reference token to err's JSON Pointer.
func within(err error, token string) error { return v2api.Within(err, token) }

func bytesFnV2(t reflect.Type) decFunc {
	isArray := t.Kind() == reflect.Array
	return func(d *state, p unsafe.Pointer) error {
		if d.takeTag()&v2TagString != 0 {
			return d.errAt(d.pos, t, 0, errInvalidStringTagV2)
		}
		if d.atEnd() {
			return d.truncated()
		}
		start := d.pos
		switch d.src[start] {
		case 'n':
			d.pos += 4
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
		// v2 takes padded standard base64 only, with no line breaks.
		for i := 0; i < len(s); i++ {
			if s[i] == '\r' || s[i] == '\n' {
				return d.errValue(start, d.pos, t, base64.CorruptInputError(i))
			}
		}
		out, derr := base64.StdEncoding.AppendDecode(nil, []byte(s))
		if derr != nil {
			return d.errValue(start, d.pos, t, derr)
		}
		if isArray {
			if len(out) != t.Len() {
				return d.errValue(start, d.pos, t, errors.New("decoded length of "+strconv.Itoa(len(out))+" mismatches array length of "+strconv.Itoa(t.Len())))
			}
			copy(unsafe.Slice((*byte)(p), t.Len()), out)
			return nil
		}
		b := (*[]byte)(p)
		if *b != nil {
			*b = append((*b)[:0], out...)
		} else {
			if out == nil {
				out = []byte{}
			}
			*b = out
		}
		return nil
	}
}

func sliceFnV2(t reflect.Type) decFunc {
	et := t.Elem()
	elem := fnForV2(et)
	return func(d *state, p unsafe.Pointer) error {
		if d.takeTag()&v2TagString != 0 {
			return d.errAt(d.pos, t, 0, errInvalidStringTagV2)
		}
		if d.atEnd() {
			return d.truncated()
		}
		v := reflect.NewAt(t, p).Elem()
		switch d.src[d.pos] {
		case 'n':
			d.pos += 4
			v.SetZero()
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
		n := 0
		if v.Cap() > 0 {
			v.SetLen(v.Cap())
		}
		for {
			if d.atEnd() {
				v.SetLen(n)
				return d.truncated()
			}
			if d.src[d.pos] == ']' {
				d.pos++
				d.depth--
				break
			}
			if n > 0 {
				d.pos++
				d.skipSpace()
			}
			if n == v.Len() {
				v.Grow(1)
				v.SetLen(v.Cap())
			}
			ev := v.Index(n)
			ev.SetZero()
			n++
			if err := elem(d, ev.Addr().UnsafePointer()); err != nil {
				v.SetLen(n)
				return within(err, strconv.Itoa(n-1))
			}
			d.skipSpace()
		}
		if n == 0 {
			v.Set(reflect.MakeSlice(t, 0, 0))
		} else {
			v.SetLen(n)
		}
		return nil
	}
}

func arrayFnV2(t reflect.Type) decFunc {
	et := t.Elem()
	elem := fnForV2(et)
	n, size := t.Len(), et.Size()
	return func(d *state, p unsafe.Pointer) error {
		if d.takeTag()&v2TagString != 0 {
			return d.errAt(d.pos, t, 0, errInvalidStringTagV2)
		}
		if d.atEnd() {
			return d.truncated()
		}
		v := reflect.NewAt(t, p).Elem()
		switch d.src[d.pos] {
		case 'n':
			d.pos += 4
			v.SetZero()
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
		i := 0
		for {
			if d.atEnd() {
				return d.truncated()
			}
			if d.src[d.pos] == ']' {
				break
			}
			if i > 0 {
				d.pos++
				d.skipSpace()
			}
			if i >= n {
				if err := d.skipV2(); err != nil {
					return err
				}
				lenErr = errArrayOverflow
			} else {
				ep := unsafe.Add(p, uintptr(i)*size)
				v.Index(i).SetZero()
				if err := elem(d, ep); err != nil {
					return within(err, strconv.Itoa(i))
				}
			}
			i++
			d.skipSpace()
		}
		for j := i; j < n; j++ {
			v.Index(j).SetZero()
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
	val := fnForV2(vt)
	stringKey := kt.Kind() == reflect.String && !hasMethodsV2(kt)
	return func(d *state, p unsafe.Pointer) error {
		if d.takeTag()&v2TagString != 0 {
			return d.errAt(d.pos, t, 0, errInvalidStringTagV2)
		}
		if d.atEnd() {
			return d.truncated()
		}
		m := reflect.NewAt(t, p).Elem()
		switch d.src[d.pos] {
		case 'n':
			d.pos += 4
			m.SetZero()
			return nil
		case '{':
		default:
			return d.mismatchV2(t, false)
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
		for !empty {
			if d.atEnd() {
				return d.truncated()
			}
			nameAt := d.pos
			var name string
			if stringKey {
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
					return within(err, name)
				}
			}
			d.skipSpace()
			if d.atEnd() {
				return d.truncated()
			}
			d.pos++ // the colon
			d.skipSpace()
			if old := m.MapIndex(k); old.IsValid() {
				v.Set(old)
			} else {
				v.SetZero()
			}
			err := val(d, v.Addr().UnsafePointer())
			m.SetMapIndex(k, v)
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

var errNonStringValue = errors.New("JSON value must be string type")

// unquoteName returns the text of a quoted name.
func unquoteName(q string) (string, bool) {
	out, err := jsontext.AppendUnquote(nil, q)
	return string(out), err == nil
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
	reflect.TypeFor[interface{ MarshalJSONTo(*jsontext.Encoder) error }](),
	rt.MarshalerType,
	reflect.TypeFor[interface{ AppendText([]byte) ([]byte, error) }](),
	rt.TextMarshalerType,
	unmarshalerFromType, rt.UnmarshalerType, rt.TextUnmarshalerType,
}
