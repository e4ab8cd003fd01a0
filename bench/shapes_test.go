package bench

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestShapes checks that every shape document is valid JSON of the
// promised size, the same on each generation, and decodes into its
// binding type.
func TestShapes(t *testing.T) {
	for _, s := range Shapes {
		data := ShapeData(s.Name)
		if !json.Valid(data) {
			t.Fatalf("%s: invalid JSON", s.Name)
		}
		if len(data) < 50_000 || len(data) > 4_000_000 {
			t.Errorf("%s: %d bytes, outside 50 KB to 4 MB", s.Name, len(data))
		}
		shapeCache.Delete(s.Name)
		if again := ShapeData(s.Name); !bytes.Equal(again, data) {
			t.Errorf("%s: a second generation differs", s.Name)
		}
		if s.New != nil {
			if err := json.Unmarshal(data, s.New()); err != nil {
				t.Errorf("%s: into its binding: %v", s.Name, err)
			}
		}
		t.Logf("%s: %d bytes", s.Name, len(data))
	}
}
