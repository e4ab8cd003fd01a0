package ast

import (
	"strings"
	"testing"

	"github.com/jetjson/jet/internal/wire"
)

// TestEditDepth checks that an edit whose result jet would reject as too
// deep is an error (issue 13: SetPath with a 10000-component path
// returned a document that failed Valid), and that one at the limit
// works and stays valid.
func TestEditDepth(t *testing.T) {
	deepPath := strings.Repeat("a.", wire.DefaultMaxDepth) + "b"
	if out, err := SetPath([]byte("{}"), deepPath, 1, EditOptions{ValidateJSON: true}); err == nil {
		t.Fatalf("SetPath with %d levels: no error, output valid=%v", wire.DefaultMaxDepth+1, wire.Valid(string(out), wire.DefaultMaxDepth))
	}
	okPath := strings.Repeat("a.", wire.DefaultMaxDepth-1) + "b"
	out, err := SetPath([]byte("{}"), okPath, 1, EditOptions{ValidateJSON: true})
	if err != nil || !wire.Valid(string(out), wire.DefaultMaxDepth) {
		t.Fatalf("SetPath with %d levels: %v (valid=%v)", wire.DefaultMaxDepth, err, wire.Valid(string(out), wire.DefaultMaxDepth))
	}
	// A deep value at a shallow path.
	raw := strings.Repeat("[", wire.DefaultMaxDepth) + strings.Repeat("]", wire.DefaultMaxDepth)
	if _, err := SetRawPath([]byte(`{"x":{}}`), "x.y", []byte(raw), EditOptions{ValidateJSON: true}); err == nil {
		t.Fatal("SetRawPath of a value nested 10000 deep two levels down: no error")
	}
	if out, err := SetRawPath([]byte(`{}`), "", []byte(raw), EditOptions{ValidateJSON: true}); err != nil || !wire.Valid(string(out), wire.DefaultMaxDepth) {
		t.Fatalf("SetRawPath of a value nested 10000 deep at the root: %v", err)
	}
}

// TestNodeSetDepth checks that a tree built by Node.Set deeper than jet
// reads cannot be written out as text jet would reject (issue 13), and
// that one at the limit can: built level by level, and by putting a deep
// raw value under a deep built chain.
func TestNodeSetDepth(t *testing.T) {
	chain := func(levels int) (Node, *Node) {
		root := NewRaw(`{}`)
		cur := &root
		for i := 1; i < levels; i++ {
			if _, err := cur.Set("a", NewRaw(`{}`)); err != nil {
				t.Fatal(err)
			}
			cur = cur.Get("a")
		}
		return root, cur
	}
	root, _ := chain(wire.DefaultMaxDepth)
	out, err := root.MarshalJSON()
	if err != nil || !wire.Valid(string(out), wire.DefaultMaxDepth) {
		t.Fatalf("%d levels: %v (valid=%v)", wire.DefaultMaxDepth, err, wire.Valid(string(out), wire.DefaultMaxDepth))
	}
	root, _ = chain(wire.DefaultMaxDepth + 1)
	if out, err := root.MarshalJSON(); err == nil {
		t.Fatalf("%d levels: no error, output valid=%v", wire.DefaultMaxDepth+1, wire.Valid(string(out), wire.DefaultMaxDepth))
	}
	// A raw value 3 deep under a chain of limit-2 levels: 1 too many.
	root, last := chain(wire.DefaultMaxDepth - 2)
	if _, err := last.Set("x", NewRaw(`[[[]]]`)); err != nil {
		t.Fatal(err)
	}
	if out, err := root.MarshalJSON(); err == nil {
		t.Fatalf("raw value past the limit: no error, output valid=%v", wire.Valid(string(out), wire.DefaultMaxDepth))
	}
	if _, err := last.Set("x", NewRaw(`[[]]`)); err != nil {
		t.Fatal(err)
	}
	if out, err := root.MarshalJSON(); err != nil || !wire.Valid(string(out), wire.DefaultMaxDepth) {
		t.Fatalf("raw value at the limit: %v", err)
	}
}
