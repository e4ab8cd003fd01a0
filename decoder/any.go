package decoder

import (
	"encoding/json"
	"reflect"
	"unsafe"

	"github.com/jetjson/jet/internal/rt"
	"github.com/jetjson/jet/internal/wire"
)

// emptyIfaceFn decodes into an empty interface: into the pointer it
// holds, if any (as encoding/json does), else a fresh value replaces it.
// report is the type encoding/json names in a mismatch found through that
// pointer: the interface type, or the pointer type that led to it.
func emptyIfaceFn(report reflect.Type) decFunc {
	return func(d *state, p unsafe.Pointer) error {
		if d.pos >= len(d.src) {
			return d.errorAt(d.pos)
		}
		if old := *(*any)(p); old != nil {
			w := rt.EfaceOf(&old).Data
			// An interface holding its own address (v = &v) is decoded
			// into directly, as encoding/json does, instead of through
			// itself.
			if t := reflect.TypeOf(old); t.Kind() == reflect.Pointer && w != nil && w != p &&
				(d.src[d.pos] != 'n' || t.Elem().Kind() == reflect.Pointer) {
				return decodeIntoPointer(d, old, report)
			}
		}
		if isNumberStart(d.src[d.pos]) {
			// A number out of float64's range is a mismatch that leaves
			// the interface as it was, as in encoding/json.
			v, err := d.numberAny()
			if err == nil && v != nil {
				*(*any)(p) = v
			}
			return err
		}
		v, err := d.decodeAny()
		if err != nil {
			return err
		}
		*(*any)(p) = v
		return nil
	}
}

// decodeAny decodes the value at pos as encoding/json decodes into an
// empty interface: map[string]any, []any, string, float64 (or
// json.Number or int64 with the options), bool, nil.
func (d *state) decodeAny() (any, error) {
	if d.pos >= len(d.src) {
		return nil, d.errorAt(d.pos)
	}
	switch c := d.src[d.pos]; c {
	case '{':
		return d.objectAny()
	case '[':
		return d.arrayAny()
	case '"':
		s, err := d.readString()
		if err != nil {
			return nil, err
		}
		return d.boxString(s), nil
	case 't':
		return true, d.literal("true")
	case 'f':
		return false, d.literal("false")
	case 'n':
		return nil, d.literal("null")
	default:
		if isNumberStart(c) {
			return d.numberAny()
		}
	}
	return nil, d.errorAt(d.pos)
}

// keyCacheOff turns the name cache of objectAny off, for tests that
// compare it with the general path.
var keyCacheOff bool

// smallMapsOff turns off objectAny's filling of small objects' maps as
// their members are read, for tests that compare it with the general
// path (members collected first).
var smallMapsOff bool

// readKey reads a member's name that is not the one in the name cache's
// slot, and caches it there when its text is the name itself.
func (d *state) readKey(slot int) (string, error) {
	start := d.pos + 1
	k, plain, err := d.readStringPlain()
	if plain && !keyCacheOff {
		d.keys[slot] = k
		d.keysUsed = max(d.keysUsed, slot+1)
		// The text of a name of up to 7 bytes and its closing quote, as
		// one word, which objectAny compares with the next name's.
		var w uint64
		if len(k) < 8 && start+8 <= len(d.src) {
			w = wire.Load64(d.src, start) & keyWordMask(len(k))
		}
		d.keyWords[slot] = w
	}
	return k, err
}

// keyWordMask keeps the bytes of a name of n bytes and its closing quote
// in a little-endian word.
func keyWordMask(n int) uint64 { return 1<<(8*(n+1)) - 1 }

