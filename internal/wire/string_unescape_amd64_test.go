//go:build amd64 && !purego

package wire

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestUnescStepsAVX2 compares the kernel (through unescSteps, which
// adds the four-byte sequences it leaves) with its twin unescStepsGo on
// random string content. Where either stops before passing lim, at a
// byte it must leave to its caller, both stop there with the same
// output; past lim the kernel's steps are longer, so the shorter output
// must be a prefix of the longer.
func TestUnescStepsAVX2(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2")
	}
	r := rand.New(rand.NewPCG(21, 22))
	pieces := append([]string{"\x7f", " ", "~", "\x1f", `\u0041`, `\x`, `"`}, unescPieces...)
	for round := 0; round < 30000; round++ {
		var sb strings.Builder
		for sb.Len() < r.IntN(200) {
			if r.IntN(3) == 0 {
				sb.WriteString(pieces[r.IntN(len(pieces))])
			} else {
				sb.WriteByte(byte('a' + r.IntN(26)))
			}
		}
		sb.WriteString(strings.Repeat(" ", unescMargin))
		s := sb.String()
		j0 := r.IntN(4)
		lim := len(s) - unescMargin - r.IntN(40)
		if lim < j0 {
			continue
		}
		w0 := r.IntN(8)
		room := w0 + lim - j0 + unescMargin
		dg := make([]byte, room)
		da := make([]byte, room)
		jg, wg, hg := unescStepsGo(s, j0, lim, dg, w0)
		ja, wa, ha := unescSteps(s, j0, lim, da, w0)
		if jg <= lim || ja <= lim {
			if jg != ja || wg != wa || hg != ha || !bytes.Equal(dg[w0:wg], da[w0:wa]) {
				t.Fatalf("s=%q j0=%d lim=%d: Go (%d, %d, %v) %q, kernel (%d, %d, %v) %q", s, j0, lim, jg, wg, hg, dg[w0:wg], ja, wa, ha, da[w0:wa])
			}
			continue
		}
		if jg <= ja && !bytes.HasPrefix(da[w0:wa], dg[w0:wg]) || ja < jg && !bytes.HasPrefix(dg[w0:wg], da[w0:wa]) {
			t.Fatalf("s=%q j0=%d lim=%d: Go (%d, %d) %q, kernel (%d, %d) %q", s, j0, lim, jg, wg, dg[w0:wg], ja, wa, da[w0:wa])
		}
	}
}
