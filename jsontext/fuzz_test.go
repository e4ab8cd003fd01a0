package jsontext

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"
	"time"
	"unicode/utf8"

	"github.com/jetjson/jet/internal/testdocs"
	"github.com/jetjson/jet/internal/wire"
)

// jetSlowAPI is this package with its fast paths turned off: the
// reference the fast paths are checked against.
var jetSlowAPI = func() textAPI {
	api := jetAPI
	api.name = "jet-slow"
	api.newDecoder = func(r io.Reader, opts []optSpec) decoderAPI {
		d := NewDecoder(r, jetOpts(opts)...)
		d.s.slowOnly = true
		return jetDecoder{d}
	}
	return api
}()

// jetNoIndexAPI is this package without the token index: its other fast
// paths alone.
var jetNoIndexAPI = func() textAPI {
	api := jetAPI
	api.name = "jet-noindex"
	api.newDecoder = func(r io.Reader, opts []optSpec) decoderAPI {
		d := NewDecoder(r, jetOpts(opts)...)
		d.s.noIndex = true
		return jetDecoder{d}
	}
	return api
}()

func init() {
	describers["jet-slow"] = describers["jet"]
	describers["jet-noindex"] = describers["jet"]
}

// fuzzSeeds adds the hand-made and some generated inputs to a fuzz
// target's seed corpus.
func fuzzSeeds(f *testing.F, add func(data []byte)) {
	for _, s := range handInputs {
		if len(s) < 2000 {
			add([]byte(s))
		}
	}
	g := testdocs.NewGen(99)
	for _, b := range g.Texts(200) {
		add(b)
	}
}

// scriptOf turns fuzz bytes into a decoder script.
func scriptOf(b []byte) []step {
	var script []step
	for _, c := range b {
		script = append(script, step(c%byte(nSteps)))
	}
	if len(script) > 0 {
		script[0] = step(b[0] % byte(stepPeek)) // not only peeks
	}
	return script
}

// FuzzDecodeFastPaths checks the decoder's fast paths against its
// reference paths: the same transcript of tokens, values, offsets, stack
// state and errors, for any input, options and script of calls, read
// whole or a byte at a time.
func FuzzDecodeFastPaths(f *testing.F) {
	fuzzSeeds(f, func(b []byte) { f.Add(b, []byte{0}, uint8(0)) })
	f.Add([]byte(`{"a":[1,2,{"b":null}],"c":"d"}`), []byte{1, 2, 0, 3}, uint8(1))
	for i, s := range utf8Seeds {
		if i%5 == 0 {
			f.Add([]byte(s), []byte{byte(stepValue)}, uint8(0))
		}
	}
	f.Fuzz(func(t *testing.T, data, script []byte, optBits uint8) {
		opts := decodeOptSets[int(optBits)%len(decodeOptSets)]
		sc := scriptOf(script)
		tm := time.AfterFunc(30*time.Second, func() { panic(fmt.Sprintf("slow: %q %v %v", data, opts, sc)) })
		defer tm.Stop()
		for _, r := range []func([]byte) io.Reader{bufferOf, func(b []byte) io.Reader { return bytes.NewReader(b) }, func(b []byte) io.Reader { return iotest.OneByteReader(bytes.NewReader(b)) }} {
			want := decodeTranscript(jetSlowAPI, data, r, opts, sc)
			for _, api := range []textAPI{jetAPI, jetNoIndexAPI} {
				if got := decodeTranscript(api, data, r, opts, sc); got != want {
					t.Fatalf("%s: input %q opts %v script %v:\n%s", api.name, data, opts, sc, firstDiff(got, want))
				}
			}
		}
	})
}

