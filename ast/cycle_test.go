package ast

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/jetjson/jet/encoder"
)

// TestCycleRefused checks that Set, SetByIndex and Add (and their Any
// forms) refuse a value that is the node itself or holds it, and leave
// the node as it was; before, the node then made MarshalJSON and
// Interface die of a stack overflow.
func TestCycleRefused(t *testing.T) {
	refused := func(what string, err error) {
		t.Helper()
		if !errors.Is(err, ErrCycle) {
			t.Fatalf("%s: error %v, want ErrCycle", what, err)
		}
	}
	encodes := func(what string, n Node, want string) {
		t.Helper()
		b, err := n.MarshalJSON()
		if err != nil || string(b) != want {
			t.Fatalf("%s: MarshalJSON = %s, %v; want %s", what, b, err, want)
		}
		if _, err := n.Interface(); err != nil {
			t.Fatalf("%s: Interface: %v", what, err)
		}
	}

	r := NewRaw("[1]")
	refused("Add of itself", r.Add(r))
	refused("AddAny of itself", r.AddAny(r))
	refused("AddAny of a pointer to itself", r.AddAny(&r))
	_, err := r.SetByIndex(0, r)
	refused("SetByIndex of itself", err)
	_, err = r.SetAnyByIndex(0, &r)
	refused("SetAnyByIndex of itself", err)
	encodes("array", r, "[1]")

	o := NewRaw(`{"a":1}`)
	_, err = o.Set("self", o)
	refused("Set of itself", err)
	_, err = o.SetAny("a", o)
	refused("SetAny of itself", err)
	_, err = o.SetByIndex(0, o)
	refused("SetByIndex of itself on an object", err)
	encodes("object", o, `{"a":1}`)

	// A value that holds the node, at any depth.
	root := NewRaw(`{"a":{"b":[1,{"c":2}]},"d":[]}`)
	c := root.GetByPath("a", "b", 1)
	_, err = c.Set("up", root)
	refused("Set of an ancestor", err)
	_, err = c.Set("up", *root.Get("a"))
	refused("Set of a parent", err)
	b := root.GetByPath("a", "b")
	refused("Add of an ancestor", b.Add(root))
	w := NewArray([]Node{NewObject([]Pair{{"x", NewNull()}, {"y", r}})})
	refused("Add of a new array that holds the node", r.Add(w))
	_, err = r.SetByIndex(0, NewObject([]Pair{{"k", w}}))
	refused("SetByIndex of a new object that holds the node", err)
	encodes("nested", root, `{"a":{"b":[1,{"c":2}]},"d":[]}`)

	// Go values (V_ANY) are encoded with the Nodes in them.
	refused("AddAny of a slice holding the node", r.AddAny([]Node{NewNull(), r}))
	_, err = o.SetAny("k", map[string]any{"x": []any{1, &o}})
	refused("SetAny of a map holding a pointer to the node", err)
	type holder struct {
		A int
		B []*Node
	}
	refused("AddAny of a struct holding the node", r.AddAny(&holder{B: []*Node{nil, &r}}))
	refused("Add of an array holding a Go value holding the node", r.Add(NewArray([]Node{NewAny([]Node{r})})))
	loop := []any{nil, 2}
	loop[0] = loop
	if err := r.AddAny(loop); errors.Is(err, ErrCycle) {
		t.Fatal("a Go value with a cycle of its own is no cycle of the node")
	}
	r.Pop()
	if err := r.AddAny(struct{ n Node }{r}); err != nil { // (not encoded)
		t.Fatal(err)
	}
	r.Pop()
	if err := r.AddAny([]any{[]int{1}, map[string]any{"k": NewRaw("[1]")}}); err != nil {
		t.Fatal(err)
	}
	r.Pop()
	encodes("array", r, "[1]")

	// Sharing is no cycle: the same value twice, a sibling, a node of
	// the same text elsewhere.
	x := NewRaw(`[]`)
	if err := r.Add(x); err != nil {
		t.Fatal(err)
	}
	if err := r.Add(NewArray([]Node{x, x})); err != nil {
		t.Fatal(err)
	}
	if _, err := root.Get("d").SetAny("0", nil); err == nil {
		t.Fatal("Set on an array")
	}
	if err := root.Get("d").Add(*root.GetByPath("a", "b")); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Set("copy", NewRaw(`{"a":{"b":[1,{"c":2}]}}`)); err != nil {
		t.Fatal(err)
	}
	encodes("shared", r, "[1,[],[[],[]]]")
	encodes("sibling", root, `{"a":{"b":[1,{"c":2,"copy":{"a":{"b":[1,{"c":2}]}}}]},"d":[[1,{"c":2,"copy":{"a":{"b":[1,{"c":2}]}}}]]}`)
}

