package ast

import (
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
