package main

import (
	"io"
	"os"
)

// Reading a document or an NDJSON line of unknown length into one slice
// by growing it would hold the old slice and the new one at once, and
// more while the garbage waits for the collector: 3 times the text or
// more. Instead the text is read in chunks kept outside the Go heap
// where the system allows (mem_linux.go), then copied into one slice of
// the exact size, each chunk released as soon as it is copied: at most
// one chunk more than the text is held.

// chunkSize is the size of the chunks a long text is read in.
const chunkSize = 4 << 20

// A chunk is a piece of a long text being read.
type chunk struct {
	b      []byte
	mapped bool // outside the Go heap: release it with freeChunk
}

// readFull reads into p until it is full or r ends; eof says r ended.
func readFull(r io.Reader, p []byte) (n int, eof bool, err error) {
	for n < len(p) {
		k, err := r.Read(p[n:])
		n += k
		if err == io.EOF {
			return n, true, nil
		}
		if err != nil {
			return n, true, err
		}
	}
	return n, false, nil
}

// readWhole reads r to its end into one buffer, which release gives
// back. A regular file is read into a buffer of its size; anything else
// in chunks, joined at the end.
func readWhole(r io.Reader) (data []byte, release func(), err error) {
	first := chunkSize
	if f, ok := r.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			if off, err := f.Seek(0, io.SeekCurrent); err == nil && fi.Size() >= off {
				first = int(fi.Size()-off) + 1 // +1 to see the end without growing
			}
		}
	}
	var chunks []chunk
	defer func() {
		for k := range chunks {
			freeChunk(&chunks[k])
		}
	}()
	total := 0
	for eof := false; !eof; {
		c := allocChunk(first)
		first = chunkSize
		var k int
		k, eof, err = readFull(r, c.b)
		c.b = c.b[:k]
		chunks = append(chunks, c)
		if err != nil {
			return nil, nil, err
		}
		total += k
	}
	var out chunk
	if len(chunks) == 1 {
		out, chunks = chunks[0], nil
	} else {
		out = allocChunk(total)
		at := 0
		for k := range chunks {
			at += copy(out.b[at:], chunks[k].b)
			freeChunk(&chunks[k])
		}
	}
	return out.b[:total], func() { freeChunk(&out) }, nil
}
