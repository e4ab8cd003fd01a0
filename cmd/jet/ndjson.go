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

// lineStream processes one line as lineFunc does, writing its output to
// w as it is made. It is used for long lines, whose output would
// otherwise be held whole. Output is written only once the line is
// known to be valid.
type lineStream func(w io.Writer, line []byte) error

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
	var (
		fn     lineFunc
		stream lineStream // for long lines, if fn's output is large
	)
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
				if err := checkDoc(line, strict); err != nil {
					return dst, lineSyntax(err)
				}
				dst, _ = writeSorted(dst, nil, line, html)
				return append(dst, '\n'), nil
			}
			if !strict {
				if err := syntaxv1.Validate(wire.StringOf(line), wire.DefaultMaxDepth); err != nil {
					return dst, err
				}
			}
			return append(wire.AppendCompact(dst, wire.StringOf(line), html), '\n'), nil
		}
		stream = func(w io.Writer, line []byte) error {
			// As fn, but writing to w as it goes.
			if strict {
				if err := syntaxv1.Validate(wire.StringOf(line), wire.DefaultMaxDepth); err != nil {
					return err
				}
				if err := checkUTF8(line); err != nil {
					return err
				}
			}
			if sortKeys {
				if err := checkDoc(line, strict); err != nil {
					return lineSyntax(err)
				}
				writeSorted(make([]byte, 0, sortFlushAt+4<<10), w, line, html)
			} else {
				if !strict {
					if err := syntaxv1.Validate(wire.StringOf(line), wire.DefaultMaxDepth); err != nil {
						return err
					}
				}
				// Process's compact layout is AppendCompact's.
				jsonstream.Process(w, bytes.NewReader(line), jsonstream.Options{Mode: jsonstream.Compact, EscapeHTML: html})
			}
			w.Write(newline) // w keeps its errors
			return nil
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
		failed, err := eachLine(e, out, in, fn, stream, jobs)
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

// A batch is a run of whole lines, processed by one worker; or one long
// line (longer than batchSize), processed in turn as the output is
// written. Batches and their buffers are reused once written out.
type batch struct {
	data      []byte // the lines, each ending in '\n' except perhaps the input's last
	firstLine int64  // number of the first line (1-based)
	offset    int64  // offset in the input of data[0]
	long      bool   // data is one line longer than batchSize, in buf
	buf       chunk  // the buffer of a long line
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
// of workers and writes the output in input order; a long line is
// written by stream, if not nil, as it is made rather than held. It
// reports each line's error and returns whether any line failed, and the
// input's read error if any. At most 2*jobs+2 batches of batchSize are
// in flight, and one long line, so memory stays bounded by a few
// megabytes per worker and the longest line.
func eachLine(e *env, out io.Writer, in *input, fn lineFunc, stream lineStream, jobs int) (failed bool, err error) {
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
	sp := &splitter{r: in.r, free: &free, long: make(chan chunk, 1), line: 1}
	sp.long <- chunk{} // no long line in flight
	defer sp.release()
	readErr := make(chan error, 1)
	go func() {
		readErr <- sp.run(func(b *batch) {
			long := b.long // b is the writer's once sent
			ordered <- b
			if !long {
				work <- b
			}
		})
		close(ordered)
		close(work)
	}()
	var werr error
	for b := range ordered {
		if b.long {
			werr = b.processLong(out, fn, stream, werr)
		} else {
			<-b.done
			if werr == nil {
				_, werr = out.Write(b.out)
			}
		}
		for _, le := range b.errs {
			failed = true
			e.reportLine(in.name, le)
		}
		if b.long {
			sp.long <- b.buf // for the next long line
			b.data, b.buf, b.long = nil, chunk{}, false
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

// processLong processes a long line as the output is written: with
// stream, writing to out as it goes; else with fn. werr is out's first
// error, returned updated.
func (b *batch) processLong(out io.Writer, fn lineFunc, stream lineStream, werr error) error {
	text := bytes.TrimSuffix(b.data, newline)
	if wire.SkipSpace(wire.StringOf(text), 0) == len(text) {
		return werr // blank
	}
	var err error
	if stream != nil && werr == nil {
		ew := &errWriter{w: out}
		err = stream(ew, text)
		if ew.err != nil {
			return ew.err
		}
	} else {
		b.out, err = fn(b.out, text)
		if werr == nil {
			_, werr = out.Write(b.out)
		}
	}
	if err != nil {
		b.errs = append(b.errs, lineError{line: b.firstLine, offset: b.offset, text: text, err: err})
	}
	return werr
}

// errWriter writes to w and keeps w's first error.
type errWriter struct {
	w   io.Writer
	err error
}

func (w *errWriter) Write(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	n, err := w.w.Write(p)
	w.err = err
	return n, err
}

// A splitter reads the input and cuts it into batches.
type splitter struct {
	r    io.Reader
	free *sync.Pool
	// long holds the buffer of the last long line when no long line is
	// in flight; the splitter takes it (waiting for it) to read the next.
	long         chan chunk
	line, offset int64
}

// release gives back the buffer of the last long line, once all are
// written.
func (sp *splitter) release() {
	c := <-sp.long
	freeChunk(&c)
}

// run reads the input and hands out batches of whole lines.
func (sp *splitter) run(send func(*batch)) error {
	var carry []byte // the start of a line cut by the end of the last batch
	for {
		b, _ := sp.free.Get().(*batch)
		if b == nil {
			b = new(batch)
		}
		buf := b.data[:0]
		if cap(buf) < batchSize {
			buf = make([]byte, 0, batchSize)
		}
		buf = append(buf, carry...) // len(carry) < batchSize
		eof := false
		var rerr error
		// Read until the buffer holds a newline and is at least half full,
		// or is full.
		for len(buf) < cap(buf) {
			n, err := sp.r.Read(buf[len(buf):cap(buf)])
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
		if !eof && bytes.IndexByte(buf, '\n') < 0 {
			// A line longer than the buffer: read it whole into a
			// buffer of its own.
			lb := &batch{firstLine: sp.line, offset: sp.offset, long: true}
			lb.buf, lb.data, carry, eof, rerr = sp.readLong(buf, carry[:0])
			b.data = buf[:0]
			sp.free.Put(b)
			sp.line += int64(bytes.Count(lb.data, newline))
			sp.offset += int64(len(lb.data))
			send(lb)
			if eof {
				return rerr
			}
			continue
		}
		cut := len(buf)
		if !eof {
			cut = bytes.LastIndexByte(buf, '\n') + 1
		}
		carry = append(carry[:0], buf[cut:]...)
		if cut > 0 {
			b.data, b.firstLine, b.offset, b.done = buf[:cut], sp.line, sp.offset, make(chan struct{})
			sp.line += int64(bytes.Count(b.data, newline))
			sp.offset += int64(cut)
			send(b)
		}
		if eof {
			return rerr
		}
		if cut == 0 {
			b.data = buf[:0]
			sp.free.Put(b)
		}
	}
}

// readLong reads the rest of a line that starts with head and returns
// it whole, with its newline if it has one, in a buffer of its own, and
// what was read after the newline appended to carry. It waits until the
// last long line is written, and reads into that line's buffer first.
// A line longer than that buffer is read on in chunks and joined into a
// buffer of its size, each chunk freed once copied: at most one chunk
// more than the line is held.
func (sp *splitter) readLong(head, carry []byte) (buf chunk, line, rest []byte, eof bool, err error) {
	first := <-sp.long
	if cap(first.b) < chunkSize {
		freeChunk(&first)
		first = allocChunk(chunkSize)
	}
	first.b = first.b[:cap(first.b)]
	chunks := []chunk{first}
	defer func() {
		for k := range chunks {
			freeChunk(&chunks[k])
		}
	}()
	k := copy(first.b, head) // bytes used in the last chunk
	n := 0                   // bytes in the chunks before it
	for found := false; !found && !eof; {
		c := &chunks[len(chunks)-1]
		if k == len(c.b) {
			n += k
			chunks = append(chunks, allocChunk(chunkSize))
			c, k = &chunks[len(chunks)-1], 0
		}
		// Reads of at most half a batch, so that what follows the
		// newline fits in the next batch.
		m, rerr := sp.r.Read(c.b[k:min(len(c.b), k+batchSize/2)])
		if i := bytes.IndexByte(c.b[k:k+m], '\n'); i >= 0 {
			found = true
			carry = append(carry, c.b[k+i+1:k+m]...)
			m = i + 1
		}
		k += m
		if rerr == io.EOF {
			eof = true
		} else if rerr != nil {
			eof, err = true, rerr
		}
	}
	chunks[len(chunks)-1].b = chunks[len(chunks)-1].b[:k]
	n += k
	if len(chunks) == 1 {
		buf, chunks = chunks[0], nil
		return buf, buf.b[:n], carry, eof, err
	}
	buf = allocChunk(n)
	at := 0
	for k := range chunks {
		at += copy(buf.b[at:], chunks[k].b)
		freeChunk(&chunks[k])
	}
	return buf, buf.b[:n], carry, eof, err
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

// lineSyntax returns the syntax error within the line of err, an error
// from checkDoc.
func lineSyntax(err error) error {
	var je *jsonstream.Error
	if errors.As(err, &je) {
		return je.Syntax
	}
	return err
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
