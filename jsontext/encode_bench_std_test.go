//go:build go1.27 && goexperiment.jsonv2

package jsontext

import (
	"bytes"
	std "encoding/json/jsontext"
	"io"
	"testing"

	"github.com/jetjson/jet/internal/testdocs"
)

// The benchmarks of encode_bench_test.go run over Go's
// encoding/json/jsontext, to compare in one process.

func BenchmarkStdWriteToken(b *testing.B) {
	for _, doc := range testdocs.Corpus(b) {
		b.Run(doc.Name, func(b *testing.B) {
			var toks []std.Token
			d := std.NewDecoder(bytes.NewReader(doc.Data))
			for {
				t, err := d.ReadToken()
				if err == io.EOF {
					break
				}
				if err != nil {
					b.Fatal(err)
				}
				toks = append(toks, t.Clone())
			}
			b.SetBytes(int64(len(doc.Data)))
			b.ReportAllocs()
			var buf bytes.Buffer
			e := std.NewEncoder(&buf)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				buf.Reset()
				e.Reset(&buf)
				for _, t := range toks {
					if err := e.WriteToken(t); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

func BenchmarkStdWriteValue(b *testing.B) {
	for _, doc := range testdocs.Corpus(b) {
		b.Run(doc.Name, func(b *testing.B) {
			b.SetBytes(int64(len(doc.Data)))
			b.ReportAllocs()
			var buf bytes.Buffer
			e := std.NewEncoder(&buf)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				buf.Reset()
				e.Reset(&buf)
				if err := e.WriteValue(doc.Data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkStdValueMethods(b *testing.B) {
	for _, op := range []string{"Compact", "Indent", "Canonicalize"} {
		for _, doc := range testdocs.Corpus(b) {
			b.Run(op+"/"+doc.Name, func(b *testing.B) {
				b.SetBytes(int64(len(doc.Data)))
				b.ReportAllocs()
				v := std.Value(bytes.Clone(doc.Data))
				for i := 0; i < b.N; i++ {
					v = append(v[:0], doc.Data...)
					var err error
					switch op {
					case "Compact":
						err = v.Compact()
					case "Indent":
						err = v.Indent()
					case "Canonicalize":
						err = v.Canonicalize()
					}
					if err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkStdReadValueSmall is BenchmarkReadValueSmall over Go's
// Decoder.
func BenchmarkStdReadValueSmall(b *testing.B) {
	b.SetBytes(int64(len(smallValues)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		d := std.NewDecoder(bytes.NewReader(smallValues))
		if _, err := d.ReadToken(); err != nil {
			b.Fatal(err)
		}
		for d.PeekKind() != ']' {
			if _, err := d.ReadValue(); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkStdWriteValueSmall is BenchmarkWriteValueSmall over Go's
// Encoder.
func BenchmarkStdWriteValueSmall(b *testing.B) {
	b.SetBytes(int64(1000 * (len(smallValue) + 1)))
	b.ReportAllocs()
	var buf bytes.Buffer
	v := std.Value(smallValue)
	for i := 0; i < b.N; i++ {
		buf.Reset()
		e := std.NewEncoder(&buf)
		if err := e.WriteToken(std.BeginArray); err != nil {
			b.Fatal(err)
		}
		for range 1000 {
			if err := e.WriteValue(v); err != nil {
				b.Fatal(err)
			}
		}
		if err := e.WriteToken(std.EndArray); err != nil {
			b.Fatal(err)
		}
	}
}
