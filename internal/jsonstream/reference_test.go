package jsonstream

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/jetjson/jet/internal/syntaxv1"
	"github.com/jetjson/jet/internal/testdocs"
	"github.com/jetjson/jet/internal/wire"
)

// checkReference compares Process, validating and compacting, with jet's
// reference grammar (package syntaxv1, which asks jsontext): the same
// verdict, message and offset. Unlike compare it needs no classic
// encoding/json, so it runs on every toolchain.
func checkReference(in []byte, size int, wrap func(io.Reader) io.Reader) string {
	want := syntaxv1.Validate(string(in), wire.DefaultMaxDepth)
	for _, mode := range []Mode{Validate, Compact} {
		var out bytes.Buffer
		err := Process(&out, wrap(bytes.NewReader(in)), Options{Mode: mode, BufferSize: size})
		var e *Error
		switch {
		case want == nil && err == nil:
		case want == nil || err == nil:
			return fmt.Sprintf("mode %v: got %v, the reference %v", mode, err, want)
		case !errors.As(err, &e):
			return fmt.Sprintf("mode %v: got %v (%T), the reference %v", mode, err, err, want)
		case e.Msg != want.Msg || e.Syntax.Offset != want.Offset:
			return fmt.Sprintf("mode %v: got %q at %d, the reference %q at %d", mode, e.Msg, e.Syntax.Offset, want.Msg, want.Offset)
		}
	}
	return ""
}

func TestAgainstReference(t *testing.T) {
	docs := append([]string(nil), cases...)
	for _, b := range testdocs.NewGen(5).Texts(2000) {
		docs = append(docs, string(b))
	}
	for _, in := range docs {
		for _, size := range bufferSizes {
			for _, rd := range readers {
				if msg := checkReference([]byte(in), size, rd.wrap); msg != "" {
					t.Fatalf("%.80q, buffer %d, %s reader: %s", in, size, rd.name, msg)
				}
			}
		}
	}
}

// FuzzProcessReference is TestAgainstReference for any input, buffer
// size and way of reading.
func FuzzProcessReference(f *testing.F) {
	for i, c := range cases {
		f.Add([]byte(c), uint16(i*37), uint8(i))
	}
	f.Fuzz(func(t *testing.T, in []byte, size uint16, reader uint8) {
		bufSize := MinBufferSize + int(size%512)
		rd := readers[int(reader)%len(readers)]
		if msg := checkReference(in, bufSize, rd.wrap); msg != "" {
			t.Fatalf("buffer %d, %s reader: %s", bufSize, rd.name, msg)
		}
	})
}
