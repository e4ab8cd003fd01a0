//go:build mips || mips64 || ppc64 || s390x

package wire

// skLittleEndian is false on the big-endian architectures: skLoad64
// swaps the bytes it loads.
const skLittleEndian = false
