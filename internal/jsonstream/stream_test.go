package jsonstream

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/jetjson/jet/internal/oracle"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"
)

// cases are inputs with the edge cases of the grammar, of token
// boundaries and of errors.
var cases = []string{
	``, ` `, "\n\n", `null`, `true`, `false`, `0`, `-0`, `1`, `-1.5e-300`, `1E+2`, `1e400`,
	`123456789012345678901234567890`, `01`, `1.`, `.5`, `+1`, `-`, `--1`, `1e`, `1e+`, `1e+-1`, `0x10`, `NaN`, `1.5.5`,
	`""`, `"\"\\\/\b\f\n\r\t\u0000\u001f\u007f\u00e9\u2028\u2029\uffff"`, `"\ud83d\ude00"`, `"\ud800"`,
	`"\u00"`, `"\u00zz"`, `"\x"`, `"\'"`, "\"\xff\"", "\"\xc3\"", "\"\xed\xa0\x80\"", "\"\xf4\x90\x80\x80\"",
	"\"\x7f\"", "\"\x01\"", "\"\t\"", "\"a\nb\"", `"<>&"`, "\"\u2028\u2029\"", `"abc`, `"\`, `"\u12`,
	`[]`, `{}`, `[ ]`, `{ }`, "[\n]", `[1,2,3]`, `[1,]`, `[,1]`, `[1 2]`, `{"a":1}`, `{"a":1,}`, `{"a" 1}`, `{"a":}`,
	`{,}`, `{1:2}`, `{"a":1 "b":2}`, `{"a":1]`, `[1}`, `[`, `{`, `{"a"`, `{"a":`, `{"a":1`, `{"a":1,`, `[1`, `[1,`,
	`[1,[2,[3,[4,[5]]]]]`, `{"a":{"b":{"c":{"d":null}}}}`, `[{"a":[{"b":[]}]}]`, `[[],{},[[]],{"a":{}}]`,
	strings.Repeat("[", 300) + strings.Repeat("]", 300), strings.Repeat(`{"a":`, 500) + "1" + strings.Repeat("}", 500), strings.Repeat("[", 50),
	`1 2`, `{}{}`, `[][]`, `"a""b"`, `truefalse`, `1-2`, `[1]2`, `nulltrue`, `1 x`, `{"a":1} [`,
	`  {"a" : [ 1 , 2 ] , "b" : "c" }  `, "\t\n\r {}\r\n", `tru`, `nul`, `fals`, `trux`, `{"a":tru}`, `[nul]`,
	`{"a":1,"b":"x","c":true,"d":null,"e":[1.5,-2],"f":{"g":"h"}}`,
	"{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {}\n}\n",
	`{"a":"` + strings.Repeat("x", 300) + `\n` + strings.Repeat("é", 150) + `"}`,
	`["` + strings.Repeat("\u2028<&>", 100) + `"]`,
	`[` + strings.Repeat("9", 1000) + `]`, `[-` + strings.Repeat("1", 500) + `.` + strings.Repeat("2", 500) + `e-` + strings.Repeat("3", 300) + `]`,
	`[` + strings.Repeat("1", 300) + `.]`, `[` + strings.Repeat("1", 300) + `e+]`, `-` + strings.Repeat("0", 300),
	`"` + strings.Repeat(`\u00e9\n`, 200) + `"`, `"` + strings.Repeat(`ab\`, 100) + `q"`, `"` + strings.Repeat("é", 200),
	`"` + strings.Repeat("\xe2\x82\xac", 100) + "\xe2\x82" + `"`, `"` + strings.Repeat("x", 500) + "\x00" + `"`,
	`"` + strings.Repeat("x", 500) + `\u12`, `"` + strings.Repeat("x", 500) + `\`,
	`{"` + strings.Repeat("k", 400) + `":"` + strings.Repeat("v", 400) + `"}`,
	strings.Repeat(" ", 1000) + "1" + strings.Repeat(" ", 1000), strings.Repeat("\n", 300) + "[1,\n2,,3]",
}

// bufferSizes exercise refills at every kind of place, from the smallest
// buffer to one that holds every case.
var bufferSizes = []int{0, MinBufferSize, MinBufferSize + 1, MinBufferSize + 7, 200, 333, 1000}

// readers feed input in different ways: at once, a byte at a time, with
// io.EOF along with the last data, in halves.
var readers = []struct {
	name string
	wrap func(io.Reader) io.Reader
}{
	{"plain", func(r io.Reader) io.Reader { return r }},
	{"onebyte", iotest.OneByteReader},
	{"dataerr", iotest.DataErrReader},
	{"half", iotest.HalfReader},
}

func TestAgainstEncodingJSON(t *testing.T) {
	oracle.Require(t)
	for _, in := range cases {
		for _, size := range bufferSizes {
			for _, rd := range readers {
				if rd.name == "onebyte" && len(in) > 2000 {
					continue
				}
				if msg := compare([]byte(in), size, rd.wrap); msg != "" {
					t.Errorf("input %.80q, buffer %d, %s reader: %s", in, size, rd.name, msg)
				}
			}
		}
	}
}

// compare runs every mode on in and compares the results with
// encoding/json's. It returns what differs, or "".
func compare(in []byte, size int, wrap func(io.Reader) io.Reader) string {
	run := func(o Options) (string, error) {
		o.BufferSize = size
		var out bytes.Buffer
		err := Process(&out, wrap(bytes.NewReader(in)), o)
		return out.String(), err
	}
	var cb, ib bytes.Buffer
	cerr := stdError(in)
	if cerr == nil {
		json.Compact(&cb, in)
		json.Indent(&ib, in, "", "\t")
	}
	ierr := cerr
	if err := Process(nil, wrap(bytes.NewReader(in)), Options{BufferSize: size}); !sameError(err, cerr) {
		return fmt.Sprintf("validate: got %v, encoding/json %v", err, cerr)
	}
	got, err := run(Options{Mode: Compact})
	if !sameError(err, cerr) {
		return fmt.Sprintf("compact: got %v, encoding/json %v", err, cerr)
	}
	if err == nil && got != cb.String() {
		return fmt.Sprintf("compact:\n got %q\nwant %q", got, cb.String())
	}
	if err != nil {
		if msg := checkLocation(in, err.(*Error)); msg != "" {
			return msg
		}
	}
	got, err = run(Options{Mode: Indent, Indent: "\t"})
	if !sameError(err, ierr) {
		return fmt.Sprintf("indent: got %v, encoding/json %v", err, ierr)
	}
	if want := strings.TrimRight(ib.String(), " \t\r\n"); err == nil && got != want {
		return fmt.Sprintf("indent:\n got %q\nwant %q", got, want)
	}
	if err == nil {
		if got, err = run(Options{Mode: Preserve}); err != nil || got != string(in) {
			return fmt.Sprintf("preserve:\n got %q, %v\nwant the input", got, err)
		}
		got, err = run(Options{Mode: Preserve, Color: true})
		if plain := stripColor(got); err != nil || plain != string(in) {
			return fmt.Sprintf("preserve in color, without the colors:\n got %q, %v\nwant the input", plain, err)
		}
		var hb bytes.Buffer
		json.HTMLEscape(&hb, cb.Bytes())
		got, err = run(Options{Mode: Compact, EscapeHTML: true})
		if err != nil || got != hb.String() {
			return fmt.Sprintf("compact html:\n got %q, %v\nwant %q", got, err, hb.String())
		}
	}
	err = Process(nil, wrap(bytes.NewReader(in)), Options{BufferSize: size, StrictUTF8: true})
	if want := cerr == nil && utf8.Valid(in); (err == nil) != want {
		return fmt.Sprintf("strict UTF-8: got %v, want valid=%v", err, want)
	}
	if err != nil && cerr != nil && !sameError(err, cerr) {
		// The first error in the input wins: a UTF-8 error may come
		// before encoding/json's.
		var se *json.SyntaxError
		errors.As(cerr, &se)
		if e := err.(*Error); !strings.HasPrefix(e.Msg, "invalid UTF-8") || e.Offset >= se.Offset {
			return fmt.Sprintf("strict UTF-8 on invalid JSON: got %v, encoding/json %v", err, cerr)
		}
	}
	return ""
}

// stripColor removes ANSI color escapes.
func stripColor(s string) string {
	for _, c := range []string{colorKey, colorString, colorNumber, colorBool, colorNull, colorReset} {
		s = strings.ReplaceAll(s, c, "")
	}
	return s
}

// stdError returns encoding/json's verdict on in. (Its Unmarshal
// reports the offset of syntax errors; since Go 1.25 its Compact and
// Indent leave the offset 0.)
func stdError(in []byte) error {
	var v json.RawMessage
	return json.Unmarshal(in, &v)
}

// sameError reports whether err (from Process) is the error std (from
// encoding/json) in message and offset, or both are nil.
func sameError(err, std error) bool {
	if err == nil || std == nil {
		return err == nil && std == nil
	}
	var e *Error
	var se *json.SyntaxError
	if !errors.As(err, &e) || !errors.As(std, &se) {
		return false
	}
	return e.Msg == se.Error() && e.Syntax.Offset == se.Offset
}

// checkLocation checks an error's line, column and text against in.
func checkLocation(in []byte, e *Error) string {
	if e.Offset < 0 || e.Offset > int64(len(in)) {
		return fmt.Sprintf("offset %d outside the input", e.Offset)
	}
	before := in[:e.Offset]
	line := int64(bytes.Count(before, []byte("\n"))) + 1
	col := e.Offset - int64(bytes.LastIndexByte(before, '\n'))
	if e.Line != line || e.Column != col {
		return fmt.Sprintf("%v: want line %d, column %d", e, line, col)
	}
	from := int(e.Offset) - e.TextCol
	if from < 0 || from+len(e.Text) > len(in) || string(in[from:from+len(e.Text)]) != e.Text {
		return fmt.Sprintf("%v: text %q at %d is not in the input", e, e.Text, from)
	}
	if strings.Contains(e.Text, "\n") {
		return fmt.Sprintf("%v: text %q spans lines", e, e.Text)
	}
	if e.TextCol < ctxBefore && !e.CutBefore && from > 0 && in[from-1] != '\n' {
		return fmt.Sprintf("%v: text %q does not start at the line's start", e, e.Text)
	}
	return ""
}

func TestMaxDepth(t *testing.T) {
	oracle.Require(t)
	for _, in := range []string{
		strings.Repeat("[", 10000) + strings.Repeat("]", 10000),
		strings.Repeat("[", 10001) + strings.Repeat("]", 10001),
		strings.Repeat(`{"a":`, 10001) + "1" + strings.Repeat("}", 10001),
	} {
		std := stdError([]byte(in))
		for _, size := range []int{0, MinBufferSize} {
			for _, mode := range []Mode{Validate, Compact} {
				err := Process(io.Discard, strings.NewReader(in), Options{Mode: mode, BufferSize: size})
				if !sameError(err, std) {
					t.Errorf("depth %d, buffer %d, mode %d: got %v, encoding/json %v", strings.Count(in, "["), size, mode, err, std)
				}
			}
		}
	}
	err := Process(nil, strings.NewReader("[[[1]]]"), Options{MaxDepth: 2})
	if err == nil || err.(*Error).Msg != "invalid character '[' exceeded max depth" || err.(*Error).Offset != 2 {
		t.Errorf("MaxDepth 2: got %v", err)
	}
}

func TestRandomDocuments(t *testing.T) {
	oracle.Require(t)
	rng := rand.New(rand.NewSource(1))
	n := 300
	if testing.Short() {
		n = 50
	}
	for k := 0; k < n; k++ {
		doc := randomDoc(rng, 4)
		in := []byte(doc)
		if rng.Intn(2) == 0 {
			var b bytes.Buffer
			json.Indent(&b, in, "", "  ")
			in = b.Bytes()
		}
		if rng.Intn(3) == 0 && len(in) > 0 {
			// Break it: cut it short or change a byte.
			if rng.Intn(2) == 0 {
				in = in[:rng.Intn(len(in))]
			} else {
				const breakers = "{}[],:\"\\ x0.e-\n\xff"
				in[rng.Intn(len(in))] = breakers[rng.Intn(len(breakers))]
			}
		}
		size := MinBufferSize + rng.Intn(300)
		rd := readers[rng.Intn(len(readers))]
		if msg := compare(in, size, rd.wrap); msg != "" {
			t.Fatalf("input %q, buffer %d, %s reader: %s", in, size, rd.name, msg)
		}
	}
}

// randomDoc returns a random JSON value with long strings and numbers
// now and then, so that tokens cross buffer boundaries.
func randomDoc(rng *rand.Rand, depth int) string {
	switch k := rng.Intn(10); {
	case k < 2 && depth > 0:
		var b strings.Builder
		b.WriteByte('[')
		for i, n := 0, rng.Intn(6); i < n; i++ {
			if i > 0 {
				b.WriteString(", "[:1+rng.Intn(2)])
			}
			b.WriteString(randomDoc(rng, depth-1))
		}
		b.WriteByte(']')
		return b.String()
	case k < 4 && depth > 0:
		var b strings.Builder
		b.WriteByte('{')
		for i, n := 0, rng.Intn(6); i < n; i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(randomString(rng))
			b.WriteString(": "[:1+rng.Intn(2)])
			b.WriteString(randomDoc(rng, depth-1))
		}
		b.WriteByte('}')
		return b.String()
	case k < 6:
		return randomString(rng)
	case k < 8:
		n := rng.Intn(20)
		if rng.Intn(10) == 0 {
			n = rng.Intn(600)
		}
		s := "-"[:rng.Intn(2)] + "1" + strings.Repeat("7", n)
		if rng.Intn(2) == 0 {
			s += "." + strings.Repeat("5", 1+rng.Intn(n+1))
		}
		if rng.Intn(3) == 0 {
			s += "e" + "+-"[rng.Intn(2):][:rng.Intn(2)] + strings.Repeat("2", 1+rng.Intn(3))
		}
		return s
	default:
		return []string{"true", "false", "null"}[rng.Intn(3)]
	}
}

func randomString(rng *rand.Rand) string {
	pieces := []string{"a", "b", "é", "€", "😀", `\n`, `\"`, `\\`, `\u00e9`, `\ud83d\ude00`, "<", "&", "\u2028", " "}
	n := rng.Intn(8)
	if rng.Intn(8) == 0 {
		n = rng.Intn(400)
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < n; i++ {
		b.WriteString(pieces[rng.Intn(len(pieces))])
	}
	b.WriteByte('"')
	return b.String()
}

func TestCorpus(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/corpus/*.json")
	if len(files) == 0 {
		t.Skip("../shared/corpus is absent: the shared benchmark corpus is not checked out next to the repository")
	}
	for _, f := range files {
		in, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sizes := []int{0, 4096}
		if b := filepath.Base(f); b != "twitter.json" && b != "canada.json" {
			sizes = sizes[:1] // a small buffer takes the same paths
		}
		for _, size := range sizes {
			if msg := compare(in, size, readers[0].wrap); msg != "" {
				t.Errorf("%s, buffer %d: %s", f, size, msg)
			}
		}
	}
}

func TestColor(t *testing.T) {
	var out bytes.Buffer
	err := Process(&out, strings.NewReader(`{"k":["s",1,true,null]}`), Options{Mode: Compact, Color: true})
	if err != nil {
		t.Fatal(err)
	}
	want := `{` + colorKey + `"k"` + colorReset + `:[` + colorString + `"s"` + colorReset + `,` +
		colorNumber + `1` + colorReset + `,` + colorBool + `true` + colorReset + `,` + colorNull + `null` + colorReset + `]}`
	if out.String() != want {
		t.Errorf("got  %q\nwant %q", out.String(), want)
	}
	// Long tokens are colored as a whole, across refills.
	long := `["` + strings.Repeat("x", 1000) + `",` + strings.Repeat("1", 1000) + `]`
	out.Reset()
	if err := Process(&out, strings.NewReader(long), Options{Mode: Compact, Color: true, BufferSize: MinBufferSize}); err != nil {
		t.Fatal(err)
	}
	want = `[` + colorString + `"` + strings.Repeat("x", 1000) + `"` + colorReset + `,` + colorNumber + strings.Repeat("1", 1000) + colorReset + `]`
	if out.String() != want {
		t.Errorf("long tokens: got %q", out.String())
	}
}

func TestStrictUTF8Error(t *testing.T) {
	for _, size := range []int{0, MinBufferSize} {
		in := `["ok", "` + strings.Repeat("é", 100) + "\xff" + `"]`
		err := Process(nil, strings.NewReader(in), Options{StrictUTF8: true, BufferSize: size})
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("buffer %d: got %v, want an *Error", size, err)
		}
		if want := int64(strings.IndexByte(in, 0xff)); e.Offset != want || e.Msg != `invalid UTF-8 in string literal (byte 0xff)` {
			t.Errorf("buffer %d: got %v, want offset %d", size, e, want)
		}
	}
}

func TestSnippet(t *testing.T) {
	tests := []struct{ in, want string }{
		{"{\n  \"a\": },\n}", "  \"a\": },\n       ^\n"},
		{"[1,\n\t\t2x]", "\t\t2x]\n\t\t ^\n"},
		{`"é` + "\x01" + `"`, "\"é\u2401\"\n  ^\n"},
		{`[1,`, "[1,\n   ^\n"},
		{strings.Repeat(" ", 100) + "x" + strings.Repeat(" ", 100), "..." + strings.Repeat(" ", 40) + "x" + strings.Repeat(" ", 40) + "...\n" + strings.Repeat(" ", 43) + "^\n"},
		{"[1,\r\n2x]\r\n", "2x]\n ^\n"},
	}
	for _, tt := range tests {
		err := Process(nil, strings.NewReader(tt.in), Options{})
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("%q: got %v", tt.in, err)
		}
		if got := e.Snippet(); got != tt.want {
			t.Errorf("%q: got\n%s\nwant\n%s", tt.in, got, tt.want)
		}
	}
}

func TestLongLineWindow(t *testing.T) {
	// An error deep inside a line longer than the buffer shows a window
	// of the line, with the right column.
	in := `[` + strings.Repeat(`"abcdefgh",`, 10000) + `x]`
	err := Process(nil, strings.NewReader(in), Options{BufferSize: 1000})
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("got %v", err)
	}
	if e.Line != 1 || e.Column != int64(len(in)-1) || !e.CutBefore || !strings.HasSuffix(e.Text, `"abcdefgh",x]`) ||
		e.TextCol != ctxBefore || len(e.Text) != ctxBefore+2 {
		t.Errorf("got %v, text %q", e, e.Text)
	}
}

func TestReadError(t *testing.T) {
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader(`[1, 2`), iotest.ErrReader(boom))
	if err := Process(nil, r, Options{}); err != boom {
		t.Errorf("got %v, want the reader's error", err)
	}
	// A reader that never returns data is not waited for forever.
	if err := Process(nil, emptyReader{}, Options{}); err != io.ErrNoProgress {
		t.Errorf("got %v, want io.ErrNoProgress", err)
	}
}

type emptyReader struct{}

func (emptyReader) Read([]byte) (int, error) { return 0, nil }

type failWriter struct{ n int }

func (w *failWriter) Write(b []byte) (int, error) {
	w.n++
	return 0, errors.New("disk full")
}

func TestWriteError(t *testing.T) {
	in := strings.Repeat("[", 10000) + strings.Repeat("]", 10000)
	w := &failWriter{}
	err := Process(w, strings.NewReader(in), Options{Mode: Indent, Indent: "    "})
	if err == nil || err.Error() != "disk full" {
		t.Errorf("got %v, want the writer's error", err)
	}
	if w.n != 1 {
		t.Errorf("the writer was called %d times after failing", w.n)
	}
}

// genReader produces a large document without holding it: an array of
// n copies of an object, then the closing bracket, with a 1 MB string
// and a 1 MB number in the middle.
type genReader struct {
	n, i       int
	chunk, mid []byte
	pend       []byte
}

func newGenReader(total int, chunk []byte) *genReader {
	mid := []byte(`"` + strings.Repeat("é", 1<<19) + `",` + strings.Repeat("7", 1<<20) + `,`)
	return &genReader{n: total / len(chunk), chunk: chunk, mid: mid}
}

func (g *genReader) Read(b []byte) (int, error) {
	for len(g.pend) == 0 {
		switch {
		case g.i == 0:
			g.pend = []byte(`[`)
		case g.i == g.n/2:
			g.pend = g.mid
		case g.i < g.n:
			g.pend = g.chunk
		case g.i == g.n:
			g.pend = []byte(`{}]`)
		default:
			return 0, io.EOF
		}
		g.i++
	}
	k := copy(b, g.pend)
	g.pend = g.pend[k:]
	return k, nil
}

func TestBoundedMemory(t *testing.T) {
	// 8 MB of input (4 MB with -short) goes through in a small, fixed
	// amount of memory, whatever the mode. (cmd/jet's end-to-end tests
	// check the resident memory of a much larger run.)
	total := 8 << 20
	if testing.Short() {
		total = 4 << 20
	}
	// Records with strings, and records of numbers and brackets only
	// (whose output is flushed by a different path).
	chunks := [][]byte{
		[]byte(`{"id":12345,"name":"` + strings.Repeat("n", 50) + `","tags":["a","b",[1,2,{"x":null}]],"v":-1.5e3},`),
		[]byte(`[[1.5,-2,3e4],[],{},true,null],`),
	}
	for _, mode := range []Mode{Validate, Compact, Indent, Preserve} {
		for _, chunk := range chunks {
			g := newGenReader(total, chunk)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			var w countWriter
			if err := Process(&w, g, Options{Mode: mode, Indent: "  "}); err != nil {
				t.Fatal(err)
			}
			runtime.ReadMemStats(&after)
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 2<<20 {
				t.Errorf("mode %d: %d bytes allocated for %d bytes of input", mode, alloc, total)
			}
			if mode != Validate && w.n < int64(total) {
				t.Errorf("mode %d: only %d bytes written", mode, w.n)
			}
		}
	}
}

type countWriter struct{ n int64 }

func (w *countWriter) Write(b []byte) (int, error) {
	w.n += int64(len(b))
	return len(b), nil
}

func TestLocate(t *testing.T) {
	src := "{\n  \"a\": 1,\n  \"b\": [1, 2,, 3]\n}"
	var v any
	err := json.Unmarshal([]byte(src), &v)
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		t.Fatal(err)
	}
	perr := Process(nil, strings.NewReader(src), Options{}).(*Error)
	e := Locate(src, perr.Syntax)
	if e.Line != 3 || e.Column != 14 || e.Offset != se.Offset-1 || e.Text != `  "b": [1, 2,, 3]` || e.TextCol != 13 {
		t.Errorf("got %v, text %q at %d", e, e.Text, e.TextCol)
	}
}
