package json

import (
	"reflect"

	"github.com/jetjson/jet/internal/v2api"
	"github.com/jetjson/jet/jsontext"
)

// Marshalers is a list of functions that may override the marshal
// behavior of specific types. Populate it using MarshalFunc,
// MarshalToFunc and JoinMarshalers, and pass it with WithMarshalers to
// Marshal, MarshalWrite or MarshalEncode. A nil *Marshalers is equivalent
// to an empty list.
//
// For performance, marshalers should be stored in a global variable.
type Marshalers = typedMarshalers

type typedMarshalers = v2api.Marshalers

// JoinMarshalers constructs a flattened list of marshal functions. If
// multiple functions in the list are applicable for a value of a given
// type, then those earlier in the list take precedence over those that
// come later. If a function returns errors.ErrUnsupported, then the next
// applicable function is called, otherwise the default marshaling
// behavior is used.
func JoinMarshalers(ms ...*Marshalers) *Marshalers {
	var out Marshalers
	for _, m := range ms {
		if m != nil {
			out.List = append(out.List, m.List...)
		}
	}
	return &out
}

// MarshalFunc constructs a type-specific marshaler that specifies how to
// marshal values of type T. T can be any type except a named pointer.
// The function is always provided with a non-nil pointer value if T is
// an interface or pointer type.
//
// The function must marshal exactly one JSON value. The value of T must
// not be retained outside the function call. It may not return
// errors.ErrUnsupported... except to decline: the value is then handled
// by the next applicable function or the default behaviour.
func MarshalFunc[T any](fn func(T) ([]byte, error)) *Marshalers {
	t := reflect.TypeFor[T]()
	return &Marshalers{List: []v2api.Marshaler{{
		Type: t,
		Bytes: func(v reflect.Value) ([]byte, error) {
			b, err := fn(v.Interface().(T))
			if se, ok := err.(*SemanticError); ok {
				// Placed within the value, and reported as it is
				// then (see v2api.Collapse).
				return b, &v2api.Error{Action: "marshal", Err: se, Mode: v2api.Collapse}
			}
			return b, err
		},
	}}}
}

// MarshalToFunc constructs a type-specific marshaler that specifies how
// to marshal values of type T. T can be any type except a named pointer.
// The function is always provided with a non-nil pointer value if T is
// an interface or pointer type.
//
// The function must marshal exactly one JSON value by calling write
// methods on the provided encoder. It may return errors.ErrUnsupported
// without writing anything to decline. The pointer to jsontext.Encoder
// and the value of T must not be retained outside the function call.
func MarshalToFunc[T any](fn func(*jsontext.Encoder, T) error) *Marshalers {
	t := reflect.TypeFor[T]()
	return &Marshalers{List: []v2api.Marshaler{{
		Type: t,
		To:   func(enc *jsontext.Encoder, v reflect.Value) error { return fn(enc, v.Interface().(T)) },
	}}}
}
