package encoder

import (
	"reflect"
	"slices"
	"unsafe"

	"github.com/jetjson/jet/internal/rt"
	"github.com/jetjson/jet/internal/wire"
)

// fieldKind selects how the struct encoder writes a field: inline for
// plain kinds, pointers to them, nested plain structs and interfaces;
// kindOther calls the field's compiled encoder.
type fieldKind uint8

const (
	kindOther fieldKind = iota
	kindString
	kindBool
	kindInt64 // int64, and int where it has 64 bits
	kindInt32 // int32, and int where it has 32 bits
	kindInt16
	kindInt8
	kindUint64 // uint64, and uint and uintptr where they have 64 bits
	kindUint32
	kindUint16
	kindUint8
	kindFloat64
	kindFloat32
	kindAny    // an empty interface
	kindStruct // a struct written by appendStruct (see structEnc)
	kindPtr    // a pointer to one of the kinds above, in elemKind
	// kindSlice is a slice (not of bytes) without methods: nil and
	// empty ones are written inline, others by the field's encoder.
	kindSlice
)

// omitKind selects the omitempty/omitzero test of a field.
type omitKind uint8

const (
	omitNever omitKind = iota
	omitFunc           // call field.omit
	omitLen            // string or slice: length zero
	omitWord           // pointer, interface type word, func, chan: nil
	omitZero8          // 1-byte value zero
	omitZero16
	omitZero32
	omitZero64
	omitFloat32 // float32 equal to zero (-0 included)
	omitFloat64
)

// nameBlock is the longest member name block (`"key":`) copied with one
// fixed-size move; longer ones are appended.
const nameBlock = 32

type encField struct {
	// The first 64 bytes hold what the member loop reads for every
	// field; the rest is for special fields and long names. Fields are
	// 128 bytes (see the size test), so that a field's first part is one
	// cache line in a slice of them.
	//
	// nameBuf holds `,"key":` (the comma of the first member written
	// becomes the '{'), with <, > and & escaped in the fields of
	// HTML-escaping encoders, zero-padded, when it fits in nameBlock
	// bytes; nameLen is then its length, else 0 and name is used.
	nameBuf [nameBlock]byte
	offset  uintptr
	// sub is the nested struct's encoder for kindStruct, and for kindPtr
	// with elemKind kindStruct.
	sub      *structEnc
	fn       encFunc
	nameLen  uint8
	kind     fieldKind
	elemKind fieldKind // for kindPtr
	// special is set when the field has hops or an omit test: the member
	// loop looks at neither otherwise.
	special  bool
	omitKind omitKind

	name string
	hops []rt.Hop
	omit func(p unsafe.Pointer) bool
	// jname is the member's name unquoted, for the JSON Pointer of a v2
	// error.
	jname string
}

// structEnc is the compiled encoder of a struct type. It is registered
// before its fields are compiled, so that a recursive type can point at
// it; fields is set when compilation ends, before any use. fields[1] is
// fields[0] with member names HTML-escaped, for EscapeHTML.
type structEnc struct {
	fields [2][]encField
}

// htmlIndex is 1 when e escapes HTML, else 0: the index into
// structEnc.fields.
func (e *state) htmlIndex() int { return int(e.opts & EscapeHTML) }

// structEncs maps the compile keys of struct types encoded by
// appendStruct (no marshaling method) to their encoders; guarded by
// compileMu.
var structEncs = map[compileKey]*structEnc{}

// structEncFor returns the struct encoder used for values of t with the
// given addressability, or nil when t is not a struct or is encoded by a
// method. Must be called with compileMu held.
func structEncFor(t reflect.Type, addr bool) *structEnc {
	if t.Kind() != reflect.Struct {
		return nil
	}
	if addr && !needsAddr(t) {
		addr = false
	}
	fnFor(t, addr)
	return structEncs[compileKey{t, addr}]
}

