package main

import (
	"bytes"
	"fmt"
	"io"
	"math/rand"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Memory regression tests: how much the process's resident memory grows
// while a command runs in it, sampled as it runs, against the size of
// the input. (Resident memory rather than the Go heap, since the large
// buffers are mapped outside the heap, and only the pages written count.)
// They take a few seconds and are skipped with -short.

// residentBytes returns the process's resident memory, from
// /proc/self/statm.
func residentBytes() (int64, bool) {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0, false
	}
	pages, err := strconv.ParseInt(f[1], 10, 64)
	return pages * int64(os.Getpagesize()), err == nil
}

// peakGrowth runs f and returns the largest growth of the process's
// resident memory over its level before f (after a collection that gives
// free memory back to the system), sampled every 2 ms and at the end.
func peakGrowth(t *testing.T, f func()) int64 {
	t.Helper()
	debug.FreeOSMemory()
	base, ok := residentBytes()
	if !ok {
		t.Skip("no /proc/self/statm")
	}
	stop := make(chan struct{})
	peak := make(chan int64)
	go func() {
		var p int64
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			v, _ := residentBytes()
			p = max(p, v)
			select {
			case <-stop:
				v, _ := residentBytes()
				peak <- max(p, v)
				return
			case <-tick.C:
			}
		}
	}()
	f()
	close(stop)
	return <-peak - base
}

// runQuiet runs a command in-process with stdin as standard input,
// counting its output rather than keeping it.
func runQuiet(t *testing.T, stdin []byte, args ...string) (outSize int64) {
	t.Helper()
	var out countWriter
	var errb strings.Builder
	e := &env{stdin: bytes.NewReader(stdin), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}
	if code := run(e, args); code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errb.String())
	}
	return out.n
}

// genDoc returns a document of about size bytes: an object of many
// members and an array, of records whose keys want sorting, escaped,
// non-ASCII, invalid UTF-8 and repeated.
func genDoc(size int) []byte {
	r := rand.New(rand.NewSource(1))
	keys := []string{`"zeta"`, `"alpha"`, `"a\u00e9"`, `"\u0061b"`, `"ab"`, `"é"`, `"<tag>"`, `"x\ny"`,
		`"dup"`, `"dup"`, `"Z"`, `""`, "\"\xff\xfe\"", `"\ud800x"`, `"\u2028"`}
	values := []string{`-1.50e+10`, `"esc \"q\" \/ <b> & \u00e9 é \u2029"`, `[1, {"b":2,"a":[true,false,null]}, "x", {}, []]`,
		`{"y":{"c":1,"b":{"z":0,"a":0}},"x":"v"}`, ` null `, "\"bad \xc3 utf8\"", `{"dup":1,"dup":{"b":1,"a":2}}`}
	var b bytes.Buffer
	rec := func() {
		b.WriteByte('{')
		for k := 0; k < 10; k++ {
			if k > 0 {
				b.WriteByte(',')
			}
			if r.Intn(2) == 0 {
				b.WriteString(keys[r.Intn(len(keys))])
			} else {
				fmt.Fprintf(&b, `"k%d"`, r.Intn(1000))
			}
			b.WriteByte(':')
			if r.Intn(3) == 0 {
				fmt.Fprintf(&b, "%d", r.Int63())
			} else {
				b.WriteString(values[r.Intn(len(values))])
			}
		}
		b.WriteByte('}')
	}
	b.WriteString("{\n")
	for n := 0; b.Len() < size/2; n++ {
		fmt.Fprintf(&b, "%q: ", fmt.Sprint("m", r.Intn(1<<30)))
		rec()
		b.WriteString(",\n")
	}
	b.WriteString(`"arr": [`)
	for n := 0; b.Len() < size; n++ {
		if n > 0 {
			b.WriteString(", ")
		}
		rec()
	}
	b.WriteString("]}\n")
	return b.Bytes()
}

// TestSortKeysMatchesEncodingJSON checks fmt --sort-keys on genDoc's
// document against encoding/json.
func TestSortKeysMatchesEncodingJSON(t *testing.T) {
	doc := genDoc(1 << 20)
	for _, html := range []bool{false, true} {
		want, err := stdSortedCompact(doc, html)
		if err != nil {
			t.Fatal(err)
		}
		got, err := sortedKeys(doc, false, html)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Fatalf("html=%v: sorted output differs from encoding/json's", html)
		}
	}
}

// TestSortKeysMemory checks that fmt --sort-keys holds at most twice its
// input (it once held 13 times it, as maps).
func TestSortKeysMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("large input")
	}
	doc := genDoc(24 << 20)
	for _, args := range [][]string{{"fmt", "-S"}, {"fmt", "-S", "-c", "--escape-html"}} {
		var out int64
		grew := peakGrowth(t, func() { out = runQuiet(t, doc, args...) })
		ratio := float64(grew) / float64(len(doc))
		t.Logf("%v on %.1f MB: memory grew %.1f MB (%.2fx), %d bytes out", args, float64(len(doc))/(1<<20), float64(grew)/(1<<20), ratio, out)
		if ratio > 2 {
			t.Errorf("%v: memory grew by %.2f times the input, want at most 2", args, ratio)
		}
	}
}

