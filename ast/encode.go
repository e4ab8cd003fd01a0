package ast

import (
	"encoding/json"
	"fmt"
	"reflect"
	"unsafe"

	"github.com/jetjson/jet/decoder"
	"github.com/jetjson/jet/internal/nodehook"
	"github.com/jetjson/jet/internal/wire"
)

// unchanged reports whether the node is still exactly the text it was
// made from, so that its text can be used as it is. An array or object is
// on path already; a cycle below it counts as a change (and the walk that
// asked then finds it).
func (n *Node) unchanged(path *walkPath) bool {
	if n.raw == "" || n.f&fDecoded != 0 {
		return false
	}
	if n.t != V_ARRAY && n.t != V_OBJECT {
		return true
	}
	c := n.container()
	if c.dirty {
		return false
	}
	lv := c.load()
	if lv == nil {
		return true
	}
	ok := true
	check := func(m *Node) bool {
		if m.t != V_ARRAY && m.t != V_OBJECT {
			ok = m.unchanged(path)
			return ok
		}
		if !path.enter(m) {
			ok = false
			return false
		}
		ok = m.unchanged(path)
		path.leave(m)
		return ok
	}
	if n.t == V_ARRAY {
		lv.elems.each(lv.n, func(_ int, m *Node) bool { return check(m) })
	} else {
		lv.pairs.each(lv.n, func(_ int, p *Pair) bool { return check(&p.Value) })
	}
	return ok
}

// MarshalJSON returns the node's JSON text: the text it was read from
// where nothing has changed (copied as it is, whitespace included), and
// a compact encoding of what has. A node that contains itself (see
// ErrCycle) is an error, as encoding/json reports a pointer cycle.
func (n Node) MarshalJSON() ([]byte, error) {
	var path walkPath
	return n.appendJSON(nil, &path)
}

func init() {
	nodehook.NodeType = reflect.TypeFor[Node]()
	nodehook.AppendNode = func(dst []byte, p unsafe.Pointer, depth int) ([]byte, error) {
		// A node met inside a Go value, itself depth levels down.
		path := walkPath{depth: depth}
		return (*Node)(p).appendJSON(dst, &path)
	}
}

// appendJSON appends the node's JSON text to dst; path is the walk down
// to it.
func (n *Node) appendJSON(dst []byte, path *walkPath) ([]byte, error) {
	switch n.t {
	case V_NONE:
		return dst, notFound("cannot encode a V_NONE node")
	case V_ERROR:
		return dst, n.Check()
	case V_NULL:
		return append(dst, "null"...), nil
	case V_TRUE:
		return append(dst, "true"...), nil
	case V_FALSE:
		return append(dst, "false"...), nil
	case V_NUMBER:
		return append(dst, n.raw...), nil
	case V_STRING:
		if n.f&fDecoded != 0 {
			return wire.AppendQuoted(dst, n.raw, false), nil
		}
		return append(dst, n.raw...), nil
	case V_ANY:
		// The encoder goes on counting levels from here: a Go value
		// that holds this node again nests without end, and is stopped
		// where the nesting passes the limit, not by the stack.
		if path.depth >= wire.DefaultMaxDepth {
			return dst, tooDeepError()
		}
		return nodehook.EncodeAt(dst, n.anyValue(), path.depth+1)
	}
	if !path.enter(n) {
		return dst, cycleError(n)
	}
	var err error
	if path.depth > wire.DefaultMaxDepth {
		err = tooDeepError()
	} else {
		dst, err = n.appendMembers(dst, path)
	}
	path.leave(n)
	return dst, err
}

// tooDeepError is the error for a tree that edits nested deeper than jet
// reads JSON text: its text would be rejected.
func tooDeepError() error {
	return fmt.Errorf("ast: the value nests deeper than %d levels, which jet rejects", wire.DefaultMaxDepth)
}

// appendMembers appends the JSON text of the array or object n, which is
// on path.
func (n *Node) appendMembers(dst []byte, path *walkPath) ([]byte, error) {
	if n.unchanged(path) {
		// The text nests within itself too: at this depth it must stay
		// inside the limit (a cheap bound first: a level takes 2 bytes).
		if left := wire.DefaultMaxDepth - path.depth + 1; len(n.raw)/2 > left && !wire.Valid(n.raw, left) {
			return dst, tooDeepError()
		}
		return append(dst, n.raw...), nil
	}
	var err error
	lv := n.loadLevel()
	if n.t == V_ARRAY {
		dst = append(dst, '[')
		for i := 0; i < lv.n; i++ {
			if i > 0 {
				dst = append(dst, ',')
			}
			if dst, err = lv.elems.at(i).appendJSON(dst, path); err != nil {
				return dst, err
			}
		}
		return append(dst, ']'), nil
	}
	dst = append(dst, '{')
	for i := 0; i < lv.n; i++ {
		if i > 0 {
			dst = append(dst, ',')
		}
		p := lv.pairs.at(i)
		dst = wire.AppendQuoted(dst, p.Key, false)
		dst = append(dst, ':')
		if dst, err = p.Value.appendJSON(dst, path); err != nil {
			return dst, err
		}
	}
	return append(dst, '}'), nil
}

// UnmarshalJSON makes the node the JSON text data (copied), validated
// but not parsed: a lazy node, as NewRaw makes.
func (n *Node) UnmarshalJSON(data []byte) error {
	v := NewRaw(string(data))
	if v.t == V_ERROR {
		return v.Check()
	}
	*n = v
	return nil
}

