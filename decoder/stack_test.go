package decoder

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

// ptrTree nests slices of pointers and of strings in each other, so that
// decoding an element grows the state's stacks while the enclosing slice
// still has its element's slot on them.
type ptrTree struct {
	Kids  []*ptrTree `json:"k"`
	Names []string   `json:"n"`
	Vals  []*int     `json:"v"`
	Strs  []*string  `json:"s"`
}

func genPtrTree(r *rand.Rand, depth int) string {
	var b strings.Builder
	b.WriteString("{")
	if depth > 0 && r.Intn(4) != 0 {
		b.WriteString(`"k":[`)
		for i, n := 0, r.Intn(12); i < n; i++ {
			if i > 0 {
				b.WriteString(",")
			}
			if r.Intn(8) == 0 {
				b.WriteString("null")
			} else {
				b.WriteString(genPtrTree(r, depth-1))
			}
		}
		b.WriteString("],")
	}
	b.WriteString(`"n":[`)
	for i, n := 0, r.Intn(6); i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		if r.Intn(6) == 0 {
			b.WriteString("null")
		} else {
			fmt.Fprintf(&b, `"s%d\u00e9"`, r.Intn(1000))
		}
	}
	b.WriteString(`],"v":[`)
	for i, n := 0, r.Intn(6); i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		if r.Intn(5) == 0 {
			b.WriteString("null")
		} else {
			fmt.Fprintf(&b, "%d", r.Intn(1000)-500)
		}
	}
	b.WriteString(`],"s":[`)
	for i, n := 0, r.Intn(4); i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"x%d"`, i)
	}
	b.WriteString("]}")
	return b.String()
}

// TestNestedSliceStacks decodes trees of slices of pointers and strings
// (each element decoded into its slot of a stack that the elements below
// it grow) and compares with encoding/json.
func TestNestedSliceStacks(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	for i := 0; i < 300; i++ {
		doc := genPtrTree(r, 1+r.Intn(5))
		var want, got ptrTree
		if err := json.Unmarshal([]byte(doc), &want); err != nil {
			t.Fatalf("encoding/json rejects the generated %s: %v", doc, err)
		}
		d := NewDecoder(doc)
		if err := d.Decode(&got); err != nil {
			t.Fatalf("Decode(%s): %v", doc, err)
		}
		if !reflect.DeepEqual(&got, &want) {
			t.Fatalf("Decode(%s) differs from encoding/json", doc)
		}
	}
}
