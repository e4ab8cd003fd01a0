//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	"testing"

	"github.com/jetjson/jet/internal/testdocs"
)

// genShape is a struct whose names are those the generator draws
// (testdocs' names), so that generated objects fill it, meet its tag
// options and end in its fallback.
type genShape struct {
	A     any               `json:"a"`
	B     []any             `json:"b"`
	C     map[string]any    `json:"c"`
	ID    float64           `json:"id"`
	Name  string            `json:"name"`
	Empty *genShape         `json:""`
	Slash []genShape        `json:"a/b"`
	E     int64             `json:"é,string"`
	Tilde [2]any            `json:"~1/"`
	Quote *float32          `json:"'k\"q'"`
	Smile map[string]string `json:"😀"`
	HTML  bool              `json:"<&>"`
}

// genCase has case-insensitive and strict names that generated objects
// meet.
type genCase struct {
	A   *genCase `json:"A"`
	B   any      `json:"B,case:ignore"`
	C   string   `json:"c,case:strict"`
	ID  uint16   `json:"ID"`
	NM  []int8   `json:"NAME"`
	Raw map[string]rawValue
}

// genFallback gathers unknown members in a raw value.
type genFallback struct {
	A     []genFallback `json:"a"`
	Name  *string       `json:"name"`
	Extra rawValue      `json:",embed"`
}

// genMapFallback gathers unknown members in a map of structs.
type genMapFallback struct {
	B     map[string]genMapFallback `json:"b"`
	Extra map[string]genShape       `json:",embed"`
}

// genDests are the destinations generated texts are decoded into.
func genDests() []uDest {
	return []uDest{
		uDestOf[any]("any", nil),
		uDestOf[map[string]any]("map", nil),
		uDestOf[[]any]("slice", nil),
		uDestOf[genShape]("shape", nil),
		uDestOf[[]genShape]("shapes", nil),
		uDestOf[map[string]genShape]("shapemap", nil),
		uDestOf[genCase]("case", nil),
		uDestOf[genFallback]("fallback", nil),
		uDestOf[genMapFallback]("mapfallback", nil),
		uDestOf[[]float64]("floats", nil),
		uDestOf[[]int64]("ints", nil),
		uDestOf[[3]string]("strings3", nil),
		uDestOf[map[string][]rawValue]("raws", nil),
		uDestOf[*any]("ptrany", nil),
	}
}

// TestUnmarshalGeneratedAgainstStd decodes generated texts, valid and
// mutated, into each destination under every option set.
func TestUnmarshalGeneratedAgainstStd(t *testing.T) {
	n := 500
	if testing.Short() {
		n = 200
	}
	fails := newUFailures(t)
	for seed := uint64(1); seed <= 3; seed++ {
		g := testdocs.NewGen(seed)
		for _, in := range g.Texts(n) {
			for _, dest := range genDests() {
				for _, o := range uOptionSets() {
					fails.add(quote(in)+" -> "+dest.name+" "+o.name, diffUnmarshal(in, dest, o))
				}
			}
		}
	}
	fails.done()
}
