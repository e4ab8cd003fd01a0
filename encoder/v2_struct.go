package encoder

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"slices"
	"sync"
	"unsafe"

	"github.com/jetjson/jet/internal/rt"
	"github.com/jetjson/jet/internal/v2api"
	"github.com/jetjson/jet/internal/wire"
	"github.com/jetjson/jet/jsontext"
)

// fieldV2 is a struct field as the v2 struct encoder writes it.
type fieldV2 struct {
	name   string // the JSON name
	quoted string // `"name"` as written without escaping options
	// escapable: an escaping option (EscapeForHTML, EscapeForJS) would
	// change quoted.
	escapable bool
	fn        encFunc
	offset    uintptr
	hops      []rt.Hop
	zero      func(unsafe.Pointer) bool // omitzero test, or nil
	omitZero  bool                      // the `omitzero` tag option
	omitEmpty bool                      // the `omitempty` tag option
	// emptyLen: an omitempty field of a kind whose length (or nil
	// pointer) tells, before encoding, that it is empty.
	emptyLen func(unsafe.Pointer) bool
	str      bool   // the `string` tag option
	format   string // the `format` tag option
	// kind says how the member loop writes a plain scalar field itself,
	// without a call (v2KindOther: by fn).
	kind v2FieldKind
}

// v2FieldKind selects how the v2 struct encoder writes a field.
type v2FieldKind uint8

const (
	v2KindOther v2FieldKind = iota
	v2KindString
	v2KindBool
	v2KindInt64
	v2KindInt32
	v2KindUint64
	v2KindUint32
	v2KindFloat64
)

// v2FieldKindOf is the kind of a field of type t with the given tag
// options: a scalar written inline, or v2KindOther for one that has
// methods, a time type, a `string` or `format` option, or another kind.
func v2FieldKindOf(t reflect.Type, str bool, format string) v2FieldKind {
	if str || format != "" || v2api.HasMethods(t) || timeFnV2(t) != nil {
		return v2KindOther
	}
	switch t.Kind() {
	case reflect.String:
		return v2KindString
	case reflect.Bool:
		return v2KindBool
	case reflect.Int64:
		return v2KindInt64
	case reflect.Int:
		if t.Size() == 8 {
			return v2KindInt64
		}
		return v2KindInt32
	case reflect.Int32:
		return v2KindInt32
	case reflect.Uint64:
		return v2KindUint64
	case reflect.Uint, reflect.Uintptr:
		if t.Size() == 8 {
			return v2KindUint64
		}
		return v2KindUint32
	case reflect.Uint32:
		return v2KindUint32
	case reflect.Float64:
		return v2KindFloat64
	}
	return v2KindOther
}

// structEncsV2 holds the v2 encoders, for the shared member loop
// (appendStruct), of the struct types it can write (see sharedLoopV2),
// by type; guarded by compileMu. An entry is made before the type's
// fields are compiled, so that a recursive type finds it; its fields
// are filled in when compilation ends, before any use.
var structEncsV2 = map[reflect.Type]*structEnc{}

// sharedLoopV2 reports whether the shared member loop can write the
// struct type of the plan: it has no problem to report, no member
// written by a fallback (which needs names checked) and no `format`
// tag options.
func sharedLoopV2(plan *rt.PlanV2) bool {
	if plan.Err != nil || plan.UnsupportedFormat != nil || plan.Fallback != nil {
		return false
	}
	for i := range plan.Fields {
		if plan.Fields[i].Format != "" {
			return false
		}
	}
	return true
}

