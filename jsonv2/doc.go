// Package json implements the semantics of Go's encoding/json/v2 (Go
// 1.27) over jet's syntax layer (github.com/jetjson/jet/jsontext): a
// program written against encoding/json/v2 and encoding/json/jsontext
// moves to jet by changing the two import paths.
//
// The import path is github.com/jetjson/jet/jsonv2 and the package name
// is json, as Go's is; ARCHITECTURE.md says why the path is not .../v2.
//
// # Structs
//
// Structs marshal to JSON objects and unmarshal from them. Each exported field
// becomes a member; the `json` tag gives its name and options, in v2's
// grammar: a name (single-quoted when it holds a comma or quote), then
// comma-separated options: omitzero, omitempty (omit a value that
// encodes as null, "", {} or []), string (numbers as strings), case:ignore
// or case:strict, embed, and format:... (refused, as Go 1.27 refuses it).
// An embedded struct field without a name has its members inlined; an
// embedded map with string keys or a jsontext.Value holds the members no
// field names. A malformed tag, two fields with one name in one struct,
// or a struct whose fields are all unexported and untagged is a
// SemanticError when the type is marshaled.
package json
