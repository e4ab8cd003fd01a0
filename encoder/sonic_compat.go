package encoder

// This file holds the names that programs written against sonic's
// encoder package (github.com/bytedance/sonic/encoder) use and jet's own
// API does not: with them, such a program compiles against jet once its
// import paths change. The README lists where jet behaves differently on
// purpose.

import (
	"reflect"
	"unicode/utf8"

	"github.com/jetjson/jet/internal/syntaxv1"
	"github.com/jetjson/jet/internal/wire"
	"github.com/jetjson/jet/option"
)

// EnableFallback is sonic's report of whether its encoder falls back to
// encoding/json; jet never does.
const EnableFallback = false

// CompatibleWithStd is sonic's name for the options that make the output
// encoding/json's: sorted map keys, HTML escaping, compacted MarshalJSON
// output.
const CompatibleWithStd = SortMapKeys | EscapeHTML | CompactMarshaler

// Encoder is sonic's encoder.Encoder: a set of options and an indent,
// with methods that encode one value into a new slice.
type Encoder struct {
	// Opts are the options Encode uses.
	Opts   Options
	prefix string
	indent string
}

// Encode returns the JSON encoding of v with the encoder's options,
// indented when SetIndent asked for it.
func (e *Encoder) Encode(v any) ([]byte, error) {
	if e.prefix != "" || e.indent != "" {
		return EncodeIndented(v, e.prefix, e.indent, e.Opts)
	}
	return Encode(v, e.Opts)
}

// SortKeys sets SortMapKeys and returns e.
func (e *Encoder) SortKeys() *Encoder {
	e.Opts |= SortMapKeys
	return e
}

// SetIndent makes Encode indent as EncodeIndented does; empty prefix and
// indent turn indentation off.
func (e *Encoder) SetIndent(prefix, indent string) { e.prefix, e.indent = prefix, indent }

func (e *Encoder) set(o Options, on bool) {
	if on {
		e.Opts |= o
	} else {
		e.Opts &^= o
	}
}

// SetEscapeHTML turns EscapeHTML on or off.
func (e *Encoder) SetEscapeHTML(on bool) { e.set(EscapeHTML, on) }

// SetValidateString turns ValidateString on or off.
func (e *Encoder) SetValidateString(on bool) { e.set(ValidateString, on) }

// SetNoValidateJSONMarshaler turns NoValidateJSONMarshaler on or off.
func (e *Encoder) SetNoValidateJSONMarshaler(on bool) { e.set(NoValidateJSONMarshaler, on) }

// SetNoEncoderNewline turns NoEncoderNewline on or off (it matters only
// to a StreamEncoder).
func (e *Encoder) SetNoEncoderNewline(on bool) { e.set(NoEncoderNewline, on) }

// SetCompactMarshaler turns CompactMarshaler on or off.
func (e *Encoder) SetCompactMarshaler(on bool) { e.set(CompactMarshaler, on) }

// SetNoQuoteTextMarshaler turns NoQuoteTextMarshaler on or off.
func (e *Encoder) SetNoQuoteTextMarshaler(on bool) { e.set(NoQuoteTextMarshaler, on) }

// Quote returns s as a JSON string, as sonic's Quote writes it: '"' and
// '\\' escaped, \n \r and \t by name, the other control characters as
// \u00XX (\b and \f too), and every other character as it is, '<', '>',
// '&', U+2028 and U+2029 included. Unlike sonic's, which copies invalid
// UTF-8 as it is, each byte of invalid UTF-8 becomes U+FFFD, so the result
// is always valid JSON.
func Quote(s string) string {
	b := make([]byte, 0, len(s)+2)
	b = append(b, '"')
	last := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				b = append(b, s[last:i]...)
				b = utf8.AppendRune(b, utf8.RuneError)
				last = i + 1
			}
			i += size
			continue
		}
		if c >= 0x20 && c != '"' && c != '\\' {
			i++
			continue
		}
		b = append(b, s[last:i]...)
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		default:
			const hex = "0123456789abcdef"
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		}
		i++
		last = i
	}
	b = append(b, s[last:]...)
	return wire.StringOf(append(b, '"'))
}

// Valid reports whether data is exactly one JSON value (surrounded by
// whitespace or nothing), checked as encoding/json checks it, and where:
// for valid data, the index of the value's first byte; otherwise the
// index of the first wrong byte (len(data) when data ends too early).
func Valid(data []byte) (ok bool, start int) {
	s := wire.StringOf(data)
	if wire.Valid(s, wire.DefaultMaxDepth) {
		return true, wire.SkipSpace(s, 0)
	}
	err := syntaxv1.Validate(s, wire.DefaultMaxDepth)
	if err == nil || err.IsEOF() {
		return false, len(s)
	}
	// Offset counts the bytes read, the wrong one included.
	return false, int(err.Offset) - 1
}

// HTMLEscape appends src to dst with <, >, &, U+2028 and U+2029 in
// strings escaped as \u003c, \u003e, \u0026, \u2028 and \u2029, as
// encoding/json's HTMLEscape does, and returns the extended slice.
func HTMLEscape(dst []byte, src []byte) []byte {
	return wire.AppendHTMLEscaped(dst, wire.StringOf(src))
}

// PretouchMany compiles the encoders of every type in vts ahead of their
// first use (see Pretouch).
func PretouchMany(vts []reflect.Type, opts ...option.CompileOption) error {
	if _, err := option.Resolve(opts...); err != nil {
		return err
	}
	for _, t := range vts {
		if t == nil {
			continue
		}
		if err := Pretouch(t); err != nil {
			return err
		}
	}
	return nil
}
