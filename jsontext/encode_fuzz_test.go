package jsontext

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The encoder's fast paths (format_fast.go, encode_fast.go) are checked
// against its reference paths, the encoder with slowOnly set: the same
// output bytes, offsets, stack state and errors for any script of writes
// and any options. FuzzEncodeStd checks the encoder against Go's.

// encWrite is one write of an encoder script: a value when isValue, else
// a token (as a Decoder read it, or made by a constructor).
type encWrite struct {
	tok     Token
	value   []byte
	isValue bool
}

func (w encWrite) String() string {
	if w.isValue {
		return fmt.Sprintf("value %q", w.value)
	}
	if w.tok.isText() && w.tok.Kind() != 0 {
		return fmt.Sprintf("raw %q", w.tok.text())
	}
	return fmt.Sprintf("token %s", w.tok.String())
}

// writesOf makes a script of writes from the fuzzer's bytes: the tokens
// and values of data as a Decoder reads them (cloned, held as the Decoder
// holds them, remade by their constructor, or read whole as values), data
// itself as a value, and made tokens of tokenSpecs, chosen by the bytes
// of script in turn.
func writesOf(data, script []byte) []encWrite {
	if len(script) == 0 {
		script = []byte{0}
	}
	d := NewDecoder(bytes.NewReader(data), AllowDuplicateNames(true), AllowInvalidUTF8(true))
	var ws []encWrite
	for i := 0; i < 500; i++ {
		b := script[i%len(script)]
		switch b % 7 {
		case 0, 4:
			t, err := d.ReadToken()
			if err != nil {
				return ws
			}
			ws = append(ws, encWrite{tok: t.Clone()})
		case 6:
			t, err := d.ReadToken()
			if err != nil {
				return ws
			}
			ws = append(ws, encWrite{tok: heldRaw(t)})
		case 1:
			t, err := d.ReadToken()
			if err != nil {
				return ws
			}
			ws = append(ws, encWrite{tok: jetToken(specOf(t))})
		case 2:
			v, err := d.ReadValue()
			if err != nil {
				return ws
			}
			ws = append(ws, encWrite{value: bytes.Clone(v), isValue: true})
		case 3:
			ws = append(ws, encWrite{value: append(bytes.Clone(data), padding...), isValue: true})
		case 5:
			ws = append(ws, encWrite{tok: jetToken(tokenSpecs[int(b/6)%len(tokenSpecs)])})
		}
	}
	return ws
}

// heldRaw copies t, read by a Decoder, into a token held as a Decoder
// holds it (a buffer with its flags), valid after the Decoder moves on:
// WriteToken then takes the path of a token written as soon as it is
// read. (A clone holds its text in the Token.)
func heldRaw(t Token) Token {
	b := bytes.Clone(t.text())
	return Token{raw: &decodeBuffer{buf: b, prevEnd: len(b), prevFlags: t.raw.prevFlags}}
}

// writeTranscript writes ws with an encoder on the given paths and
// records each result, as encodeTranscript does.
func writeTranscript(ws []encWrite, opts []Options, paths encPaths, w func(*bytes.Buffer) io.Writer) string {
	var out bytes.Buffer
	e := NewEncoder(w(&out), opts...)
	paths.set(&e.s)
	var b strings.Builder
	shown := 0 // how much of out the transcript shows
	for _, s := range ws {
		var err error
		if s.isValue {
			err = e.WriteValue(s.value)
		} else {
			err = e.WriteToken(s.tok)
		}
		fmt.Fprintf(&b, "%v -> %s off=%d depth=%d ptr=%q", s, describers["jet"](err), e.OutputOffset(), e.StackDepth(), e.StackPointer())
		if e.StackDepth() == 0 {
			// Between top-level values everything is written (the new
			// bytes are shown).
			fmt.Fprintf(&b, " written=%q", out.Bytes()[shown:])
			shown = out.Len()
		}
		for i := 0; i <= min(e.StackDepth(), 64); i++ {
			k, n := e.StackIndex(i)
			fmt.Fprintf(&b, " [%c%d]", max(k, '0'), n)
		}
		b.WriteByte('\n')
	}
	if e.StackDepth() == 0 {
		fmt.Fprintf(&b, "end written=%q", out.Bytes()[shown:])
	}
	return b.String()
}

// optsOf chooses up to four options of encodeOptions from bits.
func optsOf(bits uint32) []optSpec {
	var opts []optSpec
	for i := 0; bits != 0 && i < 4; i++ {
		opts = append(opts, encodeOptions[int(bits%uint32(len(encodeOptions)))])
		bits /= uint32(len(encodeOptions))
	}
	return opts
}

// writers are the io.Writers the encoder is tried with: a bytes.Buffer
// (whose free space the encoder writes into) and a plain writer.
var writers = []func(*bytes.Buffer) io.Writer{
	func(b *bytes.Buffer) io.Writer { return b },
	func(b *bytes.Buffer) io.Writer { return struct{ io.Writer }{b} },
}

