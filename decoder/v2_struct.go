package decoder

import (
	"errors"
	"reflect"
	"strings"
	"unsafe"

	"github.com/jetjson/jet/internal/rt"
	"github.com/jetjson/jet/internal/v2api"
	"github.com/jetjson/jet/internal/wire"
	"github.com/jetjson/jet/jsontext"
)

// fieldV2 is a struct field as the v2 struct decoder fills it.
type fieldV2 struct {
	// key matches the field's name in the input before it is decoded,
	// as the v1 struct decoder does (only its key words are set).
	key    decField
	name   string
	casing int8
	offset uintptr
	hops   []rt.Hop
	fn     decFunc
	raw    decFunc // fn without the caller's functions (fnsForV2)
	str    bool
	format string
	id     int
	// inline selects the v1 decoder's in-place fast path for a field of
	// a plain type (no methods, no tag options), fieldOther if none.
	inline fieldKind
	// direct is set when inline is not fieldOther and the field is not
	// reached through embedded pointers: the struct loop decodes it in
	// place itself.
	direct bool
	// byRaw is set when, without the caller's functions, the field's
	// value is decoded by raw alone (no tag options, no embedded
	// pointers): the struct loop calls it itself.
	byRaw bool
}

// structV2 is the compiled v2 decoder of a struct type.
type structV2 struct {
	t      reflect.Type
	plan   rt.PlanV2
	fields []fieldV2
	byName map[string]int
	// byFold lists, by folded name, the fields that fold to it, the
	// shallowest first (v2's precedence for case-insensitive names).
	byFold   map[string][]int
	fallback fallbackFunc
}

func structFnV2(t reflect.Type) decFunc { return newStructV2(t).decode }

// newStructV2 compiles the v2 decoder of struct type t. Must be called
// with compileMu held.
func newStructV2(t reflect.Type) *structV2 {
	plan := rt.StructFieldsV2(t, v2api.HasMethods)
	sv := &structV2{t: t, plan: plan, byName: map[string]int{}, byFold: map[string][]int{}}
	sv.fields = make([]fieldV2, len(plan.Fields))
	for i, f := range plan.Fields {
		sv.fields[i] = fieldV2{name: f.Name, casing: f.Casing, offset: f.Offset, hops: f.Hops, str: f.String, format: f.Format, id: f.ID}
		sv.fields[i].key.setKey(f.Name)
		if !f.String && f.Format == "" && !v2api.HasMethods(f.Type) && timeFnV2(f.Type) == nil {
			sv.fields[i].inline = plainFieldKind(f.Type)
			sv.fields[i].direct = sv.fields[i].inline != fieldOther && f.Hops == nil
		}
		sv.fields[i].byRaw = !f.String && f.Format == "" && f.Hops == nil
		sv.byName[f.Name] = i
	}
	byID := make([]int, len(plan.Fields))
	for i, f := range plan.Fields {
		byID[f.ID] = i
	}
	for _, i := range byID {
		k := foldNameV2(sv.fields[i].name)
		sv.byFold[k] = append(sv.byFold[k], i)
	}
	for i, f := range plan.Fields {
		sv.fields[i].fn, sv.fields[i].raw = fnsForV2(f.Type)
	}
	if fb := plan.Fallback; fb != nil {
		sv.fallback = fallbackFnV2(fb.Type)
	}
	return sv
}

// foldNameV2 folds a name for v2's case-insensitive matching: '-' and
// '_' dropped, letters folded to one case.
func foldNameV2(s string) string { return string(rt.AppendFoldedNameV2(nil, s)) }

// seenFields is the set of fields an object has set, for v2's duplicate
// check: a word on the stack for structs of up to 64 fields.
type seenFields struct {
	w    uint64
	more []uint64
}

// add records field i and reports whether it was already there.
func (s *seenFields) add(i int) bool {
	if i < 64 {
		had := s.w&(1<<i) != 0
		s.w |= 1 << i
		return had
	}
	i -= 64
	for len(s.more) <= i/64 {
		s.more = append(s.more, 0)
	}
	had := s.more[i/64]&(1<<(i%64)) != 0
	s.more[i/64] |= 1 << (i % 64)
	return had
}

