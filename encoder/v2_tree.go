package encoder

// The v2 dialect's walk of generic trees (map[string]any and []any, as
// decoding JSON into an any makes them) in the encodings where nothing
// but the value decides what is written: no caller's functions, no
// option that changes how a number or a string is written (v2Slow),
// members in iteration order (not Deterministic), and names that
// cannot be written alike or are checked by jsontext anyway (see
// mapStringAnyV2).
//
// There the loops over members and elements test the dynamic type of
// each value themselves, by its type word, the commonest first, and
// write strings, numbers, booleans and null without a call; each
// nested object or array costs one call. (A call to treeValueV2 for
// each value instead cost 5-9% on golang_source and synthea_fhir:
// `cd bench && ./abcompare.sh OLD NEW '^EncodeGeneric/.*/jet-v2$' 5`
// with compare binaries built before and after.)
// Objects of many members repeated in one shape are written through
// the state's shapes (treeMapShapedV2), where treeValueV2 writes each
// value. Anything else (another
// dynamic type, a float JSON cannot hold, a level past where cycles are
// looked for) goes to appendAnyV2, mapStringAnyV2 or sliceAnyV2, the
// general paths, which FuzzTreeV2 compares with this one.

import (
	"math"
	"unsafe"

	"github.com/jetjson/jet/internal/rt"
	"github.com/jetjson/jet/internal/wire"
)

// Type words of the dynamic types generic trees hold.
var (
	wordString   = typeWordOf("")
	wordFloat64  = typeWordOf(float64(0))
	wordBool     = typeWordOf(false)
	wordMapAny   = typeWordOf(map[string]any(nil))
	wordSliceAny = typeWordOf([]any(nil))
)

func typeWordOf(v any) unsafe.Pointer { return rt.EfaceOf(&v).Type }

// finite reports whether f is neither NaN nor an infinity (JSON can
// hold it): its exponent is not all ones.
func finite(f float64) bool { return math.Float64bits(f)&(0x7ff<<52) != 0x7ff<<52 }

// treeV2 reports whether the encoding may walk generic trees by
// treeMapV2 and treeSliceV2. The caller knows that no tag options apply
// to the value (e.v2.tag is 0), as they never do to the members and
// elements of a tree.
func (e *state) treeV2() bool {
	x := e.v2.bits
	return x&(v2Slow|v2Sorted) == 0 && x&(v2AllowBadUTF8|v2AllowDup) != v2AllowBadUTF8
}

// treeMapV2 writes m, under treeV2.
func (e *state) treeMapV2(b []byte, m map[string]any) ([]byte, error) {
	if len(m) == 0 {
		if m == nil && e.v2.bits&v2NilMapNull != 0 {
			return append(b, "null"...), nil
		}
		return append(b, '{', '}'), nil
	}
	if e.jdepth >= cycleCheckDepth {
		return e.mapStringAnyV2(b, m)
	}
	e.jdepth++
	html := e.v2.bits&v2HTML != 0
	b = append(b, '{')
	if n := len(m); n >= minShapeKeysV2 && n <= maxShapeKeys && e.shapes.try() {
		b, err := e.treeMapShapedV2(b, m, html)
		e.jdepth--
		return b, err
	}
	var err error
	for k, v := range m {
		n := len(b)
		var marked bool
		if b, marked = wire.AppendQuotedMarked(b, k, html); marked {
			if b, err = e.requoteV2(b, n, k); err != nil {
				e.jdepth--
				return b, err
			}
		}
		b = append(b, ':')
		switch ef := rt.EfaceOf(&v); ef.Type {
		case wordString:
			s := *(*string)(ef.Data)
			n := len(b)
			if b, marked = wire.AppendQuotedMarked(b, s, html); marked {
				b, err = e.requoteV2(b, n, s)
			}
		case wordFloat64:
			if f := *(*float64)(ef.Data); finite(f) {
				b = wire.AppendFloat(b, f, 64)
			} else {
				b, err = e.appendAnyV2(b, v)
			}
		case wordMapAny:
			b, err = e.treeMapV2(b, *(*map[string]any)(unsafe.Pointer(&ef.Data)))
		case wordSliceAny:
			b, err = e.treeSliceV2(b, *(*[]any)(ef.Data))
		case wordBool:
			b = appendBool(b, *(*bool)(ef.Data))
		case nil:
			b = append(b, "null"...)
		default:
			b, err = e.appendAnyV2(b, v)
		}
		if err != nil {
			e.jdepth--
			return b, within(err, pointerName(k))
		}
		b = append(b, ',')
	}
	e.jdepth--
	return closeObject(b), nil
}

