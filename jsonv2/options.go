package json

import (
	"github.com/jetjson/jet/internal/jsonopts"
)

// Options configure Marshal, MarshalWrite, MarshalEncode and the
// functions that use them, with specific features. Each function that
// returns Options configures one feature. Options of jsontext
// (jet's github.com/jetjson/jet/jsontext) may be passed here too, and
// the other way round; an option that does not apply to an operation is
// ignored.
//
// Options are joined in order: when one feature is given more than once,
// the last one wins. The zero options are DefaultOptionsV2's.
type Options = jsonopts.Options

func boolOption(flag jsonopts.Bools, v bool) Options {
	if v {
		return jsonopts.True(flag)
	}
	return flag
}

// DefaultOptionsV2 is the full set of all options that define v2
// semantics: every boolean option false, and no marshalers or
// unmarshalers. It is equivalent to passing no options at all. As Go's,
// it holds (as false) the options whose default differs between v1 and
// v2, so that GetOption reports those present and no others.
func DefaultOptionsV2() Options {
	return jsonopts.Bools(jsonopts.AllowDuplicateNames | jsonopts.AllowInvalidUTF8 |
		jsonopts.EscapeForHTML | jsonopts.EscapeForJS | jsonopts.PreserveRawStrings |
		jsonopts.Deterministic | jsonopts.FormatNilMapAsNull | jsonopts.FormatNilSliceAsNull |
		jsonopts.MatchCaseInsensitiveNames)
}

// StringifyNumbers specifies that numeric Go types be encoded as a JSON
// number within a JSON string (for example, "123" rather than 123), and
// decoded likewise. It applies to the Go integer and floating-point
// kinds; composite types holding them are affected only through their
// elements.
//
// This affects either marshaling or unmarshaling.
func StringifyNumbers(v bool) Options { return boolOption(jsonopts.StringifyNumbers, v) }

// Deterministic specifies that the same input value is marshaled as the
// same output bytes: Go maps are written with their members sorted by
// name. It does not make the output canonical (see
// jsontext.Value.Canonicalize).
//
// This only affects marshaling and is ignored when unmarshaling.
func Deterministic(v bool) Options { return boolOption(jsonopts.Deterministic, v) }

// FormatNilMapAsNull specifies that a nil Go map is marshaled as a JSON
// null instead of the default representation as an empty JSON object.
//
// This only affects marshaling and is ignored when unmarshaling.
func FormatNilMapAsNull(v bool) Options { return boolOption(jsonopts.FormatNilMapAsNull, v) }

// FormatNilSliceAsNull specifies that a nil Go slice is marshaled as a
// JSON null instead of the default representation as an empty JSON
// array (or an empty JSON string for a []byte).
//
// This only affects marshaling and is ignored when unmarshaling.
func FormatNilSliceAsNull(v bool) Options { return boolOption(jsonopts.FormatNilSliceAsNull, v) }

// OmitZeroStructFields specifies that a Go struct field is omitted from
// the output when its value is zero, as if every field had the
// `omitzero` tag option.
//
// This only affects marshaling and is ignored when unmarshaling.
func OmitZeroStructFields(v bool) Options { return boolOption(jsonopts.OmitZeroStructFields, v) }

// MatchCaseInsensitiveNames specifies that JSON object members match Go
// struct fields by a case-insensitive comparison of names (ignoring
// dashes and underscores too), unless a field has the `case:strict` tag
// option.
//
// This affects either marshaling or unmarshaling.
func MatchCaseInsensitiveNames(v bool) Options {
	return boolOption(jsonopts.MatchCaseInsensitiveNames, v)
}

// RejectUnknownMembers specifies that an unknown JSON object member is
// an error when unmarshaling into a Go struct without a field to hold
// unknown members.
//
// This only affects unmarshaling and is ignored when marshaling.
func RejectUnknownMembers(v bool) Options { return boolOption(jsonopts.RejectUnknownMembers, v) }

// WithMarshalers specifies a list of type-specific marshalers to use,
// which take precedence over the default behaviour (and over methods) for
// the types they handle.
//
// This only affects marshaling and is ignored when unmarshaling.
func WithMarshalers(v *Marshalers) Options { return (*marshalersOption)(v) }

// marshalersOption is the option WithMarshalers makes.
type marshalersOption Marshalers

// JSONOptions marks marshalersOption as Options.
func (*marshalersOption) JSONOptions(jsonopts.NotForPublicUse) {}

// JoinInto records the marshalers in s.
func (o *marshalersOption) JoinInto(s *jsonopts.Struct) {
	s.Flags.Set(jsonopts.True(jsonopts.Marshalers))
	s.Marshalers = (*Marshalers)(o)
}

// JoinOptions coalesces the provided list of options into a single
// Options. Properties set in later options override the value of
// previously set properties.
func JoinOptions(srcs ...Options) Options {
	var s jsonopts.Struct
	s.Join(srcs...)
	return &s
}

// GetOption returns the value stored in opts with the provided setter,
// reporting whether the value is present.
//
// Example usage:
//
//	v, ok := json.GetOption(opts, json.Deterministic)
//
// Options are most commonly introspected to alter the JSON
// representation of a MarshalerTo.MarshalJSONTo or
// UnmarshalerFrom.UnmarshalJSONFrom method, or of a MarshalToFunc or
// UnmarshalFromFunc function; it lets them honour an option that applies
// to them.
func GetOption[T any](opts Options, setter func(T) Options) (T, bool) {
	return jsonopts.Get(opts, setter)
}
