//go:build !amd64 || purego

package wire

// skTokBlocks is the first stage of a LooseCursor: here the portable
// one (VectorIndex is false, so lookups use it only in tests).
func skTokBlocks(s string, j, n int, st *skIdx, out []uint32, base int) (consumed, count int) {
	return skTokBlocksGo(s, j, n, st, out, base)
}
