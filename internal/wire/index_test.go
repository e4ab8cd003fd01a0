package wire

import (
	"math/rand"
	"strings"
	"testing"
)

// TestTokenIndexBytes checks TokenIndex's records of the bytes of the
// blocks listed (Backslashes, ASCII) against their definitions, across
// Fill, FillLast and ForgetBytes, with every kernel the CPU has (and
// the portable one under -tags purego).
func TestTokenIndexBytes(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	pieces := []string{" ", "\n", `"ab"`, `"a\"b"`, `"\\"`, `"\u00e9"`, "\"é\"", ",", ":", "[", "]", "{", "}", "12", "-1.5e3", "true", strings.Repeat(" ", 61)}
	for k := 0; k < 3000; k++ {
		var b strings.Builder
		for b.Len() < 64+r.Intn(600) {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		s := b.String()
		var x TokenIndex
		x.Reset(0)
		from := 0
		for step := 0; x.Listed() < len(s); step++ {
			listed := x.Listed()
			if r.Intn(3) == 0 {
				x.ForgetBytes()
				from = listed
			}
			end := min(len(s), listed+64*(1+r.Intn(3)))
			var ok bool
			if end == len(s) {
				ok = x.FillLast(s, 0)
			} else {
				ok = x.Fill(s[:end], 0)
			}
			if x.Listed() == listed {
				if ok || end == len(s) && listed < len(s) {
					t.Fatalf("%q: no progress from %d", s, listed)
				}
				break
			}
			got := s[from:x.Listed()]
			if want := strings.IndexByte(got, '\\') >= 0; x.Backslashes() != want {
				t.Fatalf("%q: Backslashes over [%d:%d] = %v, want %v", s, from, x.Listed(), x.Backslashes(), want)
			}
			ascii := true
			for i := 0; i < len(got); i++ {
				ascii = ascii && got[i] < 0x80
			}
			if x.ASCII() != ascii {
				t.Fatalf("%q: ASCII over [%d:%d] = %v, want %v", s, from, x.Listed(), x.ASCII(), ascii)
			}
		}
	}
}
