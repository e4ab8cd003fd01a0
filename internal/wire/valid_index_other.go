//go:build !amd64 || purego

package wire

// skHasIdx reports whether a vector first stage exists; without one,
// Valid takes the one-pass validating skip, which is faster in portable
// Go than building the masks (skIdxBlocksGo is kept as the reference).
const skHasIdx = false

// skIdxBlocks is the first stage of validIndexed (see skIdxBlocksGo).
func skIdxBlocks(s string, j, n int, st *skIdx, out *[skIdxCap]uint32, count, base int) (consumed, countOut int) {
	return skIdxBlocksGo(s, j, n, st, out, count, base)
}
