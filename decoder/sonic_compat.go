package decoder

// This file holds the names that programs written against sonic's
// decoder package (github.com/bytedance/sonic/decoder) use and jet's own
// API does not: with them, such a program compiles against jet once its
// import paths change. The README lists where jet behaves differently on
// purpose.
//
// Syntax errors: sonic's SyntaxError is a value (Pos, Src, Code, Msg),
// jet's a pointer (*jet.SyntaxError, with encoding/json's Offset). The
// entry points only sonic has (Decoder, CheckTrailings, the stream
// decoders of NewStreamDecoder) return sonic's value, so that a ported
// program's err.(decoder.SyntaxError) works; the entry points jet's root
// package calls keep jet's pointer, so that jet's own API does not
// change. errors.As finds the value as the pointer too.

import (
	"encoding/json"
	"reflect"
	"strings"
	"unsafe"

	"github.com/jetjson/jet/internal/sonicerr"
	"github.com/jetjson/jet/internal/syntaxv1"
	"github.com/jetjson/jet/internal/wire"
	"github.com/jetjson/jet/option"
)

// SyntaxError is sonic's syntax error (this package follows sonic's
// decoder package): a value, not a pointer, so that a program ported
// from sonic finds it with err.(decoder.SyntaxError). Its fields:
//
//	Pos  int          // index in Src of the offending byte (len(Src): input ended too early)
//	Src  string       // the input (for a StreamDecoder, the text of the value read)
//	Code ParsingError // sonic's error code (ast.ParsingError): 1 eof, 2 invalid char, ...
//	Msg  string       // encoding/json's wording of the error, which Message returns
//
// Error returns Description quoted on one line, as sonic's does;
// Description is "Syntax error at index N: message", then the input
// around Pos with a caret under it. errors.As finds it as a
// *jet.SyntaxError and as a *json.SyntaxError too.
//
// The sonic-compatible entry points return it: Decoder.Decode,
// Decoder.CheckTrailings, and Decode of a StreamDecoder made by
// NewStreamDecoder (sonic's constructor). jet's own entry points keep
// jet's error, a *jet.SyntaxError (with an Offset counted as
// encoding/json counts, a Pos method and a window of the input rather
// than all of it): Decode, DecodeString and their Depth forms, which
// jet.Unmarshal calls, and StreamDecoders made by
// NewStreamDecoderOptions, as jet.NewDecoder and the Config presets make
// them. With OptionStdErrors every entry point returns encoding/json's
// *json.SyntaxError instead. The README's sonic section says why.
type SyntaxError = sonicerr.SyntaxError

var sonicSyntaxErrorType = reflect.TypeOf(SyntaxError{})

// sonicError returns sonic's form of a syntax error found in src (whose
// first byte is at offset base of the input err counts in); other errors
// are returned as they are.
func sonicError(err error, src string, base int64) error {
	if se, ok := err.(*wire.SyntaxError); ok {
		return sonicerr.FromWire(se, src, base)
	}
	return err
}

// sonic's option names. The two new bits sit high, apart from jet's own
// options.
const (
	// OptionDisableUnknown is sonic's name for
	// OptionDisallowUnknownFields.
	OptionDisableUnknown = OptionDisallowUnknownFields

	// OptionUseUnicodeErrors makes a \u escape that is half of a UTF-16
	// surrogate pair without the other half an error (a SyntaxError at
	// the escape), instead of decoding it as U+FFFD. jet checks every
	// string of the value's text, including those of skipped members and
	// of json.RawMessage values, where sonic checks only the strings it
	// decodes.
	OptionUseUnicodeErrors Options = 1 << 24

	// OptionNoValidateJSON is sonic's option to skip unknown members and
	// raw values without checking their syntax. jet accepts it and checks
	// them anyway, so that invalid JSON is an error whatever the options
	// (see the README).
	OptionNoValidateJSON Options = 1 << 25
)

// UseUnicodeErrors sets OptionUseUnicodeErrors.
func (dec *Decoder) UseUnicodeErrors() { dec.opts |= OptionUseUnicodeErrors }

// UseUnicodeErrors sets OptionUseUnicodeErrors.
func (dec *StreamDecoder) UseUnicodeErrors() { dec.opts |= OptionUseUnicodeErrors }

// CheckTrailings returns nil when nothing but whitespace follows the
// values decoded so far, and otherwise a SyntaxError about the first
// other byte, as sonic's does. sonic's Unmarshal is Decode followed by
// CheckTrailings.
func (dec *Decoder) CheckTrailings() error {
	if err := syntaxv1.CheckEnd(dec.src, dec.pos); err != nil {
		return dec.error(err)
	}
	return nil
}

// sonic's StreamDecoder embeds a Decoder and decodes each value by
// resetting that Decoder to the value's text (from its first byte after
// whitespace to its end) and decoding it, so the Decoder's Pos, Reset and
// CheckTrailings, promoted to the stream, are about that text. jet's
// StreamDecoder embeds its Decoder for the options and the nesting limit,
// keeps the value's text only when Decode was given nothing to decode
// into, and has these three itself.

// Pos returns, as sonic's does, the position reached in the text of the
// value Decode read last: its length after a decode (one that found a
// type mismatch too), 0 when Decode was given no pointer to decode into
// or has read no value yet. Syntax and read errors leave it as it was.
// After Reset it is the embedded Decoder's Pos in the string given to
// Reset.
func (dec *StreamDecoder) Pos() int {
	if dec.valueLen < 0 {
		return dec.Decoder.Pos()
	}
	return dec.valueLen
}

