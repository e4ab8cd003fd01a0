package encoder

// The v2 dialect's paths for values met in interfaces (the generic
// `any` trees decoded JSON makes above all): a type switch for the
// dynamic types such trees hold, native loops over map[string]any and
// []any, and for any other dynamic type its encoder found by the type
// word in a lock-free cache.

import (
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/jetjson/jet/internal/rt"
	"github.com/jetjson/jet/internal/wire"
)

// ifaceV2 is how a v2 encoding writes a value of one dynamic type met
// in an interface.
type ifaceV2 struct {
	typ reflect.Type
	fn  encFunc // the type's encoder, given a pointer to the value
	// direct: the interface holds the value itself in its data word.
	direct bool
	// elem is the encoder of what a pointer type points to (nil for
	// other types), for a top-level pointer (which v2 does not count
	// as a level where it looks for cycles).
	elem encFunc
	// copy: a method may take the value's address, so it is encoded
	// from a copy (as v2 does) rather than in place.
	copy bool
}

// v2Iface holds ifaceV2 entries by type word.
var v2Iface rt.Cache[*ifaceV2]

func ifaceV2For(w unsafe.Pointer, v any) *ifaceV2 {
	if c, ok := v2Iface.Load(w); ok {
		return c
	}
	t := reflect.TypeOf(v)
	compileMu.Lock()
	c := &ifaceV2{typ: t, fn: fnForV2Locked(t), direct: rt.Direct(t)}
	if t.Kind() == reflect.Pointer {
		c.elem = fnForV2Locked(t.Elem())
	} else {
		c.copy = ptrMethodsV2(t, map[reflect.Type]bool{})
	}
	compileMu.Unlock()
	return v2Iface.Store(w, c)
}

// appendAnyV2 writes the value an interface holds (null for a nil
// interface). The tag options set for the interface apply to the value
// it holds.
func (e *state) appendAnyV2(b []byte, v any) ([]byte, error) {
	if e.v2.tag == 0 && e.v2.funcs == nil {
		switch x := v.(type) {
		case nil:
			return append(b, "null"...), nil
		case string:
			// appendStringV2, inline.
			n := len(b)
			b, marked := wire.AppendQuotedMarked(b, x, e.v2.bits&v2HTML != 0)
			if marked {
				return e.requoteV2(b, n, x)
			}
			return b, nil
		case float64:
			if e.v2.bits&v2Stringify == 0 && x == x && x <= maxFloat && x >= -maxFloat {
				return wire.AppendFloat(b, x, 64), nil
			}
		case bool:
			return appendBool(b, x), nil
		case map[string]any:
			return e.mapStringAnyV2(b, x)
		case []any:
			return e.sliceAnyV2(b, x)
		}
	} else if v == nil {
		e.v2.tag = 0
		return append(b, "null"...), nil
	}
	ef := rt.EfaceOf(&v)
	c := ifaceV2For(ef.Type, v)
	if c.copy {
		p := reflect.New(c.typ)
		p.Elem().Set(reflect.ValueOf(v))
		return c.fn(e, b, p.UnsafePointer())
	}
	if !c.direct {
		return c.fn(e, b, ef.Data)
	}
	// The encoder wants a pointer to the value: park the data word in a
	// slot of the state.
	if e.nslot == len(e.slots) {
		q := new(unsafe.Pointer)
		*q = ef.Data
		return c.fn(e, b, unsafe.Pointer(q))
	}
	i := e.nslot
	e.slots[i] = ef.Data
	e.nslot++
	b, err := c.fn(e, b, unsafe.Pointer(&e.slots[i]))
	e.nslot--
	e.slots[i] = nil
	return b, err
}

func interfaceFnV2(t reflect.Type) encFunc {
	if t.NumMethod() == 0 {
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			if e.v2.tag&v2TagString != 0 {
				return b, e.tagCheck(b, t)
			}
			return e.appendAnyV2(b, *(*any)(p))
		}
	}
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		if e.v2.tag&v2TagString != 0 {
			return b, e.tagCheck(b, t)
		}
		v := reflect.NewAt(t, p).Elem()
		if v.IsNil() {
			e.v2.tag = 0
			return append(b, "null"...), nil
		}
		return e.appendAnyV2(b, v.Elem().Interface())
	}
}

// sliceAnyV2 writes a []any. No tag options apply to it, and the
// encoding has no caller's functions (as for mapStringAnyV2).
func (e *state) sliceAnyV2(b []byte, s []any) ([]byte, error) {
	if s == nil {
		if e.v2.bits&v2NilSliceNull != 0 {
			return append(b, "null"...), nil
		}
		return append(b, '[', ']'), nil
	}
	if len(s) == 0 {
		// Empty: nothing that could cycle, and v2 writes it without
		// counting a level.
		return append(b, '[', ']'), nil
	}
	if e.jdepth >= cycleCheckDepth {
		return e.sliceAnyCheckedV2(b, s)
	}
	if e.treeV2() {
		return e.treeSliceV2(b, s)
	}
	e.jdepth++
	b, err := e.sliceAnyBodyV2(b, s)
	e.jdepth--
	return b, err
}

