package encoder

import (
	"encoding"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"github.com/jetjson/jet/internal/rt"
	"github.com/jetjson/jet/internal/wire"
)

// anyKV is a map member held while sorting map[string]any.
type anyKV struct {
	k string
	v any
}

func (e *state) writeNullMap() {
	if e.opts&NoNullSliceOrMap != 0 {
		e.buf = append(e.buf, '{', '}')
	} else {
		e.buf = append(e.buf, "null"...)
	}
}

// encodeMapStringAny is the fast path for the most common map.
func (e *state) encodeMapStringAny(m map[string]any) error {
	if m == nil {
		e.writeNullMap()
		return nil
	}
	w := *(*unsafe.Pointer)(unsafe.Pointer(&m))
	if e.depth >= cycleCheckDepth {
		return e.encodeChecked(w, mapStringAnyType, 0, func() error { return e.mapStringAnyBody(m) })
	}
	e.depth++
	err := e.mapStringAnyBody(m)
	e.depth--
	return err
}

var mapStringAnyType = reflect.TypeFor[map[string]any]()

func (e *state) mapStringAnyBody(m map[string]any) error {
	html := e.opts&EscapeHTML != 0
	e.buf = append(e.buf, '{')
	if e.opts&SortMapKeys == 0 || len(m) <= 1 {
		for k, v := range m {
			e.buf = appendKey(e.buf, k, html)
			if err := e.encodeAny(v); err != nil {
				return err
			}
			e.buf = append(e.buf, ',')
		}
	} else {
		base := len(e.kvs)
		for k, v := range m {
			e.kvs = append(e.kvs, anyKV{k, v})
		}
		slices.SortFunc(e.kvs[base:], func(a, b anyKV) int { return strings.Compare(a.k, b.k) })
		for i := base; i < len(e.kvs); i++ {
			e.buf = appendKey(e.buf, e.kvs[i].k, html)
			if err := e.encodeAny(e.kvs[i].v); err != nil {
				return err
			}
			e.buf = append(e.buf, ',')
		}
		clear(e.kvs[base:])
		e.kvs = e.kvs[:base]
	}
	closeObject(e)
	return nil
}

// closeObject ends an object whose members were each followed by a comma.
func closeObject(e *state) {
	if n := len(e.buf) - 1; e.buf[n] == ',' {
		e.buf[n] = '}'
	} else {
		e.buf = append(e.buf, '}')
	}
}

// appendKey writes a member name and its colon.
func appendKey(b []byte, k string, html bool) []byte {
	b = appendQuotedKey(b, k, html)
	return append(b, ':')
}

func (e *state) encodeSliceAny(s []any) error {
	if s == nil {
		if e.opts&NoNullSliceOrMap != 0 {
			e.buf = append(e.buf, '[', ']')
		} else {
			e.buf = append(e.buf, "null"...)
		}
		return nil
	}
	if e.depth >= cycleCheckDepth {
		return e.encodeChecked(unsafe.Pointer(unsafe.SliceData(s)), sliceAnyType, len(s), func() error { return e.sliceAnyBody(s) })
	}
	e.depth++
	err := e.sliceAnyBody(s)
	e.depth--
	return err
}

var sliceAnyType = reflect.TypeFor[[]any]()

func (e *state) sliceAnyBody(s []any) error {
	e.buf = append(e.buf, '[')
	for i := range s {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		if err := e.encodeAny(s[i]); err != nil {
			return err
		}
	}
	e.buf = append(e.buf, ']')
	return nil
}

// mapFn compiles the encoder of a map type. Keys must be strings,
// integers or TextMarshalers, as in encoding/json.
func mapFn(t reflect.Type) encFunc {
	kt := t.Key()
	switch {
	case kt.Kind() == reflect.String,
		rt.IsIntKind(kt.Kind()), rt.IsUintKind(kt.Kind()),
		kt.Implements(rt.TextMarshalerType):
	default:
		return unsupportedFn(t)
	}
	body := mapBodyFn(t)
	return func(e *state, p unsafe.Pointer) error {
		w := *(*unsafe.Pointer)(p)
		if w == nil {
			e.writeNullMap()
			return nil
		}
		if e.depth >= cycleCheckDepth {
			return e.encodeChecked(w, t, 0, func() error { return body(e, p) })
		}
		e.depth++
		err := body(e, p)
		e.depth--
		return err
	}
}

