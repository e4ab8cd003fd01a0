package jsontext

import (
	"encoding/binary"
	"math"
	"math/bits"
	"strconv"
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

func (l level) isObject() bool { return l&levelObject != 0 }
func (l level) isArray() bool  { return l&levelObject == 0 }
func (l level) length() int64  { return int64(l & levelCount) }

// needName reports whether the next token must be an object member's
// name.
func (l level) needName() bool { return l&(levelObject|1) == levelObject }

// needValue reports whether the next token must be an object member's
// value (a name was just read or written).
func (l level) needValue() bool { return l&(levelObject|1) == levelObject|1 }

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
	case len(m.outer) == maxDepth:
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
// open object whose names are checked, innermost last. Small objects are
// searched name by name (hash first); larger ones get a hash table.
type nameSet struct {
	text []byte    // the names, back to back
	ents []nameEnt // one per name
	objs []nameObj // one per open object
}

type nameEnt struct {
	end  int    // end of the name in text; it starts where the previous ends
	hash uint64 // hashName of the name
}

type nameObj struct {
	first int      // index in ents of the object's first name
	table []uint32 // open addressing over ents[first:], 1-based; nil while small
}

// nameTableMin is the number of names from which an object's names are
// found through a hash table rather than one by one.
const nameTableMin = 16

func (s *nameSet) reset() {
	s.text, s.ents = s.text[:0], s.ents[:0]
	for i := range s.objs {
		s.objs[i].table = nil
	}
	s.objs = s.objs[:0]
	if cap(s.text) > 1<<12 {
		s.text = nil
	}
	if cap(s.ents) > 1<<8 {
		s.ents = nil
	}
	if cap(s.objs) > 1<<6 {
		s.objs = nil
	}
}

func (s *nameSet) push() {
	if len(s.objs) < cap(s.objs) {
		s.objs = s.objs[:len(s.objs)+1]
		o := &s.objs[len(s.objs)-1]
		o.first = len(s.ents)
		if o.table != nil {
			if cap(o.table) > 1<<12 {
				o.table = nil
			} else {
				o.table = o.table[:0]
			}
		}
		return
	}
	s.objs = append(s.objs, nameObj{first: len(s.ents)})
}

func (s *nameSet) pop() {
	o := &s.objs[len(s.objs)-1]
	s.ents = s.ents[:o.first]
	s.text = s.text[:s.textEnd()]
	s.objs = s.objs[:len(s.objs)-1]
}

func (s *nameSet) textEnd() int {
	if len(s.ents) == 0 {
		return 0
	}
	return s.ents[len(s.ents)-1].end
}

func (s *nameSet) nameAt(i int) []byte {
	start := 0
	if i > 0 {
		start = s.ents[i-1].end
	}
	return s.text[start:s.ents[i].end]
}

// insertQuoted adds the name whose quoted text is q to the innermost
// object and reports whether it was new; verbatim says that q holds no
// escapes and valid UTF-8 (its content is the name as it is).
func (s *nameSet) insertQuoted(q []byte, verbatim bool) bool {
	start := len(s.text)
	if verbatim {
		s.text = append(s.text, q[1:len(q)-1]...)
	} else {
		s.text = appendUnquotedValid(s.text, q)
	}
	return s.insertLast(start)
}

// insert adds an unquoted name to the innermost object and reports
// whether it was new.
func (s *nameSet) insert(name []byte) bool {
	start := len(s.text)
	s.text = append(s.text, name...)
	return s.insertLast(start)
}

// insertLast adds the name appended to text at start, unless it is a
// duplicate, in which case it is taken off text again.
func (s *nameSet) insertLast(start int) bool {
	name := s.text[start:]
	h := hashName(name)
	o := &s.objs[len(s.objs)-1]
	n := len(s.ents) - o.first
	if n < nameTableMin {
		prev := o.first
		if prev > 0 {
			prev = s.ents[prev-1].end
		}
		for _, e := range s.ents[o.first:] {
			if e.hash == h && string(s.text[prev:e.end]) == string(name) {
				s.text = s.text[:start]
				return false
			}
			prev = e.end
		}
		s.ents = append(s.ents, nameEnt{end: len(s.text), hash: h})
		return true
	}
	if len(o.table) < 2*(n+1) {
		s.rehash(o, n+1)
	}
	mask := uint64(len(o.table) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		k := o.table[i]
		if k == 0 {
			o.table[i] = uint32(n + 1)
			s.ents = append(s.ents, nameEnt{end: len(s.text), hash: h})
			return true
		}
		e := o.first + int(k) - 1
		if s.ents[e].hash == h && string(s.nameAt(e)) == string(name) {
			s.text = s.text[:start]
			return false
		}
	}
}

// rehash sizes o's table for at least n names and fills it.
func (s *nameSet) rehash(o *nameObj, n int) {
	size := 1 << bits.Len(uint(4*n-1))
	if cap(o.table) >= size {
		o.table = o.table[:size]
		clear(o.table)
	} else {
		o.table = make([]uint32, size)
	}
	mask := uint64(size - 1)
	for k, e := range s.ents[o.first:] {
		i := e.hash & mask
		for o.table[i] != 0 {
			i = (i + 1) & mask
		}
		o.table[i] = uint32(k + 1)
	}
}

// removeLast takes the innermost object's last name out of the set.
func (s *nameSet) removeLast() {
	o := &s.objs[len(s.objs)-1]
	n := len(s.ents) - o.first
	if o.table != nil && n > 0 && len(o.table) > 0 {
		s.rehashWithout(o, n-1)
	}
	s.ents = s.ents[:len(s.ents)-1]
	s.text = s.text[:s.textEnd()]
}

func (s *nameSet) rehashWithout(o *nameObj, keep int) {
	ents := s.ents[o.first : o.first+keep]
	clear(o.table)
	mask := uint64(len(o.table) - 1)
	for k, e := range ents {
		i := e.hash & mask
		for o.table[i] != 0 {
			i = (i + 1) & mask
		}
		o.table[i] = uint32(k + 1)
	}
}

// hashName mixes a name into 64 bits.
func hashName(b []byte) uint64 {
	const (
		m1 = 0x9e3779b97f4a7c15
		m2 = 0xc2b2ae3d27d4eb4f
	)
	h := uint64(len(b)) * m1
	for len(b) >= 8 {
		h = (h ^ binary.LittleEndian.Uint64(b)) * m2
		h ^= h >> 31
		b = b[8:]
	}
	var t uint64
	for i := len(b) - 1; i >= 0; i-- {
		t = t<<8 | uint64(b[i])
	}
	h = (h ^ t) * m1
	return h ^ h>>29
}
