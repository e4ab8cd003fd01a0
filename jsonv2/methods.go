package json

import (
	"github.com/jetjson/jet/jsontext"
)

// Marshaler is the interface of a type that encodes itself as JSON,
// returning the bytes. Prefer MarshalerTo; Marshaler is mainly for types
// whose package must not import jsontext.
//
// The returned slice should preferably be one the caller may keep and
// modify freely. Returning errors.ErrUnsupported from MarshalJSON is
// treated as a failure, not as a refusal to handle the value.
//
// A SemanticError returned by the method reaches the caller with any
// fields it left empty filled in with what this package knows about the
// failure. An error of any other type reaches the caller wrapped in a
// SemanticError.
type Marshaler interface {
	MarshalJSON() ([]byte, error)
}

// MarshalerTo is the interface of a type that encodes itself as JSON by
// writing to a jsontext.Encoder. It is faster and more flexible than
// Marshaler, so new types should implement it instead; a type that
// implements both is encoded through MarshalJSONTo.
//
// The method must write exactly one JSON value to the Encoder, or else
// write nothing and return errors.ErrUnsupported, in which case the value
// is encoded as though the method were not there.
//
// The method must not keep the *jsontext.Encoder after it returns. It can
// examine the options in effect by passing the Encoder's Options to
// GetOption.
//
// A SemanticError returned by the method reaches the caller with any
// fields it left empty filled in with what this package knows about the
// failure. An error of any other type reaches the caller wrapped in a
// SemanticError.
type MarshalerTo interface {
	MarshalJSONTo(*jsontext.Encoder) error
}
