//go:build amd64 && !purego

package wire

import "unsafe"

// stripKernels are the kernels of StripSpace this CPU can run, besides
// stripBlocksGo, by name.
func stripKernels() map[string]func(dst unsafe.Pointer, s string, n int, st *stripState) (consumed, written int) {
	ks := map[string]func(dst unsafe.Pointer, s string, n int, st *stripState) (consumed, written int){}
	if skHasIdx {
		ks["AVX2"] = func(dst unsafe.Pointer, s string, n int, st *stripState) (int, int) {
			return stripAVX2(dst, unsafe.StringData(s), n, st)
		}
	}
	if stripHasAVX512 {
		ks["AVX512"] = func(dst unsafe.Pointer, s string, n int, st *stripState) (int, int) {
			return stripAVX512(dst, unsafe.StringData(s), n, st)
		}
	}
	return ks
}
