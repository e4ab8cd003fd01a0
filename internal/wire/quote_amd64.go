//go:build amd64 && !purego

package wire

import "unsafe"

// AVX2 kernel for AppendQuoted. It copies 32-byte blocks, escaping the
// ASCII bytes that need it, and stops at the first block with a UTF-8
// error or U+2028/U+2029; AppendQuoted's Go code handles that block and
// goes on. UTF-8 is checked with the nibble-table method of Keiser and
// Lemire ("Validating UTF-8 In Less Than One Instruction Per Byte", 2021):
// every error shows up in a pair of consecutive bytes, as an error class
// present in all three tables looked up by the first byte's high and low
// nibbles and the second byte's high nibble, except runs of
// continuations, which are errors exactly when they do not follow a lead
// of three or four bytes. Blocks of ASCII, up to the first byte above
// 0x7f, skip that check.

//go:noescape
func quoteBlocksAVX2(dst, src *byte, n, room int, seqs *[128]uint64, html bool) (consumed, written int)

// quoteBlocksAVX512 is quoteBlocksAVX2 with AVX-512BW, 64 bytes a step;
// its last block is loaded under a mask, so it does not stop for a
// page's end. It wants 384 bytes of room past the bytes left: a block of
// 64 bytes grows to at most 384, and a 64-byte store may follow the last
// escape.
//
//go:noescape
func quoteBlocksAVX512(dst, src *byte, n, room int, seqs *[128]uint64, html bool) (consumed, written int)

// quoteHasAVX512 reports whether quoteBlocks runs quoteBlocksAVX512.
var quoteHasAVX512 = hasAVX2 && cpu.avx512bw

// Where AppendQuoted uses the kernel.
const (
	// quoteKernelMinAVX2 is the shortest string AppendQuoted gives the
	// kernel; it quotes shorter ones a word at a time.
	quoteKernelMinAVX2 = 17
	// quoteShortMaxGo is the longest string AppendQuoted quotes a word at
	// a time without the kernel.
	quoteShortMaxGo = 64
)

// quoteKernelMin is the shortest string AppendQuoted gives the kernel,
// quoteShortMax the longest it quotes a word at a time: they depend on
// whether the kernel runs.
var quoteKernelMin, quoteShortMax = func() (int, int) {
	if hasAVX2 {
		return quoteKernelMinAVX2, quoteKernelMinAVX2 - 1
	}
	return 1<<31 - 1, quoteShortMaxGo
}()

// quoteBlocks quotes src[i:] to d[j:] as far as the kernel can and
// returns how many bytes of src it consumed and of d it wrote. Unless it
// consumed all of src, it stopped at a multiple of 32 bytes, after a
// UTF-8 sequence that may be cut or bad (see quoteBlocksAVX2). d must
// have room for len(src)-i+quoteBlocksRoom bytes from j.
func quoteBlocks(d []byte, j int, src []byte, i int, html bool) (int, int) {
	// Both are in range: i < len(src), and d has room.
	if quoteHasAVX512 {
		return quoteBlocksAVX512((*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(d)), j)),
			(*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(src)), i)), len(src)-i, len(d)-j, &quoteSeq, html)
	}
	return quoteBlocksAVX2((*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(d)), j)),
		(*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(src)), i)), len(src)-i, len(d)-j, &quoteSeq, html)
}

// quoteBlocksRoom is the room quoteBlocks wants in d beyond the bytes
// left in src.
const quoteBlocksRoom = 384
