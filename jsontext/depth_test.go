package jsontext

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/jetjson/jet/internal/jsonopts"
)

// TestDepthLimitOption checks the internal depth limit on every read
// path: a document nested limit deep is read, one level deeper fails
// with the same error, at the same offset, on every path.
func TestDepthLimitOption(t *testing.T) {
	variants := []struct {
		name string
		set  func(*Decoder)
	}{
		{"fast", func(*Decoder) {}},
		{"slow", func(d *Decoder) { d.s.slowOnly = true }},
		{"noindex", func(d *Decoder) { d.s.noIndex = true }},
	}
	nest := func(depth int, object bool) string {
		open, close := "[", "]"
		if object {
			open, close = `{"k":`, "}"
		}
		return strings.Repeat(open, depth) + "1" + strings.Repeat(close, depth)
	}
	readAll := map[string]func(d *Decoder) error{
		"ReadToken": func(d *Decoder) error {
			for {
				if _, err := d.ReadToken(); err != nil {
					if err == io.EOF {
						return nil
					}
					return err
				}
			}
		},
		"ReadValue": func(d *Decoder) error { _, err := d.ReadValue(); return err },
		"SkipValue": func(d *Decoder) error { return d.SkipValue() },
	}
	for _, limit := range []int{1, 2, 5, 64, 300, 10001, 12000} {
		for _, object := range []bool{false, true} {
			for _, depth := range []int{limit, limit + 1} {
				doc := nest(depth, object)
				for method, read := range readAll {
					var first string
					for _, v := range variants {
						d := NewDecoder(bytes.NewReader([]byte(doc)), jsonopts.DepthLimitOption(limit))
						v.set(d)
						err := read(d)
						if depth <= limit {
							if err != nil {
								t.Errorf("limit %d, depth %d, %s, %s: %v", limit, depth, method, v.name, err)
							}
							continue
						}
						var se *SyntacticError
						if !errors.As(err, &se) || !errors.Is(err, errMaxDepth) {
							t.Errorf("limit %d, depth %d, %s, %s: got %v, want the depth error", limit, depth, method, v.name, err)
							continue
						}
						got := fmt.Sprintf("%d %q", se.ByteOffset, se.JSONPointer)
						if first == "" {
							first = got
						} else if got != first {
							t.Errorf("limit %d, %s: %s says %s, fast path says %s", limit, method, v.name, got, first)
						}
					}
				}
			}
		}
	}
}
