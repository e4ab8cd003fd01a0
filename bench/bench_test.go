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
	libs := Libraries()
	for _, s := range scenarios {
		if s.Op != op {
			continue
		}
		b.Run(s.Doc, func(b *testing.B) {
			for _, lib := range libs {
				b.Run(lib.Name, s.Benchmark(lib))
			}
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
