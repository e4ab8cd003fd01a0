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

type smallDoc struct {
	ID       int64    `json:"id"`
	Name     string   `json:"name"`
	Email    string   `json:"email"`
	Active   bool     `json:"active"`
	Score    float64  `json:"score"`
	Tags     []string `json:"tags"`
	Address  address  `json:"address"`
	Friends  []friend `json:"friends"`
	Balance  float64  `json:"balance,omitempty"`
	Nickname *string  `json:"nickname"`
}

type address struct {
	Street string `json:"street"`
	City   string `json:"city"`
	Zip    string `json:"zip"`
}

type friend struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

var small = &smallDoc{ID: 12345, Name: "Jane Doe", Email: "jane@example.com", Active: true, Score: 98.6,
	Tags: []string{"admin", "user", "tester"}, Address: address{"1 Main St", "Springfield", "12345"},
	Friends: []friend{{1, "Ann"}, {2, "Bob"}, {3, "Cid"}}}

func BenchmarkPerfEncodeSmallStruct(b *testing.B) {
	b.ReportAllocs()
	out, _ := Encode(small, 0)
	b.SetBytes(int64(len(out)))
	for i := 0; i < b.N; i++ {
		Encode(small, 0)
	}
}

func BenchmarkPerfEncodeSmallStructStd(b *testing.B) {
	b.ReportAllocs()
	out, _ := json.Marshal(small)
	b.SetBytes(int64(len(out)))
	for i := 0; i < b.N; i++ {
		json.Marshal(small)
	}
}
