package ast

import (
	"encoding/json"
	"fmt"
	"reflect"
)

// A Node cannot contain itself: Set, SetByIndex and Add refuse a value
// that is the node or holds it (holds), and the walks over a node's
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
// has it among the parsed members of its parsed members, at any depth.
// Only the parsed part of v is read (its text holds no nodes): a scalar,
// or an array or object not read yet, is answered at once.
func holds(v *Node, c *container) bool {
	if v.t != V_ARRAY && v.t != V_OBJECT {
		return false
	}
	if v.container() == c {
		return true
	}
	var (
		todo  []*container
		seen  map[*container]struct{}
		found bool
	)
	visit := func(m *Node) bool {
		if m.t != V_ARRAY && m.t != V_OBJECT {
			return true
		}
		mc := m.container()
		if mc == c {
			found = true
			return false
		}
		if mc.load() == nil {
			return true
		}
		if _, ok := seen[mc]; ok {
			return true
		}
		if seen == nil {
			seen = make(map[*container]struct{})
		}
		seen[mc] = struct{}{}
		todo = append(todo, mc)
		return true
	}
	for cur := v.container(); ; {
		if lv := cur.load(); lv != nil {
			lv.elems.each(lv.n, func(_ int, m *Node) bool { return visit(m) })
			lv.pairs.each(lv.n, func(_ int, p *Pair) bool { return visit(&p.Value) })
		}
		if found {
			return true
		}
		if len(todo) == 0 {
			return false
		}
		cur = todo[len(todo)-1]
		todo = todo[:len(todo)-1]
	}
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
