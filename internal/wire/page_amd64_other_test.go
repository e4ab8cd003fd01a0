//go:build amd64 && !purego && !unix

package wire

import "testing"

// guardedPage is nil where the tests cannot map pages (see the unix
// version).
func guardedPage(t *testing.T) []byte { return nil }
