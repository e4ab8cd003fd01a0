package main

import (
	"bytes"
	"fmt"
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
