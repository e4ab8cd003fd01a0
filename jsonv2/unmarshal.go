package json

import (
	"io"
	"reflect"
	"strconv"
	"sync"

	"github.com/jetjson/jet/internal/jsonopts"
	"github.com/jetjson/jet/internal/textexport"
	"github.com/jetjson/jet/internal/v2api"
	"github.com/jetjson/jet/jsontext"

	// The decoder installs the v2 dialect in v2api.
	_ "github.com/jetjson/jet/decoder"
)

// Unmarshal parses in, which must hold exactly one JSON value (whitespace
// around and within it is fine), and stores the result in the value that
// out points to. out must be a non-nil pointer. Unmarshal and decode
// options apply; marshal and encode options are ignored.
//
// A custom conversion, when a type has one, is preferred to the default
// rules. The candidates are tried in this order: a function installed
// with WithUnmarshalers, an UnmarshalJSONFrom method (UnmarshalerFrom),
// an UnmarshalJSON method (Unmarshaler), and, for JSON strings only, an
// UnmarshalText method (encoding.TextUnmarshaler).
//
// Otherwise the rules are those of Go's encoding/json/v2: a JSON null
// stores the zero value; booleans, strings and numbers go into Go values
// of their kind (numbers within strings where StringifyNumbers or the
// `string` tag option says, or for map keys), with no fractions into
// integers and no overflow; base64 strings into []byte and [N]byte (of
// exactly N bytes); objects into maps (merged: entries kept, and an
// existing entry's value decoded into) and structs (see the package
// documentation); arrays into slices (appended after the length is
// reset) and arrays (of exactly their length); a value into a nil empty
// interface as map[string]any, []any, float64, string or bool, and into
// a non-nil interface as into the value it holds. Duplicate names and
// invalid UTF-8 are errors unless jsontext's options allow them.
func Unmarshal(in []byte, out any, opts ...Options) (err error) {
	return unmarshalError(v2api.Unmarshal(in, out, joinOptions(opts)))
}

// stdSemanticError, set when built with Go's encoding/json/v2, converts
// its SemanticError (returned by a method written for it) to this
// package's.
var stdSemanticError func(error) (*SemanticError, bool)

// unmarshalError turns the decoder's form of an error into what
// Unmarshal returns. An error from the caller's method or function is
// reported as Go's v2 does for its kind (see v2api.Mode).
func unmarshalError(err error) error {
	ie, ok := err.(*v2api.Error)
	if !ok {
		return err
	}
	if stdSemanticError != nil {
		if se, ok := stdSemanticError(ie.Err); ok {
			ie.Err = se
		}
	}
	if _, ok := ie.Err.(*jsontext.SyntacticError); ok && ie.Mode == v2api.Text {
		return ie.Err // as a SemanticError is (see publicError)
	}
	return publicError(err)
}

// UnmarshalRead is Unmarshal with its input taken from in, which it reads
// to the end; reaching io.EOF is not an error. The input must hold exactly
// one JSON value, with optional whitespace, and out must be a non-nil
// pointer. Unmarshal and decode options apply; marshal and encode options
// are ignored. Unmarshal describes how JSON is converted to Go values.
func UnmarshalRead(in io.Reader, out any, opts ...Options) (err error) {
	if rv := reflect.ValueOf(out); !rv.IsValid() || rv.Kind() != reflect.Pointer || rv.IsNil() {
		return Unmarshal(nil, out)
	}
	b, err := io.ReadAll(in)
	if err != nil {
		// What Go's decoder meets first, reading from in: an error in
		// the text before the failure, or the failure.
		return unmarshalError(v2api.UnmarshalCut(b, err, out, joinOptions(opts)))
	}
	return Unmarshal(b, out, opts...)
}