func structFnV2(t reflect.Type) encFunc {
	plan := rt.StructFieldsV2(t, v2api.HasMethods)
	var se *structEnc
	if sharedLoopV2(&plan) {
		se = &structEnc{}
		structEncsV2[t] = se
	}
	fields := make([]fieldV2, len(plan.Fields))
	for i, f := range plan.Fields {
		q, _ := wire.AppendQuotedText(nil, f.Name, false, false)
		qe, _ := wire.AppendQuotedText(nil, f.Name, true, true)
		fields[i] = fieldV2{
			name:      f.Name,
			quoted:    string(q),
			escapable: string(q) != string(qe),
			offset:    f.Offset,
			hops:      f.Hops,
			omitZero:  f.OmitZero,
			omitEmpty: f.OmitEmpty,
			str:       f.String,
			format:    f.Format,
			zero:      zeroTest(f.Type, true),
			kind:      v2FieldKindOf(f.Type, f.String, f.Format),
		}
		if f.OmitEmpty {
			fields[i].emptyLen = emptyLenV2(f.Type)
		}
	}
	var names *fieldNames
	if plan.Fallback != nil {
		names = newFieldNames(plan.Fields)
	}
	var fallback encFunc
	var fallbackAt uintptr
	var fallbackHops []rt.Hop
	var fallbackType reflect.Type
	// An inline fallback held by pointer is written through it; a nil
	// one writes nothing.
	fallbackPtr := false
	if fb := plan.Fallback; fb != nil {
		fallbackAt, fallbackHops, fallbackType = fb.Offset, fb.Hops, fb.Type
		if fallbackType.Kind() == reflect.Pointer {
			fallbackType, fallbackPtr = fallbackType.Elem(), true
		}
	}
	// The fields' encoders are compiled after the struct's entry is in
	// the table, so that recursive types find it.
	for i, f := range plan.Fields {
		fields[i].fn = fnForV2Locked(f.Type)
	}
	if fallbackType != nil {
		fallback = fnForV2Locked(fallbackType)
		if fallbackType.Kind() == reflect.Map {
			mc := &mapV2{t: fallbackType, key: rawFnForV2Locked(fallbackType.Key()), val: fnForV2Locked(fallbackType.Elem()),
				plainKeys: !v2api.HasMethods(fallbackType.Key()), uniqueKeys: !v2api.HasMethods(fallbackType.Key()), fallback: true}
			fallback = withFuncsV2(fallbackType, mc.encode)
		}
	}
	general := func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		if err := e.tagCheck(b, t); err != nil {
			return b, err
		}
		e.v2.tag = 0
		if plan.Err != nil {
			return b, semErr(b, plan.Err.Type, plan.Err.Err)
		}
		if plan.UnsupportedFormat != nil && e.v2.bits&v2Format == 0 {
			return b, semErr(b, plan.UnsupportedFormat.Type, plan.UnsupportedFormat.Err)
		}
		x := e.v2.bits
		// Scalars are written in the loop unless an option or the
		// caller's functions may change how.
		inline := x&v2Stringify == 0 && e.v2.funcs == nil
		if err := e.openV2(b); err != nil {
			return b, err
		}
		start := len(b)
		b = append(b, '{')
		var written *fallbackNames
		checkNames := fallback != nil && x&v2AllowDup == 0
		if checkNames {
			written = &fallbackNames{fieldNames: names, seen: make([]bool, len(fields)), anyCase: x&v2AnyCase != 0}
		}
		var err error
		for i := range fields {
			f := &fields[i]
			fp := fieldPointer(p, f.offset, f.hops)
			if fp == nil {
				continue
			}
			if (f.omitZero || x&v2OmitZero != 0) && f.zero(fp) {
				continue
			}
			if f.emptyLen != nil && e.v2.funcs == nil && f.emptyLen(fp) {
				continue
			}
			at := len(b)
			if at > start+1 {
				b = append(b, ',')
			}
			if f.escapable && x&(v2HTML|v2JS) != 0 {
				b, _ = wire.AppendQuotedText(b, f.name, x&v2HTML != 0, x&v2JS != 0)
			} else {
				b = append(b, f.quoted...)
			}
			b = append(b, ':')
			valAt := len(b)
			if f.str {
				e.v2.tag = v2TagString
			}
			switch {
			case f.kind != v2KindOther && inline:
				b, err = e.appendScalarV2(b, f, fp)
			case f.format != "":
				e.v2.tag = 0
				err = semErr(b, t, v2api.ErrInvalidFormat(f.format))
			default:
				b, err = f.fn(e, b, fp)
			}
			e.v2.tag = 0
			if err != nil {
				e.jdepth--
				return b, within(err, f.name)
			}
			if f.omitEmpty && emptyJSON(b[valAt:]) {
				b = b[:at]
				continue
			}
			if checkNames {
				written.seen[i] = true
			}
		}
		if fallback != nil {
			fp := fieldPointer(p, fallbackAt, fallbackHops)
			if fp != nil && fallbackPtr {
				fp = *(*unsafe.Pointer)(fp)
			}
			if fp != nil {
				b, err = e.appendFallbackV2(b, start, fp, fallback, fallbackType, written)
				if err != nil {
					e.jdepth--
					return b, err
				}
			}
		}
		e.jdepth--
		return append(b, '}'), nil
	}
	if se == nil {
		return general
	}
	se.fields = sharedFieldsV2(plan.Fields, fields)
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		if e.v2.tag|e.v2.bits&v2Slow != 0 {
			return general(e, b, p)
		}
		return e.appendStruct(b, se.fields[e.htmlIndex()], p)
	}
}

