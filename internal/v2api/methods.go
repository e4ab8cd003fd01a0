package v2api

import (
	"errors"
	"fmt"
	"reflect"
	"sync"

	"github.com/jetjson/jet/internal/rt"
	"github.com/jetjson/jet/jsontext"
)

// The interfaces of the methods v2 calls, shared by the encoder and the
// decoder (std127.go adds the standard library's jsontext forms where the
// toolchain has them).
var (
	// MarshalerTo is MarshalJSONTo over jet's jsontext.
	MarshalerTo = reflect.TypeFor[interface {
		MarshalJSONTo(*jsontext.Encoder) error
	}]()
	// UnmarshalerFrom is UnmarshalJSONFrom over jet's jsontext.
	UnmarshalerFrom = reflect.TypeFor[interface {
		UnmarshalJSONFrom(*jsontext.Decoder) error
	}]()
	// TextAppender is encoding.TextAppender, which Go 1.23 lacks.
	TextAppender = reflect.TypeFor[interface {
		AppendText([]byte) ([]byte, error)
	}]()

	// MarshalMethods are the marshal methods' interfaces; methods holds
	// them and the unmarshal methods'.
	MarshalMethods = []reflect.Type{MarshalerTo, rt.MarshalerType, TextAppender, rt.TextMarshalerType}
	methods        = append(append([]reflect.Type(nil), MarshalMethods...),
		UnmarshalerFrom, rt.UnmarshalerType, rt.TextUnmarshalerType)
)

// HasMethods reports whether values of t, or pointers to them, have a
// method v2 calls when marshaling or unmarshaling (such a type cannot be
// an embedded struct whose fields are inlined).
func HasMethods(t reflect.Type) bool {
	// Every method v2 calls is exported: a type whose values and
	// pointers have no exported methods (most types, and every unnamed
	// one but structs that embed) has none of them.
	if t.NumMethod() == 0 && (t.Kind() == reflect.Pointer || reflect.PointerTo(t).NumMethod() == 0) {
		return false
	}
	// Compiling a struct's codecs asks of each field's type several
	// times, and reflect's Implements walks the method sets: the
	// answers for the others are kept.
	if v, ok := hasMethods.Load(t); ok {
		return v.(bool)
	}
	has := false
	for _, m := range methods {
		if t.Implements(m) || t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(m) {
			has = true
			break
		}
	}
	hasMethods.Store(t, has)
	return has
}

// hasMethods holds HasMethods' answers, by type.
var hasMethods sync.Map

// The causes of semantic errors that marshaling and unmarshaling share.
var (
	ErrInvalidStringTag = errors.New("invalid use of `string` tag option")
	ErrNoDefault        = errors.New("no default representation")
)

// ErrInvalidFormat is the cause of the error for a `format` tag option
// the type does not take.
func ErrInvalidFormat(format string) error { return fmt.Errorf("invalid format flag %q", format) }
