//go:build amd64 && !purego

package wire

import "unsafe"

// skBlocksAVX2 is skBlocksGo in AVX2 (plus PCLMULQDQ for the prefix XOR
// and POPCNT): it skips 64-byte blocks of the n bytes at p and returns
// how many bytes it consumed (a multiple of 64) and the depth left, or
// the offset just past the bracket that closed the container (end >= 0).
//
//go:noescape
func skBlocksAVX2(p *byte, n, depth int, st *skBlock) (consumed, end, depthOut int)

func skCPUID(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

func skXGETBV() (eax, edx uint32)

// skHasAVX2 reports whether the CPU and the OS support what
// skBlocksAVX2 uses: AVX2, PCLMULQDQ and POPCNT.
var skHasAVX2 = func() bool {
	maxID, _, _, _ := skCPUID(0, 0)
	if maxID < 7 {
		return false
	}
	_, _, ecx1, _ := skCPUID(1, 0)
	const pclmul, popcnt, osxsave, avx = 1 << 1, 1 << 23, 1 << 27, 1 << 28
	if ecx1&(pclmul|popcnt|osxsave|avx) != pclmul|popcnt|osxsave|avx {
		return false
	}
	if xcr0, _ := skXGETBV(); xcr0&6 != 6 {
		return false // the OS does not save the YMM registers
	}
	_, ebx7, _, _ := skCPUID(7, 0)
	return ebx7&(1<<5) != 0
}()

// skBlocks is the block skipper (see skBlocksGo).
func skBlocks(s string, j, depth int, st *skBlock) (end, next, depthOut int) {
	if !skHasAVX2 || len(s)-j < 64 {
		return -1, j, depth
	}
	consumed, e, d := skBlocksAVX2((*byte)(unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), j)), len(s)-j, depth, st)
	if e >= 0 {
		return j + e, 0, 0
	}
	return -1, j + consumed, d
}

// skVecMin is the shortest rest of input worth a vector call.
const skVecMin = 64

// skStringEndAVX2 looks for the closing quote of a string in the 64-byte
// blocks of the n bytes at p (string content, not escaped at p): it
// returns the quote's offset, or end == -1, the bytes consumed (a
// multiple of 64) and 1 in carry when the byte after them is escaped.
//
//go:noescape
func skStringEndAVX2(p *byte, n int) (end, consumed int, carry uint64)

// skStringEndVec finds the closing quote of the string whose content
// continues at s[j] (not escaped there): its index, or end == -1 with
// the bytes passed over and the escape carry (nothing without AVX2).
func skStringEndVec(s string, j int) (end, consumed int, carry uint64) {
	if !skHasAVX2 {
		return -1, 0, 0
	}
	e, c, k := skStringEndAVX2((*byte)(unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), j)), len(s)-j)
	if e >= 0 {
		return j + e, 0, 0
	}
	return -1, c, k
}
