//go:build amd64 && !purego

package wire

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
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
		for sb.Len() < 32+r.IntN(300) {
			switch {
			case r.IntN(40) == 0:
				sb.WriteString(quotePieces[r.IntN(len(quotePieces))])
			case r.IntN(3) == 0:
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
			k, w, last := quoteBlocksAVX2(&dst[0], &bytesOf(s)[0], len(s), room, &quoteSeq, html)
			if k%32 != 0 || k > len(s) || w > room || last > k {
				t.Fatalf("%q: returned %d, %d", s, k, w)
			}
			// The last character may be incomplete or bad: the kernel
			// copies it and leaves its check to the next block (the
			// caller backs up to it).
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
			if string(dst[:w]) != want {
				t.Fatalf("%q html=%v: consumed %d, wrote\n%q\nwant\n%q", s, html, k, dst[:w], want)
			}
			if !utf8.ValidString(p) || strings.ContainsAny(p, "\u2028\u2029") {
				t.Fatalf("%q html=%v: kernel passed bad UTF-8 or a line separator", s, html)
			}
			// It may stop early only before a block with bad UTF-8 or a
			// separator, near the end, or for room.
			wantLast := 0
			for x := 0; x < k; x++ {
				if c := s[x]; c < 0x20 || c == '"' || c == '\\' || html && (c == '<' || c == '>' || c == '&') {
					wantLast = x + 1
				}
			}
			if last != wantLast {
				t.Fatalf("%q html=%v: last escape reported %d, want %d", s, html, last, wantLast)
			}
			if rest := len(s) - k; rest >= 32 && room-w >= rest+224 {
				blk := s[k : k+32]
				if utf8.ValidString(s[len(p):k+32]) && !strings.ContainsAny(blk, "\u2028\u2029") && !strings.ContainsAny(s[max(0, k-2):k+32], "\u2028\u2029") {
					t.Fatalf("%q html=%v: stopped at %d for no reason", s, html, k)
				}
			}
		}
	}
}
