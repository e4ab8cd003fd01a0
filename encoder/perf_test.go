package encoder

import (
	"encoding/json"
	"os"
	"testing"
)

// Benchmarks the lead uses while tuning; comparisons with other libraries
// live in the bench module.

func corpusValue(b *testing.B, name string) any {
	data, err := os.ReadFile("../../shared/corpus/" + name)
	if err != nil {
		b.Skip("corpus not found (../shared/corpus): ", err)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	return v
}

func BenchmarkPerfEncodeAny(b *testing.B) {
	for _, name := range []string{"twitter.json", "canada.json", "citm_catalog.json"} {
		b.Run(name, func(b *testing.B) {
			v := corpusValue(b, name)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := Encode(v, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(name+"/std", func(b *testing.B) {
			v := corpusValue(b, name)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := json.Marshal(v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
