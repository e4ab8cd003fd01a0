package jsontext

import (
	"bytes"
	"io"

	"github.com/jetjson/jet/internal/jsonopts"
	"github.com/jetjson/jet/internal/textexport"
	"github.com/jetjson/jet/internal/wire"
)

func init() {
	textexport.CheckDocument = checkDocument
	textexport.SetDecoderOptions = setDecoderOptions
	textexport.ResetEncoder = resetEncoder
	textexport.ValueAhead = valueAhead
	textexport.ConsumeAhead = consumeAhead
	textexport.WriteEncoded = func(enc any, v []byte) error { return enc.(*Encoder).s.writeEncoded(v) }
	textexport.Written = func(enc any) ([]byte, int, int64) {
		e := &enc.(*Encoder).s
		return e.buf, e.m.depth() - 1, e.m.at(0).length()
	}
}

// resetEncoder is textexport.ResetEncoder.
func resetEncoder(enc any, w *bytes.Buffer, o *jsonopts.Struct, outer textexport.LevelSource) {
	e := &enc.(*Encoder).s
	if w.Cap()-w.Len() < reformatRoom+reformatSlack {
		// The room WriteValue's fast path makes in a buffer that has
		// less: made once in w, which the caller reuses, rather than
		// in a new array at every value (a method's Encoder writes one).
		w.Grow(reformatRoom + reformatSlack)
	}
	e.resetOutput(nil, w)
	e.outer.src = outer
	e.setDepthLimit()
	if o == nil {
		e.fl &^= fmtStuck
		return
	}
	e.opts = *o
	if e.opts.Flags.Get(jsonopts.Multiline) {
		e.opts.InitMultiline()
	}
	e.fl = fmtFlagsOf(&e.opts)
}

// setDecoderOptions is textexport.SetDecoderOptions. The tokens read
// ahead and the buffer's token list were checked under the old options:
// they are dropped (nothing in them has been applied to the Decoder).
func setDecoderOptions(dec any, o *jsonopts.Struct) *jsonopts.Struct {
	d := &dec.(*Decoder).s
	prev := d.opts
	for _, b := range []jsonopts.Bools{jsonopts.AllowDuplicateNames, jsonopts.AllowInvalidUTF8} {
		switch {
		case !o.Flags.Has(b):
		case o.Flags.Get(b):
			d.opts.Flags.Set(jsonopts.True(b))
		default:
			d.opts.Flags.Set(b)
		}
	}
	d.checkDup = !d.opts.Flags.Get(jsonopts.AllowDuplicateNames)
	d.checkUTF8 = !d.opts.Flags.Get(jsonopts.AllowInvalidUTF8)
	d.tq.drop()
	d.ix.drop()
	return &prev
}

// valueAhead is textexport.ValueAhead.
func valueAhead(dec any, depth int) []byte {
	d := &dec.(*Decoder).s
	if d.m.limit <= 0 || d.m.limit-len(d.m.outer) < depth || d.outer.src != nil || d.m.last.needName() {
		return nil
	}
	pos, next, ok := d.aheadPos()
	if !ok || next != '{' && next != '[' {
		return nil
	}
	end, ok := wire.SkipLoose(wire.StringOf(d.buf), pos)
	if !ok {
		return nil
	}
	return d.buf[pos:end:end]
}

// aheadPos is locateInBuffer, or the token PeekKind found.
func (d *decoderState) aheadPos() (pos int, next Kind, ok bool) {
	if d.peekPos > 0 {
		return d.peekPos, kindOf[d.buf[d.peekPos]], true
	}
	return d.locateInBuffer()
}

// consumeAhead is textexport.ConsumeAhead: readValue's changes for a
// container, which valueAhead found where the grammar takes one.
func consumeAhead(dec any, v []byte) {
	d := &dec.(*Decoder).s
	pos, _, ok := d.aheadPos()
	if !ok || &d.buf[pos] != &v[0] {
		panic("jsontext: ConsumeAhead without its ValueAhead")
	}
	d.peekPos = 0
	d.tq.drop()
	if err := d.m.push(false); err != nil {
		panic("jsontext: ConsumeAhead of a value ValueAhead did not offer")
	}
	d.m.pop()
	d.prevStart, d.prevEnd, d.prevFlags = pos, pos+len(v), 0
}

// checkDocument is textexport.CheckDocument.
func checkDocument(in []byte, opts *jsonopts.Struct) error {
	d := getBufferedDecoder(in, []Options{opts})
	defer putBufferedDecoder(d)
	if _, err := d.s.readValue(); err != nil {
		if err == io.EOF {
			return &SyntacticError{ByteOffset: int64(len(in)), Err: io.ErrUnexpectedEOF}
		}
		return err
	}
	i := int(d.InputOffset())
	for i < len(in) && (in[i] == ' ' || in[i] == '\t' || in[i] == '\n' || in[i] == '\r') {
		i++
	}
	if i < len(in) {
		return &SyntacticError{ByteOffset: int64(i), Err: invalidChar(in[i:], whereAfterTop)}
	}
	return nil
}