func structFn(t reflect.Type, addr bool) encFunc {
	se := &structEnc{}
	structEncs[compileKey{t, addr}] = se
	plan := rt.StructFields(t)
	fields := make([]encField, len(plan))
	for i, f := range plan {
		ef := &fields[i]
		ef.name = `,"` + f.Name + `":`
		ef.offset = f.Offset
		ef.hops = f.Hops
		// A field is addressable when its struct is, or when it is
		// reached through an embedded pointer.
		faddr := addr || len(f.Hops) > 0
		ef.fn = fieldFn(f, faddr)
		if !f.Quoted {
			ef.kind, ef.elemKind, ef.sub = inlineKind(f.Type, faddr)
		}
		switch {
		case f.OmitEmpty && f.OmitZero:
			empty, zero := emptyTest(f.Type), zeroTest(f.Type, faddr)
			ef.omitKind = omitFunc
			ef.omit = func(p unsafe.Pointer) bool { return empty(p) || zero(p) }
		case f.OmitEmpty:
			ef.omitKind, ef.omit = emptyKind(f.Type)
		case f.OmitZero:
			ef.omitKind, ef.omit = omitFunc, zeroTest(f.Type, faddr)
		}
	}
	for i := range fields {
		fields[i].special = fields[i].hops != nil || fields[i].omitKind != omitNever
	}
	htmlFields := slices.Clone(fields)
	for i := range fields {
		htmlFields[i].name = string(wire.AppendHTMLEscaped([]byte(`,"`), plan[i].Name)) + `":`
		fields[i].nameLen = nameBytes(&fields[i])
		htmlFields[i].nameLen = nameBytes(&htmlFields[i])
	}
	se.fields = [2][]encField{fields, htmlFields}
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		return e.appendStruct(b, se.fields[e.htmlIndex()], p)
	}
}

// nameBytes fills f.nameBuf from f.name and returns its length, or 0
// when the name is too long for it.
func nameBytes(f *encField) uint8 {
	if len(f.name) > nameBlock {
		return 0
	}
	return uint8(copy(f.nameBuf[:], f.name))
}

// inlineKind returns how appendStruct writes a value of type t by
// itself, without calling the type's encoder: kindOther when it cannot.
// A pointer is inlined when what it points to is (its target is
// addressable).
func inlineKind(t reflect.Type, addr bool) (fieldKind, fieldKind, *structEnc) {
	if k := plainFieldKind(t); k != kindOther {
		return k, kindOther, nil
	}
	switch t.Kind() {
	case reflect.Interface:
		if t.NumMethod() == 0 {
			return kindAny, kindOther, nil
		}
	case reflect.Struct:
		if se := structEncFor(t, addr); se != nil {
			return kindStruct, kindOther, se
		}
	case reflect.Slice:
		if plainSlice(t) && nodeFn(t) == nil {
			return kindSlice, kindOther, nil
		}
	case reflect.Pointer:
		if t.Implements(rt.MarshalerType) || t.Implements(rt.TextMarshalerType) {
			break
		}
		et := t.Elem()
		if k := plainFieldKind(et); k != kindOther {
			return kindPtr, k, nil
		}
		if se := structEncFor(et, true); se != nil {
			return kindPtr, kindStruct, se
		}
	}
	return kindOther, kindOther, nil
}

// plainSlice reports whether t is a slice type that the slice encoders
// write (sliceFn, sliceFnV2): not of bytes (base64, in both dialects),
// and without a marshaling method on t or *t.
func plainSlice(t reflect.Type) bool {
	if t.Kind() != reflect.Slice || t.Elem().Kind() == reflect.Uint8 {
		return false
	}
	pt := reflect.PointerTo(t)
	return !pt.Implements(rt.MarshalerType) && !pt.Implements(rt.TextMarshalerType)
}

