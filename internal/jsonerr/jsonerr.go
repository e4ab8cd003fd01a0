// Package jsonerr makes encoding/json's own error values, for the
// preset that returns them (ConfigStd). Two of encoding/json's error
// types keep part of their state in an unexported field that their
// Error method prints: SyntaxError its message and MarshalerError the
// name of the method that failed. Outside package json such a value can
// be made only by writing that field; this package finds it once,
// through reflect, by name and type, and writes it through its offset.
// Should a toolchain's encoding/json lack the field, the values are made
// without it: the type and the exported fields stay right, the text
// falls back to encoding/json's default.
package jsonerr

import (
	"encoding/json"
	"reflect"
	"unsafe"
)

// stringField returns the offset of the unexported string field name in
// the struct type t, and whether there is one.
func stringField(t reflect.Type, name string) (uintptr, bool) {
	f, ok := t.FieldByName(name)
	if !ok || f.Type.Kind() != reflect.String || len(f.Index) != 1 {
		return 0, false
	}
	return f.Offset, true
}

var (
	syntaxMsg, syntaxMsgOK         = stringField(reflect.TypeOf(json.SyntaxError{}), "msg")
	marshalerFunc, marshalerFuncOK = stringField(reflect.TypeOf(json.MarshalerError{}), "sourceFunc")
)

// Syntax returns encoding/json's *SyntaxError with the message msg (its
// Error text) and the offset off.
func Syntax(msg string, off int64) *json.SyntaxError {
	e := &json.SyntaxError{Offset: off}
	if syntaxMsgOK {
		*(*string)(unsafe.Add(unsafe.Pointer(e), syntaxMsg)) = msg
	}
	return e
}

// Marshaler returns encoding/json's *MarshalerError for the method fn
// ("MarshalJSON" or "MarshalText") of type t, which failed with err.
func Marshaler(t reflect.Type, err error, fn string) *json.MarshalerError {
	e := &json.MarshalerError{Type: t, Err: err}
	if marshalerFuncOK {
		*(*string)(unsafe.Add(unsafe.Pointer(e), marshalerFunc)) = fn
	}
	return e
}