// sharedFieldsV2 builds the fields of a struct type for the shared
// member loop, from its plan and its v2 fields (whose encoders are
// compiled): as v1's structFn does, with v2's names (quoted as jsontext
// quotes them, and with EscapeForHTML), v2's inline kinds (types without
// v2's methods) and v2's omitempty (see omitEmptyV2).
func sharedFieldsV2(plan []rt.FieldV2, fields []fieldV2) [2][]encField {
	plain := make([]encField, len(fields))
	for i := range fields {
		f, ft := &fields[i], plan[i].Type
		ef := &plain[i]
		ef.jname = f.name
		ef.offset = f.offset
		ef.hops = f.hops
		ef.fn = rawFnForV2Locked(ft)
		if !f.str {
			ef.kind, ef.elemKind, ef.sub = inlineKindV2(ft)
		} else {
			fn := ef.fn
			ef.fn = func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
				e.v2.tag = v2TagString
				b, err := fn(e, b, p)
				e.v2.tag = 0
				return b, err
			}
		}
		var empty func(unsafe.Pointer) bool
		if f.omitEmpty {
			empty = f.emptyLen
			if empty != nil && !f.omitZero {
				switch ft.Kind() {
				case reflect.String, reflect.Slice:
					ef.omitKind = omitLen
				case reflect.Pointer, reflect.Interface:
					ef.omitKind = omitWord
				}
			}
		}
		if ef.omitKind == omitNever {
			zero := f.zero
			switch {
			case f.omitZero && empty != nil:
				ef.omitKind, ef.omit = omitFunc, func(p unsafe.Pointer) bool { return zero(p) || empty(p) }
			case f.omitZero:
				ef.omitKind, ef.omit = omitFunc, zero
			case empty != nil:
				ef.omitKind, ef.omit = omitFunc, empty
			}
		}
		ef.special = ef.hops != nil || ef.omitKind != omitNever
	}
	html := slices.Clone(plain)
	for i := range fields {
		q, _ := wire.AppendQuotedText([]byte{','}, fields[i].name, false, false)
		plain[i].name = string(append(q, ':'))
		q, _ = wire.AppendQuotedText([]byte{','}, fields[i].name, true, false)
		html[i].name = string(append(q, ':'))
		plain[i].nameLen = nameBytes(&plain[i])
		html[i].nameLen = nameBytes(&html[i])
		if fields[i].omitEmpty && !emptyKnownV2(plan[i].Type) {
			// Only the output tells: the member is taken back when its
			// value is written as an empty one.
			plain[i].kind, html[i].kind = kindOther, kindOther
			plain[i].fn = omitEmptyV2(plain[i].fn, len(plain[i].name))
			html[i].fn = omitEmptyV2(html[i].fn, len(html[i].name))
		}
	}
	return [2][]encField{plain, html}
}

