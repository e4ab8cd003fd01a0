package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/jetjson/jet/internal/jsonstream"
	"github.com/jetjson/jet/internal/wire"
)

// stdinName is how errors name standard input.
const stdinName = "<stdin>"

// input is one opened input.
type input struct {
	name string // for messages
	path string // "" for standard input
	r    io.Reader
	f    *os.File
}

func (in *input) close() {
	if in.f != nil {
		in.f.Close()
	}
}

// open opens the input named by a command-line argument: "-" is
// standard input.
func (e *env) open(arg string) (*input, error) {
	if arg == "-" {
		return &input{name: stdinName, r: e.stdin}, nil
	}
	f, err := os.Open(arg)
	if err != nil {
		return nil, err
	}
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		f.Close()
		return nil, &os.PathError{Op: "read", Path: arg, Err: syscall.EISDIR}
	}
	return &input{name: arg, path: arg, r: f, f: f}, nil
}

// readAll reads a whole input into memory.
func (e *env) readAll(arg string) (data []byte, name string, err error) {
	in, err := e.open(arg)
	if err != nil {
		return nil, arg, err
	}
	defer in.close()
	if in.f != nil {
		if fi, err := in.f.Stat(); err == nil && fi.Mode().IsRegular() {
			// One allocation of the right size, as os.ReadFile does.
			data = make([]byte, 0, fi.Size()+1)
		}
	}
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := in.r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, in.name, nil
		}
		if err != nil {
			return nil, in.name, err
		}
	}
}

// report prints an error about the input called name: a syntax error as
// "NAME:LINE:COL (byte N): message" with the line and a caret under the
// offending byte, anything else as "jet: NAME: message".
func (e *env) report(name string, err error) {
	var je *jsonstream.Error
	if errors.As(err, &je) {
		e.reportSyntax(name, je)
		return
	}
	var se *wire.SyntaxError
	if errors.As(err, &se) {
		// Found in a document held in memory; the caller passes it
		// through locate first when it has the document.
		fmt.Fprintf(e.stderr, "%s: byte %d: %s\n", name, se.Pos(), se.Msg)
		return
	}
	var pe *os.PathError
	if errors.As(err, &pe) && (pe.Path == name || name == "") {
		fmt.Fprintf(e.stderr, "jet: %v\n", err)
		return
	}
	fmt.Fprintf(e.stderr, "jet: %s: %v\n", name, err)
}

// reportSyntax prints a located syntax error.
func (e *env) reportSyntax(name string, je *jsonstream.Error) {
	loc := name + ":" + strconv.FormatInt(je.Line, 10) + ":" + strconv.FormatInt(je.Column, 10) +
		" (byte " + strconv.FormatInt(je.Offset, 10) + ")"
	msg := je.Msg
	if je.Offset == 0 && strings.HasPrefix(je.Text, "\xef\xbb\xbf") {
		msg += " (a UTF-8 byte order mark, which JSON text must not start with)"
	}
	snippet := je.Snippet()
	if e.stderrTTY && e.getenv("NO_COLOR") == "" {
		loc = "\x1b[1m" + loc + "\x1b[0m"
		snippet = snippet[:len(snippet)-2] + "\x1b[31;1m^\x1b[0m\n"
	}
	fmt.Fprintf(e.stderr, "%s: %s\n%s", loc, msg, snippet)
}

// holdWriter keeps the first limit bytes of output back until commit,
// so that a document found invalid part way through leaves nothing on
// standard output unless its output has grown past the limit (from then
// on it is written as it comes, to keep memory bounded).
type holdWriter struct {
	w       io.Writer
	buf     []byte
	limit   int
	through bool
	err     error
}

func (h *holdWriter) Write(b []byte) (int, error) {
	if h.err != nil {
		return 0, h.err
	}
	if h.through {
		n, err := h.w.Write(b)
		h.err = err
		return n, err
	}
	if h.buf == nil {
		// Room for the limit and one more write of the formatter, so
		// that the buffer never grows by doubling.
		h.buf = make([]byte, 0, h.limit+128<<10)
	}
	h.buf = append(h.buf, b...)
	if len(h.buf) > h.limit {
		h.through = true
		_, h.err = h.w.Write(h.buf)
		h.buf = h.buf[:0]
	}
	return len(b), h.err
}

// commit writes what is held back and starts a new document.
func (h *holdWriter) commit() error {
	if h.err == nil && len(h.buf) > 0 {
		_, h.err = h.w.Write(h.buf)
	}
	h.buf = h.buf[:0]
	h.through = false
	return h.err
}

// discard drops what is held back and starts a new document.
func (h *holdWriter) discard() {
	h.buf = h.buf[:0]
	h.through = false
}

// writeFileAtomic replaces the file at path with what write produces:
// it writes a temporary file in the same directory, syncs it, gives it
// the original's permissions and renames it over the original, so that
// the file is never seen half-written. If write fails, the original is
// untouched and the temporary file removed.
func writeFileAtomic(path string, write func(w io.Writer) error) (err error) {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return err
	}
	fi, err := os.Stat(real)
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(real), "."+filepath.Base(real)+".jet-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	bw := bufio.NewWriterSize(f, 64<<10)
	if err = write(bw); err != nil {
		return err
	}
	if err = bw.Flush(); err != nil {
		return err
	}
	if err = f.Chmod(fi.Mode().Perm()); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), real)
}
