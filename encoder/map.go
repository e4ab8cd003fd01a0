package encoder

import (
	"encoding"
	"fmt"
	"reflect"
	"strconv"
	"sync"
	"unsafe"

	"github.com/jetjson/jet/internal/rt"
	"github.com/jetjson/jet/internal/wire"
)

func (e *state) appendNullMap(b []byte) []byte {
	if e.opts&NoNullSliceOrMap != 0 {
		return append(b, '{', '}')
	}
	return append(b, "null"...)
}

// appendMapStringAny is the fast path for the most common map.
func (e *state) appendMapStringAny(b []byte, m map[string]any) ([]byte, error) {
	if m == nil {
		return e.appendNullMap(b), nil
	}
	if e.depth >= cycleCheckDepth {
		w := *(*unsafe.Pointer)(unsafe.Pointer(&m))
		return e.encodeChecked(b, w, mapStringAnyType, 0, func(b []byte) ([]byte, error) { return e.mapStringAnyBody(b, m) })
	}
	if e.opts&SortMapKeys == 0 && !forceGeneralTree {
		return e.treeMap(b, m)
	}
	e.depth++
	b, err := e.mapStringAnyBody(b, m)
	e.depth--
	return b, err
}

var mapStringAnyType = reflect.TypeFor[map[string]any]()

func (e *state) mapStringAnyBody(b []byte, m map[string]any) ([]byte, error) {
	b = append(b, '{')
	var err error
	if e.opts&SortMapKeys == 0 || len(m) <= 1 {
		for k, v := range m {
			if b, err = e.appendKey(b, k); err != nil {
				return b, err
			}
			if b, err = e.appendAny(b, v); err != nil {
				return b, err
			}
			b = append(b, ',')
		}
	} else if len(m) <= tinyMap {
		return e.tinyMapStringAny(b, m)
	} else if len(m) <= smallMap {
		return e.smallMapStringAny(b, m)
	} else {
		html := e.opts&EscapeHTML != 0
		n := len(m)
		tryShapes := n >= minShapeKeys && n <= maxShapeKeys && e.shapes.try()
		if tryShapes {
			base := len(e.vals)
			var sh *keyShape
			if sh, e.vals = e.shapes.lookup(m, html, e.vals); sh != nil {
				for i, q := range sh.quoted {
					// The quoted key: one fixed-size move when there
					// is room (the arena keeps nameBlock bytes after
					// every string readable, see arenaString).
					if n := len(b); cap(b)-n >= nameBlock && len(q) <= nameBlock {
						*(*[nameBlock]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), n)) = *(*[nameBlock]byte)(unsafe.Pointer(unsafe.StringData(q)))
						b = b[:n+len(q)]
					} else {
						b = append(b, q...)
					}
					if b, err = e.appendAny(b, e.vals[base+i]); err != nil {
						break
					}
					b = append(b, ',')
				}
				clear(e.vals[base:])
				e.vals = e.vals[:base]
				if err != nil {
					return b, err
				}
				return closeObject(b), nil
			}
		}
		// Nested maps push their members above ours.
		base, sbase := len(e.vals), len(e.order)
		for k, v := range m {
			e.order = append(e.order, newSortEntry(k, len(e.vals)))
			e.vals = append(e.vals, v)
		}
		sortEntries(e.order[sbase:])
		for i := sbase; i < len(e.order); i++ {
			if b, err = e.appendKey(b, e.order[i].key); err != nil {
				break
			}
			if b, err = e.appendAny(b, e.vals[e.order[i].i]); err != nil {
				break
			}
			b = append(b, ',')
		}
		if err == nil && tryShapes {
			e.shapes.remember(e.order[sbase:], html)
		}
		clear(e.vals[base:])
		e.vals = e.vals[:base]
		clear(e.order[sbase:])
		e.order = e.order[:sbase]
		if err != nil {
			return b, err
		}
	}
	return closeObject(b), nil
}

// smallMap is the most members a sorted map[string]any has for
// smallMapStringAny.
const smallMap = 8

// tinyMap is the most members a sorted map[string]any has for
// tinyMapStringAny.
const tinyMap = 3