// cyclic returns nodes that contain themselves, made by writing through
// the *Node that lookups return (which Set and Add cannot refuse).
func cyclic() map[string]Node {
	arr := NewRaw("[1]")
	*arr.Index(0) = arr
	obj := NewRaw(`{"a":{"b":[true]},"z":null}`)
	*obj.GetByPath("a", "b", 0) = obj
	built := NewObject([]Pair{{"k", NewArray([]Node{NewInt64(1)})}})
	*built.Get("k").Index(0) = built
	built.SortKeys(false)
	return map[string]Node{"array": arr, "object": obj, "built": built}
}

// TestCycleReported checks that every walk over the members of a node
// that contains itself stops with an error, as encoding/json reports a
// pointer cycle, instead of dying of a stack overflow.
func TestCycleReported(t *testing.T) {
	for name, n := range cyclic() {
		isCycle := func(what string, err error) {
			t.Helper()
			var uv *json.UnsupportedValueError
			if !errors.As(err, &uv) || !strings.Contains(err.Error(), "encountered a cycle") {
				t.Fatalf("%s: %s: error %v, want a cycle", name, what, err)
			}
		}
		_, err := n.MarshalJSON()
		isCycle("MarshalJSON", err)
		_, err = n.Raw()
		isCycle("Raw", err)
		_, err = json.Marshal(n)
		isCycle("json.Marshal", err)
		_, err = AppendValue(nil, n)
		isCycle("AppendValue", err)
		_, err = AppendValue(nil, &n)
		isCycle("AppendValue of a pointer", err)
		_, err = SetPath([]byte(`{"x":1}`), "x", n, EditOptions{})
		isCycle("SetPath", err)
		_, err = n.Interface()
		isCycle("Interface", err)
		_, err = n.InterfaceUseNumber()
		isCycle("InterfaceUseNumber", err)
		if n.Type() == V_OBJECT {
			_, err = n.Map()
			isCycle("Map", err)
			_, err = n.MapUseNumber()
			isCycle("MapUseNumber", err)
		} else {
			_, err = n.Array()
			isCycle("Array", err)
		}
		isCycle("LoadAll", n.LoadAll())
		isCycle("SortKeys", n.SortKeys(true))
		if err := n.SortKeys(false); err != nil {
			t.Fatalf("%s: SortKeys(false): %v", name, err)
		}
		// One level at a time: no walk to stop.
		k := 0
		if err := n.ForEach(func(Sequence, *Node) bool { k++; return true }); err != nil || k == 0 {
			t.Fatalf("%s: ForEach: %d members, %v", name, k, err)
		}
		if _, err := n.String(); err == nil {
			t.Fatalf("%s: String of a container", name)
		}
		if l, err := n.Len(); err != nil || l == 0 {
			t.Fatalf("%s: Len = %d, %v", name, l, err)
		}
		if _, err := n.InterfaceUseNode(); err != nil {
			t.Fatalf("%s: InterfaceUseNode: %v", name, err)
		}
		for range n.Elements() {
		}
		if n.IsRaw() {
			t.Fatalf("%s: IsRaw", name)
		}
		// A cycle in the value refuses Set and Add too, and walking it
		// there ends.
		var other Node
		if _, err := other.Set("c", n); err != nil {
			t.Fatalf("%s: Set of a cyclic value elsewhere: %v", name, err)
		}
		_, err = other.MarshalJSON()
		isCycle("MarshalJSON of a holder", err)
		if _, err := n.Set("again", other); n.Type() == V_OBJECT && !errors.Is(err, ErrCycle) {
			t.Fatalf("%s: Set of a holder: %v", name, err)
		}
	}
}