// plainFieldKind returns the inline kind of a plain scalar type (see
// plainKind), or kindOther.
func plainFieldKind(t reflect.Type) fieldKind {
	if !plainKind(t) {
		return kindOther
	}
	switch t.Kind() {
	case reflect.String:
		return kindString
	case reflect.Bool:
		return kindBool
	case reflect.Int, reflect.Int64:
		if t.Size() == 8 {
			return kindInt64
		}
		return kindInt32
	case reflect.Int32:
		return kindInt32
	case reflect.Int16:
		return kindInt16
	case reflect.Int8:
		return kindInt8
	case reflect.Uint, reflect.Uint64, reflect.Uintptr:
		if t.Size() == 8 {
			return kindUint64
		}
		return kindUint32
	case reflect.Uint32:
		return kindUint32
	case reflect.Uint16:
		return kindUint16
	case reflect.Uint8:
		return kindUint8
	case reflect.Float64:
		return kindFloat64
	case reflect.Float32:
		return kindFloat32
	}
	return kindOther
}

// fieldFn compiles the encoder of one field, honouring the string option.
func fieldFn(f rt.Field, addr bool) encFunc {
	fn := fnFor(f.Type, addr)
	if !f.Quoted {
		return fn
	}
	if isQuotableString(f.Type) {
		return quotedString
	}
	if f.Type.Kind() == reflect.Pointer {
		// A pointer to a quotable type: null stays unquoted.
		if isQuotableString(f.Type.Elem()) {
			return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
				q := *(*unsafe.Pointer)(p)
				if q == nil {
					return append(b, "null"...), nil
				}
				return quotedString(e, b, q)
			}
		}
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			if *(*unsafe.Pointer)(p) == nil {
				return append(b, "null"...), nil
			}
			return quoteOutput(e, b, fn, p)
		}
	}
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) { return quoteOutput(e, b, fn, p) }
}

// isQuotableString reports whether the string option on a field of type t
// encodes its value twice as a string (json.Number is written as a
// number between quotes instead).
func isQuotableString(t reflect.Type) bool {
	return t.Kind() == reflect.String && t != rt.NumberType
}

// quotedString encodes the string at p, then encodes the result again as
// a string, as encoding/json does for the string option.
func quotedString(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
	s := *(*string)(p)
	if e.opts&ValidateString != 0 && !validUTF8(s) {
		return b, invalidUTF8(s)
	}
	inner := wire.AppendQuoted(nil, s, e.opts&EscapeHTML != 0)
	return wire.AppendQuoted(b, wire.StringOf(inner), false), nil
}

// quoteOutput runs fn and wraps what it wrote in quotes (the string tag
// option on a number or bool, whose output never needs escaping).
func quoteOutput(e *state, b []byte, fn encFunc, p unsafe.Pointer) ([]byte, error) {
	b, err := fn(e, append(b, '"'), p)
	if err != nil {
		return b, err
	}
	return append(b, '"'), nil
}