func FuzzEncodeFastPaths(f *testing.F) {
	fuzzSeeds(f, func(b []byte) { f.Add(b, []byte{0}, uint32(0)) })
	f.Add([]byte(`{"a":[1,2,{"b":null}],"c":"d\u0041"}`), []byte{0, 1, 2, 3, 4, 5}, uint32(7))
	f.Add([]byte(`["\u00e9\/<>&\u2028", 1.50, -0, 12345678901234567890, {"b":1,"a":2}]`), []byte{2, 0, 1}, uint32(5*18*18+6*18+7))
	f.Fuzz(func(t *testing.T, data, script []byte, optBits uint32) {
		opts := jetOpts(optsOf(optBits))
		ws := writesOf(data, script)
		tm := time.AfterFunc(30*time.Second, func() { panic(fmt.Sprintf("slow: %q %v %v", data, opts, ws)) })
		defer tm.Stop()
		for _, w := range writers {
			want := writeTranscript(ws, opts, pathsSlow, w)
			for _, p := range fastPaths {
				if got := writeTranscript(ws, opts, p, w); got != want {
					t.Fatalf("input %q opts %v writes %v paths %d:\n%s", data, optsOf(optBits), ws, p, firstDiff(got, want))
				}
			}
		}
	})
}

// padding is whitespace put after inputs, so that the encoder's inner
// loop, which wants bytes to follow what it reads, reads them.
var padding = bytes.Repeat([]byte(" "), 64)

// formatOps are the presets of Value's methods, each run by formatWith.
var formatOps = [][]Options{nil, compactOpts, indentOpts, canonicalizeOpts}

// The paths an encoder can take: all its fast paths, its fast path for
// values without the inner loop (run), or the reference alone.
type encPaths int

const (
	pathsFast    encPaths = iota
	pathsIndex            // the token list wherever it can be used
	pathsNoIndex          // the fast paths but the token list
	pathsSteps            // reformatFast reads every token with step
	pathsStrip            // whitespace dropped first (wire.StripSpace) whatever the value
	pathsValid            // values written as they are but for whitespace checked first (wire.Valid)
	pathsSlow
)

// fastPaths are the paths compared with pathsSlow.
var fastPaths = []encPaths{pathsFast, pathsIndex, pathsNoIndex, pathsSteps, pathsStrip, pathsValid}

func (p encPaths) set(e *encoderState) {
	e.slowOnly = p == pathsSlow
	e.stepsOnly = p == pathsSteps
	e.noIndex = p == pathsNoIndex
	e.indexAlways = p == pathsIndex
	e.noStrip = p == pathsIndex || p == pathsNoIndex || p == pathsSteps
	e.stripAlways = p == pathsStrip
	e.validFirst = p == pathsValid
}

// formatWithPaths formats data as Value.Format does with the options
// opts1 then opts2, on the given paths, and returns the result and the
// error rendered.
func formatWithPaths(data []byte, opts1, opts2 []Options, paths encPaths) formatResult {
	var e Encoder
	e.s.reset(make([]byte, 0, 64), nil, opts1)
	paths.set(&e.s)
	v := Value(bytes.Clone(data))
	err := v.formatWith(&e.s, opts2)
	return formatResult{v, describers["jet"](err)}
}

type formatResult struct {
	out []byte
	err string
}

func (r formatResult) equal(q formatResult) bool { return bytes.Equal(r.out, q.out) && r.err == q.err }

func (r formatResult) String() string { return truncate(fmt.Sprintf("%q %s", r.out, r.err)) }

func FuzzFormatFastPaths(f *testing.F) {
	fuzzSeeds(f, func(b []byte) { f.Add(b, uint8(0), uint32(0)) })
	f.Add([]byte(`{"b":{"y":1,"x":[3,2]},"a":"\u0041\ud83d\ude00"}`), uint8(3), uint32(0))
	// Arrays of numbers that step reads on its own when canonicalizing,
	// ending in a number it must leave to the reference.
	// So are those of the next array after "],[" in an array of arrays.
	for _, doc := range []string{`[1.5,1.]`, `[1.5,-]`, `[1.5,2,-x]`, `{"a":[1.5,2.5,01]}`, `[1.5,2,3`, `[1.5,2,`, `[1e5,2,3.25,-0,12345678901234567]`,
		`[[-65.613616999999977,43.420273000000009],[-65.6,43.4]]`, `[[1.5,2],[3,-4.25],[0.5,.5]]`, `{"a":[1.5],[2.5]}`,
		`[[1.5],[01.5]]`, `[[1.5],{"a":1}]`, `[[[1.5]],[2.5],[-]]`, `[[1.5],[2.5]`, `[[1.5],[2.5],`} {
		f.Add([]byte(doc), uint8(3), uint32(0))
		f.Add([]byte(doc), uint8(1), uint32(0))
	}
	f.Fuzz(func(t *testing.T, data []byte, op uint8, optBits uint32) {
		opts1 := formatOps[int(op)%len(formatOps)]
		opts2 := jetOpts(optsOf(optBits))
		// The inner loop reads only where enough input follows: the
		// input is also tried with whitespace after it.
		for _, d := range [][]byte{data, append(bytes.Clone(data), padding...)} {
			want := formatWithPaths(d, opts1, opts2, pathsSlow)
			for _, p := range fastPaths {
				if got := formatWithPaths(d, opts1, opts2, p); !got.equal(want) {
					t.Fatalf("input %q op %d opts %v paths %d:\n got %s\nwant %s", d, op, optsOf(optBits), p, got, want)
				}
			}
		}
	})
}

