package json

import (
	"bytes"
	"io"
	"strconv"

	"github.com/jetjson/jet/internal/jsonopts"
	"github.com/jetjson/jet/internal/v2api"
	"github.com/jetjson/jet/jsontext"

	// The encoder installs the v2 dialect in v2api.
	_ "github.com/jetjson/jet/encoder"
)

// Marshal serializes a Go value as a []byte according to the provided
// marshal and encode options (while ignoring unmarshal or decode
// options). It does not terminate the output with a newline.
//
// Type-specific marshal functions and methods take precedence over the
// default representation of a value. Functions or methods that operate
// on *T are only called when encoding a value of type T (by taking its
// address) or a non-nil value of *T. Marshal ensures that a value is
// always addressable (by copying the value if necessary) so that these
// functions and methods can be consistently called. For performance, it
// is recommended that Marshal be passed a non-nil pointer to the value.
//
// The rules are those of Go's encoding/json/v2: in order, a function
// given by WithMarshalers, a MarshalJSONTo method (MarshalerTo), a
// MarshalJSON method (Marshaler), AppendText (encoding.TextAppender),
// MarshalText (encoding.TextMarshaler), and otherwise the value's
// default representation: booleans, strings and numbers as such (numbers
// within strings with StringifyNumbers or the `string` tag option, and
// when they are object names), []byte and [N]byte as base64 strings,
// maps as objects whose keys must encode as strings (in no particular
// order unless Deterministic), structs as objects (see the package
// documentation), slices and arrays as arrays (a nil slice as [] and a
// nil map as {} unless FormatNilSliceAsNull or FormatNilMapAsNull),
// pointers and interfaces as what they point to or hold, or null;
// time.Time as an RFC 3339 string with nanoseconds. time.Duration has
// no default representation, nor do complex numbers, channels and
// functions: they are a SemanticError, as NaN and ±Inf are.
//
// Marshal does not handle cyclic data structures: a cycle is a
// SemanticError.
func Marshal(in any, opts ...Options) (out []byte, err error) {
	o := joinOptions(opts)
	b, err := v2api.Marshal(nil, in, o)
	if err != nil {
		return partialOutput(err, b, o), publicError(err)
	}
	if o.Flags.Has(jsonopts.AnyWhitespace) && o.Flags.Get(jsonopts.AnyWhitespace) {
		v := jsontext.Value(b)
		if err := v.Format(o, jsonopts.True(jsonopts.OmitTopLevelNewline)); err != nil {
			return nil, err
		}
		b = v
	}
	return b, nil
}

// lenient are the options under which the output written before an
// error is read and written again: it is the encoder's own output,
// already checked as the caller's options say.
var lenient = []Options{jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true)}

