package wire

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// skipSamples are documents and fragments that exercise every branch of
// the skipping kernels, valid and not.
var skipSamples = []string{
	``, ` `, `0`, `-`, `-0`, `-01`, `01`, `1.`, `1.5`, `1e`, `1e+`, `1E-5`, `-1.5e+10`, `1.5x`,
	`true`, `tru`, `truex`, `false`, `fals`, `null`, `nul`, `nULL`,
	`""`, `"`, `"abc`, `"a\"b"`, `"\u00e9\ud83d\ude00"`, `"\u12"`, `"\x"`, "\"a\tb\"", "\"a\nb\"",
	`"0123456789abcdef0123456789"`, `"01234567\"9abcdef\\"`, "\"日本語 text that is longer than eight\"",
	`{}`, `{`, `{"a"}`, `{"a":}`, `{"a":1,}`, `{"a":1 "b":2}`, `{"a":1,"b":[true,false,null]}`,
	`{ "a" : 1 , "b" : { } , "c" : [ ] }`, "{\n  \"a\": [\n    1,\n    2\n  ]\n}",
	`[]`, `[`, `[1,]`, `[,1]`, `[1 2]`, `[[[[]]]]`, `[[[[]]]`, `[{"a":[{"b":{}}]}]`, `[}`, `{]`, `[1}`,
	`{"a":1}}`, `[1]]`, `  [1] `, "[1]\t\n", `{"\u0041":"\/"}`, `{1:2}`, `{"a" 1}`, `[1,2,3,4,5,6,7,8,9,10]`,
	"[\"\x00\"]", "[\"\x1f\"]", "[\"\x7f\"]", "[\"\xff\xfe\"]", `["\\"]`, `["\\\\\"x"]`,
	`[0.1e1,-0,1E5,2e-3,-12.75]`, `[-]`, `[-a]`, `[.5]`, `[+1]`, `[0x1]`, `[Infinity]`, `[NaN]`,
	"[" + strings.Repeat(" ", 40) + "1" + strings.Repeat("\n", 20) + "]",
}

func corpusDocs(t testing.TB) map[string]string {
	docs := map[string]string{}
	files, _ := filepath.Glob("../../../shared/corpus/*.json")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err == nil {
			docs[filepath.Base(f)] = string(b)
		}
	}
	return docs
}

func suiteDocs() map[string]string {
	docs := map[string]string{}
	files, _ := filepath.Glob("../../../shared/testdata/JSONTestSuite/test_parsing/*.json")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err == nil {
			docs[filepath.Base(f)] = string(b)
		}
	}
	return docs
}

// checkSkipFast compares SkipValueFast with SkipValue on s, from every
// start position in starts.
func checkSkipFast(t testing.TB, s string, maxDepth int) {
	t.Helper()
	end, err := SkipValue(s, 0, maxDepth)
	fend, ok := SkipValueFast(s, 0, maxDepth)
	if ok != (err == nil) || ok && fend != end {
		t.Fatalf("SkipValueFast(%.80q, depth %d) = %d, %v; SkipValue = %d, %v", s, maxDepth, fend, ok, end, err)
	}
	if err == nil && CheckEnd(s, end) == nil {
		if lend, lok := SkipLoose(s, 0); !lok || lend != end {
			t.Fatalf("SkipLoose(%.80q) = %d, %v; want %d", s, lend, lok, end)
		}
	} else {
		SkipLoose(s, 0) // must not panic
	}
}

func TestSkipValueFastSamples(t *testing.T) {
	for _, s := range skipSamples {
		checkSkipFast(t, s, DefaultMaxDepth)
		checkSkipFast(t, s, 2)
		for k := 0; k < len(s); k++ {
			checkSkipFast(t, s[:k], DefaultMaxDepth)
		}
	}
}

func TestSkipValueFastSuite(t *testing.T) {
	docs := suiteDocs()
	if len(docs) == 0 {
		t.Skip("../shared/testdata/JSONTestSuite not found; skipping the conformance suite")
	}
	for name, s := range docs {
		end, err := SkipValue(s, 0, DefaultMaxDepth)
		fend, ok := SkipValueFast(s, 0, DefaultMaxDepth)
		if ok != (err == nil) || ok && fend != end {
			t.Errorf("%s: SkipValueFast = %d, %v; SkipValue = %d, %v", name, fend, ok, end, err)
		}
		SkipLoose(s, 0)
	}
}