// shapeSeeds are documents whose objects take several shapes at a depth,
// some followed only in part, with duplicate names after a change of
// shape (short names and long ones).
var shapeSeeds = func() []string {
	long := func(c string) string { return `"` + strings.Repeat(c, 20) + `"` }
	objs := []string{
		`{"a":1,"b":2,"c":3}`, `{"a":1,"x":2}`, `{"q":{"a":1,"b":2},"r":[{"a":1}]}`,
		`{"a":1,"b":2}`, `{` + long("k") + `:1,` + long("l") + `:2}`, `{` + long("k") + `:1,"b":2}`,
		`{"a":1,"b":2,"c":3,"d":4}`, `{"x":1,"a":2}`, `{"q":{"a":1,"x":2},"r":[]}`,
		`{"p":1,"q":2,"x":3,"a":4}`,
	}
	dups := []string{
		`{"a":1,"b":2,"a":3}`, `{"a":1,"x":2,"b":3,"x":4}`, `{"a":1,"b":2,"c":3,"d":4,"c":5}`,
		`{` + long("k") + `:1,` + long("l") + `:2,` + long("k") + `:3}`, `{"x":1,"a":2,"x":3}`,
		`{"q":{"a":1,"x":2,"a":3}}`, `{"\u0061":1,"b":2,"a":3}`, `{"a":1,"b":2,"x":3,"a":4}`,
	}
	var seeds []string
	body := strings.Join(objs, ",") + "," + strings.Join(objs, ",")
	seeds = append(seeds, "["+body+"]")
	for _, d := range dups {
		seeds = append(seeds, "["+body+","+d+"]", `{"s":[`+body+`],"t":`+d+`}`)
	}
	// More shapes at a depth than it keeps (40), each under its own
	// member name, some sharing first names; twice over, so that the
	// second time the member names point to them; then a duplicate in an
	// object under one of those names that starts as its shape.
	var many []string
	for i := range 40 {
		many = append(many, fmt.Sprintf(`"m%d":{"k%d":1,"z%d":2,"k%dx":3}`, i, i%7, i, i%7))
	}
	manyBody := strings.Join(many, ",")
	seeds = append(seeds, `[{`+manyBody+`},{`+manyBody+`}]`,
		`[{`+manyBody+`},{`+manyBody+`},{"m3":{"k3":1,"z3":2,"k3":3}}]`)
	return seeds
}()

