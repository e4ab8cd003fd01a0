package rt

import (
	"encoding"
	"encoding/json"
	"reflect"
	"unsafe"
)

// Eface is the layout of an empty interface value: a type word and a data
// word. For most types the data word points at the value; for
// pointer-shaped types (see Direct) it is the value itself.
type Eface struct {
	Type unsafe.Pointer
	Data unsafe.Pointer
}

// EfaceOf views the interface value *v as its two words.
func EfaceOf(v *any) *Eface { return (*Eface)(unsafe.Pointer(v)) }

// TypeWord returns the type word that an interface holding a value of type
// t carries. It is what caches are keyed by: reading it from an interface
// costs one load, where reflect.TypeOf plus a map keyed by reflect.Type
// costs a hash of an interface. It is derived from a real interface value,
// not from reflect's internals. Interface types have no type word (they
// are never the dynamic type of a value) and return nil.
func TypeWord(t reflect.Type) unsafe.Pointer {
	v := reflect.New(t).Elem().Interface()
	return EfaceOf(&v).Type
}

// Direct reports whether an interface holding a value of type t stores the
// value itself in its data word (pointers, maps, channels, funcs and
// structs or arrays wrapping exactly one of those) rather than a pointer
// to it. It is found by looking at a zero value in an interface, whose
// data word is nil exactly when the value is stored directly.
func Direct(t reflect.Type) bool {
	if t.Kind() == reflect.Interface {
		return false
	}
	v := reflect.Zero(t).Interface()
	return EfaceOf(&v).Data == nil
}

// ValuePointer returns a pointer to the value held in the interface *v,
// given whether its type is Direct. For a direct type the pointer is to
// the interface's own data word, so it is valid while *v is.
func ValuePointer(v *any, direct bool) unsafe.Pointer {
	e := EfaceOf(v)
	if direct {
		return unsafe.Pointer(&e.Data)
	}
	return e.Data
}

// The interfaces encoding/json honours, by type.
var (
	MarshalerType       = reflect.TypeFor[json.Marshaler]()
	UnmarshalerType     = reflect.TypeFor[json.Unmarshaler]()
	TextMarshalerType   = reflect.TypeFor[encoding.TextMarshaler]()
	TextUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
	NumberType          = reflect.TypeFor[json.Number]()
	RawMessageType      = reflect.TypeFor[json.RawMessage]()
	IsZeroerType        = reflect.TypeFor[interface{ IsZero() bool }]()
)

// IsRawJSON reports whether values of t are raw JSON text that their
// MarshalJSON returns as it is (null for nil) and their UnmarshalJSON
// copies: encoding/json's RawMessage and jet's jsontext.Value (told by
// name, so that this package stays below the syntax layer).
func IsRawJSON(t reflect.Type) bool {
	return t == RawMessageType || t.Kind() == reflect.Slice && t.Name() == "Value" && t.PkgPath() == "github.com/jetjson/jet/jsontext"
}

// IsIntKind reports whether k is a signed integer kind.
func IsIntKind(k reflect.Kind) bool {
	return k >= reflect.Int && k <= reflect.Int64
}

// IsUintKind reports whether k is an unsigned integer kind.
func IsUintKind(k reflect.Kind) bool {
	return k >= reflect.Uint && k <= reflect.Uintptr
}