// lookup finds the field for a member name as v2 matches names: exactly,
// then, for fields that allow it, case-insensitively; -1 when no field
// takes it, and an error when several fields of one depth do.
func (sv *structV2) lookup(d *state, name string, nameAt int) (int, error) {
	if i, ok := sv.byName[name]; ok {
		return i, nil
	}
	i, n := -1, 0
	var buf [64]byte
	for _, j := range sv.byFold[string(rt.AppendFoldedNameV2(buf[:0], name))] {
		f := &sv.fields[j]
		if f.casing == rt.CaseIgnore || d.v2.bits&v2AnyCase != 0 && f.casing != rt.CaseStrict {
			if n == 0 {
				i = j
			}
			n++
		}
	}
	if n > 1 {
		return -1, within(d.errAt(nameAt, sv.t, '"', v2api.ErrAmbiguousName), strings.Clone(name))
	}
	return i, nil
}

// nameAt returns the member name quoted at pos, for an error's JSON
// Pointer.
func (d *state) nameAt(pos int) string {
	end, ok := wire.SkipValue(d.src, pos, 1)
	if !ok {
		return ""
	}
	name, _ := unquoteName(d.src[pos:end])
	return name
}

func (sv *structV2) decode(d *state, p unsafe.Pointer) error {
	t := sv.t
	if d.takeTag()&v2TagString != 0 {
		return d.errAt(d.pos, t, 0, v2api.ErrInvalidStringTag)
	}
	if d.atEnd() {
		return d.truncated()
	}
	switch d.src[d.pos] {
	case 'n':
		if !d.literalV2("null") {
			return d.truncated()
		}
		reflect.NewAt(t, p).Elem().SetZero()
		return nil
	case '{':
	default:
		return d.mismatchV2(t, false)
	}
	// A type's declaration is checked once its object is met.
	if e := sv.plan.Err; e != nil {
		return d.errAt(d.pos, e.Type, '{', e.Err)
	}
	if e := sv.plan.UnsupportedFormat; e != nil && d.v2.bits&v2Format == 0 {
		return d.errAt(d.pos, e.Type, '{', e.Err)
	}
	// objectStart's common case, inline: a name right after the brace.
	var empty bool
	var err error
	if d.depth < d.maxDepth && d.pos+1 < len(d.src) && d.src[d.pos+1] == '"' {
		d.depth++
		d.pos++
	} else if empty, err = d.objectStart(); err != nil {
		return d.truncated()
	}
	// Plain fields are decoded in place unless the caller's functions
	// may take their types or numbers are quoted.
	var obj objectV2
	obj.noFuncs = d.v2.funcs == nil
	obj.inline = obj.noFuncs && d.v2.bits&v2Stringify == 0
	obj.checkDup = d.v2.bits&v2AllowDup == 0
	obj.ordered = true
	obj.unknownBase = len(d.v2.unknown)
	// The loop carries few values from one member to the next (d, sv,
	// p, hint): Go keeps none in registers across a call, and each is
	// reloaded after the value's. The rest is in obj, in memory.
	hint := 0
	for !empty {
		if hint < len(sv.fields) {
			// Keys usually come in field order: the expected field's
			// `"name":` is compared with the input before it is read.
			f := &sv.fields[hint]
			nameAt := d.pos
			if f.key.pat.match(d.src, nameAt) && (f.key.pat.n <= 16 || f.key.pat.matchMid(d.src, nameAt)) {
				// i and c are the value's index and first byte (0 at
				// the end of the input).
				i := nameAt + f.key.pat.n
				c := d.src[i]
				if c <= ' ' {
					// Indented JSON's one space, then anything else.
					if c == ' ' && i+1 < len(d.src) && d.src[i+1] > ' ' {
						i++
					} else {
						d.pos = i
						d.skipColonSpaceMore()
						i = d.pos
					}
					if c = 0; i < len(d.src) {
						c = d.src[i]
					}
				}
				d.pos = i
				// While the fields met are the first ones in order, the
				// expected one cannot have been met.
				if !obj.ordered && obj.checkDup && obj.seen.add(hint) {
					return &jsontext.SyntacticError{ByteOffset: int64(nameAt), JSONPointer: jsontext.Pointer("").AppendToken(f.name), Err: jsontext.ErrDuplicateName}
				}
				hint++
				if f.direct && obj.inline {
					// The commonest values of plain fields, in place.
					fp := unsafe.Add(p, f.offset)
					switch f.inline {
					case fieldString:
						if c == '"' {
							if s, err := d.readString(); err == nil {
								*(*string)(fp) = s
								goto next
							}
							d.pos = i
						}
					case fieldInt64:
						if c-'0' <= 9 {
							if v, end, ok := wire.ShortUint(d.src, i); ok {
								*(*int64)(fp) = int64(v)
								d.pos = end
								goto next
							}
						}
						if isNumberStart(c) {
							if end, n, fits, ok := wire.ReadInt(d.src, i); ok && fits {
								*(*int64)(fp) = n
								d.pos = end
								goto next
							}
						}
					case fieldFloat64:
						if isNumberStart(c) {
							if end, x, exact, ok := wire.ReadFloat(d.src, i); ok && exact {
								*(*float64)(fp) = x
								d.pos = end
								goto next
							}
						}
					case fieldBool:
						if c == 't' && strings.HasPrefix(d.src[i:], "true") {
							*(*bool)(fp) = true
							d.pos = i + 4
							goto next
						}
						if c == 'f' && strings.HasPrefix(d.src[i:], "false") {
							*(*bool)(fp) = false
							d.pos = i + 5
							goto next
						}
					default:
						if c != 0 && d.inlineField(f.inline, fp) {
							goto next
						}
					}
				}
				if f.byRaw && obj.noFuncs {
					// sv.field's common case, without the call.
					if err := f.raw(d, unsafe.Add(p, f.offset)); err != nil {
						d.v2.tag = 0
						return within(err, d.nameAt(nameAt))
					}
				} else if err := sv.field(d, p, hint-1, nameAt); err != nil {
					return err
				}
				goto next
			}
		}
		if hint, err = sv.otherMember(d, p, hint, &obj); err != nil {
			return err
		}
	next:
		// The common cases of objectNext, inline: a comma, a brace.
		if !d.atEnd() {
			if c := d.src[d.pos]; c == ',' {
				d.pos++
				if d.spaceNext() {
					d.skipSpaceMore()
				}
				continue
			} else if c == '}' {
				d.pos++
				d.depth--
				break
			}
		}
		if empty, err = d.objectNext(); err != nil {
			return d.truncated()
		}
	}
	if len(d.v2.unknown) != obj.unknownBase {
		d.v2.unknown = d.v2.unknown[:obj.unknownBase]
	}
	return nil
}