func (d *state) objectAny() (any, error) {
	if err := d.enter(); err != nil {
		return nil, err
	}
	d.pos++
	if d.spaceNext() {
		d.skipSpaceMore()
	}
	if d.pos < len(d.src) && d.src[d.pos] == '}' {
		d.pos++
		d.depth--
		return map[string]any{}, nil
	}
	// An object of up to smallObject members is put in its map as its
	// members are read: make's size hint changes nothing for a map that
	// small, and the members' copies on kvs (and their clearing, all
	// writes with barriers while the collector marks) are saved. Larger
	// ones are collected on kvs first, so that their map is made at its
	// size. The last object at the same place (depth, and place in the
	// object around it, as the name cache's slots) tells which kind to
	// expect; an object that outgrows the guess moves what its map holds
	// to kvs.
	var lenSlot *uint8
	var m map[string]any
	// row is the name cache's row for this object's names: its depth,
	// shifted by its place in the object around it, so that objects of
	// one depth under different names (twitter's user, entities and
	// metadata) keep names of their own.
	place := d.place
	row := (d.depth - 1 + place) % keyDepths
	if place < keyPlaces && !smallMapsOff {
		lenSlot = &d.objLens[place*keyDepths+(d.depth-1)%keyDepths]
		if *lenSlot <= smallObject {
			m = make(map[string]any)
		}
	}
	base := len(d.kvs)
	n := 0
	for i := 0; ; i++ {
		if d.pos >= len(d.src) || d.src[d.pos] != '"' {
			return nil, d.errorAt(d.pos)
		}
		var k string
		var err error
		if i < keyPlaces && len(d.src) >= keyCacheMin {
			// Objects at one depth mostly repeat the names of the one
			// before, in the same order: a name whose text is the one
			// cached for its place is that string, not read again.
			slot := i*keyDepths + row
			// sameKey, for a name cached with its word (see readKey)
			// compared as one masked word, without a call.
			hit := false
			if k = d.keys[slot]; k != "" {
				if w := d.keyWords[slot]; w != 0 && d.pos+9 <= len(d.src) {
					if wire.Load64(d.src, d.pos+1)&keyWordMask(len(k)) == w {
						d.pos += len(k) + 2
						hit = true
					}
				} else {
					hit = d.sameKey(k)
				}
			}
			if !hit {
				k, err = d.readKey(slot)
			}
		} else {
			k, err = d.readString()
		}
		if err != nil {
			return nil, err
		}
		if d.spaceNext() {
			d.skipSpaceMore()
		}
		if d.pos >= len(d.src) || d.src[d.pos] != ':' {
			return nil, d.errorAt(d.pos)
		}
		d.pos++
		if d.spaceNext() {
			d.skipColonSpaceMore()
		}
		var v any
		if d.numberNext() {
			v, err = d.numberAny()
		} else {
			d.place = i
			v, err = d.decodeAny()
		}
		if err != nil {
			return nil, err
		}
		n++
		if m != nil && i < smallObject {
			m[k] = v
		} else {
			if m != nil {
				for mk, mv := range m {
					d.kvs = append(d.kvs, kv{mk, mv})
				}
				m = nil
			}
			d.kvs = append(d.kvs, kv{k, v})
		}
		if d.spaceNext() {
			d.skipSpaceMore()
		}
		if d.pos < len(d.src) {
			if c := d.src[d.pos]; c == ',' {
				d.pos++
				if d.spaceNext() {
					d.skipSpaceMore()
				}
				continue
			} else if c == '}' {
				d.pos++
				break
			}
		}
		return nil, d.errorAt(d.pos)
	}
	if lenSlot != nil {
		*lenSlot = uint8(min(n, smallObject+1))
	}
	if m == nil {
		members := d.kvs[base:]
		m = make(map[string]any, len(members))
		for i := range members {
			m[members[i].k] = members[i].v
		}
		clear(members)
		d.kvs = d.kvs[:base]
	}
	d.depth--
	if len(m) != n && d.opts&optV2Single != 0 {
		// A duplicate name, which Go's v2 rejects; the checked pass
		// says where.
		return nil, d.truncated()
	}
	return m, nil
}

