package wire

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// refReadFloat is ReadFloat by its definition: ScanNumber, then
// strconv.ParseFloat on the text.
func refReadFloat(s string, i int) (int, float64, error, bool) {
	end, _, ok := ScanNumber(s, i)
	if !ok {
		return end, 0, nil, false
	}
	f, err := strconv.ParseFloat(s[i:end], 64)
	return end, f, err, true
}

// checkFailure checks that a token reader that failed on the value s
// gives as its end where the reference grammar finds the error (0 where
// no token of its kind starts).
func checkFailure(t *testing.T, name, s string, end int) {
	t.Helper()
	starts := "-0123456789" // a number
	if name == "ReadString" {
		starts = `"`
	}
	if s == "" || !strings.Contains(starts, s[:1]) {
		// No token of the reader's kind starts there (the reference
		// would skip a space, or read another kind of value).
		if end != 0 {
			t.Fatalf("%s(%q) failed at %d, want 0", name, s, end)
		}
		return
	}
	if _, err := RefSkipValue(s, 0, DefaultMaxDepth); err == nil || int(err.Pos()) != end {
		t.Fatalf("%s(%q) failed at %d; the reference says %v", name, s, end, err)
	}
}

// checkReadFloat compares ReadFloat (completed with ParseFloat where it is
// not exact, as its callers do) with refReadFloat.
func checkReadFloat(t *testing.T, s string) {
	t.Helper()
	end, f, exact, ok := ReadFloat(s, 0)
	wend, wf, werr, wok := refReadFloat(s, 0)
	if ok != wok || end != wend {
		t.Fatalf("ReadFloat(%q): end %d, %v; ScanNumber: end %d, %v", s, end, ok, wend, wok)
	}
	if !ok {
		checkFailure(t, "ReadFloat", s, end)
		return
	}
	var err error
	if !exact {
		f, err = ParseFloat(s[:end])
	}
	if (err == nil) != (werr == nil) || math.Float64bits(f) != math.Float64bits(wf) && err == nil {
		t.Fatalf("ReadFloat(%q) = %v (exact %v, err %v), strconv %v (err %v)", s, f, exact, err, wf, werr)
	}
}

func TestReadFloat(t *testing.T) {
	edge := []string{
		"0", "-0", "0.0", "-0.0", "0e5", "1", "-1", "1.5", "1e10", "1E-5", "1e+5", "123456789012345678",
		"1234567890123456789", "12345678901234567890", "0.1234567890123456789", "0.12345678901234567890",
		"9007199254740993", "9007199254740992.5", "1.7976931348623157e308", "1.7976931348623159e308",
		"1e400", "-1e400", "4.9e-324", "2.4e-324", "1e-400", "0.1", "-65.61361694335938", "1e22", "1e23",
		"0.000001", "1e-7", "000", "01", "-", "1.", "1.e5", "1e", "1e+", ".5", "+1", "1x", "2.5,", "7]",
		"0.00000000000000000000000000001", "100000000000000000000000", "1e99999999999",
		"3.141592653589793238462643383279", "1_0",
	}
	// Each case is tried at the end of the text and with more after it.
	const more = ",1234567890123456"
	for _, s := range edge {
		checkReadFloat(t, s)
		checkReadFloat(t, s+more)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200000; i++ {
		s := randomNumber(r)
		checkReadFloat(t, s)
		checkReadFloat(t, s+more)
	}
	// Every short layout: 1 to 8 integer digits, and 0 to 8 fraction
	// digits, leading zeros included, before every byte.
	for n := 1; n <= 8; n++ {
		for k := -1; k <= 8; k++ {
			for c := 0; c < 256; c++ {
				num := "70000000"[:n]
				if k >= 0 {
					num += "." + "05000009"[:k]
				}
				for _, lead := range []string{"", "0", "-", "-0"} {
					checkReadFloat(t, lead+num+string(rune(c))+more)
					checkReadFloat(t, lead+num+string([]byte{byte(c)})+more)
				}
			}
		}
	}
}

// randomNumber returns a JSON number (sometimes followed by a delimiter)
// with digits and exponents spread over the interesting ranges.
func randomNumber(r *rand.Rand) string {
	var b strings.Builder
	if r.IntN(3) == 0 {
		b.WriteByte('-')
	}
	switch r.IntN(4) {
	case 0:
		b.WriteString(strconv.FormatFloat(math.Float64frombits(r.Uint64()&^(1<<63)), 'g', -1, 64))
		s := b.String()
		if strings.Contains(s, "Inf") || strings.Contains(s, "NaN") {
			return "1"
		}
		return s
	case 1:
		b.WriteString(strconv.FormatFloat(r.Float64()*math.Pow(10, float64(r.IntN(40)-20)), 'f', -1, 64))
		return b.String()
	}
	n := 1 + r.IntN(25)
	b.WriteByte(byte('1' + r.IntN(9)))
	for i := 1; i < n; i++ {
		b.WriteByte(byte('0' + r.IntN(10)))
	}
	if r.IntN(2) == 0 {
		b.WriteByte('.')
		for i := r.IntN(20); i >= 0; i-- {
			b.WriteByte(byte('0' + r.IntN(10)))
		}
	}
	if r.IntN(2) == 0 {
		b.WriteByte("eE"[r.IntN(2)])
		if r.IntN(2) == 0 {
			b.WriteByte("+-"[r.IntN(2)])
		}
		b.WriteString(strconv.Itoa(r.IntN(400)))
	}
	if r.IntN(4) == 0 {
		b.WriteByte(",]} "[r.IntN(4)])
	}
	return b.String()
}

func FuzzReadFloat(f *testing.F) {
	for _, s := range []string{"0", "-1.5e-300", "12345678901234567890", "1e400", "4.9e-324", "1.", "-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if s == "" {
			return
		}
		checkReadFloat(t, s)
		checkReadFloat(t, s+",1234567890123456")
	})
}

