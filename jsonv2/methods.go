package json

import (
	"github.com/jetjson/jet/jsontext"
)

// Marshaler is implemented by types that can marshal themselves. It is
// recommended that types implement MarshalerTo unless the implementation
// is trying to avoid a hard dependency on the "jsontext" package.
//
// It is recommended that implementations return a buffer that is safe
// for the caller to retain and potentially mutate.
//
// If the returned error is a SemanticError, then unpopulated fields of
// the error may be populated by the json package with additional
// context. Errors of other types are wrapped within a SemanticError.
type Marshaler interface {
	MarshalJSON() ([]byte, error)
}

// MarshalerTo is implemented by types that can marshal themselves. It is
// recommended that types implement MarshalerTo instead of Marshaler since
// this is both more performant and flexible. If a type implements both
// Marshaler and MarshalerTo, then MarshalerTo takes precedence.
//
// The implementation must write only one JSON value to the Encoder. It
// may instead return errors.ErrUnsupported without writing anything: the
// value is then marshaled as if the method did not exist.
//
// Implementations must not retain the pointer to jsontext.Encoder. They
// may inspect the options with GetOption on the Encoder's Options.
//
// If the returned error is a SemanticError, then unpopulated fields of
// the error may be populated by the json package with additional
// context. Errors of other types are wrapped within a SemanticError.
type MarshalerTo interface {
	MarshalJSONTo(*jsontext.Encoder) error
}