// mapBodyFn writes the members of a non-nil map at p. Maps with string
// keys and the most common element types are ranged natively; the rest go
// through reflect's map iterator.
func mapBodyFn(t reflect.Type) encFunc {
	kt, et := t.Key(), t.Elem()
	if kt.Kind() == reflect.String {
		switch {
		case et.Kind() == reflect.Interface && et.NumMethod() == 0:
			return func(e *state, p unsafe.Pointer) error {
				return e.mapStringAnyBody(*(*map[string]any)(p))
			}
		case et.Kind() == reflect.String && plainKind(et):
			return func(e *state, p unsafe.Pointer) error {
				return e.mapStringStringBody(*(*map[string]string)(p))
			}
		}
	}
	elem := fnFor(et, false)
	key := keyFn(kt)
	pool := &sync.Pool{New: func() any {
		return &mapIter{k: reflect.New(kt).Elem(), v: reflect.New(et).Elem()}
	}}
	return func(e *state, p unsafe.Pointer) error {
		m := reflect.NewAt(t, p).Elem()
		if e.opts&SortMapKeys != 0 && m.Len() > 1 {
			return e.sortedMapBody(m, key, elem)
		}
		it := pool.Get().(*mapIter)
		it.it.Reset(m)
		html := e.opts&EscapeHTML != 0
		e.buf = append(e.buf, '{')
		var err error
		for it.it.Next() {
			it.k.SetIterKey(&it.it)
			it.v.SetIterValue(&it.it)
			var ks string
			if ks, err = key(it.k); err != nil {
				err = mapKeyError(t, err)
				break
			}
			e.buf = appendKey(e.buf, ks, html)
			if err = elem(e, it.v.Addr().UnsafePointer()); err != nil {
				break
			}
			e.buf = append(e.buf, ',')
		}
		it.it.Reset(reflect.Value{})
		it.k.SetZero()
		it.v.SetZero()
		pool.Put(it)
		if err != nil {
			return err
		}
		closeObject(e)
		return nil
	}
}

// mapIter holds a reusable iterator and key and value holders.
type mapIter struct {
	it   reflect.MapIter
	k, v reflect.Value
}

func (e *state) mapStringStringBody(m map[string]string) error {
	html := e.opts&EscapeHTML != 0
	e.buf = append(e.buf, '{')
	if e.opts&SortMapKeys == 0 || len(m) <= 1 {
		for k, v := range m {
			e.buf = appendKey(e.buf, k, html)
			if err := e.encodeString(v); err != nil {
				return err
			}
			e.buf = append(e.buf, ',')
		}
	} else {
		base := len(e.keys)
		for k := range m {
			e.keys = append(e.keys, k)
		}
		slices.Sort(e.keys[base:])
		for i := base; i < len(e.keys); i++ {
			k := e.keys[i]
			e.buf = appendKey(e.buf, k, html)
			if err := e.encodeString(m[k]); err != nil {
				return err
			}
			e.buf = append(e.buf, ',')
		}
		clear(e.keys[base:])
		e.keys = e.keys[:base]
	}
	closeObject(e)
	return nil
}

// sortedMapBody writes a map's members sorted by their key text.
func (e *state) sortedMapBody(m reflect.Value, key func(reflect.Value) (string, error), elem encFunc) error {
	n := m.Len()
	keys := make([]string, 0, n)
	vals := reflect.New(reflect.ArrayOf(n, m.Type().Elem())).Elem()
	it := m.MapRange()
	kh := reflect.New(m.Type().Key()).Elem()
	for i := 0; it.Next() && i < n; i++ {
		kh.SetIterKey(it)
		ks, err := key(kh)
		if err != nil {
			return mapKeyError(m.Type(), err)
		}
		keys = append(keys, ks)
		vals.Index(i).SetIterValue(it)
	}
	order := make([]int, len(keys))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(keys[a], keys[b]) })
	html := e.opts&EscapeHTML != 0
	e.buf = append(e.buf, '{')
	for _, i := range order {
		e.buf = appendKey(e.buf, keys[i], html)
		if err := elem(e, vals.Index(i).Addr().UnsafePointer()); err != nil {
			return err
		}
		e.buf = append(e.buf, ',')
	}
	closeObject(e)
	return nil
}

func mapKeyError(t reflect.Type, err error) error {
	return fmt.Errorf("json: encoding error for type %q: %q", t.String(), err.Error())
}

// keyFn returns how a map key becomes member-name text: a string as it is,
// else MarshalText, else the decimal integer (encoding/json's order).
func keyFn(kt reflect.Type) func(reflect.Value) (string, error) {
	switch {
	case kt.Kind() == reflect.String:
		return func(k reflect.Value) (string, error) { return k.String(), nil }
	case kt.Implements(rt.TextMarshalerType):
		return func(k reflect.Value) (string, error) {
			if k.Kind() == reflect.Pointer && k.IsNil() {
				return "", nil
			}
			b, err := k.Interface().(encoding.TextMarshaler).MarshalText()
			return string(b), err
		}
	case rt.IsIntKind(kt.Kind()):
		return func(k reflect.Value) (string, error) { return strconv.FormatInt(k.Int(), 10), nil }
	}
	return func(k reflect.Value) (string, error) { return strconv.FormatUint(k.Uint(), 10), nil }
}

func appendQuotedKey(b []byte, k string, html bool) []byte {
	return wire.AppendQuoted(b, k, html)
}
