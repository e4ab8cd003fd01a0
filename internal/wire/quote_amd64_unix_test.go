//go:build amd64 && !purego && unix

package wire

import (
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// TestQuoteBlocksPageEnd puts strings of every length up to 100 bytes at
// the end of a page followed by one that may not be read, and at the
// start of a page after one that may not be read: the kernel's loads
// must stay inside the string's page, and what it does must still be
// right.
func TestQuoteBlocksPageEnd(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2")
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
		for n := 1; n <= 100; n++ {
			s := strings.Repeat(text, n/len(text)+1)[:n]
			for _, at := range []int{0, page - n} {
				copy(body[at:], s)
				b := body[at : at+n]
				str := string(b) // the expected output is computed from a copy
				for _, html := range []bool{false, true} {
					room := 6*n + 300
					dst := make([]byte, room)
					k, w := quoteBlocksAVX2(&dst[0], &b[0], n, room, &quoteSeq, html)
					checkQuoteBlocks(t, str, html, room, k, dst[:w], uintptr(unsafe.Pointer(&b[0])))
				}
			}
		}
	}
}
