package wire

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
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

// checkSkipFast compares SkipValue with the reference on s.
func checkSkipFast(t testing.TB, s string, maxDepth int) {
	t.Helper()
	end, err := RefSkipValue(s, 0, maxDepth)
	fend, ok := SkipValue(s, 0, maxDepth)
	if ok != (err == nil) || ok && fend != end {
		t.Fatalf("SkipValue(%.80q, depth %d) = %d, %v; the reference = %d, %v", s, maxDepth, fend, ok, end, err)
	}
	if err == nil && SkipSpace(s, end) == len(s) {
		if lend, lok := SkipLoose(s, 0); !lok || lend != end {
			t.Fatalf("SkipLoose(%.80q) = %d, %v; want %d", s, lend, lok, end)
		}
	} else {
		SkipLoose(s, 0) // must not panic
	}
}

func TestSkipValueSamples(t *testing.T) {
	for _, s := range skipSamples {
		checkSkipFast(t, s, DefaultMaxDepth)
		checkSkipFast(t, s, 2)
		for k := 0; k < len(s); k++ {
			checkSkipFast(t, s[:k], DefaultMaxDepth)
		}
	}
}

func TestSkipValueSuite(t *testing.T) {
	docs := suiteDocs()
	if len(docs) == 0 {
		t.Skip("../shared/testdata/JSONTestSuite not found; skipping the conformance suite")
	}
	for name, s := range docs {
		end, err := RefSkipValue(s, 0, DefaultMaxDepth)
		fend, ok := SkipValue(s, 0, DefaultMaxDepth)
		if ok != (err == nil) || ok && fend != end {
			t.Errorf("%s: SkipValue = %d, %v; the reference = %d, %v", name, fend, ok, end, err)
		}
		SkipLoose(s, 0)
	}
}

