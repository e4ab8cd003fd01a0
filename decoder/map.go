package decoder

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"unsafe"

	"github.com/jetjson/jet/internal/rt"
)

// mapFn compiles the decoder of a map type. As in encoding/json, keys may
// be strings, integers or TextUnmarshalers; a non-nil map is added to,
// and each value is decoded into a fresh zero value.
func mapFn(t reflect.Type) decFunc {
	kt, et := t.Key(), t.Elem()
	pkt := reflect.PointerTo(kt)
	keyText := pkt.Implements(rt.TextUnmarshalerType)
	keyKind := kt.Kind()
	if !keyText && keyKind != reflect.String && !rt.IsIntKind(keyKind) && !rt.IsUintKind(keyKind) {
		return func(d *state, p unsafe.Pointer) error {
			if d.pos < len(d.src) && d.src[d.pos] == '{' {
				return d.mismatch(t)
			}
			return d.mapOther(t, p)
		}
	}
	if keyKind == reflect.String && !keyText {
		if et.Kind() == reflect.Interface && et.NumMethod() == 0 {
			return func(d *state, p unsafe.Pointer) error {
				if d.pos >= len(d.src) || d.src[d.pos] != '{' {
					return d.mapOther(t, p)
				}
				m := *(*map[string]any)(p)
				if m == nil {
					// A new map, as decoding into any builds it: made
					// at its size once the members are read.
					v, err := d.objectAny()
					if err == nil {
						*(*map[string]any)(p) = v.(map[string]any)
					}
					return err
				}
				empty, err := d.objectStart()
				for !empty && err == nil {
					var k string
					if k, _, _, err = d.memberKey(true); err != nil {
						break
					}
					var v any
					v, err = d.decodeAny()
					m[k] = v
					if err == nil {
						empty, err = d.objectNext()
					}
				}
				return err
			}
		}
		if et.Kind() == reflect.String && et != rt.NumberType && !reflect.PointerTo(et).Implements(rt.UnmarshalerType) && !reflect.PointerTo(et).Implements(rt.TextUnmarshalerType) {
			return func(d *state, p unsafe.Pointer) error {
				if d.pos >= len(d.src) || d.src[d.pos] != '{' {
					return d.mapOther(t, p)
				}
				m := *(*map[string]string)(p)
				if m == nil {
					m = make(map[string]string)
					*(*map[string]string)(p) = m
				}
				empty, err := d.objectStart()
				for !empty && err == nil {
					var k string
					if k, _, _, err = d.memberKey(true); err != nil {
						break
					}
					var v string
					if d.pos < len(d.src) && d.src[d.pos] == '"' {
						v, err = d.readString()
					} else {
						err = d.other(et)
					}
					m[k] = v
					if err == nil {
						empty, err = d.objectNext()
					}
				}
				return err
			}
		}
	}
	elem := fnFor(et)
	keyJSON := pkt.Implements(rt.UnmarshalerType)
	return func(d *state, p unsafe.Pointer) error {
		if d.pos >= len(d.src) || d.src[d.pos] != '{' {
			return d.mapOther(t, p)
		}
		mv := reflect.NewAt(t, p).Elem()
		if mv.IsNil() {
			mv.Set(reflect.MakeMap(t))
		}
		ev := reflect.New(et).Elem()
		ep := ev.Addr().UnsafePointer()
		empty, err := d.objectStart()
		for !empty && err == nil {
			var k string
			var ks, ke int
			if k, ks, ke, err = d.memberKey(keyKind == reflect.String && !keyText); err != nil {
				break
			}
			// The key is converted after the value is decoded (as in
			// encoding/json, for the order of errors); an unescaped key
			// in scratch would be overwritten by then.
			k = d.detachScratch(k)
			ev.SetZero()
			if err = elem(d, ep); err != nil {
				break
			}
			var kv reflect.Value
			if kv, err = d.mapKey(kt, k, ks, ke, keyText, keyJSON); err != nil {
				break
			}
			if kv.IsValid() {
				mv.SetMapIndex(kv, ev)
			}
			empty, err = d.objectNext()
		}
		return err
	}
}