// UnmarshalDecode reads the next JSON value from in and stores the result
// in the value that out points to. Of the options given here, only
// unmarshal options take effect: decode options are ignored, since in was
// configured with those when it was created, and marshal and encode
// options are ignored too. Unmarshal options that in already carries
// also apply, but where they conflict the ones given here win.
//
// in may hold a stream of any number of JSON values; each call consumes
// just one of them. out must be a non-nil pointer. Unmarshal describes
// how JSON is converted to Go values.
func UnmarshalDecode(in *jsontext.Decoder, out any, opts ...Options) (err error) {
	rv := reflect.ValueOf(out)
	if !rv.IsValid() || rv.Kind() != reflect.Pointer || rv.IsNil() {
		return unmarshalError(v2api.Unmarshal(nil, out, joinOptions(nil)))
	}
	// While the call runs, the Decoder's stack is its own (a function
	// or method that was given it reads inside levels around it, which
	// the value's own functions and methods see, as in Go's v2).
	outer := textexport.SetOuter(in, nil)
	if outer != nil {
		defer textexport.SetOuter(in, outer)
	}
	sc := callPool.Get().(*callScratch)
	defer sc.release()
	sc.opts = jsonopts.Struct{}
	o := &sc.opts
	o.Join(in.Options())
	o.Join(opts...)
	if len(opts) > 0 {
		// Go's v2 reads with the call's syntax checks, refused where an
		// object member's name comes next.
		eo := in.Options().(*jsonopts.Struct)
		if cause := changedChecks(eo, o); cause != nil {
			if nameNext(in) {
				// Placed before the name, past its delimiter, within
				// the object.
				ptr := in.StackPointer()
				if _, n := in.StackIndex(in.StackDepth()); n > 0 {
					ptr = ptr.Parent()
				}
				return unmarshalError(&v2api.Error{Action: "unmarshal", GoType: reflect.TypeOf(out), Err: cause,
					ByteOffset: in.InputOffset() + int64(delimSpace(in.UnreadBuffer(), true)), JSONPointer: ptr})
			}
			prev := textexport.SetDecoderOptions(in, o)
			defer textexport.SetDecoderOptions(in, prev)
		}
	}
	if outer == nil {
		// An object or array the Decoder holds whole is checked and
		// decoded at once where the single pass takes it; otherwise
		// (or if it finds a fault) it is read and then decoded.
		if !v2api.SingleTakes(out, o) {
			// (The single pass would not take it: the text is not
			// looked at twice.)
		} else if v := textexport.ValueAhead(in, v2api.SingleMaxDepth); v != nil {
			sc.levels = decoderLevels{in: in}
			if v2api.UnmarshalSingle(v, out, o, &sc.levels) {
				textexport.ConsumeAhead(in, v)
				return nil
			}
		}
	}
	val, err := in.ReadValue()
	if err != nil {
		if se, ok := err.(*jsontext.SyntacticError); ok {
			return semanticFirst(in, se, out, o, levelsBefore(in, outer, 0))
		}
		return err
	}
	// Errors are placed from the top of the stream: the value's offset
	// and pointer go in front (the Decoder has not moved since it read
	// the value).
	start := in.InputOffset() - int64(len(val))
	sc.levels = decoderLevels{in: in, outer: outer, read: 1}
	err = v2api.UnmarshalWithin(val, out, o, &sc.levels)
	if err != nil {
		v2api.Offset(err, start)
		if ptr := in.StackPointer(); ptr != "" {
			prefixPointer(err, ptr)
		}
	}
	return unmarshalError(err)
}

// levelsBefore returns the levels in's functions and methods are at
// (with its outer levels) before the value just read (read is 1) or
// about to be (0), found only if asked for while in stays where it is.
func levelsBefore(in *jsontext.Decoder, outer textexport.LevelSource, read int64) textexport.LevelSource {
	return &decoderLevels{in: in, outer: outer, read: read}
}

// callScratch is what a call of MarshalEncode or UnmarshalDecode needs
// for as long as it runs, pooled: the options it joins, and the levels
// its value's methods and functions are given.
type callScratch struct {
	opts   jsonopts.Struct
	levels decoderLevels
	enc    encoderLevels
}

var callPool = sync.Pool{New: func() any { return new(callScratch) }}

// release puts sc back in callPool, holding no Encoder or Decoder (nor
// the buffer and the text around it).
func (sc *callScratch) release() {
	sc.levels, sc.enc = decoderLevels{}, encoderLevels{}
	callPool.Put(sc)
}