// plainV2 reports whether v2 writes values of t by their kind: t has
// none of v2's methods and is not a time type.
func plainV2(t reflect.Type) bool { return !v2api.HasMethods(t) && timeFnV2(t) == nil }

// inlineKindV2 is inlineKind for v2: how the shared member loop writes
// a field of type t by itself, where v2 writes it as v1 does (an empty
// interface by appendAnyV2).
func inlineKindV2(t reflect.Type) (fieldKind, fieldKind, *structEnc) {
	switch {
	case !plainV2(t):
	case t.Kind() == reflect.Interface && t.NumMethod() == 0:
		return kindAny, kindOther, nil
	case t.Kind() == reflect.Struct:
		if se := structEncsV2[t]; se != nil {
			return kindStruct, kindOther, se
		}
	case t.Kind() == reflect.Slice:
		if t.Elem().Kind() != reflect.Uint8 {
			return kindSlice, kindOther, nil
		}
	case t.Kind() == reflect.Pointer:
		et := t.Elem()
		if !plainV2(et) {
			break
		}
		if k := plainFieldKind(et); k != kindOther {
			return kindPtr, k, nil
		}
		if se := structEncsV2[et]; se != nil && et.Kind() == reflect.Struct {
			return kindPtr, kindStruct, se
		}
	default:
		return plainFieldKind(t), kindOther, nil
	}
	return kindOther, kindOther, nil
}

// emptyKnownV2 reports whether omitempty's test of a field of type t
// before it is written (emptyLenV2) is the whole answer: a value of t
// that the test does not find empty is never written as null, "", {}
// or [].
func emptyKnownV2(t reflect.Type) bool {
	if !plainV2(t) {
		return false
	}
	switch t.Kind() {
	case reflect.String, reflect.Slice, reflect.Map, reflect.Array, reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		return true
	}
	return false
}

// omitEmptyV2 wraps the encoder of an omitempty field whose name, of
// nameLen bytes, the shared member loop writes before it: a value
// written as null, "", {} or [] is taken back with the name.
func omitEmptyV2(fn encFunc, nameLen int) encFunc {
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		at := len(b)
		b, err := fn(e, b, p)
		if err == nil && emptyJSON(b[at:]) {
			b = b[:at-nameLen]
		}
		return b, err
	}
}

// fieldPointer follows an embedded field's hops from the struct at p;
// nil when a hop is a nil pointer.
func fieldPointer(p unsafe.Pointer, offset uintptr, hops []rt.Hop) unsafe.Pointer {
	for _, h := range hops {
		p = *(*unsafe.Pointer)(unsafe.Add(p, h.Offset))
		if p == nil {
			return nil
		}
	}
	return unsafe.Add(p, offset)
}

// emptyLenV2 returns the test that tells, before encoding, that a value
// of type t will encode as an empty JSON value (a string, map, slice or
// array of length zero; a nil pointer or interface), or nil for types
// where only the output tells.
func emptyLenV2(t reflect.Type) func(unsafe.Pointer) bool {
	if !plainV2(t) && t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface {
		// Its method (or v2's own encoding of time) may write an empty
		// Go value as a non-empty JSON one: only the output tells. A nil
		// pointer or interface is written as null, methods or not.
		return nil
	}
	switch t.Kind() {
	case reflect.String:
		return func(p unsafe.Pointer) bool { return len(*(*string)(p)) == 0 }
	case reflect.Slice:
		return func(p unsafe.Pointer) bool { return (*sliceHeader)(p).Len == 0 }
	case reflect.Map:
		return func(p unsafe.Pointer) bool { return reflect.NewAt(t, p).Elem().Len() == 0 }
	case reflect.Array:
		n := t.Len()
		return func(unsafe.Pointer) bool { return n == 0 }
	case reflect.Pointer:
		return func(p unsafe.Pointer) bool { return *(*unsafe.Pointer)(p) == nil }
	case reflect.Interface:
		return func(p unsafe.Pointer) bool { return reflect.NewAt(t, p).Elem().IsNil() }
	}
	return nil
}

