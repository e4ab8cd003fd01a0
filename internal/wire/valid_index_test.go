package wire

import (
	"encoding/json"
	"math/rand"
	"strings"
	"testing"
)

// validRef is Valid by the precise, byte-at-a-time scanner.
func validRef(s string) bool {
	end, err := RefSkipValue(s, 0, DefaultMaxDepth)
	return err == nil && SkipSpace(s, end) == len(s)
}

// checkIndexed compares validIndexed (and Valid) with the precise scanner
// on s, and on s shifted against the 64-byte blocks.
func checkIndexed(t testing.TB, s string) {
	t.Helper()
	want := validRef(s)
	pres := []string{"", " ", strings.Repeat(" ", 37), strings.Repeat("\n", 63)}
	if len(s) > 1<<16 {
		pres = pres[:2] // (a large document has every alignment inside)
	}
	for _, pre := range pres {
		d := pre + s
		got, deep := validIndexed(d)
		if !deep && got != want {
			t.Fatalf("validIndexed(%.200q) = %v, want %v", d, got, want)
		}
	}
	if got := Valid(s, DefaultMaxDepth); got != want {
		t.Fatalf("Valid(%.200q) = %v, want %v", s, got, want)
	}
}

// indexSamples add strings with escapes at block boundaries to
// skipSamples.
func indexSamples() []string {
	out := append([]string(nil), skipSamples...)
	numbers := []string{"0", "-0", "1", "-1", "10", "01", "-01", "00", "0.5", "1.", ".5", "-.5", "1.5.5", "1e5", "1E+5", "1e-5",
		"1e", "1e+", "1ee5", "1e5e5", "1e5.5", "1.5e5", "-", "--1", "+1", "1+", "1-", "1.e5", "0e0", "-0.0e-0", "1x", "12a",
		"123456789012345678901234567890", "-65.613616999999977", "1316289444", "0.1", "2e308", "1.7976931348623157e308"}
	for k := 50; k < 70; k++ {
		for _, num := range numbers {
			out = append(out, strings.Repeat(" ", k)+num, "["+strings.Repeat(" ", k)+num+"]", `{"k":`+strings.Repeat("1,", k/2)[:k-k%2]+num+`}`)
		}
	}
	for k := 55; k < 70; k++ {
		pad := strings.Repeat("a", k)
		for _, esc := range []string{`\u00e9`, `\u00E`, `\"`, `\\`, `\/`, `\x`, `\u12G4`, `\`, "\t", `\u"`, `\\"`} {
			out = append(out, `["`+pad+esc+`"]`, `{"`+pad+esc+`":1}`, `"`+pad+esc+`"`)
		}
	}
	// Escapes in the later blocks of long strings (the kernels' short
	// paths inside strings), at every lane, a block boundary included.
	for k := 120; k < 200; k += 3 {
		pad := strings.Repeat("a", k)
		for _, esc := range []string{`\n`, `\"`, `\\`, `\u00e9`, `\ud83d\ude00`, `\ud83d`, `\x`, "\t", `\\\"`, "\xc3\xa9"} {
			out = append(out, `"`+pad+esc+pad+`"`, `["`+pad+esc+`b`+esc+pad[:k/2]+`"]`)
		}
	}
	return out
}

func TestValidIndexedSamples(t *testing.T) {
	for _, s := range indexSamples() {
		checkIndexed(t, s)
		checkIndexed(t, "[ "+s+" ]")
		checkIndexed(t, `{"k":`+s+`}`)
		checkIndexed(t, "["+strings.Repeat(`"x",`, 30)+s+"]")
	}
}

func TestValidIndexedSuite(t *testing.T) {
	docs := suiteDocs()
	if len(docs) == 0 {
		t.Skip("../shared/testdata/JSONTestSuite not found; skipping the suite")
	}
	for _, s := range docs {
		checkIndexed(t, s)
	}
}

func TestValidIndexedMutations(t *testing.T) {
	r := rand.New(rand.NewSource(21))
	samples := indexSamples()
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for k := 0; k < n; k++ {
		var b strings.Builder
		b.WriteByte('[')
		for m := r.Intn(12); m >= 0; m-- {
			b.WriteString(samples[r.Intn(len(samples))])
			b.WriteByte(',')
		}
		b.WriteString(samples[r.Intn(len(samples))])
		b.WriteByte(']')
		checkIndexed(t, mutate(r, b.String()))
	}
}

