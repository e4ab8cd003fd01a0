//go:build amd64 && !purego

package wire

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"
)

// TestQuoteBlocksAVX2 checks the kernel's promise on random strings:
// what it writes is the quoted form of what it consumed, and it stops
// only where it may.
func TestQuoteBlocksAVX2(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2")
	}
	r := rand.New(rand.NewPCG(11, 12))
	for round := 0; round < 20000; round++ {
		var sb strings.Builder
		// Some strings are ASCII for a while (the kernel's ASCII loop),
		// some short (only its last block).
		n := 1 + r.IntN(330)
		if round%4 == 0 {
			n = 1 + r.IntN(40)
		}
		asciiFor := 0
		if round%3 == 0 {
			asciiFor = r.IntN(200)
		}
		for sb.Len() < n {
			switch {
			case r.IntN(40) == 0:
				sb.WriteString(quotePieces[r.IntN(len(quotePieces))])
			case sb.Len() >= asciiFor && r.IntN(3) == 0:
				sb.WriteString([]string{"é", "日本", "😀", "ß", "\u0800", "\uffff", "\xed\x9f\xbf", "\xf4\x8f\xbf\xbf"}[r.IntN(8)])
			case r.IntN(15) == 0:
				sb.WriteString([]string{"\"", "\\", "\n", "<", ">", "&", "\x01", "\x7f"}[r.IntN(8)])
			default:
				sb.WriteByte(byte('a' + r.IntN(26)))
			}
		}
		s := sb.String()
		for _, html := range []bool{false, true} {
			room := 6*len(s) + 300
			if r.IntN(4) == 0 {
				room = len(s) + r.IntN(400)
			}
			dst := make([]byte, room)
			k, w := quoteBlocksAVX2(&dst[0], &bytesOf(s)[0], len(s), room, &quoteSeq, html)
			checkQuoteBlocks(t, s, html, room, k, dst[:w], uintptr(unsafe.Pointer(unsafe.StringData(s))))
			// The whole of AppendQuoted, kernel and Go code, against
			// the Go code alone (the kernel's twin).
			if got, want := AppendQuoted(nil, s, html), quoteNoKernel(s, html); string(got) != string(want) {
				t.Fatalf("%q html=%v: AppendQuoted\n%q\nGo code\n%q", s, html, got, want)
			}
		}
	}
}

// checkQuoteBlocks checks what quoteBlocksAVX2 did with s (given room
// bytes of dst): it consumed k bytes and wrote out. Either it consumed s
// whole and wrote its quoted form, or it stopped at a block boundary,
// having written the quoted form of what it consumed (but for the last
// character, which it may have copied cut or bad), and only where it may:
// before a block with bad UTF-8 or a line separator, before a last block
// whose 32-byte load would cross a page (s being at address base), or for
// room.
func checkQuoteBlocks(t *testing.T, s string, html bool, room, k int, out []byte, base uintptr) {
	t.Helper()
	if k == len(s) {
		q := refQuote(nil, s, html)
		if string(out) != string(q[1:len(q)-1]) {
			t.Fatalf("%q html=%v: consumed all, wrote\n%q\nwant\n%q", s, html, out, q[1:len(q)-1])
		}
		return
	}
	if k%32 != 0 || k > len(s) || len(out) > room {
		t.Fatalf("%q html=%v: returned %d, %d", s, html, k, len(out))
	}
	// The last character may be incomplete or bad: the kernel copies it
	// and leaves its check to the next block (the caller backs up to it).
	p := s[:k]
	if l := len(p) - 1; l >= 0 {
		for l > len(p)-4 && p[l]&0xC0 == 0x80 {
			l--
		}
		if p[l] >= 0xC0 {
			p = p[:l]
		}
	}
	q := refQuote(nil, p, html)
	want := string(q[1:len(q)-1]) + s[len(p):k]
	if string(out) != want {
		t.Fatalf("%q html=%v: consumed %d, wrote\n%q\nwant\n%q", s, html, k, out, want)
	}
	if !utf8.ValidString(p) || strings.ContainsAny(p, "\u2028\u2029") {
		t.Fatalf("%q html=%v: kernel passed bad UTF-8 or a line separator", s, html)
	}
	rest := len(s) - k
	if room-len(out) < rest+224 {
		return
	}
	if rest < 32 && (base+uintptr(k))&4095 > 4096-32 {
		return
	}
	end := min(k+32, len(s))
	if utf8.ValidString(s[len(p):end]) && !strings.ContainsAny(s[max(0, k-2):end], "\u2028\u2029") {
		t.Fatalf("%q html=%v: stopped at %d for no reason", s, html, k)
	}
}

// quoteNoKernel quotes s with the Go code alone.
func quoteNoKernel(s string, html bool) []byte {
	d := make([]byte, 1, len(s)+quoteSlack+1)
	d[0] = '"'
	d, _, j := quoteScalar(d[:cap(d)], 1, bytesOf(s), 0, len(s), html, nil)
	d[j] = '"'
	return d[:j+1]
}

// FuzzQuoteBlocks checks the kernel's promise (checkQuoteBlocks) on any
// string, with room to spare or barely enough, and AppendQuoted (kernel
// and Go code) against the Go code alone.
func FuzzQuoteBlocks(f *testing.F) {
	if !hasAVX2 {
		f.Skip("no AVX2")
	}
	for _, p := range quotePieces {
		f.Add(strings.Repeat("x", 30)+p+strings.Repeat("é", 20), false, uint16(0))
		f.Add(p+strings.Repeat("y", 40), true, uint16(300))
	}
	f.Fuzz(func(t *testing.T, s string, html bool, extra uint16) {
		if s == "" {
			return
		}
		for _, room := range []int{6*len(s) + 300, len(s) + int(extra)} {
			dst := make([]byte, room)
			k, w := quoteBlocksAVX2(&dst[0], &bytesOf(s)[0], len(s), room, &quoteSeq, html)
			checkQuoteBlocks(t, s, html, room, k, dst[:w], uintptr(unsafe.Pointer(unsafe.StringData(s))))
		}
		if got, want := AppendQuoted(nil, s, html), quoteNoKernel(s, html); string(got) != string(want) {
			t.Fatalf("%q html=%v: AppendQuoted\n%q\nGo code\n%q", s, html, got, want)
		}
	})
}
