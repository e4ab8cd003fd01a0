package jsontext

import (
	"encoding/binary"
	"hash/maphash"
	"math"
	"math/bits"
	"strconv"

	"github.com/jetjson/jet/internal/wire"
)

// maxDepth is the deepest nesting of objects and arrays accepted, as in
// Go's jsontext (RFC 8259, section 9, lets implementations set one).
const maxDepth = 10000

// level is one open object or array: whether it is an object and how many
// tokens it holds so far (an object counts each name and each value).
// The top level is a level too: an array of values that needs no commas.
type level uint64

const (
	levelObject level = 1 << 63
	levelCount  level = 1<<62 - 1
)

// (The tests below are written without 64-bit constants, which cost an
// instruction each to load: levelObject is the sign bit.)

func (l level) isObject() bool { return int64(l) < 0 }
func (l level) isArray() bool  { return int64(l) >= 0 }
func (l level) length() int64  { return int64(l & levelCount) }

// isEmpty reports whether the level holds no token yet (length() == 0).
func (l level) isEmpty() bool { return l<<2 == 0 }

// needName reports whether the next token must be an object member's
// name.
func (l level) needName() bool { return int64(l) < 0 && l&1 == 0 }

// needValue reports whether the next token must be an object member's
// value (a name was just read or written).
func (l level) needValue() bool { return int64(l) < 0 && l&1 != 0 }

// needComma reports whether a comma must come before a next token of
// kind next (a value or name after another, not an end).
func (l level) needComma(next Kind) bool {
	return !l.needValue() && l.length() > 0 && next != '}' && next != ']'
}

// machine is the grammar of a sequence of tokens: a stack of open levels.
// Its methods check that a token may come next and, only if it may,
// record it.
type machine struct {
	last  level   // the innermost level
	outer []level // the levels around it, outermost first
	limit int     // levels that may be open (0: maxDepth; -1: none)
}

// setLimit lets n levels be open (none when n is 0).
func (m *machine) setLimit(n int) {
	m.limit = n
	if n == 0 {
		m.limit = -1
	}
}

func (m *machine) reset() {
	m.last = 0
	m.outer = m.outer[:0]
	if cap(m.outer) > 1<<10 {
		m.outer = nil
	}
}

// depth counts the levels, the top level included.
func (m *machine) depth() int { return len(m.outer) + 1 }

// at returns level i, 0 being the top level.
func (m *machine) at(i int) level {
	if i == len(m.outer) {
		return m.last
	}
	return m.outer[i]
}

func (m *machine) appendLiteral() error {
	if m.last.needName() {
		return ErrNonStringName
	}
	m.last++
	return nil
}

func (m *machine) appendString() { m.last++ }

func (m *machine) push(object bool) error {
	switch {
	case m.last.needName():
		return ErrNonStringName
	case m.limit == 0 && len(m.outer) == maxDepth, m.limit != 0 && len(m.outer) >= m.limit:
		return errMaxDepth
	}
	m.outer = append(m.outer, m.last+1)
	m.last = 0
	if object {
		m.last = levelObject
	}
	return nil
}

func (m *machine) popObject() error {
	switch {
	case !m.last.isObject():
		return errMismatchDelim
	case m.last.needValue():
		return errMissingValue
	}
	m.pop()
	return nil
}

func (m *machine) popArray() error {
	if !m.last.isArray() || len(m.outer) == 0 {
		return errMismatchDelim
	}
	m.pop()
	return nil
}

func (m *machine) pop() {
	n := len(m.outer) - 1
	m.last = m.outer[n]
	m.outer = m.outer[:n]
}

// needDelim returns the delimiter that must come before a next token of
// kind next: ':' after a name, ',' between values (except at the top
// level), or 0.
func (m *machine) needDelim(next Kind) byte {
	switch {
	case m.last.needValue():
		return ':'
	case len(m.outer) > 0 && m.last.needComma(next):
		return ','
	}
	return 0
}

