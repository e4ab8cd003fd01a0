package wire

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// refUnquote decodes a checked string body a byte at a time, by the
// definition: escapes decoded, unpaired surrogates and each byte of
// invalid UTF-8 (as utf8.DecodeRuneInString reads it) replaced by U+FFFD.
func refUnquote(body string) string {
	var b strings.Builder
	for i := 0; i < len(body); {
		c := body[i]
		if c != '\\' {
			r, size := utf8.DecodeRuneInString(body[i:])
			b.WriteRune(r) // RuneError for a bad byte
			i += size
			continue
		}
		switch e := body[i+1]; e {
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'u':
			r := hex4(body, i+2)
			i += 6
			if r >= 0xD800 && r < 0xDC00 {
				if r2 := hex4(body, i+2); r2 >= 0xDC00 && r2 < 0xE000 {
					b.WriteRune(0x10000 + (r-0xD800)<<10 + (r2 - 0xDC00))
					i += 6
					continue
				}
			}
			if r >= 0xD800 && r < 0xE000 {
				r = utf8.RuneError
			}
			b.WriteRune(r)
			continue
		default:
			b.WriteByte(e)
		}
		i += 2
	}
	return b.String()
}

// checkUnescape runs ReadString on s (a string from s[0]) appending to a
// dst that holds a prefix and has the given spare capacity, and compares
// it with ScanString and, for the content, with refUnquote and
// AppendUnquoted.
func checkUnescape(t *testing.T, s string, prefix string, spare int) {
	t.Helper()
	dst := make([]byte, len(prefix), len(prefix)+spare)
	copy(dst, prefix)
	end, fl, out, ok := ReadString(s, 0, dst)
	wend, wfl, wok := ScanString(s, 0)
	if ok != wok || end != wend {
		t.Fatalf("ReadString(%q): end %d, %v; ScanString: end %d, %v", s, end, ok, wend, wok)
	}
	if !ok {
		checkFailure(t, "ReadString", s, end)
		return
	}
	if fl&^LoneSurrogate != wfl {
		t.Fatalf("ReadString(%q): flags %v, ScanString %v", s, fl, wfl)
	}
	checkLoneSurrogate(t, s[1:end-1], fl)
	if !bytes.HasPrefix(out, []byte(prefix)) {
		t.Fatalf("ReadString(%q) lost the prefix %q: %q", s, prefix, out)
	}
	got := string(out[len(prefix):])
	if fl&Escaped == 0 {
		if got != "" {
			t.Fatalf("ReadString(%q) wrote %q for a string without escapes", s, got)
		}
		return
	}
	body := s[1 : end-1]
	if want := refUnquote(body); got != want {
		t.Fatalf("ReadString(%q) = %q, want %q", s, got, want)
	}
	if want, _ := AppendUnquoted(nil, body); got != string(want) {
		t.Fatalf("ReadString(%q) = %q, AppendUnquoted %q", s, got, want)
	}
}

// unescPieces are the parts random long strings are made of: plain runs
// of several lengths, every escape, UTF-8 of every width, bytes that are
// no valid UTF-8 (cut sequences, surrogates, overlongs, continuations),
// control characters and bad escapes.
var unescPieces = []string{
	"a", "ab", "abcdefg", "0123456789abcdef", "the quick brown fox jumps over ",
	`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\u0041`, `\u00e9`, `\u4e2d`, `\ud83d\ude00`, `\ud800`, `\udc00x`, `\ud83d\u0041`,
	"é", "ï", "中", "😀", "\u2028", "\uFFFD",
	"\xff", "\xc3", "\xe4\xb8", "\xf0\x9f\x98", "\xed\xa0\x80", "\xc0\xaf", "\xe0\x80\xaf", "\xf4\x90\x80\x80", "\x80", "\xbf\xbf",
}

// unescBad are pieces that make a string invalid, used rarely.
var unescBad = []string{"\x01", "\x1f", `\q`, `\u12G4`, `\`, `\u12`}

func TestReadStringLong(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 34))
	for i := 0; i < 60000; i++ {
		var b strings.Builder
		b.WriteByte('"')
		for j := r.IntN(40); j > 0; j-- {
			b.WriteString(unescPieces[r.IntN(len(unescPieces))])
		}
		if r.IntN(20) == 0 {
			b.WriteString(unescBad[r.IntN(len(unescBad))])
			for j := r.IntN(4); j > 0; j-- {
				b.WriteString(unescPieces[r.IntN(len(unescPieces))])
			}
		}
		if r.IntN(10) != 0 {
			b.WriteByte('"')
		}
		if r.IntN(2) == 0 {
			b.WriteString(`,"next":"value"}`)
		}
		prefix := ""
		if r.IntN(3) == 0 {
			prefix = "prefix"
		}
		checkUnescape(t, b.String(), prefix, r.IntN(3)*r.IntN(64))
	}
}

// TestReadStringCut reads a long escaped string cut at every length, so
// that the input ends at every offset of the 16-byte steps and of every
// escape and UTF-8 sequence.
func TestReadStringCut(t *testing.T) {
	s := `"` + strings.Repeat(`plain text\n, "quoted\" words" a\\b\tcafé 中文 😀 \u00e9\ud83d\ude00 `, 6) + `"`
	for n := 1; n <= len(s); n++ {
		checkUnescape(t, s[:n], "", 0)
		checkUnescape(t, s[:n], "xy", 40)
	}
}

// FuzzReadStringLong checks ReadString against ScanString, refUnquote and
// AppendUnquoted on strings long enough for the unescaping loop's 16-byte
// steps: the fuzzed body repeated, after an escape.
func FuzzReadStringLong(f *testing.F) {
	for _, s := range []string{`a\nb`, "café\\\"", `\ud83d\ude00xyz`, "\xffabc\\t", "0123456789abcdef\\u00e9", "\x01", `\u12`} {
		f.Add(s, uint8(3), uint8(0))
	}
	f.Fuzz(func(t *testing.T, body string, reps, spare uint8) {
		s := `"\n` + strings.Repeat(body, int(reps%8)+1)
		checkUnescape(t, s, "", int(spare))
		checkUnescape(t, s+`"`, "", int(spare))
		checkUnescape(t, s+`"}, "more": 1`, "p", int(spare))
	})
}
