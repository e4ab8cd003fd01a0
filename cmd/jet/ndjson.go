package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/jetjson/jet/internal/jsonstream"
	"github.com/jetjson/jet/internal/syntaxv1"
	"github.com/jetjson/jet/internal/wire"
)

// lineFunc processes one line of NDJSON (never blank), appending its
// output to dst. A *wire.SyntaxError it returns is located within the
// line; other errors are reported as they are.
type lineFunc func(dst, line []byte) ([]byte, error)

func runNDJSON(e *env, args []string) int {
	top := &cmdSpec{
		name: "ndjson",
		args: "valid|fmt|get ... [FILE...]",
		about: `Apply a command to each line of newline-delimited JSON (one document per
line; blank lines are skipped), on all cores, with the output in input
order:

  jet ndjson valid [--utf8] [FILE...]         check every line
  jet ndjson fmt [--sort-keys] [FILE...]      compact every line
  jet ndjson get [-r] PATH [FILE...]          print the value at PATH in every line

Errors name the line: FILE:LINE:COL (byte N): message. Processing goes on
after an error; the exit status is 1 if any line failed. Memory stays
bounded however long the input: at most a few megabytes per worker, plus
the longest line.

Run 'jet ndjson SUBCOMMAND --help' for the options.`,
	}
	if len(args) == 0 {
		return e.usageErr(top, "missing subcommand")
	}
	switch args[0] {
	case "-h", "--help", "-help", "help":
		top.help(e.stdout)
		return exitOK
	case "valid", "fmt", "get":
	default:
		if strings.HasPrefix(args[0], "-") {
			return e.usageErr(top, "unknown option "+args[0]+" (options come after the subcommand)")
		}
		return e.usageErr(top, fmt.Sprintf("unknown subcommand %q", args[0]))
	}
	var (
		jobs                                       = runtime.GOMAXPROCS(0)
		strict, quiet, compact, sortKeys, html, rs bool
	)
	jobsFlag := intFlag(&jobs, "jobs", "j", "N", "use N workers (default: the number of CPUs)")
	c := &cmdSpec{name: "ndjson " + args[0]}
	switch args[0] {
	case "valid":
		c.args = "[FILE...]"
		c.about = "Check that every non-blank line is one JSON document."
		c.flags = []flagSpec{jobsFlag,
			boolFlag(&strict, "utf8", "", "reject invalid UTF-8 in strings"),
			boolFlag(&quiet, "quiet", "q", "print nothing; only set the exit status")}
	case "fmt":
		c.args = "[FILE...]"
		c.about = "Write every non-blank line compacted (as encoding/json's Compact does), one per line."
		c.flags = []flagSpec{jobsFlag,
			boolFlag(&compact, "compact", "c", "compact each line (the default and only layout, as NDJSON needs)"),
			boolFlag(&sortKeys, "sort-keys", "S", "sort object keys (numbers kept as written)"),
			boolFlag(&html, "escape-html", "", "escape <, >, &, U+2028 and U+2029 in strings"),
			boolFlag(&strict, "utf8", "", "reject invalid UTF-8 in strings")}
	case "get":
		c.args = "PATH [FILE...]"
		c.about = "Print the value at PATH in every non-blank line, one per line; a line without\nthe path is an error."
		c.flags = []flagSpec{jobsFlag,
			boolFlag(&rs, "string", "r", "print strings without quotes")}
	}
	pos, status, done := e.parseArgs(c, args[1:])
	if done {
		return status
	}
	if jobs < 1 {
		return e.usageErr(c, "-j wants at least 1 worker")
	}
	var fn lineFunc
	switch args[0] {
	case "valid":
		fn = func(dst, line []byte) ([]byte, error) {
			if err := syntaxv1.Validate(wire.StringOf(line), wire.DefaultMaxDepth); err != nil {
				return dst, err
			}
			if strict {
				if err := checkUTF8(line); err != nil {
					return dst, err
				}
			}
			return dst, nil
		}
	case "fmt":
		fn = func(dst, line []byte) ([]byte, error) {
			if strict {
				if err := syntaxv1.Validate(wire.StringOf(line), wire.DefaultMaxDepth); err != nil {
					return dst, err
				}
				if err := checkUTF8(line); err != nil {
					return dst, err
				}
			}
			if sortKeys {
				sorted, err := sortedKeys(line, strict, html)
				if err != nil {
					var je *jsonstream.Error
					if errors.As(err, &je) {
						return dst, je.Syntax
					}
					return dst, err
				}
				return append(append(dst, sorted...), '\n'), nil
			}
			if !strict {
				if err := syntaxv1.Validate(wire.StringOf(line), wire.DefaultMaxDepth); err != nil {
					return dst, err
				}
			}
			return append(wire.AppendCompact(dst, wire.StringOf(line), html), '\n'), nil
		}
	case "get":
		if len(pos) == 0 {
			return e.usageErr(c, "missing PATH")
		}
		path := pos[0]
		pos = pos[1:]
		if status, ok := e.badPath(c, path); !ok {
			return status
		}
		fn = func(dst, line []byte) ([]byte, error) {
			return appendGet(dst, line, path, rs)
		}
	}
	if len(pos) == 0 {
		pos = []string{"-"}
	}
	if quiet {
		e = &env{stdin: e.stdin, stdout: e.stdout, stderr: io.Discard, getenv: e.getenv}
	}
	out := bufio.NewWriterSize(e.stdout, 256<<10)
	status = exitOK
	for _, f := range pos {
		in, err := e.open(f)
		if err != nil {
			e.report(f, err)
			status = exitFail
			continue
		}
		failed, err := eachLine(e, out, in, fn, jobs)
		in.close()
		if failed {
			status = exitFail
		}
		if err != nil {
			e.report(in.name, err)
			status = exitFail
		}
	}
	if err := out.Flush(); err != nil {
		e.report("", err)
		status = exitFail
	}
	return status
}

