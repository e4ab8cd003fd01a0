// Package bench compares jet with other Go JSON libraries on the shared
// benchmark corpus: generic (any) and binding (struct) decoding and
// encoding, tiny documents and validation; and jet's jsontext beside Go's
// encoding/json/jsontext and goccy's (the syntax layer: tokens, raw
// values, formatting).
//
// The package holds the libraries (see Libraries), the scenarios (see
// Scenarios) and the Go structs the binding scenarios decode into. The
// benchmarks in bench_test.go run them with go test -bench; the program in
// cmd/compare runs them interleaved and prints a markdown table.
//
// The corpus is read from ../../shared/corpus (relative to this directory)
// or from the directory named by $JET_CORPUS; where it is absent,
// benchmarks and tests that need it are skipped.
package bench
