//go:build amd64 && !purego

package wire

import "unsafe"

// skIdxAVX2 is skIdxBlocksGo in AVX2 (with PCLMULQDQ for the prefix XOR,
// POPCNT, and BMI1 to list the tokens): it indexes the whole 64-byte
// blocks of the n bytes at p while out has room (room uint32s) for
// another block's tokens, and returns the bytes consumed and the tokens
// written. It ORs the errors it finds into st.bad.
//
//go:noescape
func skIdxAVX2(p *byte, n int, st *skIdx, out *uint32, room, base int) (consumed, count int)

// skIdxAVX512 is skIdxAVX2 with AVX-512BW compares into mask registers
// (and AVX-512F's VPCOMPRESSD to list the tokens).
//
//go:noescape
func skIdxAVX512(p *byte, n int, st *skIdx, out *uint32, room, base int) (consumed, count int)

// skIdxVBMI2 makes skIdxAVX512 write a block's tokens, when there are up
// to 16, with AVX512-VBMI2's VPCOMPRESSB: some 10 instructions where the
// other ways take some 35. It is a variable so that the tests can run
// the kernel both ways.
var skIdxVBMI2 = skHasAVX512 && cpu.avx512vbmi2

// skIdxBlocks is the first stage of validIndexed (see skIdxBlocksGo),
// with the vector kernel where the CPU has one.
func skIdxBlocks(s string, j, n int, st *skIdx, out *[skIdxCap]uint32, count, base int) (consumed, countOut int) {
	if !skHasIdx {
		return skIdxBlocksGo(s, j, n, st, out, count, base)
	}
	if n < 64 || skIdxCap-count < 64 {
		return 0, count
	}
	p := (*byte)(unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), j))
	var c, w int
	if skHasAVX512 {
		c, w = skIdxAVX512(p, n, st, &out[count], skIdxCap-count, base)
	} else {
		c, w = skIdxAVX2(p, n, st, &out[count], skIdxCap-count, base)
	}
	return c, count + w
}
