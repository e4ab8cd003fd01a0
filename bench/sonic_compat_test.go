package bench

// Tests of jet's sonic compatibility surface (the sonic_compat.go files
// and the option and utf8 packages): a program written against sonic
// compiles against jet once its import paths change, and prints what
// sonic prints; the helpers that sonic programs call agree with sonic's.

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	stdutf8 "unicode/utf8"

	"github.com/bytedance/sonic"
	sonicast "github.com/bytedance/sonic/ast"
	sonicdecoder "github.com/bytedance/sonic/decoder"
	sonicencoder "github.com/bytedance/sonic/encoder"
	sonicutf8 "github.com/bytedance/sonic/utf8"
	"github.com/jetjson/jet"
	jetast "github.com/jetjson/jet/ast"
	jetdecoder "github.com/jetjson/jet/decoder"
	jetencoder "github.com/jetjson/jet/encoder"
	jetutf8 "github.com/jetjson/jet/utf8"
)

// jet's stream encoder and decoder have every method of sonic's Encoder
// and Decoder interfaces. (sonic's API returns those interfaces; jet's
// returns *jet.Encoder and *jet.Decoder, encoding/json's shapes: see the
// README.)
var (
	_ sonic.Encoder = jet.NewEncoder(nil)
	_ sonic.Decoder = jet.NewDecoder(nil)
)

// sonicProgramDiffers lists the lines of testdata/sonicprog's output where
// jet differs from sonic on purpose, each with the README's reason.
var sonicProgramDiffers = map[string]string{
	// encoding/json's InputOffset: just past the value decoded.
	"decoder.StreamDecoder": "InputOffset counts to the end of the value, as encoding/json's; sonic's also counts the whitespace after it",
	// jet validates a Parser's value whole, as NewRaw does.
	"ast.Parser error":             "Parse checks the whole value; sonic's lazy parser accepts a truncated array and fails later",
	"encoder.NoQuoteTextMarshaler": "jet still writes the quotes around MarshalText output (it trusts the text to need no escaping); sonic writes the text as it is",
	// jet's root package keeps jet's *SyntaxError; the sonic shape is
	// the decoder's (Decoder, NewStreamDecoder).
	"Unmarshal SyntaxError": "jet.Unmarshal's syntax error is a *jet.SyntaxError; decoder.NewDecoder and NewStreamDecoder return decoder.SyntaxError",
	// Input that ends too early: the caret after the last byte.
	`decoder.SyntaxError "tru"`:        syntaxEOFCaret,
	`decoder.SyntaxError "[1,2"`:       syntaxEOFCaret,
	`decoder.SyntaxError "-"`:          syntaxEOFCaret,
	`decoder.SyntaxError "{\"a\":\"b"`: syntaxEOFCaret,
	`decoder.SyntaxError "   "`:        syntaxEOFCaret,
	// A bad escape: Pos is the offending byte.
	`decoder.SyntaxError "\"\\x\""`:       syntaxEscapePos,
	`decoder.SyntaxError "\"\\ug000\""`:   syntaxEscapePos,
	`StreamDecoder SyntaxError "\"\\x\""`: syntaxEscapePos,
}

// The reasons for the differences of syntax errors' places.
const (
	syntaxEOFCaret  = "for input that ends too early, Description's caret is after the last byte, where sonic's is under the first"
	syntaxEscapePos = "a bad escape's Pos is the offending byte's, where sonic's is the string's start"
)

