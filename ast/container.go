package ast

import (
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/jetjson/jet/internal/wire"
)

// Tuning constants.
const (
	// indexMin is the fewest members of a complete object whose keys are
	// hashed: below it a scan of the keys is as fast as a map lookup.
	indexMin = 32
	// indexAfter is how many lookups scan the keys of a complete object
	// of indexMin members or more before the key index is built.
	// Building costs about as much as 30 to 50 scans (a scan that finds
	// its key reads half the keys; measured at 10k members), so an
	// object asked a few times never pays for it, and the lookups on any
	// object cost at most about twice what the better of scanning and
	// hashing from the start would have.
	indexAfter = 32
	// cycleCheckDepth is the nesting depth past which the walks over a
	// Node's members track the arrays and objects on their path, to stop
	// at a cycle (as encoding/json starts to after 1000 pointers).
	cycleCheckDepth = 1000
	// goValueBudget is how many values of the Go values of V_ANY nodes
	// Set and Add read at most, looking for the node they change.
	goValueBudget = 256
	// editBuf is the size of the stack buffer an edit builds its new
	// text in (the new value, with a key and the containers created
	// around it); a longer text goes to the heap.
	editBuf = 128
)

// container holds the parsed members of an array or object node.
//
// Readers load the current level with one atomic load and never lock. A
// reader that needs members not parsed yet takes mu, parses more of the
// node's text (which is valid JSON, checked when the node was made),
// writes the new members after the published ones and publishes a new
// level with an atomic store. Members once published never change (except
// through the mutating methods, which need exclusive access), and their
// addresses never change either: storage is a list of segments whose
// backing arrays are never reallocated, so a *Node handed out earlier
// stays valid as the level grows.
type container struct {
	mu   sync.Mutex
	snap atomic.Pointer[level]
	// dirty is set by the mutating methods: the node's text no longer
	// describes it.
	dirty bool
}

func (c *container) load() *level     { return c.snap.Load() }
func (c *container) publish(l *level) { c.snap.Store(l) }

// level is an immutable view of a container's parsed members.
type level struct {
	n     int // members parsed
	next  int // offset in the node's text to go on from; -1 when complete
	pairs segs[Pair]
	elems segs[Node]
	// index maps each key to the first member with that key. It is
	// built for complete objects of indexMin members or more once
	// indexAfter lookups have scanned them (see findKey), published
	// atomically like the level itself, and never changed afterwards
	// except by the mutating methods (which have exclusive access).
	index atomic.Pointer[map[string]int]
	// scans counts the lookups that scanned the keys of a complete level
	// of indexMin members or more, up to indexAfter.
	scans atomic.Int32
	// scanned counts the keys that lookups scanned in an object not
	// parsed to its end, carried from level to level as it is parsed
	// further (see Node.scannedEnough).
	scanned atomic.Int32
}

func (l *level) done() bool { return l.next < 0 }

// seg is a run of members starting at index start; items never grows
// past its capacity, so its backing array never moves.
type seg[T any] struct {
	start int
	items []T
}

// segs is the member storage of a level.
type segs[T any] []seg[T]

func segsOf[T any](v []T) segs[T] {
	if len(v) == 0 {
		return nil
	}
	return segs[T]{{0, v}}
}

// at returns the address of member i (0 <= i < the level's n).
func (s segs[T]) at(i int) *T {
	if len(s) == 1 {
		return &s[0].items[i]
	}
	lo, hi := 0, len(s)
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if s[m].start <= i {
			lo = m
		} else {
			hi = m
		}
	}
	return &s[lo].items[i-s[lo].start]
}

// appended returns storage holding s's members followed by items, with
// total the number of members in s. Items go into the spare capacity of
// the last segment (which no published level can see) and then into a
// new segment; s itself is not changed. final says no more members will
// follow, so a new segment is sized exactly.
func (s segs[T]) appended(items []T, total int, final bool) segs[T] {
	out := make(segs[T], len(s), len(s)+1)
	copy(out, s)
	if k := len(out) - 1; k >= 0 {
		last := &out[k]
		if room := cap(last.items) - len(last.items); room > 0 {
			m := min(room, len(items))
			last.items = append(last.items, items[:m]...)
			items = items[m:]
			total += m
		}
	}
	if len(items) > 0 {
		c := len(items)
		if !final {
			c = max(2*c, total, 8)
		}
		buf := make([]T, len(items), c)
		copy(buf, items)
		out = append(out, seg[T]{start: total, items: buf})
	}
	return out
}