// needIndent returns how deep the next token of kind next is to be
// indented in multiline output: 0 for no new line, n for a new line with
// the prefix and n-1 copies of the indent.
func (m *machine) needIndent(next Kind) int {
	end := next == '}' || next == ']'
	switch d := m.depth(); {
	case d == 1:
		return 0
	case m.last.length() == 0 && end:
		return 0
	case m.last.length() == 0 || m.last.needComma(next):
		return d
	case end:
		return d - 1
	}
	return 0
}

// nameStack remembers, for each open object, the name of its current
// member, so that a JSON Pointer to where the coder is can be built.
// A name is first recorded as the position of its quoted text in the
// coder's buffer; before the buffer's contents move (a decoder reading
// more, an encoder flushing), such names are copied out, unquoted.
type nameStack struct {
	// refs has one entry per open object, outermost first: the end of its
	// unquoted name in text when >= 0, the bitwise complement of the
	// quoted name's position in the buffer when < 0, or noName.
	// Entries >= 0 come before all others.
	refs []int
	text []byte
}

const noName = math.MinInt

func (ns *nameStack) reset() {
	ns.refs, ns.text = ns.refs[:0], ns.text[:0]
	if cap(ns.refs) > 1<<6 {
		ns.refs = nil
	}
	if cap(ns.text) > 1<<10 {
		ns.text = nil
	}
}

func (ns *nameStack) push() { ns.refs = append(ns.refs, noName) }
func (ns *nameStack) pop()  { ns.refs = ns.refs[:len(ns.refs)-1] }

// setLast records the name of the innermost object's current member as
// the quoted text at buf[pos:].
func (ns *nameStack) setLast(pos int) { ns.refs[len(ns.refs)-1] = ^pos }

// setLastUnquoted records the innermost object's current member's name.
// Names must have been copied out first.
func (ns *nameStack) setLastUnquoted(name string) {
	start := ns.start(len(ns.refs) - 1)
	ns.text = append(ns.text[:start], name...)
	ns.refs[len(ns.refs)-1] = len(ns.text)
}

// clearLast forgets the innermost object's current member's name.
func (ns *nameStack) clearLast() { ns.refs[len(ns.refs)-1] = noName }

func (ns *nameStack) start(i int) int {
	if i == 0 {
		return 0
	}
	return ns.refs[i-1]
}

// copyOut copies the names that are still positions in buf into text.
func (ns *nameStack) copyOut(buf []byte) {
	i := len(ns.refs)
	for i > 0 && ns.refs[i-1] < 0 {
		i--
	}
	for ; i < len(ns.refs); i++ {
		start := ns.start(i)
		r := ns.refs[i]
		if r == noName {
			// Only the innermost object can lack a name.
			ns.refs[i] = start
			continue
		}
		q := buf[^r:]
		var fl strFlags
		n, _ := consumeString(q, 0, &fl, false)
		ns.text = appendUnquotedValid(ns.text[:start], q[:n])
		ns.refs[i] = len(ns.text)
	}
}

// name returns the unquoted name of object i (0 the outermost). Names
// must have been copied out first.
func (ns *nameStack) name(i int) []byte { return ns.text[ns.start(i):ns.refs[i]] }

// appendPointer appends a JSON Pointer to where the machine is: where < 0
// points at the token or value last read or written, where == 0 at the
// innermost object or array (or the member, between a name and its
// value), and where > 0 at the next value expected (but at the object
// when a name is expected next). Names must have been copied out first.
func appendPointer(b []byte, m *machine, ns *nameStack, where int) []byte {
	obj := 0
	for i := 1; i < m.depth(); i++ {
		l := m.at(i)
		delta := int64(-1)
		if i == m.depth()-1 {
			if where < 0 && l.length() == 0 || where == 0 && !l.needValue() || where > 0 && l.needName() {
				return b
			}
			if where > 0 && l.isArray() {
				delta = 0
			}
		}
		if l.isObject() {
			b = appendPointerToken(append(b, '/'), ns.name(obj))
			obj++
		} else {
			b = strconv.AppendUint(append(b, '/'), uint64(l.length()+delta), 10)
		}
	}
	return b
}

