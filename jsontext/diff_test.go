package jsontext

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/jetjson/jet/internal/testdocs"
)

func needStd(t *testing.T) *textAPI {
	t.Helper()
	if stdAPI == nil {
		t.Skip("this toolchain has no encoding/json/jsontext to compare with (Go 1.27 has it)")
	}
	return stdAPI
}

// handInputs reach corners of the grammar the generator may miss.
var handInputs = []string{
	``, ` `, `null`, `nul`, `nulx`, `nullx`, `truefalse`, `1 2`, `12`, `01`, `-`, `-0`, `1.`, `1.e`, `1e`, `1e+`, `.5`,
	`[`, `]`, `{`, `}`, `[}`, `{]`, `[1}`, `{"a":1]`, `{"a"]`, `{"a":]`, `[1,]`, `{"a":1,}`, `[,1]`, `{,}`, `{1:2}`,
	`{"a" 1}`, `{"a":1 "b":2}`, `[1 2]`, `[1,,2]`, `"abc`, `"a\`, `"a\u12`, `"a\u12x"`, `"\ud800"`, `"\ud800\u0041"`,
	`"\ud800\udc00"`, `"\udc00"`, `"\ud800\`, `"\ud800\u`, `"\ud800\ud`, `"\ud800\udc`, `"\x"`, "\"\x01\"", "\"\xff\"",
	"\"\xe2\x82\"", "\"\xe2\x82", "\"\xe2\x82\xac\"", "\xff", "\xe2\x82\xac", `{"a":1,"a":2}`, `{"a":1,"\u0061":2}`,
	`[{"a":1,"b":{"a":2}},{"a":3}]`, `{"a":{"kkkkkkkk":1},"b":{"kkkkkkkk":1,"\u0078xxxxxxx":1,"xxxxxxxx":1}}`,
	`{"abcdefgh":1,"\u0078xxxxxxxxx":1,"\u0078xxxxxxxxx":1}`, `{"a":{"b":{"c":[1,{"d":x}]}}}`, `[[[[[]]]]]`, `{"a":[]}`, `{"a/b~c":{"":1,"":2}}`,
	"[1,2,3]\n[4]\n", `{} {} []`, ` [ 1 , 2 ] `, `[1]x`, `"a" "b"`, `{"a":1}}`, `[1]]`, `"\u0000"`, `"\/"`,
	strings.Repeat("[", 10001) + strings.Repeat("]", 10001),
	strings.Repeat("[", 10000) + strings.Repeat("]", 10000),
	strings.Repeat(`{"a":`, 10001) + "1" + strings.Repeat("}", 10001),
	`[1e999,-1e999,123456789012345678901234567890]`, `{"a":1,"b":2,"a":3}`,
	// A string left open after tokens the index listed: its list is
	// refilled with nothing usable.
	"[" + strings.Repeat(" ", 68) + `0e0,["` + strings.Repeat("a", 69) + `"],` + strings.Repeat(" ", 52) + "2e308," +
		strings.Repeat(" ", 55) + "1.5.5," + strings.Repeat(" ", 67) + "+1,fals]",
}

// inputs returns every input of the differential tests.
func inputs(t *testing.T, generated int) []testdocs.Doc {
	var docs []testdocs.Doc
	for i, s := range handInputs {
		docs = append(docs, testdocs.Doc{Name: fmt.Sprintf("hand%d", i), Data: []byte(s)})
	}
	g := testdocs.NewGen(1)
	for i, b := range g.Texts(generated) {
		docs = append(docs, testdocs.Doc{Name: fmt.Sprintf("gen%d", i), Data: b})
	}
	return docs
}

func suiteAndCorpus(t *testing.T) []testdocs.Doc {
	var docs []testdocs.Doc
	t.Run("load", func(t *testing.T) {
		docs = append(docs, testdocs.Suite(t, "")...)
	})
	t.Run("load-corpus", func(t *testing.T) {
		docs = append(docs, testdocs.Corpus(t)...)
	})
	return docs
}

// readers cut the input in different ways; Go's side always reads from a
// bytes.Buffer, which is the whole input at once.
var readers = []struct {
	name string
	fn   func([]byte) io.Reader
}{
	{"buffer", func(b []byte) io.Reader { return bytes.NewBuffer(b) }},
	{"reader", func(b []byte) io.Reader { return bytes.NewReader(b) }},
	{"onebyte", func(b []byte) io.Reader { return iotest.OneByteReader(bytes.NewReader(b)) }},
	{"halves", func(b []byte) io.Reader { return iotest.HalfReader(bytes.NewReader(b)) }},
}

