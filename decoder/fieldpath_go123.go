//go:build !go1.24

package decoder

// fieldPathEmbeds says whether a mismatch's Field names the embedded
// structs a promoted field comes through; encoding/json before Go 1.24
// names only the fields ("Outer.a").
const fieldPathEmbeds = false
