//go:build amd64 && !purego

package wire

import "unsafe"

// StripVector reports whether StripSpace runs a vector kernel; without
// one it goes byte by byte, and is worth calling only where whitespace
// abounds.
var StripVector = skHasIdx

// stripAVX2 is stripBlocksGo with AVX2, PCLMULQDQ, POPCNT and BMI1 (what
// skHasIdx checks), from the first byte of src.
//
//go:noescape
func stripAVX2(dst unsafe.Pointer, src *byte, n int, st *stripState) (consumed, written int)

// stripAVX512 is stripAVX2 with AVX-512BW and VBMI2 besides.
//
//go:noescape
func stripAVX512(dst unsafe.Pointer, src *byte, n int, st *stripState) (consumed, written int)

// stripHasAVX512 reports whether the CPU has what stripAVX512 uses.
var stripHasAVX512 = skHasIdx && cpu.avx512vbmi2

// stripBlocks is stripBlocksGo with the vector kernel where the CPU has
// one.
func stripBlocks(dst unsafe.Pointer, s string, n int, st *stripState) (consumed, written int) {
	if !skHasIdx {
		return stripBlocksGo(dst, s, n, st)
	}
	if stripHasAVX512 {
		return stripAVX512(dst, unsafe.StringData(s), n, st)
	}
	return stripAVX2(dst, unsafe.StringData(s), n, st)
}
