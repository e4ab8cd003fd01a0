package decoder

import (
	"encoding/binary"
	"fmt"
	"math"
	"reflect"
	"strings"
	"unsafe"

	"github.com/jetjson/jet/internal/rt"
	"github.com/jetjson/jet/internal/wire"
)

// namePattern is a member name as compact JSON writes it, quotes and
// colon included (`"name":`), as masked words: a key at src[i] is the
// name when the 8 bytes at i and the 8 at i+off1, masked, equal w0 and
// w1 (for patterns of up to 8 bytes the second word is masked out), and,
// for patterns longer than 16 bytes, the words between (mid, at i+8,
// i+16, ...) are equal too. Patterns longer than maxPattern bytes, and
// names JSON writes escaped, have no words: need is then larger than
// any input.
type namePattern struct {
	w0, m0, w1, m1 uint64
	off1           int
	// n is the pattern's length; need the bytes that must be in the
	// input from i: the words' and the value's first byte.
	n, need int
	mid     [(maxPattern - 9) / 8]uint64
}

// maxPattern bounds the patterns compared as words: `"name":` for names
// of up to 37 bytes.
const maxPattern = 40

// noPattern is need for a name without a pattern.
const noPattern = math.MaxInt

// setPattern sets p from name, escaped when rawKey is false.
func (p *namePattern) set(name string, rawKey bool) {
	*p = namePattern{need: noPattern}
	q := `"` + name + `":`
	if !rawKey || len(q) > maxPattern {
		return
	}
	var b [maxPattern + 8]byte
	copy(b[:], q)
	p.n = len(q)
	p.need = max(len(q)+1, 8)
	for j := 0; j < len(q) && j < 8; j++ {
		p.m0 |= 0xff << (8 * j)
	}
	p.w0 = binary.LittleEndian.Uint64(b[:8]) & p.m0
	if len(q) > 8 {
		p.off1 = len(q) - 8
		p.m1 = ^uint64(0)
		p.w1 = binary.LittleEndian.Uint64(b[p.off1:])
	}
	for k := 8; k < len(q)-8; k += 8 {
		p.mid[k/8-1] = binary.LittleEndian.Uint64(b[k:])
	}
}

// match reports whether the member at src[i] may be the pattern's name,
// followed at once by its colon and then by at least one byte: whether
// it is, for patterns of up to 16 bytes; longer ones are if matchMid
// says so too.
func (p *namePattern) match(src string, i int) bool {
	return len(src)-i >= p.need && wire.Load64(src, i)&p.m0 == p.w0 && wire.Load64(src, i+p.off1)&p.m1 == p.w1
}

// matchMid reports whether the words between the first and the last of
// a pattern longer than 16 bytes are at src[i+8:], which the caller has
// checked are in src.
func (p *namePattern) matchMid(src string, i int) bool {
	for k := 8; k < p.n-8; k += 8 {
		if wire.Load64(src, i+k) != p.mid[k/8-1] {
			return false
		}
	}
	return true
}

// decField is one member of a struct plan. The fields used on every
// member come first.
type decField struct {
	pat namePattern
	// direct is set when the struct loop decodes the field in place
	// itself: a plain kind, not reached through embedded pointers;
	// byFn when it calls fn itself: any other kind, not reached through
	// embedded pointers, without ",string".
	direct, byFn bool
	// keyQ is the name between quotes; keyWord and keyMask hold its
	// first 8 bytes (little-endian), keyLast its last 8 when it is longer,
	// for a comparison in one or two loads.
	keyWord, keyMask, keyLast uint64
	keyQ                      string
	// rawKey marks a name that appears in JSON as itself (no byte needs
	// escaping, valid UTF-8), so that a key can be matched against it
	// in the input before being decoded.
	rawKey bool
	kind   fieldKind
	quoted bool
	offset uintptr
	hops   []rt.Hop
	fn     decFunc

	name       string
	structName string
	embedPath  []string
	typ        reflect.Type
}

// fieldKind selects an inline fast path for a field of a plain type (no
// methods, no ",string"); fieldOther always calls the field's decoder.
type fieldKind uint8

const (
	fieldOther fieldKind = iota
	fieldString
	fieldInt64
	fieldInt32
	fieldFloat64
	fieldBool
)

func plainFieldKind(t reflect.Type) fieldKind {
	pt := reflect.PointerTo(t)
	if t.Name() != "" && (pt.Implements(rt.UnmarshalerType) || pt.Implements(rt.TextUnmarshalerType)) {
		return fieldOther
	}
	switch t.Kind() {
	case reflect.String:
		if t != rt.NumberType {
			return fieldString
		}
	case reflect.Int64:
		return fieldInt64
	case reflect.Int:
		if t.Size() == 8 {
			return fieldInt64
		}
		return fieldInt32
	case reflect.Int32:
		return fieldInt32
	case reflect.Float64:
		return fieldFloat64
	case reflect.Bool:
		return fieldBool
	}
	return fieldOther
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
	sp := newStructPlan(t)
	return func(d *state, p unsafe.Pointer) error { return d.decodeStruct(sp, p) }
}