// TestNDJSONLongLineMemory checks that ndjson holds about the longest
// line and a few megabytes per worker (it once held 3.4 times the line).
func TestNDJSONLongLineMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("large input")
	}
	long := genDoc(32 << 20)
	long = bytes.ReplaceAll(long, []byte("\n"), nil)
	var in bytes.Buffer
	small := genDoc(2 << 10)
	small = bytes.ReplaceAll(small, []byte("\n"), nil)
	for k := 0; k < 500; k++ {
		in.Write(small)
		in.WriteByte('\n')
	}
	in.Write(long)
	in.WriteString("\n\n")
	for k := 0; k < 500; k++ {
		in.Write(small)
		in.WriteByte('\n')
	}
	in.Write(long) // twice, the second time without a newline
	const jobs = 2
	limit := float64(len(long))*1.2 + (2+jobs)*4<<20
	for _, args := range [][]string{
		{"ndjson", "valid"}, {"ndjson", "fmt"}, {"ndjson", "fmt", "-S"}, {"ndjson", "get", "arr.0"},
	} {
		args = append(args, "-j", fmt.Sprint(jobs))
		var out int64
		grew := peakGrowth(t, func() { out = runQuiet(t, in.Bytes(), args...) })
		t.Logf("%v, longest line %.1f MB: memory grew %.1f MB (%.2fx the line), %d bytes out", args,
			float64(len(long))/(1<<20), float64(grew)/(1<<20), float64(grew)/float64(len(long)), out)
		if float64(grew) > limit {
			t.Errorf("%v: memory grew %.1f MB, over 1.2 times the longest line (%.1f MB) and 4 MB per worker and 8 MB",
				args, float64(grew)/(1<<20), float64(len(long))/(1<<20))
		}
	}
}

// smallReads reads at most n bytes at a time.
type smallReads struct {
	r io.Reader
	n int
}

func (s smallReads) Read(p []byte) (int, error) { return s.r.Read(p[:min(len(p), s.n)]) }

// TestNDJSONLongLines checks the output and errors of ndjson on lines
// around the sizes where the reader changes course: the batch (1 MB),
// and the chunks long lines are read in (4 MB).
func TestNDJSONLongLines(t *testing.T) {
	rec := `{"b":[1,2, "x\u00e9"],"a" : {"d":null,"c":true}}`
	line := func(size int) string { // a valid line of about size bytes
		var b strings.Builder
		b.WriteString(`[`)
		for b.Len() < size-len(rec)-2 {
			b.WriteString(rec + ", ")
		}
		b.WriteString(rec + `]`)
		return b.String()
	}
	sizes := []int{batchSize - 1, batchSize, batchSize + 1, chunkSize + batchSize/2, 2*chunkSize + 3}
	if testing.Short() {
		sizes = []int{batchSize + 1, chunkSize + 1}
	}
	var lines []string
	for k, size := range sizes {
		lines = append(lines, line(size), `{"short":1}`)
		if k == 1 {
			lines = append(lines, strings.Repeat(" ", 2*batchSize), line(2*batchSize)+",") // blank, then invalid
		}
	}
	lines = append(lines, line(batchSize+7)) // the last, without a newline
	in := strings.Join(lines, "\n")
	wantOut, wantBad := ndjsonExpect(in)
	var wantSorted strings.Builder
	for _, l := range lines {
		if s, err := stdSortedCompact([]byte(l), false); err == nil && strings.TrimSpace(l) != "" {
			wantSorted.WriteString(s + "\n")
		}
	}
	for _, n := range []int{1 << 30, 4093} {
		for _, sort := range []bool{false, true} {
			args := []string{"ndjson", "fmt"}
			want := wantOut
			if sort {
				args, want = append(args, "-S"), wantSorted.String()
			}
			r := runInProcess(smallReads{strings.NewReader(in), n}, args...)
			if r.stdout != want {
				t.Errorf("%v, reads of %d: output differs (%d bytes, want %d)", args, n, len(r.stdout), len(want))
			}
			if got := errorLines(r.stderr); !sameInts(got, wantBad) {
				t.Errorf("%v, reads of %d: errors on lines %v, want %v", args, n, got, wantBad)
			}
		}
	}
	// The error names the byte in the whole input.
	r := runInProcess(strings.NewReader(in), "ndjson", "valid")
	bad := strings.Index(in, "],\n") + 1
	if want := fmt.Sprintf(":6:2097201 (byte %d): ", bad); !strings.Contains(r.stderr, want) {
		t.Errorf("ndjson valid: error %q does not name %s", r.stderr, want)
	}
}
