// Package jet is a fast JSON library for Go with encoding/json's API.
//
// It encodes and decodes Go values (generic and typed), streams values
// over io.Reader and io.Writer, and validates, compacts and indents JSON
// text. It needs no JIT, no cgo and no hooks into the Go runtime, and
// runs on every GOARCH.
//
// The package-level functions use ConfigDefault, jet's fast preset: no
// HTML escaping and unsorted map keys on output, decoded strings copied
// into shared blocks. ConfigStd gives encoding/json's exact behaviour;
// ConfigFastest trusts MarshalJSON and MarshalText output. Build others
// with Config.Froze.
//
// The work is done by package encoder (Go values to JSON), package
// decoder (JSON to Go values, stream decoding) and internal packages for
// bytes (internal/wire) and type plans (internal/rt).
package jet