// decoderLevels are the levels a Decoder's caller's functions and
// methods are at (see levelsBefore): a textexport.DepthSource, so that
// the Decoders they are given limit their depth by the whole text's.
type decoderLevels struct {
	in    *jsontext.Decoder
	outer textexport.LevelSource
	read  int64
	depth int // Depth's result plus one, once found
}

// Levels returns the levels, the top level first.
func (l *decoderLevels) Levels() []textexport.Level {
	own := textexport.Levels(l.in)
	own[len(own)-1].Length -= l.read
	return textexport.Inside(l.outer, own)
}

// Depth returns how many containers the levels hold open.
func (l *decoderLevels) Depth() int {
	// Found once: each of a chain of nested calls asks its own.
	if l.depth == 0 {
		l.depth = textexport.Depth(l.outer) + l.in.StackDepth() + 1
	}
	return l.depth - 1
}

// Enclosing returns the levels around the Decoder's (see
// textexport.Nested).
func (l *decoderLevels) Enclosing() textexport.LevelSource { return l.outer }

// delimSpace counts the bytes of whitespace and, inside a container,
// a ',' or ':' and more whitespace at the start of buf: what lies
// before the Decoder's next token.
func delimSpace(buf []byte, inContainer bool) int {
	i := 0
	space := func() {
		for i < len(buf) && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n' || buf[i] == '\r') {
			i++
		}
	}
	space()
	if inContainer && i < len(buf) && (buf[i] == ',' || buf[i] == ':') {
		i++
		space()
	}
	return i
}

// semanticFirst is the error UnmarshalDecode reports for a value with
// the syntax error se: Go's v2 decodes as it reads, so a semantic error
// in the text before se comes first, and the reads of the decoder for
// out's type decide which syntax error is met. The Decoder has buffered
// the text from the value's start (after the delimiter before it) to at
// least the error, which is decoded as Unmarshal would.
func semanticFirst(in *jsontext.Decoder, se *jsontext.SyntacticError, out any, o *jsonopts.Struct, outer textexport.LevelSource) error {
	if nameNext(in) {
		// An object member's name is read: no meaning comes first.
		return se
	}
	buf := in.UnreadBuffer()
	k := delimSpace(buf, in.StackDepth() > 0)
	start := in.InputOffset() + int64(k)
	buf = buf[k:]
	if n := se.ByteOffset - start; n < 0 || n >= int64(len(buf)) {
		return se
	}
	err := v2api.UnmarshalWithin(buf, out, o, outer)
	switch err.(type) {
	case *v2api.Error, *jsontext.SyntacticError:
	default:
		return se
	}
	v2api.Offset(err, start)
	if ptr := nextPointer(in); ptr != "" {
		prefixPointer(err, ptr)
	}
	return unmarshalError(err)
}

// nextPointer is the JSON Pointer of the value the Decoder reads next:
// the member whose name it read last, or the array's next element.
func nextPointer(in *jsontext.Decoder) jsontext.Pointer {
	depth := in.StackDepth()
	if depth == 0 {
		return ""
	}
	ptr := in.StackPointer()
	kind, n := in.StackIndex(depth)
	if kind != '[' {
		return ptr
	}
	if n > 0 {
		ptr = ptr.Parent()
	}
	return ptr + jsontext.Pointer("/"+strconv.FormatInt(n, 10))
}

// prefixPointer puts the Decoder's position in front of err's JSON
// Pointer, for a value decoded inside a stream's container.
func prefixPointer(err error, ptr jsontext.Pointer) {
	switch e := err.(type) {
	case *v2api.Error:
		e.JSONPointer = ptr + e.JSONPointer
	case *jsontext.SyntacticError:
		e.JSONPointer = ptr + e.JSONPointer
	}
}

// Unmarshaler is the interface of a type that decodes its own JSON from a
// []byte. Prefer UnmarshalerFrom; Unmarshaler is mainly for types whose
// package must not import jsontext.
//
// When this package calls UnmarshalJSON, the input is one syntactically
// valid JSON value. The method must copy any part of it that it keeps
// after returning. If the receiver already holds data, the method should
// preferably merge the input into it rather than replace it. Returning
// errors.ErrUnsupported from UnmarshalJSON is treated as a failure, not
// as a refusal to handle the value.
//
// The method must neither modify the []byte nor hold on to it.
type Unmarshaler interface {
	UnmarshalJSON([]byte) error
}