// TestDeepNotCycle checks that nodes nested deeper than cycleCheckDepth
// but with no cycle are walked as before.
func TestDeepNotCycle(t *testing.T) {
	const depth = cycleCheckDepth + 300
	want := strings.Repeat(`{"a":`, depth) + `{"k":[1]}` + strings.Repeat("}", depth)
	// Built by Set.
	root := NewObject(nil)
	shared := NewRaw(`{"k":[1]}`)
	cur := &root
	for i := 0; i < depth; i++ {
		if i == depth-1 {
			cur.Set("a", shared)
		} else {
			cur.Set("a", NewObject(nil))
		}
		cur = cur.Get("a")
	}
	// Parsed, then changed at the bottom so that every level is encoded
	// again, and parsed and not changed.
	parsed := NewRaw(strings.Repeat(`{"a":`, depth) + `{"k":[0]}` + strings.Repeat("}", depth))
	parsed.LoadAll()
	bottom := &parsed
	for i := 0; i < depth; i++ {
		bottom = bottom.Get("a")
	}
	bottom.Get("k").SetByIndex(0, NewInt64(1))
	same := NewRaw(want)
	for name, n := range map[string]*Node{"built": &root, "parsed": &parsed, "unchanged": &same} {
		if err := n.LoadAll(); err != nil {
			t.Fatalf("%s: LoadAll: %v", name, err)
		}
		b, err := n.MarshalJSON()
		if err != nil || string(b) != want {
			t.Fatalf("%s: MarshalJSON = %.40s, %v", name, b, err)
		}
		if _, err := n.Interface(); err != nil {
			t.Fatalf("%s: Interface: %v", name, err)
		}
		if err := n.SortKeys(true); err != nil {
			t.Fatalf("%s: SortKeys: %v", name, err)
		}
	}
	if _, err := shared.Set("up", root); !errors.Is(err, ErrCycle) {
		t.Fatalf("Set of a deep holder: %v", err)
	}
}

// TestCycleThroughGoValues checks that a node holding a Go value that
// holds the node again (by value or by pointer) is an error when written
// out, by Node.MarshalJSON and by Marshal of the Go value, not a stack
// overflow: the encoder and the node count nesting together.
func TestCycleThroughGoValues(t *testing.T) {
	m := map[string]any{}
	n := NewAny(m)
	m["x"] = n
	if _, err := n.MarshalJSON(); err == nil {
		t.Fatal("node -> map -> node: no error")
	}
	if _, err := encoder.Encode(m, encoder.SortMapKeys); err == nil {
		t.Fatal("map -> node -> map: no error")
	}
	p := map[string]any{}
	np := NewAny(p)
	p["x"] = &np
	if _, err := np.MarshalJSON(); err == nil {
		t.Fatal("node -> map -> *node: no error")
	}
	// Nodes inside Go values are still written as their MarshalJSON
	// writes them under the encoder's options.
	type S struct {
		N Node
		P *Node
	}
	out, err := encoder.Encode(S{N: NewRaw(`{ "a" : "<x>" }`)}, encoder.EscapeHTML|encoder.CompactMarshaler)
	if err != nil || string(out) != `{"N":{"a":"\u003cx\u003e"},"P":null}` {
		t.Fatalf("nodes in a struct: %s, %v", out, err)
	}
}
