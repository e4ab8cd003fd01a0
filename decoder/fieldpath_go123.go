//go:build !go1.24

package decoder

// fieldPathEmbeds says whether a mismatch's Field names the embedded
// structs a promoted field comes through; encoding/json before Go 1.24
// names only the fields ("Outer.a").
const fieldPathEmbeds = false

// methodField is what of a type error's Field, returned by an
// UnmarshalJSON or UnmarshalText method, stays in the Field that
// encoding/json reports: before Go 1.24, nothing (the path of fields to
// the value replaces it).
func methodField(string) string { return "" }