func TestSkipValueFastDepth(t *testing.T) {
	for _, depth := range []int{1, 63, 64, 65, 66, 130, 10000, 10001} {
		for _, open := range []string{"[", `{"a":`} {
			close := "]"
			if open != "[" {
				close = "}"
			}
			s := strings.Repeat(open, depth) + "1" + strings.Repeat(close, depth)
			for _, max := range []int{depth - 1, depth, DefaultMaxDepth} {
				checkSkipFast(t, s, max)
			}
			checkSkipFast(t, s[:len(s)-1], DefaultMaxDepth)
		}
		mixed := strings.Repeat(`[{"k":`, depth) + "[]" + strings.Repeat("}]", depth)
		checkSkipFast(t, mixed, DefaultMaxDepth)
		checkSkipFast(t, mixed+"]", DefaultMaxDepth)
		checkSkipFast(t, strings.Replace(mixed, "}]}", "]]}", 1), DefaultMaxDepth)
	}
}

// mutate returns s with a few random bytes changed, inserted or deleted.
func mutate(r *rand.Rand, s string) string {
	b := []byte(s)
	const alphabet = "{}[]\",:\\ \n0123456789-+.eEtrufalsn\x00\x1f\x80\xff"
	for k := r.Intn(3) + 1; k > 0; k-- {
		switch op := r.Intn(3); {
		case op == 0 && len(b) > 0:
			b[r.Intn(len(b))] = alphabet[r.Intn(len(alphabet))]
		case op == 1:
			i := r.Intn(len(b) + 1)
			b = append(b[:i], append([]byte{alphabet[r.Intn(len(alphabet))]}, b[i:]...)...)
		case len(b) > 0:
			i := r.Intn(len(b))
			b = append(b[:i], b[i+1:]...)
		}
	}
	return string(b)
}

func TestSkipValueFastMutations(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for k := 0; k < n; k++ {
		s := skipSamples[r.Intn(len(skipSamples))]
		if r.Intn(2) == 0 {
			s = skipSamples[r.Intn(len(skipSamples))] + s
		}
		s = "[" + s + "," + skipSamples[r.Intn(len(skipSamples))] + "]"
		checkSkipFast(t, mutate(r, s), DefaultMaxDepth)
	}
}

func TestSkipValueFastCorpus(t *testing.T) {
	docs := corpusDocs(t)
	if len(docs) == 0 {
		t.Skip("../shared/corpus not found; skipping corpus documents")
	}
	r := rand.New(rand.NewSource(2))
	for name, s := range docs {
		checkSkipFast(t, s, DefaultMaxDepth)
		// Broken copies: one changed byte somewhere in the document.
		for k := 0; k < 20; k++ {
			b := []byte(s)
			const repl = "{}[]\",:\\ x0\x01"
			b[r.Intn(len(b))] = repl[r.Intn(len(repl))]
			checkSkipFast(t, string(b), DefaultMaxDepth)
		}
		_ = name
	}
}

// openPrefix builds a document prefix that leaves the containers of open
// open, the innermost just after a complete value.
func openPrefix(open []byte) string {
	var b strings.Builder
	for k, c := range open {
		last := k == len(open)-1
		switch {
		case c == '[' && last:
			b.WriteString(`[""`) // a string: nothing in the tail can continue it
		case c == '[':
			b.WriteString("[")
		case last:
			b.WriteString(`{"k":""`)
		default:
			b.WriteString(`{"k":`)
		}
	}
	return b.String()
}

func TestSkipRestFast(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	tails := []string{"]", "}", ",1]", `,"a":1}`, " ] ", `,"a":[1,{}]}`, ",", "", `}]`, `]}`, `,"x":1}]`, `,2]}`, "]]]", "}}}", `,{"a":[]}]`}
	for k := 0; k < 5000; k++ {
		depth := r.Intn(5) + 1
		if r.Intn(20) == 0 {
			depth = 60 + r.Intn(10)
		}
		open := make([]byte, depth)
		for d := range open {
			open[d] = "[{"[r.Intn(2)]
		}
		tail := ""
		for j := r.Intn(4); j >= 0; j-- {
			tail += tails[r.Intn(len(tails))]
		}
		if r.Intn(3) == 0 {
			tail = mutate(r, tail)
		}
		pre := openPrefix(open)
		doc := pre + tail
		end, err := SkipValue(doc, 0, DefaultMaxDepth)
		fend, ok := SkipRestFast(tail, 0, open, DefaultMaxDepth)
		if ok != (err == nil) || ok && fend != end-len(pre) {
			t.Fatalf("SkipRestFast(%q, %q) = %d, %v; SkipValue(%q) = %d, %v", tail, open, fend, ok, doc, end, err)
		}
	}
	if end, ok := SkipRestFast("xyz", 1, nil, DefaultMaxDepth); !ok || end != 1 {
		t.Fatalf("SkipRestFast with nothing open = %d, %v", end, ok)
	}
}