// nameSet detects duplicate names: it holds the unquoted names of every
// open object whose names are checked, innermost last. Each name has a
// 64-bit key: a name of up to 7 bytes is its own key (its bytes and its
// length), so that equal keys mean equal names; a longer name's key is a
// seeded hash, and its text is kept (in long) to compare when keys are
// equal. Small objects are searched key by key; larger ones get a hash
// table.
//
// Objects in a document tend to come in series of the same shape (the
// same names in the same order), or mix a few kinds at a depth. For each
// depth the set keeps the names of the last objects closed there (their
// shapes), up to shapeWays of them; a new object is given the shape last
// used there. When a name leaves it, the object moves to another shape
// that starts with the same names and that one: the shape that the last
// object closed under the same member name took (the member of the
// enclosing object that holds it, "address" or "items") if it does, else
// the first that does. While its names follow a shape, each name is known
// to be new with one comparison of keys (the shape's keys are all
// different, so are
// these) and nothing is stored: the names are the shape's. Only when an
// object leaves its shape are the names so far copied from the shape, to
// be searched as usual.
type nameSet struct {
	names                 // of the objects that left their shapes (or had none)
	objs   []nameObj      // one per open object
	shapes []*depthShapes // per depth, the shapes of objects closed there

	// Slabs that shapes' lists are cut from (see carve), so that a shape
	// costs no allocation of its own.
	keySlab  []uint64
	longSlab []longName
	textSlab []byte

	// unquoted is scratch for a name that had to be unquoted. (Not the
	// spare room of text: an object that leaves its shape appends the
	// shape's names to text before the name is searched.)
	unquoted []byte
}

// carve returns an empty slice with room for n elements: old if it has
// the room, else one cut from the slab. A used-up slab is replaced by
// one twice its size, up to size elements (and at least n): the first is
// just n, so that a set whose one object closes (a small document, a new
// Encoder or Decoder) allocates no more than it needs.
func carve[T any](slab *[]T, old []T, n, size int) []T {
	if cap(old) >= n {
		return old[:0]
	}
	l := len(*slab)
	if l+n > cap(*slab) {
		*slab = make([]T, 0, max(n, min(size, 2*cap(*slab))))
		l = 0
	}
	*slab = (*slab)[:l+n]
	return (*slab)[l : l : l+n]
}

// depthShapes is the shapes kept for a depth.
type depthShapes struct {
	ways  []names           // up to shapeWays of them, in first while they fit
	used  [shapeWays]uint32 // when each way was last used
	clock uint32
	last  int // the way of the last object closed
	// The way last taken by an object closed under each member name,
	// direct-mapped by the name's key: a tag of the key above the way's
	// 8 bits (a guess, checked name by name).
	hints [shapeHints]uint64
	first [shapeWaysFirst]names
}

// newDepthShapes returns the shapes of a depth, none yet.
func newDepthShapes() *depthShapes {
	sw := new(depthShapes)
	sw.ways = sw.first[:0]
	return sw
}

// hintOf returns the slot of hints and the tag for the member name with
// key k.
func hintOf(k uint64) (slot int, tag uint64) {
	m := k * 0x9e3779b97f4a7c15
	return int(m >> (64 - shapeHintBits)), m << 8
}

// hint returns the way last taken under the member name with key parent.
func (sw *depthShapes) hint(parent uint64) (int, bool) {
	i, tag := hintOf(parent)
	h := sw.hints[i]
	return int(h & 0xff), h&^0xff == tag
}

// setHint records way w for the member name with key parent.
func (sw *depthShapes) setHint(parent uint64, w int) {
	i, tag := hintOf(parent)
	sw.hints[i] = tag | uint64(w)
}

