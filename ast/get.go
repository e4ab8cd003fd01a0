package ast

import (
	"fmt"
)

// lookupError returns the node for a lookup on n that cannot apply: n
// itself when it is an error, else a V_ERROR node wrapping ErrNotFound.
func (n *Node) lookupError(op string) *Node {
	if n.t == V_ERROR {
		return n
	}
	e := newError(fmt.Errorf("%w: %s on %s", ErrNotFound, op, typeName(n.t)))
	return &e
}

// Get returns the value of the object member with the given key (the
// first, if the key appears more than once), parsing the object only as
// far as that member. It returns nil when there is no such member, the
// node itself when it is a V_ERROR node, and a V_ERROR node (wrapping
// ErrNotFound) when the node is not an object. Methods of a nil *Node
// return ErrNotFound, so lookups can be chained. In an object parsed to
// its end (by LoadAll, Load or earlier lookups), lookups take constant
// expected time: once an object of many members has been asked a few
// times, its keys are hashed. Lookups that have scanned as many keys as
// there are bytes of the object left to parse parse the rest of it.
func (n *Node) Get(key string) *Node {
	if n == nil {
		return nil
	}
	if n.t != V_OBJECT {
		return n.lookupError(fmt.Sprintf("Get(%q)", key))
	}
	lv := n.level()
	from := 0
	if lv != nil {
		if i := lv.findKey(key); i >= 0 {
			if !lv.done() && n.scannedEnough(lv, i+1) {
				n.loadLevel()
			}
			return &lv.pairs.at(i).Value
		}
		if lv.done() {
			return nil
		}
		from = lv.n
		if n.scannedEnough(lv, lv.n) {
			lv = n.loadLevel()
			if i := lv.findKeyFrom(key, from); i >= 0 {
				return &lv.pairs.at(i).Value
			}
			return nil
		}
	}
	lv = n.extend(lv, lookFor{key: key, byKey: true})
	if i := lv.findKeyFrom(key, from); i >= 0 {
		return &lv.pairs.at(i).Value
	}
	return nil
}

// levelTo returns the node's level parsed at least to member index i, or
// nil when the node has fewer members.
func (n *Node) levelTo(i int) *level {
	lv := n.level()
	if lv == nil || i >= lv.n && !lv.done() {
		lv = n.extend(lv, lookFor{index: i})
	}
	if i >= lv.n {
		return nil
	}
	return lv
}

// Index returns element i of an array, or the value of member i of an
// object, parsing only as far as that. It returns nil when i is out of
// range (negative indices count nothing), the node itself when it is a
// V_ERROR node, and a V_ERROR node (wrapping ErrNotFound) for other
// kinds.
func (n *Node) Index(i int) *Node {
	if n == nil {
		return nil
	}
	if n.t != V_ARRAY && n.t != V_OBJECT {
		return n.lookupError(fmt.Sprintf("Index(%d)", i))
	}
	if i < 0 {
		return nil
	}
	lv := n.levelTo(i)
	if lv == nil {
		return nil
	}
	if n.t == V_ARRAY {
		return lv.elems.at(i)
	}
	return &lv.pairs.at(i).Value
}

// IndexPair returns member i of an object, or nil when i is out of range
// or the node is not an object.
func (n *Node) IndexPair(i int) *Pair {
	if n == nil || n.t != V_OBJECT || i < 0 {
		return nil
	}
	lv := n.levelTo(i)
	if lv == nil {
		return nil
	}
	return lv.pairs.at(i)
}

// IndexOrGet returns the value of member i of an object when its key is
// key, and otherwise the value of the first member with that key: a fast
// path for objects whose layout is known.
func (n *Node) IndexOrGet(i int, key string) *Node {
	v, _ := n.IndexOrGetWithIdx(i, key)
	return v
}

// IndexOrGetWithIdx is IndexOrGet also returning the member's index (-1
// when not found).
func (n *Node) IndexOrGetWithIdx(i int, key string) (*Node, int) {
	if n == nil {
		return nil, -1
	}
	if n.t != V_OBJECT {
		return n.lookupError(fmt.Sprintf("IndexOrGet(%d, %q)", i, key)), -1
	}
	if p := n.IndexPair(i); p != nil && p.Key == key {
		return &p.Value, i
	}
	v := n.Get(key)
	if v == nil {
		return nil, -1
	}
	lv := n.level()
	return v, lv.findKey(key)
}

// GetByPath follows path from the node: a string element looks a key up
// in an object, an integer element (any Go integer type) an index in an
// array. It returns nil when a key or index is missing, and a V_ERROR node
// when the path meets a value of the wrong kind or holds an element of
// another type.
func (n *Node) GetByPath(path ...any) *Node {
	cur := n
	for _, p := range path {
		if cur == nil {
			return nil
		}
		if cur.t == V_ERROR {
			return cur
		}
		switch k := p.(type) {
		case string:
			cur = cur.Get(k)
		default:
			i, ok := pathIndex(p)
			if !ok {
				return errorf("ast: path element %v (%T) is neither a string nor an integer", p, p)
			}
			if cur.t != V_ARRAY {
				return cur.lookupError(fmt.Sprintf("index %d", i))
			}
			cur = cur.Index(i)
		}
	}
	return cur
}

// pathIndex converts an integer path element to an int; an index that
// does not fit an int becomes -1 (never found).
func pathIndex(p any) (int, bool) {
	switch v := p.(type) {
	case int:
		return v, true
	case int8:
		return int(v), true
	case int16:
		return int(v), true
	case int32:
		return int(v), true
	case int64:
		if int64(int(v)) != v {
			return -1, true
		}
		return int(v), true
	case uint:
		if int(v) < 0 {
			return -1, true
		}
		return int(v), true
	case uint8:
		return int(v), true
	case uint16:
		return int(v), true
	case uint32:
		if int(v) < 0 {
			return -1, true
		}
		return int(v), true
	case uint64:
		if int(v) < 0 || uint64(int(v)) != v {
			return -1, true
		}
		return int(v), true
	}
	return 0, false
}
