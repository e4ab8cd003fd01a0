//go:build go1.27 && goexperiment.jsonv2

package decoder

// With Go 1.27, a type may unmarshal itself with an UnmarshalJSONFrom
// method taking the standard library's *jsontext.Decoder (written for
// encoding/json/v2): v2 calls it too, on a standard Decoder that reads
// the value's text.

import (
	stdjsontext "encoding/json/jsontext"
	stdjson "encoding/json/v2"
	"errors"
	"reflect"
	"strings"
	"unsafe"

	"github.com/jetjson/jet/internal/jsonopts"
	"github.com/jetjson/jet/jsontext"
)

// stdUnmarshalerFromType is encoding/json/v2's UnmarshalerFrom.
var stdUnmarshalerFromType = reflect.TypeFor[stdjson.UnmarshalerFrom]()

func init() {
	stdFromCaller = stdFromCallerOf
}

func stdFromCallerOf(t reflect.Type) fromCaller {
	if !reflect.PointerTo(t).Implements(stdUnmarshalerFromType) {
		return nil
	}
	return func(d *state, p unsafe.Pointer, raw string, start int, cut bool) error {
		m := reflect.NewAt(t, p).Interface().(stdjson.UnmarshalerFrom)
		x := d.v2
		if x.blankInput() {
			return d.truncated()
		}
		if x.stdShadow == nil {
			x.stdShadow = stdjsontext.NewDecoder(x.shadowReader(), stdOptionsOf(x.opts))
		}
		if sh, ok := d.shadowAt(stdFromDecoder{x.stdShadow.(*stdjsontext.Decoder)}, &x.stdShadowBroken, start); ok {
			// Go's own Decoder, positioned before the value and knowing
			// where it is, as Go's v2 passes it.
			err := m.UnmarshalJSONFrom(x.stdShadow.(*stdjsontext.Decoder))
			if reflect.TypeOf(err) == stdIOErrorType {
				// The reader's failure, which Go's v2 reports as it is.
				return d.syntaxAt(jetIOError(errors.Unwrap(err)))
			}
			if se, ok := err.(*stdjsontext.SyntacticError); ok {
				// Met where Go's call meets it, within the value or not,
				// and placed from the top: Go's v2 reports it as it is.
				return d.syntaxAt(jetSyntacticError(se, 0, string(se.JSONPointer)))
			}
			return d.fromResult(start, raw, cut, t, err, sh)
		}
		dec := stdjsontext.NewDecoder(strings.NewReader(raw), stdOptionsOf(d.v2.opts))
		err := m.UnmarshalJSONFrom(dec)
		if se, ok := err.(*stdjsontext.SyntacticError); ok && !cut {
			// The standard Decoder's error, placed from the top as jet's.
			return jetSyntacticError(se, int64(start), string(se.JSONPointer))
		}
		if _, ok := err.(*stdjsontext.SyntacticError); ok {
			return d.truncated()
		}
		return d.fromResult(start, raw, cut, t, err, stdFromDecoder{dec})
	}
}

// jetSyntacticError is the standard library's syntax error se as jet's,
// moved by off, with pointer ptr; its cause is jet's where it is one of
// the standard library's jsontext errors, which Error words apart.
func jetSyntacticError(se *stdjsontext.SyntacticError, off int64, ptr string) *jsontext.SyntacticError {
	err := se.Err
	switch err {
	case stdjsontext.ErrDuplicateName:
		err = jsontext.ErrDuplicateName
	case stdjsontext.ErrNonStringName:
		err = jsontext.ErrNonStringName
	}
	return &jsontext.SyntacticError{ByteOffset: se.ByteOffset + off, JSONPointer: jsontext.Pointer(ptr), Err: err}
}

// stdIOErrorType is the type of the error the standard library's Decoder
// returns for a reader's failure.
var stdIOErrorType = func() reflect.Type {
	_, err := stdjsontext.NewDecoder(failingReader{errors.ErrUnsupported}).ReadToken()
	return reflect.TypeOf(err)
}()

// stdOptionsOf are the options of a jet decoding as the standard
// library spells them, for the method to read (GetOption) and the
// Decoder to honour.
func stdOptionsOf(o *jsonopts.Struct) stdjson.Options {
	f := o.Flags
	var opts []stdjson.Options
	for _, b := range []struct {
		flag jsonopts.Bools
		opt  func(bool) stdjson.Options
	}{
		{jsonopts.AllowDuplicateNames, stdjsontext.AllowDuplicateNames},
		{jsonopts.AllowInvalidUTF8, stdjsontext.AllowInvalidUTF8},
		{jsonopts.StringifyNumbers, stdjson.StringifyNumbers},
		{jsonopts.MatchCaseInsensitiveNames, stdjson.MatchCaseInsensitiveNames},
		{jsonopts.RejectUnknownMembers, stdjson.RejectUnknownMembers},
	} {
		if f.Has(b.flag) {
			opts = append(opts, b.opt(f.Get(b.flag)))
		}
	}
	return stdjson.JoinOptions(opts...)
}

// stdFromDecoder is the standard library's Decoder as a fromDecoder and
// a tokenStream.
type stdFromDecoder struct{ *stdjsontext.Decoder }

func (s stdFromDecoder) stackIndex(i int) (byte, int64) {
	k, n := s.StackIndex(i)
	return byte(k), n
}

func (s stdFromDecoder) stackPointer() string { return string(s.StackPointer()) }

func (s stdFromDecoder) skipToken() error {
	_, err := s.ReadToken()
	return err
}
