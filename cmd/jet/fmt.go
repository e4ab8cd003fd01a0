package main

import (
	"io"

	"github.com/jetjson/jet/internal/jsonstream"
)

// holdLimit is how much of a document's output fmt keeps back, so that
// an invalid document up to that size writes nothing to standard output.
const holdLimit = 4 << 20

func runFmt(e *env, args []string) int {
	var (
		indent                                   = "2"
		compact, sortKeys, html, strict, inPlace bool
		color                                    = "auto"
	)
	c := &cmdSpec{
		name: "fmt",
		args: "[FILE...]",
		about: `Pretty-print each JSON document (or compact it with --compact). The output
is byte for byte what encoding/json's Indent (or Compact) gives, followed
by a newline. Input is streamed: a file of any size is formatted in
bounded memory, except with --sort-keys, which holds the document: it
takes at most twice the document's size (about 1.05 times).

On invalid input, nothing is written for that document (unless its output
was already larger than 4 MB) and the error is shown as
FILE:LINE:COL (byte N): message, with the line and a caret.`,
		flags: []flagSpec{
			stringFlag(&indent, "indent", "", "N|tab", "indent by N spaces (default 2) or by a tab"),
			boolFlag(&compact, "compact", "c", "write the document on one line, without whitespace"),
			boolFlag(&sortKeys, "sort-keys", "S", "sort object keys, as encoding/json does for maps; numbers are\nkept as written, strings are re-encoded and duplicate keys keep\nthe last value"),
			boolFlag(&html, "escape-html", "", "escape <, >, &, U+2028 and U+2029 in strings as \\u003c etc."),
			boolFlag(&strict, "utf8", "", "reject invalid UTF-8 in strings (encoding/json accepts it)"),
			boolFlag(&inPlace, "in-place", "i", "rewrite each FILE with its formatted text (atomically)"),
			colorFlag(&color),
		},
	}
	files, status, done := e.parseArgs(c, args)
	if done {
		return status
	}
	ind, err := parseIndent(indent)
	if err != nil {
		return e.usageErr(c, "--indent: "+err.Error())
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	if inPlace {
		for _, f := range files {
			if f == "-" {
				return e.usageErr(c, "--in-place needs files, not standard input")
			}
		}
	}
	o := jsonstream.Options{Mode: jsonstream.Indent, Indent: ind, EscapeHTML: html, StrictUTF8: strict}
	if compact {
		o.Mode = jsonstream.Compact
	}
	if !inPlace {
		o.Color = e.colorOn(color)
	}
	hw := &holdWriter{w: e.stdout, limit: holdLimit}
	status = exitOK
	for _, f := range files {
		in, err := e.open(f)
		if err != nil {
			e.report(f, err)
			status = exitFail
			continue
		}
		if inPlace {
			err = writeFileAtomic(in.path, func(w io.Writer) error {
				if err := format(w, in.r, o, sortKeys); err != nil {
					return err
				}
				_, err := w.Write(newline)
				return err
			})
		} else {
			err = format(hw, in.r, o, sortKeys)
			if err == nil {
				hw.Write(newline)
				err = hw.commit()
			} else {
				hw.discard()
			}
		}
		in.close()
		if err != nil {
			e.report(in.name, err)
			status = exitFail
		}
	}
	return status
}

var newline = []byte{'\n'}

// format checks the document read from r and writes it to w formatted
// as o says; with sortKeys it reads the whole document first and holds
// it, and little more, while it writes it sorted.
func format(w io.Writer, r io.Reader, o jsonstream.Options, sortKeys bool) error {
	if !sortKeys {
		return jsonstream.Process(w, r, o)
	}
	data, release, err := readWhole(r)
	if err != nil {
		return err
	}
	defer release()
	if err := checkDoc(data, o.StrictUTF8); err != nil {
		return err
	}
	// The sorter writes compact text, with HTML escaped if asked; the
	// formatter reads it through a pipe and lays it out.
	html := o.EscapeHTML
	o.EscapeHTML = false
	pr, pw := io.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, err := writeSorted(make([]byte, 0, sortFlushAt+4<<10), pw, data, html)
		pw.CloseWithError(err)
	}()
	err = jsonstream.Process(w, pr, o)
	pr.CloseWithError(io.ErrClosedPipe) // stops the sorter if Process stopped early
	<-done
	return err
}

func runValid(e *env, args []string) int {
	var strict, quiet bool
	c := &cmdSpec{
		name: "valid",
		args: "[FILE...]",
		about: `Check that each input is one valid JSON document (whitespace around it is
allowed). The exit status is 0 when every input is valid and 1 otherwise;
for each invalid input the first error is shown as
FILE:LINE:COL (byte N): message, followed by the line (a window of it, for
long lines) and a caret under the offending byte. Columns count bytes.
Input is streamed: a file of any size is checked in bounded memory.

Inputs are accepted and rejected as encoding/json does, which accepts
invalid UTF-8 inside strings; --utf8 rejects it, as RFC 8259 asks.`,
		flags: []flagSpec{
			boolFlag(&strict, "utf8", "", "reject invalid UTF-8 in strings"),
			boolFlag(&quiet, "quiet", "q", "print nothing; only set the exit status"),
		},
	}
	files, status, done := e.parseArgs(c, args)
	if done {
		return status
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	for _, f := range files {
		in, err := e.open(f)
		if err != nil {
			if !quiet {
				e.report(f, err)
			}
			status = exitFail
			continue
		}
		err = jsonstream.Process(nil, in.r, jsonstream.Options{StrictUTF8: strict})
		in.close()
		if err != nil {
			if !quiet {
				e.report(in.name, err)
			}
			status = exitFail
		}
	}
	return status
}