// otherMember decodes a member the struct loop's shortcut did not take
// (a name other than the expected field's, or written otherwise than
// its pattern) and returns the hint for the next member.
func (sv *structV2) otherMember(d *state, p unsafe.Pointer, hint int, obj *objectV2) (int, error) {
	// A name that is not a string is where the valid text ends.
	nameAt := d.pos
	if d.atEnd() || d.src[nameAt] != '"' {
		return hint, d.truncated()
	}
	i := hint
	if hint < len(sv.fields) && d.matchKey(&sv.fields[hint].key) {
		if !obj.ordered && obj.checkDup && obj.seen.add(i) {
			return hint, &jsontext.SyntacticError{ByteOffset: int64(nameAt), JSONPointer: jsontext.Pointer("").AppendToken(sv.fields[i].name), Err: jsontext.ErrDuplicateName}
		}
	} else {
		var err error
		if i, err = sv.member(d, p, hint, obj); err != nil || i < 0 {
			return hint, err
		}
	}
	f := &sv.fields[i]
	if !(f.direct && obj.inline && !d.atEnd() && d.inlineField(f.inline, unsafe.Add(p, f.offset))) {
		if err := sv.field(d, p, i, nameAt); err != nil {
			return i + 1, err
		}
	}
	return i + 1, nil
}

