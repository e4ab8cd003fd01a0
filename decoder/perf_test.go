package decoder

import (
	"encoding/json"
	"os"
	"testing"
)

// Benchmarks the lead uses while tuning; the comparisons with other
// libraries live in the bench module.

type canadaDoc struct {
	Type     string `json:"type"`
	Features []struct {
		Type       string            `json:"type"`
		Properties map[string]string `json:"properties"`
		Geometry   struct {
			Type        string         `json:"type"`
			Coordinates [][][2]float64 `json:"coordinates"`
		} `json:"geometry"`
	} `json:"features"`
}

type canadaDocSlices struct {
	Type     string `json:"type"`
	Features []struct {
		Type       string            `json:"type"`
		Properties map[string]string `json:"properties"`
		Geometry   struct {
			Type        string        `json:"type"`
			Coordinates [][][]float64 `json:"coordinates"`
		} `json:"geometry"`
	} `json:"features"`
}

func corpus(b *testing.B, name string) []byte {
	data, err := os.ReadFile("../../shared/corpus/" + name)
	if err != nil {
		b.Skip("corpus not found (../shared/corpus): ", err)
	}
	return data
}

func BenchmarkPerfCanadaSlices(b *testing.B) {
	data := corpus(b, "canada.json")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		var v canadaDocSlices
		if err := Decode(data, &v, 0); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPerfCanadaSlicesStd(b *testing.B) {
	data := corpus(b, "canada.json")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		var v canadaDocSlices
		if err := json.Unmarshal(data, &v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPerfCanadaAny(b *testing.B) {
	data := corpus(b, "canada.json")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		var v any
		if err := Decode(data, &v, 0); err != nil {
			b.Fatal(err)
		}
	}
}
