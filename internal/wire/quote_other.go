//go:build !amd64 || purego

package wire

// quoteKernelMin is the shortest string worth a kernel call: none exists
// on this platform (or with the purego tag). AppendQuoted quotes strings
// of up to quoteShortMax bytes a word at a time.
const (
	quoteKernelMin = 1<<31 - 1
	quoteShortMax  = 64
)

// quoteBlocks is the kernel's stand-in: it copies nothing.
func quoteBlocks(d []byte, j int, src []byte, i int, html bool) (int, int) { return 0, 0 }

// quoteBlocksRoom is the room quoteBlocks wants in d beyond the bytes
// left in src.
const quoteBlocksRoom = 0
