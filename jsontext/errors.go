package jsontext

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jetjson/jet/internal/wire"
)

const errorPrefix = "jsontext: "

// ErrDuplicateName is the error when a token cannot be encoded or decoded
// because it would repeat a member name already present in the same JSON
// object. It appears as the Err field of a SyntacticError.
//
// The repeated name, and the object it was repeated in, can be recovered
// from the error's JSON Pointer:
//
//	var se *jsontext.SyntacticError
//	if errors.As(err, &se) && se.Err == jsontext.ErrDuplicateName {
//		dup := se.JSONPointer.LastToken() // the repeated name
//		obj := se.JSONPointer.Parent()    // the object holding it
//		...
//	}
//
// It never occurs when AllowDuplicateNames is true.
var ErrDuplicateName = errors.New("duplicate object member name")

// ErrNonStringName is the error when a token cannot be encoded or decoded
// as an object member name because it is not a string; RFC 8259, section
// 4, allows only strings as names. It appears as the Err field of a
// SyntacticError.
var ErrNonStringName = errors.New("object member name must be a string")

// The other errors the grammar reports, wrapped in a SyntacticError.
var (
	errMissingValue     = errors.New("missing value after object name")
	errMismatchDelim    = errors.New("mismatching structural token for object or array")
	errMaxDepth         = errors.New(wire.CtxMaxDepth)
	errInvalidNamespace = errors.New("object namespace is in an invalid state")
	errInvalidUTF8      = errors.New("invalid UTF-8")
	errInvalidToken     = errors.New("invalid jsontext.Token")

	errBufferWriteAfterNext = errors.New("invalid bytes.Buffer.Write call after calling bytes.Buffer.Next")
)

// Where an unexpected character was found, as the messages say it: the
// syntax layer's part of wire's table of messages. Every error about the
// text is one of the errors above or an invalid character, escape
// sequence or surrogate pair at one of these places.
const (
	whereStartValue    = wire.WhereStartValue
	whereAfterName     = wire.WhereAfterName
	whereAfterValue    = wire.WhereAfterValue
	whereAfterElement  = wire.WhereAfterElement
	whereAfterElement2 = wire.WhereAfterElement2
	whereAfterTop      = wire.WhereAfterTop
	whereStartString   = wire.WhereStartString
	whereInString      = wire.WhereInString
	whereAfterString   = wire.WhereAfterString
	whereInNumber      = wire.WhereInNumber
	whereInEscape      = wire.WhereInEscape
)

// whereInLiteral is the place for a wrong byte in the literal lit at the
// byte at index i.
func whereInLiteral(lit string, i int) string { return wire.CtxInLiteral(lit, i) }

// invalidTextError is an invalid character, escape sequence or surrogate
// pair in the text, with where it was found.
type invalidTextError struct {
	label string // "character", "escape sequence" or "surrogate pair"
	what  string // the text
	where string
}

// InvalidText returns the error's parts: the label ("character", "escape
// sequence" or "surrogate pair"), the text found and where it was found.
// jet's readers of encoding/json's dialect word their errors from them.
func (e *invalidTextError) InvalidText() (label, what, where string) {
	return e.label, e.what, e.where
}

func (e *invalidTextError) Error() string {
	var what string
	switch {
	case utf8.RuneCountInString(e.what) == 1:
		what = quoteRune([]byte(e.what))
	case strings.ContainsFunc(e.what, func(r rune) bool {
		return r == '`' || r == utf8.RuneError || unicode.IsSpace(r) || !unicode.IsPrint(r)
	}):
		what = strconv.Quote(e.what)
	default:
		what = "`" + e.what + "`"
	}
	return strings.TrimSuffix("invalid "+e.label+" "+what+" "+e.where, " ")
}

// invalidChar reports the character that starts b as unexpected where it
// was found.
func invalidChar(b []byte, where string) error {
	_, n := utf8.DecodeRune(b)
	return &invalidTextError{"character", string(b[:n]), where}
}

// invalidEscape reports an invalid escape sequence (or, when it is longer
// than one escape, an invalid surrogate pair) in a string.
func invalidEscape(b []byte) error {
	if len(b) > len(`\uXXXX`) {
		return &invalidTextError{"surrogate pair", string(b), whereInEscape}
	}
	return &invalidTextError{"escape sequence", string(b), whereInEscape}
}

