package encoder

import (
	"slices"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/jetjson/jet/internal/wire"
)

// Sorted maps of repeated shapes.
//
// Generic documents are often arrays of objects with the same keys (API
// results, records, tree nodes). With SortMapKeys every one of them is
// iterated, its keys sorted and quoted. The state remembers the sorted,
// quoted key lists of recent maps ("shapes"); a map of the same size is
// first tried against them by looking each remembered key up: when all
// are present the map has exactly those keys (keys are distinct), so the
// members are written in the remembered order with the remembered quoted
// keys, with no iteration, no sort and no quoting. A miss costs about one
// lookup (each shape is first tried by a key that the other shapes of its
// size lacked when it was remembered), then the map takes the ordinary
// path and its shape is remembered.
//
// The v2 dialect, which writes a generic tree's members in any order,
// uses the same shapes for its larger objects (minShapeKeysV2): there a hit
// saves the map's iterator, whose writes of pointers carry write
// barriers while the collector marks (treeMapShapedV2).
//
// Keys are copied into an arena owned by the state, so the state keeps no
// reference into the caller's data; the arena and the shapes are dropped
// together when the arena is full.

const (
	maxShapes    = 64 // shapes remembered
	minShapeKeys = 9  // smaller maps sort fast and are looked up slowly
	// The v2 dialect writes a tree's maps in any order: there a shape
	// competes with the map's iterator, which costs less on maps of up
	// to two groups of eight members (synthea_fhir's of 10 members were
	// 3% faster in one paired run and 7% slower in another), much more
	// on larger ones (twitter's of 23 to 40: 19-23% faster), in
	// `cd bench && ./abcompare.sh OLD NEW '^EncodeGeneric/.*/jet-v2$' 5`
	// with compare binaries built without and with the shapes.
	minShapeKeysV2 = 17
	maxShapeKeys   = 64        // larger maps are rarely repeated
	maxShapeArena  = 128 << 10 // bytes of keys remembered
	maxProbeKeys   = 16        // keys probeOf weighs
)

// keyShape is the sorted key list of a map, and the same keys quoted
// with their colon (`"key":`), escaped as the mode html says.
type keyShape struct {
	keys   []string
	quoted []string
	html   bool
	used   uint32
	next   int8 // the next shape of the same size (index+1), or 0
	// probe is the index of the key that lookup tries first: one that
	// the fewest other shapes of the same size had when this one was
	// remembered, so that a map of another shape (objects of one kind
	// of record share most of their keys) is turned away at one lookup.
	probe uint8
}

// shapeCache holds the shapes of one state. The strings of the shapes
// live in strs and their bytes in arena; size counts both, and when it
// passes maxShapeArena everything is dropped at once.
type shapeCache struct {
	shapes [maxShapes]keyShape
	// head is, by size, the first shape of that size (index+1; 0 when
	// none), the others following through next.
	head  [maxShapeKeys + 1]int8
	strs  []string
	arena []byte
	size  int
	clock uint32
	// score rises with hits and falls with misses: below zero (maps of
	// too many shapes), only one map in eight tries the shapes and is
	// remembered, which bounds what the cache costs where it does not
	// help.
	score int
	tick  uint32
}

// try reports whether a map should try the shapes (and be remembered on
// a miss).
func (c *shapeCache) try() bool {
	if c.score >= 0 {
		return true
	}
	c.tick++
	return c.tick&7 == 0
}

// arenaString copies s into the arena and returns the copy. The last
// nameBlock bytes of each block hold no string, so that nameBlock bytes
// may be read from the start of any string in the arena.
func (c *shapeCache) arenaString(s string) string {
	if len(s) == 0 {
		return ""
	}
	if cap(c.arena)-len(c.arena) < len(s)+nameBlock {
		// A new block; strings already made keep the old one alive.
		c.arena = make([]byte, 0, max(4096, len(s)+nameBlock))
	}
	off := len(c.arena)
	c.arena = append(c.arena, s...)
	return unsafe.String(&c.arena[off], len(s))
}

