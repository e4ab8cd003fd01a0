//go:build amd64 && !purego && !unix

package wire

import "testing"

// pageEndText is nil where the tests cannot map pages (see the unix
// version).
func pageEndText(t *testing.T) func(n int, fill byte) string { return nil }