// quoteRune quotes the first rune of b, or its first byte in \x form when
// b does not start with valid UTF-8.
func quoteRune(b []byte) string {
	r, n := utf8.DecodeRune(b)
	if r == utf8.RuneError && n == 1 {
		return `'\x` + strconv.FormatUint(uint64(b[0]), 16) + `'`
	}
	return strconv.QuoteRune(r)
}

// SyntacticError reports JSON text that breaks the grammar, found while
// encoding or decoding.
//
// Its exact contents, as this package fills them in, are not part of the
// API and may change in later versions.
type SyntacticError struct {
	_ [0]func() // not comparable
	_ struct{}  // use keyed literals

	// ByteOffset is the offset in the input or output at
	// which, or somewhere after which, the problem lies.
	ByteOffset int64
	// JSONPointer locates, in RFC 6901 notation, the JSON
	// value inside which the problem lies.
	JSONPointer Pointer

	// Err is the cause, such as ErrDuplicateName.
	Err error
}

// Error returns the error's message.
func (e *SyntacticError) Error() string {
	ptr, off := e.JSONPointer, e.ByteOffset
	b := []byte(errorPrefix)
	if e.Err != nil {
		b = append(b, e.Err.Error()...)
		if e.Err == ErrDuplicateName {
			b = strconv.AppendQuote(append(b, ' '), ptr.LastToken())
			ptr, off = ptr.Parent(), 0
		}
	} else {
		b = append(b, "syntactic error"...)
	}
	if ptr != "" {
		b = strconv.AppendQuote(append(b, " within "...), wire.TruncatePointer(string(ptr), 100))
	}
	if off > 0 {
		b = strconv.AppendInt(append(b, " after offset "...), off, 10)
	}
	return string(b)
}

// Unwrap returns e.Err, so that errors.Is and errors.As see the cause.
func (e *SyntacticError) Unwrap() error { return e.Err }

func badRune(r rune, n int) bool { return r == utf8.RuneError && n == 1 }

// ioError is an error from the underlying io.Reader or io.Writer. It is
// returned as it is, never inside a SyntacticError.
type ioError struct {
	action string // "read" or "write"
	err    error
}

func (e *ioError) Error() string { return errorPrefix + e.action + " error: " + e.err.Error() }
func (e *ioError) Unwrap() error { return e.err }

// numError is the error of Token's number accessors.
type numError struct {
	accessor string // "Int", "Uint" or "Float"
	value    string
	err      error // strconv.ErrSyntax or strconv.ErrRange
}

func (e *numError) Error() string {
	return "jsontext.Token(" + e.value + ")." + e.accessor + " error: " + e.err.Error()
}
func (e *numError) Unwrap() error { return e.err }

// pathError carries the path from where an error was found inside a value
// up to the value being read or written: object names and array indices,
// innermost first, added as the error returns through each container.
type pathError struct {
	error
	rev []byte // reference tokens, each with its '/', innermost first
}

// inMember adds the member whose quoted name is quoted to err's path.
func inMember(err error, quoted []byte) error {
	pe, _ := err.(*pathError)
	if pe == nil {
		pe = &pathError{error: err}
	}
	name := appendUnquotedValid(nil, quoted)
	pe.rev = appendPointerToken(append(pe.rev, '/'), name)
	return pe
}

// inElement adds the array element at index i to err's path.
func inElement(err error, i int64) error {
	pe, _ := err.(*pathError)
	if pe == nil {
		pe = &pathError{error: err}
	}
	pe.rev = strconv.AppendInt(append(pe.rev, '/'), i, 10)
	return pe
}

// appendTo appends the path, outermost first, to the pointer ptr.
func (e *pathError) appendTo(ptr []byte) []byte {
	rev := e.rev
	for len(rev) > 0 {
		i := bytes.LastIndexByte(rev, '/')
		ptr = append(ptr, rev[i:]...)
		rev = rev[:i]
	}
	return ptr
}

// isEOF reports whether err means that the input ended too early.
func isEOF(err error) bool {
	if pe, ok := err.(*pathError); ok {
		err = pe.error
	}
	return err == io.ErrUnexpectedEOF
}
