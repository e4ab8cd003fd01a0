package encoder

import (
	"encoding/json"
	"os"
	"testing"
)

// Benchmarks for tuning the encoder: the encode scenarios of the bench
// module (same documents, same types) without its setup, so that CPU
// profiles show the encoder alone. Comparisons with other libraries live
// in the bench module.
//
//	go test -run '^$' -bench 'Perf/Binding/twitter/std' -cpuprofile cpu.out ./encoder

// stdOpts are the options of jet.ConfigStd's encoder.
const stdOpts = EscapeHTML | SortMapKeys | CompactMarshaler

func readCorpus(b *testing.B, name string) []byte {
	data, err := os.ReadFile("../../shared/corpus/" + name + ".json")
	if err != nil {
		b.Skip("corpus not found (../shared/corpus): ", err)
	}
	return data
}

const smallJSON = `{"id":9007199254740993,"sku":"JET-ÄÖÜ-7","title":"Fast JSON \"for\" Go","price":129.95,"discount":0.15,"in_stock":true,"tags":["json","go","日本語"],"ratings":[4.5,5,-0.1],"seller":{"name":"Gopher Tools","id":42,"verified":true,"address":{"street":"Main St 1","city":"Zürich","zip":"8001","geo":[47.3769,8.5417]}},"variants":[{"color":"red","size":"M","qty":3},{"color":"blue\/teal","size":"L","qty":0}],"note":null}`

var tinyDocs = map[string]string{
	"tiny_mixed":        `[1,"string",{"a":1,"b":2},[3,4,5]]`,
	"tiny_nested_array": `[[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5]]`,
	"tiny_hash":         `{"username":"jhawthorn","id":123,"event":"wrote json serializer"}`,
}

// benchEncode encodes v with opts, counting encoding/json's output size
// per operation, and reports process CPU time too.
func benchEncode(b *testing.B, v any, opts Options) {
	want, err := json.Marshal(v)
	if err != nil {
		b.Fatal(err)
	}
	if opts == stdOpts {
		got, err := Encode(v, opts)
		if err != nil || string(got) != string(want) {
			b.Fatalf("output differs from encoding/json (err %v)", err)
		}
	}
	b.SetBytes(int64(len(want)))
	b.ReportAllocs()
	b.ResetTimer()
	t0 := processCPU()
	for i := 0; i < b.N; i++ {
		if _, err := Encode(v, opts); err != nil {
			b.Fatal(err)
		}
	}
	if t0 != 0 {
		b.ReportMetric(float64(processCPU()-t0)/float64(b.N), "cpu-ns/op")
	}
}

func benchPresets(b *testing.B, v any) {
	b.Run("default", func(b *testing.B) { benchEncode(b, v, 0) })
	b.Run("std", func(b *testing.B) { benchEncode(b, v, stdOpts) })
}

func BenchmarkPerf(b *testing.B) {
	b.Run("Generic", func(b *testing.B) {
		for _, name := range []string{"twitter", "twitterescaped", "citm_catalog", "canada", "golang_source", "synthea_fhir", "string_unicode", "string_escaped", "tiny_mixed", "tiny_nested_array", "tiny_hash"} {
			b.Run(name, func(b *testing.B) {
				data := []byte(tinyDocs[name])
				if len(data) == 0 {
					data = readCorpus(b, name)
				}
				var v any
				if err := json.Unmarshal(data, &v); err != nil {
					b.Fatal(err)
				}
				benchPresets(b, v)
			})
		}
	})
	b.Run("Binding", func(b *testing.B) {
		for _, c := range []struct {
			name string
			v    any
		}{{"twitter", new(bTwitter)}, {"citm_catalog", new(bCitm)}, {"canada", new(bCanada)}, {"golang_source", new(bGolangSource)}, {"small", new(bSmall)}} {
			b.Run(c.name, func(b *testing.B) {
				data := []byte(smallJSON)
				if c.name != "small" {
					data = readCorpus(b, c.name)
				}
				if err := json.Unmarshal(data, c.v); err != nil {
					b.Fatal(err)
				}
				benchPresets(b, c.v)
			})
		}
	})
}