// newStructPlan compiles the plan of struct type t. Must be called with
// compileMu held.
func newStructPlan(t reflect.Type) *structPlan {
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
		if !f.Quoted {
			df := &sp.fields[len(sp.fields)-1]
			df.kind = plainFieldKind(f.Type)
			df.direct = df.kind != fieldOther && f.Hops == nil
			df.byFn = df.kind == fieldOther && f.Hops == nil
		}
	}
	for i := range sp.fields {
		f := &sp.fields[i]
		f.fn = fnFor(f.typ)
		f.setKey(f.name)
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
	return sp
}

// setKey sets what matchKey compares a key with: the quoted name, and
// its first and last 8 bytes as words.
func (f *decField) setKey(name string) {
	f.rawKey = !wire.NeedsQuoting(name, false)
	f.pat.set(name, f.rawKey)
	f.keyQ = `"` + name + `"`
	for j := 0; j < len(f.keyQ) && j < 8; j++ {
		f.keyWord |= uint64(f.keyQ[j]) << (8 * j)
		f.keyMask |= 0xff << (8 * j)
	}
	if n := len(f.keyQ); n > 8 {
		f.keyLast = binary.LittleEndian.Uint64([]byte(f.keyQ[n-8:]))
	}
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
	hint := 0
	// objectStart's common case, inline: a name right after the brace.
	var err error
	if d.depth < d.maxDepth && d.pos+1 < len(d.src) && d.src[d.pos+1] == '"' {
		d.depth++
		d.pos++
	} else if empty, err := d.objectStart(); empty || err != nil {
		return err
	}
	// The loop carries few values from one member to the next (d, sp,
	// p, hint): Go keeps none in registers across a call, and each is
	// reloaded after the value's.
	for {
		// Keys usually come in field order: try the expected field's
		// name against the input before decoding the key.
		if hint < len(sp.fields) {
			f := &sp.fields[hint]
			if f.pat.match(d.src, d.pos) && (f.pat.n <= 16 || f.pat.matchMid(d.src, d.pos)) {
				// i and c are the value's index and first byte (0 at
				// the end of the input).
				i := d.pos + f.pat.n
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
				hint++
				if f.direct {
					// The commonest values of plain fields, in place.
					fp := unsafe.Add(p, f.offset)
					switch f.kind {
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
						if c != 0 && d.inlineField(f.kind, fp) {
							goto next
						}
					}
					if err := d.decodeFieldBy(f, fp); err != nil {
						return err
					}
				} else if f.byFn {
					// decodeFieldBy, inline.
					d.fields = append(d.fields, f)
					err := f.fn(d, unsafe.Add(p, f.offset))
					d.fields = d.fields[:len(d.fields)-1]
					if err != nil {
						return err
					}
				} else if err := d.decodeField(f, p); err != nil {
					return err
				}
				goto next
			}
		}
		if hint, err = d.structMember(sp, p, hint); err != nil {
			return err
		}
	next:
		// The common cases of objectNext, inline: a comma, a brace.
		if d.pos < len(d.src) {
			if c := d.src[d.pos]; c == ',' {
				d.pos++
				if d.spaceNext() {
					d.skipSpaceMore()
				}
				continue
			} else if c == '}' {
				d.pos++
				d.depth--
				return nil
			}
		}
		if empty, err := d.objectNext(); empty || err != nil {
			return err
		}
	}
}

// structMember decodes a member the struct loop's shortcut did not take
// (a name other than the expected field's, or written otherwise than
// its pattern): it reads the name and its colon, finds the field and
// decodes the value, or skips it. It returns the hint for the next
// member.
func (d *state) structMember(sp *structPlan, p unsafe.Pointer, hint int) (int, error) {
	if hint < len(sp.fields) && d.matchKey(&sp.fields[hint]) {
		return hint + 1, d.decodeField(&sp.fields[hint], p)
	}
	key, _, _, err := d.memberKey(false)
	if err != nil {
		return hint, err
	}
	if i := sp.find(key, hint, d.opts&OptionCaseSensitive != 0); i >= 0 {
		return i + 1, d.decodeField(&sp.fields[i], p)
	}
	if d.opts&OptionDisallowUnknownFields != 0 {
		d.save(fmt.Errorf("json: unknown field %q", key))
	}
	return hint, d.skip()
}

