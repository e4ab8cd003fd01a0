package jet

import (
	"io"

	"github.com/jetjson/jet/decoder"
	"github.com/jetjson/jet/encoder"
	"github.com/jetjson/jet/internal/wire"
)

// Config chooses how a frozen API encodes and decodes. The zero Config is
// jet's fast default; see ConfigStd for encoding/json's exact behaviour.
type Config struct {
	// EscapeHTML escapes <, > and & in strings (encoding/json does).
	EscapeHTML bool
	// SortMapKeys writes map members sorted by key (encoding/json does).
	SortMapKeys bool
	// CompactMarshaler removes whitespace from MarshalJSON output
	// (encoding/json does).
	CompactMarshaler bool
	// NoQuoteTextMarshaler trusts MarshalText output to need no escaping.
	NoQuoteTextMarshaler bool
	// NoNullSliceOrMap encodes nil slices and maps as [] and {}.
	NoNullSliceOrMap bool
	// ValidateString makes invalid UTF-8 in a string an error, on encode
	// and decode, instead of replacing it with U+FFFD.
	ValidateString bool
	// NoValidateJSONMarshaler trusts MarshalJSON output to be valid JSON.
	NoValidateJSONMarshaler bool
	// NoEncoderNewline stops Encoder.Encode from ending values with a
	// newline.
	NoEncoderNewline bool
	// EncodeNullForInfOrNan encodes NaN and ±Inf as null instead of
	// failing.
	EncodeNullForInfOrNan bool
	// UseInt64 decodes integers into interfaces as int64.
	UseInt64 bool
	// UseNumber decodes numbers into interfaces as json.Number.
	UseNumber bool
	// DisallowUnknownFields makes object keys that match no struct field
	// an error.
	DisallowUnknownFields bool
	// CopyString copies decoded strings even when the input is a string
	// (UnmarshalFromString), where they are otherwise views of it, so
	// that keeping one does not keep the whole input alive. Strings
	// decoded from a []byte are always copies.
	CopyString bool
	// CaseSensitive matches object keys to struct fields exactly.
	CaseSensitive bool
	// UseUnicodeErrors makes a \u escape that is half of a surrogate
	// pair without the other half an error instead of U+FFFD (sonic's
	// option; see decoder.OptionUseUnicodeErrors).
	UseUnicodeErrors bool
	// NoValidateJSONSkip is sonic's option to skip unknown members
	// without checking their syntax. jet accepts it and checks them
	// anyway (see decoder.OptionNoValidateJSON).
	NoValidateJSONSkip bool
	// StdErrors returns encoding/json's own error types
	// (*json.SyntaxError, *json.UnmarshalTypeError, *json.MarshalerError,
	// ...), with their fields filled and their texts worded as
	// encoding/json's, instead of jet's *SyntaxError and
	// *MismatchTypeError (whose texts add the offset and the input around
	// it) and *encoder.MarshalerError. Describe places either kind in
	// the input.
	StdErrors bool
	// MaxDepth limits nesting when decoding (at most
	// decoder.MaxNesting, about a million); 0 means 10000, as in
	// encoding/json.
	MaxDepth int
}

// The presets.
var (
	// ConfigDefault is jet's everyday preset: no HTML escaping, map keys
	// in iteration order. Output is always valid JSON and invalid input
	// is always rejected. Strings decoded from a []byte are copied, into
	// blocks of 8 to 32 KB they share (one longer than 1 KB gets its own
	// memory), so they never change with the caller's buffer; decoded
	// from a string (UnmarshalFromString), they are views of it.
	ConfigDefault = Config{}.Froze()

	// ConfigStd behaves like encoding/json: byte-identical output (HTML
	// escaped, map keys sorted, MarshalJSON output compacted), the same
	// inputs accepted and rejected, every decoded string a copy, and
	// encoding/json's own error types and texts (StdErrors), from its
	// functions and from the Encoder and Decoder it makes.
	ConfigStd = Config{
		EscapeHTML:       true,
		SortMapKeys:      true,
		CompactMarshaler: true,
		CopyString:       true,
		StdErrors:        true,
	}.Froze()

	// ConfigFastest trades checks for speed: MarshalJSON and MarshalText
	// output are copied without checking or escaping. It decodes as
	// ConfigDefault does: it still rejects invalid input, and strings
	// decoded from a []byte are copies.
	ConfigFastest = Config{
		NoQuoteTextMarshaler:    true,
		NoValidateJSONMarshaler: true,
	}.Froze()
)

