package main

// In-process tests: commands run through run() with buffers for streams,
// so that the race detector sees the NDJSON workers and fuzzing is fast.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

// runInProcess runs a command with stdin as standard input.
func runInProcess(stdin io.Reader, args ...string) result {
	var out, errb bytes.Buffer
	e := &env{stdin: stdin, stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}
	code := run(e, args)
	return result{out.String(), errb.String(), code}
}

// ndjsonExpect is what ndjson fmt should print for in, computed line by
// line with encoding/json, and the numbers of the lines that should fail.
func ndjsonExpect(in string) (out string, bad []int) {
	var b strings.Builder
	for i, line := range strings.Split(in, "\n") {
		if strings.Trim(line, " \t\r") == "" {
			continue
		}
		var c bytes.Buffer
		if err := json.Compact(&c, []byte(line)); err != nil {
			bad = append(bad, i+1)
			continue
		}
		b.Write(c.Bytes())
		b.WriteByte('\n')
	}
	return b.String(), bad
}

// errorLines returns the line numbers that errors on stderr name, in
// order.
func errorLines(stderr string) []int {
	var lines []int
	for _, l := range strings.Split(stderr, "\n") {
		rest, ok := strings.CutPrefix(l, stdinName+":")
		if !ok {
			continue
		}
		n, err := strconv.Atoi(rest[:strings.IndexByte(rest, ':')])
		if err == nil {
			lines = append(lines, n)
		}
	}
	return lines
}

func sameInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestNDJSONParallel runs ndjson fmt and valid over many lines with
// several workers, including a line longer than a batch, and checks the
// output order and the errors against encoding/json, line by line.
func TestNDJSONParallel(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	var b strings.Builder
	for i := 0; i < 30000; i++ {
		switch k := rng.Intn(100); {
		case k < 2:
			b.WriteString("  ")
		case k < 4:
			fmt.Fprintf(&b, `{"n": %d, "bad": [1,,2]}`, i)
		case k < 5:
			fmt.Fprintf(&b, `{"n": %d, "cut": `, i)
		default:
			fmt.Fprintf(&b, `{"n": %d, "s": "%s", "a": [true, null, %d.5]}`, i, strings.Repeat("x", rng.Intn(200)), k)
		}
		if i == 15000 {
			fmt.Fprintf(&b, "\n[\"%s\"]", strings.Repeat("long", batchSize/2))
		}
		b.WriteString("\n")
	}
	b.WriteString(`{"last": "no newline"}`)
	in := b.String()
	want, bad := ndjsonExpect(in)
	for _, jobs := range []string{"1", "3", "8"} {
		r := runInProcess(strings.NewReader(in), "ndjson", "fmt", "-j", jobs)
		if r.stdout != want {
			t.Errorf("-j %s: output differs from encoding/json's Compact of each line", jobs)
		}
		if got := errorLines(r.stderr); r.code != 1 || !sameInts(got, bad) {
			t.Errorf("-j %s: exit %d, errors on lines %v, want %v", jobs, r.code, got, bad)
		}
		r = runInProcess(iotest.HalfReader(strings.NewReader(in)), "ndjson", "valid", "-j", jobs)
		if got := errorLines(r.stderr); r.code != 1 || r.stdout != "" || !sameInts(got, bad) {
			t.Errorf("valid -j %s: exit %d, errors on lines %v, want %v", jobs, r.code, got, bad)
		}
	}
}

