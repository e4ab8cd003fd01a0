package ast

import (
	"fmt"
	"sort"
	"unsafe"
)

// The methods in this file change a node. They need exclusive access: no
// other goroutine may read or change the node (or its parents) at the
// same time. Set, SetByIndex and Add keep the addresses of existing
// members; Unset, UnsetByIndex, Pop and SortKeys move members, so a *Node
// taken from the node before may afterwards see another member.

// asContainer makes a null or V_NONE node an empty array or object (kind
// t) and checks that the node is of kind t.
func (n *Node) asContainer(t uint8, op string) error {
	if n == nil {
		return notFound("%s on a nil node", op)
	}
	if n.t == V_NULL || n.t == V_NONE {
		c := new(container)
		c.publish(&level{next: -1})
		c.dirty = true
		*n = Node{t: t, p: unsafe.Pointer(c)}
		return nil
	}
	return n.should(t, op)
}

// changed marks a container as no longer described by its text.
func (n *Node) changed() { n.container().dirty = true }

// checkValue rejects nodes that cannot be stored as a value.
func checkValue(v *Node) error {
	if v.t == V_NONE {
		return notFound("cannot store a V_NONE node")
	}
	return v.Check()
}

// Set sets the value of the object member with the given key (the first,
// if the key appears more than once), or appends a member when there is
// none, and reports whether the key existed. A null or V_NONE node
// becomes an object first. A value that is the node itself or holds it
// is an error wrapping ErrCycle.
func (n *Node) Set(key string, v Node) (bool, error) {
	if err := checkValue(&v); err != nil {
		return false, err
	}
	if err := n.refuseCycle(&v, "Set"); err != nil {
		return false, err
	}
	if err := n.asContainer(V_OBJECT, "Set"); err != nil {
		return false, err
	}
	lv := n.loadLevel()
	n.changed()
	if i := lv.findKey(key); i >= 0 {
		lv.pairs.at(i).Value = v
		return true, nil
	}
	nl := &level{n: lv.n + 1, next: -1, pairs: lv.pairs.appended([]Pair{{key, v}}, lv.n, false)}
	if ix := lv.index.Load(); ix != nil {
		// The key is new: the index goes on to the new level with it.
		// (lv, which shares the map, ignores members past its end.)
		(*ix)[key] = lv.n
		nl.index.Store(ix)
	}
	n.container().publish(nl)
	return false, nil
}

// SetAny is Set with a Go value (see NewAny).
func (n *Node) SetAny(key string, v any) (bool, error) { return n.Set(key, NewAny(v)) }

// Unset removes the first object member with the given key and reports
// whether there was one.
func (n *Node) Unset(key string) (bool, error) {
	if err := n.should(V_OBJECT, "Unset"); err != nil {
		return false, err
	}
	lv := n.loadLevel()
	i := lv.findKey(key)
	if i < 0 {
		return false, nil
	}
	n.removeAt(lv, i)
	return true, nil
}

// SetByIndex replaces element i of an array (or the value of member i of
// an object). It reports true, or an error wrapping ErrNotFound when i is
// out of range (ErrCycle when v is the node itself or holds it).
func (n *Node) SetByIndex(i int, v Node) (bool, error) {
	if err := checkValue(&v); err != nil {
		return false, err
	}
	if err := n.Check(); err != nil {
		return false, err
	}
	if n.t != V_ARRAY && n.t != V_OBJECT {
		return false, fmt.Errorf("%w: SetByIndex on %s", ErrUnsupportedType, typeName(n.t))
	}
	if err := n.refuseCycle(&v, "SetByIndex"); err != nil {
		return false, err
	}
	lv := n.loadLevel()
	if i < 0 || i >= lv.n {
		return false, notFound("index %d out of range [0, %d)", i, lv.n)
	}
	n.changed()
	if n.t == V_ARRAY {
		*lv.elems.at(i) = v
	} else {
		lv.pairs.at(i).Value = v
	}
	return true, nil
}

// SetAnyByIndex is SetByIndex with a Go value (see NewAny).
func (n *Node) SetAnyByIndex(i int, v any) (bool, error) { return n.SetByIndex(i, NewAny(v)) }

// UnsetByIndex removes element i of an array (or member i of an object)
// and reports whether there was one.
func (n *Node) UnsetByIndex(i int) (bool, error) {
	if err := n.Check(); err != nil {
		return false, err
	}
	if n.t != V_ARRAY && n.t != V_OBJECT {
		return false, fmt.Errorf("%w: UnsetByIndex on %s", ErrUnsupportedType, typeName(n.t))
	}
	lv := n.loadLevel()
	if i < 0 || i >= lv.n {
		return false, nil
	}
	n.removeAt(lv, i)
	return true, nil
}

