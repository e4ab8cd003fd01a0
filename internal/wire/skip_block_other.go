//go:build !amd64 || purego

package wire

import "unicode/utf8"

// skBlocks is the block skipper. Without vector instructions it does
// nothing: in portable Go, building the masks costs more than the
// word-at-a-time loop (skBlocksGo, kept as the reference, measured about
// half its speed).
func skBlocks(s string, j, depth int, st *skBlock) (end, next, depthOut int) {
	return -1, j, depth
}

// skVecMin is the shortest rest of input worth a vector call; none
// exists here.
const skVecMin = 1<<31 - 1

// skStringEndVec would find a string's closing quote 64 bytes at a time;
// here it reads nothing.
func skStringEndVec(s string, j int) (end, consumed int, carry uint64) { return -1, 0, 0 }

// skStringStop would pass over 32-byte blocks of plain string content;
// here it passes over nothing.
func skStringStop(s string, j int) (int, bool) { return 0, false }

// ValidUTF8 is utf8.ValidString.
func ValidUTF8(s string) bool { return utf8.ValidString(s) }
