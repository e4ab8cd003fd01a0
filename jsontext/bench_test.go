package jsontext

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/jetjson/jet/internal/testdocs"
)

// These benchmarks measure this package alone; bench/ compares it with
// Go's and go-json's jsontext.

func BenchmarkReadToken(b *testing.B) {
	for _, doc := range testdocs.Corpus(b) {
		b.Run(doc.Name, func(b *testing.B) {
			b.SetBytes(int64(len(doc.Data)))
			b.ReportAllocs()
			var r bytes.Reader
			d := NewDecoder(&r)
			for i := 0; i < b.N; i++ {
				r.Reset(doc.Data)
				d.Reset(&r)
				readTokens(b, d)
			}
		})
	}
}

// readTokens reads d's tokens to the end of its input.
func readTokens(b *testing.B, d *Decoder) {
	for {
		if _, err := d.ReadToken(); err != nil {
			if err != io.EOF {
				b.Fatal(err)
			}
			return
		}
	}
}

func BenchmarkReadValue(b *testing.B) {
	for _, doc := range testdocs.Corpus(b) {
		b.Run(doc.Name, func(b *testing.B) {
			b.SetBytes(int64(len(doc.Data)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				d := NewDecoder(bytes.NewReader(doc.Data))
				if _, err := d.ReadValue(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkReadValueElements reads each member or element of the
// top-level value with ReadValue (readEach).
func BenchmarkReadValueElements(b *testing.B) {
	for _, doc := range testdocs.Corpus(b) {
		b.Run(doc.Name, func(b *testing.B) { readEach(b, doc.Data) })
	}
}

// smallValues is an array of 1,000 small objects, read one ReadValue
// each by BenchmarkReadValueSmall and BenchmarkStdReadValueSmall.
var smallValues = []byte("[" + strings.TrimSuffix(strings.Repeat(`{"A":1,"B":"xyz"},`, 1000), ",") + "]")

// BenchmarkReadValueSmall reads each element of smallValues with
// ReadValue, as a loop of UnmarshalDecode over a stream does.
func BenchmarkReadValueSmall(b *testing.B) { readEach(b, smallValues) }

// readEach reads each member name, member value or element of the
// top-level object or array of data with ReadValue: as a v2 method's
// UnmarshalDecode or a reader of a stream reads them.
func readEach(b *testing.B, data []byte) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		d := NewDecoder(bytes.NewReader(data))
		if _, err := d.ReadToken(); err != nil {
			b.Fatal(err)
		}
		for d.PeekKind() != KindEndObject && d.PeekKind() != KindEndArray {
			if _, err := d.ReadValue(); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkValueMethods(b *testing.B) {
	for _, op := range []string{"IsValid", "Compact", "Indent", "Canonicalize"} {
		for _, doc := range testdocs.Corpus(b) {
			b.Run(op+"/"+doc.Name, func(b *testing.B) {
				b.SetBytes(int64(len(doc.Data)))
				b.ReportAllocs()
				v := Value(bytes.Clone(doc.Data))
				for i := 0; i < b.N; i++ {
					v = append(v[:0], doc.Data...)
					var err error
					switch op {
					case "IsValid":
						if !v.IsValid() {
							b.Fatal("invalid")
						}
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
