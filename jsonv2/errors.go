package json

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/jetjson/jet/internal/v2api"
	"github.com/jetjson/jet/internal/wire"
	"github.com/jetjson/jet/jsontext"
)

// ErrUnknownName indicates that a JSON object member could not be
// unmarshaled because the name is not known to the target Go struct.
// This error is directly wrapped within a SemanticError when produced.
//
// The name of an unknown JSON object member can be extracted as:
//
//	err := ...
//	if serr, ok := errors.AsType[*json.SemanticError](err); ok && serr.Err == json.ErrUnknownName {
//		ptr := serr.JSONPointer // JSON pointer to unknown name
//		name := ptr.LastToken() // unknown name itself
//		...
//	}
//
// This error is only returned if RejectUnknownMembers is true.
var ErrUnknownName = v2api.ErrUnknownName

// SemanticError describes an error determining the meaning of JSON data
// as Go data, or vice versa.
//
// If a Marshaler or MarshalerTo method (or a function given to
// WithMarshalers) returns a SemanticError, the ByteOffset, JSONPointer
// and GoType fields it leaves zero are filled in by the calling context.
//
// The contents of this error as produced by this package may change over
// time.
type SemanticError struct {
	_ [0]func() // not comparable
	_ struct{}  // use keyed literals

	action string // "marshal" or "unmarshal"

	// ByteOffset indicates that an error occurred at or after this byte
	// offset.
	ByteOffset int64
	// JSONPointer indicates that an error occurred within this JSON value
	// as indicated using the JSON Pointer notation (see RFC 6901).
	JSONPointer jsontext.Pointer

	// JSONKind is the JSON kind that could not be handled.
	JSONKind jsontext.Kind // may be zero if unknown
	// JSONValue is the JSON number or string that could not be
	// unmarshaled. It is not populated during marshaling.
	JSONValue jsontext.Value // may be nil if irrelevant or unknown
	// GoType is the Go type that could not be handled.
	GoType reflect.Type // may be nil if unknown

	// Err is the underlying error.
	Err error // may be nil
}

// Error returns the error's message: what could not be done, for which
// JSON kind and Go type, where, and why.
func (e *SemanticError) Error() string {
	var sb strings.Builder
	sb.WriteString("json: cannot")
	var prep string
	switch e.action {
	case "marshal":
		sb.WriteString(" marshal")
		prep = " from"
	case "unmarshal":
		sb.WriteString(" unmarshal")
		prep = " into"
	default:
		sb.WriteString(" handle")
		prep = " with"
	}
	switch e.JSONKind {
	case 'n':
		sb.WriteString(" JSON null")
	case 'f', 't':
		sb.WriteString(" JSON boolean")
	case '"':
		sb.WriteString(" JSON string")
	case '0':
		sb.WriteString(" JSON number")
	case '{', '}':
		sb.WriteString(" JSON object")
	case '[', ']':
		sb.WriteString(" JSON array")
	default:
		if e.action == "" {
			prep = ""
		}
	}
	if len(e.JSONValue) > 0 && len(e.JSONValue) < 100 {
		sb.WriteByte(' ')
		sb.Write(e.JSONValue)
	}
	if e.GoType != nil {
		name := e.GoType.String()
		if len(name) > 100 {
			// Most likely a long anonymous struct: its kind says enough,
			// after the name of the package of its first unexported
			// field, if it has one (as Go's v2 words it).
			name = e.GoType.Kind().String()
			if e.GoType.Kind() == reflect.Struct && e.GoType.Name() == "" {
				for i := range e.GoType.NumField() {
					if pkg := e.GoType.Field(i).PkgPath; pkg != "" {
						name = pkg[strings.LastIndexByte(pkg, '/')+1:] + ".struct"
						break
					}
				}
			}
		}
		sb.WriteString(prep + " Go " + name)
	}
	if e.Err == ErrUnknownName || e.Err == v2api.ErrAmbiguousName {
		sb.WriteString(": " + e.Err.Error() + " " + strconv.Quote(e.JSONPointer.LastToken()))
		if parent := e.JSONPointer.Parent(); parent != "" {
			sb.WriteString(" within " + strconv.Quote(wire.TruncatePointer(string(parent), 100)))
		}
		return sb.String()
	}
	serr, _ := e.Err.(*jsontext.SyntacticError)
	switch {
	case e.JSONPointer != "":
		if serr == nil || !e.JSONPointer.Contains(serr.JSONPointer) {
			sb.WriteString(" within " + strconv.Quote(wire.TruncatePointer(string(e.JSONPointer), 100)))
		}
	case e.ByteOffset > 0:
		if serr == nil || e.ByteOffset > serr.ByteOffset {
			sb.WriteString(" after offset " + strconv.FormatInt(e.ByteOffset, 10))
		}
	}
	if e.Err != nil {
		msg := e.Err.Error()
		if serr != nil {
			msg = strings.TrimPrefix(msg, "jsontext: ")
		}
		sb.WriteString(": " + msg)
	}
	return sb.String()
}

// Unwrap returns the underlying error.
func (e *SemanticError) Unwrap() error { return e.Err }

// publicError turns the encoder's and decoder's form of a semantic error
// into a SemanticError, filling in a caller's SemanticError (returned by
// a method or function) where it left fields zero.
func publicError(err error) error {
	ie, ok := err.(*v2api.Error)
	if !ok {
		return err
	}
	if inner, ok := ie.Err.(*SemanticError); ok {
		switch ie.Mode {
		case v2api.Collapse:
			inner.ByteOffset += ie.ByteOffset
			inner.JSONPointer = ie.JSONPointer + inner.JSONPointer
			return inner
		case v2api.Text:
			return inner
		}
		if inner.action == "" {
			inner.action = ie.Action
		}
		if inner.ByteOffset == 0 {
			inner.ByteOffset = ie.ByteOffset
		}
		if inner.JSONPointer == "" {
			inner.JSONPointer = ie.JSONPointer
		}
		if inner.GoType == nil {
			inner.GoType = ie.GoType
		}
		return inner
	}
	return &SemanticError{
		action:      ie.Action,
		ByteOffset:  ie.ByteOffset,
		JSONPointer: ie.JSONPointer,
		JSONKind:    ie.Kind,
		JSONValue:   ie.Value,
		GoType:      ie.GoType,
		Err:         ie.Err,
	}
}
