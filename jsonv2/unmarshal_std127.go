//go:build go1.27 && goexperiment.jsonv2

package json

import (
	stdjson "encoding/json/v2"

	"github.com/jetjson/jet/jsontext"
)

func init() { stdSemanticError = fromStdSemanticError }

// fromStdSemanticError is the SemanticError of Go's encoding/json/v2,
// which a method written for it returns, as this package's.
func fromStdSemanticError(err error) (*SemanticError, bool) {
	se, ok := err.(*stdjson.SemanticError)
	if !ok {
		return nil, false
	}
	return &SemanticError{
		ByteOffset:  se.ByteOffset,
		JSONPointer: jsontext.Pointer(se.JSONPointer),
		JSONKind:    jsontext.Kind(se.JSONKind),
		JSONValue:   jsontext.Value(se.JSONValue),
		GoType:      se.GoType,
		Err:         se.Err,
	}, true
}
