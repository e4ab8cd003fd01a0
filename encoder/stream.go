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
	// st is the encoding state, kept from one Encode to the next: a
	// stream writes many values, and taking a state from the pool and
	// giving it back cost 5% of writing a small one (NDJSON).
	st *state
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
	e := enc.st
	if e == nil {
		e = getState(enc.Opts)
		enc.st = e
	} else {
		// (Reset here rather than after: a method of the value may
		// have panicked out of the last call.)
		e.reset()
	}
	e.opts = enc.Opts
	b, err := e.appendAny(e.buf[:0], v)
	e.buf = b
	if err != nil {
		enc.release(e)
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
			enc.release(e)
			return err
		}
		enc.buf = out
	}
	if _, err = enc.w.Write(out); err != nil {
		enc.err = err
	}
	enc.release(e)
	return err
}

// release ends an Encode's use of the state: kept for the next one,
// unless its buffer grew past what the pool keeps, when it goes (the
// next Encode takes another from the pool), so that one large value does
// not keep its buffer for the encoder's life.
func (enc *StreamEncoder) release(e *state) {
	if cap(e.buf) > maxPooledBuffer {
		enc.st = nil
		putState(e) // which drops it
	}
}

// SetOptions replaces the encoder's options.
func (enc *StreamEncoder) SetOptions(opts Options) { enc.Opts = opts }
