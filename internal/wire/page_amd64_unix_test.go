//go:build amd64 && !purego && unix

package wire

import (
	"syscall"
	"testing"
)

// guardedPage returns a page of memory between two that may not be read
// (a kernel test fails where one reads past a text placed at either end
// of it), or nil where that cannot be set up.
func guardedPage(t *testing.T) []byte {
	const page = 4096
	mem, err := syscall.Mmap(-1, 0, 3*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Log("no guarded page: mmap: ", err)
		return nil
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[:page], syscall.PROT_NONE); err != nil {
		t.Log("no guarded page: mprotect: ", err)
		return nil
	}
	if err := syscall.Mprotect(mem[2*page:], syscall.PROT_NONE); err != nil {
		t.Log("no guarded page: mprotect: ", err)
		return nil
	}
	return mem[page : 2*page]
}
