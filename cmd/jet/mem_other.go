//go:build !linux

package main

// allocChunk returns a chunk of n bytes. Here it is on the Go heap, so
// a long text read in chunks may briefly be held twice.
func allocChunk(n int) chunk { return chunk{b: make([]byte, n)} }

// freeChunk releases c; its bytes must not be used after.
func freeChunk(c *chunk) { *c = chunk{} }