// checkReadString checks ReadString on s (a string from s[0]) against
// ScanString and the unquoting references (checkUnescape, with no
// prefix and no spare room).
func checkReadString(t *testing.T, s string) {
	t.Helper()
	checkUnescape(t, s, "", 0)
}

func TestReadString(t *testing.T) {
	edge := []string{
		`""`, `"a"`, `"abc\"def"`, `"\\"`, `"\/\b\f\n\r\t"`, `"\u0041\u00e9\u4e2d"`, `"\ud83d\ude00"`,
		`"\ud83d"`, `"\ud83dx"`, `"\ud83d\u0041"`, `"\ude00\ud83d"`, `"\ud83d\uZZZZ"`, `"\u12"`, `"\u12G4"`,
		`"\x"`, `"\`, `"abc`, "\"a\x01b\"", "\"\xff\xfe\"", "\"\xff\\n\"", `"long string with no escapes at all, longer than 16 bytes"`,
		"\"héllo wörld \\u00e9 ünï\"", `"\"`, `"a\u`,
	}
	for _, s := range edge {
		checkReadString(t, s)
	}
	r := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"a", "bc", "é", "中", "\xff", `\n`, `\"`, `\\`, `\u0041`, `\ud83d\ude00`, `\ud800`, "\x01", `\q`, " ", "0123456789abcdef"}
	for i := 0; i < 100000; i++ {
		var b strings.Builder
		b.WriteByte('"')
		for j := r.IntN(12); j > 0; j-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		if r.IntN(10) != 0 {
			b.WriteByte('"')
		}
		checkReadString(t, b.String())
	}
}

func FuzzReadString(f *testing.F) {
	for _, s := range []string{`"a\u00e9b"`, `"\ud83d\ude00"`, "\"\xff\"", `"\`, `"abc"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if s == "" || s[0] != '"' {
			return
		}
		checkReadString(t, s)
	})
}

// checkReadInt compares ReadInt with ScanNumber and ParseInt.
func checkReadInt(t *testing.T, s string) {
	t.Helper()
	end, n, fits, ok := ReadInt(s, 0)
	wend, float, wok := ScanNumber(s, 0)
	if ok != wok || end != wend {
		t.Fatalf("ReadInt(%q): end %d, %v; ScanNumber: end %d, %v", s, end, ok, wend, wok)
	}
	if !ok {
		checkFailure(t, "ReadInt", s, end)
		return
	}
	wn, wfits := ParseInt(s[:end])
	if float {
		wfits = false
	}
	if fits != wfits || fits && n != wn {
		t.Fatalf("ReadInt(%q) = %d, %v; ParseInt %d, %v", s, n, fits, wn, wfits)
	}
}