// use records that way w is used now, by an object under the member name
// with key parent.
func (sw *depthShapes) use(w int, parent uint64) {
	sw.clock++
	sw.used[w] = sw.clock
	sw.last = w
	sw.setHint(parent, w)
}

// names is a list of names with their keys.
type names struct {
	keys []uint64   // one per name
	long []longName // one per name whose key is a hash
	text []byte     // the texts of long names, back to back
}

type longName struct {
	key uint64
	end int // end of the text; it starts where the previous long name's ends
}

type nameObj struct {
	first     int      // index in keys of the object's first name
	firstLong int      // index in long of the object's first long name
	table     []uint32 // open addressing over keys[first:], 1-based; nil while small
	collided  bool     // two different names had the same key

	// While the object follows a shape of its depth: the shape's keys,
	// how many of them its names have matched, and which way it is.
	shape   []uint64
	matched int
	way     int

	// Where its depth has several shapes, what push found (and pop
	// needs): the key of the member name that holds the object
	// (parentOf), and the way its depth's hints gave for that name, -1
	// if none. No other object at its depth closes while it is open, so
	// the hints of its depth stay as they were.
	parent    uint64
	hasParent bool
	hinted    int
}

// The tuning of the name set.
const (
	// nameTableMin is the number of names from which an object's names
	// are found through a hash table rather than one by one.
	nameTableMin = 16
	// shapeMax is the most names a shape holds.
	shapeMax = 64
	// shapeWays is the most shapes kept for a depth.
	shapeWays = 32
	// shapeWaysFirst is how many ways a depth has room for at first.
	shapeWaysFirst = 8
	// shapeHintBits is the log2 of the number of member names per
	// depth whose objects' last shape is remembered.
	shapeHintBits = 6
	shapeHints    = 1 << shapeHintBits
)

// Seeds of the keys of names of 8 bytes or more, chosen per process so
// that no input can be made to collide on purpose.
var (
	nameSeed  = maphash.MakeSeed()
	wordSeed0 = maphash.Bytes(nameSeed, []byte("word0"))
	wordSeed1 = maphash.Bytes(nameSeed, []byte("word1"))
	slotSeed  = maphash.Bytes(nameSeed, []byte("slot"))
	longSeed0 = maphash.Bytes(nameSeed, []byte("long0"))
	longSeed1 = maphash.Bytes(nameSeed, []byte("long1"))
	longSeed2 = maphash.Bytes(nameSeed, []byte("long2"))
)

// hashedFlag marks the keys that are hashes.
const hashedFlag = uint64(1) << 63

// byteMasks[k] is a mask of the low k bytes of a word.
var byteMasks = [8]uint64{0, 1<<8 - 1, 1<<16 - 1, 1<<24 - 1, 1<<32 - 1, 1<<40 - 1, 1<<48 - 1, 1<<56 - 1}

// exactKey reports whether a key is the name itself.
func exactKey(k uint64) bool { return k>>56 < 8 }

// keyOfWords returns the key of a name of n < 16 bytes whose first 8 bytes
// are x0 and next 8 are x1, little-endian (bytes past n are ignored).
func keyOfWords(x0, x1 uint64, n int) uint64 {
	m := byteMasks[n&7] // the bytes of the name in its last word
	if n < 8 {
		return x0&m | uint64(n)<<56
	}
	hi, lo := bits.Mul64(x0^wordSeed0, x1&m^wordSeed1^uint64(n))
	return hi ^ lo | hashedFlag
}

// keyOf returns the key of a name.
func keyOf(name []byte) uint64 {
	if n := len(name); n < 16 {
		var w [16]byte
		copy(w[:], name)
		return keyOfWords(binary.LittleEndian.Uint64(w[:8]), binary.LittleEndian.Uint64(w[8:]), n)
	}
	k, _ := keyOfLong(wire.StringOf(name), 0, len(name))
	return k
}

