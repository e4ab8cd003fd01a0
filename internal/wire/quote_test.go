package wire

import (
	"bytes"
	"encoding/json"
	"github.com/jetjson/jet/internal/oracle"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// refQuote is the byte-at-a-time reference for AppendQuoted, written from
// encoding/json's rules.
func refQuote(dst []byte, s string, html bool) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				dst = append(dst, '\\', c)
			case c == '\n':
				dst = append(dst, '\\', 'n')
			case c == '\r':
				dst = append(dst, '\\', 'r')
			case c == '\t':
				dst = append(dst, '\\', 't')
			case c == '\b':
				dst = append(dst, '\\', 'b')
			case c == '\f':
				dst = append(dst, '\\', 'f')
			case c < 0x20 || html && (c == '<' || c == '>' || c == '&'):
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			default:
				dst = append(dst, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			dst = append(dst, `\ufffd`...)
		case r == '\u2028':
			dst = append(dst, `\u2028`...)
		case r == '\u2029':
			dst = append(dst, `\u2029`...)
		default:
			dst = append(dst, s[i:i+n]...)
		}
		i += n
	}
	return append(dst, '"')
}

// stdQuote is encoding/json's quoting of s.
func stdQuote(s string, html bool) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(html)
	enc.Encode(s)
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// quotePieces are the pieces random test strings are built from: every
// class of byte AppendQuoted treats differently, valid and invalid UTF-8
// of every length, and the sequences next to the edges of the valid
// ranges.
var quotePieces = []string{
	"a", "bcdefghi", "Z", " ", "/", "\"", "\\", "<", ">", "&", "\n", "\r", "\t", "\b", "\f", "\x00", "\x01", "\x1f", "\x7f",
	"é", "ß", "\u07ff", "\u0800", "日本", "\uffff", "\ufffd", "\U00010000", "\U0001F600", "\U0010FFFF",
	"\u2028", "\u2029", "\u2027", "\u202a", "\xe2\x80", "\xe2\x80\xa8\xa8", "\u3028", "\U00010029",
	"\xff", "\xfe", "\x80", "\xbf", "\xc0\x80", "\xc1\xbf", "\xc2", "\xdf\xc0", "\xe0\x80\x80", "\xe0\x9f\xbf", "\xe0\xa0",
	"\xed\xa0\x80", "\xed\x9f\xbf", "\xef\xbf", "\xf0\x8f\xbf\xbf", "\xf0\x90\x80", "\xf4\x90\x80\x80", "\xf4\x8f\xbf\xbf", "\xf5\x80\x80\x80",
	// Runs of CJK (leads E3 to E9), broken by an error or another kind.
	"日本語のテキスト", "日本\xe3\x81", "日\xe3\x81x本", "\xe3\x28\xa1語", "テ\xe9\x80\xc0", "語\u2028語", "語é語",
}

func randomQuoteString(r *rand.Rand) string {
	var sb strings.Builder
	n := r.IntN(40)
	if r.IntN(8) == 0 {
		n += r.IntN(200)
	}
	for k := 0; k < n; k++ {
		if r.IntN(3) == 0 {
			sb.WriteString(quotePieces[r.IntN(len(quotePieces))])
		} else {
			sb.WriteByte(byte('a' + r.IntN(26)))
		}
	}
	return sb.String()
}

// roomy returns prefix in a buffer with room for a string of n bytes
// quoted, escapes and all, the spare bytes set to garbage.
func roomy(prefix string, n int) []byte {
	b := make([]byte, len(prefix)+6*n+64)
	for i := range b {
		b[i] = '?'
	}
	return append(b[:0], prefix...)
}

func checkQuote(t *testing.T, s string) {
	t.Helper()
	for _, html := range []bool{false, true} {
		want := refQuote(nil, s, html)
		if std := stdQuote(s, html); !bytes.Equal(std, want) {
			t.Fatalf("reference differs from encoding/json for %q html=%v:\n%s\n%s", s, html, want, std)
		}
		// With a prefix and no spare capacity, with a prefix and
		// exactly enough capacity, and with room to spare (the short
		// string path, which needs quoteSlack bytes more than it
		// writes): growth paths differ.
		for _, dst := range [][]byte{[]byte("xy"), append(make([]byte, 0, 2+len(want)), "xy"...), roomy("xy", len(s))} {
			got := AppendQuoted(dst, s, html)
			if string(got[:2]) != "xy" || !bytes.Equal(got[2:], want) {
				t.Fatalf("AppendQuoted(%q, html=%v)\n got %s\nwant %s", s, html, got[2:], want)
			}
		}
		if NeedsQuoting(s, html) != (len(want) != len(s)+2) {
			t.Fatalf("NeedsQuoting(%q, html=%v) = %v", s, html, !(len(want) != len(s)+2))
		}
		checkMarked(t, s, html, want)
	}
}

