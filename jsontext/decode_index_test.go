package jsontext

import (
	"fmt"
	"strings"
	"testing"
)

// TestIndexRefillWithNothingUsable reads, token by token, documents
// whose string is left open after tokens the index listed, so that the
// index is refilled with no usable token; the fast paths must agree with
// the reference paths (and not panic).
func TestIndexRefillWithNothingUsable(t *testing.T) {
	for _, doc := range handInputs {
		for _, opts := range [][]Options{nil, {AllowDuplicateNames(true), AllowInvalidUTF8(true)}} {
			read := func(slow bool) string {
				d := NewDecoder(strings.NewReader(doc), opts...)
				d.s.slowOnly = slow
				var b strings.Builder
				for {
					tok, err := d.ReadToken()
					fmt.Fprintf(&b, "%v %v %d;", tok, err, d.InputOffset())
					if err != nil {
						return b.String()
					}
				}
			}
			if got, want := read(false), read(true); got != want {
				t.Errorf("%.60q: fast path read\n%s\nreference read\n%s", doc, got, want)
			}
		}
	}
}
