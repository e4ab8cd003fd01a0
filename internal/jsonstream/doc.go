// Package jsonstream checks and reformats JSON text read from an
// io.Reader through a fixed-size buffer, so that a document of any size —
// a 1 GB file on one line, a single 1 GB string — is validated, compacted
// or indented in bounded memory.
//
// The decoder package's stream decoder buffers each value whole before
// decoding it, which is right for building Go values and wrong for a
// command-line formatter; this package never holds more than its buffer
// (DefaultBufferSize), a stack of one byte per open container and an
// output buffer that it flushes as it goes.
//
// Tokens that fit in the buffer are scanned with the internal/wire
// kernels; a token that crosses the end of the buffer is scanned again
// once more input has arrived, and a string or number longer than the
// whole buffer is scanned and written piece by piece.
//
// Accept/reject decisions, error messages and error offsets are
// encoding/json's (its Valid, Compact and Indent), and so is the output:
// Compact writes what json.Compact writes and Indent what json.Indent
// writes with an empty prefix, without the trailing whitespace. Errors
// also carry a line, a column and the text of the line around the
// offending byte.
package jsonstream
