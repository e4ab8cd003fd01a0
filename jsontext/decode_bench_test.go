package jsontext

import (
	"bytes"
	"testing"

	"github.com/jetjson/jet/internal/testdocs"
)

// These benchmarks read each document as bench/ does: a new Decoder over a
// new bytes.Reader every time.

func BenchmarkReadTokenNew(b *testing.B) {
	for _, doc := range testdocs.Corpus(b) {
		b.Run(doc.Name, func(b *testing.B) {
			b.SetBytes(int64(len(doc.Data)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				readTokens(b, NewDecoder(bytes.NewReader(doc.Data)))
			}
		})
	}
}

// BenchmarkSkipValue skips each member or element of the top-level value.
func BenchmarkSkipValue(b *testing.B) {
	for _, doc := range testdocs.Corpus(b) {
		b.Run(doc.Name, func(b *testing.B) {
			b.SetBytes(int64(len(doc.Data)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				d := NewDecoder(bytes.NewReader(doc.Data))
				var end Kind
				switch d.PeekKind() {
				case KindBeginObject:
					end = KindEndObject
				case KindBeginArray:
					end = KindEndArray
				default:
					if err := d.SkipValue(); err != nil {
						b.Fatal(err)
					}
					continue
				}
				if _, err := d.ReadToken(); err != nil {
					b.Fatal(err)
				}
				for d.PeekKind() != end {
					if end == KindEndObject {
						if _, err := d.ReadToken(); err != nil {
							b.Fatal(err)
						}
					}
					if err := d.SkipValue(); err != nil {
						b.Fatal(err)
					}
				}
				if _, err := d.ReadToken(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