// objectV2 is what the v2 struct loop keeps about one object beyond
// the expected field.
type objectV2 struct {
	// seen is the set of fields met, for the duplicate check (with
	// checkDup). While ordered is set, every field met was the expected
	// one, so that the fields met are the first hint ones, and seen is
	// not kept; member fills it in when it finds a field by its name.
	seen     seenFields
	ordered  bool
	checkDup bool
	// inline is set when plain fields are decoded in place; noFuncs
	// when the caller gave no unmarshal functions.
	inline, noFuncs bool
	// unknownBase is where this object's names no field takes start on
	// d.v2.unknown.
	unknownBase int
}

// member reads a member name that is not the expected field's, with its
// colon, and finds the field that takes it (-1 if none: the member's
// value is then read, into the struct's fallback or skipped).
func (sv *structV2) member(d *state, p unsafe.Pointer, hint int, obj *objectV2) (int, error) {
	nameAt := d.pos
	// The name is in scratch until the value's strings are read.
	name, err := d.readStringTemp()
	if err != nil {
		return -1, d.truncated()
	}
	i, err := sv.lookup(d, name, nameAt)
	if err != nil {
		return -1, err
	}
	// The name is judged before the colon is read, as Go's v2 reads the
	// name alone.
	if i < 0 && sv.fallback == nil && d.v2.bits&v2RejectUnknown != 0 {
		return -1, within(d.errAt(nameAt, sv.t, '"', v2api.ErrUnknownName), strings.Clone(name))
	}
	if i >= 0 && obj.checkDup {
		if obj.ordered {
			obj.ordered = false
			for j := 0; j < hint; j++ {
				obj.seen.add(j)
			}
		}
		if obj.seen.add(i) {
			return -1, &jsontext.SyntacticError{ByteOffset: int64(nameAt), JSONPointer: jsontext.Pointer("").AppendToken(name), Err: jsontext.ErrDuplicateName}
		}
	}
	if i < 0 && d.v2.single {
		for _, u := range d.v2.unknown[obj.unknownBase:] {
			if u == name {
				return -1, d.truncated()
			}
		}
		if len(d.v2.unknown)-obj.unknownBase >= maxUnknownNames {
			return -1, d.truncated()
		}
		d.v2.unknown = append(d.v2.unknown, strings.Clone(name))
	}
	// The colon is read with the value: where the valid text ends before
	// it, the value's decoder meets the end (a method may report an
	// error of its own first).
	quoted := d.src[nameAt:d.pos]
	d.skipSpace()
	if !d.atEnd() {
		if !d.delimV2(':') {
			return -1, d.truncated()
		}
		d.skipSpace()
	}
	if i >= 0 {
		return i, nil
	}
	if sv.fallback != nil {
		name = strings.Clone(name)
		fp := fieldPointerV2(p, sv.plan.Fallback.Offset, sv.plan.Fallback.Hops, true)
		if fp == nil {
			return -1, d.errAt(d.pos, sv.t, 0, errNilField)
		}
		if err := sv.fallback(d, fp, name, quoted, nameAt); err != nil {
			return -1, within(err, name)
		}
		return -1, nil
	}
	return -1, d.skipV2()
}

// field decodes the value of field i, whose name is at nameAt, into the
// struct at p, by the field's decoder (the struct loop decodes plain
// fields in place itself).
func (sv *structV2) field(d *state, p unsafe.Pointer, i, nameAt int) error {
	f := &sv.fields[i]
	fp := p
	if f.hops != nil {
		if fp = fieldPointerV2(p, 0, f.hops, true); fp == nil {
			return within(d.errAt(d.pos, sv.t, 0, errNilField), d.nameAt(nameAt))
		}
	}
	fp = unsafe.Add(fp, f.offset)
	if f.hops != nil && f.inline != fieldOther && d.v2.funcs == nil && d.v2.bits&v2Stringify == 0 && !d.atEnd() && d.inlineField(f.inline, fp) {
		// A plain field of a struct embedded through a pointer.
		return nil
	}
	if f.str {
		d.v2.tag = v2TagString
	}
	if f.format != "" {
		d.v2.tag = 0
		return within(d.errAt(d.pos, f.typeOf(sv, i), 0, v2api.ErrInvalidFormat(f.format)), d.nameAt(nameAt))
	}
	if err := d.pickV2(f.fn, f.raw)(d, fp); err != nil {
		d.v2.tag = 0
		return within(err, d.nameAt(nameAt))
	}
	d.v2.tag = 0
	return nil
}