// checkMarked checks AppendQuotedMarked against AppendQuoted's output
// want: the same text, marked when s holds invalid UTF-8, U+2028 or
// U+2029 (what v1 escapes and v2 does not).
func checkMarked(t *testing.T, s string, html bool, want []byte) {
	t.Helper()
	for _, dst := range [][]byte{[]byte("xy"), roomy("xy", len(s))} {
		got, marked := AppendQuotedMarked(dst, s, html)
		if string(got[:2]) != "xy" || !bytes.Equal(got[2:], want) {
			t.Fatalf("AppendQuotedMarked(%q, html=%v)\n got %s\nwant %s", s, html, got[2:], want)
		}
		if v1 := !utf8.ValidString(s) || strings.ContainsAny(s, "\u2028\u2029"); marked != v1 {
			t.Fatalf("AppendQuotedMarked(%q, html=%v) marked %v, want %v", s, html, marked, v1)
		}
	}
}

func TestAppendQuotedPieces(t *testing.T) {
	oracle.Require(t)
	// Every piece alone, at every offset within a word, and with enough
	// tail to reach both the word and the byte loops.
	for _, p := range quotePieces {
		for pad := 0; pad < 12; pad++ {
			for tail := 0; tail < 12; tail++ {
				checkQuote(t, strings.Repeat("x", pad)+p+strings.Repeat("y", tail))
			}
		}
	}
	for c := 0; c < 256; c++ {
		for pad := 0; pad < 10; pad++ {
			checkQuote(t, strings.Repeat("x", pad)+string(rune(c))+strings.Repeat("y", 9))
			checkQuote(t, strings.Repeat("x", pad)+string([]byte{byte(c)})+strings.Repeat("y", pad))
		}
	}
}

// TestAppendQuotedBlockEdges puts every piece at every offset around the
// first block boundaries of the vector kernel, followed by plain ASCII, so
// that a character (whole, cut or bad) ends a block that an ASCII block
// follows.
func TestAppendQuotedBlockEdges(t *testing.T) {
	oracle.Require(t)
	tail := strings.Repeat("z", 70)
	for _, p := range quotePieces {
		for pad := 0; pad < 70; pad++ {
			checkQuote(t, strings.Repeat("x", pad)+p+tail)
			checkQuote(t, strings.Repeat("é", pad/2)+p+tail)
		}
	}
}

func TestAppendQuotedRandom(t *testing.T) {
	oracle.Require(t)
	r := rand.New(rand.NewPCG(1, 2))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for k := 0; k < n; k++ {
		checkQuote(t, randomQuoteString(r))
		checkQuote(t, randomLongString(r))
	}
}

// randomLongString returns a string of up to 600 bytes of mostly plain
// text (ASCII or multi-byte) with a few bytes that need care: the shape
// that runs through the vector kernel and back.
func randomLongString(r *rand.Rand) string {
	var sb strings.Builder
	n := r.IntN(600)
	plain := []string{"a", "Z", " ", "é", "日本", "😀", "\u0800", "\ufffd", "\xed\x9f\xbf", "\xf4\x8f\xbf\xbf", "\xe2\x80\x9c"}
	mix := r.IntN(len(plain)) + 1
	for sb.Len() < n {
		if r.IntN(60) == 0 {
			sb.WriteString(quotePieces[r.IntN(len(quotePieces))])
		} else {
			sb.WriteString(plain[r.IntN(mix)])
		}
	}
	return sb.String()
}

// TestAppendQuotedAllRunes quotes every code point (and the surrogate
// range, encoded as invalid three-byte sequences).
func TestAppendQuotedAllRunes(t *testing.T) {
	var sb strings.Builder
	for r := rune(0); r <= utf8.MaxRune; r++ {
		sb.WriteRune(r)
		if r >= 0xD800 && r < 0xE000 {
			sb.Write([]byte{0xED, byte(0x80 | (r>>6)&0x3F), byte(0x80 | r&0x3F)})
		}
		if sb.Len() > 4096 || r == utf8.MaxRune {
			s := sb.String()
			for _, html := range []bool{false, true} {
				if got, want := AppendQuoted(nil, s, html), refQuote(nil, s, html); !bytes.Equal(got, want) {
					t.Fatalf("runes before %U html=%v differ", r, html)
				}
			}
			sb.Reset()
		}
	}
}

