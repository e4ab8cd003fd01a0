// Package v2api is what jet's encoding/json/v2 package (jsonv2) shares
// with the encoder and decoder below it: the form in which they report a
// semantic error, and the caller-supplied codecs of WithMarshalers.
// Keeping these here leaves the encoder's and decoder's own exported API
// to jet's v1 dialect.
package v2api

import (
	"errors"
	"reflect"

	"strings"
	"sync"

	"github.com/jetjson/jet/internal/jsonopts"
	"github.com/jetjson/jet/internal/textexport"

	"github.com/jetjson/jet/jsontext"
)

// Error is a semantic error as the encoder and decoder report it: what
// failed, where in the output or input, and for which Go type. The v2
// package turns it into its SemanticError.
type Error struct {
	// Action is "marshal" or "unmarshal".
	Action string
	// ByteOffset is where the value that failed starts (or would have).
	ByteOffset int64
	// JSONPointer locates the value: each container the error passes
	// through on its way out puts its reference token in front.
	JSONPointer jsontext.Pointer
	// Kind says which JSON kind was met (0 when no value was involved).
	Kind jsontext.Kind
	// Value holds the text of the number or string the decoder refused,
	// when it refused one.
	Value []byte
	// GoType names the Go type on the failing side, when there is one.
	GoType reflect.Type
	// Err is the cause.
	Err error
	// Mode says how a caller's error held in Err is reported.
	Mode Mode
	// Up is how many containers, on the error's way out, leave their
	// reference token off: the error is about the container around a
	// value (a function that read past the value it was given).
	Up int
}

// Mode is how the v2 package reports an Error holding an error a
// caller's method or function returned.
type Mode uint8

const (
	// FillIn: a caller's SemanticError has the fields it left zero
	// filled in from the Error (MarshalJSONTo, MarshalToFunc,
	// UnmarshalJSONFrom, UnmarshalFromFunc).
	FillIn Mode = iota
	// Collapse: a caller's SemanticError, positioned within the value,
	// is placed from the top: offsets added, pointers joined, and
	// reported with its own Go type and action, however empty
	// (MarshalJSON, MarshalFunc, UnmarshalJSON, UnmarshalFunc).
	Collapse
	// Text: Err came from MarshalText, AppendText or UnmarshalText; a
	// SemanticError there (or, unmarshaling, a SyntacticError) is
	// reported as it is, unplaced, anything else is wrapped.
	Text
)

