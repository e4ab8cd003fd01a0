//go:build amd64 && !purego

package wire

import (
	"unicode/utf8"
	"unsafe"
)

// skBlocks is the block skipper (see skBlocksGo).
func skBlocks(s string, j, depth int, st *skBlock) (end, next, depthOut int) {
	if !skHasLookup || len(s)-j < 64 {
		return -1, j, depth
	}
	p := (*byte)(unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), j))
	consumed, e, d := skBlocksKernel(p, len(s)-j, depth, st)
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

// skStringStopAVX2 returns the length of the leading 32-byte blocks of
// the n bytes at p that hold no '"', no '\\' and no control character,
// and whether any of those bytes is 0x80 or above.
//
//go:noescape
func skStringStopAVX2(p *byte, n int) (consumed int, high bool)

// skStringStopAVX512 is skStringStopAVX2 with AVX-512BW, 64 bytes a
// step.
//
//go:noescape
func skStringStopAVX512(p *byte, n int) (consumed int, high bool)

// skStringStop returns how many bytes from s[j] are plain string content,
// in whole 32-byte blocks (0 without AVX2), and whether any is non-ASCII.
func skStringStop(s string, j int) (int, bool) {
	if !skHasAVX2 {
		return 0, false
	}
	p := (*byte)(unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), j))
	if skHasAVX512 {
		return skStringStopAVX512(p, len(s)-j)
	}
	return skStringStopAVX2(p, len(s)-j)
}

// skValidUTF8AVX2 checks the n bytes at p (a multiple of 32), except for
// a sequence cut off at the end.
//
//go:noescape
func skValidUTF8AVX2(p *byte, n int) bool

// skValidUTF8AVX512 is skValidUTF8AVX2 with AVX-512BW, 64 bytes a step.
//
//go:noescape
func skValidUTF8AVX512(p *byte, n int) bool

// skValidUTF8 is skValidUTF8AVX2, or skValidUTF8AVX512 where the CPU has
// it.
func skValidUTF8(p *byte, n int) bool {
	if skHasAVX512 {
		return skValidUTF8AVX512(p, n)
	}
	return skValidUTF8AVX2(p, n)
}

// ValidUTF8 is utf8.ValidString, 32 bytes at a time where the CPU
// allows.
//
// The kernel checks whole blocks of 32 bytes in place: the blocks from
// the start, then a window of the last 64 bytes, from the start of the
// sequence there (moved back over up to three continuation bytes; a
// fourth is invalid and the kernel says so). The blocks from the start
// end inside the window, at most 32 bytes into it, so that a sequence
// they cut off is checked whole by the window, and bytes are checked
// twice only there. The window's end may cut off a sequence too: the
// text from its start to the end of s, at most seven bytes, goes to
// utf8.ValidString. (A tail copied into a block padded with spaces
// took fewer instructions but more time: the kernel's 32-byte loads of
// bytes just stored by narrower stores wait for them. The UTF-8 check
// was 20% of DecodeGeneric/string_unicode/jet-default with the copy,
// 15% with the window: `perf record -e cpu-clock` on
// `go test -c` of bench, `-test.bench
// '^BenchmarkDecodeGeneric$/^string_unicode$/^jet-default$'`.)
func ValidUTF8(s string) bool {
	if len(s) < 64 || !skHasAVX2 {
		return utf8.ValidString(s)
	}
	st := len(s) - 64
	for j := 0; j < 3 && st > 0 && s[st]&0xc0 == 0x80; j++ {
		st--
	}
	if !skValidUTF8(unsafe.StringData(s), st&^31+32) ||
		!skValidUTF8(unsafe.StringData(s[st:]), 64) {
		return false
	}
	k := st + 64
	for j := 0; j < 3 && k > st && s[k-1]&0xc0 == 0x80; j++ {
		k--
	}
	if k > st && s[k-1] >= 0xc0 {
		k--
	}
	return utf8.ValidString(s[k:])
}
