package bench

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// astDoc is the document the get/set scenarios run on.
const astDoc = "twitter"

func astCases(tb testing.TB) []ASTCase {
	tb.Helper()
	_, corpus := load(tb)
	doc, ok := corpus[astDoc]
	if !ok {
		tb.Skipf("corpus not found (set $%s); skipping the get/set scenarios", CorpusEnv)
	}
	return ASTCases(astDoc, doc)
}

// benchmarkAST runs one op for every library, as
// Benchmark<Op>/twitter/<lib>.
func benchmarkAST(b *testing.B, op string) {
	cases := astCases(b)
	_, corpus := load(b)
	size := int64(len(corpus[astDoc]))
	b.Run(astDoc, func(b *testing.B) {
		for _, c := range cases {
			if c.Op != op {
				continue
			}
			run := c.Run
			b.Run(c.Lib, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(size)
				for i := 0; i < b.N; i++ {
					if _, err := run(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	})
}

// BenchmarkGetEarly reads one value near the start of twitter.json.
func BenchmarkGetEarly(b *testing.B) { benchmarkAST(b, "GetEarly") }

// BenchmarkGetLate reads the last value of twitter.json.
func BenchmarkGetLate(b *testing.B) { benchmarkAST(b, "GetLate") }

// BenchmarkGetMany5 reads five values spread over twitter.json.
func BenchmarkGetMany5(b *testing.B) { benchmarkAST(b, "GetMany5") }

// BenchmarkSetOne changes one value and produces the whole new document.
func BenchmarkSetOne(b *testing.B) { benchmarkAST(b, "SetOne") }

// BenchmarkDeleteOne removes one member and produces the new document.
func BenchmarkDeleteOne(b *testing.B) { benchmarkAST(b, "DeleteOne") }

// BenchmarkPreorder walks the whole document with a visitor.
func BenchmarkPreorder(b *testing.B) { benchmarkAST(b, "Preorder") }

// BenchmarkLoadAll parses the whole document into a tree of nodes.
func BenchmarkLoadAll(b *testing.B) { benchmarkAST(b, "LoadAll") }

// TestASTScenariosAgree checks that every library computes the same
// result in each get/set scenario, so that the benchmarks compare equal
// work.
func TestASTScenariosAgree(t *testing.T) {
	cases := astCases(t)
	results := map[string]map[string]string{}
	for _, c := range cases {
		got, err := c.Run()
		if err != nil {
			t.Fatalf("%s/%s: %v", c.Op, c.Lib, err)
		}
		if results[c.Op] == nil {
			results[c.Op] = map[string]string{}
		}
		results[c.Op][c.Lib] = ResultText(got)
	}
	for op, byLib := range results {
		want := byLib["jet"]
		for lib, got := range byLib {
			if !sameValue(got, want) {
				t.Errorf("%s: %s gives %.200s, jet gives %.200s", op, lib, got, want)
			}
		}
	}
	// The edits change exactly one value.
	var before, after any
	_, corpus := load(t)
	json.Unmarshal(corpus[astDoc], &before)
	json.Unmarshal([]byte(results["SetOne"]["jet"]), &after)
	user := before.(map[string]any)["statuses"].([]any)[50].(map[string]any)["user"].(map[string]any)
	user["screen_name"] = "jet"
	if !reflect.DeepEqual(before, after) {
		t.Error("SetOne changed more than one value")
	}
}

// sameValue compares two results as JSON values when they are JSON, and
// as text otherwise.
func sameValue(a, b string) bool {
	var x, y any
	da := json.NewDecoder(strings.NewReader(a))
	da.UseNumber()
	db := json.NewDecoder(strings.NewReader(b))
	db.UseNumber()
	if da.Decode(&x) != nil || db.Decode(&y) != nil {
		return a == b
	}
	return reflect.DeepEqual(x, y)
}
