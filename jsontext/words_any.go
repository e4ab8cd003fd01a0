//go:build amd64 || 386 || arm64 || ppc64 || ppc64le || s390x || loong64 || wasm

package jsontext

import "unsafe"

// loadWord64, storeWord64, loadWord32 and storeWord32 move machine words, in the
// machine's byte order, at any address: these architectures allow it,
// and a word moved whole keeps the copy loops' values in registers. They
// serve copies only (the bytes land as they were). words_bytes.go has
// the same for the architectures that fault on an unaligned word.

func loadWord64(p unsafe.Pointer) uint64     { return *(*uint64)(p) }
func storeWord64(p unsafe.Pointer, x uint64) { *(*uint64)(p) = x }
func loadWord32(p unsafe.Pointer) uint32     { return *(*uint32)(p) }
func storeWord32(p unsafe.Pointer, x uint32) { *(*uint32)(p) = x }
