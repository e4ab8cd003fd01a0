//go:build amd64 && !purego

package wire

import "unsafe"

// unescStepsAVX2 is unescStepsGo 32 bytes a step (see the assembly).
//
//go:noescape
func unescStepsAVX2(src *byte, j, lim int, dst *byte, w int, tab *[256]byte) (jOut, wOut int, high bool)

// unescSteps is unescStepsGo, with the AVX2 kernel where the CPU has it.
// The kernel leaves four-byte UTF-8 sequences to the Go code, which takes
// them and calls it again.
func unescSteps(s string, j, lim int, d []byte, w int) (int, int, bool) {
	if !hasAVX2 {
		return unescStepsGo(s, j, lim, d, w)
	}
	sp := unsafe.StringData(s)
	dp := unsafe.SliceData(d)
	high := false
	for {
		var h bool
		j, w, h = unescStepsAVX2(sp, j, lim, dp, w, &unescapeByte)
		high = high || h
		if j > lim || s[j] < 0xF0 {
			return j, w, high
		}
		x := load32(s, j)
		size := utf8SeqLen4(x)
		if size == 0 {
			return j, w, high
		}
		store32(d, w, x)
		high = true
		j += size
		w += size
	}
}