// reset forgets every shape.
func (c *shapeCache) reset() {
	c.shapes = [maxShapes]keyShape{}
	c.head = [maxShapeKeys + 1]int8{}
	c.strs, c.arena, c.size = nil, nil, 0
}

// remember records the sorted keys (entries) of a map just written in
// the html mode given, replacing the least recently used shape.
func (c *shapeCache) remember(entries []sortEntry, html bool) {
	n := len(entries)
	for i := range entries {
		// A key of bad UTF-8 is written differently (or is an error)
		// depending on ValidateString, and U+2028 and U+2029 depending
		// on the dialect (escaped by v1, by v2 only under EscapeForJS):
		// such shapes are not kept, so that a shape's quoted keys serve
		// both dialects.
		if k := entries[i].key; !utf8.ValidString(k) || strings.Contains(k, "\u2028") || strings.Contains(k, "\u2029") {
			return
		}
	}
	size := 2 * n * int(unsafe.Sizeof(""))
	for i := range entries {
		size += 2*len(entries[i].key) + 3
	}
	if c.size+size > maxShapeArena {
		c.reset()
	}
	c.size += size
	victim := 0
	for i := 1; i < maxShapes; i++ {
		if c.shapes[i].used < c.shapes[victim].used {
			victim = i
		}
	}
	if cap(c.strs)-len(c.strs) < 2*n {
		c.strs = make([]string, 0, max(256, 2*n))
	}
	off := len(c.strs)
	var buf [128]byte
	for i := range entries {
		c.strs = append(c.strs, c.arenaString(entries[i].key))
	}
	for i := range entries {
		q := wire.AppendQuoted(buf[:0], entries[i].key, html)
		q = append(q, ':')
		c.strs = append(c.strs, c.arenaString(wire.StringOf(q)))
	}
	// Unlink the victim from the chain of its size, link the new shape
	// first in the chain of its own.
	if old := len(c.shapes[victim].keys); old != 0 {
		for p := &c.head[old]; *p != 0; p = &c.shapes[*p-1].next {
			if int(*p-1) == victim {
				*p = c.shapes[victim].next
				break
			}
		}
	}
	c.clock++
	keys := c.strs[off : off+n : off+n]
	c.shapes[victim] = keyShape{keys: keys, quoted: c.strs[off+n : off+2*n : off+2*n], html: html, used: c.clock, next: c.head[n], probe: c.probeOf(keys)}
	c.head[n] = int8(victim + 1)
}

// probeOf returns the index of the key of keys (sorted) that the fewest
// shapes of the same size hold, among its first maxProbeKeys keys (it
// runs on every shape remembered, so it is bounded).
func (c *shapeCache) probeOf(keys []string) uint8 {
	best, bestCount := 0, maxShapes+1
	for i, k := range keys[:min(len(keys), maxProbeKeys)] {
		count := 0
		for j := c.head[len(keys)]; j != 0; j = c.shapes[j-1].next {
			if _, found := slices.BinarySearch(c.shapes[j-1].keys, k); found {
				count++
			}
		}
		if count < bestCount {
			best, bestCount = i, count
			if count == 0 {
				break
			}
		}
	}
	return uint8(best)
}

// lookup tries the shapes of n keys in mode html against m. On a hit it
// appends m's values, in the shape's key order, to vals and returns the
// shape.
func (c *shapeCache) lookup(m map[string]any, html bool, vals []any) (*keyShape, []any) {
	n := len(m)
	for i := c.head[n]; i != 0; i = c.shapes[i-1].next {
		sh := &c.shapes[i-1]
		if sh.html != html {
			continue
		}
		if _, ok := m[sh.keys[sh.probe]]; !ok {
			continue
		}
		base := len(vals)
		hit := true
		for _, k := range sh.keys {
			v, ok := m[k]
			if !ok {
				hit = false
				break
			}
			vals = append(vals, v)
		}
		if hit {
			c.clock++
			sh.used = c.clock
			c.score = min(c.score+4, 64)
			return sh, vals
		}
		clear(vals[base:])
		vals = vals[:base]
	}
	c.score = max(c.score-1, -64)
	return nil, vals
}