// FuzzNDJSON compares ndjson fmt with encoding/json's Compact on each
// line, with any number of workers and reads of any size.
func FuzzNDJSON(f *testing.F) {
	f.Add([]byte("{\"a\": 1}\n[1, 2]\n\n  \n\"x\"\r\n{\"b\":}\n1 2\n"), uint8(2), false)
	f.Add([]byte("[1,\n2]\n{}"), uint8(1), true)
	f.Add([]byte(""), uint8(0), false)
	f.Fuzz(func(t *testing.T, in []byte, jobs uint8, half bool) {
		var r io.Reader = bytes.NewReader(in)
		if half {
			r = iotest.HalfReader(r)
		}
		res := runInProcess(r, "ndjson", "fmt", "-j", strconv.Itoa(1+int(jobs%4)))
		want, bad := ndjsonExpect(string(in))
		if res.stdout != want {
			t.Errorf("output:\n got %q\nwant %q", res.stdout, want)
		}
		if got := errorLines(res.stderr); !sameInts(got, bad) {
			t.Errorf("errors on lines %v, want %v:\n%s", got, bad, res.stderr)
		}
		if wantCode := min(len(bad), 1); res.code != wantCode {
			t.Errorf("exit %d, want %d", res.code, wantCode)
		}
	})
}

// stdSortedCompact is encoding/json's decode with UseNumber and encode
// with sorted keys, or an error for input it rejects.
func stdSortedCompact(data []byte, html bool) (string, error) {
	var raw json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return "", err
	}
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return "", err
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(html)
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	return strings.TrimSuffix(out.String(), "\n"), nil
}

// FuzzSortKeys compares fmt --sort-keys's core with encoding/json.
func FuzzSortKeys(f *testing.F) {
	for _, s := range []string{
		`{"b":1,"a":[{"d":1,"c":2}],"c":{}}`, `{"a":1,"a":2}`, `[1.50,-0,1e400,123456789012345678901234567890]`,
		`{"<":"&","\u00e9":"\ud83d\ude00","\/":"\u2028"}`, "\"\xff\"", `{"b":{"b":{"a":1}},"B":2}`, `[]`, `{}`, `"x"`,
		`{"a":1,}`, `[1 2]`, ``, `{"\ud800":1}`,
	} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, in []byte, html bool) {
		want, stdErr := stdSortedCompact(in, html)
		got, err := sortedKeys(in, false, html)
		if (err == nil) != (stdErr == nil) {
			t.Fatalf("input %q: got error %v, encoding/json %v", in, err, stdErr)
		}
		if err == nil && string(got) != want {
			t.Fatalf("input %q:\n got %s\nwant %s", in, got, want)
		}
	})
}

func TestArgs(t *testing.T) {
	var n int
	var s string
	var b bool
	c := &cmdSpec{name: "x", flags: []flagSpec{intFlag(&n, "num", "n", "N", ""), stringFlag(&s, "str", "", "S", ""), boolFlag(&b, "flag", "f", "")}}
	pos, err := c.parse([]string{"a", "-n", "3", "--str=v", "b", "-f", "-", "-1", "--", "-n", "--x"})
	if err != nil || n != 3 || s != "v" || !b || strings.Join(pos, " ") != "a b - -1 -n --x" {
		t.Errorf("got %v %v, n=%d s=%q b=%v", pos, err, n, s, b)
	}
	if _, err := c.parse([]string{"-n7", "--flag=false"}); err != nil || n != 7 || b {
		t.Errorf("-n7 --flag=false: %v, n=%d b=%v", err, n, b)
	}
	for _, bad := range [][]string{{"--num"}, {"--num", "x"}, {"-q"}, {"--flag=maybe"}} {
		if _, err := c.parse(bad); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
	if _, err := c.parse([]string{"a", "--help"}); err != errHelp {
		t.Errorf("--help: %v", err)
	}
}

func TestParseIndent(t *testing.T) {
	for in, want := range map[string]string{"0": "", "2": "  ", "16": strings.Repeat(" ", 16), "tab": "\t"} {
		if got, err := parseIndent(in); err != nil || got != want {
			t.Errorf("%q: got %q, %v", in, got, err)
		}
	}
	for _, in := range []string{"", "-1", "17", "99999999999999999999", "2x", " 2"} {
		if _, err := parseIndent(in); err == nil {
			t.Errorf("%q: no error", in)
		}
	}
}