// tinyMapStringAny writes the members of m, which has 2 to tinyMap of
// them, sorted by key, after the '{' already written: its keys and
// values are sorted by insertion on the stack, comparing the keys
// themselves. For two or three keys (citm's prices and areas) this
// costs less than smallMapStringAny's prefixes and indexes.
func (e *state) tinyMapStringAny(b []byte, m map[string]any) ([]byte, error) {
	var keys [tinyMap]string
	var vals [tinyMap]any
	n := 0
	for k, v := range m {
		if n == tinyMap {
			break // m grew while iterated (a data race); write what fits
		}
		i := n
		for i > 0 && keys[i-1] > k {
			keys[i], vals[i] = keys[i-1], vals[i-1]
			i--
		}
		keys[i], vals[i] = k, v
		n++
	}
	var err error
	for i := 0; i < n; i++ {
		if b, err = e.appendKey(b, keys[i]); err != nil {
			return b, err
		}
		if b, err = e.appendAny(b, vals[i]); err != nil {
			return b, err
		}
		b = append(b, ',')
	}
	return closeObject(b), nil
}

// smallMapStringAny writes the members of m, which has tinyMap+1 to
// smallMap of them, sorted by key, after the '{' already written: its
// members go to arrays on the stack, and their indexes are sorted there
// by insertion, comparing the keys' eight-byte prefixes (see keyPrefix)
// before the keys; for so few this costs less than the state's shared
// entry stacks and their sort.
func (e *state) smallMapStringAny(b []byte, m map[string]any) ([]byte, error) {
	var keys [smallMap]string
	var vals [smallMap]any
	var pres [smallMap]uint64
	var order [smallMap]uint8
	n := 0
	for k, v := range m {
		if n == smallMap {
			break // m grew while iterated (a data race); write what fits
		}
		p := keyPrefix(k)
		keys[n], vals[n], pres[n] = k, v, p
		i := n
		for ; i > 0; i-- {
			j := order[i-1] & (smallMap - 1)
			if pres[j] < p || pres[j] == p && keys[j] < k {
				break
			}
			order[i] = uint8(j)
		}
		order[i] = uint8(n)
		n++
	}
	var err error
	for _, j := range order[:n] {
		j &= smallMap - 1
		if b, err = e.appendKey(b, keys[j]); err != nil {
			return b, err
		}
		if b, err = e.appendAny(b, vals[j]); err != nil {
			return b, err
		}
		b = append(b, ',')
	}
	return closeObject(b), nil
}

// closeObject ends an object whose members were each followed by a comma.
func closeObject(b []byte) []byte {
	if n := len(b) - 1; b[n] == ',' {
		b[n] = '}'
		return b
	}
	return append(b, '}')
}

// appendKey writes a member name and its colon.
func (e *state) appendKey(b []byte, k string) ([]byte, error) {
	if e.opts&ValidateString != 0 && !validUTF8(k) {
		return b, invalidUTF8(k)
	}
	b = wire.AppendQuoted(b, k, e.opts&EscapeHTML != 0)
	return append(b, ':'), nil
}

func (e *state) appendSliceAny(b []byte, s []any) ([]byte, error) {
	if s == nil {
		if e.opts&NoNullSliceOrMap != 0 {
			return append(b, '[', ']'), nil
		}
		return append(b, "null"...), nil
	}
	if e.depth >= cycleCheckDepth {
		return e.encodeChecked(b, unsafe.Pointer(unsafe.SliceData(s)), sliceAnyType, len(s), func(b []byte) ([]byte, error) { return e.sliceAnyBody(b, s) })
	}
	if !forceGeneralTree {
		return e.treeSlice(b, s)
	}
	e.depth++
	b, err := e.sliceAnyBody(b, s)
	e.depth--
	return b, err
}

var sliceAnyType = reflect.TypeFor[[]any]()

func (e *state) sliceAnyBody(b []byte, s []any) ([]byte, error) {
	b = append(b, '[')
	var err error
	for i := range s {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = e.appendAny(b, s[i]); err != nil {
			return b, err
		}
	}
	return append(b, ']'), nil
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
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		w := *(*unsafe.Pointer)(p)
		if w == nil {
			return e.appendNullMap(b), nil
		}
		if e.depth >= cycleCheckDepth {
			return e.encodeChecked(b, w, t, 0, func(b []byte) ([]byte, error) { return body(e, b, p) })
		}
		e.depth++
		b, err := body(e, b, p)
		e.depth--
		return b, err
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
			return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
				return e.mapStringAnyBody(b, *(*map[string]any)(p))
			}
		case et.Kind() == reflect.String && plainKind(et):
			return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
				return e.mapStringStringBody(b, *(*map[string]string)(p))
			}
		}
	}
	elem := fnFor(et, false)
	key := keyFn(kt)
	pool := &sync.Pool{New: func() any {
		return &mapIter{k: reflect.New(kt).Elem(), v: reflect.New(et).Elem(), size: et.Size()}
	}}
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		m := reflect.NewAt(t, p).Elem()
		if e.opts&SortMapKeys != 0 && m.Len() > 1 {
			it := pool.Get().(*mapIter)
			b, err := e.sortedMapBody(b, m, it, key, elem)
			pool.Put(it)
			return b, err
		}
		it := pool.Get().(*mapIter)
		it.it.Reset(m)
		b = append(b, '{')
		var err error
		for it.it.Next() {
			it.k.SetIterKey(&it.it)
			it.v.SetIterValue(&it.it)
			var ks string
			if ks, err = key(it.k); err != nil {
				err = mapKeyError(t, err)
				break
			}
			if b, err = e.appendKey(b, ks); err != nil {
				break
			}
			if b, err = elem(e, b, it.v.Addr().UnsafePointer()); err != nil {
				break
			}
			b = append(b, ',')
		}
		it.it.Reset(reflect.Value{})
		it.k.SetZero()
		it.v.SetZero()
		pool.Put(it)
		if err != nil {
			return b, err
		}
		return closeObject(b), nil
	}
}