// FuzzEncodeStd checks the encoder and Value's methods against Go's
// encoding/json/jsontext (Go 1.27): a script of made tokens and values
// (from the fuzzer's bytes) with options, and a Value method.
func FuzzEncodeStd(f *testing.F) {
	fuzzSeeds(f, func(b []byte) { f.Add(b, []byte{0}, uint32(0)) })
	f.Fuzz(func(t *testing.T, data, script []byte, optBits uint32) {
		if stdAPI == nil {
			t.Skip("this toolchain has no encoding/json/jsontext to compare with (Go 1.27 has it)")
		}
		opts := optsOf(optBits)
		var steps []encStep
		for _, w := range writesOf(data, script) {
			switch {
			case w.isValue:
				steps = append(steps, encStep{value: w.value})
			case w.tok.Kind() == 0:
				steps = append(steps, encStep{tok: tokenSpec{ctor: "Zero"}})
			default:
				steps = append(steps, encStep{tok: specOf(w.tok)})
			}
		}
		if got, want := encodeTranscript(jetAPI, steps, opts), encodeTranscript(*stdAPI, steps, opts); got != want {
			t.Fatalf("input %q opts %v script %v:\n%s", data, opts, steps, firstDiff(got, want))
		}
		if len(script) > 0 {
			compareValueOp(t, stdAPI, "fuzz", valueOps[int(script[0])%len(valueOps)], data, opts)
		}
	})
}

// canonNumberRef is the canonical form of the number num as reformatNumber
// writes it (the reference for appendCanonNumber).
func canonNumberRef(num string) string {
	f, _ := strconv.ParseFloat(num, 64)
	switch {
	case f == 0:
		f = 0
	case math.IsInf(f, 1):
		f = math.MaxFloat64
	case math.IsInf(f, -1):
		f = -math.MaxFloat64
	}
	return string(AppendFloat(nil, f, 64))
}

// numberOf makes a JSON number from fuzz inputs: the digits of mant, a
// decimal point at dot (when in range), and an exponent when exp is not 0.
func numberOf(neg bool, mant uint64, dot uint8, exp int16) string {
	digits := strconv.FormatUint(mant, 10)
	var b []byte
	if neg {
		b = append(b, '-')
	}
	if d := int(dot) % 24; d > 0 && d < len(digits) {
		b = append(b, digits[:d]...)
		b = append(b, '.')
		b = append(b, digits[d:]...)
	} else if d >= len(digits) && d < len(digits)+6 {
		b = append(b, "0."...)
		b = append(b, strings.Repeat("0", d-len(digits))...)
		b = append(b, digits...)
	} else {
		b = append(b, digits...)
	}
	if exp != 0 {
		b = append(b, 'e')
		b = strconv.AppendInt(b, int64(exp%400), 10)
	}
	return string(b)
}

func FuzzCanonNumber(f *testing.F) {
	f.Add(true, uint64(65613616999999977), uint8(2), int16(0))
	f.Add(false, uint64(1), uint8(0), int16(21))
	f.Add(false, uint64(123456789012345678), uint8(5), int16(-300))
	f.Fuzz(func(t *testing.T, neg bool, mant uint64, dot uint8, exp int16) {
		num := numberOf(neg, mant, dot, exp)
		checkCanonNumber(t, num)
	})
}

func TestCanonNumber(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	for i := 0; i < 200000; i++ {
		mant := r.Uint64() >> r.IntN(64)
		if i%3 == 0 {
			// Digits of a float64, printed long.
			v := r.NormFloat64() * math.Pow(10, float64(r.IntN(40)-20))
			mant = uint64(math.Abs(v) * 1e17)
		}
		checkCanonNumber(t, numberOf(r.IntN(2) == 0, mant, uint8(r.IntN(30)), int16(r.IntN(80)-40)*int16(r.IntN(2))))
	}
}

// checkCanonNumber compares appendCanonNumber with the reference, for
// num alone and within text (which lets it read words past the number,
// as pointDecimal does where 24 bytes follow its start).
func checkCanonNumber(t *testing.T, num string) {
	t.Helper()
	want := canonNumberRef(num)
	for _, s := range []string{num, "[" + num + ",1234567890123456789]", "[" + num + "]" + strings.Repeat(" ", 24)} {
		pos := strings.Index(s, num)
		if got := string(appendCanonNumber(nil, s, pos, pos+len(num))); got != want {
			t.Fatalf("%s in %q: got %s, want %s", num, s, got, want)
		}
	}
}