// keyOfLong returns the key of a name of n >= 16 bytes, the text
// s[i:i+n]: a seeded hash of its 8-byte words, the last of which ends with
// the name (it may overlap the one before). It also returns the
// wire.StringStops of the words: when s[i:i+n] is the body of a string,
// none means that it holds no escape.
func keyOfLong(s string, i, n int) (key, stops uint64) {
	h := uint64(n) ^ longSeed0
	end := i + n - 8
	for ; i < end; i += 8 {
		x := wire.Load64(s, i)
		stops |= wire.StringStops(x)
		hi, lo := bits.Mul64(x^longSeed1, h^longSeed2)
		h = hi ^ lo
	}
	x := wire.Load64(s, end)
	stops |= wire.StringStops(x)
	hi, lo := bits.Mul64(x^longSeed1, h^longSeed2)
	return hi ^ lo | hashedFlag, stops
}

func (ns *names) truncate(keys, long int) {
	ns.keys = ns.keys[:keys]
	ns.long = ns.long[:long]
	if long == 0 {
		ns.text = ns.text[:0]
	} else {
		ns.text = ns.text[:ns.long[long-1].end]
	}
}

func (ns *names) add(k uint64, name []byte) {
	ns.keys = append(ns.keys, k)
	if !exactKey(k) {
		ns.text = append(ns.text, name...)
		ns.long = append(ns.long, longName{key: k, end: len(ns.text)})
	}
}

// appendNames appends the first n names of src (whose long names start at
// text offset 0) to ns.
func (ns *names) appendNames(src *names, n int) {
	ns.keys = append(ns.keys, src.keys[:n]...)
	long := 0
	for _, k := range src.keys[:n] {
		if !exactKey(k) {
			long++
		}
	}
	if long == 0 {
		return
	}
	base := len(ns.text)
	ns.text = append(ns.text, src.text[:src.long[long-1].end]...)
	for _, l := range src.long[:long] {
		ns.long = append(ns.long, longName{key: l.key, end: base + l.end})
	}
}

// reset empties the set for a new document (a Reset). The shapes of the
// depths are kept (they are only guesses, each of different names), so
// that a document like the one before is checked at one comparison a
// name from its first object on.
func (s *nameSet) reset() {
	s.names.truncate(0, 0)
	for i := range s.objs {
		s.objs[i] = nameObj{}
	}
	s.objs = s.objs[:0]
	if cap(s.shapes) > 1<<6 {
		s.shapes = nil
	}
	if cap(s.unquoted) > 1<<12 {
		s.unquoted = nil
	}
	if cap(s.text) > 1<<12 {
		s.text = nil
	}
	if cap(s.keys) > 1<<8 {
		s.keys = nil
	}
	if cap(s.long) > 1<<8 {
		s.long = nil
	}
	if cap(s.objs) > 1<<6 {
		s.objs = nil
	}
}

// Initial capacities of the name set's slices: enough for most
// documents, in one go rather than by doubling.
const (
	nameSetKeys = 64
	nameSetObjs = 16
)

func (s *nameSet) push() {
	d := len(s.objs)
	if d == cap(s.objs) {
		s.grow()
	}
	s.objs = s.objs[:d+1]
	o := &s.objs[d]
	o.first, o.firstLong, o.collided, o.matched = len(s.keys), len(s.long), false, 0
	o.hasParent, o.hinted = false, -1
	if o.table != nil {
		o.dropTable()
	}
	if d < len(s.shapes) {
		sw := s.shapes[d]
		if len(sw.ways) > 1 {
			s.pushWays(o, sw, d)
			return
		}
		if w := sw.last; w < len(sw.ways) {
			if keys := sw.ways[w].keys; len(keys) > 0 {
				o.setShape(keys, w)
				return
			}
		}
	}
	o.dropShape()
}