func FuzzAppendQuoted(f *testing.F) {
	for _, p := range quotePieces {
		f.Add(p, false)
		f.Add("ab"+p+"cdefghijk", true)
	}
	f.Fuzz(func(t *testing.T, s string, html bool) {
		got := AppendQuoted([]byte("x"), s, html)
		if want := refQuote([]byte("x"), s, html); !bytes.Equal(got, want) {
			t.Fatalf("AppendQuoted(%q, %v)\n got %s\nwant %s", s, html, got, want)
		}
		if again := AppendQuoted(roomy("x", len(s)), s, html); !bytes.Equal(again, got) {
			t.Fatalf("AppendQuoted(%q, %v) with room to spare\n got %s\nwant %s", s, html, again, got)
		}
		if !utf8.Valid(got) || !json.Valid(got[1:]) {
			t.Fatalf("AppendQuoted(%q) is not valid JSON: %s", s, got)
		}
		if NeedsQuoting(s, html) != (len(got) != len(s)+3) {
			t.Fatalf("NeedsQuoting(%q, %v) wrong", s, html)
		}
		checkMarked(t, s, html, got[1:])
	})
}

// corpusStrings returns every string (keys and values) of a corpus file,
// or skips.
func corpusStrings(b *testing.B, name string) []string {
	data, err := os.ReadFile("../../../shared/corpus/" + name)
	if err != nil {
		b.Skip("corpus not found (../shared/corpus): ", err)
	}
	var out []string
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		if s, ok := tok.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func benchQuote(b *testing.B, strs []string, html bool, quote func([]byte, string, bool) []byte) {
	n := 0
	for _, s := range strs {
		n += len(s)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	buf := make([]byte, 0, 4*n+64)
	b.ResetTimer()
	t0 := processCPU()
	for i := 0; i < b.N; i++ {
		buf = buf[:0]
		for _, s := range strs {
			buf = quote(buf, s, html)
		}
	}
	reportCPU(b, t0)
}

// reportCPU reports the process CPU time per operation since t0 as
// cpu-ns/op, when the system measures it.
func reportCPU(b *testing.B, t0 time.Duration) {
	if t0 != 0 {
		b.ReportMetric(float64(processCPU()-t0)/float64(b.N), "cpu-ns/op")
	}
}

func BenchmarkAppendQuoted(b *testing.B) {
	for _, name := range []string{"string_unicode.json", "twitter.json", "synthea_fhir.json", "golang_source.json"} {
		for _, html := range []bool{false, true} {
			tag := name
			if html {
				tag += "/html"
			}
			b.Run(tag, func(b *testing.B) { benchQuote(b, corpusStrings(b, name), html, AppendQuoted) })
		}
	}
	b.Run("ascii64", func(b *testing.B) {
		benchQuote(b, []string{strings.Repeat("abcdefgh", 8)}, true, AppendQuoted)
	})
	b.Run("short", func(b *testing.B) {
		benchQuote(b, []string{"id", "name", "user", "text", "created_at", "x"}, true, AppendQuoted)
	})
}

// TestQuoteWordLooseWords checks quoteWordLoose on whole words of bytes
// drawn from those near the ones it tests, several special at once (a
// borrow between lanes must not hide one, nor flag a word without one).
func TestQuoteWordLooseWords(t *testing.T) {
	pool := []byte{0, 1, 0x1f, 0x20, 0x21, '"', '#', '%', '&', "'"[0], ';', '<', '=', '>', '?', '[', '\\', ']', '^', '_', '{', '|', '}', '~', 0x7f, 0x80, 0x81, 0xc3, 0xe2, 0xff, 'a', 'z'}
	r := rand.New(rand.NewPCG(21, 22))
	for _, html := range []bool{false, true} {
		for k := 0; k < 200000; k++ {
			var x uint64
			extra := false
			for lane := 0; lane < 8; lane++ {
				c := pool[r.IntN(len(pool))]
				if r.IntN(3) > 0 {
					c = 'a' + byte(r.IntN(26))
				}
				x |= uint64(c) << (8 * lane)
				extra = extra || c == '^' || html && (c == '|' || c == '~')
			}
			exact, loose := quoteWordMask(x, html) != 0, quoteWordLoose(x, looseFor(html)) != 0
			if loose != (exact || extra) {
				t.Fatalf("word %#016x, html=%v: loose %v, exact %v", x, html, loose, exact)
			}
		}
	}
}

// TestQuoteWordLoose: the loose test flags every word the exact mask
// flags, and otherwise only the bytes its comment names.
func TestQuoteWordLoose(t *testing.T) {
	for _, html := range []bool{false, true} {
		for c := 0; c < 256; c++ {
			for lane := 0; lane < 8; lane++ {
				x := uint64(lsb*'a')&^(0xff<<(8*lane)) | uint64(c)<<(8*lane)
				exact, loose := quoteWordMask(x, html) != 0, quoteWordLoose(x, looseFor(html)) != 0
				extra := c == '^' || html && (c == '|' || c == '~')
				if loose != (exact || extra) {
					t.Fatalf("byte %#x in lane %d, html=%v: loose %v, exact %v", c, lane, html, loose, exact)
				}
			}
		}
	}
}