func TestReadInt(t *testing.T) {
	for _, s := range []string{"0", "-0", "1", "-1", "01", "-01", "9223372036854775807", "9223372036854775808",
		"-9223372036854775808", "-9223372036854775809", "18446744073709551615", "99999999999999999999",
		"1.0", "1e2", "1E2", "-", "", "x", "12,", "7]", "-x", "0x10", "1234567890123456789"} {
		if s != "" {
			checkReadInt(t, s)
		}
		// With text after it, the short way (ShortUint) can read it.
		checkReadInt(t, s+",1234567890123456")
	}
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 100000; i++ {
		x := randomNumber(r)
		checkReadInt(t, x)
		checkReadInt(t, x+",1234567890123456")
		y := strconv.FormatInt(int64(r.Uint64())>>r.IntN(64), 10)
		checkReadInt(t, y)
		checkReadInt(t, y+"]1234567890123456")
	}
}

func FuzzReadInt(f *testing.F) {
	for _, s := range []string{"0", "-9223372036854775808", "1e5", "01", "-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if s == "" {
			return
		}
		checkReadInt(t, s)
		checkReadInt(t, s+",1234567890123456")
	})
}

// TestSkipSpace compares SkipSpace with a byte-at-a-time reference on runs
// of every kind of whitespace, at every alignment, short and long (deep
// indentation takes the 32-byte steps).
func TestSkipSpace(t *testing.T) {
	ref := func(s string, i int) int {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
			i++
		}
		return i
	}
	r := rand.New(rand.NewPCG(7, 8))
	ws := []string{" ", "\n", "\t", "\r", "        ", "\n    ", "\r\n  ",
		strings.Repeat(" ", 33), "\n" + strings.Repeat(" ", 47), strings.Repeat(" ", 70)}
	for n := 0; n < 20000; n++ {
		var b strings.Builder
		for k := r.IntN(6); k > 0; k-- {
			b.WriteString("x")
		}
		start := b.Len()
		for k := r.IntN(10); k > 0; k-- {
			b.WriteString(ws[r.IntN(len(ws))])
		}
		if r.IntN(4) != 0 {
			b.WriteByte("x\x00\x1f!\"\x0b\x0c"[r.IntN(7)])
		}
		for k := r.IntN(10); k > 0; k-- {
			b.WriteByte(' ')
		}
		s := b.String()
		if got, want := SkipSpace(s, start), ref(s, start); got != want {
			t.Fatalf("SkipSpace(%q, %d) = %d, want %d", s, start, got, want)
		}
	}
}

