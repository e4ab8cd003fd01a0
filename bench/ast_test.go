package bench

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
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

// TestASTCompare measures the get/set scenarios the way bench/RESULTS.md
// reports them: in rounds, each library in turn (the order rotating from
// round to round), so that a busy moment of a shared machine hits every
// library rather than one; it prints median ns/op and the median of the
// per-round ratios to the reference library. It runs only when
// JET_AST_COMPARE is set (to the number of rounds, e.g. 15);
// JET_AST_OPS, a regexp, picks scenarios:
//
//	JET_AST_COMPARE=15 go test -run TestASTCompare -v .
//	JET_AST_COMPARE=15 JET_AST_OPS='Get' go test -run TestASTCompare -v .
func TestASTCompare(t *testing.T) {
	rounds, _ := strconv.Atoi(os.Getenv("JET_AST_COMPARE"))
	if rounds <= 0 {
		t.Skip("set JET_AST_COMPARE to the number of rounds to run the comparison")
	}
	ops := regexp.MustCompile(os.Getenv("JET_AST_OPS")) // which scenarios; all by default
	cases := astCases(t)
	byOp := map[string][]ASTCase{}
	for _, c := range cases {
		byOp[c.Op] = append(byOp[c.Op], c)
	}
	// ns[op][lib] per round
	ns := map[string]map[string][]float64{}
	for r := 0; r < rounds; r++ {
		for _, op := range ASTOps {
			if !ops.MatchString(op) {
				continue
			}
			cs := byOp[op]
			if ns[op] == nil {
				ns[op] = map[string][]float64{}
			}
			for k := range cs {
				c := cs[(k+r)%len(cs)]
				ns[op][c.Lib] = append(ns[op][c.Lib], timeOp(c.Run, 30*time.Millisecond))
			}
		}
	}
	var out strings.Builder
	fmt.Fprintf(&out, "| scenario | library | median ns/op | vs reference (median of round ratios) | vs sonic-valid |\n|---|---|---:|---:|---:|\n")
	ratio := func(op, lib, ref string) float64 {
		times := ns[op][lib]
		ratios := make([]float64, len(times))
		for i := range times {
			ratios[i] = times[i] / ns[op][ref][i]
		}
		return median(ratios)
	}
	for _, op := range ASTOps {
		if !ops.MatchString(op) {
			continue
		}
		ref := astReference(op)
		for _, c := range byOp[op] {
			valid := ""
			if _, ok := ns[op]["sonic-valid"]; ok {
				valid = fmt.Sprintf("%.2fx", ratio(op, c.Lib, "sonic-valid"))
			}
			fmt.Fprintf(&out, "| %s | %s | %.0f | %.2fx %s | %s |\n", op, c.Lib, median(ns[op][c.Lib]), ratio(op, c.Lib, ref), ref, valid)
		}
	}
	t.Log("\n" + out.String())
}

// astReference is the library each scenario's ratios are taken to.
func astReference(op string) string {
	switch op {
	case "SetOne", "DeleteOne":
		return "sjson"
	}
	return "sonic"
}

// timeOp runs f repeatedly for about d and returns ns per run.
func timeOp(f func() (any, error), d time.Duration) float64 {
	if _, err := f(); err != nil {
		panic(err)
	}
	n := 0
	start := time.Now()
	for time.Since(start) < d {
		f()
		n++
	}
	return float64(time.Since(start).Nanoseconds()) / float64(n)
}

func median(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
