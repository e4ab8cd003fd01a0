// Package nodehook joins the encoder and ast.Node across their layers,
// so that nesting is counted through both: an ast.Node holding a Go
// value that holds the same Node again would otherwise recurse between
// Node.MarshalJSON and the encoder with each side starting its count
// afresh, until the stack overflows. ast installs NodeType and
// AppendNode; the encoder installs EncodeAt.
package nodehook

import (
	"reflect"
	"unsafe"
)

// NodeType is ast.Node's type.
var NodeType reflect.Type

// AppendNode appends the JSON text of the ast.Node at p, met depth
// levels deep.
var AppendNode func(dst []byte, p unsafe.Pointer, depth int) ([]byte, error)

// EncodeAt appends the encoding of the Go value v (held by a node depth
// levels deep) with the encoder's zero options.
var EncodeAt func(dst []byte, v any, depth int) ([]byte, error)
