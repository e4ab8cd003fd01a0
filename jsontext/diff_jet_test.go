package jsontext

import (
	"errors"
	"io"
	"slices"
)

// jetAPI is this package behind textAPI.
var jetAPI = textAPI{
	name: "jet",
	newDecoder: func(r io.Reader, opts []optSpec) decoderAPI {
		return jetDecoder{NewDecoder(r, jetOpts(opts)...)}
	},
	newEncoder: func(w io.Writer, opts []optSpec) encoderAPI {
		return jetEncoder{NewEncoder(w, jetOpts(opts)...)}
	},
	valueOp: func(op string, v []byte, opts []optSpec) ([]byte, error) {
		o := jetOpts(opts)
		val := Value(slices.Clone(v))
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
			return AppendFormat([]byte("prefix:"), v, o...)
		}
		return val, err
	},
	appendQuote:   func(s []byte) ([]byte, error) { return AppendQuote([]byte("q:"), s) },
	appendUnquote: func(s []byte) ([]byte, error) { return AppendUnquote([]byte("u:"), s) },
	appendFloat:   func(f float64, bits int) []byte { return AppendFloat(nil, f, bits) },
	pointer:       func(p string) pointerAPI { return jetPointer(p) },
	token:         func(s tokenSpec) any { return jetToken(s) },
	tokenAccess:   func(s tokenSpec) string { return accessTranscript(jetToken(s)) },
}

func init() {
	describers["jet"] = func(err error) string {
		return describeError(err, func(err error) (int64, string, bool) {
			var se *SyntacticError
			if errors.As(err, &se) {
				return se.ByteOffset, string(se.JSONPointer), true
			}
			return 0, "", false
		}, ErrDuplicateName, ErrNonStringName)
	}
}

func jetOpts(specs []optSpec) []Options {
	var out []Options
	for _, o := range specs {
		switch o.name {
		case "AllowDuplicateNames":
			out = append(out, AllowDuplicateNames(o.b))
		case "AllowInvalidUTF8":
			out = append(out, AllowInvalidUTF8(o.b))
		case "EscapeForHTML":
			out = append(out, EscapeForHTML(o.b))
		case "EscapeForJS":
			out = append(out, EscapeForJS(o.b))
		case "PreserveRawStrings":
			out = append(out, PreserveRawStrings(o.b))
		case "CanonicalizeRawInts":
			out = append(out, CanonicalizeRawInts(o.b))
		case "CanonicalizeRawFloats":
			out = append(out, CanonicalizeRawFloats(o.b))
		case "ReorderRawObjects":
			out = append(out, ReorderRawObjects(o.b))
		case "SpaceAfterColon":
			out = append(out, SpaceAfterColon(o.b))
		case "SpaceAfterComma":
			out = append(out, SpaceAfterComma(o.b))
		case "Multiline":
			out = append(out, Multiline(o.b))
		case "WithIndent":
			out = append(out, WithIndent(o.s))
		case "WithIndentPrefix":
			out = append(out, WithIndentPrefix(o.s))
		default:
			panic("unknown option " + o.name)
		}
	}
	return out
}

func jetToken(s tokenSpec) Token {
	switch s.ctor {
	case "Null":
		return Null
	case "True":
		return True
	case "False":
		return False
	case "BeginObject":
		return BeginObject
	case "EndObject":
		return EndObject
	case "BeginArray":
		return BeginArray
	case "EndArray":
		return EndArray
	case "String":
		return String(s.s)
	case "Int":
		return Int(s.i)
	case "Uint":
		return Uint(s.u)
	case "Float":
		return Float(s.f)
	case "Float32":
		return Float32(float32(s.f))
	case "Zero":
		return Token{}
	}
	panic("unknown token constructor " + s.ctor)
}

type jetDecoder struct{ d *Decoder }

func (d jetDecoder) ReadToken() (any, byte, string, error) {
	t, err := d.d.ReadToken()
	if err != nil {
		return nil, 0, "", err
	}
	return t, byte(t.Kind()), t.String() + cloneNote[Token, Kind](t), nil
}
func (d jetDecoder) ReadValue() ([]byte, error)     { return d.d.ReadValue() }
func (d jetDecoder) SkipValue() error               { return d.d.SkipValue() }
func (d jetDecoder) PeekKind() byte                 { return byte(d.d.PeekKind()) }
func (d jetDecoder) InputOffset() int64             { return d.d.InputOffset() }
func (d jetDecoder) StackDepth() int                { return d.d.StackDepth() }
func (d jetDecoder) StackIndex(i int) (byte, int64) { k, n := d.d.StackIndex(i); return byte(k), n }
func (d jetDecoder) StackPointer() string           { return string(d.d.StackPointer()) }
func (d jetDecoder) UnreadBuffer() []byte           { return d.d.UnreadBuffer() }

type jetEncoder struct{ e *Encoder }

func (e jetEncoder) WriteToken(t any) error         { return e.e.WriteToken(t.(Token)) }
func (e jetEncoder) WriteValue(v []byte) error      { return e.e.WriteValue(v) }
func (e jetEncoder) OutputOffset() int64            { return e.e.OutputOffset() }
func (e jetEncoder) StackDepth() int                { return e.e.StackDepth() }
func (e jetEncoder) StackIndex(i int) (byte, int64) { k, n := e.e.StackIndex(i); return byte(k), n }
func (e jetEncoder) StackPointer() string           { return string(e.e.StackPointer()) }

type jetPointer Pointer

func (p jetPointer) IsValid() bool                 { return Pointer(p).IsValid() }
func (p jetPointer) Parent() string                { return string(Pointer(p).Parent()) }
func (p jetPointer) LastToken() string             { return Pointer(p).LastToken() }
func (p jetPointer) Tokens() []string              { return slices.Collect(Pointer(p).Tokens()) }
func (p jetPointer) AppendToken(tok string) string { return string(Pointer(p).AppendToken(tok)) }
func (p jetPointer) Contains(q string) bool        { return Pointer(p).Contains(Pointer(q)) }

// accessTranscript calls every accessor of t, recording panics.
func accessTranscript(t Token) string {
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
}
