package ast

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
)

// A Node cannot contain itself: Set, SetByIndex and Add refuse a value
// that is the node or holds it (holds; also inside the Go value of a
// V_ANY node), and the walks over a node's
// members (encoding, decoding, LoadAll, SortKeys) stop at a cycle made
// some other way, such as by writing a node through a *Node that points
// into it, with the error encoding/json gives for a pointer cycle
// (walkPath).

// refuseCycle returns an error wrapping ErrCycle when storing v in n
// would make n contain itself.
func (n *Node) refuseCycle(v *Node, op string) error {
	if (n.t == V_ARRAY || n.t == V_OBJECT) && holds(v, n.container()) {
		return fmt.Errorf("%w: %s of a value that is or holds the node itself", ErrCycle, op)
	}
	return nil
}

// holds reports whether v is the array or object whose container is c or
// holds it, at any depth: among the parsed members of its parsed
// members, or inside the Go value of a V_ANY node (which is encoded
// with the Nodes in it). Only the parsed part of v is read (its text
// holds no nodes), and of Go values only parts whose types can hold a
// Node, up to goValueBudget values in all (a Node deeper in a large Go
// value is not searched for): a scalar, an array or object not read
// yet, or a Go value of a type without Nodes is answered at once.
func holds(v *Node, c *container) bool {
	if v.t != V_ARRAY && v.t != V_OBJECT && v.t != V_ANY {
		return false
	}
	s := holdSearch{c: c, budget: goValueBudget}
	if s.node(v) {
		return true
	}
	for len(s.todo) > 0 {
		cur := s.todo[len(s.todo)-1]
		s.todo = s.todo[:len(s.todo)-1]
		lv := cur.load()
		lv.elems.each(lv.n, func(_ int, m *Node) bool { return !s.node(m) })
		lv.pairs.each(lv.n, func(_ int, p *Pair) bool { return !s.node(&p.Value) })
		if s.found {
			return true
		}
	}
	return false
}

// holdSearch is the state of holds: arrays and objects still to read,
// those seen, and how many more Go values may be read.
type holdSearch struct {
	c      *container
	todo   []*container
	seen   map[*container]struct{}
	budget int
	found  bool
}

// node reports whether m is c, or (for V_ANY) its Go value holds c;
// arrays and objects with parsed members are queued to be read.
func (s *holdSearch) node(m *Node) bool {
	switch m.t {
	case V_ARRAY, V_OBJECT:
		mc := m.container()
		if mc == s.c {
			s.found = true
			return true
		}
		if mc.load() == nil {
			return false
		}
		if _, ok := s.seen[mc]; ok {
			return false
		}
		if s.seen == nil {
			s.seen = make(map[*container]struct{})
		}
		s.seen[mc] = struct{}{}
		s.todo = append(s.todo, mc)
	case V_ANY:
		if x := m.anyValue(); x != nil && mayHoldNode(reflect.TypeOf(x)) {
			return s.goValue(reflect.ValueOf(x))
		}
	}
	return false
}

var (
	nodeType    = reflect.TypeFor[Node]()
	nodePtrType = reflect.TypeFor[*Node]()
)

// goValue reports whether the Go value x holds c in a Node of its own.
// It reads at most goValueBudget values (which also ends any cycle of
// the Go value's own).
func (s *holdSearch) goValue(x reflect.Value) bool {
	if !mayHoldNode(x.Type()) {
		return false
	}
	if s.budget--; s.budget < 0 {
		return false
	}
	switch x.Kind() {
	case reflect.Interface:
		return !x.IsNil() && s.goValue(x.Elem())
	case reflect.Pointer:
		if x.IsNil() {
			return false
		}
		if x.Type() == nodePtrType && x.CanInterface() {
			return s.node(x.Interface().(*Node))
		}
		return s.goValue(x.Elem())
	case reflect.Struct:
		if x.Type() == nodeType {
			if !x.CanInterface() {
				return false
			}
			m := x.Interface().(Node)
			return s.node(&m)
		}
		for i := 0; i < x.NumField(); i++ {
			if s.goValue(x.Field(i)) {
				return true
			}
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < x.Len() && s.budget >= 0; i++ {
			if s.goValue(x.Index(i)) {
				return true
			}
		}
	case reflect.Map:
		// (Keys are not searched: a Node is no valid key to encode.)
		v := reflect.New(x.Type().Elem()).Elem()
		for it := x.MapRange(); it.Next() && s.budget >= 0; {
			v.SetIterValue(it)
			if s.goValue(v) {
				return true
			}
		}
	}
	return false
}

// mayHold caches mayHoldNode by type.
var mayHold sync.Map // reflect.Type -> bool

// mayHoldNode reports whether values of type t can hold a Node: t is
// Node, or an interface, or a pointer, slice, array, map or struct that
// leads to one.
func mayHoldNode(t reflect.Type) bool {
	if v, ok := mayHold.Load(t); ok {
		return v.(bool)
	}
	r := typeHoldsNode(t, map[reflect.Type]bool{})
	mayHold.Store(t, r)
	return r
}

func typeHoldsNode(t reflect.Type, visiting map[reflect.Type]bool) bool {
	if t == nodeType || t.Kind() == reflect.Interface {
		return true
	}
	if visiting[t] {
		return false // (another way through t answers for it)
	}
	visiting[t] = true
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return typeHoldsNode(t.Elem(), visiting)
	case reflect.Map:
		return typeHoldsNode(t.Elem(), visiting)
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if typeHoldsNode(t.Field(i).Type, visiting) {
				return true
			}
		}
	}
	return false
}

// walkPath follows a walk down a node's members. Past cycleCheckDepth
// arrays and objects it records those on the path, so that meeting one
// of them again, a cycle, stops the walk; shallower walks cost one
// counter.
type walkPath struct {
	depth int
	on    map[*container]struct{}
}

// enter steps into the array or object n and reports false, without
// stepping, when n is already on the path.
func (w *walkPath) enter(n *Node) bool {
	if w.depth >= cycleCheckDepth {
		c := n.container()
		if _, ok := w.on[c]; ok {
			return false
		}
		if w.on == nil {
			w.on = make(map[*container]struct{})
		}
		w.on[c] = struct{}{}
	}
	w.depth++
	return true
}

// leave steps back out of n.
func (w *walkPath) leave(n *Node) {
	w.depth--
	if w.depth >= cycleCheckDepth {
		delete(w.on, n.container())
	}
}

// cycleError is the error for a walk that met n again, as encoding/json
// reports a pointer cycle.
func cycleError(n *Node) error {
	return &json.UnsupportedValueError{Value: reflect.ValueOf(*n), Str: "encountered a cycle via ast.Node"}
}
