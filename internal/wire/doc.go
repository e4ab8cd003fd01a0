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
// One result convention runs through it: a function that reads a token
// or a value at s[i] returns the index just past it and true, or, when
// the text there is not what it reads, the index of the first wrong byte
// (len(s) when s ends first) and false. It builds no error: package
// syntaxv1 asks the reference grammar (package jsontext) what is wrong
// and words it as encoding/json does. SyntaxError, the message table
// (messages.go) and their constructors live here so that every layer
// can share them.
package wire