func TestValidIndexedCorpus(t *testing.T) {
	docs := corpusDocs(t)
	if len(docs) == 0 {
		t.Skip("../shared/corpus not found; skipping corpus documents")
	}
	r := rand.New(rand.NewSource(22))
	for name, s := range docs {
		if got, deep := validIndexed(s); !got || deep {
			t.Errorf("validIndexed(%s) = %v, deep %v", name, got, deep)
		}
		// Broken copies: one changed byte somewhere in the document.
		for k := 0; k < 8; k++ {
			b := []byte(s)
			const repl = "{}[]\",:\\ x0\x01u\x0c"
			b[r.Intn(len(b))] = repl[r.Intn(len(repl))]
			checkIndexed(t, string(b))
		}
	}
}

func TestValidIndexedDeep(t *testing.T) {
	for _, depth := range []int{63, 64, 65, 200} {
		s := strings.Repeat(`[{"a":`, depth/2) + strings.Repeat("[", depth%2) + "1" + strings.Repeat("]", depth%2) + strings.Repeat("}]", depth/2)
		checkIndexed(t, s)
		checkIndexed(t, s[:len(s)-1])
	}
	checkIndexed(t, strings.Repeat("[", DefaultMaxDepth)+strings.Repeat("]", DefaultMaxDepth))
	checkIndexed(t, strings.Repeat("[", DefaultMaxDepth+1)+strings.Repeat("]", DefaultMaxDepth+1))
}

// TestIdxBlocksMatchGo compares the first stage of this platform with the
// portable one, state and tokens, on arbitrary bytes.
func TestIdxBlocksMatchGo(t *testing.T) {
	r := rand.New(rand.NewSource(23))
	for k := 0; k < 20000; k++ {
		s := idxNoise(r)
		st0 := idxState(r)
		count := r.Intn(skIdxCap - 63)
		base := r.Intn(1000)
		var out1, out2 [skIdxCap]uint32
		st1, st2 := st0, st0
		c1, n1 := skIdxBlocks(s, 0, len(s), &st1, &out1, count, base)
		c2, n2 := skIdxBlocksGo(s, 0, len(s), &st2, &out2, count, base)
		if c1 != c2 || n1 != n2 || st1 != st2 || !sameTokens(out1[count:n1], out2[count:n2]) {
			t.Fatalf("%q from %+v, count %d: %d %d %+v, Go %d %d %+v", s, st0, count, c1, n1, st1, c2, n2, st2)
		}
	}
}

// idxNoise returns 64 to 463 bytes drawn from the bytes the first stage
// tells apart.
func idxNoise(r *rand.Rand) string {
	alphabet := idxAlphabets[0]
	if r.Intn(2) == 0 {
		alphabet = idxAlphabets[1+r.Intn(len(idxAlphabets)-1)]
	}
	b := make([]byte, 64+r.Intn(400))
	for i := range b {
		b[i] = alphabet[r.Intn(len(alphabet))]
	}
	return string(b)
}

// idxStringNoise returns random text that is mostly the inside of a
// long string: words, escapes whole and cut short (\u with fewer than
// four hex digits, a backslash where a digit is owed), surrogate escapes
// and UTF-8, with a rare quote, control character or run of other JSON,
// so that the kernels' loops over blocks inside strings meet every case
// of escape carried and hex digits owed from one block to the next.
func idxStringNoise(r *rand.Rand) string {
	var b strings.Builder
	n := 64 + r.Intn(400)
	for b.Len() < n {
		switch k := r.Intn(200); {
		case k == 0:
			b.WriteByte('"')
		case k == 1:
			b.WriteByte(0x01)
		case k == 2:
			b.WriteString(`", "k": [1, 2.5e3, "`)
		default:
			b.WriteString(idxStringPieces[r.Intn(len(idxStringPieces))])
		}
	}
	return b.String()
}

