//go:build amd64 && !purego

package wire

import (
	"math/rand"
	"testing"
	"unsafe"
)

// TestIdxEachKernel runs each first-stage kernel the CPU supports (the
// AVX2 one too on AVX-512 machines) against the portable one.
func TestIdxEachKernel(t *testing.T) {
	kernels := map[string]func(p *byte, n int, st *skIdx, out *uint32, room, base int) (int, int){}
	if skHasIdx {
		kernels["AVX2"] = skIdxAVX2
		if skHasAVX512 {
			kernels["AVX512"] = skIdxAVX512
		}
	}
	if len(kernels) == 0 {
		t.Skip("no vector kernel on this CPU")
	}
	if skHasAVX512 && skIdxVBMI2 {
		// The AVX-512 kernel without VBMI2 too.
		kernels["AVX512-noVBMI2"] = func(p *byte, n int, st *skIdx, out *uint32, room, base int) (int, int) {
			skIdxVBMI2 = false
			defer func() { skIdxVBMI2 = true }()
			return skIdxAVX512(p, n, st, out, room, base)
		}
	}
	r := rand.New(rand.NewSource(24))
	for k := 0; k < 40000; k++ {
		s := idxNoise(r)
		if k%2 == 1 {
			s = idxStringNoise(r)
		}
		st0 := idxState(r)
		count := r.Intn(skIdxCap - 63)
		base := r.Intn(1000)
		var want [skIdxCap]uint32
		stGo := st0
		cGo, nGo := skIdxBlocksGo(s, 0, len(s), &stGo, &want, count, base)
		for name, kernel := range kernels {
			var out [skIdxCap]uint32
			st := st0
			c, w := kernel(unsafe.StringData(s), len(s), &st, &out[count], skIdxCap-count, base)
			if c != cGo || count+w != nGo || st != stGo || !sameTokens(out[count:count+w], want[count:nGo]) {
				t.Fatalf("%s on %q from %+v, count %d: %d %d %+v, Go %d %d %+v", name, s, st0, count, c, count+w, st, cGo, nGo, stGo)
			}
		}
	}
}
