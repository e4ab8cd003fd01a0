//go:build amd64 && !purego

package wire

import (
	"math/rand"
	"testing"
	"unsafe"
)

// TestSkipBlocksEachKernel runs each block kernel the CPU supports (the
// AVX2 one too on AVX-512 machines) against the portable reference.
func TestSkipBlocksEachKernel(t *testing.T) {
	kernels := map[string]func(p *byte, n, depth int, st *skBlock) (int, int, int){}
	if skHasLookup {
		kernels["AVX2"] = skLookupAVX2
	}
	if skHasLookup && skHasAVX512 {
		kernels["AVX512"] = skLookupAVX512
	}
	if len(kernels) == 0 {
		t.Skip("no vector kernel on this CPU")
	}
	r := rand.New(rand.NewSource(12))
	const alphabet = "\"\\{}[]x \x80"
	for k := 0; k < 20000; k++ {
		b := make([]byte, 64+r.Intn(300))
		for i := range b {
			b[i] = alphabet[r.Intn(len(alphabet))]
		}
		s := string(b)
		depth := 1 + r.Intn(4)
		st0 := skBlock{escaped: uint64(r.Intn(2))}
		if r.Intn(2) == 0 {
			st0.inString = ^uint64(0)
		}
		stGo := st0
		eGo, nGo, dGo := skBlocksGo(s, 0, depth, &stGo)
		for name, kernel := range kernels {
			st := st0
			consumed, e, d := kernel(unsafe.StringData(s), len(s), depth, &st)
			if e != eGo || e < 0 && (consumed != nGo || d != dGo || st != stGo) {
				t.Fatalf("%s on %q depth %d %+v: %d %d %d %+v, Go %d %d %d %+v", name, s, depth, st0, consumed, e, d, st, nGo, eGo, dGo, stGo)
			}
		}
	}
}