func TestSkipLooseOnValid(t *testing.T) {
	docs := corpusDocs(t)
	for _, s := range skipSamples {
		docs[s] = s
	}
	for name, s := range docs {
		end, err := SkipValue(s, 0, DefaultMaxDepth)
		if err != nil {
			continue
		}
		// Every value start inside the document skips to the same end
		// as the validating skip.
		step := 1
		if len(s) > 1<<16 {
			step = 97
		}
		for i := 0; i < end; i += step {
			c := s[i]
			if c != '{' && c != '[' && c != '"' {
				continue
			}
			vend, verr := SkipValue(s, i, DefaultMaxDepth)
			if verr != nil {
				continue // inside a string
			}
			if lend, ok := SkipLoose(s, i); !ok || lend != vend {
				t.Fatalf("%s: SkipLoose at %d = %d, %v; want %d", name, i, lend, ok, vend)
			}
		}
	}
}

func TestSkipWordMasks(t *testing.T) {
	r := rand.New(rand.NewSource(4))
	var buf [8]byte
	interesting := []byte{0, 0x1f, ' ', '\t', '\n', '\r', '"', '\\', '{', '}', '[', ']', 0x7b, 0x5b, 0x7f, 0x80, 0xa2, 0xdc, 0xff, 'a', 0x22 | 0x80, 0x20 | 0x80}
	for k := 0; k < 200000; k++ {
		for j := range buf {
			if r.Intn(2) == 0 {
				buf[j] = interesting[r.Intn(len(interesting))]
			} else {
				buf[j] = byte(r.Intn(256))
			}
		}
		s := string(buf[:])
		x := skLoad64(s, 0)
		// skStop: the lowest flagged lane is the first stop byte.
		want := 8
		for j, c := range buf {
			if c == '"' || c == '\\' || c < 0x20 {
				want = j
				break
			}
		}
		got := 8
		if m := skStop(x); m != 0 {
			got = lowestLane(m)
		}
		if got != want {
			t.Fatalf("skStop(%q) first = %d, want %d", s, got, want)
		}
		// skNotSpace is exact in every lane.
		m := skNotSpace(x)
		for j, c := range buf {
			flag := m>>(8*j+7)&1 == 1
			if flag != !IsSpace(c) {
				t.Fatalf("skNotSpace(%q) lane %d = %v", s, j, flag)
			}
		}
	}
}

func lowestLane(m uint64) int {
	for j := 0; j < 8; j++ {
		if m>>(8*j+7)&1 == 1 {
			return j
		}
	}
	return 8
}

func FuzzSkipValueFast(f *testing.F) {
	for _, s := range skipSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkSkipFast(t, s, DefaultMaxDepth)
		checkSkipFast(t, s, 3)
		for _, open := range []string{"[", "{", "[{", "{[", "[[{"} {
			pre := openPrefix([]byte(open))
			end, err := SkipValue(pre+s, 0, DefaultMaxDepth)
			fend, ok := SkipRestFast(s, 0, []byte(open), DefaultMaxDepth)
			if ok != (err == nil) || ok && fend != end-len(pre) {
				t.Fatalf("SkipRestFast(%q, %q) = %d, %v; SkipValue = %d, %v", s, open, fend, ok, end, err)
			}
		}
	})
}

func BenchmarkSkipKernels(b *testing.B) {
	docs := corpusDocs(b)
	if len(docs) == 0 {
		b.Skip("../shared/corpus not found")
	}
	for _, name := range []string{"twitter.json", "citm_catalog.json", "canada.json", "twitterescaped.json"} {
		s := docs[name]
		b.Run("SkipValue/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				SkipValue(s, 0, DefaultMaxDepth)
			}
		})
		b.Run("SkipValueFast/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				SkipValueFast(s, 0, DefaultMaxDepth)
			}
		})
		b.Run("SkipLoose/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				SkipLoose(s, 0)
			}
		})
	}
}
