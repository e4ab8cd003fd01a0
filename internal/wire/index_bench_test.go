//go:build unix

package wire

import (
	"syscall"
	"testing"
)

// cpuNow returns the CPU time this process has used, in nanoseconds: on
// a shared machine, a steadier clock than the wall.
func cpuNow() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// BenchmarkTokenIndex lists the tokens of each document with
// TokenIndex.Fill alone: the first stage of ReadToken's fast path. It
// reports the CPU time per op beside the wall time.
func BenchmarkTokenIndex(b *testing.B) {
	docs := corpusDocs(b)
	if len(docs) == 0 {
		b.Skip("../shared/corpus not found")
	}
	for _, name := range []string{"twitter.json", "citm_catalog.json", "canada.json", "golang_source.json", "synthea_fhir.json", "string_unicode.json"} {
		s := docs[name]
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			var x TokenIndex
			t0 := cpuNow()
			for i := 0; i < b.N; i++ {
				x.Reset(0)
				for x.Listed()+64 <= len(s) {
					x.Fill(s, 0)
				}
			}
			b.ReportMetric(float64(cpuNow()-t0)/float64(b.N), "cpu-ns/op")
		})
	}
}