// FuzzUnescapeName checks appendUnescaped, which decodes the names the
// token list reads, against appendUnquotedBody, on string bodies that the
// reference reads without error when it allows invalid UTF-8 (so that
// lone surrogates are among them) and that are valid UTF-8.
func FuzzUnescapeName(f *testing.F) {
	for _, s := range []string{`"\u0041\u0072\u0061b"`, `"a\n\t\"\\\/\b\f\r"`, `"\ud83d\ude00x"`, `"\ud800"`, `"\udc00\ud800a"`,
		`"\ud800\u0041"`, `"\ud800\\udc00"`, `"\u00e9\u4e16\uFFFF"`, `"caf\u00e9 \u2028 é"`,
		`"\u0041\u0072\u0061\u0062\u0069\u0063"`, `"\u007f\u0080\u0041\u0042x"`, `"a\u0041\u00e9\u0042\u0043"`,
		`"\u0041\\u0041\u00411"`, `"\u0041\u0078\n\u0030"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, q []byte) {
		var fl strFlags
		n, err := consumeString(q, 0, &fl, false)
		if err != nil || n != len(q) || !utf8.Valid(q) {
			return
		}
		body := q[1 : len(q)-1]
		want := appendUnquotedBody([]byte("x"), body)
		if got := appendUnescaped([]byte("x"), string(body)); string(got) != string(want) {
			t.Fatalf("appendUnescaped(%q) = %q, want %q", body, got, want)
		}
	})
}

// FuzzDecodeStd checks the decoder against Go's encoding/json/jsontext
// (Go 1.27): tokens, values, offsets, stack state and errors.
func FuzzDecodeStd(f *testing.F) {
	fuzzSeeds(f, func(b []byte) { f.Add(b, []byte{0}, uint8(0)) })
	for _, s := range shapeSeeds {
		f.Add([]byte(s), []byte{0}, uint8(0))
	}
	f.Fuzz(func(t *testing.T, data, script []byte, optBits uint8) {
		if stdAPI == nil {
			t.Skip("this toolchain has no encoding/json/jsontext to compare with (Go 1.27 has it)")
		}
		opts := decodeOptSets[int(optBits)%len(decodeOptSets)]
		sc := scriptOf(script)
		want := decodeTranscript(*stdAPI, data, bufferOf, opts, sc)
		for _, r := range []func([]byte) io.Reader{bufferOf, func(b []byte) io.Reader { return iotest.OneByteReader(bytes.NewReader(b)) }} {
			if got := decodeTranscript(jetAPI, data, r, opts, sc); got != want {
				t.Fatalf("input %q opts %v script %v:\n%s", data, opts, sc, firstDiff(got, want))
			}
		}
	})
}

// FuzzValueStd checks Value's methods and AppendFormat against Go's with
// options chosen by the fuzzer.
func FuzzValueStd(f *testing.F) {
	fuzzSeeds(f, func(b []byte) { f.Add(b, uint8(0), uint32(0)) })
	f.Fuzz(func(t *testing.T, data []byte, op uint8, optBits uint32) {
		if stdAPI == nil {
			t.Skip("this toolchain has no encoding/json/jsontext to compare with (Go 1.27 has it)")
		}
		var opts []optSpec
		for i := 0; optBits != 0 && i < 4; i++ {
			opts = append(opts, encodeOptions[int(optBits%uint32(len(encodeOptions)))])
			optBits /= uint32(len(encodeOptions))
		}
		compareValueOp(t, stdAPI, "fuzz", valueOps[int(op)%len(valueOps)], data, opts)
	})
}

// TestDecodeFastPathsCorpus runs the fast paths against the reference on
// the corpus and JSONTestSuite, where documents are larger than fuzzing
// makes them.
func TestDecodeFastPathsCorpus(t *testing.T) {
	for _, doc := range suiteAndCorpus(t) {
		for _, sc := range [][]step{nil, {stepValue}, {stepToken, stepToken, stepSkip, stepPeek}} {
			want := decodeTranscript(jetSlowAPI, doc.Data, func(b []byte) io.Reader { return bytes.NewReader(b) }, nil, sc)
			for _, api := range []textAPI{jetAPI, jetNoIndexAPI} {
				if got := decodeTranscript(api, doc.Data, func(b []byte) io.Reader { return bytes.NewReader(b) }, nil, sc); got != want {
					t.Errorf("%s: %s script %v:\n%s", api.name, doc.Name, sc, firstDiff(got, want))
				}
			}
		}
	}
}

// FuzzSurrogatesPaired checks the check of escaped surrogates used on
// whole stretches of text against the reference's string consumer: for a
// string with well-formed escapes, surrogatesPaired of its body agrees
// with consumeString's verdict when it checks UTF-8 (on bodies that are
// valid UTF-8 and hold no control character, the only other things it
// checks).
func FuzzSurrogatesPaired(f *testing.F) {
	for _, s := range []string{`"\ud800\udc00"`, `"\ud800"`, `"\udc00"`, `"\\ud800"`, `"\\\ud800\udfff"`, `"a\uD83D\uDE00b"`, `"\ud83d\u0041"`, `"\ud4ff\ud800"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, q []byte) {
		var fl strFlags
		n, err := consumeString(q, 0, &fl, false)
		if err != nil || n != len(q) || !utf8.Valid(q) {
			return
		}
		for _, c := range q {
			if c < ' ' {
				return
			}
		}
		fl = 0
		_, err = consumeString(q, 0, &fl, true)
		if got := surrogatesPaired(string(q[1 : len(q)-1])); got != (err == nil) {
			t.Fatalf("surrogatesPaired(%q) = %v, consumeString: %v", q, got, err)
		}
		// Stretches of JSON text, as the token index checks them: the
		// string among other tokens, its escapes found from the start.
		for _, text := range []string{string(q), `{` + string(q) + `:[1,"\\",` + string(q) + `]`, `"\ud800\udc00",` + string(q) + `,true`} {
			if got := surrogatesPaired(text); got != (err == nil) {
				t.Fatalf("surrogatesPaired(%q) = %v, consumeString(%q): %v", text, got, q, err)
			}
			// The token index's check, over the whole text.
			var x wire.TokenIndex
			x.Reset(0)
			for x.Listed() < len(text) {
				x.FillLast(text, 0)
			}
			if got := x.SurrogatesPaired(); x.Clean() && got != (err == nil) {
				t.Fatalf("TokenIndex.SurrogatesPaired over %q = %v, consumeString(%q): %v", text, got, q, err)
			}
		}
	})
}

// FuzzValidUTF8 checks validUTF8, which passes over ASCII 32 bytes at a
// time before the vector check, against utf8.ValidString; each input is
// also tried with ASCII before it, so that the first other byte falls at
// each place in a block.
func FuzzValidUTF8(f *testing.F) {
	for _, s := range []string{"", "plain ascii", "é", "\xff", "\xe2\x82", "\xf0\x9f\x98\x80", "a\xc3(b", "\xed\xa0\x80"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for pad := 0; pad < 70; pad += 7 {
			s := strings.Repeat("a", pad) + string(b) + strings.Repeat("z", pad/2)
			if got, want := validUTF8(s), utf8.ValidString(s); got != want {
				t.Fatalf("validUTF8(%q) = %v, want %v", s, got, want)
			}
		}
	})
}

