package decoder

import (
	"bytes"
	"io"
	"reflect"
	"time"

	"github.com/jetjson/jet/internal/jsonopts"
	"github.com/jetjson/jet/internal/rt"
	"github.com/jetjson/jet/jsontext"
)

// syntaxErrorV2 finds the syntax error in in as Go's v2 decoders meet
// it when unmarshaling into a value of type t. Where a text holds an
// error that two kinds of read would report differently (a comma with
// no element after it: the array loop's peek at the next element, or
// the read of the whole array), the reads Go's decoder for each type
// makes decide; this walks the text with jsontext's Decoder making the
// same reads, following the value v (of type t) where what it holds
// decides (an interface's value). It must run before v is decoded into.
// It returns other when the walk meets no error (text after the
// top-level value).
func syntaxErrorV2(in []byte, t reflect.Type, v reflect.Value, opts *jsonopts.Struct, other error) error {
	dec := jsontext.NewDecoder(bytes.NewReader(in), opts)
	if err := walkV2(dec, t, v); err != nil {
		if err == io.EOF {
			return &jsontext.SyntacticError{ByteOffset: dec.InputOffset() + int64(len(dec.UnreadBuffer())), Err: io.ErrUnexpectedEOF}
		}
		return err
	}
	return other
}

// walkV2 reads one value from dec as Go's v2 decoder for t would, into
// v when it is valid (else a zero value).
func walkV2(dec *jsontext.Decoder, t reflect.Type, v reflect.Value) error {
	if t == reflect.TypeFor[time.Time]() || t == reflect.TypeFor[time.Duration]() {
		_, err := dec.ReadValue()
		return err
	}
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface {
		pt := reflect.PointerTo(t)
		if pt.Implements(unmarshalerFromType) || pt.Implements(rt.UnmarshalerType) || pt.Implements(rt.TextUnmarshalerType) {
			_, err := dec.ReadValue()
			return err
		}
	}
	switch t.Kind() {
	case reflect.Pointer:
		if dec.PeekKind() == 'n' {
			_, err := dec.ReadToken()
			return err
		}
		var e reflect.Value
		if v.IsValid() && !v.IsNil() {
			e = v.Elem()
		}
		return walkV2(dec, t.Elem(), e)
	case reflect.Interface:
		if dec.PeekKind() == 'n' {
			_, err := dec.ReadToken()
			return err
		}
		if v.IsValid() && !v.IsNil() {
			return walkV2(dec, v.Elem().Type(), v.Elem())
		}
		if t.NumMethod() != 0 {
			return nil // a semantic error, before any read
		}
		return walkAnyV2(dec)
	case reflect.Bool:
		_, err := dec.ReadToken()
		return err
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 && t.Elem().PkgPath() == "" {
			_, err := dec.ReadValue()
			return err
		}
		return walkContainerV2(dec, '[', func() error { return walkV2(dec, t.Elem(), reflect.Value{}) })
	case reflect.Map:
		return walkContainerV2(dec, '{', func() error {
			name, err := dec.ReadValue()
			if err != nil {
				return err
			}
			var e reflect.Value
			if v.IsValid() && !v.IsNil() && t.Key().Kind() == reflect.String {
				n, _ := unquoteName(string(name))
				e = v.MapIndex(reflect.ValueOf(n).Convert(t.Key()))
			}
			return walkV2(dec, t.Elem(), e)
		})
	case reflect.Struct:
		plan := rt.StructFieldsV2(t, hasMethodsV2)
		return walkContainerV2(dec, '{', func() error {
			name, err := dec.ReadValue()
			if err != nil {
				return err
			}
			n, _ := unquoteName(string(name))
			for _, f := range plan.Fields {
				if f.Name == n || foldNameV2(f.Name) == foldNameV2(n) {
					var e reflect.Value
					if v.IsValid() {
						e, _ = v.FieldByIndexErr(f.Index)
					}
					return walkV2(dec, f.Type, e)
				}
			}
			if fb := plan.Fallback; fb != nil && !rt.IsRawValueType(fb.Type) {
				return walkV2(dec, fb.Type.Elem(), reflect.Value{})
			}
			return dec.SkipValue()
		})
	}
	_, err := dec.ReadValue()
	return err
}

// walkContainerV2 reads an object or array (open is '{' or '[') as v2's
// decoders do: its first token, then each member while the next token is
// not the end, then the end. A value of another kind is read as one
// token (a mismatch, reported by the decoder).
func walkContainerV2(dec *jsontext.Decoder, open byte, each func() error) error {
	tok, err := dec.ReadToken()
	if err != nil || byte(tok.Kind()) != open {
		return err
	}
	end := jsontext.Kind(open + 2) // ']' and '}' follow '[' and '{' by two
	for dec.PeekKind() != end {
		if err := each(); err != nil {
			return err
		}
	}
	_, err = dec.ReadToken()
	return err
}

// walkAnyV2 reads a value as v2 decodes one into an empty interface.
func walkAnyV2(dec *jsontext.Decoder) error {
	switch dec.PeekKind() {
	case '{':
		return walkContainerV2(dec, '{', func() error {
			if _, err := dec.ReadValue(); err != nil {
				return err
			}
			return walkAnyV2(dec)
		})
	case '[':
		return walkContainerV2(dec, '[', func() error { return walkAnyV2(dec) })
	}
	_, err := dec.ReadValue()
	return err
}
