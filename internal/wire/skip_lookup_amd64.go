//go:build amd64 && !purego

package wire

// The lookup block skippers: the block skipper's contract (skBlocksGo
// is their portable twin, step for step: prefix XOR, the parity of the
// quotes from its top bit, the walk of closing brackets) with fewer
// instructions per 64-byte block than the kernels they replaced, for
// the long stretches a non-validating lookup passes over (twitter's
// statuses array: about 9,900 blocks before search_metadata). Per block
// they test the backslashes without moving them out of the vector unit
// (most blocks have none), take the in-string carry from the prefix
// XOR's top bit instead of a population count, mask the brackets with
// ANDN, and loop on one branch.

// skLookupAVX2 is skBlocksGo in AVX2 (plus PCLMULQDQ, POPCNT and BMI1)
// over the n bytes at p: it returns the bytes consumed (a multiple of
// 64) and the depth left, or the offset just past the bracket that
// closed the container (end >= 0).
//
//go:noescape
func skLookupAVX2(p *byte, n, depth int, st *skBlock) (consumed, end, depthOut int)

// skLookupAVX512 is skLookupAVX2 with AVX-512BW compares into mask
// registers.
//
//go:noescape
func skLookupAVX512(p *byte, n, depth int, st *skBlock) (consumed, end, depthOut int)

// skHasLookup reports whether the lookup kernels can run: they need
// BMI1 (ANDN, BLSI, BLSR, TZCNT) besides what skHasAVX2 checks.
var skHasLookup = skHasAVX2 && cpu.bmi1

// skBlocksKernel runs the fastest block kernel the CPU has over the n
// bytes at p (n >= 64; skHasLookup must hold).
func skBlocksKernel(p *byte, n, depth int, st *skBlock) (consumed, end, depthOut int) {
	if skHasAVX512 {
		return skLookupAVX512(p, n, depth, st)
	}
	return skLookupAVX2(p, n, depth, st)
}
