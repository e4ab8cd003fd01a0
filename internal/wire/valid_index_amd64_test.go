//go:build amd64 && !purego

package wire

import (
	"math/rand"
	"strconv"
	"strings"
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
	// Fixed cases first: a high surrogate escape cut by a block's end,
	// then a block of plain string (the surrogate owed must keep the
	// general path, which finds it unpaired).
	fixed := []struct {
		s  string
		st skIdx
	}{
		{strings.Repeat("a", 58) + `\uD83D` + strings.Repeat("a", 64), skIdx{inString: ^uint64(0)}},
		{strings.Repeat("a", 60) + `\uD8` + strings.Repeat("a", 64), skIdx{inString: ^uint64(0)}},
		{strings.Repeat("a", 60) + `\u1\"` + strings.Repeat("a", 64), skIdx{inString: ^uint64(0), noSur: 1}},
	}
	r := rand.New(rand.NewSource(24))
	for k := 0; k < 40000+len(fixed); k++ {
		var s string
		var st0 skIdx
		if k < len(fixed) {
			s, st0 = fixed[k].s, fixed[k].st
		} else {
			s = idxNoise(r)
			if k%2 == 1 {
				s = idxStringNoise(r)
			}
			st0 = idxState(r)
		}
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

// BenchmarkValidKernels runs Valid with each first-stage kernel the CPU
// has (so that the AVX2 one is measured on AVX-512 machines too), on the
// corpus and on long strings of prose with escapes and accents.
func BenchmarkValidKernels(b *testing.B) {
	docs := corpusDocs(b)
	docs["prose"] = proseStrings()
	kernels := []string{"AVX2"}
	if skHasAVX512 {
		kernels = append(kernels, "AVX512")
	}
	for _, k := range kernels {
		for _, name := range []string{"twitter.json", "citm_catalog.json", "canada.json", "synthea_fhir.json", "string_unicode.json", "string_escaped.json", "prose"} {
			s, ok := docs[name]
			if !ok || !skHasIdx {
				continue
			}
			b.Run(k+"/"+name, func(b *testing.B) {
				old := skHasAVX512
				skHasAVX512 = k == "AVX512"
				defer func() { skHasAVX512 = old }()
				b.SetBytes(int64(len(s)))
				for i := 0; i < b.N; i++ {
					Valid(s, DefaultMaxDepth)
				}
			})
		}
	}
}

// proseStrings returns an array of 60 strings of 4 to 40 KB of prose
// with an escape every few dozen bytes and some accented letters (the
// shape of bench's shape_long_strings).
func proseStrings() string {
	r := rand.New(rand.NewSource(7))
	words := strings.Fields("the quick brown fox jumps over lazy dogs while parsers race through prose; accents like café, naïve, Zürich and Kraków, quotes \" backslashes \\ and tabs \t appear")
	b := []byte{'['}
	for i := range 60 {
		if i > 0 {
			b = append(b, ',')
		}
		var sb strings.Builder
		for n := 4000 + r.Intn(36000); sb.Len() < n; {
			sb.WriteString(words[r.Intn(len(words))])
			if r.Intn(12) == 0 {
				sb.WriteString(".\n")
			} else {
				sb.WriteByte(' ')
			}
		}
		b = strconv.AppendQuote(b, sb.String())
	}
	return string(append(b, ']'))
}
