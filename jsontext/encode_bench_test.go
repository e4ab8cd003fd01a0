package jsontext

import (
	"bytes"
	"io"
	"testing"

	"github.com/jetjson/jet/internal/testdocs"
)

// These benchmarks measure the encoding side alone (bench/ compares it
// with Go's and go-json's): WriteToken replays a document's tokens as a
// Decoder read them (cloned), WriteValue writes a document whole, and
// Format runs Value's methods with options the corpus benchmarks in
// bench_test.go do not cover.

func BenchmarkWriteToken(b *testing.B) {
	for _, doc := range testdocs.Corpus(b) {
		b.Run(doc.Name, func(b *testing.B) {
			toks := tokensOf(b, doc.Data)
			b.SetBytes(int64(len(doc.Data)))
			b.ReportAllocs()
			var buf bytes.Buffer
			e := NewEncoder(&buf)
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

// BenchmarkWriteTokenMade writes tokens made by the constructors (String,
// Float, ...) rather than read by a Decoder.
func BenchmarkWriteTokenMade(b *testing.B) {
	for _, doc := range testdocs.Corpus(b) {
		b.Run(doc.Name, func(b *testing.B) {
			var toks []Token
			for _, t := range tokensOf(b, doc.Data) {
				switch t.Kind() {
				case '"':
					t = String(t.String())
				case '0':
					f, _ := t.Float()
					t = Float(f)
				}
				toks = append(toks, t)
			}
			b.SetBytes(int64(len(doc.Data)))
			b.ReportAllocs()
			var buf bytes.Buffer
			e := NewEncoder(&buf)
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

func tokensOf(tb testing.TB, doc []byte) []Token {
	var toks []Token
	d := NewDecoder(bytes.NewReader(doc))
	for {
		t, err := d.ReadToken()
		if err == io.EOF {
			return toks
		}
		if err != nil {
			tb.Fatal(err)
		}
		toks = append(toks, t.Clone())
	}
}

func BenchmarkWriteValue(b *testing.B) {
	for _, doc := range testdocs.Corpus(b) {
		b.Run(doc.Name, func(b *testing.B) {
			b.SetBytes(int64(len(doc.Data)))
			b.ReportAllocs()
			var buf bytes.Buffer
			e := NewEncoder(&buf)
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

// smallValue is the value BenchmarkWriteValueSmall writes 1,000 times.
var smallValue = Value(`{"A":1,"B":"xyz"}`)

// BenchmarkWriteValueSmall writes an array of 1,000 small values with
// WriteValue, as a loop of MarshalEncode into a stream does.
func BenchmarkWriteValueSmall(b *testing.B) {
	b.SetBytes(int64(1000 * (len(smallValue) + 1)))
	b.ReportAllocs()
	var buf bytes.Buffer
	for i := 0; i < b.N; i++ {
		buf.Reset()
		e := NewEncoder(&buf)
		if err := e.WriteToken(BeginArray); err != nil {
			b.Fatal(err)
		}
		for range 1000 {
			if err := e.WriteValue(smallValue); err != nil {
				b.Fatal(err)
			}
		}
		if err := e.WriteToken(EndArray); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWriteValueNew is BenchmarkWriteValue with a new Encoder for
// each value, as bench/'s scenario does.
func BenchmarkWriteValueNew(b *testing.B) {
	for _, doc := range testdocs.Corpus(b) {
		b.Run(doc.Name, func(b *testing.B) {
			b.SetBytes(int64(len(doc.Data)))
			b.ReportAllocs()
			var buf bytes.Buffer
			for i := 0; i < b.N; i++ {
				buf.Reset()
				e := NewEncoder(&buf)
				if err := e.WriteValue(doc.Data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkFormat(b *testing.B) {
	for _, op := range []struct {
		name string
		opts []Options
	}{
		{"HTMLJS", []Options{EscapeForHTML(true), EscapeForJS(true)}},
		{"Multiline", []Options{Multiline(true), SpaceAfterComma(true)}},
		{"Preserve", []Options{PreserveRawStrings(true), AllowInvalidUTF8(true)}},
	} {
		for _, doc := range testdocs.Corpus(b) {
			b.Run(op.name+"/"+doc.Name, func(b *testing.B) {
				b.SetBytes(int64(len(doc.Data)))
				b.ReportAllocs()
				v := Value(bytes.Clone(doc.Data))
				for i := 0; i < b.N; i++ {
					v = append(v[:0], doc.Data...)
					if err := v.Format(op.opts...); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkPaths runs Value's methods on each of the encoder's paths
// (see encPaths), to compare them.
func BenchmarkPaths(b *testing.B) {
	for _, paths := range []struct {
		name string
		p    encPaths
	}{{"fast", pathsFast}, {"index", pathsIndex}, {"noindex", pathsNoIndex}, {"steps", pathsSteps}, {"slow", pathsSlow}} {
		for i, op := range []string{"Format", "Compact", "Indent", "Canonicalize"} {
			for _, doc := range testdocs.Corpus(b) {
				b.Run(paths.name+"/"+op+"/"+doc.Name, func(b *testing.B) {
					b.SetBytes(int64(len(doc.Data)))
					b.ReportAllocs()
					var e Encoder
					v := Value(bytes.Clone(doc.Data))
					for k := 0; k < b.N; k++ {
						e.s.reset(e.s.buf[:0], nil, formatOps[i])
						paths.p.set(&e.s)
						v = append(v[:0], doc.Data...)
						if err := v.formatWith(&e.s, nil); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}
