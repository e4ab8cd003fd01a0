package decoder

import (
	"fmt"
	"reflect"
	"unsafe"

	"github.com/jetjson/jet/internal/rt"
)

// decField is one member of a struct plan.
type decField struct {
	name       string
	structName string
	embedPath  []string
	typ        reflect.Type
	offset     uintptr
	hops       []rt.Hop
	quoted     bool
	fn         decFunc
}

// structPlan is the compiled decoder of a struct type: its fields and the
// tables that find a field from a key.
type structPlan struct {
	typ    reflect.Type
	fields []decField
	// byLen[n] lists the fields whose name is n bytes long (names up to
	// maxIndexedLen); longer names are in long.
	byLen [][]int
	long  map[string]int
	// folded maps case-folded names to the first field that has it.
	folded map[string]int
}

const maxIndexedLen = 48

func structFn(t reflect.Type) decFunc {
	sp := &structPlan{typ: t, folded: map[string]int{}}
	for _, f := range rt.StructFields(t) {
		sp.fields = append(sp.fields, decField{
			name:       f.Name,
			structName: t.Name(),
			embedPath:  f.EmbedPath,
			typ:        f.Type,
			offset:     f.Offset,
			hops:       f.Hops,
			quoted:     f.Quoted,
		})
	}
	for i := range sp.fields {
		f := &sp.fields[i]
		f.fn = fnFor(f.typ)
		if n := len(f.name); n <= maxIndexedLen {
			for len(sp.byLen) <= n {
				sp.byLen = append(sp.byLen, nil)
			}
			sp.byLen[n] = append(sp.byLen[n], i)
		} else {
			if sp.long == nil {
				sp.long = map[string]int{}
			}
			sp.long[f.name] = i
		}
		k := string(rt.AppendFoldedName(nil, f.name))
		if _, ok := sp.folded[k]; !ok {
			sp.folded[k] = i
		}
	}
	return func(d *state, p unsafe.Pointer) error { return d.decodeStruct(sp, p) }
}

// find returns the index of the field for key, or -1: the expected next
// field first (keys usually come in field order), then an exact match,
// then, unless matching is case-sensitive, a case-insensitive one.
func (sp *structPlan) find(key string, hint int, caseSensitive bool) int {
	if hint < len(sp.fields) && sp.fields[hint].name == key {
		return hint
	}
	if n := len(key); n < len(sp.byLen) {
		for _, i := range sp.byLen[n] {
			if sp.fields[i].name == key {
				return i
			}
		}
	} else if sp.long != nil {
		if i, ok := sp.long[key]; ok {
			return i
		}
	}
	if caseSensitive {
		return -1
	}
	var buf [64]byte
	if i, ok := sp.folded[string(rt.AppendFoldedName(buf[:0], key))]; ok {
		return i
	}
	return -1
}

func (d *state) decodeStruct(sp *structPlan, p unsafe.Pointer) error {
	if d.pos >= len(d.src) || d.src[d.pos] != '{' {
		return d.other(sp.typ)
	}
	caseSensitive := d.opts&OptionCaseSensitive != 0
	hint := 0
	empty, err := d.objectStart()
	for !empty && err == nil {
		var key string
		if key, _, _, err = d.memberKey(false); err != nil {
			break
		}
		if i := sp.find(key, hint, caseSensitive); i >= 0 {
			hint = i + 1
			err = d.decodeField(&sp.fields[i], p)
		} else {
			if d.opts&OptionDisallowUnknownFields != 0 {
				d.save(fmt.Errorf("json: unknown field %q", key))
			}
			err = d.skip()
		}
		if err == nil {
			empty, err = d.objectNext()
		}
	}
	return err
}

func (d *state) decodeField(f *decField, p unsafe.Pointer) error {
	if f.hops != nil {
		var ok bool
		if p, ok = d.followHops(p, f.hops); !ok {
			return d.skip()
		}
	}
	p = unsafe.Add(p, f.offset)
	d.fields = append(d.fields, f)
	var err error
	if f.quoted {
		err = d.decodeQuoted(f, p)
	} else {
		err = f.fn(d, p)
	}
	d.fields = d.fields[:len(d.fields)-1]
	return err
}

// followHops walks the embedded pointers to a promoted field, allocating
// nil ones. A nil unexported one cannot be set: that is recorded as an
// error (as in encoding/json) and the value skipped.
func (d *state) followHops(p unsafe.Pointer, hops []rt.Hop) (unsafe.Pointer, bool) {
	for _, h := range hops {
		pp := unsafe.Add(p, h.Offset)
		w := *(*unsafe.Pointer)(pp)
		if w == nil {
			if h.Unexported {
				d.save(fmt.Errorf("json: cannot set embedded pointer to unexported struct: %v", h.Elem))
				return nil, false
			}
			w = newValue(h.Elem)
			*(*unsafe.Pointer)(pp) = w
		}
		p = w
	}
	return p, true
}