// checkUTF8 returns an error at the first invalid UTF-8 byte of line, a
// valid JSON document (so the byte is inside a string).
func checkUTF8(line []byte) *wire.SyntaxError {
	if utf8.Valid(line) {
		return nil
	}
	for k := 0; k < len(line); {
		r, n := utf8.DecodeRune(line[k:])
		if r == utf8.RuneError && n == 1 {
			msg := wire.MsgInvalidUTF8At(line[k])
			return wire.NewSyntaxError(wire.StringOf(line), k, msg)
		}
		k += n
	}
	return nil
}

// A batch is a run of whole lines, processed by one worker. Batches and
// their buffers are reused once written out.
type batch struct {
	data      []byte // the lines, each ending in '\n' except perhaps the input's last
	firstLine int64  // number of the first line (1-based)
	offset    int64  // offset in the input of data[0]
	out       []byte // output of the lines, in order
	errs      []lineError
	done      chan struct{}
}

// lineError is the error of one line.
type lineError struct {
	line   int64
	offset int64 // of the line's first byte
	text   []byte
	err    error
}

// batchSize is how much input a worker takes at a time.
const batchSize = 1 << 20

// eachLine runs fn on every non-blank line of in with the given number
// of workers and writes the output in input order. It reports each
// line's error and returns whether any line failed, and the input's read
// error if any. At most 2*jobs+2 batches are in flight, so memory stays
// bounded.
func eachLine(e *env, out io.Writer, in *input, fn lineFunc, jobs int) (failed bool, err error) {
	work := make(chan *batch)
	ordered := make(chan *batch, 2*jobs)
	var free sync.Pool
	var wg sync.WaitGroup
	for k := 0; k < jobs; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range work {
				b.process(fn)
				close(b.done)
			}
		}()
	}
	readErr := make(chan error, 1)
	go func() {
		readErr <- splitBatches(in.r, &free, func(b *batch) {
			ordered <- b
			work <- b
		})
		close(ordered)
		close(work)
	}()
	var werr error
	for b := range ordered {
		<-b.done
		if werr == nil {
			_, werr = out.Write(b.out)
		}
		for _, le := range b.errs {
			failed = true
			e.reportLine(in.name, le)
		}
		b.data, b.out, b.errs = b.data[:0], b.out[:0], nil
		free.Put(b)
	}
	wg.Wait()
	if err := <-readErr; err != nil {
		return failed, err
	}
	return failed, werr
}

// splitBatches reads r and hands out batches of whole lines.
func splitBatches(r io.Reader, free *sync.Pool, send func(*batch)) error {
	line, offset := int64(1), int64(0)
	var carry []byte // the start of a line cut by the end of the last read
	for {
		b, _ := free.Get().(*batch)
		if b == nil {
			b = new(batch)
		}
		buf := b.data[:0]
		if cap(buf) < batchSize || cap(buf) < 2*len(carry) {
			buf = make([]byte, 0, max(batchSize, 2*len(carry)))
		}
		buf = append(buf, carry...)
		eof := false
		var rerr error
		// Read until the buffer holds a newline and is at least half full,
		// growing it for a line longer than the buffer.
		for {
			if len(buf) == cap(buf) {
				if bytes.IndexByte(buf, '\n') >= 0 {
					break
				}
				buf = append(buf, 0)[:len(buf)]
			}
			n, err := r.Read(buf[len(buf):cap(buf)])
			buf = buf[:len(buf)+n]
			if err == io.EOF {
				eof = true
				break
			}
			if err != nil {
				rerr = err
				eof = true
				break
			}
			if len(buf) >= cap(buf)/2 && bytes.IndexByte(buf[len(buf)-n:], '\n') >= 0 {
				break
			}
		}
		cut := len(buf)
		if !eof {
			cut = bytes.LastIndexByte(buf, '\n') + 1
		}
		carry = append(carry[:0], buf[cut:]...)
		if cut > 0 {
			b.data, b.firstLine, b.offset, b.done = buf[:cut], line, offset, make(chan struct{})
			line += int64(bytes.Count(b.data, newline))
			offset += int64(cut)
			send(b)
		}
		if eof {
			return rerr
		}
		if cut == 0 {
			free.Put(b)
		}
	}
}

// process runs fn on each non-blank line of the batch.
func (b *batch) process(fn lineFunc) {
	data := b.data
	line := b.firstLine
	for start := 0; start < len(data); line++ {
		end := bytes.IndexByte(data[start:], '\n')
		if end < 0 {
			end = len(data)
		} else {
			end += start
		}
		text := data[start:end]
		if wire.SkipSpace(wire.StringOf(text), 0) < len(text) {
			var err error
			b.out, err = fn(b.out, text)
			if err != nil {
				b.errs = append(b.errs, lineError{line: line, offset: b.offset + int64(start), text: text, err: err})
			}
		}
		start = end + 1
	}
}

// reportLine prints the error of one NDJSON line.
func (e *env) reportLine(name string, le lineError) {
	var se *wire.SyntaxError
	if errors.As(le.err, &se) {
		je := jsonstream.Locate(string(le.text), se)
		je.Line = le.line
		je.Offset += le.offset
		e.reportSyntax(name, je)
		return
	}
	fmt.Fprintf(e.stderr, "%s:%d: %v\n", name, le.line, le.err)
}
