package ast

import (
	"encoding/json"
	"errors"
	"math/rand"
	"reflect"
	"sort"
	"testing"
)

func marshal(t *testing.T, n *Node) string {
	t.Helper()
	b, err := n.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestSetUnset(t *testing.T) {
	n := NewRaw(`{"a": 1, "b": {"c": [1, 2]}, "d": "x"}`)
	if ok, err := n.Set("a", NewString("one")); !ok || err != nil {
		t.Fatalf("Set existing: %v %v", ok, err)
	}
	if ok, err := n.Set("e", NewNull()); ok || err != nil {
		t.Fatalf("Set new: %v %v", ok, err)
	}
	if ok, err := n.Unset("d"); !ok || err != nil {
		t.Fatalf("Unset: %v %v", ok, err)
	}
	if ok, err := n.Unset("zz"); ok || err != nil {
		t.Fatalf("Unset missing: %v %v", ok, err)
	}
	c := n.GetByPath("b", "c")
	if err := c.Add(NewInt64(3)); err != nil {
		t.Fatal(err)
	}
	if ok, err := c.SetByIndex(0, NewBool(false)); !ok || err != nil {
		t.Fatal(err)
	}
	if _, err := c.SetByIndex(5, NewNull()); !errors.Is(err, ErrNotFound) {
		t.Fatalf("SetByIndex out of range: %v", err)
	}
	if ok, err := c.UnsetByIndex(1); !ok || err != nil {
		t.Fatal(err)
	}
	if ok, _ := c.UnsetByIndex(9); ok {
		t.Fatal("UnsetByIndex out of range")
	}
	if got, want := marshal(t, &n), `{"a":"one","b":{"c":[false,3]},"e":null}`; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	if err := n.Pop(); err != nil {
		t.Fatal(err)
	}
	if got, want := marshal(t, &n), `{"a":"one","b":{"c":[false,3]}}`; got != want {
		t.Fatalf("after Pop: got %s, want %s", got, want)
	}
	if _, err := n.Set("x", Node{}); err == nil {
		t.Fatal("Set with a V_NONE value should fail")
	}
	if _, err := n.Get("a").Set("x", NewNull()); !errors.Is(err, ErrUnsupportedType) {
		t.Fatalf("Set on a string: %v", err)
	}
	if err := n.Add(NewNull()); !errors.Is(err, ErrUnsupportedType) {
		t.Fatalf("Add on an object: %v", err)
	}
	// null and V_NONE nodes become containers.
	var none Node
	if _, err := none.Set("k", NewInt64(1)); err != nil || marshal(t, &none) != `{"k":1}` {
		t.Fatalf("Set on V_NONE: %v %s", err, marshal(t, &none))
	}
	null := NewNull()
	if err := null.AddAny([]int{1}); err != nil || marshal(t, &null) != `[[1]]` {
		t.Fatalf("Add on null: %v %s", err, marshal(t, &null))
	}
	// A null member turned into an object through its pointer is seen by
	// the parent.
	p := NewRaw(`{"n": null, "keep": [1, 2]}`)
	if _, err := p.Get("n").SetAny("x", 1); err != nil {
		t.Fatal(err)
	}
	if got := marshal(t, &p); got != `{"n":{"x":1},"keep":[1, 2]}` {
		t.Fatalf("got %s", got)
	}
}

func TestMutationKeepsPointers(t *testing.T) {
	n := NewRaw(`{"a": {"x": 1}, "b": 2}`)
	a := n.Get("a")
	// Growing the object does not move existing members.
	for i := 0; i < 40; i++ {
		n.SetAny(string(rune('c'+i)), i)
	}
	if _, err := a.Set("y", NewInt64(2)); err != nil {
		t.Fatal(err)
	}
	if v, _ := n.GetByPath("a", "y").Int64(); v != 2 {
		t.Fatal("change through an earlier pointer was lost")
	}
}

func TestSortKeys(t *testing.T) {
	n := NewRaw(`{"b": 1, "a": {"d": [{"z": 1, "y": 2}], "c": 3}, "a": 0}`)
	if err := n.SortKeys(true); err != nil {
		t.Fatal(err)
	}
	if got, want := marshal(t, &n), `{"a":{"c":3,"d":[{"y":2,"z":1}]},"a":0,"b":1}`; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	m := NewRaw(`{"b": {"y": 1, "x": 2}, "a": 1}`)
	m.SortKeys(false)
	if got, want := marshal(t, &m), `{"a":1,"b":{"y": 1, "x": 2}}`; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	sorted := NewRaw(`{"a": 1, "b": 2}`)
	sorted.SortKeys(true)
	if raw, _ := sorted.Raw(); raw != `{"a": 1, "b": 2}` {
		t.Fatalf("sorting a sorted object should keep its text: %s", raw)
	}
}

// TestMutationsMatchMaps applies random changes to a Node and to the same
// document decoded into maps and slices, and compares.
func TestMutationsMatchMaps(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	g := &gen{r: r}
	for k := 0; k < 300; k++ {
		doc := g.document()
		want := decodeStd(t, doc)
		n := NewRaw(doc)
		for j := 0; j < 8; j++ {
			path := randomPath(r, want)
			target := n.GetByPath(path...)
			ref, ok := walkStd(want, path)
			if !ok || target == nil || !target.Exists() {
				continue
			}
			switch x := ref.(type) {
			case map[string]any:
				key := g.key()
				if _, exists := x[key]; exists && r.Intn(2) == 0 {
					if ok, err := target.Unset(key); !ok || err != nil {
						t.Fatalf("Unset(%q): %v %v", key, ok, err)
					}
					delete(x, key)
				} else {
					had, err := target.SetAny(key, json.Number("7"))
					if err != nil || had != exists {
						t.Fatalf("Set(%q): %v %v (exists %v)", key, had, err, exists)
					}
					x[key] = json.Number("7")
				}
			case []any:
				if len(x) > 0 && r.Intn(2) == 0 {
					i := r.Intn(len(x))
					if ok, err := target.UnsetByIndex(i); !ok || err != nil {
						t.Fatal(err)
					}
					x = append(x[:i], x[i+1:]...)
				} else {
					if err := target.AddAny("new"); err != nil {
						t.Fatal(err)
					}
					x = append(x, "new")
				}
				// Store the changed slice back in its parent.
				if len(path) == 0 {
					want = x
				} else {
					parent, _ := walkStd(want, path[:len(path)-1])
					switch p := parent.(type) {
					case map[string]any:
						p[path[len(path)-1].(string)] = x
					case []any:
						p[path[len(path)-1].(int)] = x
					}
				}
			}
		}
		sameJSON(t, "after changes", marshal(t, &n), want)
		if got, err := n.InterfaceUseNumber(); err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("InterfaceUseNumber after changes: %v", err)
		}
		if n.Type() == V_OBJECT {
			keys, _ := n.Keys()
			if !sort.StringsAreSorted(keys) {
				n.SortKeys(false)
				keys, _ = n.Keys()
				if !sort.StringsAreSorted(keys) {
					t.Fatal("SortKeys")
				}
			}
		}
	}
}