// API is a frozen Config: the encoding/json-shaped functions, with the
// Config's choices baked in. It is safe for concurrent use.
type API interface {
	// Marshal encodes v as JSON, as the Config directs.
	Marshal(v any) ([]byte, error)
	// MarshalToString is Marshal with the result as a string.
	MarshalToString(v any) (string, error)
	// MarshalIndent is Marshal with each element on its own line,
	// starting with prefix and one indent per level.
	MarshalIndent(v any, prefix, indent string) ([]byte, error)
	// Unmarshal decodes the JSON document data into v, a non-nil pointer.
	Unmarshal(data []byte, v any) error
	// UnmarshalFromString decodes the JSON document s into v.
	UnmarshalFromString(s string, v any) error
	// NewEncoder returns a stream encoder writing to w.
	NewEncoder(w io.Writer) *Encoder
	// NewDecoder returns a stream decoder reading from r.
	NewDecoder(r io.Reader) *Decoder
	// Valid reports whether data is one valid JSON document.
	Valid(data []byte) bool
}

// Froze returns the API for c.
func (c Config) Froze() API {
	f := &frozen{maxDepth: c.MaxDepth}
	flags := []struct {
		on  bool
		enc encoder.Options
		dec decoder.Options
	}{
		{c.EscapeHTML, encoder.EscapeHTML, 0},
		{c.SortMapKeys, encoder.SortMapKeys, 0},
		{c.CompactMarshaler, encoder.CompactMarshaler, 0},
		{c.NoQuoteTextMarshaler, encoder.NoQuoteTextMarshaler, 0},
		{c.NoNullSliceOrMap, encoder.NoNullSliceOrMap, 0},
		{c.ValidateString, encoder.ValidateString, decoder.OptionValidateString},
		{c.NoValidateJSONMarshaler, encoder.NoValidateJSONMarshaler, 0},
		{c.NoEncoderNewline, encoder.NoEncoderNewline, 0},
		{c.EncodeNullForInfOrNan, encoder.EncodeNullForInfOrNan, 0},
		{c.UseInt64, 0, decoder.OptionUseInt64},
		{c.UseNumber, 0, decoder.OptionUseNumber},
		{c.DisallowUnknownFields, 0, decoder.OptionDisallowUnknownFields},
		{c.CopyString, 0, decoder.OptionCopyString},
		{c.CaseSensitive, 0, decoder.OptionCaseSensitive},
		{c.UseUnicodeErrors, 0, decoder.OptionUseUnicodeErrors},
		{c.NoValidateJSONSkip, 0, decoder.OptionNoValidateJSON},
		{c.StdErrors, encoder.StdErrors, decoder.OptionStdErrors},
	}
	for _, fl := range flags {
		if fl.on {
			f.enc |= fl.enc
			f.dec |= fl.dec
		}
	}
	return f
}

type frozen struct {
	enc      encoder.Options
	dec      decoder.Options
	maxDepth int
}

func (f *frozen) Marshal(v any) ([]byte, error) {
	b, err := encoder.Encode(v, f.enc)
	if err != nil && f.enc&encoder.StdErrors != 0 {
		err = encoder.StdError(err)
	}
	return b, err
}

func (f *frozen) MarshalToString(v any) (string, error) {
	b, err := f.Marshal(v)
	return wire.StringOf(b), err
}

func (f *frozen) MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	b, err := encoder.EncodeIndented(v, prefix, indent, f.enc)
	if err != nil && f.enc&encoder.StdErrors != 0 {
		err = encoder.StdError(err)
	}
	return b, err
}

func (f *frozen) Unmarshal(data []byte, v any) error {
	return decoder.DecodeDepth(data, v, f.dec, f.maxDepth)
}

func (f *frozen) UnmarshalFromString(s string, v any) error {
	return decoder.DecodeStringDepth(s, v, f.dec, f.maxDepth)
}

func (f *frozen) NewEncoder(w io.Writer) *Encoder {
	return encoder.NewStreamEncoderOptions(w, f.enc)
}

func (f *frozen) NewDecoder(r io.Reader) *Decoder {
	return decoder.NewStreamDecoderOptions(r, f.dec, f.maxDepth)
}

func (f *frozen) Valid(data []byte) bool {
	return wire.Valid(wire.StringOf(data), wire.DefaultMaxDepth)
}
