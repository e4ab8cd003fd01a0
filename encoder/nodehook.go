package encoder

import (
	"reflect"
	"unsafe"

	"github.com/jetjson/jet/internal/nodehook"
)

func init() { nodehook.EncodeAt = encodeAt }

// encodeAt appends the encoding of v with the zero options, starting the
// nesting count at depth (where the ast.Node holding v sits).
func encodeAt(dst []byte, v any, depth int) ([]byte, error) {
	e := getState(0)
	e.depth = depth
	b, err := e.appendAny(dst, v)
	e.depth = 0
	putState(e)
	return b, err
}

// nodeFn encodes an ast.Node, or a *ast.Node, met inside a Go value:
// as its MarshalJSON method would (the same checks, compaction, escaping
// and errors), but asking ast with the current depth, so that nesting
// through nodes and Go values in turn is counted as one (see
// internal/nodehook). nil when t is neither, or ast is not linked in.
func nodeFn(t reflect.Type) encFunc {
	nt := nodehook.NodeType
	if nt == nil || t != nt && t != reflect.PointerTo(nt) {
		return nil
	}
	ptr := t.Kind() == reflect.Pointer
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		if ptr {
			if p = *(*unsafe.Pointer)(p); p == nil {
				return append(b, "null"...), nil
			}
		}
		out, err := nodehook.AppendNode(nil, p, e.depth)
		if err != nil {
			if _, ok := err.(*MarshalerError); ok {
				return b, err // from a node further in: wrapped once
			}
			return b, &MarshalerError{Type: t, Err: err, Func: "MarshalJSON"}
		}
		return e.appendMarshalerOutput(b, out, t)
	}
}
