package ast

import (
	"encoding/json"
	"testing"
)

// Benchmarks of the search paths on twitter.json; the comparisons with
// other libraries are in the bench module.
func BenchmarkSearchTwitter(b *testing.B) {
	docs := corpus(b)
	src := docs["twitter"]
	for _, tc := range []struct {
		name string
		path []any
		opts SearchOptions
	}{
		{"early", []any{"statuses", 0, "user", "screen_name"}, SearchOptions{}},
		{"late", []any{"search_metadata", "count"}, SearchOptions{}},
		{"early-validate", []any{"statuses", 0, "user", "screen_name"}, SearchOptions{ValidateJSON: true}},
		{"late-validate", []any{"search_metadata", "count"}, SearchOptions{ValidateJSON: true}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			s := NewSearcherOptions(src, tc.opts)
			for i := 0; i < b.N; i++ {
				if _, err := s.GetByPath(tc.path...); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

type nopVisitor struct{ n int }

func (v *nopVisitor) OnNull() error                        { v.n++; return nil }
func (v *nopVisitor) OnBool(bool) error                    { v.n++; return nil }
func (v *nopVisitor) OnString(string) error                { v.n++; return nil }
func (v *nopVisitor) OnInt64(int64, json.Number) error     { v.n++; return nil }
func (v *nopVisitor) OnFloat64(float64, json.Number) error { v.n++; return nil }
func (v *nopVisitor) OnObjectBegin(int) error              { v.n++; return nil }
func (v *nopVisitor) OnObjectKey(string) error             { v.n++; return nil }
func (v *nopVisitor) OnObjectEnd() error                   { v.n++; return nil }
func (v *nopVisitor) OnArrayBegin(int) error               { v.n++; return nil }
func (v *nopVisitor) OnArrayEnd() error                    { v.n++; return nil }

func BenchmarkPreorderTwitter(b *testing.B) {
	src := corpus(b)["twitter"]
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		var v nopVisitor
		if err := Preorder(src, &v, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLoadAllTwitter(b *testing.B) {
	src := corpus(b)["twitter"]
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		n := NewRaw(src)
		if err := n.LoadAll(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGetManyTwitter(b *testing.B) {
	src := corpus(b)["twitter"]
	paths := []string{"statuses.0.id", "statuses.10.user.screen_name", "statuses.50.text", "statuses.99.user.followers_count", "search_metadata.count"}
	s := NewSearcherOptions(src, SearchOptions{})
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := s.GetMany(paths...); err != nil {
			b.Fatal(err)
		}
	}
}
