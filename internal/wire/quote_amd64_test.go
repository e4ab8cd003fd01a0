//go:build amd64 && !purego

package wire

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestQuoteBlocksAVX2 checks the kernel's promise on random strings: what
// it copies is copied exactly and needs no change.
func TestQuoteBlocksAVX2(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2")
	}
	r := rand.New(rand.NewPCG(11, 12))
	for round := 0; round < 20000; round++ {
		var sb strings.Builder
		for sb.Len() < 32+r.IntN(200) {
			if r.IntN(40) == 0 {
				sb.WriteString(quotePieces[r.IntN(len(quotePieces))])
			} else if r.IntN(3) == 0 {
				sb.WriteString([]string{"é", "日本", "😀", "ß", "\u0800", "\uffff", "\xed\x9f\xbf", "\xf4\x8f\xbf\xbf"}[r.IntN(8)])
			} else {
				sb.WriteByte(byte('a' + r.IntN(26)))
			}
		}
		s := sb.String()
		for _, html := range []bool{false, true} {
			dst := make([]byte, len(s))
			k := quoteBlocksAVX2(&dst[0], &bytesOf(s)[0], len(s), html)
			if k%32 != 0 || k > len(s) {
				t.Fatalf("%q: returned %d", s, k)
			}
			if string(dst[:k]) != s[:k] {
				t.Fatalf("%q: copied %q", s, dst[:k])
			}
			p := s[:k]
			// The last character may be incomplete or bad: the kernel
			// leaves it to the next block (the caller backs up to it).
			if l := len(p) - 1; l >= 0 {
				for l > len(p)-4 && p[l]&0xC0 == 0x80 {
					l--
				}
				if p[l] >= 0xC0 {
					p = p[:l]
				}
			}
			// Cut an incomplete sequence at the end for the escape check.
			if q := refQuote(nil, p, html); !utf8.ValidString(p) || strings.ContainsAny(p, "\"\\\u2028\u2029") ||
				html && strings.ContainsAny(p, "<>&") || strings.IndexFunc(p, func(r rune) bool { return r < 0x20 }) >= 0 {
				t.Fatalf("%q html=%v: kernel passed %d bytes that need changes (%s)", s, html, k, q)
			}
		}
	}
}