var idxStringPieces = []string{"a", "xyz", "abcdefgh", "the quick brown fox ", `\n`, `\"`, `\\`, `\/`, `\t`,
	`\u`, `\u0`, `\u00`, `\u00e9`, `\u12G4`, `\uD83D`, `\uDE00`, `\ud83d\ude00`, `\ud800`, `\udc00`, `\`, `\x`,
	"\xc3\xa9", "u", "0", "d", "D8", `\\\`, `\\\u`, `ab\`, `\u1\`, `\u12\`}

// idxAlphabets are idxNoise's bytes: everything the first stage tells
// apart, then texts of numbers (digits alone, without exponents, with
// them), which take the kernels' short paths for numbers and for blocks
// without strings, and the insides of long strings with escapes (no
// quote, or a rare one), which take their short paths for blocks inside
// a string.
var idxAlphabets = []string{
	"\"\\\\\\u0aF9g{}[],: \t\n\r\x01\x0c\x1a\x80xtrue/bn-+.eE0011223\\udD8cB\\uD",
	"0123456789-,[] ",
	"01234-.,]",
	"0012-.+eE,[ ",
	"0123456789-.,[]\" ",
	"abcdefghijklmnopqrstuvwxyz ABCDEF0123456789.,:{}[] \xc3\xa9\\\\nrtbf/u\\n\\tx",
	"abcdefghijklmnopqrstuvwxyz ABCDEF0123456789.,:{}[] \xc3\xa9\\\\nrtbf/u\\n\\\"x\\ud83d\x01" + strings.Repeat("abcdefghijklmnopqrstuvwxyz", 4) + "\"",
}

// idxState returns a random first-stage state, one that some input
// leads to: a number run goes on only outside strings, after a byte of
// it; the carries of numbers are set only while a run goes on; escapes
// and the hex digits and surrogates they owe are carried only inside
// strings.
func idxState(r *rand.Rand) skIdx {
	bit := func() uint64 { return uint64(r.Intn(2)) }
	st := skIdx{escaped: bit(), scalar: bit(), hex: uint64(r.Intn(16)),
		numRun: bit(), pointRun: bit(), expRun: bit(), digit: bit(), exp: bit(), signPoint: bit(), minus: bit(), zero: bit(),
		sur: uint64(r.Intn(256)), surBad: bit(), high: bit(), backslash: bit()}
	if r.Intn(4) == 0 {
		// A caller with no use for surrogates (Valid) starts with none.
		st.noSur, st.sur, st.surBad = 1, 0, 0
	}
	if r.Intn(2) == 0 {
		st.inString = ^uint64(0)
	}
	if st.numRun == 1 {
		st.scalar, st.inString = 1, 0
	} else {
		st.pointRun, st.expRun, st.digit, st.exp, st.signPoint, st.minus, st.zero = 0, 0, 0, 0, 0, 0, 0
	}
	if st.inString == 0 {
		st.escaped, st.hex, st.sur = 0, 0, 0
	}
	return st
}

func sameTokens(a, b []uint32) bool {
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

// TestIdxClassify checks the byte classes against their definitions.
func TestIdxClassify(t *testing.T) {
	var b [64]byte
	for c := 0; c < 256; c++ {
		for i := range b {
			b[i] = byte(c)
		}
		m := skIdxClassify(string(b[:]), 0)
		all := func(in bool) uint64 {
			if in {
				return ^uint64(0)
			}
			return 0
		}
		ch := byte(c)
		want := skIdxMasks{
			quote:      all(ch == '"'),
			backslash:  all(ch == '\\'),
			space:      all(strings.IndexByte(" \t\n\r", ch) >= 0),
			structural: all(strings.IndexByte(",:[]{}\x0c\x1a", ch) >= 0),
			control:    all(ch < 0x20),
			escape:     all(strings.IndexByte(`"\/bfnrtu`, ch) >= 0),
			u:          all(ch == 'u'),
			hex:        all(strings.IndexByte("0123456789abcdefABCDEF", ch) >= 0),
			digit:      all(ch >= '0' && ch <= '9'),
			zero:       all(ch == '0'),
			minus:      all(ch == '-'),
			plus:       all(ch == '+'),
			point:      all(ch == '.'),
			exp:        all(ch == 'e' || ch == 'E'),
			high:       all(ch >= 0x80),
			surD:       all(ch == 'd' || ch == 'D'),
			sur89AB:    all(strings.IndexByte("89abAB", ch) >= 0),
			surCDEF:    all(strings.IndexByte("cdefCDEF", ch) >= 0),
		}
		if m != want {
			t.Fatalf("classes of %#x: %+v, want %+v", c, m, want)
		}
	}
}

func FuzzValidIndexed(f *testing.F) {
	for _, s := range indexSamples() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkIndexed(t, s)
		if got, want := Valid(s, DefaultMaxDepth), json.Valid([]byte(s)); got != want {
			t.Fatalf("Valid(%q) = %v, encoding/json says %v", s, got, want)
		}
	})
}

func BenchmarkValid(b *testing.B) {
	docs := corpusDocs(b)
	if len(docs) == 0 {
		b.Skip("../shared/corpus not found")
	}
	for _, name := range []string{"twitter.json", "twitterescaped.json", "citm_catalog.json", "canada.json", "golang_source.json", "synthea_fhir.json", "string_unicode.json", "string_escaped.json"} {
		s := docs[name]
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				Valid(s, DefaultMaxDepth)
			}
		})
	}
}
