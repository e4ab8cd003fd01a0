package encoder

import (
	"io"
)

// StreamEncoder writes JSON values to an io.Writer, one Encode call per
// value, each followed by a newline unless NoEncoderNewline is set. It
// behaves like encoding/json's Encoder with the options it is given.
//
// It embeds an Encoder, as sonic's StreamEncoder does: the Encoder's Opts
// are the stream's options, and its SetEscapeHTML, SetIndent, SortKeys and
// other option setters apply to the stream.
type StreamEncoder struct {
	w   io.Writer
	buf []byte
	err error
	Encoder
}

// NewStreamEncoder returns an encoder writing to w with the zero Options,
// the package's default everywhere (Encode's too, and sonic's encoder's):
// no HTML escaping. Set EscapeHTML with NewStreamEncoderOptions or
// SetEscapeHTML for encoding/json's default; jet.ConfigStd's encoders
// have it.
func NewStreamEncoder(w io.Writer) *StreamEncoder {
	return &StreamEncoder{w: w}
}

// NewStreamEncoderOptions returns an encoder writing to w with opts.
func NewStreamEncoderOptions(w io.Writer, opts Options) *StreamEncoder {
	return &StreamEncoder{w: w, Encoder: Encoder{Opts: opts}}
}

// Encode writes the JSON encoding of v, then a newline. Nothing is written
// when encoding fails. After a write error every call returns that error.
func (enc *StreamEncoder) Encode(v any) error {
	if enc.err != nil {
		return enc.err
	}
	e := getState(enc.Opts)
	b, err := e.appendAny(e.buf[:0], v)
	e.buf = b
	if err != nil {
		putState(e)
		if enc.Opts&StdErrors != 0 {
			err = StdError(err)
		}
		return err
	}
	if enc.Opts&NoEncoderNewline == 0 {
		b = append(b, '\n')
		e.buf = b
	}
	out := b
	if enc.prefix != "" || enc.indent != "" {
		if out, err = appendIndented(enc.buf[:0], b, enc.prefix, enc.indent); err != nil {
			putState(e)
			return err
		}
		enc.buf = out
	}
	if _, err = enc.w.Write(out); err != nil {
		enc.err = err
	}
	putState(e)
	return err
}

// SetOptions replaces the encoder's options.
func (enc *StreamEncoder) SetOptions(opts Options) { enc.Opts = opts }