func (d *state) arrayAny() (any, error) {
	if err := d.enter(); err != nil {
		return nil, err
	}
	d.pos++
	if d.spaceNext() {
		d.skipSpaceMore()
	}
	if d.pos < len(d.src) && d.src[d.pos] == ']' {
		d.pos++
		d.depth--
		return emptyAnys, nil
	}
	base := len(d.anys)
	for {
		var v any
		var err error
		if d.numberNext() {
			v, err = d.numberAny()
		} else {
			d.place = 0
			v, err = d.decodeAny()
		}
		if err != nil {
			return nil, err
		}
		d.anys = append(d.anys, v)
		if d.spaceNext() {
			d.skipSpaceMore()
		}
		if d.pos < len(d.src) {
			if c := d.src[d.pos]; c == ',' {
				d.pos++
				if d.spaceNext() {
					d.skipSpaceMore()
				}
				continue
			} else if c == ']' {
				d.pos++
				break
			}
		}
		return nil, d.errorAt(d.pos)
	}
	elems := d.anys[base:]
	a := d.anySlice(len(elems))
	copy(a, elems)
	clear(elems)
	d.anys = d.anys[:base]
	d.depth--
	return d.boxSlice(a), nil
}

var float64Type = reflect.TypeFor[float64]()

// numberNext reports whether a number starts at pos. Arrays and objects
// test it before decodeAny, to go to numberAny in one call; the branch is
// written out at both sites because a shared function holding both calls
// is too large to inline, and would put the call level back.
func (d *state) numberNext() bool { return d.pos < len(d.src) && isNumberStart(d.src[d.pos]) }

func (d *state) numberAny() (any, error) {
	if d.opts&(OptionUseNumber|OptionUseInt64) == 0 {
		if v, end, ok := wire.ShortUint(d.src, d.pos); ok {
			d.pos = end
			if v < uint64(len(smallFloats)) {
				return packPointer(float64Word, unsafe.Pointer(&smallFloats[v])), nil
			}
			return d.boxFloat(float64(v)), nil
		}
		f, text, ok, err := d.float()
		if err != nil {
			return nil, err
		}
		if !ok {
			d.saveMismatch("number "+text, float64Type, d.pos+1)
			return nil, nil
		}
		return d.boxFloat(f), nil
	}
	start := d.pos
	s, float, err := d.number()
	if err != nil {
		return nil, err
	}
	if d.opts&OptionUseNumber != 0 {
		return d.boxNumber(json.Number(d.keep(start, d.pos))), nil
	}
	if d.opts&OptionUseInt64 != 0 && !float {
		if n, ok := wire.ParseInt(s); ok {
			return d.boxInt(n), nil
		}
	}
	f, perr := wire.ParseFloat(s)
	if perr != nil {
		d.saveMismatch("number "+s, float64Type, d.pos+1)
		return nil, nil
	}
	return d.boxFloat(f), nil
}

// Boxing a number or string in an interface allocates; these allocate
// the values in slabs instead and point the interfaces into them. A slab
// is never written again where it has been handed out, so slabs may be
// shared by successive decodings.

var (
	float64Word = typeWordOf(float64(0))
	int64Word   = typeWordOf(int64(0))
	stringWord  = typeWordOf("")
	numberWord  = typeWordOf(json.Number(""))
	sliceWord   = typeWordOf([]any(nil))
)

func typeWordOf(v any) unsafe.Pointer { return rt.EfaceOf(&v).Type }

// slabCap is the capacity of the next slab of a kind whose last one had
// prev. Slabs last one call (see reset), so the first is sized by the
// input, one per 32 bytes of it between 2 and 16, lest a tiny document
// pay for a large slab; later ones double up to 1024.
func (d *state) slabCap(prev int) int {
	if prev == 0 {
		return min(max(len(d.src)>>5, 2), 16)
	}
	if prev < 16 {
		return 16
	}
	if prev >= 1024 {
		return 1024
	}
	return prev * 2
}

// smallFloats holds the float64 values of the integers most often met,
// which interfaces point at instead of at a slab, as the runtime does for
// small integers: a value in an interface is never written.
var smallFloats = func() (a [1024]float64) {
	for i := range a {
		a[i] = float64(i)
	}
	return a
}()

func (d *state) boxFloat(f float64) any {
	if len(d.floats) == cap(d.floats) {
		d.floats = make([]float64, 0, d.slabCap(cap(d.floats)))
	}
	d.floats = append(d.floats, f)
	return packPointer(float64Word, unsafe.Pointer(&d.floats[len(d.floats)-1]))
}