// Interface returns the node as encoding/json decodes into an interface
// value: nil, bool, float64, string, []any, map[string]any. A V_ANY
// node returns its Go value. A node that contains itself (see ErrCycle)
// is an error, as encoding/json reports a pointer cycle.
func (n *Node) Interface() (any, error) { return n.decode(0) }

// InterfaceUseNumber is Interface with numbers as json.Number.
func (n *Node) InterfaceUseNumber() (any, error) { return n.decode(decoder.OptionUseNumber) }

// InterfaceUseNode returns an object as map[string]Node, an array as
// []Node (the members themselves, not decoded) and any other node as
// itself (a Node).
func (n *Node) InterfaceUseNode() (any, error) {
	if err := n.Check(); err != nil {
		return nil, err
	}
	switch n.t {
	case V_OBJECT:
		return n.MapUseNode()
	case V_ARRAY:
		return n.ArrayUseNode()
	}
	return *n, nil
}

// decode decodes the node with the decoder options opts.
func (n *Node) decode(opts decoder.Options) (any, error) {
	var path walkPath
	return n.toAny(opts, &path)
}

// toAny decodes the node with the decoder options opts; path is the walk
// down to it.
func (n *Node) toAny(opts decoder.Options, path *walkPath) (any, error) {
	if err := n.Check(); err != nil {
		return nil, err
	}
	switch n.t {
	case V_NULL:
		return nil, nil
	case V_TRUE:
		return true, nil
	case V_FALSE:
		return false, nil
	case V_STRING:
		return n.stringValue(), nil
	case V_NUMBER:
		if opts&decoder.OptionUseNumber != 0 {
			return json.Number(n.raw), nil
		}
		f, err := wire.ParseFloat(n.raw)
		if err != nil {
			return nil, fmt.Errorf("ast: number %s: %w", n.raw, err)
		}
		return f, nil
	case V_ANY:
		return n.anyValue(), nil
	case V_ARRAY, V_OBJECT:
		if !path.enter(n) {
			return nil, cycleError(n)
		}
		v, err := n.containerToAny(opts, path)
		path.leave(n)
		return v, err
	}
	return nil, n.cannot("interface")
}

// containerToAny is toAny for an array or object, which is on path.
func (n *Node) containerToAny(opts decoder.Options, path *walkPath) (any, error) {
	if n.t == V_ARRAY {
		if n.unchanged(path) {
			var v []any
			err := decoder.DecodeString(n.raw, &v, opts)
			return v, err
		}
		return n.toSlice(opts, path)
	}
	if n.unchanged(path) {
		var v map[string]any
		err := decoder.DecodeString(n.raw, &v, opts)
		return v, err
	}
	return n.toMap(opts, path)
}

func (n *Node) toSlice(opts decoder.Options, path *walkPath) ([]any, error) {
	lv := n.loadLevel()
	out := make([]any, lv.n)
	for i := range out {
		v, err := lv.elems.at(i).toAny(opts, path)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

func (n *Node) toMap(opts decoder.Options, path *walkPath) (map[string]any, error) {
	lv := n.loadLevel()
	out := make(map[string]any, lv.n)
	for i := 0; i < lv.n; i++ {
		p := lv.pairs.at(i)
		v, err := p.Value.toAny(opts, path)
		if err != nil {
			return nil, err
		}
		out[p.Key] = v
	}
	return out, nil
}

// Map returns an object decoded as map[string]any (numbers as float64).
// When a key appears more than once the last member wins, as in
// encoding/json.
func (n *Node) Map() (map[string]any, error) { return n.mapOpts(0) }

// MapUseNumber is Map with numbers as json.Number.
func (n *Node) MapUseNumber() (map[string]any, error) { return n.mapOpts(decoder.OptionUseNumber) }

func (n *Node) mapOpts(opts decoder.Options) (map[string]any, error) {
	if err := n.should(V_OBJECT, "Map"); err != nil {
		return nil, err
	}
	v, err := n.decode(opts)
	if err != nil {
		return nil, err
	}
	return v.(map[string]any), nil
}

// MapUseNode returns an object's members as a map of Nodes (the last
// member wins for a repeated key).
func (n *Node) MapUseNode() (map[string]Node, error) {
	if err := n.should(V_OBJECT, "MapUseNode"); err != nil {
		return nil, err
	}
	lv := n.loadLevel()
	out := make(map[string]Node, lv.n)
	for i := 0; i < lv.n; i++ {
		p := lv.pairs.at(i)
		out[p.Key] = p.Value
	}
	return out, nil
}

// Array returns an array decoded as []any (numbers as float64).
func (n *Node) Array() ([]any, error) { return n.arrayOpts(0) }

// ArrayUseNumber is Array with numbers as json.Number.
func (n *Node) ArrayUseNumber() ([]any, error) { return n.arrayOpts(decoder.OptionUseNumber) }

func (n *Node) arrayOpts(opts decoder.Options) ([]any, error) {
	if err := n.should(V_ARRAY, "Array"); err != nil {
		return nil, err
	}
	v, err := n.decode(opts)
	if err != nil {
		return nil, err
	}
	return v.([]any), nil
}

// ArrayUseNode returns an array's elements as a slice of Nodes (copies
// that share arrays and objects with the originals).
func (n *Node) ArrayUseNode() ([]Node, error) {
	if err := n.should(V_ARRAY, "ArrayUseNode"); err != nil {
		return nil, err
	}
	lv := n.loadLevel()
	out := make([]Node, lv.n)
	for i := range out {
		out[i] = *lv.elems.at(i)
	}
	return out, nil
}