// FuzzAppendUnquoted checks that AppendUnquoted never panics, whatever
// it is given (callers that skip validation may pass unchecked text), and
// that on checked bodies it agrees with ReadString.
func FuzzAppendUnquoted(f *testing.F) {
	for _, s := range []string{`a\`, `\u12`, `\ud83d\ude00`, "a\"b", "\x01", `\q`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		got, _ := AppendUnquoted(nil, body)
		q := `"` + body + `"`
		if end, fl, out, ok := ReadString(q, 0, nil); ok && end == len(q) && fl&Escaped != 0 && string(out) != string(got) {
			t.Fatalf("AppendUnquoted(%q) = %q, ReadString %q", body, got, out)
		}
	})
}

// refShortUint is ShortUint by its definition, a byte at a time.
func refShortUint(s string, i int) (uint64, int, bool) {
	if i < 0 || i >= len(s) {
		return 0, 0, false
	}
	j := i
	var v uint64
	for j < len(s) && j < i+16 && '0' <= s[j] && s[j] <= '9' {
		v = v*10 + uint64(s[j]-'0')
		j++
	}
	n := j - i
	if n >= 8 && i+16 > len(s) || j == len(s) {
		return 0, 0, false
	}
	if n == 0 || n == 16 || s[j] == '.' || s[j] == 'e' || s[j] == 'E' || s[i] == '0' && n > 1 {
		return 0, 0, false
	}
	return v, j, true
}

func TestShortUint(t *testing.T) {
	check := func(s string, i int) {
		t.Helper()
		v, end, ok := ShortUint(s, i)
		wv, wend, wok := refShortUint(s, i)
		if v != wv || end != wend || ok != wok {
			t.Fatalf("ShortUint(%q, %d) = %d, %d, %v; want %d, %d, %v", s, i, v, end, ok, wv, wend, wok)
		}
	}
	// Every digit count, with and without a leading zero, before every
	// byte, with every byte after that.
	for n := 0; n <= 17; n++ {
		for _, lead := range []byte{'0', '1', '9'} {
			for c := 0; c < 256; c++ {
				b := []byte("98765432109876543210")
				if n > 0 {
					b[0] = lead
				}
				if n < len(b) {
					b[n] = byte(c)
				}
				for k := n + 1; k < len(b); k++ {
					b[k] = byte(c*7 + k)
				}
				for _, m := range []int{len(b), 17, 16, 15, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0} {
					check(string(b[:m]), 0)
				}
				check(" "+string(b), 1)
			}
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	const alphabet = "012345678901234567890123456789012345678901234567890.eE-+,]} /:\x80\xff"
	b := make([]byte, 20)
	for range 1000000 {
		for k := range b {
			b[k] = alphabet[r.IntN(len(alphabet))]
		}
		check(string(b), r.IntN(5))
		check(string(b[:r.IntN(len(b)+1)]), r.IntN(9))
	}
	check("12345678", -1)
}

// checkLoneSurrogate checks ReadString's LoneSurrogate flag for a string
// body: set exactly when AppendUnquoted replaces something in a body
// whose raw bytes are valid UTF-8 (so a \u escape was replaced). With
// invalid UTF-8 in the body only a flag without replacement is wrong.
func checkLoneSurrogate(t *testing.T, body string, fl StrFlags) {
	t.Helper()
	_, replaced := AppendUnquoted(nil, body)
	got := fl&LoneSurrogate != 0
	if utf8.ValidString(body) && got != replaced || got && !replaced {
		t.Fatalf("ReadString(%q): LoneSurrogate %v, AppendUnquoted replaced %v", body, got, replaced)
	}
}

// TestReadFloatShortDecimals checks ReadFloat against strconv on
// decimals of every split of up to nine bytes into integer digits, point
// and fraction digits (where its 8-byte digit loads start and stop),
// with random digits, each followed by every kind of byte that may end
// or continue it.
func TestReadFloatShortDecimals(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 9))
	digits := func(n int, lead bool) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte('0' + r.IntN(10))
		}
		if lead && n > 1 && b[0] == '0' && r.IntN(2) == 0 {
			b[0] = '1' + byte(r.IntN(9))
		}
		return string(b)
	}
	for n := 1; n <= 7; n++ {
		for k := 0; n+1+k <= 9; k++ {
			for range 200 {
				num := digits(n, true) + "." + digits(k, false)
				for _, tail := range []string{",0000000", "]       ", "e5      ", "E-1     ", "0", "", ".5      ", "x       "} {
					checkReadFloat(t, num+tail)
					checkReadFloat(t, "-"+num+tail)
				}
			}
		}
	}
}

// TestDigitsValue checks DigitsValue against strconv on every count of
// leading digits, whatever bytes follow them.
func TestDigitsValue(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	for i := 0; i < 100000; i++ {
		k := r.IntN(9)
		var b [8]byte
		for j := range b {
			b[j] = byte(r.IntN(256))
			if j < k {
				b[j] = byte('0' + r.IntN(10))
			}
		}
		want := uint64(0)
		if k > 0 {
			want, _ = strconv.ParseUint(string(b[:k]), 10, 64)
		}
		if got := DigitsValue(binary.LittleEndian.Uint64(b[:]), k); got != want {
			t.Fatalf("DigitsValue(%q, %d) = %d, want %d", b, k, got, want)
		}
	}
}
