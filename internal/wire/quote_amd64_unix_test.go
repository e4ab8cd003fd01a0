//go:build amd64 && !purego && unix

package wire

import (
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// TestQuoteBlocksPageEnd puts strings of every length up to 150 bytes at
// the end of a page followed by one that may not be read, and at the
// start of a page after one that may not be read: the kernel's loads
// must stay inside the string's page, and what it does must still be
// right.
func TestQuoteBlocksPageEnd(t *testing.T) {
	ks := quoteKernels()
	if len(ks) == 0 {
		t.Skip("no quoting kernel on this CPU")
	}
	const page = 4096
	mem, err := syscall.Mmap(-1, 0, 3*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip("mmap: ", err)
	}
	defer syscall.Munmap(mem)
	if err := syscall.Mprotect(mem[:page], syscall.PROT_NONE); err != nil {
		t.Skip("mprotect: ", err)
	}
	if err := syscall.Mprotect(mem[2*page:], syscall.PROT_NONE); err != nil {
		t.Skip("mprotect: ", err)
	}
	body := mem[page : 2*page]
	texts := []string{"abcdefgh", "a\"b<c\\d\ne", "日本語é", "xx\u2028yy", "ab\xffcd", "é"}
	for _, text := range texts {
		for n := 1; n <= 150; n++ {
			s := strings.Repeat(text, n/len(text)+1)[:n]
			for _, at := range []int{0, page - n} {
				copy(body[at:], s)
				b := body[at : at+n]
				str := string(b) // the expected output is computed from a copy
				for _, kern := range ks {
					for _, html := range []bool{false, true} {
						room := 6*n + 600
						dst := make([]byte, room)
						k, w := kern.run(&dst[0], &b[0], n, room, &quoteSeq, html)
						checkQuoteBlocks(t, kern, str, html, room, k, dst[:w], uintptr(unsafe.Pointer(&b[0])))
					}
				}
			}
		}
	}
}
