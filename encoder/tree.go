package encoder

// The v1 dialect's walk of generic trees (map[string]any and []any), as
// the v2 dialect's in v2_tree.go: for arrays always, and for objects
// where members are written in iteration order (no SortMapKeys; sorted
// objects go to appendMapStringAny), the member and element loops test
// each value's type word and write strings, float64s, booleans and null
// without a call, and nested objects and arrays with one call. Other
// values go to appendAny, and levels past cycleCheckDepth to
// appendMapStringAny and appendSliceAny, which FuzzTree compares with
// this walk.

import (
	"unsafe"

	"github.com/jetjson/jet/internal/rt"
	"github.com/jetjson/jet/internal/wire"
)

// forceGeneralTree turns the v1 tree walk off: for tests that compare
// it with the general loops.
var forceGeneralTree bool

// treeMap writes the members of m (non-nil) and counts it as a level,
// under !SortMapKeys.
func (e *state) treeMap(b []byte, m map[string]any) ([]byte, error) {
	e.depth++
	html := e.opts&EscapeHTML != 0
	check := e.opts&ValidateString != 0
	b = append(b, '{')
	var err error
	for k, v := range m {
		if check && !validUTF8(k) {
			e.depth--
			return b, invalidUTF8(k)
		}
		b = wire.AppendQuoted(b, k, html)
		b = append(b, ':')
		switch ef := rt.EfaceOf(&v); ef.Type {
		case wordString:
			s := *(*string)(ef.Data)
			if check && !validUTF8(s) {
				err = invalidUTF8(s)
			} else {
				b = wire.AppendQuoted(b, s, html)
			}
		case wordFloat64:
			if f := *(*float64)(ef.Data); finite(f) {
				b = wire.AppendFloat(b, f, 64)
			} else {
				b, err = e.appendFloat(b, f, 64)
			}
		case wordMapAny:
			b, err = e.treeMapValue(b, *(*map[string]any)(unsafe.Pointer(&ef.Data)))
		case wordSliceAny:
			b, err = e.treeSliceValue(b, *(*[]any)(ef.Data))
		case wordBool:
			b = appendBool(b, *(*bool)(ef.Data))
		case nil:
			b = append(b, "null"...)
		default:
			b, err = e.appendAny(b, v)
		}
		if err != nil {
			e.depth--
			return b, err
		}
		b = append(b, ',')
	}
	e.depth--
	return closeObject(b), nil
}

// treeSlice writes the elements of s (non-nil) and counts it as a
// level, under any options: its maps go to treeMapValue.
func (e *state) treeSlice(b []byte, s []any) ([]byte, error) {
	e.depth++
	html := e.opts&EscapeHTML != 0
	check := e.opts&ValidateString != 0
	b = append(b, '[')
	var err error
	for i := range s {
		switch ef := rt.EfaceOf(&s[i]); ef.Type {
		case wordString:
			str := *(*string)(ef.Data)
			if check && !validUTF8(str) {
				err = invalidUTF8(str)
			} else {
				b = wire.AppendQuoted(b, str, html)
			}
		case wordFloat64:
			if f := *(*float64)(ef.Data); finite(f) {
				b = wire.AppendFloat(b, f, 64)
			} else {
				b, err = e.appendFloat(b, f, 64)
			}
		case wordMapAny:
			b, err = e.treeMapValue(b, *(*map[string]any)(unsafe.Pointer(&ef.Data)))
		case wordSliceAny:
			b, err = e.treeSliceValue(b, *(*[]any)(ef.Data))
		case wordBool:
			b = appendBool(b, *(*bool)(ef.Data))
		case nil:
			b = append(b, "null"...)
		default:
			b, err = e.appendAny(b, s[i])
		}
		if err != nil {
			e.depth--
			return b, err
		}
		b = append(b, ',')
	}
	e.depth--
	return closeArray(b), nil
}

// treeMapValue is appendMapStringAny inside the walk, which maps
// leave under SortMapKeys (arrays, having no order to impose, stay).
func (e *state) treeMapValue(b []byte, m map[string]any) ([]byte, error) {
	if m == nil || e.depth >= cycleCheckDepth || e.opts&SortMapKeys != 0 {
		return e.appendMapStringAny(b, m)
	}
	return e.treeMap(b, m)
}

// treeSliceValue is appendSliceAny inside the walk.
func (e *state) treeSliceValue(b []byte, s []any) ([]byte, error) {
	if s == nil || e.depth >= cycleCheckDepth {
		return e.appendSliceAny(b, s)
	}
	return e.treeSlice(b, s)
}