// TestValidUTF8Runs checks validUTF8 against utf8.ValidString on long
// texts of ASCII with characters, whole, cut or wrong, at random places,
// so that runs of chunks holding other bytes start and end everywhere.
func TestValidUTF8Runs(t *testing.T) {
	pieces := []string{"é", "日本", "\xf0\x9f\x98\x80", "\xff", "\xe2\x82", "\x82", "\xed\xa0\x80", "\xc3"}
	r := rand.New(rand.NewPCG(5, 6))
	for n := 0; n < 20000; n++ {
		var b strings.Builder
		dense := r.IntN(3) == 0 // long runs of other scripts
		for b.Len() < 600 {
			if !dense || r.IntN(20) == 0 {
				b.WriteString(strings.Repeat("a", r.IntN(80)))
			}
			p := pieces[r.IntN(len(pieces))]
			if r.IntN(4) > 0 || dense && r.IntN(10) > 0 {
				p = pieces[r.IntN(3)] // mostly valid
			}
			b.WriteString(p)
		}
		s := b.String()
		if got, want := validUTF8(s), utf8.ValidString(s); got != want {
			t.Fatalf("validUTF8(%q) = %v, want %v", s, got, want)
		}
	}
}

// utf8Seeds are values long enough to be listed in several goes by
// valueFromIndex (more tokens than a list holds), with bytes of 0x80 and
// above in some stretches and not others, valid or not, placed where a
// stretch is cut (at the start of the last token listed) and away from
// it.
var utf8Seeds = func() []string {
	var seeds []string
	for _, odd := range []string{"é", "日本", "\xff", "\xc3", "\x80", "é\xe6\x97", "\xed\xa0\x80", "😀"} {
		for _, at := range []int{0, 1, 300, 511, 512, 513, 900, 1500} {
			var b strings.Builder
			b.WriteString("[")
			for i := range 1600 {
				if i > 0 {
					b.WriteString(",")
				}
				switch {
				case i == at:
					b.WriteString(`"` + odd + `"`)
				case i == at+1:
					b.WriteString(`{"` + odd + `x":"a` + odd + `"}`)
				case i%400 == 7:
					b.WriteString(`"ok é"`)
				default:
					fmt.Fprintf(&b, `%d`, i)
				}
			}
			b.WriteString("]")
			seeds = append(seeds, b.String())
		}
	}
	return seeds
}()

// TestValueUTF8Stretches checks ReadValue and SkipValue on utf8Seeds
// against the reference, whole and inside a larger value.
func TestValueUTF8Stretches(t *testing.T) {
	for _, s := range utf8Seeds {
		for _, doc := range []string{s, `{"a":` + s + `,"b":"\u00e9"}`} {
			for _, sc := range [][]step{{stepValue}, {stepToken, stepToken, stepValue}, {stepToken, stepToken, stepSkip}} {
				r := func(b []byte) io.Reader { return bytes.NewReader(b) }
				want := decodeTranscript(jetSlowAPI, []byte(doc), r, nil, sc)
				if got := decodeTranscript(jetAPI, []byte(doc), r, nil, sc); got != want {
					t.Fatalf("input of %d bytes, script %v:\n%s", len(doc), sc, firstDiff(got, want))
				}
			}
		}
	}
	for _, s := range []string{"", "a", "abcdefgh", "abcdefghé", "é", "abcdefg\x80", "\x80abcdefghij"} {
		if got, want := isASCII(s), utf8.ValidString(s) && strings.IndexFunc(s, func(r rune) bool { return r >= utf8.RuneSelf }) < 0; got != want {
			t.Errorf("isASCII(%q) = %v, want %v", s, got, want)
		}
	}
}

// chunkedDoc returns a document of decodeChunked bytes or more, an array
// that holds data as an element starting near the end of the first
// stretch of decodeChunk bytes that readAll reads (at moves it by up to
// 255 bytes either way), after objects of a few shapes and before a long
// string.
func chunkedDoc(data []byte, at uint16) []byte {
	var b bytes.Buffer
	b.WriteByte('[')
	start := decodeChunk - len(data)/2 + int(at%512) - 256
	objs := []string{`{"a":1,"b":"xé","c":[true,null]},`, `{"a":2,"d":{"a":"\u00e9","b":-1.5e3}},`, `{"long name of an object":false},`}
	for i := 0; b.Len() < start-64; i++ {
		b.WriteString(objs[i%len(objs)])
	}
	if n := start - 1 - b.Len(); n >= 2 {
		b.WriteString(`"` + strings.Repeat("s", n-2) + `",`)
	}
	b.Write(data)
	b.WriteString(`,"`)
	for b.Len() < decodeChunked+decodeChunk/2 {
		b.WriteString("long string é ")
	}
	b.WriteString(`"]`)
	return b.Bytes()
}

