//go:build go1.27 && goexperiment.jsonv2

package encoder

// With Go 1.27, a type may marshal itself to the standard library's
// encoding/json/jsontext.Encoder (MarshalJSONTo taking its *Encoder);
// the v2 dialect calls such methods too, in the place of jet's own
// MarshalJSONTo. The method is given a standard Encoder over a buffer,
// with the options of the encoding that the standard library knows, and
// what it wrote is appended once it is found to be one value.

import (
	"bytes"
	stdjsontext "encoding/json/jsontext"
	stdjson "encoding/json/v2"
	"errors"
	"reflect"

	"github.com/jetjson/jet/internal/jsonopts"
	"github.com/jetjson/jet/internal/v2api"
	"github.com/jetjson/jet/jsontext"
)

type stdMarshalerTo = interface {
	MarshalJSONTo(*stdjsontext.Encoder) error
}

type stdUnmarshalerFrom = interface {
	UnmarshalJSONFrom(*stdjsontext.Decoder) error
}

func init() {
	stdMarshalerToType = reflect.TypeFor[stdMarshalerTo]()
	callStdMarshalerTo = callStdTo
}

// stdOptionOf pairs jet's option bits with the standard library's
// setters of the same option.
var stdOptionOf = []struct {
	bit jsonopts.Bools
	set func(bool) stdjson.Options
}{
	{jsonopts.AllowDuplicateNames, stdjsontext.AllowDuplicateNames},
	{jsonopts.AllowInvalidUTF8, stdjsontext.AllowInvalidUTF8},
	{jsonopts.EscapeForHTML, stdjsontext.EscapeForHTML},
	{jsonopts.EscapeForJS, stdjsontext.EscapeForJS},
	{jsonopts.StringifyNumbers, stdjson.StringifyNumbers},
	{jsonopts.Deterministic, stdjson.Deterministic},
	{jsonopts.FormatNilMapAsNull, stdjson.FormatNilMapAsNull},
	{jsonopts.FormatNilSliceAsNull, stdjson.FormatNilSliceAsNull},
	{jsonopts.OmitZeroStructFields, stdjson.OmitZeroStructFields},
	{jsonopts.MatchCaseInsensitiveNames, stdjson.MatchCaseInsensitiveNames},
	{jsonopts.RejectUnknownMembers, stdjson.RejectUnknownMembers},
}

// callStdTo calls m's MarshalJSONTo (m is a pointer to a value of type
// t) with a standard Encoder and appends the one value it wrote.
func callStdTo(e *state, b []byte, t reflect.Type, m any) ([]byte, error) {
	e.v2.tag = 0
	opts := []stdjson.Options{stdjsontext.Multiline(false)}
	f := e.v2.text.Flags
	for _, o := range stdOptionOf {
		if f.Has(o.bit) {
			opts = append(opts, o.set(f.Get(o.bit)))
		}
	}
	var out bytes.Buffer
	enc := stdjsontext.NewEncoder(&out, opts...)
	err := m.(stdMarshalerTo).MarshalJSONTo(enc)
	var se *stdjson.SemanticError
	if errors.As(err, &se) && err == error(se) {
		// The standard library's SemanticError, as jet's.
		err = &v2api.Error{Action: "marshal", ByteOffset: se.ByteOffset, JSONPointer: jsontext.Pointer(se.JSONPointer),
			Kind: jsontext.Kind(se.JSONKind), GoType: se.GoType, Err: se.Err}
	}
	var sx *stdjsontext.SyntacticError
	if errors.As(err, &sx) && err == error(sx) {
		err = &jsontext.SyntacticError{ByteOffset: sx.ByteOffset, JSONPointer: jsontext.Pointer(sx.JSONPointer), Err: sx.Err}
	}
	r := methodRun{flushed: out.Bytes(), total: enc.OutputOffset(), depth: enc.StackDepth(), pointer: string(enc.StackPointer())}
	_, n := enc.StackIndex(0)
	r.values = n
	if r.depth > 0 {
		var k stdjsontext.Kind
		k, r.lastLen = enc.StackIndex(r.depth)
		r.lastKind = jsontext.Kind(k)
	}
	return e.methodOutputV2(b, t, &r, err)
}