// pushWays gives the object o, just opened at depth d, its shape where
// the depth has several (sw): the one last taken under the same member
// name, else the one last taken at the depth. It keeps what it found
// for pop.
func (s *nameSet) pushWays(o *nameObj, sw *depthShapes, d int) {
	p := s.parentOf(d)
	o.parent, o.hasParent = p, true
	w := sw.last
	if h, ok := sw.hint(p); ok {
		w, o.hinted = h, h
	}
	if w < len(sw.ways) {
		if keys := sw.ways[w].keys; len(keys) > 0 {
			o.setShape(keys, w)
			return
		}
	}
	o.dropShape()
}

// parentKey is parentOf(d) for the object o open at depth d, as push
// found it where it did.
func (s *nameSet) parentKey(o *nameObj, d int) uint64 {
	if o.hasParent {
		return o.parent
	}
	return s.parentOf(d)
}

// parentOf returns the key of the member name that holds the object open
// at depth d (it is the value of that member, or in an array that is):
// the last name of the object around it, 0 if none.
func (s *nameSet) parentOf(d int) uint64 {
	if d == 0 {
		return 0
	}
	p := &s.objs[d-1]
	if p.shape != nil {
		if p.matched > 0 {
			return p.shape[p.matched-1]
		}
		return 0
	}
	// (The names of the objects inside it follow its own.)
	if f := s.objs[d].first; f > p.first {
		return s.keys[f-1]
	}
	return 0
}

// setShape gives o the shape keys (not empty), way w of its depth. It
// stores the slice only when it changes: while the garbage collector
// marks, each store of a pointer costs a write barrier, and an object
// mostly takes the shape that the last object at its depth, in the same
// slot of nameSet.objs, took.
func (o *nameObj) setShape(keys []uint64, w int) {
	if len(o.shape) != len(keys) || &o.shape[0] != &keys[0] {
		o.shape = keys
	}
	o.way = w
}

// dropShape leaves o without a shape (storing nil only if it had one,
// as setShape).
func (o *nameObj) dropShape() {
	if o.shape != nil {
		o.shape = nil
	}
}

// dropTable empties the table of names of an object (kept for the next
// object at its depth, unless large).
func (o *nameObj) dropTable() {
	if cap(o.table) > 1<<12 {
		o.table = nil
	} else {
		o.table = o.table[:0]
	}
}

// grow makes room for one more open object.
func (s *nameSet) grow() {
	if s.objs == nil {
		s.objs = make([]nameObj, 0, nameSetObjs)
		s.keys = make([]uint64, 0, nameSetKeys)
		s.long = make([]longName, 0, nameSetKeys)
		s.text = make([]byte, 0, 16*nameSetKeys)
		return
	}
	s.objs = append(s.objs, nameObj{})[:len(s.objs)]
}

// popQuick is pop for its common case, an object that followed the
// shape it was given and has nothing to record (see pop), small enough
// to be inlined; it reports false, having changed nothing, otherwise.
func (s *nameSet) popQuick() bool {
	n := len(s.objs) - 1
	o := &s.objs[n]
	if o.shape != nil && (o.matched == 0 || s.shapes[n].last == o.way && (len(s.shapes[n].ways) == 1 || o.hinted == o.way)) {
		s.objs = s.objs[:n]
		return true
	}
	return false
}

func (s *nameSet) pop() {
	d := len(s.objs) - 1
	o := &s.objs[d]
	if o.shape == nil {
		s.popNames(o, d)
		return
	}
	// It followed its shape all along (perhaps only the shape's first
	// names), and so stored no name: the shape stays as it is, and is
	// tried first next.
	if o.matched > 0 {
		if sw := s.shapes[d]; sw.last != o.way || len(sw.ways) > 1 && o.hinted != o.way {
			s.popShaped(sw, o, d)
		}
	}
	s.objs = s.objs[:d]
}