// each calls f with every member in order until f returns false.
func (s segs[T]) each(n int, f func(i int, v *T) bool) {
	i := 0
	for _, sg := range s {
		for k := range sg.items {
			if i >= n {
				return
			}
			if !f(i, &sg.items[k]) {
				return
			}
			i++
		}
	}
}

// Scratch buffers for parsing members before they are copied into their
// final storage.
var (
	pairScratch = sync.Pool{New: func() any { return new([]Pair) }}
	elemScratch = sync.Pool{New: func() any { return new([]Node) }}
)

// containerSlab hands out containers for the arrays and objects found
// while parsing a level, a few at a time.
type containerSlab []container

func (s *containerSlab) next() *container {
	if len(*s) == 0 {
		*s = make([]container, 8)
	}
	c := &(*s)[0]
	*s = (*s)[1:]
	return c
}

// childNode returns the node for the valid JSON value text.
func childNode(text string, slab *containerSlab) Node {
	n := Node{t: kindOf(text[0]), raw: text}
	if n.t == V_ARRAY || n.t == V_OBJECT {
		n.p = unsafe.Pointer(slab.next())
	}
	return n
}

// lookFor tells extend when to stop: after the member with key (objects,
// when byKey is set), after the member at index, or, with all, at the
// end.
type lookFor struct {
	key   string
	index int
	byKey bool
	all   bool
}

// satisfied reports whether l already holds what want asks for, having
// been searched up to member from.
func (l *level) satisfied(want lookFor, from int) bool {
	switch {
	case l.done():
		return true
	case want.all:
		return false
	case want.byKey:
		return l.findKeyFrom(want.key, from) >= 0
	}
	return want.index < l.n
}

// level returns the node's current level, parsing the whole level first
// when all is set. The node is an array or object.
func (n *Node) level() *level { return n.container().load() }

// loadLevel returns the node's level parsed to its end.
func (n *Node) loadLevel() *level {
	lv := n.level()
	if lv != nil && lv.done() {
		return lv
	}
	return n.extend(lv, lookFor{all: true})
}

// extend parses more members of the node's text, from where the level
// seen (which may be nil) stopped, until want is satisfied or the text
// ends, and publishes and returns the new level.
func (n *Node) extend(seen *level, want lookFor) *level {
	c := n.container()
	c.mu.Lock()
	defer c.mu.Unlock()
	cur := c.load()
	if cur != seen && cur.satisfied(want, seenN(seen)) {
		// Another reader parsed what we want meanwhile.
		return cur
	}
	if n.t == V_OBJECT {
		return n.extendObject(cur, want)
	}
	return n.extendArray(cur, want)
}

func seenN(l *level) int {
	if l == nil {
		return 0
	}
	return l.n
}

// extendObject parses members from where cur stopped (nil: the start).
// The caller holds the container's lock.
func (n *Node) extendObject(cur *level, want lookFor) *level {
	src := n.raw
	i, have := 1, 0
	var old segs[Pair]
	if cur != nil {
		i, have, old = cur.next, cur.n, cur.pairs
	}
	bufp := pairScratch.Get().(*[]Pair)
	buf := (*bufp)[:0]
	var slab containerSlab
	done := false
	for {
		i = wire.SkipSpace(src, i)
		if i >= len(src) || src[i] == '}' {
			done = true
			break
		}
		if src[i] == ',' {
			i = wire.SkipSpace(src, i+1)
		}
		ke, _ := wire.LooseStringEnd(src, i)
		key := unquote(src[i:ke])
		i = wire.SkipSpace(src, ke) + 1 // ':'
		i = wire.SkipSpace(src, i)
		ve, _ := wire.SkipLoose(src, i)
		buf = append(buf, Pair{Key: key, Value: childNode(src[i:ve], &slab)})
		i = ve
		if !want.all && (want.byKey && key == want.key || !want.byKey && have+len(buf) > want.index) {
			break
		}
	}
	next := i
	if done {
		next = -1
	}
	lv := &level{n: have + len(buf), next: next, pairs: old.appended(buf, have, done)}
	if cur != nil && !done {
		lv.scanned.Store(cur.scanned.Load())
	}
	clear(buf)
	*bufp = buf[:0]
	pairScratch.Put(bufp)
	n.container().publish(lv)
	return lv
}