// FuzzReadValueChunked checks ReadValue of a large value that a first
// ReadValue reads whole from a bytes.Reader or strings.Reader, its buffer
// filled a stretch at a time as the value is listed (readAll,
// valueWalk.more), against the reference: data sits across the end of
// the first stretch.
func FuzzReadValueChunked(f *testing.F) {
	for _, s := range []string{`1`, `{"a":1,"a":2}`, `"\ud800"`, "\"\xff\"", `[1,2`, `{"a":[{"b":null}]}`, `"abc`, `tru`, `{"a" 1}`} {
		for _, at := range []uint16{0, 200, 256, 300, 511} {
			f.Add([]byte(s), at, uint8(0))
		}
	}
	f.Add([]byte(`{"a":1,"a":2}`), uint16(256), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, at uint16, optBits uint8) {
		if len(data) > 1000 {
			return
		}
		doc := chunkedDoc(data, at)
		opts := decodeOptSets[int(optBits)%len(decodeOptSets)]
		sc := []step{stepValue, stepToken}
		for _, r := range []func([]byte) io.Reader{
			func(b []byte) io.Reader { return bytes.NewReader(b) },
			func(b []byte) io.Reader { return strings.NewReader(string(b)) },
		} {
			want := decodeTranscript(jetSlowAPI, doc, r, opts, sc)
			if got := decodeTranscript(jetAPI, doc, r, opts, sc); got != want {
				t.Fatalf("input %q at %d opts %v:\n%s", data, at, opts, firstDiff(got, want))
			}
		}
	})
}

// streamDoc puts data among small top-level values, one a line, so that
// it sits across the end of the Decoder's first buffer (decodeBufMax,
// moved by at), followed by a value large enough to be read in steps,
// and more small values.
func streamDoc(data []byte, at uint16) []byte {
	var b bytes.Buffer
	start := decodeBufMax - len(data)/2 + int(at%512) - 256
	lines := []string{`{"a":1,"b":"xé","c":[true,null]}`, `[1,{"d":"\u00e9"},-1.5e3]`, `{"long name of an object":false}`}
	for i := 0; b.Len() < start-64; i++ {
		b.WriteString(lines[i%len(lines)] + "\n")
	}
	if n := start - 1 - b.Len(); n >= 2 {
		b.WriteString(`"` + strings.Repeat("s", n-2) + `"` + "\n")
	}
	b.Write(data)
	b.WriteString("\n[")
	for b.Len() < 4*valueReadMin {
		b.WriteString(`{"k":"v","n":[1,2]},`)
	}
	b.WriteString("0]\n")
	for i := 0; i < 100; i++ {
		b.WriteString(lines[i%len(lines)] + "\n")
	}
	return b.Bytes()
}

// FuzzReadValueStream checks ReadValue over a stream of values read from
// a reader that holds its input in memory, each value after a PeekKind:
// where a value runs past the buffer's end, valueInBuffer reads a few
// times its length more and tries again (not the whole input), against
// the reference. data sits across the end of the first buffer.
func FuzzReadValueStream(f *testing.F) {
	for _, s := range []string{`1`, `{"a":1,"a":2}`, `"\ud800"`, "\"\xff\"", `[1,2`, `{"a":[{"b":null}]}`, `"abc`, `tru`, `{"a" 1}`, `[` + strings.Repeat(`{"x":[1,2,3]},`, 40) + `{}]`} {
		for _, at := range []uint16{0, 200, 256, 300, 511} {
			f.Add([]byte(s), at, uint8(0))
		}
	}
	f.Add([]byte(`{"a":1,"a":2}`), uint16(256), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, at uint16, optBits uint8) {
		if len(data) > 2000 {
			return
		}
		doc := streamDoc(data, at)
		opts := decodeOptSets[int(optBits)%len(decodeOptSets)]
		sc := []step{stepPeek, stepValue}
		r := func(b []byte) io.Reader { return bytes.NewReader(b) }
		want := decodeTranscript(jetSlowAPI, doc, r, opts, sc)
		if got := decodeTranscript(jetAPI, doc, r, opts, sc); got != want {
			t.Fatalf("input %q at %d opts %v:\n%s", data, at, opts, firstDiff(got, want))
		}
	})
}