// appendStruct writes the struct at p. Each member is written as
// `,"key":value`; the comma of the first becomes the opening brace.
func (e *state) appendStruct(b []byte, fields []encField, p unsafe.Pointer) ([]byte, error) {
	// A JSON object: counted as v2 counts them (memberErr and the
	// returns below count it out).
	if e.jdepth++; e.jdepth > maxDepthV2 && e.opts&optV2 != 0 {
		return b, e.tooDeepV2(b)
	}
	start := len(b)
	var err error
	// The fields are walked by pointer, which leaves fewer values to
	// keep across the calls in the loop than an index into the slice.
	f := unsafe.SliceData(fields)
	for left := len(fields); left > 0; left-- {
		if left != len(fields) {
			f = (*encField)(unsafe.Add(unsafe.Pointer(f), unsafe.Sizeof(encField{})))
		}
		fp := unsafe.Add(p, f.offset)
		if f.special {
			if f.hops != nil {
				q := followHops(p, f.hops)
				if q == nil {
					continue
				}
				fp = unsafe.Add(q, f.offset)
			}
			if f.omitKind != omitNever && omitted(f, fp) {
				continue
			}
		}
		// The name: one fixed-size move when there is room (the bounds
		// are checked just before).
		if n := len(b); cap(b)-n >= nameBlock && f.nameLen != 0 {
			*(*[nameBlock]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), n)) = f.nameBuf
			b = b[:n+int(f.nameLen)]
		} else {
			b = append(b, f.name...)
		}
		k := f.kind
		vp := fp
		if k == kindPtr {
			vp = *(*unsafe.Pointer)(fp)
			if vp == nil {
				b = append(b, "null"...)
				continue
			}
			k = f.elemKind
		}
		switch k {
		case kindString:
			s := *(*string)(vp)
			if e.opts&(ValidateString|optV2) != 0 {
				if e.opts&optV2 != 0 {
					// appendStringV2, inline.
					n := len(b)
					var marked bool
					if b, marked = wire.AppendQuotedMarked(b, s, e.opts&EscapeHTML != 0); marked {
						if b, err = e.requoteV2(b, n, s); err != nil {
							return e.memberErr(b, start, f, err)
						}
					}
					continue
				}
				if !validUTF8(s) {
					e.jdepth--
					return b, invalidUTF8(s)
				}
			}
			b = wire.AppendQuoted(b, s, e.opts&EscapeHTML != 0)
		case kindBool:
			b = appendBool(b, *(*bool)(vp))
		case kindInt64:
			b = wire.AppendInt(b, *(*int64)(vp))
		case kindInt32:
			b = wire.AppendInt(b, int64(*(*int32)(vp)))
		case kindInt16:
			b = wire.AppendInt(b, int64(*(*int16)(vp)))
		case kindInt8:
			b = wire.AppendInt(b, int64(*(*int8)(vp)))
		case kindUint64:
			b = wire.AppendUint(b, *(*uint64)(vp))
		case kindUint32:
			b = wire.AppendUint(b, uint64(*(*uint32)(vp)))
		case kindUint16:
			b = wire.AppendUint(b, uint64(*(*uint16)(vp)))
		case kindUint8:
			b = wire.AppendUint(b, uint64(*(*uint8)(vp)))
		case kindFloat64:
			if b, err = e.appendFloat(b, *(*float64)(vp), 64); err != nil {
				b, err = f.fn(e, b, fp) // the error with the field's type
				return e.memberErr(b, start, f, err)
			}
		case kindFloat32:
			if b, err = e.appendFloat(b, float64(*(*float32)(vp)), 32); err != nil {
				b, err = f.fn(e, b, fp)
				return e.memberErr(b, start, f, err)
			}
		case kindAny:
			if e.opts&optV2 != 0 {
				b, err = e.appendAnyV2(b, *(*any)(vp))
			} else {
				b, err = e.appendAny(b, *(*any)(vp))
			}
			if err != nil {
				return e.memberErr(b, start, f, err)
			}
		case kindStruct:
			if f.kind == kindStruct {
				b, err = e.appendStruct(b, f.sub.fields[e.htmlIndex()], vp)
			} else if e.depth < cycleCheckDepth && e.jdepth < cycleCheckDepth {
				// Through a pointer: counts toward cycle detection (v1
				// counts pointers, v2 the JSON containers around it).
				e.depth++
				b, err = e.appendStruct(b, f.sub.fields[e.htmlIndex()], vp)
				e.depth--
			} else {
				b, err = f.fn(e, b, fp)
			}
			if err != nil {
				return e.memberErr(b, start, f, err)
			}
		case kindSlice:
			// Nil and empty slices here, as sliceFn and sliceFnV2
			// write them; the rest by the field's encoder.
			sh := (*sliceHeader)(vp)
			if sh.Len != 0 {
				if b, err = f.fn(e, b, fp); err != nil {
					return e.memberErr(b, start, f, err)
				}
			} else if sh.Data != nil || e.nilSliceEmpty() {
				b = append(b, '[', ']')
			} else {
				b = append(b, "null"...)
			}
		default:
			if b, err = f.fn(e, b, fp); err != nil {
				return e.memberErr(b, start, f, err)
			}
		}
	}
	e.jdepth--
	if len(b) == start {
		return append(b, '{', '}'), nil
	}
	b[start] = '{'
	return append(b, '}'), nil
}

