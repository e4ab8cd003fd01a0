//go:build go1.24

package decoder

// fieldPathEmbeds says whether a mismatch's Field names the embedded
// structs a promoted field comes through ("Outer.In.a"), as encoding/json
// does since Go 1.24.
const fieldPathEmbeds = true
