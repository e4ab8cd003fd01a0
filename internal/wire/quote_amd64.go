//go:build amd64 && !purego

package wire

// AVX2 kernel for AppendQuoted. It copies 32-byte blocks that need no
// change and stops at the first block that does; AppendQuoted's Go code
// handles that block and the tail. A block needs a closer look when it
// holds a byte to escape, U+2028/U+2029, or a UTF-8 error. UTF-8 is
// checked with the nibble-table method of Keiser and Lemire ("Validating
// UTF-8 In Less Than One Instruction Per Byte", 2021): every error shows
// up in a pair of consecutive bytes, as an error class present in all
// three tables looked up by the first byte's high and low nibbles and the
// second byte's high nibble, except runs of continuations, which are
// errors exactly when they do not follow a lead of three or four bytes.

//go:noescape
func quoteBlocksAVX2(dst, src *byte, n, room int, seqs *[128]uint64, html bool) (consumed, written, lastEsc int)

//go:noescape
func quoteTailAVX2(dst, src *byte, skip int, html bool) bool

// quoteKernelMin is the shortest string worth a kernel call.
const quoteKernelMin = 32

// quoteBlocks quotes the leading blocks of src[i:] that need no care
// beyond escaping ASCII to d[j:] and returns how many bytes of src it
// consumed and of d it wrote, and the offset in src past the last byte
// it escaped (0 if none). A block with a UTF-8 error or U+2028/U+2029
// stops it, and so does the room left in d (see quoteBlocksAVX2).
func quoteBlocks(d []byte, j int, src []byte, i int, html bool) (int, int, int) {
	if !hasAVX2 {
		return 0, 0, 0
	}
	k, w, last := quoteBlocksAVX2(&d[j], &src[i], len(src)-i, len(d)-j, &quoteSeq, html)
	if last != 0 {
		last += i
	}
	return k, w, last
}

// quoteBlocksRoom is the room quoteBlocks wants in d beyond the bytes
// left in src.
const quoteBlocksRoom = 256

// quoteTail finishes src from i, when 3 to 29 bytes remain and the 32
// bytes before the end of src were copied to d unchanged (no escapes
// among them) by quoteBlocks: it checks
// the last 32 bytes of src (the first ones give the context of the new
// ones) and, if the new ones need no change, copies them and reports
// true.
func quoteTail(d []byte, j int, src []byte, i int, html bool) bool {
	n := len(src)
	// A sequence cut off by the end of src is an error the kernel cannot
	// see.
	if src[n-1] >= 0xC0 || src[n-2] >= 0xE0 || src[n-3] >= 0xF0 {
		return false
	}
	skip := 32 - (n - i)
	return quoteTailAVX2(&d[j-skip], &src[n-32], skip, html)
}
