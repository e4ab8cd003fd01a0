//go:build go1.27 && goexperiment.jsonv2

package jsontext

import (
	std "encoding/json/jsontext"
	"errors"
	"io"
	"slices"
)

// stdAPI is Go's encoding/json/jsontext behind textAPI.
var stdAPI = &textAPI{
	name: "std",
	newDecoder: func(r io.Reader, opts []optSpec) decoderAPI {
		return stdDecoder{std.NewDecoder(r, stdOpts(opts)...)}
	},
	newEncoder: func(w io.Writer, opts []optSpec) encoderAPI {
		return stdEncoder{std.NewEncoder(w, stdOpts(opts)...)}
	},
	valueOp: func(op string, v []byte, opts []optSpec) ([]byte, error) {
		o := stdOpts(opts)
		val := std.Value(slices.Clone(v))
		var err error
		switch op {
		case "IsValid":
			if val.IsValid(o...) {
				return []byte("true"), nil
			}
			return []byte("false"), nil
		case "Format":
			err = val.Format(o...)
		case "Compact":
			err = val.Compact(o...)
		case "Indent":
			err = val.Indent(o...)
		case "Canonicalize":
			err = val.Canonicalize(o...)
		case "AppendFormat":
			return std.AppendFormat([]byte("prefix:"), v, o...)
		}
		return val, err
	},
	appendQuote:   func(s []byte) ([]byte, error) { return std.AppendQuote([]byte("q:"), s) },
	appendUnquote: func(s []byte) ([]byte, error) { return std.AppendUnquote([]byte("u:"), s) },
	appendFloat:   func(f float64, bits int) []byte { return std.AppendFloat(nil, f, bits) },
	pointer:       func(p string) pointerAPI { return stdPointer(p) },
	token:         func(s tokenSpec) any { return stdToken(s) },
	tokenAccess: func(s tokenSpec) string {
		t := stdToken(s)
		return accessors(
			func() any { return t.Kind().String() },
			func() any { return t.String() },
			func() any { return t.Bool() },
			func() any { v, err := t.Int(); return pair(v, err) },
			func() any { v, err := t.Uint(); return pair(v, err) },
			func() any { v, err := t.Float(); return pair(v, err) },
			func() any { v, err := t.Float32(); return pair(v, err) },
			func() any { return t.Clone().String() },
		)
	},
}

func init() {
	describers["std"] = func(err error) string {
		return describeError(err, func(err error) (int64, string, bool) {
			var se *std.SyntacticError
			if errors.As(err, &se) {
				return se.ByteOffset, string(se.JSONPointer), true
			}
			return 0, "", false
		}, std.ErrDuplicateName, std.ErrNonStringName)
	}
}

func stdOpts(specs []optSpec) []std.Options {
	var out []std.Options
	for _, o := range specs {
		switch o.name {
		case "AllowDuplicateNames":
			out = append(out, std.AllowDuplicateNames(o.b))
		case "AllowInvalidUTF8":
			out = append(out, std.AllowInvalidUTF8(o.b))
		case "EscapeForHTML":
			out = append(out, std.EscapeForHTML(o.b))
		case "EscapeForJS":
			out = append(out, std.EscapeForJS(o.b))
		case "PreserveRawStrings":
			out = append(out, std.PreserveRawStrings(o.b))
		case "CanonicalizeRawInts":
			out = append(out, std.CanonicalizeRawInts(o.b))
		case "CanonicalizeRawFloats":
			out = append(out, std.CanonicalizeRawFloats(o.b))
		case "ReorderRawObjects":
			out = append(out, std.ReorderRawObjects(o.b))
		case "SpaceAfterColon":
			out = append(out, std.SpaceAfterColon(o.b))
		case "SpaceAfterComma":
			out = append(out, std.SpaceAfterComma(o.b))
		case "Multiline":
			out = append(out, std.Multiline(o.b))
		case "WithIndent":
			out = append(out, std.WithIndent(o.s))
		case "WithIndentPrefix":
			out = append(out, std.WithIndentPrefix(o.s))
		default:
			panic("unknown option " + o.name)
		}
	}
	return out
}

func stdToken(s tokenSpec) std.Token {
	switch s.ctor {
	case "Null":
		return std.Null
	case "True":
		return std.True
	case "False":
		return std.False
	case "BeginObject":
		return std.BeginObject
	case "EndObject":
		return std.EndObject
	case "BeginArray":
		return std.BeginArray
	case "EndArray":
		return std.EndArray
	case "String":
		return std.String(s.s)
	case "Int":
		return std.Int(s.i)
	case "Uint":
		return std.Uint(s.u)
	case "Float":
		return std.Float(s.f)
	case "Float32":
		return std.Float32(float32(s.f))
	case "Zero":
		return std.Token{}
	}
	panic("unknown token constructor " + s.ctor)
}

type stdDecoder struct{ d *std.Decoder }

func (d stdDecoder) ReadToken() (any, byte, string, error) {
	t, err := d.d.ReadToken()
	if err != nil {
		return nil, 0, "", err
	}
	return t, byte(t.Kind()), t.String() + cloneNote[std.Token, std.Kind](t), nil
}
func (d stdDecoder) ReadValue() ([]byte, error)     { return d.d.ReadValue() }
func (d stdDecoder) SkipValue() error               { return d.d.SkipValue() }
func (d stdDecoder) PeekKind() byte                 { return byte(d.d.PeekKind()) }
func (d stdDecoder) InputOffset() int64             { return d.d.InputOffset() }
func (d stdDecoder) StackDepth() int                { return d.d.StackDepth() }
func (d stdDecoder) StackIndex(i int) (byte, int64) { k, n := d.d.StackIndex(i); return byte(k), n }
func (d stdDecoder) StackPointer() string           { return string(d.d.StackPointer()) }
func (d stdDecoder) UnreadBuffer() []byte           { return d.d.UnreadBuffer() }

type stdEncoder struct{ e *std.Encoder }

func (e stdEncoder) WriteToken(t any) error         { return e.e.WriteToken(t.(std.Token)) }
func (e stdEncoder) WriteValue(v []byte) error      { return e.e.WriteValue(v) }
func (e stdEncoder) OutputOffset() int64            { return e.e.OutputOffset() }
func (e stdEncoder) StackDepth() int                { return e.e.StackDepth() }
func (e stdEncoder) StackIndex(i int) (byte, int64) { k, n := e.e.StackIndex(i); return byte(k), n }
func (e stdEncoder) StackPointer() string           { return string(e.e.StackPointer()) }

type stdPointer std.Pointer

func (p stdPointer) IsValid() bool                 { return std.Pointer(p).IsValid() }
func (p stdPointer) Parent() string                { return string(std.Pointer(p).Parent()) }
func (p stdPointer) LastToken() string             { return std.Pointer(p).LastToken() }
func (p stdPointer) Tokens() []string              { return slices.Collect(std.Pointer(p).Tokens()) }
func (p stdPointer) AppendToken(tok string) string { return string(std.Pointer(p).AppendToken(tok)) }
func (p stdPointer) Contains(q string) bool        { return std.Pointer(p).Contains(std.Pointer(q)) }
