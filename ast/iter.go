package ast

import (
	"fmt"
	"iter"
)

// Iterator walks the members of an array or object node in document
// order. The node's level is parsed once, when the iterator is made.
type Iterator struct {
	lv *level
	i  int
}

// Pos returns how many members the iterator has returned.
func (it *Iterator) Pos() int { return it.i }

// Len returns the number of members.
func (it *Iterator) Len() int {
	if it.lv == nil {
		return 0
	}
	return it.lv.n
}

// HasNext reports whether Next has another member to return.
func (it *Iterator) HasNext() bool { return it.lv != nil && it.i < it.lv.n }

// ListIterator iterates over the elements of an array (or the values of
// an object's members).
type ListIterator struct {
	Iterator
	obj bool
}

// Next stores the next element in *v and reports whether there was one.
func (it *ListIterator) Next(v *Node) bool {
	p := it.next()
	if p == nil {
		return false
	}
	*v = *p
	return true
}

func (it *ListIterator) next() *Node {
	if !it.HasNext() {
		return nil
	}
	i := it.i
	it.i++
	if it.obj {
		return &it.lv.pairs.at(i).Value
	}
	return it.lv.elems.at(i)
}

// ObjectIterator iterates over the members of an object.
type ObjectIterator struct {
	Iterator
}

// Next stores the next member in *p and reports whether there was one.
func (it *ObjectIterator) Next(p *Pair) bool {
	if !it.HasNext() {
		return false
	}
	*p = *it.lv.pairs.at(it.i)
	it.i++
	return true
}

// Values returns an iterator over the elements of an array, or the
// values of an object's members.
func (n *Node) Values() (ListIterator, error) {
	if err := n.Check(); err != nil {
		return ListIterator{}, err
	}
	if n.t != V_ARRAY && n.t != V_OBJECT {
		return ListIterator{}, fmt.Errorf("%w: Values on %s", ErrUnsupportedType, typeName(n.t))
	}
	return ListIterator{Iterator: Iterator{lv: n.loadLevel()}, obj: n.t == V_OBJECT}, nil
}

// Properties returns an iterator over the members of an object, in
// document order.
func (n *Node) Properties() (ObjectIterator, error) {
	if err := n.should(V_OBJECT, "Properties"); err != nil {
		return ObjectIterator{}, err
	}
	return ObjectIterator{Iterator{lv: n.loadLevel()}}, nil
}

// Sequence says where a member is: its index and, in an object, its key.
type Sequence struct {
	Index int
	Key   *string
}

// String describes the position.
func (s Sequence) String() string {
	if s.Key == nil {
		return fmt.Sprintf("Sequence(%d)", s.Index)
	}
	return fmt.Sprintf("Sequence(%d, %q)", s.Index, *s.Key)
}

// Scanner is the callback of ForEach; returning false stops the walk.
type Scanner func(path Sequence, node *Node) bool

// ForEach calls sc with each member of an array or object in document
// order, until sc returns false. For any other node it calls sc once with
// the node itself and Index -1.
func (n *Node) ForEach(sc Scanner) error {
	if err := n.Check(); err != nil {
		return err
	}
	switch n.t {
	case V_ARRAY:
		lv := n.loadLevel()
		for i := 0; i < lv.n; i++ {
			if !sc(Sequence{Index: i}, lv.elems.at(i)) {
				return nil
			}
		}
	case V_OBJECT:
		lv := n.loadLevel()
		for i := 0; i < lv.n; i++ {
			p := lv.pairs.at(i)
			if !sc(Sequence{Index: i, Key: &p.Key}, &p.Value) {
				return nil
			}
		}
	default:
		sc(Sequence{Index: -1}, n)
	}
	return nil
}

// Elements returns a Go iterator over the index and address of each
// element of an array (or each member value of an object). It yields
// nothing for other nodes.
func (n *Node) Elements() iter.Seq2[int, *Node] {
	return func(yield func(int, *Node) bool) {
		if n == nil || n.t != V_ARRAY && n.t != V_OBJECT {
			return
		}
		lv := n.loadLevel()
		for i := 0; i < lv.n; i++ {
			var v *Node
			if n.t == V_ARRAY {
				v = lv.elems.at(i)
			} else {
				v = &lv.pairs.at(i).Value
			}
			if !yield(i, v) {
				return
			}
		}
	}
}

// Members returns a Go iterator over the key and value address of each
// member of an object, in document order. It yields nothing for other
// nodes.
func (n *Node) Members() iter.Seq2[string, *Node] {
	return func(yield func(string, *Node) bool) {
		if n == nil || n.t != V_OBJECT {
			return
		}
		lv := n.loadLevel()
		for i := 0; i < lv.n; i++ {
			p := lv.pairs.at(i)
			if !yield(p.Key, &p.Value) {
				return
			}
		}
	}
}

// Keys returns the keys of an object's members in document order.
func (n *Node) Keys() ([]string, error) {
	if err := n.should(V_OBJECT, "Keys"); err != nil {
		return nil, err
	}
	lv := n.loadLevel()
	keys := make([]string, lv.n)
	for i := range keys {
		keys[i] = lv.pairs.at(i).Key
	}
	return keys, nil
}

// Load parses the node's own level (the members of an array or object,
// not their contents), so that later reads of it never parse.
func (n *Node) Load() error {
	if err := n.Check(); err != nil {
		return err
	}
	if n.t == V_ARRAY || n.t == V_OBJECT {
		n.loadLevel()
	}
	return nil
}

// LoadAll parses the whole node, every level, so that later reads never
// parse. Reads are safe from many goroutines with or without it; it only
// moves the parsing cost up front. A node that contains itself (see
// ErrCycle) is loaded and then reported, as encoding/json reports a
// pointer cycle.
func (n *Node) LoadAll() error {
	if err := n.Check(); err != nil {
		return err
	}
	var path walkPath
	return n.loadAll(&path)
}

// loadAll is LoadAll; path is the walk down to n.
func (n *Node) loadAll(path *walkPath) error {
	if n.t != V_ARRAY && n.t != V_OBJECT {
		return nil
	}
	c := n.container()
	if c.load() == nil && n.raw != "" {
		// Nothing parsed yet: parse the whole subtree in one pass. The
		// containers it creates are not visible to anyone until the
		// node's own level is published, under its lock.
		c.mu.Lock()
		if c.load() == nil {
			d := deepLoader{src: n.raw}
			d.container(0, n.t, c)
			c.mu.Unlock()
			return nil
		}
		c.mu.Unlock()
	}
	if !path.enter(n) {
		return cycleError(n)
	}
	defer path.leave(n)
	lv := n.loadLevel()
	var err error
	if n.t == V_ARRAY {
		lv.elems.each(lv.n, func(_ int, m *Node) bool {
			err = m.loadAll(path)
			return err == nil
		})
		return err
	}
	lv.pairs.each(lv.n, func(_ int, p *Pair) bool {
		err = p.Value.loadAll(path)
		return err == nil
	})
	return err
}
