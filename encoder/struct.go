package encoder

import (
	"reflect"
	"unsafe"

	"github.com/jetjson/jet/internal/rt"
	"github.com/jetjson/jet/internal/wire"
)

// fieldKind selects an inline fast path for a struct field of a plain
// type; kindOther calls the field's compiled encoder.
type fieldKind uint8

const (
	kindOther fieldKind = iota
	kindString
	kindBool
	kindInt
	kindInt64
	kindInt32
	kindUint64
	kindFloat64
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

type encField struct {
	// name and nameHTML are `"key":`, the second with <, > and & escaped.
	name     string
	nameHTML string
	offset   uintptr
	hops     []rt.Hop
	kind     fieldKind
	omitKind omitKind
	omit     func(p unsafe.Pointer) bool
	fn       encFunc
}

func structFn(t reflect.Type, addr bool) encFunc {
	plan := rt.StructFields(t)
	fields := make([]encField, len(plan))
	for i, f := range plan {
		ef := &fields[i]
		ef.name = `"` + f.Name + `":`
		ef.nameHTML = string(wire.AppendHTMLEscaped([]byte(`"`), f.Name)) + `":`
		ef.offset = f.Offset
		ef.hops = f.Hops
		// A field is addressable when its struct is, or when it is
		// reached through an embedded pointer.
		faddr := addr || len(f.Hops) > 0
		ef.fn = fieldFn(f, faddr)
		if !f.Quoted && plainKind(f.Type) {
			ef.kind = plainFieldKind(f.Type)
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
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		return e.appendStruct(b, fields, p)
	}
}

func plainFieldKind(t reflect.Type) fieldKind {
	switch t.Kind() {
	case reflect.String:
		return kindString
	case reflect.Bool:
		return kindBool
	case reflect.Int:
		if t.Size() == 8 {
			return kindInt
		}
	case reflect.Int64:
		return kindInt64
	case reflect.Int32:
		return kindInt32
	case reflect.Uint64:
		return kindUint64
	case reflect.Float64:
		return kindFloat64
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

func (e *state) appendStruct(b []byte, fields []encField, p unsafe.Pointer) ([]byte, error) {
	html := e.opts&EscapeHTML != 0
	b = append(b, '{')
	var err error
	for i := range fields {
		f := &fields[i]
		fp := p
		if f.hops != nil {
			fp = followHops(p, f.hops)
			if fp == nil {
				continue
			}
		}
		fp = unsafe.Add(fp, f.offset)
		if f.omitKind != omitNever && omitted(f, fp) {
			continue
		}
		if html {
			b = append(b, f.nameHTML...)
		} else {
			b = append(b, f.name...)
		}
		switch f.kind {
		case kindString:
			if b, err = e.appendString(b, *(*string)(fp)); err != nil {
				return b, err
			}
		case kindBool:
			b = appendBool(b, *(*bool)(fp))
		case kindInt, kindInt64:
			b = appendInt(b, *(*int64)(fp))
		case kindInt32:
			b = appendInt(b, int64(*(*int32)(fp)))
		case kindUint64:
			b = appendUint(b, *(*uint64)(fp))
		case kindFloat64:
			if b, err = e.appendFloat(b, *(*float64)(fp), 64); err != nil {
				return b, err
			}
		default:
			if b, err = f.fn(e, b, fp); err != nil {
				return b, err
			}
		}
		b = append(b, ',')
	}
	return closeObject(b), nil
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
