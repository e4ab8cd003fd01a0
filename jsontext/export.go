package jsontext

import (
	"io"

	"github.com/jetjson/jet/internal/jsonopts"
	"github.com/jetjson/jet/internal/textexport"
)

func init() { textexport.CheckDocument = checkDocument }

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
