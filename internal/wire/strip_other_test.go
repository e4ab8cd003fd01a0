//go:build !amd64 || purego

package wire

import "unsafe"

// stripKernels are the kernels of StripSpace besides stripBlocksGo: none
// here.
func stripKernels() map[string]func(dst unsafe.Pointer, s string, n int, st *stripState) (consumed, written int) {
	return nil
}