var decodeOptSets = [][]optSpec{
	nil,
	{{name: "AllowDuplicateNames", b: true}},
	{{name: "AllowInvalidUTF8", b: true}},
	{{name: "AllowDuplicateNames", b: true}, {name: "AllowInvalidUTF8", b: true}},
}

func bufferOf(b []byte) io.Reader { return bytes.NewBuffer(b) }

func compareDecode(t *testing.T, std *textAPI, doc testdocs.Doc, script []step, opts []optSpec, readerSet int) {
	t.Helper()
	want := decodeTranscript(*std, doc.Data, bufferOf, opts, script)
	for _, r := range readers[:readerSet] {
		if r.name == "onebyte" && len(doc.Data) > 100000 {
			continue
		}
		got := decodeTranscript(jetAPI, doc.Data, r.fn, opts, script)
		if got != want {
			t.Errorf("%s (%s, opts %v, script %v):\n%s", doc.Name, r.name, opts, script, firstDiff(got, want))
			return
		}
	}
}

// firstDiff shows the first line where two transcripts differ.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			ctx := ""
			if i > 0 {
				ctx = "   (after " + truncate(g[i-1]) + ")\n"
			}
			return fmt.Sprintf("%sline %d:\n got: %s\nwant: %s", ctx, i, truncate(gl), truncate(wl))
		}
	}
	return "(same)"
}

func truncate(s string) string {
	if len(s) > 600 {
		return s[:600] + "…"
	}
	return s
}

func TestDiffDecodeTokens(t *testing.T) {
	std := needStd(t)
	for _, doc := range inputs(t, 3000) {
		for _, opts := range decodeOptSets {
			compareDecode(t, std, doc, nil, opts, len(readers))
		}
	}
}

func TestDiffDecodeSuiteAndCorpus(t *testing.T) {
	std := needStd(t)
	for _, doc := range suiteAndCorpus(t) {
		compareDecode(t, std, doc, nil, nil, len(readers))
		compareDecode(t, std, doc, []step{stepValue}, nil, len(readers))
		compareDecode(t, std, doc, []step{stepToken, stepSkip, stepPeek, stepValue}, nil, 2)
	}
}

func TestDiffDecodeScripts(t *testing.T) {
	std := needStd(t)
	r := rand.New(rand.NewPCG(2, 3))
	for _, doc := range inputs(t, 3000) {
		for k := 0; k < 3; k++ {
			script := make([]step, 1+r.IntN(6))
			for i := range script {
				script[i] = step(r.IntN(int(nSteps)))
			}
			// Peeks alone never get anywhere.
			script[r.IntN(len(script))] = step(r.IntN(int(stepPeek)))
			compareDecode(t, std, doc, script, decodeOptSets[r.IntN(len(decodeOptSets))], len(readers))
		}
	}
}

// encodeOptions are the options the encoding tests combine.
var encodeOptions = []optSpec{
	{name: "AllowDuplicateNames", b: true},
	{name: "AllowInvalidUTF8", b: true},
	{name: "EscapeForHTML", b: true},
	{name: "EscapeForJS", b: true},
	{name: "PreserveRawStrings", b: true},
	{name: "CanonicalizeRawInts", b: true},
	{name: "CanonicalizeRawFloats", b: true},
	{name: "ReorderRawObjects", b: true},
	{name: "SpaceAfterColon", b: true},
	{name: "SpaceAfterComma", b: true},
	{name: "Multiline", b: true},
	{name: "Multiline", b: false},
	{name: "WithIndent", s: "  "},
	{name: "WithIndent", s: "\t \t"},
	{name: "WithIndentPrefix", s: " "},
	{name: "SpaceAfterColon", b: false},
	{name: "AllowDuplicateNames", b: false},
	{name: "PreserveRawStrings", b: false},
}

func randomOpts(r *rand.Rand) []optSpec {
	n := r.IntN(4)
	out := make([]optSpec, n)
	for i := range out {
		out[i] = encodeOptions[r.IntN(len(encodeOptions))]
	}
	return out
}

var valueOps = []string{"IsValid", "Format", "Compact", "Indent", "Canonicalize", "AppendFormat"}

func compareValueOp(t *testing.T, std *textAPI, name, op string, data []byte, opts []optSpec) bool {
	t.Helper()
	gotOut, gotErr := jetAPI.valueOp(op, data, opts)
	wantOut, wantErr := std.valueOp(op, data, opts)
	g, w := jetAPI.describe(gotErr), std.describe(wantErr)
	if !bytes.Equal(gotOut, wantOut) || g != w {
		t.Errorf("%s %s(opts %v) of %q:\n got %q, %s\nwant %q, %s", name, op, opts, truncate(string(data)), truncate(string(gotOut)), g, truncate(string(wantOut)), w)
		return false
	}
	return true
}