// popShaped records that the object o open at depth d, which followed
// way o.way of its depth's shapes sw, is closed. (Where the way was the
// depth's last and its hint's, there is nothing to record.)
func (s *nameSet) popShaped(sw *depthShapes, o *nameObj, d int) {
	w := o.way
	p := s.parentKey(o, d)
	if sw.last != w {
		sw.use(w, p)
		return
	}
	if h, ok := sw.hint(p); !ok || h != w {
		sw.setHint(p, w)
	}
}

// popNames is pop for an object that does not follow a shape: its names
// may become one.
func (s *nameSet) popNames(o *nameObj, d int) {
	switch {
	case !o.collided && len(s.keys)-o.first <= shapeMax && len(s.keys) > o.first:
		if s.shapes == nil {
			s.shapes = make([]*depthShapes, 0, 8)
		}
		for len(s.shapes) <= d {
			s.shapes = append(s.shapes, newDepthShapes())
		}
		// Its names become a new shape, in a new way or in place of the
		// one used least recently.
		sw := s.shapes[d]
		w := len(sw.ways)
		if w < shapeWays {
			if w == cap(sw.ways) {
				sw.ways = append(make([]names, 0, shapeWays), sw.ways...)
			}
			sw.ways = sw.ways[:w+1] // (its lists, if any, are reused)
		} else {
			w = 0
			for i := range sw.used {
				if sw.used[i] < sw.used[w] {
					w = i
				}
			}
		}
		sw.use(w, s.parentKey(o, d))
		sh := &sw.ways[w]
		base := 0
		if o.firstLong > 0 {
			base = s.long[o.firstLong-1].end
		}
		// (Slabs of up to 2 KiB each, see carve.)
		sh.keys = append(carve(&s.keySlab, sh.keys, len(s.keys)-o.first, 256), s.keys[o.first:]...)
		sh.text = append(carve(&s.textSlab, sh.text, len(s.text)-base, 2048), s.text[base:]...)
		sh.long = append(carve(&s.longSlab, sh.long, len(s.long)-o.firstLong, 128), s.long[o.firstLong:]...)
		for i := range sh.long {
			sh.long[i].end -= base
		}
	}
	s.truncate(o.first, o.firstLong)
	s.objs = s.objs[:d]
}

// follow reports whether the name with key k is the next of the innermost
// object's shape, counting it if so: then it is new.
func (s *nameSet) follow(k uint64) bool {
	o := &s.objs[len(s.objs)-1]
	if o.matched < len(o.shape) && o.shape[o.matched] == k {
		o.matched++
		return true
	}
	if (o.shape != nil || len(s.keys) == o.first) && len(s.objs) <= len(s.shapes) {
		// The object's names so far are a shape's first ones (or it has
		// none): another shape of its depth that starts with them and k.
		m := o.matched
		d := len(s.objs) - 1
		sw := s.shapes[d]
		// The shape last taken under the same member name, then any.
		if h, ok := sw.hint(s.parentKey(o, d)); ok && h < len(sw.ways) && h != o.way {
			if keys := sw.ways[h].keys; len(keys) > m && keys[m] == k && prefixOf(keys, o.shape[:m]) {
				o.shape, o.way, o.matched = keys, h, m+1
				return true
			}
		}
	ways:
		for w := range sw.ways {
			keys := sw.ways[w].keys
			if len(keys) <= m || keys[m] != k {
				continue
			}
			for i, k2 := range o.shape[:m] {
				if keys[i] != k2 {
					continue ways
				}
			}
			o.shape, o.way, o.matched = keys, w, m+1
			return true
		}
	}
	return false
}

// prefixOf reports whether keys starts with the keys of prefix.
func prefixOf(keys, prefix []uint64) bool {
	for i, k := range prefix {
		if keys[i] != k {
			return false
		}
	}
	return true
}

