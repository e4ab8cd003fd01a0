//go:build amd64 && !purego && unix

package wire

import (
	"syscall"
	"testing"
	"unsafe"
)

// pageEndText returns a function that gives texts of n bytes of fill
// ending where a page ends, before one that may not be read (and that
// fail the test if a kernel reads past them), or nil where that cannot
// be set up.
func pageEndText(t *testing.T) func(n int, fill byte) string {
	const page = 4096
	mem, err := syscall.Mmap(-1, 0, 2*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Log("no page-end texts: mmap: ", err)
		return nil
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[page:], syscall.PROT_NONE); err != nil {
		t.Log("no page-end texts: mprotect: ", err)
		return nil
	}
	return func(n int, fill byte) string {
		b := mem[page-n : page]
		for i := range b {
			b[i] = fill
		}
		return unsafe.String(unsafe.SliceData(b), n)
	}
}