// UnmarshalerFrom is the interface of a type that decodes its own JSON by
// reading from a jsontext.Decoder. It is faster and more flexible than
// Unmarshaler, so new types should implement it instead; a type that
// implements both is decoded through UnmarshalJSONFrom.
//
// The method must read exactly one JSON value from the Decoder, or else
// read nothing and return errors.ErrUnsupported, in which case the value
// is decoded as though the method were not there.
//
// The method must not keep the *jsontext.Decoder after it returns.
type UnmarshalerFrom interface {
	UnmarshalJSONFrom(*jsontext.Decoder) error
}

// Unmarshalers holds decoding functions, each for particular types, that
// take over from this package's normal handling of those types. Build it
// with UnmarshalFunc, UnmarshalFromFunc and JoinUnmarshalers, and hand it
// to Unmarshal, UnmarshalRead or UnmarshalDecode through
// WithUnmarshalers. A nil *Unmarshalers holds no functions.
//
// Building the list has a cost, so keep it in a package-level variable
// rather than building it per call.
type Unmarshalers = typedUnmarshalers

type typedUnmarshalers = v2api.Unmarshalers

// JoinUnmarshalers concatenates the given lists into one flat list. When
// more than one function in it applies to a value's type, they are tried
// in list order: a function that returns errors.ErrUnsupported passes the
// value on to the next applicable one, and when none is left the default
// unmarshaling is used.
func JoinUnmarshalers(us ...*Unmarshalers) *Unmarshalers {
	var out Unmarshalers
	for _, u := range us {
		if u != nil {
			out.List = append(out.List, u.List...)
		}
	}
	return &out
}

// UnmarshalFunc returns a single-entry list whose function fn decodes
// values of type T from a []byte. T must be an interface type or a
// pointer type that is not a named type. fn always receives a non-nil
// pointer.
//
// fn must decode exactly one JSON value. It must not modify the []byte,
// and must keep neither the []byte nor the T after it returns. Returning
// errors.ErrUnsupported from fn is treated as a failure, not as a refusal
// to handle the value.
func UnmarshalFunc[T any](fn func([]byte, T) error) *Unmarshalers {
	t := reflect.TypeFor[T]()
	return &Unmarshalers{List: []v2api.UnmarshalerFunc{{
		Type:  t,
		Bytes: func(data []byte, ptr reflect.Value) error { return fn(data, ptr.Interface().(T)) },
	}}}
}

// UnmarshalFromFunc returns a single-entry list whose function fn decodes
// values of type T by reading from a jsontext.Decoder. T must be an
// interface type or a pointer type that is not a named type. fn always
// receives a non-nil pointer.
//
// fn must read exactly one JSON value from the Decoder, or else read
// nothing and return errors.ErrUnsupported to leave the value to the next
// candidate. It must keep neither the *jsontext.Decoder nor the T after
// it returns.
func UnmarshalFromFunc[T any](fn func(*jsontext.Decoder, T) error) *Unmarshalers {
	t := reflect.TypeFor[T]()
	return &Unmarshalers{List: []v2api.UnmarshalerFunc{{
		Type: t,
		From: func(dec *jsontext.Decoder, ptr reflect.Value) error { return fn(dec, ptr.Interface().(T)) },
	}}}
}

// WithUnmarshalers installs type-specific unmarshal functions. For the
// types they handle, they are used instead of the default decoding and
// instead of any unmarshal methods the types have.
//
// Unmarshaling honors it; marshaling ignores it.
func WithUnmarshalers(v *Unmarshalers) Options { return (*unmarshalersOption)(v) }

// unmarshalersOption is the option WithUnmarshalers makes.
type unmarshalersOption Unmarshalers

// JSONOptions marks unmarshalersOption as Options.
func (*unmarshalersOption) JSONOptions(jsonopts.NotForPublicUse) {}

// JoinInto records the unmarshalers in s.
func (o *unmarshalersOption) JoinInto(s *jsonopts.Struct) {
	s.Flags.Set(jsonopts.True(jsonopts.Unmarshalers))
	s.Unmarshalers = (*Unmarshalers)(o)
}
