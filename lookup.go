package jet

import (
	"github.com/jetjson/jet/ast"
	"github.com/jetjson/jet/internal/wire"
)

// SearchOptions choose how Get and its variants read a document:
// CopyReturn copies the value found out of the input; ValidateJSON checks
// the whole document in the same pass. See ast.SearchOptions.
type SearchOptions = ast.SearchOptions

// Get returns the value at path in the JSON document src: string elements
// are object keys, integer elements array indices. It parses only what
// it must and returns a lazy ast.Node over a copy of the value's text (so
// src may be reused). The whole document is checked for syntax in the
// same pass: invalid JSON is a *SyntaxError with the offset of the first
// error, even when it comes after the value. A path that leads to no
// value is an error wrapping ast.ErrNotFound. When an object repeats a
// key, the first member is taken.
func Get(src []byte, path ...any) (ast.Node, error) {
	return ast.NewSearcherOptions(wire.StringOf(src), SearchOptions{CopyReturn: true, ValidateJSON: true}).GetByPath(path...)
}

// GetFromString is Get for a string document; the Node refers to src
// instead of copying (keeping it keeps src alive; see
// GetCopyFromString).
func GetFromString(src string, path ...any) (ast.Node, error) {
	return ast.NewSearcher(src).GetByPath(path...)
}

// GetCopyFromString is GetFromString with the value's text copied, so
// that keeping the Node does not keep a large src alive.
func GetCopyFromString(src string, path ...any) (ast.Node, error) {
	return ast.NewSearcherOptions(src, SearchOptions{CopyReturn: true, ValidateJSON: true}).GetByPath(path...)
}

// GetWithOptions is Get with the options given: without CopyReturn the
// Node refers to src, which must not change while it is in use; without
// ValidateJSON only the way to the value is followed and the value
// itself checked, and nothing after it is read (much faster for values
// near the start of large documents; invalid JSON elsewhere goes
// unnoticed).
func GetWithOptions(src []byte, opts SearchOptions, path ...any) (ast.Node, error) {
	return ast.NewSearcherOptions(wire.StringOf(src), opts).GetByPath(path...)
}

// GetPath is Get with the path written as a string: dotted keys and
// indices ("statuses.3.user.screen_name", with '\' escaping '.', '*', '?'
// and '#'), "#" for an array's length or, followed by more components,
// to collect a value from every element ("statuses.#.id"), '*' and '?'
// wildcards in keys, or an RFC 6901 JSON Pointer
// ("/statuses/3/user/screen_name"). See ast.Path for the details.
func GetPath(src []byte, path string) (ast.Node, error) {
	return ast.NewSearcherOptions(wire.StringOf(src), SearchOptions{CopyReturn: true, ValidateJSON: true}).GetPath(path)
}

// GetMany returns the values at several path strings (see GetPath),
// reading the document once. A path that leads to no value gives a
// V_NONE node (its Exists reports false) in its place; the error is for a
// malformed path or invalid JSON only.
func GetMany(src []byte, paths ...string) ([]ast.Node, error) {
	return ast.NewSearcherOptions(wire.StringOf(src), SearchOptions{CopyReturn: true, ValidateJSON: true}).GetMany(paths...)
}

// SetPath returns a new document: src with the value at path (see
// GetPath; keys and indices only) set to value, encoded as Marshal
// encodes it. The rest of src is copied byte for byte, never decoded.
// Missing object members are created (with objects for missing levels
// below them, or arrays where the next component is "0" or "-1"); index
// -1 appends to an array. The whole document is checked for syntax in
// the same pass. For edits without that check, see ast.SetPath.
func SetPath(src []byte, path string, value any) ([]byte, error) {
	return ast.SetPath(src, path, value, ast.EditOptions{ValidateJSON: true})
}

// SetRawPath is SetPath with the new value given as JSON text, which
// must be one valid JSON value.
func SetRawPath(src []byte, path string, raw []byte) ([]byte, error) {
	return ast.SetRawPath(src, path, raw, ast.EditOptions{ValidateJSON: true})
}

// DeletePath returns a new document: src without the value at path (an
// object member with its key, an array element with its comma). A
// missing path is an error wrapping ast.ErrNotFound.
func DeletePath(src []byte, path string) ([]byte, error) {
	return ast.DeletePath(src, path, ast.EditOptions{ValidateJSON: true})
}