// TestSonicProgram builds testdata/sonicprog, a program written against
// sonic that makes the calls sonic's README and examples document, once
// as it is and once with its import paths changed to jet's, runs both and
// compares their outputs line by line.
func TestSonicProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping in short mode: builds the program twice")
	}
	goCmd := filepath.Join(os.Getenv("GOROOT"), "bin", "go")
	if _, err := os.Stat(goCmd); err != nil {
		goCmd = "go"
	}
	src, err := os.ReadFile("testdata/sonicprog/main.go")
	if err != nil {
		t.Fatal(err)
	}
	jetRoot, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()

	// sonic's build: the program in this module.
	sonicBin := filepath.Join(dir, "sonicprog")
	build(t, goCmd, ".", "build", "-o", sonicBin, "./testdata/sonicprog")

	// jet's build: the same source with the import paths changed, in a
	// module of its own that uses this jet.
	jetDir := filepath.Join(dir, "jetprog")
	if err := os.Mkdir(jetDir, 0o755); err != nil {
		t.Fatal(err)
	}
	ported := strings.NewReplacer(
		`"github.com/bytedance/sonic"`, `sonic "github.com/jetjson/jet"`,
		`"github.com/bytedance/sonic/`, `"github.com/jetjson/jet/`,
	).Replace(string(src))
	if strings.Contains(ported, `"github.com/bytedance`) {
		t.Fatal("the ported program still names sonic")
	}
	gomod := "module jetprog\n\ngo 1.23\n\nrequire github.com/jetjson/jet v0.0.0\n\nreplace github.com/jetjson/jet => " + jetRoot + "\n"
	for name, text := range map[string]string{"go.mod": gomod, "main.go": ported} {
		if err := os.WriteFile(filepath.Join(jetDir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	jetBin := filepath.Join(dir, "jetprog.bin")
	build(t, goCmd, jetDir, "build", "-mod=mod", "-o", jetBin, ".")

	want := run(t, sonicBin)
	got := run(t, jetBin)
	if len(want) != len(got) {
		t.Fatalf("sonic printed %d lines, jet %d", len(want), len(got))
	}
	if !SonicNative() {
		t.Skip("sonic runs in compat mode (encoding/json) with this toolchain: the jet build compiled and ran; outputs not compared")
	}
	differed := map[string]bool{}
	for i := range want {
		label, _, _ := strings.Cut(want[i], ": ")
		if glabel, _, _ := strings.Cut(got[i], ": "); glabel != label {
			t.Fatalf("line %d: sonic printed %q, jet %q", i+1, want[i], got[i])
		}
		if want[i] == got[i] {
			continue
		}
		if why, ok := sonicProgramDiffers[label]; ok {
			differed[label] = true
			t.Logf("%s differs on purpose (%s):\n\tsonic: %s\n\tjet:   %s", label, why, want[i], got[i])
			continue
		}
		t.Errorf("line %d differs:\n\tsonic: %s\n\tjet:   %s", i+1, want[i], got[i])
	}
	for label := range sonicProgramDiffers {
		if !differed[label] {
			t.Errorf("%s is listed as differing but printed the same: drop it from sonicProgramDiffers", label)
		}
	}
}

func build(t *testing.T, goCmd, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command(goCmd, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=", "GOPROXY=off", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s in %s: %v\n%s", strings.Join(args, " "), dir, err, out)
	}
}

func run(t *testing.T, bin string) []string {
	t.Helper()
	out, err := exec.Command(bin).CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", bin, err, out)
	}
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines
}

// sonicHelperInputs are inputs for the helpers' comparisons.
var sonicHelperInputs = []string{
	"", " ", "a", "\"", "\\", "\x00\x01\x1f\x7f", "\b\f\n\r\t", "<>&", "\u2028\u2029", "é€😀",
	"\xff", "a\xffb", "\xc3", "\xc3(", "\xe2\x82", "\xe2\x82\xac", "\xed\xa0\x80", "\xf4\x90\x80\x80",
	"\xf0\x9f\x98", "\"a\xffb\" \xfe \"\xc3\"", `{"a":"\ud800"}`, strings.Repeat("x\xff", 40), strings.Repeat("é", 50) + "\xff",
}

// TestSonicUTF8 compares utf8.CorrectWith and Validate with sonic's.
func TestSonicUTF8(t *testing.T) {
	for _, s := range sonicHelperInputs {
		checkCorrectWith(t, []byte(s))
	}
}

func checkCorrectWith(t *testing.T, src []byte) {
	t.Helper()
	for _, repl := range []string{"\ufffd", "?", ""} {
		want := sonicutf8.CorrectWith([]byte("p"), src, repl)
		got := jetutf8.CorrectWith([]byte("p"), src, repl)
		if !bytes.Equal(got, want) {
			t.Errorf("CorrectWith(%q, %q) = %q, sonic %q", src, repl, got, want)
		}
	}
	if got, want := jetutf8.Validate(src), sonicutf8.Validate(src); got != want || got != stdutf8.Valid(src) {
		t.Errorf("Validate(%q) = %v, sonic %v", src, got, want)
	}
	if got, want := jetutf8.ValidateString(string(src)), sonicutf8.ValidateString(string(src)); got != want {
		t.Errorf("ValidateString(%q) = %v, sonic %v", src, got, want)
	}
}

func FuzzSonicCorrectWith(f *testing.F) {
	for _, s := range sonicHelperInputs {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) { checkCorrectWith(t, src) })
}

// TestSonicQuote compares encoder.Quote with sonic's, which differs only
// in keeping invalid UTF-8 as it is, where jet's writes U+FFFD.
func TestSonicQuote(t *testing.T) {
	if !SonicNative() {
		t.Skip("sonic runs in compat mode with this toolchain")
	}
	for _, s := range sonicHelperInputs {
		checkQuote(t, s)
	}
}

func checkQuote(t *testing.T, s string) {
	t.Helper()
	got := jetencoder.Quote(s)
	want := sonicencoder.Quote(s)
	if !stdutf8.ValidString(s) {
		want = string(jetutf8.CorrectWith(nil, []byte(want), "\ufffd"))
	}
	if got != want {
		t.Errorf("Quote(%q) = %q, sonic %q", s, got, want)
	}
}

func FuzzSonicQuote(f *testing.F) {
	if !SonicNative() {
		f.Skip("sonic runs in compat mode with this toolchain")
	}
	for _, s := range sonicHelperInputs {
		f.Add(s)
	}
	f.Fuzz(checkQuote)
}