// mapOther handles a value that is not an object for a map: null sets the
// map to nil, anything else is a mismatch.
func (d *state) mapOther(t reflect.Type, p unsafe.Pointer) error {
	if d.pos < len(d.src) && d.src[d.pos] == 'n' {
		if err := d.literal("null"); err != nil {
			return err
		}
		*(*unsafe.Pointer)(p) = nil
		return nil
	}
	return d.other(t)
}

// objectStart enters the object at pos ('{') and moves to its first key;
// empty reports an empty object, already left.
func (d *state) objectStart() (empty bool, err error) {
	if err := d.enter(); err != nil {
		return false, err
	}
	d.pos++
	if d.spaceNext() {
		d.skipSpaceMore()
	}
	if d.pos < len(d.src) && d.src[d.pos] == '}' {
		d.pos++
		d.depth--
		return true, nil
	}
	return false, nil
}

// memberKey reads a member name and the colon after it, leaving pos at
// the value. keep asks for a name that may outlive the call. start and
// end delimit the quoted name in the input.
func (d *state) memberKey(keep bool) (k string, start, end int, err error) {
	start = d.pos
	if d.pos >= len(d.src) || d.src[d.pos] != '"' {
		return "", start, start, d.errorAt(d.pos)
	}
	if keep {
		k, err = d.readString()
	} else {
		k, err = d.readStringTemp()
	}
	if err != nil {
		return "", start, d.pos, err
	}
	end = d.pos
	if d.spaceNext() {
		d.skipSpaceMore()
	}
	if d.pos >= len(d.src) || d.src[d.pos] != ':' {
		return "", start, end, d.errorAt(d.pos)
	}
	d.pos++
	if d.spaceNext() {
		d.skipColonSpaceMore()
	}
	return k, start, end, nil
}

// objectNext moves past the ',' to the next key, or past the closing '}'
// (done).
func (d *state) objectNext() (done bool, err error) {
	if d.spaceNext() {
		d.skipSpaceMore()
	}
	if d.pos < len(d.src) {
		if c := d.src[d.pos]; c == ',' {
			d.pos++
			if d.spaceNext() {
				d.skipSpaceMore()
			}
			return false, nil
		} else if c == '}' {
			d.pos++
			d.depth--
			return true, nil
		}
	}
	return false, d.errorAt(d.pos)
}

// mapKey converts a member name to a key of type kt as encoding/json
// does: UnmarshalJSON (with the quoted name) or UnmarshalText of *kt
// first, then string kinds, then integers. A name that is not a valid
// integer for an integer key is a mismatch, and the member is dropped
// (the invalid Value returned).
func (d *state) mapKey(kt reflect.Type, k string, keyStart, keyEnd int, keyText, keyJSON bool) (reflect.Value, error) {
	switch {
	case keyJSON:
		kp := reflect.New(kt)
		raw := []byte(d.src[keyStart:keyEnd])
		if err := kp.Interface().(json.Unmarshaler).UnmarshalJSON(raw); err != nil {
			return reflect.Value{}, err
		}
		return kp.Elem(), nil
	case keyText:
		kp := reflect.New(kt)
		if err := kp.Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(k)); err != nil {
			return reflect.Value{}, err
		}
		return kp.Elem(), nil
	}
	kv := reflect.New(kt).Elem()
	switch {
	case kt.Kind() == reflect.String:
		kv.SetString(k)
	case rt.IsIntKind(kt.Kind()):
		n, err := strconv.ParseInt(k, 10, 64)
		if err != nil || kv.OverflowInt(n) {
			d.saveMismatch("number "+k, kt, keyStart+1)
			return reflect.Value{}, nil
		}
		kv.SetInt(n)
	default:
		n, err := strconv.ParseUint(k, 10, 64)
		if err != nil || kv.OverflowUint(n) {
			d.saveMismatch("number "+k, kt, keyStart+1)
			return reflect.Value{}, nil
		}
		kv.SetUint(n)
	}
	return kv, nil
}

// detachScratch returns s, copied if it lives in d.scratch (where the next
// unescaped string would overwrite it).
func (d *state) detachScratch(s string) string {
	if len(s) == 0 || cap(d.scratch) == 0 {
		return s
	}
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(d.scratch[:1])))
	if p >= lo && p < lo+uintptr(cap(d.scratch)) {
		return strings.Clone(s)
	}
	return s
}
