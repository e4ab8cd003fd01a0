// Package oracle tells jet's tests which encoding/json they compare
// against. The differential tests treat the standard library as the
// oracle, and jet's ConfigStd mirrors the classic implementation of
// encoding/json (Go 1.23 to 1.26, and Go 1.27 or later built with
// GOEXPERIMENT=nojsonv2). From Go 1.27, encoding/json is by default a
// layer over encoding/json/v2 whose error texts, offsets, invalid UTF-8
// output and some edge cases differ; tests that compare byte for byte
// skip under it, and say how to run them.
//
// The package is imported by tests only.
package oracle

import "testing"

// Classic reports whether encoding/json is the classic implementation,
// the behaviour jet's ConfigStd reproduces.
const Classic = !jsonv2

// Require skips the test when encoding/json is the v2-based layer (the
// Go 1.27 default), whose output and errors are not the ones ConfigStd
// promises to reproduce.
func Require(tb testing.TB) {
	tb.Helper()
	if !Classic {
		tb.Skip("compares with the classic encoding/json; this toolchain builds encoding/json over encoding/json/v2 (Go 1.27 default): run with GOEXPERIMENT=nojsonv2")
	}
}
