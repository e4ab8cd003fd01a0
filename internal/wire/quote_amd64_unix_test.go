//go:build amd64 && !purego && unix

package wire

import (
	"strings"
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
	body := guardedPage(t)
	if body == nil {
		t.Skip("no guarded page")
	}
	page := len(body)
	texts := []string{"abcdefgh", "a\"b<c\\d\ne", "日本語é", "xx\u2028yy", "ab\xffcd", "é"}
	for _, text := range texts {
		for n := 1; n <= 150; n++ {
			s := strings.Repeat(text, n/len(text)+1)[:n]
			for _, at := range []int{0, page - n} {
				copy(body[at:], s)
				text := unsafe.String(&body[at], n)
				for _, kern := range ks {
					for _, html := range []bool{false, true} {
						runQuoteKernel(t, kern, text, html, 6*n+600)
					}
				}
			}
		}
	}
}
