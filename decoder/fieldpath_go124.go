//go:build go1.24

package decoder

// fieldPathEmbeds says whether a mismatch's Field names the embedded
// structs a promoted field comes through ("Outer.In.a"), as encoding/json
// does since Go 1.24.
const fieldPathEmbeds = true

// methodField is what of a type error's Field, returned by an
// UnmarshalJSON or UnmarshalText method, stays in the Field that
// encoding/json reports: since Go 1.24, all of it, after the path of
// fields to the value.
func methodField(f string) string { return f }
