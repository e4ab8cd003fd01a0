//go:build amd64 && !purego

package wire

import "unsafe"

// skTokAVX2 lists the tokens of skIdxAVX2 (the same positions) without
// its checks of strings and numbers: the whole 64-byte blocks of the n
// bytes at p while out has room (room uint32s) for another block's
// tokens, each as its offset plus base. It returns the bytes consumed and
// the tokens written, and updates st's string, escape and scalar carries
// only.
//
//go:noescape
func skTokAVX2(p *byte, n int, st *skIdx, out *uint32, room, base int) (consumed, count int)

// skTokAVX512 is skTokAVX2 for CPUs with AVX-512BW.
//
//go:noescape
func skTokAVX512(p *byte, n int, st *skIdx, out *uint32, room, base int) (consumed, count int)

// skTokBlocks is the first stage of a LooseCursor (see skTokBlocksGo),
// with the vector kernel where the CPU has one.
func skTokBlocks(s string, j, n int, st *skIdx, out []uint32, base int) (consumed, count int) {
	if !skHasIdx {
		return skTokBlocksGo(s, j, n, st, out, base)
	}
	if n < 64 {
		return 0, 0
	}
	p := (*byte)(unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), j))
	if len(out) < 64 {
		return 0, 0
	}
	if skHasAVX512 {
		return skTokAVX512(p, n, st, &out[0], len(out), base)
	}
	return skTokAVX2(p, n, st, &out[0], len(out), base)
}
