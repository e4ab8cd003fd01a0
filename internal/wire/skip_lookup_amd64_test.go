//go:build amd64 && !purego

package wire

import (
	"math/rand"
	"os"
	"strings"
	"testing"
	"unsafe"
)

// lookupKernels returns the lookup kernels the CPU can run.
func lookupKernels(t testing.TB) map[string]func(p *byte, n, depth int, st *skBlock) (int, int, int) {
	kernels := map[string]func(p *byte, n, depth int, st *skBlock) (int, int, int){}
	if skHasLookup {
		kernels["AVX2"] = skLookupAVX2
		if skHasAVX512 {
			kernels["AVX512"] = skLookupAVX512
		}
	}
	if len(kernels) == 0 {
		t.Skip("no lookup kernel on this CPU")
	}
	return kernels
}

// checkLookupKernels runs every lookup kernel over s from each start
// state and compares it with its portable twin, skBlocksGo.
func checkLookupKernels(t *testing.T, kernels map[string]func(p *byte, n, depth int, st *skBlock) (int, int, int), s string, depth int, st0 skBlock) {
	t.Helper()
	if len(s) == 0 {
		return
	}
	stGo := st0
	eGo, nGo, dGo := skBlocksGo(s, 0, depth, &stGo)
	for name, kernel := range kernels {
		st := st0
		consumed, e, d := kernel(unsafe.StringData(s), len(s), depth, &st)
		if e != eGo || e < 0 && (consumed != nGo || d != dGo || st != stGo) {
			t.Fatalf("%s on %.200q depth %d %+v: consumed %d end %d depth %d %+v; Go: next %d end %d depth %d %+v",
				name, s, depth, st0, consumed, e, d, st, nGo, eGo, dGo, stGo)
		}
	}
}

// TestSkipLookupKernels compares the lookup kernels with skBlocksGo on
// random text dense in the bytes they track, runs of backslashes across
// block boundaries included.
func TestSkipLookupKernels(t *testing.T) {
	kernels := lookupKernels(t)
	r := rand.New(rand.NewSource(26))
	alphabets := []string{"\"\\{}[]x \x80", "\"\\\\\\\\x", "{}[]\"x", "\"\xa2\xdc\xfb\xfd\\x"}
	for k := 0; k < 30000; k++ {
		alphabet := alphabets[k%len(alphabets)]
		b := make([]byte, r.Intn(400))
		for i := range b {
			b[i] = alphabet[r.Intn(len(alphabet))]
		}
		st0 := skBlock{escaped: uint64(r.Intn(2))}
		if r.Intn(2) == 0 {
			st0.inString = ^uint64(0)
		}
		checkLookupKernels(t, kernels, string(b), 1+r.Intn(6), st0)
	}
}

// TestSkipLookupKernelsCorpus skips every container of the corpus
// documents with the lookup kernels and with skBlocksGo.
func TestSkipLookupKernelsCorpus(t *testing.T) {
	kernels := lookupKernels(t)
	dir := "../../../shared/corpus"
	if d := os.Getenv("JET_CORPUS"); d != "" {
		dir = d
	}
	files, _ := os.ReadDir(dir)
	n := 0
	for _, f := range files {
		if !strings.HasSuffix(f.Name(), ".json") {
			continue
		}
		b, err := os.ReadFile(dir + "/" + f.Name())
		if err != nil {
			continue
		}
		s := string(b)
		n++
		// Each container start (a sample of them on large documents).
		step := 1 + strings.Count(s, "{")/2000
		seen := 0
		for i := 0; i < len(s); i++ {
			if s[i] != '{' && s[i] != '[' {
				continue
			}
			if seen++; seen%step != 0 {
				continue
			}
			checkLookupKernels(t, kernels, s[i+1:], 1, skBlock{})
		}
	}
	if n == 0 {
		t.Skip("no corpus")
	}
}

// BenchmarkSkipLookup times the block kernels over twitter.json's
// statuses array (the skip of a late lookup).
func BenchmarkSkipLookup(b *testing.B) {
	doc, err := os.ReadFile("../../../shared/corpus/twitter.json")
	if err != nil {
		b.Skip("no corpus")
	}
	s := string(doc)
	start := strings.IndexByte(s, '[') + 1
	kernels := map[string]func(p *byte, n, depth int, st *skBlock) (int, int, int){
		"lookupAVX2": skLookupAVX2,
	}
	if skHasAVX512 {
		kernels["lookupAVX512"] = skLookupAVX512
	}
	for _, name := range []string{"lookupAVX2", "lookupAVX512"} {
		kernel := kernels[name]
		if kernel == nil {
			continue
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(s) - start))
			for i := 0; i < b.N; i++ {
				var st skBlock
				_, e, _ := kernel(unsafe.StringData(s[start:]), len(s)-start, 1, &st)
				if e < 0 {
					b.Fatal("not closed")
				}
			}
		})
	}
}

// FuzzSkipLookupKernels compares the lookup kernels with skBlocksGo on
// any text, depth and start state.
func FuzzSkipLookupKernels(f *testing.F) {
	kernels := lookupKernels(f)
	f.Add([]byte(`{"a":[1,2,{"b":"}]\"\\"}],"c":{}}`+strings.Repeat(` "x\\\\" `, 20)+`}`), uint8(1), false, false)
	f.Add([]byte(strings.Repeat(`\`, 63)+`"]}`+strings.Repeat(`[{"\"`, 40)), uint8(2), true, true)
	f.Add([]byte(strings.Repeat(`"{[`, 50)), uint8(3), true, false)
	f.Fuzz(func(t *testing.T, b []byte, depth uint8, inString, escaped bool) {
		var st skBlock
		if inString {
			st.inString = ^uint64(0)
		}
		if escaped {
			st.escaped = 1
		}
		checkLookupKernels(t, kernels, string(b), 1+int(depth%8), st)
	})
}
