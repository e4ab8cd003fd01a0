//go:build !(386 || amd64 || arm || arm64 || loong64 || mips64le || mipsle || ppc64le || riscv64 || wasm || mips || mips64 || ppc64 || s390x)

package wire

import "unsafe"

// skLittleEndian is found at start-up on architectures this package does
// not list.
var skLittleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()
