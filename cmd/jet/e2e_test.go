package main

// End-to-end tests: they build the jet binary once and run it on inputs,
// comparing standard output, standard error and the exit status with
// golden files in testdata/golden (rewrite them with -update), and
// comparing formatted output with encoding/json's.

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

var (
	tmpDir   string // removed when the tests end
	binOnce  sync.Once
	binPath  string
	binError error
)

func TestMain(m *testing.M) {
	if f := os.Getenv("JET_TEST_MEASURE"); f != "" {
		os.Exit(measureChild(f))
	}
	dir, err := os.MkdirTemp("", "jet-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	tmpDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// jetBinary builds the binary on first use, once for all tests (so that
// listing or fuzzing the package does not pay for a build).
func jetBinary(t testing.TB) string {
	t.Helper()
	binOnce.Do(func() {
		binPath = filepath.Join(tmpDir, "jet")
		if runtime.GOOS == "windows" {
			binPath += ".exe"
		}
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binError = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binError != nil {
		t.Fatal(binError)
	}
	return binPath
}

// result is what one run of the binary did.
type result struct {
	stdout, stderr string
	code           int
}

// runIn runs jet with args in dir, with stdin as standard input and env
// added to the environment.
func runIn(t testing.TB, dir, stdin string, env []string, args ...string) result {
	t.Helper()
	cmd := exec.Command(jetBinary(t), args...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(stdin)
	cmd.Env = append(os.Environ(), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return result{out.String(), errb.String(), code}
}

// jetRun runs jet in testdata/in.
func jetRun(t testing.TB, stdin string, args ...string) result {
	t.Helper()
	return runIn(t, filepath.Join("testdata", "in"), stdin, nil, args...)
}

// golden compares r with testdata/golden/name, or rewrites it with -update.
func golden(t *testing.T, name string, r result) {
	t.Helper()
	got := fmt.Sprintf("exit %d\n-- stdout --\n%s-- stderr --\n%s", r.code, r.stdout, r.stderr)
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the tests with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s: output differs from the golden file\n--- got ---\n%s\n--- want ---\n%s", name, got, want)
	}
}

// goldenCases run in testdata/in; each name is a golden file.
var goldenCases = []struct {
	name, stdin string
	args        []string
}{
	{"fmt_small", "", []string{"fmt", "small.json"}},
	{"fmt_indent4", "", []string{"fmt", "--indent", "4", "small.json"}},
	{"fmt_tab", "", []string{"fmt", "--indent=tab", "small.json"}},
	{"fmt_compact", "", []string{"fmt", "-c", "small.json"}},
	{"fmt_escape_html", "", []string{"fmt", "--compact", "--escape-html", "small.json"}},
	{"fmt_sort_keys", "", []string{"fmt", "--sort-keys", "unsorted.json"}},
	{"fmt_sort_keys_compact_html", "", []string{"fmt", "-S", "-c", "--escape-html", "unsorted.json"}},
	{"fmt_stdin", `{"a":[1,2]}`, []string{"fmt"}},
	{"fmt_stdin_dash", `[true , null]`, []string{"fmt", "-c", "-"}},
	{"fmt_many", "", []string{"fmt", "-c", "small.json", "bad_comma.json", "unsorted.json"}},
	{"fmt_bad_comma", "", []string{"fmt", "bad_comma.json"}},
	{"fmt_truncated", "", []string{"fmt", "truncated.json"}},
	{"fmt_empty", "", []string{"fmt", "empty.json"}},
	{"fmt_invalid_utf8", "", []string{"fmt", "-c", "invalid_utf8.json"}},
	{"fmt_invalid_utf8_strict", "", []string{"fmt", "--utf8", "invalid_utf8.json"}},
	{"fmt_missing_file", "", []string{"fmt", "nope.json"}},
	{"fmt_directory", "", []string{"fmt", "."}},
	{"fmt_bad_indent", "", []string{"fmt", "--indent", "x", "small.json"}},
	{"fmt_unknown_option", "", []string{"fmt", "--frobnicate", "small.json"}},
	{"fmt_in_place_stdin", "{}", []string{"fmt", "-i"}},
	{"valid_ok", "", []string{"valid", "small.json", "unsorted.json", "invalid_utf8.json"}},
	{"valid_bad_comma", "", []string{"valid", "bad_comma.json"}},
	{"valid_truncated", "", []string{"valid", "truncated.json"}},
	{"valid_empty", "", []string{"valid", "empty.json"}},
	{"valid_spaces", "", []string{"valid", "spaces.json"}},
	{"valid_control", "", []string{"valid", "control.json"}},
	{"valid_two_values", "", []string{"valid", "twovalues.json"}},
	{"valid_trailing", "", []string{"valid", "trailing.json"}},
	{"valid_bom", "", []string{"valid", "bom.json"}},
	{"valid_bad_literal", "", []string{"valid", "badliteral.json"}},
	{"valid_invalid_utf8_strict", "", []string{"valid", "--utf8", "invalid_utf8.json"}},
	{"valid_many", "", []string{"valid", "small.json", "bad_comma.json", "nope.json", "truncated.json"}},
	{"valid_quiet", "", []string{"valid", "-q", "bad_comma.json"}},
	{"valid_stdin", "[1, 2,]", []string{"valid"}},
	{"get_string", "", []string{"get", "name", "small.json"}},
	{"get_unquoted", "", []string{"get", "-r", "name", "small.json"}},
	{"get_unquoted_escapes", "", []string{"get", "--string", "esc", "small.json"}},
	{"get_unquoted_nonstring", "", []string{"get", "-r", "nested.a", "small.json"}},
	{"get_nested", "", []string{"get", "nested.a.1", "small.json"}},
	{"get_pointer", "", []string{"get", "/nested/a/1/b", "small.json"}},
	{"get_jq_dot", "", []string{"get", ".tags.0", "small.json"}},
	{"get_root", "", []string{"get", ".", "small.json"}},
	{"get_count", "", []string{"get", "tags.#", "small.json"}},
	{"get_number_as_written", "", []string{"get", "big", "small.json"}},
	{"get_missing", "", []string{"get", "nested.zz", "small.json"}},
	{"get_index_out_of_range", "", []string{"get", "tags.5", "small.json"}},
	{"get_bad_doc", "", []string{"get", "a", "bad_comma.json"}},
	{"get_error_after_value", "", []string{"get", "a", "error_after_value.json"}},
	{"get_truncated", "", []string{"get", "a", "truncated.json"}},
	{"get_empty", "", []string{"get", "a", "empty.json"}},
	{"get_invalid_utf8", "", []string{"get", "-r", "1", "invalid_utf8.json"}},
	{"get_stdin", `{"a": {"b": [10, 20]}}`, []string{"get", "a.b.1"}},
	{"get_no_path", "", []string{"get"}},
	{"get_too_many", "", []string{"get", "a", "small.json", "unsorted.json"}},
	{"get_missing_file", "", []string{"get", "a", "nope.json"}},
	{"get_bad_path", "", []string{"get", `a\`, "small.json"}},
	{"get_bad_pointer", "", []string{"get", "/a~2", "small.json"}},
	{"set_wildcard_path", "", []string{"set", "ta*", "1", "small.json"}},
	{"set_number", "", []string{"set", "n", "2", "small.json"}},
	{"set_nested_new", "", []string{"set", "nested.e.new", `{"k": [1]}`, "small.json"}},
	{"set_append", "", []string{"set", "tags.-1", `"new"`, "small.json"}},
	{"set_negative_value", `{"a": 1}`, []string{"set", "a", "-1.5"}},
	{"set_string", `{"a": 1}`, []string{"set", "--string", "a", `hello "world"`}},
	{"set_not_json", `{"a": 1}`, []string{"set", "a", "hello"}},
	{"set_bad_doc", "", []string{"set", "a", "1", "bad_comma.json"}},
	{"set_index_out_of_range", "", []string{"set", "tags.7", "1", "small.json"}},
	{"set_missing_value", "", []string{"set", "a"}},
	{"del_member", "", []string{"del", "nested", "small.json"}},
	{"del_element", "", []string{"del", "tags.0", "small.json"}},
	{"del_pointer", `{"a/b": 1, "c": 2}`, []string{"del", "/a~1b"}},
	{"del_missing", "", []string{"del", "nested.zz", "small.json"}},
	{"del_root", "", []string{"del", ".", "small.json"}},
	{"del_bad_doc", "", []string{"del", "a", "truncated.json"}},
	{"keys_root", "", []string{"keys", "small.json"}},
	{"keys_path", "", []string{"keys", "nested", "small.json"}},
	{"keys_array", "", []string{"keys", "tags", "small.json"}},
	{"keys_json", "", []string{"keys", "--json", "small.json"}},
	{"keys_path_stdin", `{"a": {"x": 1, "y\u00e9": 2}}`, []string{"keys", "a"}},
	{"keys_scalar", "", []string{"keys", "n", "small.json"}},
	{"keys_missing", "", []string{"keys", "zz", "small.json"}},
	{"keys_bad_doc", "", []string{"keys", "bad_comma.json"}},
	{"len_root", "", []string{"len", "small.json"}},
	{"len_array", "", []string{"len", "tags", "small.json"}},
	{"len_string", "", []string{"len", "uni", "small.json"}},
	{"len_number", "", []string{"len", "n", "small.json"}},
	{"len_stdin", `[1, [2, 3], {}]`, []string{"len"}},
	{"len_empty", "", []string{"len", "empty.json"}},
	{"ndjson_get", "", []string{"ndjson", "get", "user.name", "events.ndjson"}},
	{"ndjson_get_unquoted", "", []string{"ndjson", "get", "-r", "-j", "2", "user.name", "events.ndjson"}},
	{"ndjson_get_no_path", "", []string{"ndjson", "get"}},
	{"ndjson_valid", "", []string{"ndjson", "valid", "events.ndjson"}},
	{"ndjson_valid_crlf", "", []string{"ndjson", "valid", "crlf.ndjson"}},
	{"ndjson_fmt", "", []string{"ndjson", "fmt", "--compact", "events.ndjson"}},
	{"ndjson_fmt_sort_keys", "", []string{"ndjson", "fmt", "-S", "-j", "1", "events.ndjson"}},
	{"ndjson_fmt_stdin", "{\"a\": 1}\n\n[ 2 ]\n", []string{"ndjson", "fmt"}},
	{"ndjson_empty", "", []string{"ndjson", "valid", "empty.json"}},
	{"ndjson_no_subcommand", "", []string{"ndjson"}},
	{"ndjson_bad_subcommand", "", []string{"ndjson", "frob"}},
	{"no_command", "", nil},
	{"unknown_command", "", []string{"frob"}},
	{"help", "", []string{"help"}},
}

func TestGolden(t *testing.T) {
	for _, c := range goldenCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			golden(t, c.name, jetRun(t, c.stdin, c.args...))
		})
	}
}

// TestHelp checks that every command has --help, which prints its usage
// to standard output and exits 0, and that a bad option exits 2.
func TestHelp(t *testing.T) {
	for _, c := range commands() {
		for _, h := range []string{"--help", "-h"} {
			r := jetRun(t, "", c.name, h)
			if r.code != 0 || !strings.HasPrefix(r.stdout, "usage: jet "+c.name) || r.stderr != "" {
				t.Errorf("jet %s %s: exit %d, stdout %.60q, stderr %q", c.name, h, r.code, r.stdout, r.stderr)
			}
		}
		if r := jetRun(t, "", c.name, "--no-such-option"); r.code != 2 || !strings.Contains(r.stderr, "unknown option") {
			t.Errorf("jet %s --no-such-option: exit %d, stderr %q", c.name, r.code, r.stderr)
		}
		if r := jetRun(t, "", "help", c.name); r.code != 0 || !strings.HasPrefix(r.stdout, "usage: jet "+c.name) {
			t.Errorf("jet help %s: exit %d, stdout %.60q", c.name, r.code, r.stdout)
		}
	}
	for _, sub := range []string{"valid", "fmt", "get"} {
		r := jetRun(t, "", "ndjson", sub, "--help")
		if r.code != 0 || !strings.HasPrefix(r.stdout, "usage: jet ndjson "+sub) {
			t.Errorf("jet ndjson %s --help: exit %d, stdout %.60q", sub, r.code, r.stdout)
		}
	}
}

// corpusFiles returns the shared corpus, or skips the test without it.
func corpusFiles(t *testing.T) []string {
	files, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "corpus", "*.json"))
	if len(files) == 0 {
		t.Skip("../shared/corpus is absent: the shared benchmark corpus is not checked out next to the repository")
	}
	for i, f := range files {
		abs, err := filepath.Abs(f)
		if err != nil {
			t.Fatal(err)
		}
		files[i] = abs
	}
	return files
}

// TestFmtCorpusAgainstEncodingJSON runs fmt on the corpus with several
// layouts and compares the output with encoding/json's Indent, Compact
// and, for --sort-keys, a decode with UseNumber and an encode.
func TestFmtCorpusAgainstEncodingJSON(t *testing.T) {
	for _, f := range corpusFiles(t) {
		name := filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			fmtCorpusFile(t, f)
		})
	}
}

func fmtCorpusFile(t *testing.T, f string) {
	{
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(f)
		layouts := []struct {
			args   []string
			indent string
		}{{nil, "  "}, {[]string{"--indent", "4"}, "    "}, {[]string{"--indent", "tab"}, "\t"}, {[]string{"--indent", "0"}, ""}}
		if name != "twitter.json" && name != "citm_catalog.json" {
			layouts = layouts[:1] // the other layouts take the same path
		}
		for _, layout := range layouts {
			var want bytes.Buffer
			if err := json.Indent(&want, data, "", layout.indent); err != nil {
				t.Fatal(err)
			}
			r := jetRun(t, "", append(append([]string{"fmt"}, layout.args...), f)...)
			if r.code != 0 || r.stdout != strings.TrimRight(want.String(), " \t\r\n")+"\n" {
				t.Errorf("%s fmt %v: exit %d, stderr %q, output differs from json.Indent", name, layout.args, r.code, r.stderr)
			}
		}
		var want bytes.Buffer
		if err := json.Compact(&want, data); err != nil {
			t.Fatal(err)
		}
		r := jetRun(t, "", "fmt", "--compact", f)
		if r.code != 0 || r.stdout != want.String()+"\n" {
			t.Errorf("%s fmt --compact: exit %d, stderr %q, output differs from json.Compact", name, r.code, r.stderr)
		}
		for _, html := range []bool{false, true} {
			if html && name != "twitter.json" {
				continue // the same path; encoding/json's side is slow
			}
			args := []string{"fmt", "--sort-keys", f}
			if html {
				args = append(args, "--escape-html")
			}
			r := jetRun(t, "", args...)
			if want := stdSorted(t, data, "  ", html); r.code != 0 || r.stdout != want {
				t.Errorf("%s %v: exit %d, stderr %q, output differs from encoding/json's", name, args, r.code, r.stderr)
			}
		}
		if r := jetRun(t, "", "valid", f); r.code != 0 || r.stdout != "" || r.stderr != "" {
			t.Errorf("%s valid: %+v", name, r)
		}
	}
}

// stdSorted is what encoding/json makes of data decoded with UseNumber
// and encoded with sorted keys: the meaning of fmt --sort-keys.
func stdSorted(t testing.TB, data []byte, indent string, html bool) string {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(html)
	enc.SetIndent("", indent)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestInPlace checks that --in-place rewrites the file and keeps its
// permissions, and that a failed edit leaves the original untouched and
// no temporary file behind.
func TestInPlace(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "doc.json")
	orig := "{\"b\": [1,\n 2], \"a\": {}}\n"
	if err := os.WriteFile(path, []byte(orig), 0o640); err != nil {
		t.Fatal(err)
	}
	r := runIn(t, dir, "", nil, "fmt", "-i", "doc.json")
	if r.code != 0 || r.stdout != "" || r.stderr != "" {
		t.Fatalf("fmt -i: %+v", r)
	}
	checkFile(t, path, "{\n  \"b\": [\n    1,\n    2\n  ],\n  \"a\": {}\n}\n", 0o640)

	bad := "{\"a\": [1, 2,, 3]}"
	if err := os.WriteFile(path, []byte(bad), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	r = runIn(t, dir, "", nil, "fmt", "--in-place", "doc.json")
	if r.code != 1 || !strings.Contains(r.stderr, "doc.json:1:13 (byte 12)") {
		t.Errorf("fmt -i on bad input: %+v", r)
	}
	checkFile(t, path, bad, 0o600)
	checkNoTemp(t, dir)

	// set and del: only the edited bytes change; a failed edit changes
	// nothing.
	doc := "{\"a\": [1, 2],\n \"b\": {\"c\": true}}"
	if err := os.WriteFile(path, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"set", "-i", "b.c", "false", "doc.json"}, 0, "{\"a\": [1, 2],\n \"b\": {\"c\": false}}"},
		{[]string{"del", "--in-place", "a.0", "doc.json"}, 0, "{\"a\": [2],\n \"b\": {\"c\": false}}"},
		{[]string{"del", "-i", "a.5", "doc.json"}, 1, ""},
		{[]string{"set", "-i", "a.9", "1", "doc.json"}, 1, ""},
		{[]string{"set", "-i", "b", "{bad", "doc.json"}, 2, ""},
		{[]string{"set", "-i", "b", "1"}, 2, ""},
	}
	want := doc
	for _, s := range steps {
		r := runIn(t, dir, "", nil, s.args...)
		if r.code != s.code || r.stdout != "" {
			t.Errorf("%v: %+v, want exit %d and no output", s.args, r, s.code)
		}
		if s.code == 0 {
			want = s.want
		}
		checkFile(t, path, want, 0o600)
		checkNoTemp(t, dir)
	}

	// An edit of a file that is not valid JSON fails and changes nothing.
	if err := os.WriteFile(path, []byte(bad), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"set", "-i", "a", "1", "doc.json"}, {"del", "-i", "a", "doc.json"}} {
		if r := runIn(t, dir, "", nil, args...); r.code != 1 || !strings.Contains(r.stderr, "doc.json:1:13 (byte 12)") {
			t.Errorf("%v on invalid JSON: %+v", args, r)
		}
		checkFile(t, path, bad, 0o600)
		checkNoTemp(t, dir)
	}
}

func checkFile(t *testing.T, path, want string, mode os.FileMode) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s holds %q, want %q", path, got, want)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" && fi.Mode().Perm() != mode {
		t.Errorf("%s has mode %v, want %v", path, fi.Mode().Perm(), mode)
	}
}

func checkNoTemp(t *testing.T, dir string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if strings.Contains(e.Name(), ".jet-") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

// TestColor checks that output is colored only when asked or when
// standard output is a terminal, and never with NO_COLOR set.
func TestColor(t *testing.T) {
	in := filepath.Join("testdata", "in")
	const esc = "\x1b["
	if r := runIn(t, in, "", nil, "fmt", "small.json"); strings.Contains(r.stdout, esc) {
		t.Errorf("colors in a pipe: %q", r.stdout)
	}
	if r := runIn(t, in, "", nil, "fmt", "--color", "always", "small.json"); !strings.Contains(r.stdout, esc) {
		t.Errorf("no colors with --color always: %q", r.stdout)
	}
	if r := runIn(t, in, "", []string{"NO_COLOR=1"}, "fmt", "--color=always", "small.json"); strings.Contains(r.stdout, esc) {
		t.Errorf("colors with NO_COLOR set: %q", r.stdout)
	}
	r := runIn(t, in, "", nil, "fmt", "--color", "always", "small.json")
	plain := runIn(t, in, "", nil, "fmt", "small.json")
	if stripANSI(r.stdout) != plain.stdout {
		t.Errorf("colored output without its colors differs from the plain output:\n%s\n%s", stripANSI(r.stdout), plain.stdout)
	}
	if r := runIn(t, in, "", nil, "fmt", "--color", "sometimes", "small.json"); r.code != 2 {
		t.Errorf("--color sometimes: %+v", r)
	}
}

// stripANSI removes color escapes (ESC [ ... m).
func stripANSI(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "\x1b[")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		j := strings.IndexByte(s[i:], 'm')
		if j < 0 {
			return b.String()
		}
		s = s[i+j+1:]
	}
}

// topMembers returns the keys of the top-level object in document order,
// with each value's text as written (nil keys for other documents).
func topMembers(t testing.TB, data []byte) (keys []string, values []string) {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(data))
	if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
		return nil, nil
	}
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			t.Fatal(err)
		}
		var raw json.RawMessage
		if err := d.Decode(&raw); err != nil {
			t.Fatal(err)
		}
		keys = append(keys, tok.(string))
		values = append(values, string(raw))
	}
	return keys, values
}

// TestPathsCorpus runs keys, len, get, set and del on the corpus and
// checks the results against encoding/json's reading of the documents:
// get prints a value's text as written, and set and del change only the
// member they edit.
func TestPathsCorpus(t *testing.T) {
	for _, f := range corpusFiles(t) {
		name := filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			keys, values := topMembers(t, data)
			if keys == nil {
				t.Fatalf("not an object")
			}
			if r := jetRun(t, "", "keys", f); r.code != 0 || r.stdout != strings.Join(keys, "\n")+"\n" {
				t.Errorf("keys: exit %d, got %.200q, want %q", r.code, r.stdout, keys)
			}
			if r := jetRun(t, "", "len", f); r.code != 0 || r.stdout != fmt.Sprintln(len(keys)) {
				t.Errorf("len: exit %d, got %q, want %d", r.code, r.stdout, len(keys))
			}
			n := min(len(keys), 4) // enough to see each path taken; runs cost time
			for i, k := range keys[:n] {
				path := strings.NewReplacer(`\`, `\\`, ".", `\.`, "*", `\*`, "?", `\?`, "#", `\#`).Replace(k)
				if r := jetRun(t, "", "get", path, f); r.code != 0 || r.stdout != values[i]+"\n" {
					t.Errorf("get %s: exit %d, stderr %q, got %.100q, want %.100q", path, r.code, r.stderr, r.stdout, values[i])
				}
				r := jetRun(t, "", "del", path, f)
				gotKeys, gotValues := topMembers(t, []byte(r.stdout))
				wantKeys := append(append([]string{}, keys[:i]...), keys[i+1:]...)
				wantValues := append(append([]string{}, values[:i]...), values[i+1:]...)
				if r.code != 0 || !reflect.DeepEqual(gotKeys, wantKeys) || !reflect.DeepEqual(gotValues, wantValues) {
					t.Errorf("del %s: exit %d, stderr %q, document differs", path, r.code, r.stderr)
				}
				const nv = `{"set": [1, "x"]}`
				r = jetRun(t, "", "set", path, nv, f)
				gotKeys, gotValues = topMembers(t, []byte(r.stdout))
				wantValues = append([]string{}, values...)
				wantValues[i] = nv
				if r.code != 0 || !reflect.DeepEqual(gotKeys, keys) || !reflect.DeepEqual(gotValues, wantValues) {
					t.Errorf("set %s: exit %d, stderr %q, document differs", path, r.code, r.stderr)
				}
			}
		})
	}
}

// TestNDJSONCorpus runs ndjson over the corpus documents compacted one
// per line.
func TestNDJSONCorpus(t *testing.T) {
	var lines bytes.Buffer
	var names []string
	for _, f := range corpusFiles(t) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Compact(&lines, data); err != nil {
			t.Fatal(err)
		}
		lines.WriteByte('\n')
		names = append(names, filepath.Base(f))
	}
	in := lines.String()
	if r := jetRun(t, in, "ndjson", "valid"); r.code != 0 || r.stdout != "" || r.stderr != "" {
		t.Errorf("ndjson valid: %+v", r)
	}
	if r := jetRun(t, in, "ndjson", "fmt", "-j", "2"); r.code != 0 || r.stdout != in {
		t.Errorf("ndjson fmt: exit %d, stderr %q, output differs from the input", r.code, r.stderr)
	}
	// Only twitter's documents have statuses.
	r := jetRun(t, in, "ndjson", "get", "statuses.0.id")
	if r.code != 1 || strings.Count(r.stdout, "\n") != 2 || strings.Count(r.stderr, "no value at path") != len(names)-2 {
		t.Errorf("ndjson get statuses.0.id: %+v", r)
	}
}