// leave makes the innermost object leave its shape: its names so far are
// copied from the shape, to be searched as usual from now on.
func (s *nameSet) leave(o *nameObj) {
	if o.shape == nil {
		return
	}
	s.names.appendNames(&s.shapes[len(s.objs)-1].ways[o.way], o.matched)
	o.shape = nil
}

// insertQuoted adds the name whose quoted text is q to the innermost
// object and reports whether it was new; verbatim says that q holds no
// escapes and valid UTF-8 (its content is the name as it is).
func (s *nameSet) insertQuoted(q []byte, verbatim bool) bool {
	if verbatim {
		return s.insert(q[1 : len(q)-1])
	}
	s.unquoted = appendUnquotedValid(s.unquoted[:0], q)
	return s.insertKey(keyOf(s.unquoted), s.unquoted)
}

// insert adds an unquoted name to the innermost object and reports
// whether it was new.
func (s *nameSet) insert(name []byte) bool {
	return s.insertKey(keyOf(name), name)
}

// insertKey adds the name with key k and text name, unless it is a
// duplicate. name must not alias text's spare room (leave appends to
// text before name is searched).
func (s *nameSet) insertKey(k uint64, name []byte) bool {
	if s.follow(k) {
		return true
	}
	o := &s.objs[len(s.objs)-1]
	s.leave(o)
	keys := s.keys[o.first:]
	if len(keys) < nameTableMin {
		for _, k2 := range keys {
			if k2 == k {
				if exactKey(k) || s.isLong(o, k, name) {
					return false
				}
				o.collided = true
			}
		}
	} else {
		n := len(keys)
		if len(o.table) < 2*(n+1) {
			s.rehash(o, n+1)
		}
		mask := uint64(len(o.table) - 1)
		i := slotOf(k) & mask
		for ; o.table[i] != 0; i = (i + 1) & mask {
			if s.keys[o.first+int(o.table[i])-1] == k {
				if exactKey(k) || s.isLong(o, k, name) {
					return false
				}
				o.collided = true
			}
		}
		o.table[i] = uint32(n + 1)
	}
	s.add(k, name)
	return true
}

// isLong reports whether the long names of object o hold name, whose key
// is k.
func (s *nameSet) isLong(o *nameObj, k uint64, name []byte) bool {
	start := 0
	if o.firstLong > 0 {
		start = s.long[o.firstLong-1].end
	}
	for _, l := range s.long[o.firstLong:] {
		if l.key == k && string(s.text[start:l.end]) == string(name) {
			return true
		}
		start = l.end
	}
	return false
}

// slotOf spreads a key over a table: short names' keys are their bytes,
// so they are mixed with a seed first.
func slotOf(k uint64) uint64 {
	hi, lo := bits.Mul64(k^slotSeed, 0x9e3779b97f4a7c15)
	return hi ^ lo
}

// rehash sizes o's table for at least n names and fills it.
func (s *nameSet) rehash(o *nameObj, n int) {
	size := 1 << bits.Len(uint(4*n-1))
	if cap(o.table) >= size {
		o.table = o.table[:size]
	} else {
		o.table = make([]uint32, size)
	}
	s.fill(o, len(s.keys)-o.first)
}

// fill puts the object's first n names in its table.
func (s *nameSet) fill(o *nameObj, n int) {
	clear(o.table)
	mask := uint64(len(o.table) - 1)
	for j, k := range s.keys[o.first : o.first+n] {
		i := slotOf(k) & mask
		for o.table[i] != 0 {
			i = (i + 1) & mask
		}
		o.table[i] = uint32(j + 1)
	}
}

// removeLast takes the innermost object's last name out of the set.
func (s *nameSet) removeLast() {
	o := &s.objs[len(s.objs)-1]
	s.leave(o)
	k := s.keys[len(s.keys)-1]
	long := len(s.long)
	if !exactKey(k) {
		long--
	}
	s.truncate(len(s.keys)-1, long)
	if len(o.table) > 0 {
		s.fill(o, len(s.keys)-o.first)
	}
}
