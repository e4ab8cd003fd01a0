package ast

import (
	"unsafe"

	"github.com/jetjson/jet/internal/wire"
)

// deepLoader parses a whole array or object, every level, in one pass
// over its text (which is valid JSON): each nested container is parsed
// as it is met, so no byte is read twice. Members, levels and containers
// are carved from a few large allocations instead of one each.
type deepLoader struct {
	src   string
	pairs []Pair // members of the objects being parsed, innermost last
	elems []Node // elements of the arrays being parsed

	slab      containerSlab
	pairArena []Pair
	elemArena []Node
	levels    []level
	pairSegs  []seg[Pair]
	elemSegs  []seg[Node]
}

func (d *deepLoader) newLevel() *level {
	if len(d.levels) == 0 {
		d.levels = make([]level, 32)
	}
	lv := &d.levels[0]
	d.levels = d.levels[1:]
	return lv
}

// carve returns a slice of exactly len(v) members copied from v, cut
// from an arena (its capacity is its length, so nothing ever appends
// into the arena).
func carve[T any](arena *[]T, v []T) []T {
	if len(v) > len(*arena) {
		*arena = make([]T, max(256, len(v)))
	}
	out := (*arena)[:len(v):len(v)]
	copy(out, v)
	*arena = (*arena)[len(v):]
	return out
}

func oneSeg[T any](arena *[]seg[T], items []T) segs[T] {
	if len(items) == 0 {
		return nil
	}
	if len(*arena) == 0 {
		*arena = make([]seg[T], 32)
	}
	s := (*arena)[:1:1]
	*arena = (*arena)[1:]
	s[0] = seg[T]{items: items}
	return s
}

// container parses the array or object (kind) whose opening bracket is
// at src[i], publishes its complete level in c, and returns the index
// just past its closing bracket.
func (d *deepLoader) container(i int, kind uint8, c *container) int {
	src := d.src
	n := len(src)
	i++
	lv := d.newLevel()
	lv.next = -1
	if kind == V_OBJECT {
		base := len(d.pairs)
		for {
			i = wire.SkipSpace(src, i)
			if i >= n || src[i] == '}' {
				break
			}
			if src[i] == ',' {
				i = wire.SkipSpace(src, i+1)
			}
			ke, _ := wire.LooseStringEnd(src, i)
			key := unquote(src[i:ke])
			i = wire.SkipSpace(src, wire.SkipSpace(src, ke)+1)
			var v Node
			i, v = d.value(i)
			d.pairs = append(d.pairs, Pair{Key: key, Value: v})
		}
		items := carve(&d.pairArena, d.pairs[base:])
		clear(d.pairs[base:])
		d.pairs = d.pairs[:base]
		lv.n, lv.pairs = len(items), oneSeg(&d.pairSegs, items)
	} else {
		base := len(d.elems)
		for {
			i = wire.SkipSpace(src, i)
			if i >= n || src[i] == ']' {
				break
			}
			if src[i] == ',' {
				i = wire.SkipSpace(src, i+1)
			}
			var v Node
			i, v = d.value(i)
			d.elems = append(d.elems, v)
		}
		items := carve(&d.elemArena, d.elems[base:])
		clear(d.elems[base:])
		d.elems = d.elems[:base]
		lv.n, lv.elems = len(items), oneSeg(&d.elemSegs, items)
	}
	c.publish(lv)
	return min(i+1, n)
}

// value parses the value at src[i] and returns the index just past it
// and its node.
func (d *deepLoader) value(i int) (int, Node) {
	src := d.src
	if i >= len(src) {
		return i, Node{t: V_NULL, raw: "null"}
	}
	start := i
	var t uint8
	switch c := src[i]; c {
	case '{', '[':
		t = V_ARRAY
		if c == '{' {
			t = V_OBJECT
		}
		ct := d.slab.next()
		i = d.container(i, t, ct)
		return i, Node{t: t, raw: src[start:i], p: unsafe.Pointer(ct)}
	case '"':
		i, _ = wire.LooseStringEnd(src, i)
		t = V_STRING
	case 't':
		i, t = i+4, V_TRUE
	case 'f':
		i, t = i+5, V_FALSE
	case 'n':
		i, t = i+4, V_NULL
	default:
		t = V_NUMBER
		for i++; i < len(src); i++ {
			if c := src[i]; c != '.' && c != 'e' && c != 'E' && c != '+' && c != '-' && (c < '0' || c > '9') {
				break
			}
		}
	}
	i = min(i, len(src))
	return i, Node{t: t, raw: src[start:i]}
}
