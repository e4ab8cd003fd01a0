// Command bigstream checks the Decoder's memory bar: a Decoder holds a
// fixed buffer plus the largest single token or value it must return, so
// reading a 1 GB array of small objects token by token should peak well
// under 64 MB.
//
// It streams a generated JSON array of small objects, such as
//
//	{"id":123,"name":"user123","tags":["a","b"],"score":23.5}
//
// made on the fly by an io.Reader (never held in memory), into a jsontext
// Decoder and reads it token by token (or, with -op value, element by
// element with ReadValue), then prints the count, the time taken and the
// process's peak resident set (VmHWM, Linux). Measure the peak from
// outside with
//
//	cd bench && go build -o /tmp/bigstream ./cmd/bigstream &&
//	/usr/bin/time -v /tmp/bigstream -lib jet
//
// -lib picks the implementation: jet (github.com/jetjson/jet/jsontext),
// goccy (github.com/goccy/go-json/jsontext), std (encoding/json/jsontext,
// only when built with Go 1.27 and GOEXPERIMENT=jsonv2), or none (read
// the generator into io.Discard: its own time and memory, for reference).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"
)

// readers maps -lib to the function that reads r with that library's
// Decoder: token by token (value false) or the top-level array's elements
// with ReadValue (value true). It returns the tokens or values read.
var readers = map[string]func(r io.Reader, value bool) (int64, error){
	"jet":   readJet,
	"goccy": readGoccy,
	"none": func(r io.Reader, _ bool) (int64, error) {
		_, err := io.Copy(io.Discard, r)
		return 0, err
	},
}

func main() {
	lib := flag.String("lib", "jet", "library: "+strings.Join(libNames(), ", "))
	size := flag.Int64("size", 1<<30, "size of the generated document in bytes (it ends with the first object past it)")
	op := flag.String("op", "token", "token: ReadToken until io.EOF; value: ReadToken '[', ReadValue each element, ReadToken ']'")
	flag.Parse()
	read, ok := readers[*lib]
	if !ok {
		if *lib == "std" {
			fatalf("-lib std needs encoding/json/jsontext: build with Go 1.27 and GOEXPERIMENT=jsonv2 (%s here)", runtime.Version())
		}
		fatalf("unknown -lib %q (have %s)", *lib, strings.Join(libNames(), ", "))
	}
	if *op != "token" && *op != "value" {
		fatalf("-op must be token or value")
	}

	g := &generator{size: *size}
	start := time.Now()
	n, err := read(g, *op == "value")
	elapsed := time.Since(start)
	if err != nil {
		fatalf("%s: after %d bytes: %v", *lib, g.written, err)
	}
	want := 2 + tokensPerObject*g.objects
	if *op == "value" {
		want = 2 + g.objects
	}
	fmt.Printf("lib: %s (%s)\nop: %s\n", *lib, runtime.Version(), *op)
	fmt.Printf("document: %d bytes, %d objects\n", g.written, g.objects)
	if *lib != "none" {
		fmt.Printf("read: %d %ss (want %d)\n", n, *op, want)
	}
	fmt.Printf("elapsed: %s (%.0f MB/s)\n", elapsed.Round(time.Millisecond), float64(g.written)/elapsed.Seconds()/1e6)
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Printf("go heap: %.1f MB obtained from the OS (Sys), %.1f MB allocated in all, %d GCs\n", float64(ms.Sys)/1e6, float64(ms.TotalAlloc)/1e6, ms.NumGC)
	if hwm := peakRSS(); hwm != "" {
		fmt.Printf("peak RSS (VmHWM): %s\n", hwm)
	}
	if *lib != "none" && n != want {
		fatalf("read %d %ss, want %d", n, *op, want)
	}
}

func libNames() []string {
	var names []string
	for n := range readers {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "bigstream: "+format+"\n", args...)
	os.Exit(1)
}

// peakRSS returns the VmHWM line of /proc/self/status, or "".
func peakRSS() string {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return ""
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if v, ok := strings.CutPrefix(s.Text(), "VmHWM:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// tokensPerObject is the number of tokens in each generated object:
// { "id" N "name" "userN" "tags" [ "a" "b" ] "score" F }.
const tokensPerObject = 13

// generator is an io.Reader of a JSON array of small objects, made as it
// is read: it ends with the first object that brings it to size bytes.
// Only the object being copied out is held.
type generator struct {
	size    int64
	written int64 // bytes returned so far
	made    int64 // bytes made so far
	objects int64 // objects made so far
	buf     []byte
	off     int
	state   int // 0: before '[', 1: inside, 2: after ']'
}

func (g *generator) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if g.off == len(g.buf) {
			if !g.next() {
				break
			}
		}
		c := copy(p[n:], g.buf[g.off:])
		g.off += c
		n += c
	}
	g.written += int64(n)
	if n == 0 {
		return 0, io.EOF
	}
	return n, nil
}

// next makes the next piece of the document in g.buf, reporting false at
// its end.
func (g *generator) next() bool {
	b := g.buf[:0]
	switch g.state {
	case 0:
		b = append(b, '[')
		g.state = 1
	case 1:
		// A few objects per piece (about 4 KB), so that copying is not
		// made per object.
		for len(b) < 4096 {
			if g.objects > 0 {
				b = append(b, ',')
			}
			i := g.objects
			b = append(b, `{"id":`...)
			b = strconv.AppendInt(b, i, 10)
			b = append(b, `,"name":"user`...)
			b = strconv.AppendInt(b, i, 10)
			b = append(b, `","tags":["a","b"],"score":`...)
			b = strconv.AppendInt(b, i%100, 10)
			b = append(b, ".5}"...)
			g.objects++
			if g.made+int64(len(b)) >= g.size {
				b = append(b, ']', '\n')
				g.state = 2
				break
			}
		}
	default:
		return false
	}
	g.buf, g.off = b, 0
	g.made += int64(len(b))
	return true
}