// partialOutput is what Marshal returns with err, as Go's does: the
// complete tokens written before the error, without the delimiter that
// goes before the next one, formatted as the whitespace options say.
// partial is the compact output the encoder wrote before it failed (the
// tokens up to the error, and perhaps the delimiter after them or a
// token that caused the error). Under whitespace options, err's byte
// offsets are moved to where they fall in the formatted output.
func partialOutput(err error, partial []byte, o *jsonopts.Struct) []byte {
	var outer *int64
	var inner *jsontext.SyntacticError
	beforeDelim := false // the error is placed before a member's comma
	switch e := err.(type) {
	case *v2api.Error:
		outer = &e.ByteOffset
		inner, _ = e.Err.(*jsontext.SyntacticError)
	case *jsontext.SyntacticError:
		outer = &e.ByteOffset
		beforeDelim = e.Err == jsontext.ErrDuplicateName
	}
	at := int64(len(partial))
	adjustInner := true
	if outer != nil {
		at = *outer
		if at == int64(len(partial))+1 && !beforeDelim {
			// Placed past the comma the encoder had yet to write (a
			// problem with an embedded raw value's members): where the
			// next member goes. The cause's offsets are the raw
			// value's own.
			at--
			adjustInner = false
		}
	}
	cut := min(max(at, 0), int64(len(partial)))

	// The complete tokens before the error.
	dec := jsontext.NewDecoder(bytes.NewReader(partial[:cut]), lenient...)
	ws := o.Flags.Get(jsonopts.AnyWhitespace)
	var enc *jsontext.Encoder
	var out bytes.Buffer
	if ws {
		enc = jsontext.NewEncoder(&out, o, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true), jsonopts.True(jsonopts.OmitTopLevelNewline))
	}
	end := int64(0)
	for {
		tok, err := dec.ReadToken()
		if err != nil {
			break
		}
		if ws && enc.WriteToken(tok) != nil {
			break
		}
		end = dec.InputOffset()
	}
	if !ws {
		return partial[:end:end]
	}

	// Formatted: the Encoder holds the tokens; the error goes where
	// the Encoder would write the next token.
	mark := enc.OutputOffset()
	if outer != nil && at >= 0 && at <= int64(len(partial)) {
		if beforeDelim {
			*outer = mark
		} else if enc.WriteToken(jsontext.String("")) == nil {
			moved := enc.OutputOffset() - 2
			if inner != nil && adjustInner {
				inner.ByteOffset += moved - at
			}
			*outer = moved
		}
	}
	// Close what is open, so that the Encoder's buffer reaches out.
	for enc.StackDepth() > 0 {
		kind, n := enc.StackIndex(enc.StackDepth())
		var err error
		switch {
		case kind == '[':
			err = enc.WriteToken(jsontext.EndArray)
		case n%2 == 1:
			err = enc.WriteToken(jsontext.Null)
		default:
			err = enc.WriteToken(jsontext.EndObject)
		}
		if err != nil {
			return nil
		}
	}
	if int64(out.Len()) < mark {
		return nil
	}
	return bytes.Clone(out.Bytes()[:mark])
}

// noOptions is the options of a call given none; never written to.
var noOptions jsonopts.Struct

// joinOptions joins the caller's options into one Struct.
func joinOptions(opts []Options) *jsonopts.Struct {
	if len(opts) == 0 {
		return &noOptions
	}
	o := new(jsonopts.Struct)
	o.Join(opts...)
	return o
}

// MarshalWrite serializes a Go value into an io.Writer according to the
// provided marshal and encode options (while ignoring unmarshal or decode
// options). It does not terminate the output with a newline. See Marshal
// for details about the conversion of a Go value into JSON.
func MarshalWrite(out io.Writer, in any, opts ...Options) (err error) {
	b, err := Marshal(in, opts...)
	if err != nil {
		return err
	}
	_, err = out.Write(b)
	return err
}

// MarshalEncode serializes a Go value into a jsontext.Encoder according
// to the provided marshal options (while ignoring unmarshal, encode, or
// decode options). Any marshal-relevant options already specified on
// the jsontext.Encoder take lower precedence than the set of options
// provided by the caller. Unlike Marshal and MarshalWrite, encode
// options are ignored because they must have already been specified on
// the provided jsontext.Encoder.
//
// See Marshal for details about the conversion of a Go value into JSON.
func MarshalEncode(out *jsontext.Encoder, in any, opts ...Options) (err error) {
	o := new(jsonopts.Struct)
	o.Join(out.Options())
	o.Join(opts...)
	o.Flags.Clear(jsonopts.AnyWhitespace)
	b, err := v2api.Marshal(nil, in, o)
	if err != nil {
		return publicError(placeInEncoder(err, out))
	}
	return out.WriteValue(b)
}

// placeInEncoder moves err (from marshaling a value by itself) to where
// the value goes in out: after the Encoder's output and the delimiter
// before the value, within the Encoder's open containers.
func placeInEncoder(err error, out *jsontext.Encoder) error {
	at := out.OutputOffset()
	depth := out.StackDepth()
	if depth == 0 {
		return v2api.Offset(err, at)
	}
	kind, n := out.StackIndex(depth)
	ptr := out.StackPointer()
	var tokens []string
	if kind == '[' {
		if n > 0 {
			ptr = ptr.Parent()
			at++ // the comma
		}
		tokens = append(tokens, strconv.FormatInt(n, 10))
	} else {
		at++ // the colon after the name
	}
	for ; ptr != ""; ptr = ptr.Parent() {
		tokens = append(tokens, ptr.LastToken())
	}
	for _, tok := range tokens {
		err = v2api.Within(err, tok)
	}
	return v2api.Offset(err, at)
}