// Add appends v to an array. A null or V_NONE node becomes an array
// first. A value that is the node itself or holds it is an error
// wrapping ErrCycle.
func (n *Node) Add(v Node) error {
	if err := checkValue(&v); err != nil {
		return err
	}
	if err := n.refuseCycle(&v, "Add"); err != nil {
		return err
	}
	if err := n.asContainer(V_ARRAY, "Add"); err != nil {
		return err
	}
	lv := n.loadLevel()
	n.changed()
	n.container().publish(&level{n: lv.n + 1, next: -1, elems: lv.elems.appended([]Node{v}, lv.n, false)})
	return nil
}

// AddAny is Add with a Go value (see NewAny).
func (n *Node) AddAny(v any) error { return n.Add(NewAny(v)) }

// Pop removes the last element of an array or the last member of an
// object; it does nothing when there is none.
func (n *Node) Pop() error {
	if err := n.Check(); err != nil {
		return err
	}
	if n.t != V_ARRAY && n.t != V_OBJECT {
		return fmt.Errorf("%w: Pop on %s", ErrUnsupportedType, typeName(n.t))
	}
	lv := n.loadLevel()
	if lv.n > 0 {
		n.removeAt(lv, lv.n-1)
	}
	return nil
}

// removeAt removes member i of the level lv of n, moving the members
// after it down by one.
func (n *Node) removeAt(lv *level, i int) {
	n.changed()
	if n.t == V_ARRAY {
		for j := i; j < lv.n-1; j++ {
			*lv.elems.at(j) = *lv.elems.at(j + 1)
		}
		*lv.elems.at(lv.n - 1) = Node{}
		n.container().publish(&level{n: lv.n - 1, next: -1, elems: shrunk(lv.elems)})
		return
	}
	nl := &level{n: lv.n - 1, next: -1}
	if ix := lv.index.Load(); ix != nil && i == lv.n-1 {
		// The last member goes (Pop): the others keep their places, and
		// the index stays right without its key. Otherwise members
		// move, and the new level builds its own index when it pays.
		if key := lv.pairs.at(i).Key; (*ix)[key] == i {
			delete(*ix, key)
		}
		nl.index.Store(ix)
	}
	for j := i; j < lv.n-1; j++ {
		*lv.pairs.at(j) = *lv.pairs.at(j + 1)
	}
	*lv.pairs.at(lv.n - 1) = Pair{}
	nl.pairs = shrunk(lv.pairs)
	n.container().publish(nl)
}

// shrunk returns s without its last member.
func shrunk[T any](s segs[T]) segs[T] {
	out := make(segs[T], len(s))
	copy(out, s)
	last := &out[len(out)-1]
	last.items = last.items[:len(last.items)-1]
	if len(last.items) == 0 {
		out = out[:len(out)-1]
	}
	return out
}

// SortKeys sorts the members of an object by key (byte order, stable for
// repeated keys); with recursive, also every object inside it, in arrays
// too.
func (n *Node) SortKeys(recursive bool) error {
	var path walkPath
	return n.sortKeys(recursive, &path)
}

func (n *Node) sortKeys(recursive bool, path *walkPath) error {
	if err := n.Check(); err != nil {
		return err
	}
	if n.t != V_ARRAY && n.t != V_OBJECT {
		return nil
	}
	if !path.enter(n) {
		return cycleError(n)
	}
	defer path.leave(n)
	switch n.t {
	case V_OBJECT:
		lv := n.loadLevel()
		pairs := make([]Pair, lv.n)
		for i := range pairs {
			pairs[i] = *lv.pairs.at(i)
		}
		if !sort.SliceIsSorted(pairs, func(a, b int) bool { return pairs[a].Key < pairs[b].Key }) {
			sort.SliceStable(pairs, func(a, b int) bool { return pairs[a].Key < pairs[b].Key })
			for i := range pairs {
				*lv.pairs.at(i) = pairs[i]
			}
			// The members moved: the index, if any, is wrong now.
			lv.index.Store(nil)
			lv.scans.Store(0)
			n.changed()
		}
		if recursive {
			for i := 0; i < lv.n; i++ {
				if err := lv.pairs.at(i).Value.sortKeys(true, path); err != nil {
					return err
				}
			}
		}
	case V_ARRAY:
		if recursive {
			lv := n.loadLevel()
			for i := 0; i < lv.n; i++ {
				if err := lv.elems.at(i).sortKeys(true, path); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