// matchKey reports whether the key at pos is exactly f's name, and if so
// moves past it and its colon to the value. Its common case, a name of up
// to 16 bytes (quotes included) with room after it and the colon right
// after, calls nothing, so that it keeps what it holds in registers; the
// rest is matchKeyFull's.
func (d *state) matchKey(f *decField) bool {
	i, src := d.pos, d.src
	n := len(f.keyQ)
	if n > 16 || i+n+9 > len(src) || !f.rawKey {
		return d.matchKeyFull(f)
	}
	// In bounds: n is at least 3 (two quotes and a byte).
	if !f.wordsMatch(src, i) {
		return false
	}
	i += n
	if src[i] != ':' {
		return d.colonAfterKey(i)
	}
	i++
	if src[i] > ' ' {
		d.pos = i
		return true
	}
	d.valueAfterColon(i)
	return true
}

// colonAfterKey moves past the whitespace and colon after a key that
// matched, which ends at i, to the value; false if no colon follows.
func (d *state) colonAfterKey(i int) bool {
	i = wire.SkipSpace(d.src, i)
	if i >= len(d.src) || d.src[i] != ':' {
		return false
	}
	d.valueAfterColon(i + 1)
	return true
}

// valueAfterColon moves to the value after a member's colon, at i or
// after whitespace: the one space of indented JSON is tested first, in a
// branch of its own (whitespace after commas and brackets is mostly a
// newline and indentation).
func (d *state) valueAfterColon(i int) {
	src := d.src
	if i+1 < len(src) && src[i] == ' ' && src[i+1] > ' ' {
		d.pos = i + 1
	} else {
		d.pos = wire.SkipSpace(src, i)
	}
}

// wordsMatch reports whether the first 8 bytes of the key at src[i] and,
// for names longer than that, its last 8 are f's; the caller guarantees
// both words are in src.
func (f *decField) wordsMatch(src string, i int) bool {
	n := len(f.keyQ)
	return wire.Load64(src, i)&f.keyMask == f.keyWord && (n <= 8 || wire.Load64(src, i+n-8) == f.keyLast)
}

// matchKeyFull is matchKey for any name and position.
func (d *state) matchKeyFull(f *decField) bool {
	i, src := d.pos, d.src
	n := len(f.keyQ)
	if i+n > len(src) || !f.rawKey {
		return false
	}
	if i+8 <= len(src) {
		if !f.wordsMatch(src, i) || n > 16 && src[i+8:i+n-8] != f.keyQ[8:n-8] {
			return false
		}
	} else if src[i:i+n] != f.keyQ {
		return false
	}
	i += n
	if i < len(src) && src[i] == ':' {
		d.valueAfterColon(i + 1)
		return true
	}
	return d.colonAfterKey(i)
}

func (d *state) decodeField(f *decField, p unsafe.Pointer) error {
	if f.hops != nil {
		var ok bool
		if p, ok = d.followHops(p, f.hops); !ok {
			return d.skip()
		}
	}
	p = unsafe.Add(p, f.offset)
	if f.kind != fieldOther && d.pos < len(d.src) && d.inlineField(f.kind, p) {
		return nil
	}
	return d.decodeFieldBy(f, p)
}

// decodeFieldBy decodes a field at p by its decoder.
func (d *state) decodeFieldBy(f *decField, p unsafe.Pointer) error {
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

// inlineField decodes the common case of a plain field in place and
// reports whether it did; anything else (a null, a wrong type, a number
// that does not fit, a string needing unescaping...) is left untouched for
// the field's decoder, which knows how to report it.
func (d *state) inlineField(k fieldKind, p unsafe.Pointer) bool {
	c := d.src[d.pos]
	switch k {
	case fieldString:
		if c != '"' {
			return false
		}
		at := d.pos
		s, err := d.readString()
		if err != nil {
			d.pos = at
			return false
		}
		*(*string)(p) = s
		return true
	case fieldInt64, fieldInt32:
		if !isNumberStart(c) {
			return false
		}
		end, n, fits, ok := wire.ReadInt(d.src, d.pos)
		if !ok || !fits {
			return false
		}
		if k == fieldInt32 {
			if n != int64(int32(n)) {
				return false
			}
			*(*int32)(p) = int32(n)
		} else {
			*(*int64)(p) = n
		}
		d.pos = end
		return true
	case fieldFloat64:
		if !isNumberStart(c) {
			return false
		}
		at := d.pos
		f, _, ok, err := d.float()
		if err != nil || !ok {
			d.pos = at
			return false
		}
		*(*float64)(p) = f
		return true
	case fieldBool:
		if c == 't' && strings.HasPrefix(d.src[d.pos:], "true") {
			*(*bool)(p) = true
			d.pos += 4
			return true
		}
		if c == 'f' && strings.HasPrefix(d.src[d.pos:], "false") {
			*(*bool)(p) = false
			d.pos += 5
			return true
		}
	}
	return false
}
