//go:build !go1.27 || !goexperiment.jsonv2

package jsontext

// stdAPI is nil where the toolchain has no encoding/json/jsontext (Go
// 1.27 has it; Go 1.26 with GOEXPERIMENT=jsonv2 has its draft): the
// differential tests skip.
var stdAPI *textAPI
