package json

import (
	"github.com/jetjson/jet/internal/jsonopts"
)

// Options hold settings for Marshal, MarshalWrite, MarshalEncode, their
// Unmarshal counterparts and the functions built on them. Each function
// in this package that returns Options sets one feature. The options of
// jet's jsontext package (github.com/jetjson/jet/jsontext) are accepted
// here as well, and these are accepted there; an option that has no
// bearing on an operation is skipped rather than rejected.
//
// Options are applied in the order given, so when a feature is set more
// than once the last setting wins. Passing no options gives the behavior
// of DefaultOptionsV2.
type Options = jsonopts.Options

func boolOption(flag jsonopts.Bools, v bool) Options {
	if v {
		return jsonopts.True(flag)
	}
	return flag
}

// DefaultOptionsV2 returns options that spell out the v2 behavior: every
// boolean option is false and no marshalers or unmarshalers are set.
// Using it has the same effect as passing no options. As in Go's package,
// it contains, each set to false, exactly those options whose default
// differs between v1 and v2, so GetOption reports those as present and
// all others as absent.
func DefaultOptionsV2() Options {
	return jsonopts.Bools(jsonopts.AllowDuplicateNames | jsonopts.AllowInvalidUTF8 |
		jsonopts.EscapeForHTML | jsonopts.EscapeForJS | jsonopts.PreserveRawStrings |
		jsonopts.Deterministic | jsonopts.FormatNilMapAsNull | jsonopts.FormatNilSliceAsNull |
		jsonopts.MatchCaseInsensitiveNames)
}

// StringifyNumbers, when true, writes values of Go's integer and
// floating-point kinds as JSON numbers wrapped in a JSON string ("42"
// instead of 42), and expects that form when reading them. Composite
// types are affected only through the numbers they contain.
//
// Marshaling and unmarshaling both honor it.
func StringifyNumbers(v bool) Options { return boolOption(jsonopts.StringifyNumbers, v) }

// Deterministic, when true, makes marshaling produce identical bytes for
// identical input: the members of Go maps are written in order of their
// names. The result is still not necessarily canonical JSON; for that see
// jsontext.Value.Canonicalize.
//
// Marshaling honors it; unmarshaling ignores it.
func Deterministic(v bool) Options { return boolOption(jsonopts.Deterministic, v) }

// FormatNilMapAsNull, when true, writes a nil Go map as JSON null; by
// default a nil map is written as an empty object, {}.
//
// Marshaling honors it; unmarshaling ignores it.
func FormatNilMapAsNull(v bool) Options { return boolOption(jsonopts.FormatNilMapAsNull, v) }

// FormatNilSliceAsNull, when true, writes a nil Go slice as JSON null; by
// default a nil slice is written as an empty array, [], or, for a []byte,
// as an empty string, "".
//
// Marshaling honors it; unmarshaling ignores it.
func FormatNilSliceAsNull(v bool) Options { return boolOption(jsonopts.FormatNilSliceAsNull, v) }

// OmitZeroStructFields, when true, leaves out of the output every struct
// field whose value is zero, as though each field carried the `omitzero`
// tag option.
//
// Marshaling honors it; unmarshaling ignores it.
func OmitZeroStructFields(v bool) Options { return boolOption(jsonopts.OmitZeroStructFields, v) }

// MatchCaseInsensitiveNames, when true, pairs JSON member names with Go
// struct fields without regard to letter case, and also disregards dashes
// and underscores, except for fields tagged with the `case:strict` option.
//
// Marshaling and unmarshaling both honor it.
func MatchCaseInsensitiveNames(v bool) Options {
	return boolOption(jsonopts.MatchCaseInsensitiveNames, v)
}

// RejectUnknownMembers, when true, makes unmarshaling into a Go struct
// fail on a JSON member that matches no field, unless the struct has a
// field that collects unknown members.
//
// Unmarshaling honors it; marshaling ignores it.
func RejectUnknownMembers(v bool) Options { return boolOption(jsonopts.RejectUnknownMembers, v) }

// WithMarshalers installs type-specific marshal functions. For the types
// they handle, they are used instead of the default encoding and instead
// of any marshal methods the types have.
//
// Marshaling honors it; unmarshaling ignores it.
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

// JoinOptions merges srcs into a single Options value. When several of
// them set the same property, the one that comes last wins.
func JoinOptions(srcs ...Options) Options {
	var s jsonopts.Struct
	s.Join(srcs...)
	return &s
}

// GetOption looks up the property that setter sets and returns its value
// in opts, along with whether opts sets it at all. For instance:
//
//	multi, ok := json.GetOption(opts, jsontext.Multiline)
//
// The usual reason to inspect options is to let a MarshalJSONTo or
// UnmarshalJSONFrom method, or a function made by MarshalToFunc or
// UnmarshalFromFunc, honor a setting that concerns the representation it
// produces or reads.
func GetOption[T any](opts Options, setter func(T) Options) (T, bool) {
	return jsonopts.Get(opts, setter)
}