// maxUnknownNames bounds the names no field takes that a single pass
// compares with each other in one object (quadratic work); an object
// with more is left to the checked pass.
const maxUnknownNames = 32

func (f *fieldV2) typeOf(sv *structV2, i int) reflect.Type { return sv.plan.Fields[i].Type }

// fallbackFunc decodes an object member that no field takes into the
// struct's embedded map or raw value at p.
type fallbackFunc func(d *state, p unsafe.Pointer, name, quoted string, nameAt int) error

var errRawEmbedNotObject = errors.New("embedded raw value must be a JSON object")

// trimSpaceRight returns b less any JSON whitespace it ends with.
func trimSpaceRight(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t' || b[len(b)-1] == '\n' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}

func fallbackFnV2(t reflect.Type) fallbackFunc {
	if t.Kind() == reflect.Pointer {
		// Allocated when the first member no field takes is met.
		et := t.Elem()
		inner := fallbackFnV2(et)
		return func(d *state, p unsafe.Pointer, name, quoted string, nameAt int) error {
			q := *(*unsafe.Pointer)(p)
			if q == nil {
				q = reflect.New(et).UnsafePointer()
				*(*unsafe.Pointer)(p) = q
			}
			return inner(d, q, name, quoted, nameAt)
		}
	}
	if rt.IsRawValueType(t) {
		return func(d *state, p unsafe.Pointer, name, quoted string, nameAt int) error {
			// The value is changed as Go's v2 changes it, step by step,
			// so that an error leaves what Go's leaves: whitespace
			// trimmed, or the name and colon added.
			raw := (*[]byte)(p)
			b := *raw
			if len(b) == 0 {
				b = append(b, '{')
			} else {
				// Members are added within the object held.
				b = trimSpaceRight(b)
				if len(b) == 0 || b[len(b)-1] != '}' {
					*raw = b
					return d.errAt(nameAt, t, '"', errRawEmbedNotObject)
				}
				b = trimSpaceRight(b[:len(b)-1])
				if len(b) == 0 || b[len(b)-1] != ',' && b[len(b)-1] != '{' {
					b = append(b, ',')
				}
			}
			b = append(b, quoted...)
			b = append(b, ':')
			*raw = b
			start := d.pos
			if err := d.skipV2(); err != nil {
				return err
			}
			b = append(b, d.src[start:d.pos]...)
			*raw = append(b, '}')
			return nil
		}
	}
	vt := t.Elem()
	val := fnForV2(vt)
	return func(d *state, p unsafe.Pointer, name, quoted string, _ int) error {
		m := reflect.NewAt(t, p).Elem()
		if m.IsNil() {
			m.Set(reflect.MakeMap(t))
		}
		k := reflect.ValueOf(name).Convert(t.Key())
		v := reflect.New(vt).Elem()
		if old := m.MapIndex(k); old.IsValid() {
			v.Set(old)
		}
		err := val(d, v.Addr().UnsafePointer())
		m.SetMapIndex(k, v)
		return err
	}
}

// fieldPointerV2 follows an embedded field's hops from the struct at p,
// allocating nil pointers on the way (when alloc is set); nil when a
// nil pointer is unexported and cannot be allocated.
func fieldPointerV2(p unsafe.Pointer, offset uintptr, hops []rt.Hop, alloc bool) unsafe.Pointer {
	for _, h := range hops {
		slot := (*unsafe.Pointer)(unsafe.Add(p, h.Offset))
		if *slot == nil {
			if !alloc || h.Unexported {
				return nil
			}
			*slot = reflect.New(h.Elem).UnsafePointer()
		}
		p = *slot
	}
	return unsafe.Add(p, offset)
}

var errNilField = errors.New("cannot set embedded pointer to unexported struct type")