func TestDiffValueMethods(t *testing.T) {
	std := needStd(t)
	r := rand.New(rand.NewPCG(4, 5))
	fails := 0
	for _, doc := range inputs(t, 3000) {
		for _, op := range valueOps {
			for k := 0; k < 3; k++ {
				opts := randomOpts(r)
				if k == 0 {
					opts = nil
				}
				if len(doc.Data) > 4096 && (op == "Indent" || k > 0) {
					// Deeply nested documents indented are quadratic in
					// size; they are formatted once, compactly.
					continue
				}
				if !compareValueOp(t, std, doc.Name, op, doc.Data, opts) {
					if fails++; fails > 20 {
						t.Fatal("too many failures")
					}
				}
			}
		}
	}
}

func TestDiffValueMethodsSuiteAndCorpus(t *testing.T) {
	std := needStd(t)
	for _, doc := range suiteAndCorpus(t) {
		for _, op := range valueOps {
			compareValueOp(t, std, doc.Name, op, doc.Data, nil)
		}
		compareValueOp(t, std, doc.Name, "Format", doc.Data, []optSpec{{name: "Multiline", b: true}, {name: "EscapeForHTML", b: true}, {name: "EscapeForJS", b: true}})
		compareValueOp(t, std, doc.Name, "Indent", doc.Data, []optSpec{{name: "WithIndent", s: "  "}, {name: "WithIndentPrefix", s: "\t"}})
	}
}

// tokenSpecs are constructed tokens the encoding tests write.
var tokenSpecs = func() []tokenSpec {
	out := []tokenSpec{
		{ctor: "Null"}, {ctor: "True"}, {ctor: "False"}, {ctor: "BeginObject"}, {ctor: "EndObject"},
		{ctor: "BeginArray"}, {ctor: "EndArray"}, {ctor: "Zero"},
	}
	for _, s := range []string{"", "a", "b", "name", "é", "\xff", "a\u2028b", "<&>", "\x00\x1f\"\\", "日本語😀", "\xed\xa0\x80"} {
		out = append(out, tokenSpec{ctor: "String", s: s})
	}
	for _, i := range []int64{0, 1, -1, math.MaxInt64, math.MinInt64, 1 << 53} {
		out = append(out, tokenSpec{ctor: "Int", i: i})
	}
	for _, u := range []uint64{0, 1, math.MaxUint64, 1 << 63} {
		out = append(out, tokenSpec{ctor: "Uint", u: u})
	}
	for _, f := range []float64{0, math.Copysign(0, -1), 1, -1.5, 0.1, 1e21, 1e20, 1e-7, 1e-6, 123456789.125, math.MaxFloat64, math.SmallestNonzeroFloat64, math.NaN(), math.Inf(1), math.Inf(-1), 3.4e38, 1e39, 16777217} {
		out = append(out, tokenSpec{ctor: "Float", f: f}, tokenSpec{ctor: "Float32", f: f})
	}
	return out
}()

func TestDiffTokenAccessors(t *testing.T) {
	std := needStd(t)
	for _, s := range tokenSpecs {
		if got, want := jetAPI.tokenAccess(s), std.tokenAccess(s); got != want {
			t.Errorf("%v:\n got %s\nwant %s", s, got, want)
		}
	}
}

// encodeScripts makes scripts of writes: the tokens of valid documents
// (so that long valid sequences are written), with wrong tokens and raw
// values mixed in.
func encodeScripts(r *rand.Rand, n int) [][]encStep {
	g := testdocs.NewGen(7)
	var out [][]encStep
	for len(out) < n {
		var script []encStep
		for k := 0; k < 1+r.IntN(3); k++ {
			d := NewDecoder(bytes.NewReader(g.Value()))
			for {
				tok, err := d.ReadToken()
				if err != nil {
					break
				}
				spec := specOf(tok)
				switch r.IntN(12) {
				case 0:
					spec = tokenSpecs[r.IntN(len(tokenSpecs))]
				case 1:
					script = append(script, encStep{value: g.Mutate(g.Value())})
				case 2:
					script = append(script, encStep{value: g.Value()})
				}
				script = append(script, encStep{tok: spec})
			}
		}
		out = append(out, script)
	}
	return out
}