// emptyJSON reports whether v is null, "", {} or [] (v2's meaning of
// empty for omitempty).
func emptyJSON(v []byte) bool {
	switch string(v) {
	case "null", `""`, "{}", "[]":
		return true
	}
	return false
}

// appendFallbackV2 writes the members of a struct's embedded map or raw
// value (its fallback) into the object being written from start,
// refusing names the fields wrote when written is not nil.
func (e *state) appendFallbackV2(b []byte, start int, p unsafe.Pointer, fn encFunc, t reflect.Type, written *fallbackNames) ([]byte, error) {
	if rt.IsRawValueType(t) {
		return e.appendRawFallbackV2(b, start, *(*[]byte)(p), t, written)
	}
	at := len(b)
	var err error
	if reflect.NewAt(t, p).Elem().Len() == 0 {
		return b, nil
	}
	if b, err = fn(e, b, p); err != nil {
		// What was written stands as members of our object: its '{'
		// becomes the comma before them, or goes.
		if at > start+1 {
			b[at] = ','
		} else {
			b = append(b[:at], b[at+1:]...)
			v2api.Offset(err, -1)
		}
		return b, err
	}
	// b[at:] is one object: splice its members into ours.
	body := append([]byte(nil), b[at+1:len(b)-1]...)
	b = b[:at]
	if len(body) == 0 {
		return b, nil
	}
	if written != nil {
		if err := checkNamesV2(body, written, int64(at)); err != nil {
			return b, err
		}
	}
	if at > start+1 {
		b = append(b, ',')
	}
	return append(b, body...), nil
}

var errRawEmbedNotObject = errors.New("embedded raw value must be a JSON object")

