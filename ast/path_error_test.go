package ast

import (
	"errors"
	"strings"
	"testing"
)

// TestPathErrorNamesElement checks that a path element that selects no
// array element is named in the error as the caller wrote it (issue 13:
// -1, -5 and uint64(1<<63) were all reported as -2).
func TestPathErrorNamesElement(t *testing.T) {
	src := `{"arr":[1,2,3]}`
	for _, tc := range []struct {
		elem any
		want string
	}{
		{-1, `"arr.-1"`}, {-5, `"arr.-5"`}, {int64(-2), `"arr.-2"`},
		{uint64(1 << 63), `"arr.9223372036854775808"`}, {7, `"arr.7"`},
	} {
		_, err := NewSearcher(src).GetByPath("arr", tc.elem)
		if !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("GetByPath(arr, %v): %v, want ErrNotFound naming %s", tc.elem, err, tc.want)
		}
	}
}