func TestSkipValueDepth(t *testing.T) {
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

func TestSkipValueMutations(t *testing.T) {
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

func TestSkipValueCorpus(t *testing.T) {
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

func TestSkipRest(t *testing.T) {
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
		end, err := RefSkipValue(doc, 0, DefaultMaxDepth)
		fend, ok := SkipRest(tail, 0, open, DefaultMaxDepth)
		if ok != (err == nil) || ok && fend != end-len(pre) {
			t.Fatalf("SkipRest(%q, %q) = %d, %v; RefSkipValue(%q) = %d, %v", tail, open, fend, ok, doc, end, err)
		}
	}
	if end, ok := SkipRest("xyz", 1, nil, DefaultMaxDepth); !ok || end != 1 {
		t.Fatalf("SkipRest with nothing open = %d, %v", end, ok)
	}
}

func TestSkipLooseOnValid(t *testing.T) {
	docs := corpusDocs(t)
	for _, s := range skipSamples {
		docs[s] = s
	}
	for name, s := range docs {
		end, err := RefSkipValue(s, 0, DefaultMaxDepth)
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
			vend, verr := RefSkipValue(s, i, DefaultMaxDepth)
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

func FuzzSkipValue(f *testing.F) {
	for _, s := range skipSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkSkipFast(t, s, DefaultMaxDepth)
		checkSkipFast(t, s, 3)
		for _, open := range []string{"[", "{", "[{", "{[", "[[{"} {
			pre := openPrefix([]byte(open))
			end, err := RefSkipValue(pre+s, 0, DefaultMaxDepth)
			fend, ok := SkipRest(s, 0, []byte(open), DefaultMaxDepth)
			if ok != (err == nil) || ok && fend != end-len(pre) {
				t.Fatalf("SkipRest(%q, %q) = %d, %v; SkipValue = %d, %v", s, open, fend, ok, end, err)
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
				RefSkipValue(s, 0, DefaultMaxDepth)
			}
		})
		b.Run("SkipValue/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				SkipValue(s, 0, DefaultMaxDepth)
			}
		})
		b.Run("SkipLooseScalar/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			for i := 0; i < b.N; i++ {
				skLooseTail(s, 1, 1)
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

// escapedRef marks, byte by byte, the bytes escaped by a backslash, with
// carry telling whether the first byte is escaped.
func escapedRef(b uint64, carry uint64) (uint64, uint64) {
	var esc uint64
	escaping := carry != 0
	for k := 0; k < 64; k++ {
		if escaping {
			esc |= 1 << k
			escaping = false
			continue
		}
		if b>>k&1 == 1 {
			escaping = true
		}
	}
	out := uint64(0)
	if escaping {
		out = 1
	}
	return esc, out
}

func TestSkipBlockBits(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	for k := 0; k < 200000; k++ {
		// Backslash masks with runs of every length.
		var b uint64
		for p := 0; p < 64; {
			run := r.Intn(6)
			if r.Intn(2) == 0 {
				for q := 0; q < run && p < 64; q++ {
					b |= 1 << p
					p++
				}
			} else {
				p += run + 1
			}
		}
		carry := uint64(r.Intn(2))
		st := skBlock{escaped: carry}
		got := st.skEscapedBits(b)
		want, wantCarry := escapedRef(b, carry)
		if got != want || st.escaped != wantCarry {
			t.Fatalf("escaped(%064b, %d) = %064b/%d, want %064b/%d", b, carry, got, st.escaped, want, wantCarry)
		}
		x := r.Uint64()
		px := uint64(0)
		acc := uint64(0)
		for p := 0; p < 64; p++ {
			acc ^= x >> p & 1
			px |= acc << p
		}
		if skPrefixXor(x) != px {
			t.Fatalf("prefix xor")
		}
		m := r.Uint64() & msb
		if got, want := skPack(m), uint64(0); true {
			for lane := 0; lane < 8; lane++ {
				want |= (m >> (8*lane + 7) & 1) << lane
			}
			if got != want {
				t.Fatalf("skPack(%x) = %x, want %x", m, got, want)
			}
		}
	}
}

// TestSkipBlocksMatchScalar compares the block skipper with the scalar
// loop on documents full of escapes, long strings and brackets inside
// strings, placed at every offset relative to the blocks.
func TestSkipBlocksMatchScalar(t *testing.T) {
	r := rand.New(rand.NewSource(6))
	pieces := []string{`"a\"b"`, `"\\"`, `"\\\\\""`, `"[{]}"`, `{}`, `[]`, `{"k":[1,2,{"x":"]"}]}`, `"` + strings.Repeat(`\\`, 33) + `"`, `"` + strings.Repeat("x", 70) + `"`, `"\u005c"`, ` 1`, "\n2", `123`, `true`, `"\\\"\\"`}
	for k := 0; k < 3000; k++ {
		var b strings.Builder
		b.WriteString(strings.Repeat(" ", r.Intn(64)))
		b.WriteByte('[')
		for n := r.Intn(40); n > 0; n-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
			b.WriteByte(',')
		}
		b.WriteString(`0]`)
		s := b.String()
		if !Valid(s, DefaultMaxDepth) {
			t.Fatalf("test document is invalid: %s", s)
		}
		for i := 0; i < len(s); i++ {
			if c := s[i]; c != '[' && c != '{' {
				continue
			}
			if _, err := RefSkipValue(s, i, DefaultMaxDepth); err != nil {
				continue // a bracket inside a string
			}
			want, wok := skLooseTail(s, i+1, 1)
			got, gok := skLooseContainer(s, i+1)
			if got != want || gok != wok {
				t.Fatalf("at %d of %q: blocks %d %v, scalar %d %v", i, s, got, gok, want, wok)
			}
		}
		// Cut short: no panic, and never a position past the input.
		for cut := 0; cut < len(s); cut += 7 {
			if end, _ := skLooseContainer(s[:cut], 1); end > cut {
				t.Fatalf("end %d past %d", end, cut)
			}
		}
	}
}

// TestSkipBlocksKernel compares the block skipper of this platform with
// the portable reference, state and all, on arbitrary bytes.
func TestSkipBlocksKernel(t *testing.T) {
	r := rand.New(rand.NewSource(8))
	const alphabet = "\"\\{}[]x \x80"
	for k := 0; k < 20000; k++ {
		b := make([]byte, 64+r.Intn(300))
		for i := range b {
			b[i] = alphabet[r.Intn(len(alphabet))]
		}
		s := string(b)
		j := r.Intn(16)
		depth := 1 + r.Intn(4)
		st0 := skBlock{escaped: uint64(r.Intn(2))}
		if r.Intn(2) == 0 {
			st0.inString = ^uint64(0)
		}
		st1, st2 := st0, st0
		e1, n1, d1 := skBlocks(s, j, depth, &st1)
		if e1 < 0 && n1 == j {
			continue // no kernel on this platform
		}
		e2, n2, d2 := skBlocksGo(s, j, depth, &st2)
		if e1 != e2 || e1 < 0 && (n1 != n2 || d1 != d2 || st1 != st2) {
			t.Fatalf("%q from %d depth %d %+v: kernel %d %d %d %+v, Go %d %d %d %+v", s, j, depth, st0, e1, n1, d1, st1, e2, n2, d2, st2)
		}
	}
}

// TestLooseStringLong checks string ends found with the vector kernel
// against a byte loop: the stop at every offset of strings of many
// lengths, at every alignment.
func TestLooseStringLong(t *testing.T) {
	ref := func(s string, j int) (int, bool) {
		for j < len(s) {
			switch s[j] {
			case '"':
				return j + 1, true
			case '\\':
				j += 2
				continue
			}
			j++
		}
		return len(s), false
	}
	for pad := 0; pad < 8; pad++ {
		for length := 0; length < 200; length += 3 {
			for stop := 0; stop <= length; stop += 1 + length/40 {
				b := []byte(strings.Repeat(" ", pad) + `"` + strings.Repeat("é", length/2) + strings.Repeat("x", length%2))
				for _, c := range []byte{'"', '\\'} {
					body := append([]byte(nil), b...)
					if pad+1+stop < len(body) {
						body[pad+1+stop] = c
					}
					s := string(body) + `"` + strings.Repeat("y", 40)
					got, gok := LooseStringEnd(s, pad)
					want, wok := ref(s, pad+1)
					if got != want || gok != wok {
						t.Fatalf("LooseStringEnd(%q) = %d %v, want %d %v", s, got, gok, want, wok)
					}
					cut := s[:len(s)-40-1]
					got, gok = LooseStringEnd(cut, pad)
					want, wok = ref(cut, pad+1)
					if got != want || gok != wok {
						t.Fatalf("LooseStringEnd(%q) = %d %v, want %d %v", cut, got, gok, want, wok)
					}
				}
			}
		}
	}
}

func TestLooseStringEscapes(t *testing.T) {
	r := rand.New(rand.NewSource(9))
	parts := []string{`\\`, `\"`, `x`, `é`, `\\\\`, `\\\"`, `\u0041`, `\/`, `ab`}
	for k := 0; k < 20000; k++ {
		var b strings.Builder
		b.WriteString(strings.Repeat(" ", r.Intn(8)))
		start := b.Len()
		b.WriteByte('"')
		for n := r.Intn(80); n > 0; n-- {
			b.WriteString(parts[r.Intn(len(parts))])
		}
		b.WriteString(`"` + strings.Repeat(`"x\`, r.Intn(30)))
		s := b.String()
		end, ok := LooseStringEnd(s, start)
		e2, _, sok := ScanString(s, start)
		if !ok || !sok || end != e2 {
			t.Fatalf("LooseStringEnd(%q) = %d %v, ScanString = %d %v", s, end, ok, e2, sok)
		}
	}
}

// TestScanString compares ScanString with the reference grammar on
// strings of every length with every kind of stop, at every position:
// the same end, or the error where the reference finds it, and flags
// that say what the string holds.
func TestScanString(t *testing.T) {
	r := rand.New(rand.NewSource(10))
	parts := []string{"a", "é", "日本", `\n`, `\"`, `\\`, `\u00e9`, `\ud83d\ude00`, `\x`, `\u12`, "\x01", "\x7f", "\xff", strings.Repeat("z", 40), strings.Repeat("ü", 20)}
	for k := 0; k < 30000; k++ {
		var b strings.Builder
		b.WriteString(strings.Repeat(" ", r.Intn(4)))
		start := b.Len()
		b.WriteByte('"')
		for n := r.Intn(12); n > 0; n-- {
			b.WriteString(parts[r.Intn(len(parts))])
		}
		if r.Intn(8) != 0 {
			b.WriteByte('"')
		}
		b.WriteString(strings.Repeat("x", r.Intn(70)))
		s := b.String()
		end, fl, ok := ScanString(s, start)
		rend, rerr := RefSkipValue(s, start, DefaultMaxDepth)
		if ok != (rerr == nil) || ok && end != rend || !ok && int(rerr.Pos()) != end {
			t.Fatalf("ScanString(%q) = %d %v; the reference = %d %v", s, end, ok, rend, rerr)
		}
		if ok {
			body := s[start:end]
			var want StrFlags
			if strings.Contains(body, `\`) {
				want |= Escaped
			}
			if strings.IndexFunc(body, func(r rune) bool { return r >= 0x80 }) >= 0 {
				want |= NonASCII
			}
			if fl != want {
				t.Fatalf("ScanString(%q) flags %v, want %v", s, fl, want)
			}
		}
	}
}

func checkValidUTF8(t testing.TB, s string) {
	if got, want := ValidUTF8(s), utf8.ValidString(s); got != want {
		t.Fatalf("ValidUTF8(%q) = %v, want %v", s, got, want)
	}
}

func TestValidUTF8(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	pieces := []string{"a", "é", "日本", "😀", "\u2028", "\xed\xa0\x80", "\xc0\x80", "\xe0\x80\x80", "\xf0\x80\x80\x80", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\x80", "\xbf\xbf", "\xc2", "\xe2\x82", "\xf0\x9f\x98", "\xff", "\xdf\xbf", "\xef\xbf\xbf", "\xf4\x8f\xbf\xbf", strings.Repeat("x", 31)}
	for k := 0; k < 50000; k++ {
		var b strings.Builder
		for n := r.Intn(30); n > 0; n-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		checkValidUTF8(t, b.String())
		// Every byte value at every position of a valid text.
		if k%50 == 0 {
			s := []byte(strings.Repeat("日本語テキスト", 6))
			for p := 0; p < len(s); p += 1 + r.Intn(7) {
				old := s[p]
				s[p] = byte(r.Intn(256))
				checkValidUTF8(t, string(s))
				s[p] = old
			}
		}
	}
}

// TestValidUTF8Boundaries puts each short sequence, whole, cut or
// invalid, at every place of texts of 64 to 160 bytes, so that it
// meets every end of ValidUTF8's blocks and of its last window (a
// sequence cut off where the blocks from the start end was once
// passed by them and by the window alike).
func TestValidUTF8Boundaries(t *testing.T) {
	seqs := []string{"é", "日", "😀", "\xc2", "\xe2\x82", "\xf0\x9f\x98", "\x80", "\xed\xa0\x80", "\xff"}
	for _, fill := range []string{"a", "é", "日本"} {
		for n := 64; n <= 160; n++ {
			base := strings.Repeat(fill, n)[:n]
			for _, q := range seqs {
				for p := 0; p+len(q) <= n; p++ {
					checkValidUTF8(t, base[:p]+q+base[p+len(q):])
				}
			}
		}
	}
}

func FuzzValidUTF8(f *testing.F) {
	f.Add(strings.Repeat("日本語", 30))
	f.Add(strings.Repeat("a", 64) + "\xe2\x82")
	f.Fuzz(func(t *testing.T, s string) {
		checkValidUTF8(t, s)
		checkValidUTF8(t, strings.Repeat(s, 3))
	})
}
