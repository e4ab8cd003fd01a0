package json

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/jetjson/jet/internal/v2api"
	"github.com/jetjson/jet/internal/wire"
	"github.com/jetjson/jet/jsontext"
)

// ErrUnknownName is the error when unmarshaling meets a JSON object
// member whose name matches no field of the Go struct being filled. It
// appears as the Err field of a SemanticError.
//
// The offending name, and the object it was found in, can be recovered
// from the error's JSON Pointer:
//
//	if se, ok := errors.AsType[*json.SemanticError](err); ok && se.Err == json.ErrUnknownName {
//		unknown := se.JSONPointer.LastToken() // the name with no field
//		obj := se.JSONPointer.Parent()        // the object holding it
//		...
//	}
//
// It occurs only when RejectUnknownMembers is true.
var ErrUnknownName = v2api.ErrUnknownName

// SemanticError reports a failure to convert between JSON data and a Go
// value, in either direction, that is not a matter of JSON syntax.
//
// When a Marshaler or MarshalerTo method, or a function installed with
// WithMarshalers, returns a SemanticError, the package fills in whichever
// of its ByteOffset, JSONPointer and GoType fields were left zero, from
// what it knows about where the call happened.
//
// Its exact contents, as this package fills them in, are not part of the
// API and may change in later versions.
type SemanticError struct {
	_ [0]func() // not comparable
	_ struct{}  // use keyed literals

	action string // "marshal" or "unmarshal"

	// ByteOffset is the offset in the input or output at
	// which, or somewhere after which, the problem lies.
	ByteOffset int64
	// JSONPointer locates, in RFC 6901 notation, the JSON
	// value inside which the problem lies.
	JSONPointer jsontext.Pointer

	// JSONKind is the kind of JSON the conversion failed
	// for, or zero when that is not known.
	JSONKind jsontext.Kind
	// JSONValue is, when unmarshaling, the JSON number or
	// string whose conversion failed. It is nil when
	// marshaling, and when it does not apply or is not known.
	JSONValue jsontext.Value
	// GoType is the Go type the conversion failed for, or nil
	// when that is not known.
	GoType reflect.Type

	// Err is the cause, such as ErrUnknownName; it may be
	// nil.
	Err error
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

// Unwrap returns e.Err, so that errors.Is and errors.As see the cause.
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
