//go:build 386 || amd64 || arm || arm64 || loong64 || mips64le || mipsle || ppc64le || riscv64 || wasm

package wire

// skLittleEndian is a constant where the architecture is known to be
// little-endian, so that skLoad64's byte swap is compiled away.
const skLittleEndian = true
