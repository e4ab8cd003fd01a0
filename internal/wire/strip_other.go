//go:build !amd64 || purego

package wire

import "unsafe"

// StripVector reports whether StripSpace runs a vector kernel: not here,
// where it goes byte by byte (see stripBlocksGo).
var StripVector = false

// stripBlocks is the kernel of StripSpace: here the portable one.
func stripBlocks(dst unsafe.Pointer, s string, n int, st *stripState) (consumed, written int) {
	return stripBlocksGo(dst, s, n, st)
}