func (d *state) boxInt(n int64) any {
	if len(d.ints) == cap(d.ints) {
		d.ints = make([]int64, 0, d.slabCap(cap(d.ints)))
	}
	d.ints = append(d.ints, n)
	return packPointer(int64Word, unsafe.Pointer(&d.ints[len(d.ints)-1]))
}

func (d *state) boxString(s string) any {
	if s == "" {
		return ""
	}
	if len(d.strs) == cap(d.strs) && !d.tinySlabs() {
		d.strs = make([]string, 0, d.slabCap(cap(d.strs)))
	}
	d.strs = append(d.strs, s)
	return packPointer(stringWord, unsafe.Pointer(&d.strs[len(d.strs)-1]))
}

func (d *state) boxNumber(n json.Number) any {
	if len(d.nums) == cap(d.nums) {
		d.nums = make([]json.Number, 0, d.slabCap(cap(d.nums)))
	}
	d.nums = append(d.nums, n)
	return packPointer(numberWord, unsafe.Pointer(&d.nums[len(d.nums)-1]))
}

// anySlice returns a []any of length and capacity n, cut from a shared
// chunk when small, so that many small arrays do not each allocate.
func (d *state) anySlice(n int) []any {
	if n > 64 {
		return make([]any, n)
	}
	if len(d.anyPool)+n > cap(d.anyPool) && (n > len(tinyBlock{}.anys) || !d.tinySlabs()) {
		// The first chunk of a call is sized by the input (one element
		// per 8 bytes, 8 to 64), later ones double up to 1024.
		c := 2 * cap(d.anyPool)
		if c == 0 {
			c = d.firstChunk()
		} else if c < 64 {
			c = 64
		} else if c > 1024 {
			c = 1024
		}
		// No larger than what is left to fill: the elements waiting in
		// d.anys (these n and those of the arrays still open), one more
		// in each open array, and what the rest of the input could
		// hold (an element takes at least two bytes with its separator).
		c = min(c, len(d.anys)+d.depth+(len(d.src)-d.pos)>>1)
		c = max(c, n)
		d.anyPool = make([]any, 0, c)
	}
	i := len(d.anyPool)
	d.anyPool = d.anyPool[:i+n]
	return d.anyPool[i : i+n : i+n]
}

// firstChunk is the size of a call's first interface chunk: one element
// per 8 bytes of input, 8 to 64.
func (d *state) firstChunk() int { return min(max(len(d.src)>>3, 8), 64) }

// tinyBlock holds the first string, slice and interface slabs of a call
// on a tiny input in one allocation instead of three, with the sizes each
// would have had on its own (slabCap(0) and firstChunk; TestTinyBlock
// checks that they agree).
type tinyBlock struct {
	anys   [8]any
	strs   [2]string
	slices [2][]any
}

// tinyInput is the longest input whose first slabs come in a tinyBlock.
const tinyInput = 64

// tinySlabs installs a tinyBlock's slabs and reports true when the input
// is tiny and this call has none of those slabs yet.
func (d *state) tinySlabs() bool {
	if len(d.src) > tinyInput || d.strs != nil || d.slices != nil || d.anyPool != nil {
		return false
	}
	b := new(tinyBlock)
	d.anyPool = b.anys[:0:len(b.anys)]
	d.strs = b.strs[:0:len(b.strs)]
	d.slices = b.slices[:0:len(b.slices)]
	return true
}

// emptyAnys is the empty []any that an empty array decodes to in an
// interface: boxing a new one allocates its header (citm_catalog has
// 8695), and one serves all, since neither its header (in the interface)
// nor its array (of capacity 0) can be written through it.
var emptyAnys any = []any{}

func (d *state) boxSlice(a []any) any {
	if len(d.slices) == cap(d.slices) && !d.tinySlabs() {
		d.slices = make([][]any, 0, d.slabCap(cap(d.slices)))
	}
	d.slices = append(d.slices, a)
	return packPointer(sliceWord, unsafe.Pointer(&d.slices[len(d.slices)-1]))
}
