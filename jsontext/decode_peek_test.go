package jsontext

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// flakyReader gives its parts one read each; an empty part is an error.
type flakyReader struct {
	parts []string
}

func (r *flakyReader) Read(p []byte) (int, error) {
	if len(r.parts) == 0 {
		return 0, io.EOF
	}
	part := r.parts[0]
	if part == "" {
		r.parts = r.parts[1:]
		return 0, errors.New("boom")
	}
	n := copy(p, part)
	if r.parts[0] = part[n:]; r.parts[0] == "" {
		r.parts = r.parts[1:]
	}
	return n, nil
}

// TestPeekErrorThenRead checks what follows an error PeekKind met, as in
// Go's jsontext: ReadValue and ReadToken return it even where a read
// would now succeed; SkipValue peeks again (and skips what it finds). The
// error comes at the start, or after tokens read from the token list.
func TestPeekErrorThenRead(t *testing.T) {
	long := "[" + strings.Repeat(`1,"ab",`, 60)
	for _, before := range []string{"", long} {
		for _, read := range []string{"ReadValue", "ReadToken", "SkipValue"} {
			parts := []string{"", `"x" `}
			if before != "" {
				parts = append([]string{before}, parts...)
			}
			d := NewDecoder(&flakyReader{parts: parts})
			for d.PeekKind() != KindInvalid {
				if before == "" {
					t.Fatalf("%s: PeekKind did not fail", read)
				}
				if _, err := d.ReadToken(); err != nil {
					t.Fatalf("%s: ReadToken: %v", read, err)
				}
			}
			var err error
			switch read {
			case "ReadValue":
				_, err = d.ReadValue()
			case "ReadToken":
				_, err = d.ReadToken()
			case "SkipValue":
				if err := d.SkipValue(); err != nil {
					t.Fatalf("SkipValue after a failed PeekKind: %v", err)
				}
				continue
			}
			if err == nil {
				t.Fatalf("%s after a failed PeekKind (%d bytes before): no error", read, len(before))
			}
			v, err := d.ReadValue()
			if err != nil || string(v) != `"x"` {
				t.Fatalf("%s: then ReadValue = %q, %v", read, v, err)
			}
		}
	}
}