// treeMapShapedV2 writes the members of m after treeMapV2's '{' through
// the shapes of maps written before (see shapeCache): where m has the
// keys of one, each value is looked up by its key, in the shape's order
// (v2 promises none), and the key is written from the shape's quoted
// copy, without the map's iterator (whose writes of pointers, each with
// a write barrier while the collector marks, cost more than the
// lookups). Otherwise its members are written in sorted order, and its
// keys remembered as a shape.
func (e *state) treeMapShapedV2(b []byte, m map[string]any, html bool) ([]byte, error) {
	base := len(e.vals)
	var sh *keyShape
	sh, e.vals = e.shapes.lookup(m, html, e.vals)
	var err error
	if sh != nil {
		// The values may hold maps that replace sh in the cache (or
		// empty it): its slices are taken now (the strings they hold
		// are never overwritten, only dropped).
		keys, quoted := sh.keys, sh.quoted
		for i, q := range quoted {
			b = append(b, q...)
			if b, err = e.treeValueV2(b, &e.vals[base+i], html); err != nil {
				err = within(err, pointerName(keys[i]))
				break
			}
			b = append(b, ',')
		}
	} else {
		sbase := len(e.order)
		for k, v := range m {
			e.order = append(e.order, newSortEntry(k, len(e.vals)))
			e.vals = append(e.vals, v)
		}
		sortEntries(e.order[sbase:])
		for i := sbase; i < len(e.order); i++ {
			k := e.order[i].key
			n := len(b)
			var marked bool
			if b, marked = wire.AppendQuotedMarked(b, k, html); marked {
				if b, err = e.requoteV2(b, n, k); err != nil {
					break
				}
			}
			b = append(b, ':')
			if b, err = e.treeValueV2(b, &e.vals[e.order[i].i], html); err != nil {
				err = within(err, pointerName(k))
				break
			}
			b = append(b, ',')
		}
		if err == nil {
			e.shapes.remember(e.order[sbase:], html)
		}
		clear(e.order[sbase:])
		e.order = e.order[:sbase]
	}
	clear(e.vals[base:])
	e.vals = e.vals[:base]
	if err != nil {
		return b, err
	}
	return closeObject(b), nil
}

// treeValueV2 writes *v, a member or element of a tree, under treeV2.
func (e *state) treeValueV2(b []byte, v *any, html bool) ([]byte, error) {
	var err error
	switch ef := rt.EfaceOf(v); ef.Type {
	case wordString:
		s := *(*string)(ef.Data)
		n := len(b)
		var marked bool
		if b, marked = wire.AppendQuotedMarked(b, s, html); marked {
			b, err = e.requoteV2(b, n, s)
		}
	case wordFloat64:
		if f := *(*float64)(ef.Data); finite(f) {
			b = wire.AppendFloat(b, f, 64)
		} else {
			b, err = e.appendAnyV2(b, *v)
		}
	case wordMapAny:
		b, err = e.treeMapV2(b, *(*map[string]any)(unsafe.Pointer(&ef.Data)))
	case wordSliceAny:
		b, err = e.treeSliceV2(b, *(*[]any)(ef.Data))
	case wordBool:
		b = appendBool(b, *(*bool)(ef.Data))
	case nil:
		b = append(b, "null"...)
	default:
		b, err = e.appendAnyV2(b, *v)
	}
	return b, err
}

// treeSliceV2 writes s, under treeV2.
func (e *state) treeSliceV2(b []byte, s []any) ([]byte, error) {
	if len(s) == 0 {
		if s == nil && e.v2.bits&v2NilSliceNull != 0 {
			return append(b, "null"...), nil
		}
		return append(b, '[', ']'), nil
	}
	if e.jdepth >= cycleCheckDepth {
		return e.sliceAnyV2(b, s)
	}
	e.jdepth++
	html := e.v2.bits&v2HTML != 0
	b = append(b, '[')
	var err error
	for i := range s {
		switch ef := rt.EfaceOf(&s[i]); ef.Type {
		case wordString:
			str := *(*string)(ef.Data)
			n := len(b)
			var marked bool
			if b, marked = wire.AppendQuotedMarked(b, str, html); marked {
				b, err = e.requoteV2(b, n, str)
			}
		case wordFloat64:
			if f := *(*float64)(ef.Data); finite(f) {
				b = wire.AppendFloat(b, f, 64)
			} else {
				b, err = e.appendAnyV2(b, s[i])
			}
		case wordMapAny:
			b, err = e.treeMapV2(b, *(*map[string]any)(unsafe.Pointer(&ef.Data)))
		case wordSliceAny:
			b, err = e.treeSliceV2(b, *(*[]any)(ef.Data))
		case wordBool:
			b = appendBool(b, *(*bool)(ef.Data))
		case nil:
			b = append(b, "null"...)
		default:
			b, err = e.appendAnyV2(b, s[i])
		}
		if err != nil {
			e.jdepth--
			return b, within(err, itoa(i))
		}
		b = append(b, ',')
	}
	e.jdepth--
	return closeArray(b), nil
}
