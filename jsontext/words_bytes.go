//go:build !(amd64 || 386 || arm64 || ppc64 || ppc64le || s390x || loong64 || wasm)

package jsontext

import (
	"encoding/binary"
	"unsafe"
)

// loadWord64, storeWord64, loadWord32 and storeWord32 move words at any address, for
// copies: through byte arrays, which the compiler moves a byte at a time
// where a word must be aligned (mips; riscv64 traps on it).

func loadWord64(p unsafe.Pointer) uint64     { return binary.LittleEndian.Uint64((*[8]byte)(p)[:]) }
func storeWord64(p unsafe.Pointer, x uint64) { binary.LittleEndian.PutUint64((*[8]byte)(p)[:], x) }
func loadWord32(p unsafe.Pointer) uint32     { return binary.LittleEndian.Uint32((*[4]byte)(p)[:]) }
func storeWord32(p unsafe.Pointer, x uint32) { binary.LittleEndian.PutUint32((*[4]byte)(p)[:], x) }
