// Package wire is jet's byte-level layer: it knows JSON text and nothing of
// Go types. It skips whitespace, scans, unquotes and quotes strings, scans,
// parses and formats numbers, validates and skips values, and compacts and
// indents documents.
//
// Inputs are strings; a []byte input is viewed as a string without copying
// by the caller (see StringOf) and is never written to. The inner loops
// ("kernels", kernels.go) are written 8 bytes at a time in portable Go and
// are the seam where per-architecture SIMD versions plug in.
//
// Error messages follow encoding/json's wording so that callers that
// compare messages keep working.
package wire