// appendRawFallbackV2 writes the members of the raw value (an object)
// held by a struct's embedded jsontext.Value into the object being
// written from start, as v2 does: member by member, each name checked
// against those written when written is not nil. A problem with the
// raw value is placed where the next member would go, with the raw
// value's own offsets inside.
func (e *state) appendRawFallbackV2(b []byte, start int, raw []byte, t reflect.Type, written *fallbackNames) ([]byte, error) {
	if len(raw) == 0 {
		return b, nil
	}
	before := func(b []byte, err error) error {
		at := len(b)
		if at > start+1 {
			at++
		}
		return &v2api.Error{Action: "marshal", ByteOffset: int64(at), GoType: t, Err: err}
	}
	dec := jsontext.NewDecoder(bytes.NewReader(raw), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	tok, err := dec.ReadToken()
	if err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return b, before(b, err)
	}
	if tok.Kind() != '{' {
		return b, before(b, errRawEmbedNotObject)
	}
	for dec.PeekKind() != '}' {
		name, err := dec.ReadValue()
		if err != nil {
			return b, before(b, err)
		}
		u, _ := jsontext.AppendUnquote(nil, name)
		if written != nil && !written.insert(string(u)) {
			return b, v2api.Within(&jsontext.SyntacticError{ByteOffset: int64(len(b)), Err: jsontext.ErrDuplicateName}, string(u))
		}
		at := len(b)
		if at > start+1 {
			b = append(b, ',')
		}
		if b, err = e.formatRawV2(b, name); err != nil {
			return b[:at], err
		}
		b = append(b, ':')
		val, err := dec.ReadValue()
		if err != nil {
			// The cause is placed in the raw value.
			return b, &v2api.Error{Action: "marshal", ByteOffset: int64(len(b)), GoType: t, Err: err,
				JSONPointer: jsontext.Pointer("").AppendToken(string(u))}
		}
		if b, err = e.formatRawV2(b, val); err != nil {
			return b[:at], err
		}
	}
	if _, err := dec.ReadToken(); err != nil {
		return b, before(b, err)
	}
	if rest := raw[dec.InputOffset():]; len(bytes.TrimLeft(rest, " \t\r\n")) > 0 {
		// Something follows the object: the error is the one a Value
		// holding the raw value reports.
		v := jsontext.Value(slices.Clone(raw))
		err := v.Compact(jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
		if err == nil {
			err = errRawEmbedNotObject
		}
		return b, before(b, err)
	}
	return b, nil
}

// formatRawV2 appends a value read from a raw value, formatted as the
// options say; its syntactic errors are placed in the output.
func (e *state) formatRawV2(b []byte, raw []byte) ([]byte, error) {
	v := jsontext.Value(slices.Clone(raw))
	if err := v.Format(e.v2.text, jsontext.Multiline(false)); err != nil {
		return b, v2api.Offset(err, int64(len(b)))
	}
	return append(b, v...), nil
}

// checkNamesV2 refuses a member of the object body (its text between the
// braces) whose name is in names.
func checkNamesV2(body []byte, names *fallbackNames, base int64) error {
	obj := jsontext.Value(append(append([]byte{'{'}, body...), '}'))
	dec := jsontext.NewDecoder(bytes.NewReader(obj), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	for dec.PeekKind() == '"' {
		// The error is placed before the member's delimiter: the
		// object's '{' stands for the comma written before the first.
		off := dec.InputOffset()
		if off == 1 {
			off = 0
		}
		tok, err := dec.ReadToken()
		if err != nil {
			return err
		}
		if !names.insert(tok.String()) {
			return v2api.Within(&jsontext.SyntacticError{ByteOffset: base + off, Err: jsontext.ErrDuplicateName}, tok.String())
		}
		if err := dec.SkipValue(); err != nil {
			return err
		}
	}
	return nil
}

var errBytesFuncUnsupported = errors.New("marshal function of type func(T) ([]byte, error) may not return errors.ErrUnsupported")

// callFuncsV2 offers the value at p, of type t, to the caller's marshal
// functions listed in idx, in order. done is false when all declined.
func (e *state) callFuncsV2(b []byte, t reflect.Type, p unsafe.Pointer, idx []int) (out []byte, done bool, err error) {
	for _, i := range idx {
		m := &e.v2.funcs.List[i]
		// A function on a pointer or interface type is given a pointer
		// to the value.
		v := reflect.NewAt(t, p)
		if k := m.Type.Kind(); k != reflect.Pointer && k != reflect.Interface {
			v = v.Elem()
		}
		ft := v.Type() // the type errors name
		if m.Bytes != nil {
			raw, err := m.Bytes(v)
			e.v2.tag = 0
			if errors.Is(err, errors.ErrUnsupported) {
				// Only a MarshalToFunc may decline.
				return b, true, semErr(b, ft, errBytesFuncUnsupported)
			}
			if err != nil {
				if ve, ok := err.(*v2api.Error); ok {
					if ve.GoType == nil {
						ve.GoType = ft
					}
					if ve.ByteOffset == 0 {
						ve.ByteOffset = int64(len(b))
					}
					return b, true, ve
				}
				return b, true, semErr(b, ft, err)
			}
			out, err := e.appendRawV2(b, raw, ft)
			return out, true, err
		}
		out, err := e.callToV2(b, ft, func(enc *jsontext.Encoder) error { return m.To(enc, v) })
		if err == errors.ErrUnsupported {
			continue
		}
		return out, true, err
	}
	return b, false, nil
}

// funcsKey identifies the functions of one WithMarshalers list that
// apply to one type.
type funcsKey struct {
	m *v2api.Marshalers
	t reflect.Type
}

// funcsFor caches funcsForType by list and type.
var funcsFor sync.Map // funcsKey -> []int

// funcsV2 returns the indexes into m.List of the functions that apply to
// values of type t, in the order they are tried, or nil.
func funcsV2(m *v2api.Marshalers, t reflect.Type) []int {
	k := funcsKey{m, t}
	if idx, ok := funcsFor.Load(k); ok {
		return idx.([]int)
	}
	idx := funcsForType(m, t)
	funcsFor.Store(k, idx)
	return idx
}

// funcsForType lists the functions of m that take values of type t, as
// v2 matches them: a function on type T takes values of type T; on *T,
// (addressable) values of type T; on an interface type, values whose
// pointer implements it. A MarshalFunc cannot decline, so none after it
// is listed.
func funcsForType(m *v2api.Marshalers, t reflect.Type) []int {
	var idx []int
	for i, f := range m.List {
		var ok bool
		switch f.Type.Kind() {
		case reflect.Interface:
			ok = reflect.PointerTo(t).Implements(f.Type)
		case reflect.Pointer:
			ok = reflect.PointerTo(t) == f.Type
		default:
			ok = t == f.Type
		}
		if ok {
			idx = append(idx, i)
			if f.Bytes != nil {
				break
			}
		}
	}
	return idx
}

// appendScalarV2 writes the plain scalar field f at fp (see
// v2FieldKindOf); a float that JSON cannot hold goes to f's encoder for
// its error.
func (e *state) appendScalarV2(b []byte, f *fieldV2, fp unsafe.Pointer) ([]byte, error) {
	switch f.kind {
	case v2KindString:
		return e.appendStringV2(b, *(*string)(fp), nil)
	case v2KindBool:
		return appendBool(b, *(*bool)(fp)), nil
	case v2KindInt64:
		return wire.AppendInt(b, *(*int64)(fp)), nil
	case v2KindInt32:
		return wire.AppendInt(b, int64(*(*int32)(fp))), nil
	case v2KindUint64:
		return wire.AppendUint(b, *(*uint64)(fp)), nil
	case v2KindUint32:
		return wire.AppendUint(b, uint64(*(*uint32)(fp))), nil
	case v2KindFloat64:
		if x := *(*float64)(fp); x == x && x <= maxFloat && x >= -maxFloat {
			return jsontext.AppendFloat(b, x, 64), nil
		}
	}
	return f.fn(e, b, fp)
}

// fieldNames is what an embedded fallback's names are checked against
// (see fallbackNames): a struct's fields by name and by folded name.
type fieldNames struct {
	byName map[string]int
	// byFold lists, by folded name, the fields that fold to it, in
	// order of ID (breadth first).
	byFold map[string][]int
	casing []int8
}

func newFieldNames(fields []rt.FieldV2) *fieldNames {
	n := &fieldNames{byName: map[string]int{}, byFold: map[string][]int{}, casing: make([]int8, len(fields))}
	byID := make([]int, len(fields))
	for i, f := range fields {
		n.byName[f.Name] = i
		n.casing[i] = f.Casing
		byID[f.ID] = i
	}
	for _, i := range byID {
		k := string(rt.AppendFoldedNameV2(nil, fields[i].Name))
		n.byFold[k] = append(n.byFold[k], i)
	}
	return n
}

// fallbackNames decides, as Go's v2 does, which names a struct's
// embedded fallback may write after its fields: a name that is a
// field's (exactly, or folded when the field matches names without
// regard to case) stands for that field, which may appear once, written
// by the field or by the fallback; any other name may appear once.
type fallbackNames struct {
	*fieldNames
	anyCase bool // MatchCaseInsensitiveNames
	seen    []bool
	others  map[string]struct{}
}

// insert records a name the fallback writes and reports whether it may.
func (n *fallbackNames) insert(name string) bool {
	var buf [64]byte
	if fs := n.byFold[string(rt.AppendFoldedNameV2(buf[:0], name))]; len(fs) > 0 {
		if i, ok := n.byName[name]; ok {
			return n.mark(i)
		}
		for _, i := range fs {
			if c := n.casing[i]; c == rt.CaseIgnore || n.anyCase && c != rt.CaseStrict {
				return n.mark(i)
			}
		}
	}
	if _, dup := n.others[name]; dup {
		return false
	}
	if n.others == nil {
		n.others = map[string]struct{}{}
	}
	n.others[name] = struct{}{}
	return true
}

// mark records field i as written and reports whether it was not yet.
func (n *fallbackNames) mark(i int) bool {
	had := n.seen[i]
	n.seen[i] = true
	return !had
}