// nilSliceEmpty reports whether a nil slice is written as [] rather
// than null: in v1 with NoNullSliceOrMap, in v2 without
// FormatNilSliceAsNull.
func (e *state) nilSliceEmpty() bool {
	if e.opts&optV2 != 0 {
		return e.v2.bits&v2NilSliceNull == 0
	}
	return e.opts&NoNullSliceOrMap != 0
}

// memberErr returns the error err of member f of the struct written
// from start. In v1 it is returned as it is; in v2 it is placed within
// the member (its JSON Pointer), and the struct's opening brace is put
// where the first member's comma stands, so that the output before the
// error reads as v2 wrote it.
func (e *state) memberErr(b []byte, start int, f *encField, err error) ([]byte, error) {
	e.jdepth--
	if e.opts&optV2 == 0 || err == nil {
		return b, err
	}
	if len(b) > start {
		b[start] = '{'
	}
	return b, within(err, f.jname)
}

// followHops walks the embedded pointers leading to a promoted field and
// returns the struct that holds it, or nil when a pointer is nil (the
// field is then skipped, as in encoding/json).
func followHops(p unsafe.Pointer, hops []rt.Hop) unsafe.Pointer {
	for i := range hops {
		p = *(*unsafe.Pointer)(unsafe.Add(p, hops[i].Offset))
		if p == nil {
			return nil
		}
	}
	return p
}

func omitted(f *encField, p unsafe.Pointer) bool {
	switch f.omitKind {
	case omitLen:
		return *(*int)(unsafe.Add(p, unsafe.Sizeof(uintptr(0)))) == 0
	case omitWord:
		return *(*unsafe.Pointer)(p) == nil
	case omitZero8:
		return *(*uint8)(p) == 0
	case omitZero16:
		return *(*uint16)(p) == 0
	case omitZero32:
		return *(*uint32)(p) == 0
	case omitZero64:
		return *(*uint64)(p) == 0
	case omitFloat32:
		return *(*float32)(p) == 0
	case omitFloat64:
		return *(*float64)(p) == 0
	}
	return f.omit(p)
}

// emptyKind returns the omitempty test for t: false, 0, a nil pointer or
// interface, and an empty string, slice, array or map are empty.
func emptyKind(t reflect.Type) (omitKind, func(unsafe.Pointer) bool) {
	switch t.Kind() {
	case reflect.String, reflect.Slice:
		return omitLen, nil
	case reflect.Pointer, reflect.Interface:
		return omitWord, nil
	case reflect.Bool, reflect.Int8, reflect.Uint8:
		return omitZero8, nil
	case reflect.Int16, reflect.Uint16:
		return omitZero16, nil
	case reflect.Int32, reflect.Uint32:
		return omitZero32, nil
	case reflect.Int64, reflect.Uint64:
		return omitZero64, nil
	case reflect.Int, reflect.Uint, reflect.Uintptr:
		if t.Size() == 8 {
			return omitZero64, nil
		}
		return omitZero32, nil
	case reflect.Float32:
		// encoding/json tests v.Float() == 0: -0 is empty too.
		return omitFloat32, nil
	case reflect.Float64:
		return omitFloat64, nil
	case reflect.Array:
		if t.Len() == 0 {
			return omitFunc, func(unsafe.Pointer) bool { return true }
		}
		return omitNever, nil
	case reflect.Map:
		return omitFunc, func(p unsafe.Pointer) bool { return reflect.NewAt(t, p).Elem().Len() == 0 }
	}
	return omitNever, nil
}

func emptyTest(t reflect.Type) func(unsafe.Pointer) bool {
	k, fn := emptyKind(t)
	if k == omitFunc {
		return fn
	}
	f := &encField{omitKind: k}
	return func(p unsafe.Pointer) bool { return k != omitNever && omitted(f, p) }
}
