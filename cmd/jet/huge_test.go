package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// writeHuge writes a single-line JSON document of about size bytes: an
// array of records, with a 2 MB string and a 1 MB number in the middle
// (tokens longer than jet's read buffer), and tail after the last
// record (use "]" for a valid document).
func writeHuge(t *testing.T, path string, size int, tail string) int64 {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	w.WriteString("[")
	rec := `{"id":1234567,"name":"` + strings.Repeat("n", 40) + `","ok":true,"tags":["a","b\n","é"],"v":-1.25e-3,"x":null},`
	for n := 0; n < size; n += len(rec) {
		if n <= size/2 && size/2 < n+len(rec) {
			w.WriteString(`"` + strings.Repeat("s", 2<<20) + `",` + strings.Repeat("9", 1<<20) + `,`)
		}
		w.WriteString(rec)
	}
	w.WriteString(`{}` + tail)
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

// countWriter counts what is written to it.
type countWriter struct{ n int64 }

func (w *countWriter) Write(b []byte) (int, error) {
	w.n += int64(len(b))
	return len(b), nil
}

// runMeasured runs jet and returns its exit status, standard output size,
// standard error and peak resident memory (0 if unknown).
//
// jet is started through this test binary in helper mode (see
// measureChild), because on Linux a process started by the large test
// process itself would report that process's peak as its own: Go starts
// children with vfork, and the kernel carries the peak of the address
// space a process execs from into its rusage.
func runMeasured(t *testing.T, args ...string) (code int, outSize int64, stderr string, rss int64) {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	rssFile := filepath.Join(t.TempDir(), "rss")
	cmd := exec.Command(self, append([]string{jetBinary(t)}, args...)...)
	cmd.Env = append(os.Environ(), "JET_TEST_MEASURE="+rssFile)
	var out countWriter
	var errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(rssFile); err == nil {
		rss, _ = strconv.ParseInt(string(b), 10, 64)
	}
	return code, out.n, errb.String(), rss
}

// measureChild is the test binary's helper mode: it runs the command in
// its arguments with its own standard streams, writes the command's peak
// resident memory to the file named by JET_TEST_MEASURE and exits with
// the command's status.
func measureChild(rssFile string) int {
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	if cmd.ProcessState == nil {
		fmt.Fprintln(os.Stderr, err)
		return 125
	}
	if rss, ok := maxRSS(cmd.ProcessState); ok {
		os.WriteFile(rssFile, []byte(strconv.FormatInt(rss, 10)), 0o644)
	}
	return cmd.ProcessState.ExitCode()
}

// TestHugeSingleLine runs valid and fmt on a one-line document much
// larger than jet's buffers and checks that the processes stayed within
// 64 MB of resident memory. The document is 64 MB, or 6 MB with -short;
// JET_HUGE_MB=N sets another size (JET_HUGE_MB=1024 for the 1 GB run).
func TestHugeSingleLine(t *testing.T) {
	sizes := []int{64 << 20}
	if testing.Short() {
		sizes = []int{6 << 20}
	}
	if v := os.Getenv("JET_HUGE_MB"); v != "" {
		mb, err := strconv.Atoi(v)
		if err != nil {
			t.Fatalf("JET_HUGE_MB=%q: %v", v, err)
		}
		sizes = []int{mb << 20}
	}
	const limit = 64 << 20
	for _, size := range sizes {
		t.Run(fmt.Sprintf("%dMB", size>>20), func(t *testing.T) {
			dir := t.TempDir()
			good := filepath.Join(dir, "good.json")
			n := writeHuge(t, good, size, "]")
			for _, args := range [][]string{{"valid"}, {"fmt"}, {"fmt", "--compact"}} {
				code, out, stderr, rss := runMeasured(t, append(args, good)...)
				if code != 0 || stderr != "" {
					t.Fatalf("%v: exit %d, stderr %q", args, code, stderr)
				}
				if args[0] == "fmt" && out < n {
					t.Errorf("%v: %d bytes of output for %d of input", args, out, n)
				}
				if args[len(args)-1] == "--compact" && out != n+1 {
					t.Errorf("%v: %d bytes of output, want the input's %d and a newline", args, out, n)
				}
				if rss > limit {
					t.Errorf("%v: peak resident memory %d MB, over %d MB", args, rss>>20, limit>>20)
				}
				t.Logf("%v on %d MB: peak resident memory %.1f MB", args, n>>20, float64(rss)/(1<<20))
			}
			// An error at the very end of the line: located, and shown
			// as a window of the line.
			bad := filepath.Join(dir, "bad.json")
			n = writeHuge(t, bad, min(size, 8<<20), ",]") // a long line is enough
			code, _, stderr, rss := runMeasured(t, "valid", bad)
			want := fmt.Sprintf("%s:1:%d (byte %d): invalid character ']' looking for beginning of value\n", bad, n, n-1)
			if code != 1 || !strings.HasPrefix(stderr, want) {
				t.Errorf("valid on bad input: exit %d, stderr %q, want it to start with %q", code, stderr, want)
			}
			lines := strings.Split(stderr, "\n")
			if len(lines) != 4 || !strings.HasPrefix(lines[1], "...") || len(lines[1]) > 100 || !strings.HasSuffix(lines[2], "^") {
				t.Errorf("valid on bad input: the line is not shown as a short window with a caret:\n%s", stderr)
			}
			if rss > limit {
				t.Errorf("valid on bad input: peak resident memory %d MB", rss>>20)
			}
		})
	}
}

// TestHugeStdin streams a large document through standard input.
func TestHugeStdin(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "in.json")
	n := writeHuge(t, path, 4<<20, "]")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cmd := exec.Command(jetBinary(t), "fmt", "-c")
	cmd.Stdin = f
	var out countWriter
	cmd.Stdout, cmd.Stderr = &out, io.Discard
	if err := cmd.Run(); err != nil || out.n != n+1 {
		t.Errorf("fmt -c from stdin: %v, %d bytes out for %d in", err, out.n, n)
	}
}