// mapIter holds a reusable iterator and key and value holders, and for
// sorting, a slice of the element type that holds a map's values.
type mapIter struct {
	it   reflect.MapIter
	k, v reflect.Value
	vals reflect.Value
	// size is the map's element size, the stride of vals.
	size uintptr
}

func (e *state) mapStringStringBody(b []byte, m map[string]string) ([]byte, error) {
	b = append(b, '{')
	var err error
	if e.opts&SortMapKeys == 0 || len(m) <= 1 {
		for k, v := range m {
			if b, err = e.appendKey(b, k); err != nil {
				return b, err
			}
			if b, err = e.appendString(b, v); err != nil {
				return b, err
			}
			b = append(b, ',')
		}
	} else {
		base, sbase := len(e.strs), len(e.order)
		for k, v := range m {
			e.order = append(e.order, newSortEntry(k, len(e.strs)))
			e.strs = append(e.strs, v)
		}
		sortEntries(e.order[sbase:])
		for i := sbase; i < len(e.order); i++ {
			if b, err = e.appendKey(b, e.order[i].key); err != nil {
				break
			}
			if b, err = e.appendString(b, e.strs[e.order[i].i]); err != nil {
				break
			}
			b = append(b, ',')
		}
		clear(e.strs[base:])
		e.strs = e.strs[:base]
		clear(e.order[sbase:])
		e.order = e.order[:sbase]
		if err != nil {
			return b, err
		}
	}
	return closeObject(b), nil
}

// sortedMapBody writes a map's members sorted by their key text. The
// values are copied (typed) into it's slice of the element type, which is
// kept for the next map of the type; the keys are sorted through the
// state's sort entries. Nothing is allocated once the slice is large
// enough, except key text from MarshalText.
func (e *state) sortedMapBody(b []byte, m reflect.Value, it *mapIter, key func(reflect.Value) (string, error), elem encFunc) ([]byte, error) {
	n := m.Len()
	if !it.vals.IsValid() || it.vals.Len() < n {
		// Len is the capacity: Value.Slice would allocate a header.
		it.vals = reflect.MakeSlice(reflect.SliceOf(m.Type().Elem()), max(n, 16), max(n, 16))
	}
	vals := it.vals
	sbase := len(e.order)
	var err error
	it.it.Reset(m)
	i := 0
	for ; i < n && it.it.Next(); i++ {
		it.k.SetIterKey(&it.it)
		var ks string
		if ks, err = key(it.k); err != nil {
			err = mapKeyError(m.Type(), err)
			break
		}
		vals.Index(i).SetIterValue(&it.it)
		e.order = append(e.order, newSortEntry(ks, i))
	}
	it.it.Reset(reflect.Value{})
	it.k.SetZero()
	if err == nil {
		sortEntries(e.order[sbase:])
		b = append(b, '{')
		// The values sit in vals' array, one element size apart.
		base, size := vals.UnsafePointer(), it.size
		// Nested maps push their entries above ours: index afresh.
		for j := sbase; j < sbase+i; j++ {
			o := e.order[j]
			if b, err = e.appendKey(b, o.key); err != nil {
				break
			}
			if b, err = elem(e, b, unsafe.Add(base, uintptr(o.i)*size)); err != nil {
				break
			}
			b = append(b, ',')
		}
	}
	// Drop the references the copies hold: all at once when most of
	// vals was used, else one by one.
	if 2*i >= vals.Len() {
		vals.Clear()
	} else {
		for j := 0; j < i; j++ {
			vals.Index(j).SetZero()
		}
	}
	clear(e.order[sbase:])
	e.order = e.order[:sbase]
	if err != nil {
		return b, err
	}
	return closeObject(b), nil
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