// TestSonicSkipValid compares decoder.Skip and encoder.Valid with
// sonic's on valid JSON, where both must find the same value, and checks
// that both reject what encoding/json rejects (sonic's do not look inside
// strings, so they are not asked about those).
func TestSonicSkipValid(t *testing.T) {
	if !SonicNative() {
		t.Skip("sonic runs in compat mode with this toolchain")
	}
	for _, s := range []string{
		`1`, ` 1 `, `  [1,2] x`, `{"a":{"b":[true,false,null]}} {}`, `"s"`, "\t-1.5e3\n", `[]`, `{}`,
	} {
		gs, ge := jetdecoder.Skip([]byte(s))
		ws, we := sonicdecoder.Skip([]byte(s))
		if gs != ws || ge != we {
			t.Errorf("Skip(%q) = %d, %d; sonic %d, %d", s, gs, ge, ws, we)
		}
	}
	for _, s := range []string{``, `   `, `[1,2`, `[1,2,]`, `tru`, `[01]`, `{"a" 1}`, `]`} {
		gs, _ := jetdecoder.Skip([]byte(s))
		ws, _ := sonicdecoder.Skip([]byte(s))
		if gs >= 0 || ws >= 0 {
			t.Errorf("Skip(%q): start %d, sonic %d; want both negative", s, gs, ws)
		}
	}
	for _, s := range []string{`1`, `  [1,2] `, `{"a":[{}]}`, "\n\"x\"\n"} {
		gok, gp := jetencoder.Valid([]byte(s))
		wok, wp := sonicencoder.Valid([]byte(s))
		if gok != wok || gp != wp {
			t.Errorf("Valid(%q) = %v, %d; sonic %v, %d", s, gok, gp, wok, wp)
		}
	}
	for _, s := range []string{`[1,2,]`, `1 2`, `[01]`, `[1]]`, `{"a":}`} {
		gok, gp := jetencoder.Valid([]byte(s))
		wok, wp := sonicencoder.Valid([]byte(s))
		if gok || wok || gp != wp {
			t.Errorf("Valid(%q) = %v, %d; sonic %v, %d", s, gok, gp, wok, wp)
		}
	}
}

// TestSonicSyntaxErrorText compares the texts of decoder.SyntaxError and
// ast.SyntaxError (Message, Description, Error) with sonic's for the
// same fields, where the two agree on purpose: Src of printable ASCII
// (jet escapes other bytes so that the caret stays under its byte) and
// Pos inside Src (for input that ended too early, jet's caret is after
// the last byte).
func TestSonicSyntaxErrorText(t *testing.T) {
	long := `{"key1":[1,2,3],"key2":{"a":"b","c":[true,false,nul]},"key3":"longer text here"}`
	for _, src := range []string{"[[[}]]", "]", long, long[:20], long[:31], long[:32], long[:33], long[:47]} {
		for pos := 0; pos < len(src); pos++ {
			for code := 0; code <= 11; code++ {
				checkSyntaxErrorText(t, src, pos, code, "")
			}
			checkSyntaxErrorText(t, src, pos, 2, "invalid character 'x' looking for beginning of value")
		}
	}
}

func checkSyntaxErrorText(t *testing.T, src string, pos, code int, msg string) {
	t.Helper()
	want := sonicdecoder.SyntaxError{Pos: pos, Src: src, Msg: msg}
	for i := 0; i < code; i++ {
		want.Code++ // sonic's code type is internal: count up to it
	}
	got := jetdecoder.SyntaxError{Pos: pos, Src: src, Msg: msg}
	for i := 0; i < code; i++ {
		got.Code++
	}
	if got.Message() != want.Message() || got.Description() != want.Description() || got.Error() != want.Error() {
		t.Fatalf("SyntaxError{Pos: %d, Src: %q, Code: %d, Msg: %q}:\n jet   %q\n sonic %q", pos, src, code, msg, got.Description(), want.Description())
	}
	if got.Code.Error() != want.Code.Error() {
		t.Fatalf("code %d: Error %q, sonic %q", code, got.Code.Error(), want.Code.Error())
	}
	wa := sonicast.SyntaxError{Pos: pos, Src: src, Code: want.Code, Msg: msg}
	ga := jetast.SyntaxError{Pos: pos, Src: src, Code: got.Code, Msg: msg}
	if ga.Description() != wa.Description() || ga.Error() != wa.Error() || ga.Message() != wa.Message() {
		t.Fatalf("ast.SyntaxError{Pos: %d, Src: %q}: %q, sonic %q", pos, src, ga.Description(), wa.Description())
	}
}

func FuzzSonicSyntaxErrorText(f *testing.F) {
	f.Add("[[[}]]", 3, 2, "")
	f.Add(`{"key1":[1,2,3],"key2":{"a":"b","c":[true,false,nul]}}`, 50, 0, "m")
	f.Fuzz(func(t *testing.T, src string, pos, code int, msg string) {
		for i := 0; i < len(src); i++ {
			if src[i] < 0x20 || src[i] >= 0x7f {
				return
			}
		}
		if pos < 0 || pos >= len(src) || code < 0 || code > 40 {
			return
		}
		checkSyntaxErrorText(t, src, pos, code, msg)
	})
}
