package bench

import (
	"sync"
	"testing"
)

var loaded struct {
	once      sync.Once
	corpus    map[string][]byte
	scenarios []*Scenario
	err       error
}

// load reads the corpus (when present) and builds the scenarios once per
// test binary.
func load(tb testing.TB) ([]*Scenario, map[string][]byte) {
	tb.Helper()
	loaded.once.Do(func() {
		reason := ""
		dir, err := CorpusDir()
		if err == nil {
			loaded.corpus, err = LoadCorpus(dir)
		}
		if err != nil {
			reason = "skipping: " + err.Error()
			loaded.corpus = nil
		}
		loaded.scenarios, loaded.err = Scenarios(loaded.corpus, reason)
	})
	if loaded.err != nil {
		tb.Fatal(loaded.err)
	}
	return loaded.scenarios, loaded.corpus
}

func benchmarkOp(b *testing.B, op string) {
	scenarios, _ := load(b)
	libs := AllLibraries()
	for _, s := range scenarios {
		if s.Op != op {
			continue
		}
		b.Run(s.Doc, func(b *testing.B) {
			for _, lib := range libs {
				if !s.Runs(lib) {
					continue
				}
				b.Run(lib.Name, s.Benchmark(lib))
			}
			s.Release()
		})
	}
}

// BenchmarkDecodeGeneric decodes every corpus file and tiny document into
// an any.
func BenchmarkDecodeGeneric(b *testing.B) { benchmarkOp(b, OpDecodeGeneric) }

// BenchmarkEncodeGeneric encodes every corpus file and tiny document from
// an any.
func BenchmarkEncodeGeneric(b *testing.B) { benchmarkOp(b, OpEncodeGeneric) }

// BenchmarkDecodeBinding decodes documents into their Go structs.
func BenchmarkDecodeBinding(b *testing.B) { benchmarkOp(b, OpDecodeBinding) }

// BenchmarkEncodeBinding encodes the Go structs.
func BenchmarkEncodeBinding(b *testing.B) { benchmarkOp(b, OpEncodeBinding) }

// BenchmarkValid validates every corpus file.
func BenchmarkValid(b *testing.B) { benchmarkOp(b, OpValid) }

// BenchmarkDecodeStream reads the NDJSON document value by value with
// each library's stream decoder (ndjson.go).
func BenchmarkDecodeStream(b *testing.B) { benchmarkOp(b, OpDecodeStream) }

// BenchmarkEncodeStream writes its values with each library's stream
// encoder.
func BenchmarkEncodeStream(b *testing.B) { benchmarkOp(b, OpEncodeStream) }

// The syntax-layer benchmarks (text_scenarios.go) run every corpus file
// with the jsontext implementations (TextLibraries).

// BenchmarkReadToken reads every corpus file token by token.
func BenchmarkReadToken(b *testing.B) { benchmarkOp(b, OpReadToken) }

// BenchmarkReadValue reads every corpus file with one ReadValue.
func BenchmarkReadValue(b *testing.B) { benchmarkOp(b, OpReadValue) }

// BenchmarkSkipValue skips the members or elements of every corpus file.
func BenchmarkSkipValue(b *testing.B) { benchmarkOp(b, OpSkipValue) }

// BenchmarkWriteToken writes the tokens of every corpus file.
func BenchmarkWriteToken(b *testing.B) { benchmarkOp(b, OpWriteToken) }

// BenchmarkWriteValue writes every corpus file with one WriteValue.
func BenchmarkWriteValue(b *testing.B) { benchmarkOp(b, OpWriteValue) }

// BenchmarkCompact compacts a copy of every corpus file.
func BenchmarkCompact(b *testing.B) { benchmarkOp(b, OpCompact) }

// BenchmarkIndent indents a copy of every corpus file.
func BenchmarkIndent(b *testing.B) { benchmarkOp(b, OpIndent) }

// BenchmarkCanonicalize canonicalizes a copy of every corpus file.
func BenchmarkCanonicalize(b *testing.B) { benchmarkOp(b, OpCanonicalize) }
