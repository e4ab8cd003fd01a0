package json

import (
	"reflect"

	"github.com/jetjson/jet/internal/v2api"
	"github.com/jetjson/jet/jsontext"
)

// Marshalers holds encoding functions, each for particular types, that
// take over from this package's normal handling of those types. Build it
// with MarshalFunc, MarshalToFunc and JoinMarshalers, and hand it to
// Marshal, MarshalWrite or MarshalEncode through WithMarshalers. A nil
// *Marshalers holds no functions.
//
// Building the list has a cost, so keep it in a package-level variable
// rather than building it per call.
type Marshalers = typedMarshalers

type typedMarshalers = v2api.Marshalers

// JoinMarshalers concatenates the given lists into one flat list. When
// more than one function in it applies to a value's type, they are tried
// in list order: a function that returns errors.ErrUnsupported passes the
// value on to the next applicable one, and when none is left the default
// marshaling is used.
func JoinMarshalers(ms ...*Marshalers) *Marshalers {
	var out Marshalers
	for _, m := range ms {
		if m != nil {
			out.List = append(out.List, m.List...)
		}
	}
	return &out
}

// MarshalFunc returns a single-entry list whose function fn encodes values
// of type T, returning the JSON bytes. T must not be a named pointer type;
// any other type is allowed. When T is an interface or pointer type, fn
// always receives a non-nil value.
//
// fn must produce exactly one JSON value and must not keep the T after it
// returns. Returning errors.ErrUnsupported from fn is treated as a
// failure, not as a refusal to handle the value.
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

// MarshalToFunc returns a single-entry list whose function fn encodes
// values of type T by writing to a jsontext.Encoder. T must not be a named
// pointer type; any other type is allowed. When T is an interface or
// pointer type, fn always receives a non-nil value.
//
// fn must write exactly one JSON value to the Encoder, or else write
// nothing and return errors.ErrUnsupported to leave the value to the next
// candidate. It must keep neither the *jsontext.Encoder nor the T after
// it returns.
func MarshalToFunc[T any](fn func(*jsontext.Encoder, T) error) *Marshalers {
	t := reflect.TypeFor[T]()
	return &Marshalers{List: []v2api.Marshaler{{
		Type: t,
		To:   func(enc *jsontext.Encoder, v reflect.Value) error { return fn(enc, v.Interface().(T)) },
	}}}
}