// extendArray is extendObject for arrays.
func (n *Node) extendArray(cur *level, want lookFor) *level {
	src := n.raw
	i, have := 1, 0
	var old segs[Node]
	if cur != nil {
		i, have, old = cur.next, cur.n, cur.elems
	}
	bufp := elemScratch.Get().(*[]Node)
	buf := (*bufp)[:0]
	var slab containerSlab
	done := false
	for {
		i = wire.SkipSpace(src, i)
		if i >= len(src) || src[i] == ']' {
			done = true
			break
		}
		if src[i] == ',' {
			i = wire.SkipSpace(src, i+1)
		}
		ve, _ := wire.SkipLoose(src, i)
		buf = append(buf, childNode(src[i:ve], &slab))
		i = ve
		if !want.all && have+len(buf) > want.index {
			break
		}
	}
	next := i
	if done {
		next = -1
	}
	lv := &level{n: have + len(buf), next: next, elems: old.appended(buf, have, done)}
	clear(buf)
	*bufp = buf[:0]
	elemScratch.Put(bufp)
	n.container().publish(lv)
	return lv
}

// findKey returns the index of the first member whose key is key, or -1.
// In a complete object of indexMin members or more it hashes, once the
// index is built; the first lookups scan, and the one that makes
// indexAfter scans builds the index (readers take no lock: the index is
// published with an atomic store, and only one reader builds it).
func (l *level) findKey(key string) int {
	if l == nil {
		return -1
	}
	if l.n >= indexMin && l.done() {
		if ix := l.index.Load(); ix != nil {
			// (An index carried over from an earlier level by Set may
			// name members past this level's end.)
			if i, ok := (*ix)[key]; ok && i < l.n {
				return i
			}
			return -1
		}
		if l.scans.Load() < indexAfter && l.scans.Add(1) == indexAfter {
			ix := l.buildIndex()
			l.index.Store(&ix)
			if i, ok := ix[key]; ok {
				return i
			}
			return -1
		}
	}
	return l.findKeyFrom(key, 0)
}

// scannedEnough counts k keys just scanned by a lookup in lv, the level
// of the object n, which is not parsed to its end, and reports whether
// the lookups have now scanned as many keys as there are bytes of the
// object left to parse. Then parsing the rest of the level (one shallow
// pass that skips the values) costs about what they did, and the lookups
// after it hash: an object asked about many times, one key after
// another, is no longer scanned again and again from its start, while
// one asked a few times stays parsed only as far as they went.
func (n *Node) scannedEnough(lv *level, k int) bool {
	if lv.n < indexMin {
		return false
	}
	w := lv.scanned.Add(int32(min(k, 1<<20)))
	return w < 0 || int(w) >= len(n.raw)-lv.next // (w < 0: it wrapped)
}

// buildIndex returns the map from each key of the level's members to the
// first member with that key.
func (l *level) buildIndex() map[string]int {
	ix := make(map[string]int, l.n)
	l.pairs.each(l.n, func(i int, p *Pair) bool {
		if _, dup := ix[p.Key]; !dup {
			ix[p.Key] = i
		}
		return true
	})
	return ix
}

// findKeyFrom returns the index of the first member at or after from
// whose key is key, or -1.
func (l *level) findKeyFrom(key string, from int) int {
	if l == nil {
		return -1
	}
	for _, sg := range l.pairs {
		if sg.start+len(sg.items) <= from {
			continue
		}
		for k := range sg.items {
			if idx := sg.start + k; idx >= from && sg.items[k].Key == key {
				return idx
			}
		}
	}
	return -1
}

// count returns the number of members of an array or object node,
// counting the unparsed rest of its text without parsing it.
func (n *Node) count() int {
	lv := n.level()
	if lv != nil && lv.done() {
		return lv.n
	}
	src := n.raw
	if src == "" {
		return 0
	}
	i, k := 1, 0
	if lv != nil {
		i, k = lv.next, lv.n
	}
	close := byte(']')
	if n.t == V_OBJECT {
		close = '}'
	}
	for {
		i = wire.SkipSpace(src, i)
		if i >= len(src) || src[i] == close {
			return k
		}
		if src[i] == ',' {
			i = wire.SkipSpace(src, i+1)
		}
		if n.t == V_OBJECT {
			ke, _ := wire.LooseStringEnd(src, i)
			i = wire.SkipSpace(src, ke) + 1
		}
		i, _ = wire.SkipLoose(src, i)
		k++
	}
}