// specOf describes a token read by a Decoder as the constructor call that
// makes the same token.
func specOf(t Token) tokenSpec {
	switch t.Kind() {
	case 'n':
		return tokenSpec{ctor: "Null"}
	case 't':
		return tokenSpec{ctor: "True"}
	case 'f':
		return tokenSpec{ctor: "False"}
	case '{':
		return tokenSpec{ctor: "BeginObject"}
	case '}':
		return tokenSpec{ctor: "EndObject"}
	case '[':
		return tokenSpec{ctor: "BeginArray"}
	case ']':
		return tokenSpec{ctor: "EndArray"}
	case '"':
		return tokenSpec{ctor: "String", s: t.String()}
	}
	if i, err := t.Int(); err == nil {
		return tokenSpec{ctor: "Int", i: i}
	}
	if u, err := t.Uint(); err == nil {
		return tokenSpec{ctor: "Uint", u: u}
	}
	f, _ := t.Float()
	return tokenSpec{ctor: "Float", f: f}
}

func TestDiffEncode(t *testing.T) {
	std := needStd(t)
	r := rand.New(rand.NewPCG(8, 9))
	fails := 0
	for i, script := range encodeScripts(r, 3000) {
		opts := randomOpts(r)
		got := encodeTranscript(jetAPI, script, opts)
		want := encodeTranscript(*std, script, opts)
		if got != want {
			t.Errorf("script %d (opts %v):\n%s", i, opts, firstDiff(got, want))
			if fails++; fails > 10 {
				t.Fatal("too many failures")
			}
		}
	}
}

func TestDiffQuoteAndFloat(t *testing.T) {
	std := needStd(t)
	g := testdocs.NewGen(10)
	var strs [][]byte
	for _, s := range tokenSpecs {
		if s.ctor == "String" {
			strs = append(strs, []byte(s.s))
		}
	}
	for i := 0; i < 2000; i++ {
		strs = append(strs, g.Mutate(g.Value()))
	}
	for _, s := range strs {
		gq, gerr := jetAPI.appendQuote(s)
		wq, werr := std.appendQuote(s)
		if !bytes.Equal(gq, wq) || jetAPI.describe(gerr) != std.describe(werr) {
			t.Errorf("AppendQuote(%q):\n got %q %v\nwant %q %v", s, gq, gerr, wq, werr)
		}
		for _, q := range [][]byte{s, append(append([]byte{'"'}, s...), '"'), gq[2:]} {
			gu, gerr := jetAPI.appendUnquote(q)
			wu, werr := std.appendUnquote(q)
			if !bytes.Equal(gu, wu) || jetAPI.describe(gerr) != std.describe(werr) {
				t.Errorf("AppendUnquote(%q):\n got %q %s\nwant %q %s", q, gu, jetAPI.describe(gerr), wu, std.describe(werr))
			}
		}
	}
	r := rand.New(rand.NewPCG(11, 12))
	floats := []float64{0, math.Copysign(0, -1), math.NaN(), math.Inf(1), math.Inf(-1), 1e21, 1e-7, 5e-324, math.MaxFloat64}
	for i := 0; i < 20000; i++ {
		floats = append(floats, math.Float64frombits(r.Uint64()), r.NormFloat64()*math.Pow(10, float64(r.IntN(60)-30)))
	}
	for _, f := range floats {
		for _, bits := range []int{32, 64} {
			if got, want := jetAPI.appendFloat(f, bits), std.appendFloat(f, bits); !bytes.Equal(got, want) {
				t.Errorf("AppendFloat(%v, %d) = %s, want %s", f, bits, got, want)
			}
		}
	}
}

func TestDiffPointer(t *testing.T) {
	std := needStd(t)
	ptrs := []string{"", "/", "//", "/a", "/a/b", "a", "/a~0b", "/a~1b", "/a~2", "/a~", "~", "/\xff", "/\ufffd", "/日本", "/a/0/-"}
	for _, p := range ptrs {
		gp, wp := jetAPI.pointer(p), std.pointer(p)
		got := fmt.Sprint(gp.IsValid(), gp.Parent(), gp.LastToken(), gp.Tokens(), gp.AppendToken("x/~y"), gp.AppendToken("\xff"), gp.Contains(p+"/x"), gp.Contains("/ax"))
		want := fmt.Sprint(wp.IsValid(), wp.Parent(), wp.LastToken(), wp.Tokens(), wp.AppendToken("x/~y"), wp.AppendToken("\xff"), wp.Contains(p+"/x"), wp.Contains("/ax"))
		if got != want {
			t.Errorf("Pointer(%q):\n got %s\nwant %s", p, got, want)
		}
	}
}
