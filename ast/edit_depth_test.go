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