// Error words e in the manner of encoding/json/v2's SemanticError; the
// v2 package's own type is what callers see.
func (e *Error) Error() string {
	var sb strings.Builder
	sb.WriteString("json: cannot " + e.Action)
	if e.GoType != nil {
		sb.WriteString(" Go " + e.GoType.String())
	}
	if e.Err != nil {
		sb.WriteString(": " + e.Err.Error())
	}
	return sb.String()
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Within puts a container's reference token (a member name or an array
// index) in front of the JSON Pointer of err, when err is a semantic or
// syntactic error.
func Within(err error, token string) error {
	prefix := jsontext.Pointer("").AppendToken(token)
	switch e := err.(type) {
	case *Error:
		if e.Up > 0 {
			e.Up--
			return err
		}
		e.JSONPointer = prefix + e.JSONPointer
		// A syntactic error inside (in a method's output) is placed
		// from the top too.
		if se, ok := e.Err.(*jsontext.SyntacticError); ok && e.Mode == FillIn {
			se.JSONPointer = prefix + se.JSONPointer
		}
	case *jsontext.SyntacticError:
		e.JSONPointer = prefix + e.JSONPointer
	}
	return err
}

// Offset moves err's byte offset by d, when err is a semantic or
// syntactic error.
func Offset(err error, d int64) error {
	switch e := err.(type) {
	case *Error:
		e.ByteOffset += d
		if se, ok := e.Err.(*jsontext.SyntacticError); ok && e.Mode == FillIn {
			se.ByteOffset += d
		}
	case *jsontext.SyntacticError:
		e.ByteOffset += d
	}
	return err
}

// Marshal is installed by the encoder: it appends the encoding of v to b
// under encoding/json/v2's rules and the given options, without
// whitespace. On error it returns what it wrote before the error.
var Marshal func(b []byte, v any, opts *jsonopts.Struct) ([]byte, error)

// Unmarshal is installed by the decoder: it decodes in, one JSON value,
// into the value out points to, under encoding/json/v2's rules and the
// given options.
var Unmarshal func(in []byte, out any, opts *jsonopts.Struct) error

// MarshalWithin and UnmarshalWithin are Marshal and Unmarshal for a
// value written to or read from a caller's Encoder or Decoder
// (MarshalEncode, UnmarshalDecode) at the end of the levels outer
// returns: the Encoders and Decoders the caller's functions and methods
// are given report those levels around their own (textexport.SetOuter),
// as the caller's own that Go's v2 gives them would.
var (
	MarshalWithin   func(b []byte, v any, opts *jsonopts.Struct, outer textexport.LevelSource) ([]byte, error)
	UnmarshalWithin func(in []byte, out any, opts *jsonopts.Struct, outer textexport.LevelSource) error
)

// UnmarshalCut is installed by the decoder: it decodes in, the text a
// reader gave before it failed with readErr, into the value out points
// to, reporting what Go's v2 meets first reading it from that reader: a
// semantic or syntax error within in, or the reader's failure.
var UnmarshalCut func(in []byte, readErr error, out any, opts *jsonopts.Struct) error

// UnmarshalSingle is installed by the decoder: it decodes in, which
// holds one JSON value and nothing else, into the zero value out points
// to in the single pass over unchecked text that Unmarshal takes first
// where it may (no methods or functions of the caller's to run, default
// syntax checks), and reports whether it did, which it does only when
// in is valid under opts and decoded whole. Otherwise out is left as it
// was, and the caller decodes as usual. outer is as for
// UnmarshalWithin, but the pass takes at most SingleMaxDepth levels of
// nesting, its outer levels not counted.
var UnmarshalSingle func(in []byte, out any, opts *jsonopts.Struct, outer textexport.LevelSource) bool

// SingleTakes is installed by the decoder: it reports whether
// UnmarshalSingle may take out under opts (a type whose decoding runs
// no code of the caller's, a zero value, options the single pass takes),
// so that a caller need not find the text first when it would not.
var SingleTakes func(out any, opts *jsonopts.Struct) bool

// SingleMaxDepth is the most levels of nesting the single pass takes
// (UnmarshalSingle): deeper text is left to the checked pass.
const SingleMaxDepth = 5000

// CheckedOnly turns off the v2 decoder's single pass over unchecked
// text, so that tests can compare it with the checked pass it
// shortcuts. Only tests set it, and not while decoding.
var CheckedOnly bool

// ErrUnknownName is the cause of the error for an object member that no
// struct field takes, under RejectUnknownMembers (the v2 package's
// ErrUnknownName).
var ErrUnknownName = errors.New("unknown object member name")

// ErrAmbiguousName is the cause of the error for an object member that
// several struct fields take by case-insensitive matching.
var ErrAmbiguousName = errors.New("ambiguous object member name")

// Marshaler is one caller-supplied marshal function for values of Type
// (or, when Type is an interface type, of every type implementing it).
// Exactly one of Bytes and To is set.
type Marshaler struct {
	Type reflect.Type
	// Bytes returns the encoding of v (MarshalFunc).
	Bytes func(v reflect.Value) ([]byte, error)
	// To writes the encoding of v to enc (MarshalToFunc).
	To func(enc *jsontext.Encoder, v reflect.Value) error
}

// Marshalers is a flattened list of caller-supplied marshal functions,
// in the order they are tried.
type Marshalers struct {
	List []Marshaler
}

// UnmarshalerFunc is one caller-supplied unmarshal function for values
// of Type (a pointer type: for values of its element type; or an
// interface type: for values whose pointer implements it). It is given a
// pointer to the value. Exactly one of Bytes and From is set.
type UnmarshalerFunc struct {
	Type reflect.Type
	// Bytes decodes the value's JSON text into ptr (UnmarshalFunc).
	Bytes func(data []byte, ptr reflect.Value) error
	// From reads the value from dec into ptr (UnmarshalFromFunc).
	From func(dec *jsontext.Decoder, ptr reflect.Value) error
}

// Unmarshalers is a flattened list of caller-supplied unmarshal
// functions, in the order they are tried.
type Unmarshalers struct {
	List  []UnmarshalerFunc
	cache sync.Map // reflect.Type -> []int
}

// For returns the indexes into u.List of the functions that apply when
// decoding into a value of type t, in order; nil when none does.
func (u *Unmarshalers) For(t reflect.Type) []int {
	if u == nil {
		return nil
	}
	if v, ok := u.cache.Load(t); ok {
		return v.([]int)
	}
	pt := reflect.PointerTo(t)
	var idx []int
	for i, f := range u.List {
		if f.Type == pt || f.Type.Kind() == reflect.Interface && pt.Implements(f.Type) {
			idx = append(idx, i)
		}
	}
	u.cache.Store(t, idx)
	return idx
}