// Reset gives the embedded Decoder s to read, as sonic's promoted Reset
// does: Pos and CheckTrailings are then about s, and the embedded
// Decoder's Decode reads it. It does not change what the stream reads:
// the next Decode reads the next value of the stream, after which Pos
// and CheckTrailings are about that value again.
func (dec *StreamDecoder) Reset(s string) {
	dec.Decoder.Reset(s)
	dec.valueLen = -1
}

// CheckTrailings returns nil, as sonic's does for a stream: the text of
// the value Decode read ends where the value does (but after a Decode
// given no pointer, nothing of that text was read, and it returns a
// SyntaxError at the value's first byte). After Reset it checks the
// string given to Reset from Pos (see Decoder.CheckTrailings). To find
// out whether a stream holds more than whitespace after a value, call
// More, or Decode, which returns io.EOF at the end.
func (dec *StreamDecoder) CheckTrailings() error {
	if dec.valueLen < 0 {
		return dec.Decoder.CheckTrailings()
	}
	return nil
}

// valueRead records, for Pos and CheckTrailings, the text of the value
// Decode has just decoded with the error err, data less the whitespace
// before it: its length when it was decoded; the text itself, in the
// embedded Decoder, when it was not (err is a json.InvalidUnmarshalError).
// It drops a string Reset gave.
func (dec *StreamDecoder) valueRead(data []byte, err error) {
	lead := wire.SkipSpace(wire.StringOf(data), 0)
	if _, ok := err.(*json.InvalidUnmarshalError); ok {
		dec.Decoder.Reset(string(data[lead:]))
		dec.valueLen = -1
		return
	}
	dec.Decoder.src, dec.Decoder.pos = "", 0
	dec.valueLen = len(data) - lead
}

// Skip passes over the JSON value at the start of data (after
// whitespace), checking it, and returns where it starts and ends: data[start:end]
// is the value. Whatever follows it is not looked at. For invalid JSON
// start is negative, -1 when data ends inside the value (or holds no
// value) and -2 for a wrong byte (sonic's error codes for these), and end
// is the number of bytes read when the error was found (as
// encoding/json's SyntaxError.Offset counts).
func Skip(data []byte) (start int, end int) {
	s := wire.StringOf(data)
	start = wire.SkipSpace(s, 0)
	end, err := syntaxv1.SkipValue(s, start, DefaultMaxDepth)
	if err == nil {
		return start, end
	}
	if err.IsEOF() {
		return -1, int(err.Offset)
	}
	return -2, int(err.Offset)
}

// PretouchMany compiles the decoders of every type in vts ahead of their
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

// unicodeEscapeError returns a SyntaxError for the first \u escape in
// d.src[start:d.pos] that is half of a surrogate pair without the other
// half, or nil. The text is valid JSON, so every backslash in it is in a
// string and starts an escape.
func (d *state) unicodeEscapeError(start int) error {
	s := d.src[:d.pos]
	for i := start; ; {
		k := strings.IndexByte(s[i:], '\\')
		if k < 0 {
			return nil
		}
		i += k
		if i+1 >= len(s) || s[i+1] != 'u' {
			i += 2
			continue
		}
		r := hex4(s, i+2)
		if r < 0 {
			return nil // cut off: not valid JSON, which the decoder reports
		}
		switch {
		case r < 0xD800 || r > 0xDFFF:
			i += 6
			continue
		case r <= 0xDBFF && i+11 < len(s) && s[i+6] == '\\' && s[i+7] == 'u':
			if lo := hex4(s, i+8); lo >= 0xDC00 && lo <= 0xDFFF {
				i += 12
				continue
			}
		}
		return wire.NewSyntaxError(d.src, i, "invalid escape sequence "+`"`+s[i:i+6]+`" `+wire.CtxLoneSurrogate)
	}
}

// hex4 returns the value of the four hex digits at s[i:], which the
// caller knows to be there (the text is valid JSON), or -1 if they are
// cut off.
func hex4(s string, i int) int {
	if i+4 > len(s) {
		return -1
	}
	v := 0
	for _, c := range []byte(s[i : i+4]) {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return -1
		}
		v = v<<4 | int(c)
	}
	return v
}

// isNoCopyRawMessage reports whether t is jet.NoCopyRawMessage (told by
// name, as rt.IsRawJSON tells its types, since this package is below
// jet's root).
func isNoCopyRawMessage(t reflect.Type) bool {
	return t.Kind() == reflect.Slice && t.Name() == "NoCopyRawMessage" && t.PkgPath() == "github.com/jetjson/jet"
}

// decodeNoCopyRaw stores the raw value at d.pos into the
// jet.NoCopyRawMessage at p without copying it on its own: it is a view
// into the input, or, when the input is borrowed (a []byte, which the
// caller, or a StreamDecoder refilling its buffer, may overwrite), into
// the one copy of it that decoded strings share.
func decodeNoCopyRaw(d *state, p unsafe.Pointer) error {
	start := d.pos
	if err := d.skip(); err != nil {
		return err
	}
	d.own()
	raw := d.src[start:d.pos]
	*(*[]byte)(p) = unsafe.Slice(unsafe.StringData(raw), len(raw))
	return nil
}
