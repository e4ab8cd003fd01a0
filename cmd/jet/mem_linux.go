//go:build linux

package main

import "syscall"

// allocChunk returns a chunk of n bytes, mapped outside the Go heap so
// that freeChunk gives it back to the system at once.
func allocChunk(n int) chunk {
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return chunk{b: make([]byte, n)}
	}
	return chunk{b: b, mapped: true}
}

// freeChunk releases c; its bytes must not be used after.
func freeChunk(c *chunk) {
	if c.mapped {
		b := c.b[:cap(c.b)]
		syscall.Munmap(b)
	}
	*c = chunk{}
}