// sliceAnyCheckedV2 and mapStringAnyCheckedV2 run past the depth where
// cycles are looked for; apart, so that the callers' arguments are not
// captured by a closure (and moved to the heap) on every call.
//
//go:noinline
func (e *state) sliceAnyCheckedV2(b []byte, s []any) ([]byte, error) {
	return e.checkedV2(b, unsafe.Pointer(unsafe.SliceData(s)), anySliceType, len(s), true, func(b []byte) ([]byte, error) {
		return e.sliceAnyBodyV2(b, s)
	})
}

//go:noinline
func (e *state) mapStringAnyCheckedV2(b []byte, m map[string]any) ([]byte, error) {
	return e.checkedV2(b, *(*unsafe.Pointer)(unsafe.Pointer(&m)), anyMapType, 0, true, func(b []byte) ([]byte, error) {
		return e.mapStringAnyBodyV2(b, m)
	})
}

var (
	anySliceType = reflect.TypeFor[[]any]()
	anyMapType   = reflect.TypeFor[map[string]any]()
)

func (e *state) sliceAnyBodyV2(b []byte, s []any) ([]byte, error) {
	b = append(b, '[')
	var err error
	for i, v := range s {
		if b, err = e.appendAnyV2(b, v); err != nil {
			return b, within(err, itoa(i))
		}
		b = append(b, ',')
	}
	return closeArray(b), nil
}

// mapStringAnyV2 writes a map[string]any. No tag options apply to it,
// and the encoding has no caller's functions: its members are written
// by treeMapV2 where treeV2 allows, by the loops below otherwise.
func (e *state) mapStringAnyV2(b []byte, m map[string]any) ([]byte, error) {
	if m == nil && e.v2.bits&v2NilMapNull != 0 {
		return append(b, "null"...), nil
	}
	if len(m) == 0 {
		return append(b, '{', '}'), nil
	}
	if e.v2.bits&(v2AllowBadUTF8|v2AllowDup) == v2AllowBadUTF8 {
		// Names with invalid UTF-8 may be written alike: the general
		// path checks for duplicates.
		return e.mapStringAnyGeneralV2(b, m)
	}
	if e.jdepth >= cycleCheckDepth {
		return e.mapStringAnyCheckedV2(b, m)
	}
	if e.treeV2() {
		return e.treeMapV2(b, m)
	}
	e.jdepth++
	b, err := e.mapStringAnyBodyV2(b, m)
	e.jdepth--
	return b, err
}

// mapStringAnyGeneralV2 writes m by the general map encoder. It is a
// function of its own so that only its copy of m escapes to the heap:
// taking m's address in mapStringAnyV2 cost an allocation for every map
// written.
//
//go:noinline
func (e *state) mapStringAnyGeneralV2(b []byte, m map[string]any) ([]byte, error) {
	return fnForV2Of(anyMapType)(e, b, unsafe.Pointer(&m))
}

func (e *state) mapStringAnyBodyV2(b []byte, m map[string]any) ([]byte, error) {
	b = append(b, '{')
	var err error
	if e.v2.bits&v2Sorted == 0 || len(m) == 1 {
		html := e.v2.bits&v2HTML != 0
		for k, v := range m {
			// appendStringV2, inline.
			n := len(b)
			var marked bool
			if b, marked = wire.AppendQuotedMarked(b, k, html); marked {
				if b, err = e.requoteV2(b, n, k); err != nil {
					return b, err
				}
			}
			b = append(b, ':')
			if b, err = e.appendAnyV2(b, v); err != nil {
				return b, within(err, pointerName(k))
			}
			b = append(b, ',')
		}
		return closeObject(b), nil
	}
	base := len(e.strs)
	for k := range m {
		e.strs = append(e.strs, k)
	}
	keys := e.strs[base:]
	slices.Sort(keys)
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = e.appendStringV2(b, k, nil); err != nil {
			break
		}
		b = append(b, ':')
		if b, err = e.appendAnyV2(b, m[k]); err != nil {
			err = within(err, pointerName(k))
			break
		}
	}
	clear(e.strs[base:])
	e.strs = e.strs[:base]
	if err != nil {
		return b, err
	}
	return append(b, '}'), nil
}

// pointerName is a member name as a JSON Pointer holds it: each byte of
// invalid UTF-8 as U+FFFD, as the name was written.
func pointerName(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		sb.WriteRune(r)
		i += size
	}
	return sb.String()
}

// itoa is strconv.Itoa for the small indexes of JSON Pointers.
func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	var buf [20]byte
	n := len(buf)
	for i > 0 {
		n--
		buf[n] = byte('0' + i%10)
		i /= 10
	}
	return string(buf[n:])
}
