//go:build amd64 && !purego

package wire

import (
	"math/rand"
	"testing"
	"unsafe"
)

// TestTokKernelsEach runs each token kernel the CPU has (skTokBlocks
// takes only the widest) against the portable one.
func TestTokKernelsEach(t *testing.T) {
	type kernel func(p *byte, n int, st *skIdx, out *uint32, room, base int) (int, int)
	kernels := map[string]kernel{}
	if skHasIdx {
		kernels["avx2"] = skTokAVX2
	}
	if skHasIdx && skHasAVX512 {
		kernels["avx512"] = skTokAVX512
	}
	if len(kernels) == 0 {
		t.Skip("no vector token kernel on this CPU")
	}
	r := rand.New(rand.NewSource(17))
	for k := 0; k < 20000; k++ {
		s := idxNoise(r)
		if k%2 == 1 {
			// Long strings: blocks with no quote.
			b := []byte(s)
			for i := range b {
				if b[i] == '"' && r.Intn(8) != 0 {
					b[i] = 'x'
				}
			}
			s = string(b)
		}
		st0, room, base := idxState(r), 64+r.Intn(skTokCap), r.Intn(1000)
		want := make([]uint32, room)
		stGo := st0
		cGo, nGo := skTokBlocksGo(s, 0, len(s), &stGo, want, base)
		for name, kern := range kernels {
			got := make([]uint32, room)
			st := st0
			c, n := kern(unsafe.StringData(s), len(s), &st, &got[0], room, base)
			if c != cGo || n != nGo || tokCarries(st) != tokCarries(stGo) || !sameTokens(got[:n], want[:nGo]) {
				t.Fatalf("%s on %q from %+v, room %d: %d %d %v, Go %d %d %v", name, s, st0, room, c, n, tokCarries(st), cGo, nGo, tokCarries(stGo))
			}
		}
	}
}
