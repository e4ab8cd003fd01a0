//go:build amd64 && !purego

#include "textflag.h"

// Byte class tables for VPSHUFB, by the low nibble (see skIdxClassify):
// whitespace (equal to the byte itself), structural (equal to byte|0x20),
// and two-nibble tables whose AND is non-zero for the bytes allowed after
// a backslash and for hex digits.
#define SKIDXTABLE(name, lo, hi) \
	DATA name<>+0(SB)/8, $lo; \
	DATA name<>+8(SB)/8, $hi; \
	DATA name<>+16(SB)/8, $lo; \
	DATA name<>+24(SB)/8, $hi; \
	DATA name<>+32(SB)/8, $lo; \
	DATA name<>+40(SB)/8, $hi; \
	DATA name<>+48(SB)/8, $lo; \
	DATA name<>+56(SB)/8, $hi; \
	GLOBL name<>(SB), RODATA|NOPTR, $64

SKIDXTABLE(skIdxSpace, 0xffffffffffffff20, 0x00ff0dffff0a09ff)
SKIDXTABLE(skIdxStruct, 0x0000000000000000, 0x00007d2c7b3a0000)
SKIDXTABLE(skIdxEscLo, 0x00040808000d0000, 0x0104000200000000)
SKIDXTABLE(skIdxEscHi, 0x0804020000010000, 0x0000000000000000)
SKIDXTABLE(skIdxHexLo, 0x0103030303030301, 0x0000000000000101)
SKIDXTABLE(skIdxHexHi, 0x0002000201000000, 0x0000000000000000)
SKIDXTABLE(skIdxNibble, 0x0f0f0f0f0f0f0f0f, 0x0f0f0f0f0f0f0f0f)
SKIDXTABLE(skIdxU, 0x7575757575757575, 0x7575757575757575)
SKIDXTABLE(skIdxZero, 0x3030303030303030, 0x3030303030303030)
SKIDXTABLE(skIdxNine, 0x0909090909090909, 0x0909090909090909)
SKIDXTABLE(skIdxTen, 0x0a0a0a0a0a0a0a0a, 0x0a0a0a0a0a0a0a0a)
SKIDXTABLE(skIdxMinus, 0x2d2d2d2d2d2d2d2d, 0x2d2d2d2d2d2d2d2d)
SKIDXTABLE(skIdxPlus, 0x2b2b2b2b2b2b2b2b, 0x2b2b2b2b2b2b2b2b)
SKIDXTABLE(skIdxPoint, 0x2e2e2e2e2e2e2e2e, 0x2e2e2e2e2e2e2e2e)
SKIDXTABLE(skIdxExp, 0x6565656565656565, 0x6565656565656565)
// The classes of surrogates' hex digits (see skIdx.surrogates): the AND
// of the two lookups has 0x80 for d or D, 0x40 for 8 or 9, 0x20 for a,
// b, A or B, and 0x10 for c to f and C to F.
SKIDXTABLE(skIdxSurLo, 0x0010109010202000, 0x0000000000004040)
SKIDXTABLE(skIdxSurHi, 0x00b000b040000000, 0x0000000000000000)
SKIDXTABLE(skIdxSurD, 0x8080808080808080, 0x8080808080808080)
SKIDXTABLE(skIdxSur89AB, 0x6060606060606060, 0x6060606060606060)
SKIDXTABLE(skIdxSurCDEF, 0x1010101010101010, 0x1010101010101010)

DATA skIdxZeroes<>+0(SB)/8, $0
DATA skIdxZeroes<>+8(SB)/8, $0
DATA skIdxZeroes<>+16(SB)/8, $0
DATA skIdxZeroes<>+24(SB)/8, $0
GLOBL skIdxZeroes<>(SB), RODATA|NOPTR, $32

DATA skIdxOdd<>+0(SB)/8, $0xAAAAAAAAAAAAAAAA
GLOBL skIdxOdd<>(SB), RODATA|NOPTR, $8

// One token: the lowest bit of AX, plus R8, at off(DI).
#define SKIDXPUT(off) \
	TZCNTQ AX, DX; \
	ADDL   R8, DX; \
	MOVL   DX, off(DI); \
	BLSRQ  AX, AX

// The checks of numbers (skIdx.numbers), from DX the other bytes, R12
// the first byte of each run of them, and the classes of the block's
// bytes in the frame: dig (digits), zer ('0'), min ('-'), plu ('+'), poi
// ('.') and exp ('e' or 'E'). Errors go to R13. It uses AX, CX, DX, R8,
// R12, R14 and R15; the caller restores them. Each addition with carry
// takes the carry of the previous block from a 0 or 1 in st (ADDQ $-1
// sets the carry flag exactly when it is 1) and gives back its own
// (SBBQ, NEGQ).
#define SKIDXNUMBERS \
	MOVQ st+16(FP), R15; \
	MOVQ min-56(SP), AX; \
	MOVQ dig-40(SP), R8; \
	MOVQ AX, CX; \
	ORQ  R8, CX; \
	ANDQ R12, CX; \
	MOVQ 40(R15), R14; \
	ADDQ $-1, R14; \
	MOVQ DX, R12; \
	ADCQ CX, R12; \
	SBBQ R14, R14; \
	NEGQ R14; \
	MOVQ R14, 40(R15); \
	XORQ DX, R12; \
	ANDQ DX, R12; \
	MOVQ R8, DX; \
	ORQ  AX, DX; \
	ORQ  plu-64(SP), DX; \
	ORQ  poi-72(SP), DX; \
	ORQ  exp-80(SP), DX; \
	NOTQ DX; \
	ANDQ R12, DX; \
	ORQ  DX, R13; \
	MOVQ AX, DX; \
	ANDQ CX, DX; \
	MOVQ DX, R14; \
	SHRQ $63, R14; \
	SHLQ $1, DX; \
	ORQ  88(R15), DX; \
	MOVQ R14, 88(R15); \
	ORQ  CX, DX; \
	MOVQ zer-48(SP), R14; \
	ANDQ R12, R14; \
	ANDQ DX, R14; \
	MOVQ R14, DX; \
	SHRQ $63, DX; \
	SHLQ $1, R14; \
	ORQ  96(R15), R14; \
	MOVQ DX, 96(R15); \
	ANDQ R8, R14; \
	ORQ  R14, R13; \
	MOVQ exp-80(SP), DX; \
	ANDQ R12, DX; \
	MOVQ DX, exp-80(SP); \
	MOVQ DX, R14; \
	SHRQ $63, R14; \
	SHLQ $1, DX; \
	ORQ  72(R15), DX; \
	MOVQ R14, 72(R15); \
	MOVQ plu-64(SP), R14; \
	ORQ  R8, R14; \
	ORQ  AX, R14; \
	NOTQ R14; \
	ANDQ DX, R14; \
	ORQ  R14, R13; \
	ORQ  DX, CX; \
	NOTQ CX; \
	ANDQ R12, CX; \
	ANDQ AX, CX; \
	ORQ  CX, R13; \
	MOVQ plu-64(SP), CX; \
	ANDQ R12, CX; \
	NOTQ DX; \
	ANDQ DX, CX; \
	ORQ  CX, R13; \
	MOVQ AX, DX; \
	ORQ  plu-64(SP), DX; \
	ORQ  poi-72(SP), DX; \
	ANDQ R12, DX; \
	MOVQ DX, CX; \
	SHRQ $63, CX; \
	SHLQ $1, DX; \
	ORQ  80(R15), DX; \
	MOVQ CX, 80(R15); \
	MOVQ R8, CX; \
	NOTQ CX; \
	ANDQ CX, DX; \
	ORQ  DX, R13; \
	MOVQ R8, DX; \
	ANDQ R12, DX; \
	MOVQ DX, CX; \
	SHRQ $63, CX; \
	SHLQ $1, DX; \
	ORQ  64(R15), DX; \
	MOVQ CX, 64(R15); \
	MOVQ poi-72(SP), AX; \
	ANDQ R12, AX; \
	MOVQ exp-80(SP), CX; \
	ORQ  AX, CX; \
	NOTQ DX; \
	ANDQ DX, CX; \
	ORQ  CX, R13; \
	MOVQ 48(R15), DX; \
	ADDQ $-1, DX; \
	MOVQ R12, CX; \
	ADCQ AX, CX; \
	SBBQ DX, DX; \
	NEGQ DX; \
	MOVQ DX, 48(R15); \
	XORQ R12, CX; \
	NOTQ CX; \
	ANDQ AX, CX; \
	ORQ  CX, R13; \
	MOVQ exp-80(SP), R8; \
	MOVQ 56(R15), DX; \
	ADDQ $-1, DX; \
	MOVQ R12, CX; \
	ADCQ R8, CX; \
	SBBQ DX, DX; \
	NEGQ DX; \
	MOVQ DX, 56(R15); \
	XORQ R12, CX; \
	ANDQ CX, AX; \
	ORQ  AX, R13; \
	NOTQ CX; \
	ANDQ R8, CX; \
	ORQ  CX, R13

// After SKIDXNUMBERS: the tokens back into AX, and CX, R14, R15.
#define SKIDXRESTORE \
	MOVQ tok-8(SP), AX; \
	MOVQ n+8(FP), CX; \
	MOVQ lim-16(SP), R14; \
	MOVQ base+40(FP), R15

// SKIDXESCAPED finds the escaped bytes of a block from its backslashes
// (R12) and the escape carry (R10): into R8, and the next carry into
// R10 (skIdx.block), with t as scratch. Both kernels use it.
#define SKIDXESCAPED(t) \
	MOVQ R10, R8; \
	NOTQ R8; \
	ANDQ R12, R8; \
	MOVQ R8, t; \
	SHLQ $1, t; \
	ORQ  skIdxOdd<>(SB), t; \
	SUBQ R8, t; \
	XORQ skIdxOdd<>(SB), t; \
	MOVQ R12, R8; \
	ORQ  R10, R8; \
	XORQ t, R8; \
	ANDQ R12, t; \
	SHRQ $63, t; \
	MOVQ t, R10

// SKIDX2ESCCHECK ORs into R13 the escaped bytes (R8) of the block in Y0
// and Y1 that are not one of "\\/bfnrtu, and leaves the high nibbles of
// the block in Y2 and Y3. AX, R12, Y4-Y7 are scratch.
#define SKIDX2ESCCHECK \
	VMOVDQU skIdxNibble<>(SB), Y7; \
	VMOVDQU skIdxEscLo<>(SB), Y6; \
	VMOVDQU skIdxEscHi<>(SB), Y5; \
	VPSRLW  $4, Y0, Y2; \
	VPAND   Y7, Y2, Y2; \
	VPSRLW  $4, Y1, Y3; \
	VPAND   Y7, Y3, Y3; \
	VPSHUFB Y0, Y6, Y4; \
	VPSHUFB Y2, Y5, Y7; \
	VPAND   Y4, Y7, Y4; \
	VPCMPEQB skIdxZeroes<>(SB), Y4, Y4; \
	VPMOVMSKB Y4, R12; \
	VPSHUFB Y1, Y6, Y4; \
	VPSHUFB Y3, Y5, Y7; \
	VPAND   Y4, Y7, Y4; \
	VPCMPEQB skIdxZeroes<>(SB), Y4, Y4; \
	VPMOVMSKB Y4, AX; \
	SHLQ $32, AX; \
	ORQ  AX, R12; \
	ANDQ R8, R12; \
	ORQ  R12, R13

// func skIdxAVX2(p *byte, n int, st *skIdx, out *uint32, room, base int) (consumed, count int)
//
// The first stage of validIndexed over the whole 64-byte blocks of the n
// bytes at p, while out has room for another block's tokens (room counts
// the uint32s at out). Registers: SI p, CX n, BX offset of the block, DI
// where the next token goes, R14 the last DI with room for a block, R15
// base, R9 inString, R10 escape carry, R11 scalar carry, R13 errors; AX,
// DX, R8, R12 scratch. Y15 '"', Y14 '\\', Y13 and Y12 the whitespace and
// structural tables, Y11 0x20, Y10 0x1f; X8 all ones (the multiplier of
// the prefix XOR); Y9 the OR of the blocks' bytes (for skIdx.high).
// Numbers are checked by SKIDXNUMBERS, or by one of two shorter paths
// where the block allows: numbers of digits alone, and numbers without
// exponents.
TEXT ·skIdxAVX2(SB), NOSPLIT, $128-64
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ st+16(FP), DX
	MOVQ out+24(FP), DI
	MOVQ room+32(FP), R14
	MOVQ base+40(FP), R15
	MOVQ 0(DX), R9
	MOVQ 8(DX), R10
	MOVQ 16(DX), R11
	XORQ R13, R13
	SUBQ $64, R14
	LEAQ (DI)(R14*4), R14
	MOVQ R14, lim-16(SP)
	// sm: all ones unless skIdx.noSur says the surrogates are skipped.
	MOVQ 136(DX), AX
	SUBQ $1, AX
	MOVQ AX, sm-32(SP)
	VPXOR Y9, Y9, Y9

	MOVQ $0x22, AX
	VMOVQ AX, X15
	VPBROADCASTB X15, Y15
	MOVQ $0x5c, AX
	VMOVQ AX, X14
	VPBROADCASTB X14, Y14
	VMOVDQU skIdxSpace<>(SB), Y13
	VMOVDQU skIdxStruct<>(SB), Y12
	MOVQ $0x20, AX
	VMOVQ AX, X11
	VPBROADCASTB X11, Y11
	MOVQ $0x1f, AX
	VMOVQ AX, X10
	VPBROADCASTB X10, Y10
	VPCMPEQB X8, X8, X8

	XORQ BX, BX

loop:
	LEAQ 64(BX), AX
	CMPQ AX, CX
	JGT  done
	CMPQ DI, R14
	JGT  done

	VMOVDQU (SI)(BX*1), Y0
	VMOVDQU 32(SI)(BX*1), Y1
	VPOR    Y0, Y9, Y9       // bytes of 0x80 and above
	VPOR    Y1, Y9, Y9

	// Backslashes, and the escaped bytes into R8.
	VPCMPEQB Y0, Y14, Y2
	VPMOVMSKB Y2, R12
	VPCMPEQB Y1, Y14, Y3
	VPMOVMSKB Y3, AX
	SHLQ $32, AX
	ORQ  AX, R12
	JNZ  backslashes
	MOVQ R10, R8
	XORQ R10, R10
	JMP  escaped

backslashes:
	MOVQ st+16(FP), DX
	MOVQ $1, 128(DX)         // skIdx.backslash
	SKIDXESCAPED(AX)

escaped:
	// Escapes to check: the bytes escaped here, and hex digits owed
	// by a \u at the end of the previous block.
	MOVQ R8, AX
	MOVQ st+16(FP), DX
	ORQ  24(DX), AX
	ORQ  104(DX), AX
	JNZ  checkescapes

quotes:
	// Real quotes into AX, then the bytes inside strings into DX: a
	// prefix XOR, as a carry-less multiplication by all ones.
	VPCMPEQB Y0, Y15, Y2
	VPMOVMSKB Y2, AX
	VPCMPEQB Y1, Y15, Y3
	VPMOVMSKB Y3, DX
	SHLQ $32, DX
	ORQ  DX, AX
	NOTQ R8
	ANDQ R8, AX
	VMOVQ AX, X2
	VPCLMULQDQ $0, X8, X2, X2
	VMOVQ X2, DX
	XORQ R9, DX
	MOVQ DX, R9
	SARQ $63, R9

	// Control characters inside strings.
	VPMAXUB Y0, Y10, Y2
	VPCMPEQB Y2, Y10, Y2
	VPMOVMSKB Y2, R8
	VPMAXUB Y1, Y10, Y3
	VPCMPEQB Y3, Y10, Y3
	VPMOVMSKB Y3, R12
	SHLQ $32, R12
	ORQ  R12, R8
	ANDQ DX, R8
	ORQ  R8, R13
	// A block wholly inside a string, with nothing carried or owed,
	// holds no token: the blocks after it go to astring.
	CMPQ DX, $-1
	JNE  strings
	TESTQ AX, AX
	JNZ  strings             // (an opening quote at the first byte)
	MOVQ st+16(FP), R8
	MOVQ 24(R8), R12         // hex digits owed
	ORQ  104(R8), R12        // surrogates
	ORQ  40(R8), R12         // a number run (for states given by the tests)
	ORQ  R10, R12
	JNZ  strings
	XORQ R11, R11
	ADDQ $64, BX
	JMP  astring

strings:
	// R8: the bytes of strings; AX: opening quotes.
	MOVQ DX, R8
	ORQ  AX, R8
	ANDQ DX, AX

	// Structural bytes into DX, whitespace into R12.
	VPSHUFB Y0, Y12, Y2
	VPOR    Y0, Y11, Y4
	VPCMPEQB Y2, Y4, Y2
	VPMOVMSKB Y2, DX
	VPSHUFB Y1, Y12, Y3
	VPOR    Y1, Y11, Y5
	VPCMPEQB Y3, Y5, Y3
	VPMOVMSKB Y3, R12
	SHLQ $32, R12
	ORQ  R12, DX
	VPSHUFB Y0, Y13, Y2
	VPCMPEQB Y2, Y0, Y2
	VPMOVMSKB Y2, R12
	VPSHUFB Y1, Y13, Y3
	VPCMPEQB Y3, Y1, Y3
	VPMOVMSKB Y3, CX
	SHLQ $32, CX
	ORQ  CX, R12
	MOVQ n+8(FP), CX

	// Other bytes: R12 = ^(whitespace | structural | strings).
	ORQ  DX, R12
	ORQ  R8, R12
	NOTQ R12
	// Structural bytes outside strings join the opening quotes.
	NOTQ R8
	ANDQ R8, DX
	ORQ  DX, AX
	// The first byte of each run of other bytes; DX the other bytes.
	MOVQ R12, DX
	MOVQ R12, R8
	SHLQ $1, R8
	ORQ  R11, R8
	MOVQ R12, R11
	SHRQ $63, R11
	NOTQ R8
	ANDQ R8, R12
	ORQ  R12, AX
	// Numbers to check: runs starting here, or one going on.
	TESTQ R12, R12
	JNZ  numbers
	MOVQ st+16(FP), R8
	CMPQ 40(R8), $0
	JNE  numbers

	// Write the tokens of AX, 8 at a time (the writes past the last
	// token are overwritten later or ignored).
tokens:
	LEAQ (R15)(BX*1), R8
	POPCNTQ AX, R12
	JZ   next

put:
	SKIDXPUT(0)
	SKIDXPUT(4)
	SKIDXPUT(8)
	SKIDXPUT(12)
	SKIDXPUT(16)
	SKIDXPUT(20)
	SKIDXPUT(24)
	SKIDXPUT(28)
	CMPQ R12, $8
	JLE  putdone
	SKIDXPUT(32)
	SKIDXPUT(36)
	SKIDXPUT(40)
	SKIDXPUT(44)
	SKIDXPUT(48)
	SKIDXPUT(52)
	SKIDXPUT(56)
	SKIDXPUT(60)
	CMPQ R12, $16
	JLE  putdone
	ADDQ $64, DI
	SUBQ $16, R12
	JMP  put

putdone:
	LEAQ (DI)(R12*4), DI

next:
	ADDQ $64, BX
	JMP  loop

numbers:
	// The classes of numbers' bytes into the frame (Y4 and Y5 hold
	// the bytes ORed with 0x20).
	MOVQ AX, tok-8(SP)
	VMOVDQU skIdxZero<>(SB), Y6
	VMOVDQU skIdxNine<>(SB), Y7
	VPSUBB  Y6, Y0, Y2
	VPMAXUB Y2, Y7, Y3
	VPCMPEQB Y3, Y7, Y3
	VPMOVMSKB Y3, AX
	VPSUBB  Y6, Y1, Y2
	VPMAXUB Y2, Y7, Y3
	VPCMPEQB Y3, Y7, Y3
	VPMOVMSKB Y3, CX
	SHLQ $32, CX
	ORQ  CX, AX
	MOVQ AX, dig-40(SP)
	VPCMPEQB Y0, Y6, Y2
	VPMOVMSKB Y2, AX
	VPCMPEQB Y1, Y6, Y2
	VPMOVMSKB Y2, CX
	SHLQ $32, CX
	ORQ  CX, AX
	MOVQ AX, zer-48(SP)
	VMOVDQU skIdxMinus<>(SB), Y6
	VPCMPEQB Y0, Y6, Y2
	VPMOVMSKB Y2, AX
	VPCMPEQB Y1, Y6, Y2
	VPMOVMSKB Y2, CX
	SHLQ $32, CX
	ORQ  CX, AX
	MOVQ AX, min-56(SP)
	// The bytes of numbers into R8 (their run's carry into R14, kept
	// from st until a short path below takes the block), the number
	// starts into AX and the frame.
	MOVQ st+16(FP), R15
	ORQ  dig-40(SP), AX
	ANDQ R12, AX
	MOVQ AX, nst-24(SP)
	MOVQ 40(R15), R14
	ADDQ $-1, R14
	MOVQ DX, R8
	ADCQ AX, R8
	SBBQ R14, R14
	NEGQ R14
	XORQ DX, R8
	ANDQ DX, R8
	// Numbers of digits alone, with nothing but a digit carried in: of
	// the checks of skIdx.numbers, only that of a zero starting a
	// number, and of the carries, only the digit's and the zero's.
	MOVQ  dig-40(SP), CX
	ANDNQ R8, CX, CX
	ORQ   48(R15), CX
	ORQ   56(R15), CX
	ORQ   72(R15), CX
	ORQ   80(R15), CX
	ORQ   88(R15), CX
	ORQ   96(R15), CX
	JNZ   numclasses
	MOVQ  R14, 40(R15)
	MOVQ  zer-48(SP), CX
	ANDQ  R8, CX
	ANDQ  AX, CX             // zeros starting a number
	MOVQ  CX, R14
	SHRQ  $63, R14
	MOVQ  R14, 96(R15)
	SHLQ  $1, CX
	ANDQ  dig-40(SP), CX
	ORQ   CX, R13
	SHRQ  $63, R8
	MOVQ  R8, 64(R15)
	SKIDXRESTORE
	JMP   tokens

numclasses:
	VMOVDQU skIdxPlus<>(SB), Y6
	VPCMPEQB Y0, Y6, Y2
	VPMOVMSKB Y2, AX
	VPCMPEQB Y1, Y6, Y2
	VPMOVMSKB Y2, CX
	SHLQ $32, CX
	ORQ  CX, AX
	MOVQ AX, plu-64(SP)
	VMOVDQU skIdxPoint<>(SB), Y6
	VPCMPEQB Y0, Y6, Y2
	VPMOVMSKB Y2, AX
	VPCMPEQB Y1, Y6, Y2
	VPMOVMSKB Y2, CX
	SHLQ $32, CX
	ORQ  CX, AX
	MOVQ AX, poi-72(SP)
	VMOVDQU skIdxExp<>(SB), Y6
	VPCMPEQB Y4, Y6, Y2
	VPMOVMSKB Y2, AX
	VPCMPEQB Y5, Y6, Y2
	VPMOVMSKB Y2, CX
	SHLQ $32, CX
	ORQ  CX, AX
	MOVQ AX, exp-80(SP)
	// Numbers without exponents: no exponent mark or plus among their
	// bytes, and no exponent carried in (numdecimal).
	MOVQ plu-64(SP), CX
	ORQ  AX, CX
	ANDQ R8, CX
	ORQ  56(R15), CX
	ORQ  72(R15), CX
	JZ   numdecimal
	SKIDXNUMBERS
	SKIDXRESTORE
	JMP  tokens

numdecimal:
	// The checks of skIdx.numbers that remain without exponent marks
	// and plus signs (whose carries stay zero): R8 the bytes of
	// numbers, R14 their run's carry, R15 st; AX, CX, DX and R12
	// scratch.
	MOVQ  R14, 40(R15)
	// A zero starting the integer part, and a digit after it.
	MOVQ  nst-24(SP), AX
	MOVQ  min-56(SP), CX
	ANDQ  AX, CX             // minus starting a number
	MOVQ  CX, DX
	SHRQ  $63, DX
	SHLQ  $1, CX
	ORQ   88(R15), CX
	MOVQ  DX, 88(R15)
	ORQ   AX, CX
	ANDQ  zer-48(SP), CX
	ANDQ  R8, CX             // zeros starting the integer part
	MOVQ  CX, DX
	SHRQ  $63, DX
	SHLQ  $1, CX
	ORQ   96(R15), CX
	MOVQ  DX, 96(R15)
	ANDQ  dig-40(SP), CX
	ORQ   CX, R13
	// A minus starts its number.
	MOVQ  min-56(SP), R12
	ANDQ  R8, R12            // minus signs of numbers
	ANDNQ R12, AX, CX
	ORQ   CX, R13
	// Bytes that cannot be in numbers.
	MOVQ  dig-40(SP), CX
	ORQ   poi-72(SP), CX
	ORQ   R12, CX
	ANDNQ R8, CX, CX
	ORQ   CX, R13
	// Points: after a digit.
	MOVQ  poi-72(SP), AX
	ANDQ  R8, AX             // points of numbers
	MOVQ  dig-40(SP), CX
	ANDQ  R8, CX             // digits of numbers
	MOVQ  CX, DX
	SHRQ  $63, DX
	SHLQ  $1, CX
	ORQ   64(R15), CX
	MOVQ  DX, 64(R15)
	ANDNQ AX, CX, CX
	ORQ   CX, R13
	// After a minus or a point: a digit.
	ORQ   AX, R12
	MOVQ  R12, DX
	SHRQ  $63, DX
	SHLQ  $1, R12
	ORQ   80(R15), R12
	MOVQ  DX, 80(R15)
	MOVQ  dig-40(SP), CX
	ANDNQ R12, CX, R12
	ORQ   R12, R13
	// At most one point.
	MOVQ  48(R15), DX
	ADDQ  $-1, DX
	MOVQ  R8, CX
	ADCQ  AX, CX
	SBBQ  DX, DX
	NEGQ  DX
	MOVQ  DX, 48(R15)
	XORQ  R8, CX
	ANDNQ AX, CX, CX
	ORQ   CX, R13
	SKIDXRESTORE
	JMP   tokens

checkescapes:
	// R8 holds the escaped bytes. Each must be one of "\/bfnrtu
	// (R12: those that are not), and the four bytes after an escaped u
	// hex digits (DX: those that are not).
	SKIDX2ESCCHECK

	VMOVDQU skIdxHexLo<>(SB), Y6
	VMOVDQU skIdxHexHi<>(SB), Y5
	VPSHUFB Y0, Y6, Y4
	VPSHUFB Y2, Y5, Y7
	VPAND   Y4, Y7, Y4
	VPCMPEQB skIdxZeroes<>(SB), Y4, Y4
	VPMOVMSKB Y4, DX
	VPSHUFB Y1, Y6, Y4
	VPSHUFB Y3, Y5, Y7
	VPAND   Y4, Y7, Y4
	VPCMPEQB skIdxZeroes<>(SB), Y4, Y4
	VPMOVMSKB Y4, AX
	SHLQ $32, AX
	ORQ  AX, DX                  // not hex digits

	VMOVDQU skIdxU<>(SB), Y6
	VPCMPEQB Y0, Y6, Y4
	VPMOVMSKB Y4, AX
	VPCMPEQB Y1, Y6, Y4
	VPMOVMSKB Y4, R12
	SHLQ $32, R12
	ORQ  R12, AX
	ANDQ R8, AX                  // escaped u

	// Owed hex digits: the four bytes after each escaped u, and those
	// owed by the previous block (CX is scratch until the end).
	MOVQ AX, R12
	SHLQ $1, R12
	MOVQ AX, CX
	SHLQ $2, CX
	ORQ  CX, R12
	MOVQ AX, CX
	SHLQ $3, CX
	ORQ  CX, R12
	MOVQ AX, CX
	SHLQ $4, CX
	ORQ  CX, R12
	MOVQ st+16(FP), CX
	ORQ  24(CX), R12
	ANDQ R12, DX
	ORQ  DX, R13
	// The debt carried into the next block: bits 60-63 of u, spread.
	MOVQ AX, usave-96(SP)
	SHRQ $60, AX
	MOVQ AX, DX
	SHRQ $1, AX
	ORQ  AX, DX
	SHRQ $1, AX
	ORQ  AX, DX
	SHRQ $1, AX
	ORQ  AX, DX
	MOVQ DX, 24(CX)
	// Surrogates (skIdx.surrogates), unless there is no escaped u
	// here and nothing carried: the classes of the bytes into the
	// frame, d or D (sd), 8-b (s89), c-f (scd). R8, the escaped bytes,
	// is kept in the frame meanwhile.
	MOVQ usave-96(SP), AX
	ORQ  104(CX), AX
	ANDQ sm-32(SP), AX
	JZ   nosurrogates
	MOVQ R8, esc-128(SP)
	VMOVDQU skIdxSurLo<>(SB), Y6
	VMOVDQU skIdxSurHi<>(SB), Y5
	VPSHUFB Y0, Y6, Y4
	VPSHUFB Y2, Y5, Y7
	VPAND   Y4, Y7, Y4
	VPSHUFB Y1, Y6, Y6
	VPSHUFB Y3, Y5, Y5
	VPAND   Y6, Y5, Y5
	VPMOVMSKB Y4, R8
	VPMOVMSKB Y5, DX
	SHLQ $32, DX
	ORQ  DX, R8
	MOVQ R8, sd-104(SP)
	VPSLLW  $1, Y4, Y6
	VPSLLW  $2, Y4, Y7
	VPOR    Y6, Y7, Y6
	VPMOVMSKB Y6, R8
	VPSLLW  $1, Y5, Y6
	VPSLLW  $2, Y5, Y7
	VPOR    Y6, Y7, Y6
	VPMOVMSKB Y6, DX
	SHLQ $32, DX
	ORQ  DX, R8
	MOVQ R8, s89-112(SP)
	VPSLLW  $3, Y4, Y6
	VPMOVMSKB Y6, R8
	VPSLLW  $3, Y5, Y6
	VPMOVMSKB Y6, DX
	SHLQ $32, DX
	ORQ  DX, R8
	MOVQ R8, scd-120(SP)
	MOVQ usave-96(SP), AX    // u
	MOVQ 104(CX), R12
	MOVQ R12, R8
	SHRQ $7, R8
	MOVQ AX, DX
	SHLQ $1, DX
	ORQ  R8, DX
	ANDQ sd-104(SP), DX      // v
	SHRQ $63, AX
	SHLQ $7, AX              // the next carry: u
	MOVQ DX, R8
	SHRQ $63, R8
	SHLQ $6, R8
	ORQ  R8, AX              // and v
	SHLQ $1, DX
	MOVQ R12, R8
	SHRQ $6, R8
	ANDQ $1, R8
	ORQ  R8, DX              // t
	ANDQ $63, R12
	MOVQ DX, R8
	ANDQ scd-120(SP), R8     // lo
	XORQ R8, R12
	ANDQ s89-112(SP), DX     // hi
	MOVQ DX, R8
	SHLQ $6, R8
	XORQ R8, R12
	ORQ  R12, 112(CX)
	SHRQ $58, DX
	ORQ  DX, AX
	MOVQ AX, 104(CX)
	MOVQ esc-128(SP), R8

nosurrogates:
	MOVQ n+8(FP), CX
	JMP  quotes

done:
	MOVQ st+16(FP), DX
	MOVQ R9, 0(DX)
	MOVQ R10, 8(DX)
	MOVQ R11, 16(DX)
	ORQ  R13, 32(DX)
	VPMOVMSKB Y9, AX
	NEGQ AX
	SBBQ AX, AX
	NEGQ AX
	ORQ  AX, 120(DX)
	MOVQ out+24(FP), AX
	SUBQ AX, DI
	SHRQ $2, DI
	MOVQ BX, consumed+48(FP)
	MOVQ DI, count+56(FP)
	VZEROUPPER
	RET

astring:
	// Blocks inside a string (skIdxAVX512's bstring): those without a
	// quote, backslash or control character change nothing, and the
	// others go to astresc.
	LEAQ 64(BX), AX
	CMPQ AX, CX
	JGT  done
	VMOVDQU (SI)(BX*1), Y0
	VMOVDQU 32(SI)(BX*1), Y1
	VPOR    Y0, Y9, Y9       // bytes of 0x80 and above
	VPOR    Y1, Y9, Y9
	VPCMPEQB Y0, Y15, Y2
	VPCMPEQB Y1, Y15, Y3
	VPCMPEQB Y0, Y14, Y4
	VPCMPEQB Y1, Y14, Y5
	VPMAXUB Y0, Y10, Y6
	VPCMPEQB Y6, Y10, Y6
	VPMAXUB Y1, Y10, Y7
	VPCMPEQB Y7, Y10, Y7
	VPOR    Y2, Y3, Y2
	VPOR    Y4, Y5, Y4
	VPOR    Y6, Y7, Y6
	VPOR    Y2, Y4, Y2
	VPOR    Y2, Y6, Y2
	VPTEST  Y2, Y2
	JNZ     astresc
	TESTQ   R10, R10
	JNZ     astresc
	ADDQ    $64, BX
	JMP     astring

astresc:
	// The block's escapes (backslashes), with the carry. When it has no
	// real quote, no control character and no escaped u, it stays inside
	// the string and only its escaped bytes are checked
	// (checkescapes' first test); any other block goes on from escaped,
	// as the general path does once it has found the escapes.
	VPCMPEQB Y0, Y14, Y2
	VPMOVMSKB Y2, R12
	VPCMPEQB Y1, Y14, Y3
	VPMOVMSKB Y3, AX
	SHLQ $32, AX
	ORQ  AX, R12             // backslashes
	JNZ  aback
	MOVQ R10, R8             // (as the general path without backslashes)
	XORQ R10, R10
	JMP  escaped

aback:
	MOVQ st+16(FP), DX
	MOVQ $1, 128(DX)         // skIdx.backslash

aesc:
	SKIDXESCAPED(AX)
	VPCMPEQB Y0, Y15, Y2
	VPMOVMSKB Y2, AX
	VPCMPEQB Y1, Y15, Y3
	VPMOVMSKB Y3, DX
	SHLQ $32, DX
	ORQ  DX, AX
	ANDNQ AX, R8, AX         // real quotes
	VPMAXUB Y0, Y10, Y2
	VPCMPEQB Y2, Y10, Y2
	VPMOVMSKB Y2, DX
	ORQ  DX, AX
	VPMAXUB Y1, Y10, Y3
	VPCMPEQB Y3, Y10, Y3
	VPMOVMSKB Y3, DX
	SHLQ $32, DX
	ORQ  DX, AX              // and control characters
	JNZ  escaped
	VMOVDQU skIdxU<>(SB), Y6
	VPCMPEQB Y0, Y6, Y4
	VPMOVMSKB Y4, AX
	VPCMPEQB Y1, Y6, Y4
	VPMOVMSKB Y4, DX
	SHLQ $32, DX
	ORQ  DX, AX
	TESTQ R8, AX
	JNZ  escaped             // an escaped u: hex digits owed
	SKIDX2ESCCHECK
	ADDQ $64, BX
	JMP  astring

DATA skIdxIota<>+0(SB)/8, $0x0000000100000000
DATA skIdxIota<>+8(SB)/8, $0x0000000300000002
DATA skIdxIota<>+16(SB)/8, $0x0000000500000004
DATA skIdxIota<>+24(SB)/8, $0x0000000700000006
DATA skIdxIota<>+32(SB)/8, $0x0000000900000008
DATA skIdxIota<>+40(SB)/8, $0x0000000b0000000a
DATA skIdxIota<>+48(SB)/8, $0x0000000d0000000c
DATA skIdxIota<>+56(SB)/8, $0x0000000f0000000e
GLOBL skIdxIota<>(SB), RODATA|NOPTR, $64

DATA skIdxIotaB<>+0(SB)/8, $0x0706050403020100
DATA skIdxIotaB<>+8(SB)/8, $0x0f0e0d0c0b0a0908
DATA skIdxIotaB<>+16(SB)/8, $0x1716151413121110
DATA skIdxIotaB<>+24(SB)/8, $0x1f1e1d1c1b1a1918
DATA skIdxIotaB<>+32(SB)/8, $0x2726252423222120
DATA skIdxIotaB<>+40(SB)/8, $0x2f2e2d2c2b2a2928
DATA skIdxIotaB<>+48(SB)/8, $0x3736353433323130
DATA skIdxIotaB<>+56(SB)/8, $0x3f3e3d3c3b3a3938
GLOBL skIdxIotaB<>(SB), RODATA|NOPTR, $64

DATA skIdxSixteen<>+0(SB)/4, $16
GLOBL skIdxSixteen<>(SB), RODATA|NOPTR, $4

// One 16-bit chunk of tokens: the positions of the set bits of K (from
// ZIOTA) plus Z7, stored at DI, which then moves past them; SHIFT
// brings the chunk's bits of AX to the bottom of R12.
#define SKIDXCHUNK(K, ZIOTA, SHIFT) \
	VPCOMPRESSD.Z ZIOTA, K, Z3; \
	VPADDD Z7, Z3, Z3; \
	VMOVDQU32 Z3, (DI); \
	MOVQ AX, R12; \
	SHRQ $SHIFT, R12; \
	MOVWLZX R12, R12; \
	POPCNTL R12, R12; \
	LEAQ (DI)(R12*4), DI

// skIdxAVX512's check of a zero that starts the integer part of a
// number and has a digit after it (skIdx.numbers), with the carries of
// minus signs and such zeros in the frame: AX the minus signs, DX the
// number starts, CX the bytes of numbers, K2 the zeros; errors into R13;
// R8 and R12 scratch.
#define SKIDX512ZEROSTART \
	MOVQ AX, R8; \
	ANDQ DX, R8; \
	MOVQ R8, R12; \
	SHRQ $63, R12; \
	SHLQ $1, R8; \
	ORQ  cm-112(SP), R8; \
	MOVQ R12, cm-112(SP); \
	ORQ  DX, R8; \
	KMOVQ K2, R12; \
	ANDQ CX, R12; \
	ANDQ R8, R12; \
	MOVQ R12, R8; \
	SHRQ $63, R8; \
	SHLQ $1, R12; \
	ORQ  cz-120(SP), R12; \
	MOVQ R8, cz-120(SP); \
	ANDQ dig-128(SP), R12; \
	ORQ  R12, R13

// SKIDXSTRESC is the work of bstresc on a block inside a string (Z0,
// its quotes in K1, control characters in K3, backslashes in R12, the
// escape carry in R10): the escaped bytes (bbackslashes, into R8, the
// new carry into R10), on to bcheck if a real quote or a control
// character ends the string or is an error, else the escaped bytes
// checked (bcheck's first test), Z2 the high nibbles, and CX the
// escaped u's.
#define SKIDXSTRESC \
	KMOVQ K1, AX; \
	SKIDXESCAPED(DX); \
	ANDNQ AX, R8, DX; \
	KMOVQ K3, CX; \
	ORQ  CX, DX; \
	JNZ  bcheck; \
	VPSRLW  $4, Z0, Z2; \
	VPANDQ  skIdxNibble<>(SB), Z2, Z2; \
	VMOVDQU64 skIdxEscLo<>(SB), Z6; \
	VMOVDQU64 skIdxEscHi<>(SB), Z5; \
	VPSHUFB Z0, Z6, Z3; \
	VPSHUFB Z2, Z5, Z4; \
	VPTESTNMB Z3, Z4, K5; \
	KMOVQ K5, R12; \
	ANDQ R8, R12; \
	ORQ  R12, R13; \
	VPCMPEQB skIdxU<>(SB), Z0, K6; \
	KMOVQ K6, CX; \
	ANDQ R8, CX

// func skIdxAVX512(p *byte, n int, st *skIdx, out *uint32, room, base int) (consumed, count int)
//
// skIdxAVX2 with AVX-512BW: each class of bytes is found for the whole
// block in one compare (or test) into a mask register; blocks wholly
// inside a string are passed over in a short loop (bstring), which
// finds and checks their escapes itself (bstresc), and blocks with no
// string in them skip the work of strings (bnostring); numbers take the
// shortest of three paths their block allows (bnumplain, bnumdecimal,
// the general one); up to 16 tokens are
// written at once through VPCOMPRESSB where the CPU has AVX512-VBMI2
// (skIdxVBMI2), else up to 8 one by one and more 16 at a time by
// VPCOMPRESSD. Registers: SI p, BX offset of the block, DI where the
// next token goes, R9 inString, R10 escape carry, R11 scalar carry, R13
// errors, R14 and R15 the carries of the additions that fill number runs
// and points (each a chain from block to block, kept out of memory); the
// last offset a block may start at, the last DI with room for a block,
// the hex digits owed and the other carries of numbers in the frame; AX,
// CX, DX, R8, R12 scratch. Z31 '"', Z30 '\\', Z29 and Z28 the whitespace
// and structural tables, Z27 0x20, Z26 0xe0, Z25 '0', Z24 10, Z23 '-',
// Z22 '+', Z21 '.', Z20 'e', Z16-Z19 the offsets 0-63 as dwords, Z15 as
// bytes; X8 all ones; Z9 the OR of the blocks' bytes (for skIdx.high).
TEXT ·skIdxAVX512(SB), NOSPLIT, $152-64
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	SUBQ $64, CX
	MOVQ CX, last-56(SP)     // the last offset a whole block starts at
	MOVQ st+16(FP), DX
	MOVQ out+24(FP), DI
	MOVQ 0(DX), R9
	MOVQ 8(DX), R10
	MOVQ 16(DX), R11
	// The rest of the state lives in the frame.
	MOVQ 24(DX), AX
	MOVQ AX, hex-8(SP)
	MOVQ 40(DX), R14         // the carries of the additions of numbers
	MOVQ 48(DX), R15
	MOVQ 104(DX), AX
	MOVQ AX, sur-32(SP)
	MOVQ 56(DX), AX
	MOVQ AX, er-80(SP)
	MOVQ 64(DX), AX
	MOVQ AX, cd-88(SP)
	MOVQ 72(DX), AX
	MOVQ AX, ce-96(SP)
	MOVQ 80(DX), AX
	MOVQ AX, csp-104(SP)
	MOVQ 88(DX), AX
	MOVQ AX, cm-112(SP)
	MOVQ 96(DX), AX
	MOVQ AX, cz-120(SP)
	// Whether a number's sign, zero, point or exponent may carry into
	// the next block (see bnumplain).
	ORQ  88(DX), AX
	ORQ  80(DX), AX
	ORQ  72(DX), AX
	ORQ  56(DX), AX
	ORQ  R15, AX
	MOVQ AX, spc-144(SP)
	MOVQ $0, surbad-40(SP)
	// sm: all ones unless skIdx.noSur says the surrogates are skipped.
	MOVQ 136(DX), AX
	SUBQ $1, AX
	MOVQ AX, sm-72(SP)
	VPXORQ Z9, Z9, Z9
	XORQ R13, R13
	MOVQ room+32(FP), AX
	SUBQ $64, AX
	LEAQ (DI)(AX*4), AX
	MOVQ AX, lim-64(SP)      // the last DI with room for a block

	MOVQ $0x22, AX
	VPBROADCASTB AX, Z31
	MOVQ $0x5c, AX
	VPBROADCASTB AX, Z30
	VMOVDQU64 skIdxSpace<>(SB), Z29
	VMOVDQU64 skIdxStruct<>(SB), Z28
	MOVQ $0x20, AX
	VPBROADCASTB AX, Z27
	MOVQ $0xe0, AX
	VPBROADCASTB AX, Z26
	VMOVDQU64 skIdxZero<>(SB), Z25
	VMOVDQU64 skIdxTen<>(SB), Z24
	VMOVDQU64 skIdxMinus<>(SB), Z23
	VMOVDQU64 skIdxPlus<>(SB), Z22
	VMOVDQU64 skIdxPoint<>(SB), Z21
	VMOVDQU64 skIdxExp<>(SB), Z20
	VMOVDQU64 skIdxIota<>(SB), Z16
	VMOVDQU64 skIdxIotaB<>(SB), Z15
	VPBROADCASTD skIdxSixteen<>(SB), Z6
	VPADDD Z6, Z16, Z17
	VPADDD Z6, Z17, Z18
	VPADDD Z6, Z18, Z19
	VPCMPEQB X8, X8, X8

	XORQ BX, BX

bloop:
	CMPQ BX, last-56(SP)
	JGT  bdone
	CMPQ DI, lim-64(SP)
	JGT  bdone

	VMOVDQU64 (SI)(BX*1), Z0
	VPORQ Z0, Z9, Z9         // bytes of 0x80 and above

bgeneral:
	VPCMPEQB Z0, Z30, K1
	KMOVQ K1, R12            // backslashes
	VPCMPEQB Z0, Z31, K2
	KMOVQ K2, AX             // quotes
	MOVQ R12, R8
	ORQ  R10, R8
	ORQ  hex-8(SP), R8
	ORQ  sur-32(SP), R8
	JNZ  bescapes

bquotes:
	// AX: real quotes. DX: inside strings.
	MOVQ AX, R8
	ORQ  R9, R8
	JZ   bnostring
	VMOVQ AX, X2
	VPCLMULQDQ $0, X8, X2, X2
	VMOVQ X2, DX
	XORQ R9, DX
	MOVQ DX, R9
	SARQ $63, R9
	VPTESTNMB Z26, Z0, K3
	KMOVQ K3, R8
	ANDQ DX, R8
	ORQ  R8, R13             // control characters inside strings
	CMPQ DX, $-1
	JEQ  binstring

bnotstring:
	MOVQ DX, R8
	ORQ  AX, R8              // the bytes of strings
	ANDQ DX, AX              // opening quotes
	VPSHUFB Z0, Z28, Z1
	VPORQ   Z0, Z27, Z2
	VPCMPEQB Z1, Z2, K4
	KMOVQ K4, DX             // structural
	VPSHUFB Z0, Z29, Z1
	VPCMPEQB Z1, Z0, K5
	KORQ K4, K5, K5
	KMOVQ K5, R12
	ORQ  R8, R12
	NOTQ R12                 // other bytes
	ANDNQ DX, R8, DX         // structural bytes outside strings
	ORQ  DX, AX

bother:
	MOVQ R12, R8
	SHLQ $1, R8
	ORQ  R11, R8
	MOVQ R12, R11
	SHRQ $63, R11
	ANDNQ R12, R8, R8        // the first byte of each run of other bytes
	ORQ  R8, AX
	TESTQ R8, R8
	JNZ  bnumbers
	TESTQ R14, R14
	JNE  bnumbers

btokens:
	POPCNTQ AX, R12
	JZ   bnext
	MOVQ base+40(FP), R8
	ADDQ BX, R8
	// Up to 16 tokens, with AVX512-VBMI2: their offsets compressed as
	// bytes, widened to dwords and stored at once.
	CMPQ R12, $16
	JGT  bput
	CMPB ·skIdxVBMI2(SB), $0
	JEQ  bput
	VPBROADCASTD R8, Z7
	KMOVQ AX, K1
	VPCOMPRESSB.Z Z15, K1, Z3
	VPMOVZXBD X3, Z3
	VPADDD Z7, Z3, Z3
	VMOVDQU32 Z3, (DI)
	LEAQ (DI)(R12*4), DI
	JMP  bnext

bput:
	CMPQ R12, $8
	JGT  bcompress
	SKIDXPUT(0)
	SKIDXPUT(4)
	SKIDXPUT(8)
	SKIDXPUT(12)
	SKIDXPUT(16)
	SKIDXPUT(20)
	SKIDXPUT(24)
	SKIDXPUT(28)
	LEAQ (DI)(R12*4), DI
	JMP  bnext

bcompress:
	VPBROADCASTD R8, Z7
	KMOVQ AX, K1
	KSHIFTRQ $16, K1, K2
	KSHIFTRQ $32, K1, K3
	KSHIFTRQ $48, K1, K4
	SKIDXCHUNK(K1, Z16, 0)
	SKIDXCHUNK(K2, Z17, 16)
	SKIDXCHUNK(K3, Z18, 32)
	SKIDXCHUNK(K4, Z19, 48)

bnext:
	ADDQ $64, BX
	JMP  bloop

bnostring:
	// No string in the block, nor one open: bnotstring with no bytes of
	// strings.
	VPSHUFB Z0, Z28, Z1
	VPORQ   Z0, Z27, Z2
	VPCMPEQB Z1, Z2, K4
	KMOVQ K4, AX             // structural
	VPSHUFB Z0, Z29, Z1
	VPCMPEQB Z1, Z0, K5
	KORQ K4, K5, K5
	KMOVQ K5, R12
	NOTQ R12                 // other bytes
	JMP  bother

binstring:
	// The whole block is inside a string: no tokens. The blocks after
	// it go to the string loop (bstring, or bstringh while hex digits
	// are owed), unless a surrogate is to be paired. (A number run
	// cannot reach into a string; this is for arbitrary states given by
	// the tests.)
	TESTQ AX, AX
	JNZ  bnotstring          // (an opening quote at the first byte)
	TESTQ R14, R14
	JNE  bnotstring
	XORQ R11, R11
	ADDQ $64, BX
	MOVQ sur-32(SP), R8
	TESTQ R8, R8
	JNZ  bloop
	MOVQ hex-8(SP), R8
	TESTQ R8, R8
	JNZ  bstringh
	JMP  bstring

bescapes:
	// R8: the escaped bytes (see skEscapedBits).
	TESTQ R12, R12
	JNZ  bbackslashes
	MOVQ R10, R8
	XORQ R10, R10
	JMP  bcheck

bbackslashes:
	MOVQ st+16(FP), DX
	MOVQ $1, 128(DX)         // skIdx.backslash
	SKIDXESCAPED(DX)

bcheck:
	ANDNQ AX, R8, AX         // real quotes
	VMOVDQU64 skIdxNibble<>(SB), Z7
	VPSRLW  $4, Z0, Z2
	VPANDQ  Z7, Z2, Z2       // high nibbles
	VMOVDQU64 skIdxEscLo<>(SB), Z6
	VMOVDQU64 skIdxEscHi<>(SB), Z5
	VPSHUFB Z0, Z6, Z3
	VPSHUFB Z2, Z5, Z4
	VPTESTNMB Z3, Z4, K5
	KMOVQ K5, R12
	ANDQ R8, R12
	ORQ  R12, R13            // escaped bytes that may not be
	VMOVDQU64 skIdxHexLo<>(SB), Z6
	VMOVDQU64 skIdxHexHi<>(SB), Z5
	VPSHUFB Z0, Z6, Z3
	VPSHUFB Z2, Z5, Z4
	VPTESTNMB Z3, Z4, K5
	KMOVQ K5, DX             // not hex digits
	VMOVDQU64 skIdxU<>(SB), Z6
	VPCMPEQB Z0, Z6, K6
	KMOVQ K6, R12
	ANDQ R8, R12             // escaped u
	MOVQ R12, R8
	SHLQ $1, R8
	MOVQ R12, CX
	SHLQ $2, CX
	ORQ  CX, R8
	MOVQ R12, CX
	SHLQ $3, CX
	ORQ  CX, R8
	MOVQ R12, CX
	SHLQ $4, CX
	ORQ  CX, R8
	ORQ  hex-8(SP), R8       // hex digits owed
	ANDQ R8, DX
	ORQ  DX, R13
	MOVQ R12, usave-48(SP)
	SHRQ $60, R12
	MOVQ R12, DX
	SHRQ $1, R12
	ORQ  R12, DX
	SHRQ $1, R12
	ORQ  R12, DX
	SHRQ $1, R12
	ORQ  R12, DX
	MOVQ DX, hex-8(SP)       // owed by the next block
	// Surrogates (skIdx.surrogates), unless there is no escaped u
	// here and nothing carried: K1 d or D, K2 8-b, K3 c-f.
	MOVQ usave-48(SP), R8
	ORQ  sur-32(SP), R8
	ANDQ sm-72(SP), R8
	JZ   bnosurrogates
	VMOVDQU64 skIdxSurLo<>(SB), Z6
	VMOVDQU64 skIdxSurHi<>(SB), Z5
	VPSHUFB Z0, Z6, Z3
	VPSHUFB Z2, Z5, Z4
	VPANDQ  Z3, Z4, Z3
	VPTESTMB skIdxSurD<>(SB), Z3, K1
	VPTESTMB skIdxSur89AB<>(SB), Z3, K2
	VPTESTMB skIdxSurCDEF<>(SB), Z3, K3
	MOVQ usave-48(SP), R12   // u
	MOVQ sur-32(SP), CX
	MOVQ CX, R8
	SHRQ $7, R8
	MOVQ R12, DX
	SHLQ $1, DX
	ORQ  R8, DX
	KMOVQ K1, R8
	ANDQ R8, DX              // v
	SHRQ $63, R12
	SHLQ $7, R12             // the next carry: u
	MOVQ DX, R8
	SHRQ $63, R8
	SHLQ $6, R8
	ORQ  R8, R12             // and v
	SHLQ $1, DX
	MOVQ CX, R8
	SHRQ $6, R8
	ANDQ $1, R8
	ORQ  R8, DX              // t
	ANDQ $63, CX
	KMOVQ K3, R8
	ANDQ DX, R8              // lo
	XORQ R8, CX
	KMOVQ K2, R8
	ANDQ R8, DX              // hi
	MOVQ DX, R8
	SHLQ $6, R8
	XORQ R8, CX
	ORQ  CX, surbad-40(SP)
	SHRQ $58, DX
	ORQ  DX, R12
	MOVQ R12, sur-32(SP)

bnosurrogates:
	JMP  bquotes

bnumbers:
	// R12 the other bytes, R8 the first of each run (see skIdx.numbers).
	// The carries of the additions are in R14 (number runs) and R15
	// (points), the others, the tokens, the digits and the number
	// starts in the frame. Registers: CX the bytes of numbers, AX the
	// minus signs (then all signs, then signs and points), R8, R12 and
	// DX scratch.
	MOVQ AX, tok-24(SP)
	VPSUBB  Z25, Z0, Z3
	VPCMPUB $1, Z24, Z3, K1  // digits
	VPCMPEQB Z0, Z25, K2     // '0'
	VPCMPEQB Z0, Z23, K3     // '-'
	VPCMPEQB Z0, Z22, K4     // '+'
	VPCMPEQB Z0, Z21, K5     // '.'
	VPCMPEQB Z2, Z20, K6     // 'e' and 'E'
	KMOVQ K1, DX
	MOVQ DX, dig-128(SP)
	KMOVQ K3, AX
	ORQ  AX, DX
	ANDQ R8, DX              // number starts
	MOVQ DX, ns-136(SP)
	// The bytes of numbers: R12 + starts + carry, XOR, AND.
	ADDQ $-1, R14
	MOVQ R12, CX
	ADCQ DX, CX
	SBBQ R14, R14
	NEGQ R14
	XORQ R12, CX
	ANDQ R12, CX
	// Numbers of digits alone, with nothing but digits carried in: few
	// checks (bnumplain).
	MOVQ dig-128(SP), R8
	ANDNQ CX, R8, R12
	ORQ  spc-144(SP), R12
	JZ   bnumplain
	// Numbers without exponents: no exponent mark or plus among their
	// bytes, and no exponent carried in (bnumdecimal).
	KORQ  K4, K6, K7
	KMOVQ K7, R8
	ANDQ  CX, R8
	ORQ   ce-96(SP), R8
	ORQ   er-80(SP), R8
	JZ    bnumdecimal
	// A zero starting the integer part, and a digit after it.
	SKIDX512ZEROSTART
	// Exponent marks (R8) and the bytes after them (R12).
	KMOVQ K4, R12
	ORQ  R12, AX             // signs
	KMOVQ K6, R8
	ANDQ CX, R8
	MOVQ R8, R12
	MOVQ R8, DX
	SHRQ $63, DX
	SHLQ $1, R12
	ORQ  ce-96(SP), R12
	MOVQ DX, ce-96(SP)
	// Signs: at the start of a number or after an exponent mark.
	MOVQ ns-136(SP), DX
	ORQ  R12, DX
	ANDNQ AX, DX, DX
	ANDQ CX, DX
	ORQ  DX, R13
	// After an exponent mark: a digit or a sign.
	MOVQ dig-128(SP), DX
	ORQ  AX, DX
	ANDNQ R12, DX, R12
	ORQ  R12, R13
	// Bytes that cannot be in numbers (the exponent marks of numbers
	// are R8's).
	KMOVQ K5, R12            // points
	ORQ  R12, DX
	ORQ  R8, DX
	ANDNQ CX, DX, DX
	ORQ  DX, R13
	// After a sign or point: a digit.
	ORQ  R12, AX
	ANDQ CX, AX
	MOVQ AX, DX
	SHRQ $63, DX
	SHLQ $1, AX
	ORQ  csp-104(SP), AX
	MOVQ DX, csp-104(SP)
	MOVQ dig-128(SP), DX
	ANDNQ AX, DX, AX
	ORQ  AX, R13
	// Points and exponent marks: after a digit.
	ANDQ CX, R12             // points of numbers
	ANDQ CX, DX              // digits of numbers
	MOVQ DX, AX
	SHRQ $63, AX
	SHLQ $1, DX
	ORQ  cd-88(SP), DX
	MOVQ AX, cd-88(SP)
	MOVQ R12, AX
	ORQ  R8, AX
	ANDNQ AX, DX, AX
	ORQ  AX, R13
	// At most one point and one exponent mark, the point first.
	ADDQ $-1, R15
	MOVQ CX, AX
	ADCQ R12, AX
	SBBQ R15, R15
	NEGQ R15
	XORQ CX, AX
	ANDNQ R12, AX, AX
	ORQ  AX, R13
	// Without an exponent mark here or carried in, the exponent's fill
	// is empty: nothing to check, and no carry (nor a chain of carries
	// through the frame from block to block).
	MOVQ er-80(SP), DX
	MOVQ R8, AX
	ORQ  DX, AX
	JZ   bnumcarries
	ADDQ $-1, DX
	MOVQ CX, AX
	ADCQ R8, AX
	SBBQ DX, DX
	NEGQ DX
	MOVQ DX, er-80(SP)
	XORQ CX, AX
	ANDQ AX, R12
	ORQ  R12, R13
	ANDNQ R8, AX, AX
	ORQ  AX, R13

bnumcarries:
	// Those carries are set only where a number reaches the end of the
	// block: then R14 is.
	MOVQ R14, spc-144(SP)

bnumdone:
	MOVQ tok-24(SP), AX
	JMP  btokens

bnumdecimal:
	// The checks of skIdx.numbers that remain without exponent marks
	// and plus signs (whose carries stay zero). AX the minus signs, DX
	// the number starts, CX the bytes of numbers; R8 and R12 scratch.
	// A zero starting the integer part, and a digit after it.
	SKIDX512ZEROSTART
	// A minus starts its number.
	ANDQ  CX, AX             // minus signs of numbers
	ANDNQ AX, DX, R12
	ORQ   R12, R13
	// Bytes that cannot be in numbers.
	KMOVQ K5, R8             // points
	MOVQ  dig-128(SP), DX
	ORQ   R8, DX
	ORQ   AX, DX
	ANDNQ CX, DX, DX
	ORQ   DX, R13
	// Points: after a digit.
	ANDQ  CX, R8             // points of numbers
	MOVQ  dig-128(SP), DX
	ANDQ  CX, DX             // digits of numbers
	MOVQ  DX, R12
	SHRQ  $63, R12
	SHLQ  $1, DX
	ORQ   cd-88(SP), DX
	MOVQ  R12, cd-88(SP)
	ANDNQ R8, DX, DX
	ORQ   DX, R13
	// After a minus or a point: a digit.
	ORQ   R8, AX
	MOVQ  AX, DX
	SHRQ  $63, DX
	SHLQ  $1, AX
	ORQ   csp-104(SP), AX
	MOVQ  DX, csp-104(SP)
	MOVQ  dig-128(SP), DX
	ANDNQ AX, DX, AX
	ORQ   AX, R13
	// At most one point.
	ADDQ  $-1, R15
	MOVQ  CX, AX
	ADCQ  R8, AX
	SBBQ  R15, R15
	NEGQ  R15
	XORQ  CX, AX
	ANDNQ R8, AX, AX
	ORQ   AX, R13
	JMP   bnumcarries

bnumplain:
	// The numbers' bytes (CX) are digits (R8), and only a digit may be
	// carried in: of the checks of skIdx.numbers, only that of a zero
	// starting the integer part (DX the number starts) can find an
	// error, and of the carries out, only those of digits and of such a
	// zero can be set.
	KMOVQ K2, R12
	ANDQ CX, R12
	ANDQ DX, R12             // zeros starting a number
	MOVQ R12, DX
	SHRQ $63, DX
	MOVQ DX, cz-120(SP)
	SHLQ $1, R12
	ANDQ R8, R12
	ORQ  R12, R13
	SHRQ $63, CX
	MOVQ CX, cd-88(SP)
	JMP  bnumcarries

bdone:
	MOVQ st+16(FP), DX
	MOVQ R9, 0(DX)
	MOVQ R10, 8(DX)
	MOVQ R11, 16(DX)
	MOVQ hex-8(SP), AX
	MOVQ AX, 24(DX)
	ORQ  R13, 32(DX)
	MOVQ R14, 40(DX)
	MOVQ R15, 48(DX)
	MOVQ sur-32(SP), AX
	MOVQ AX, 104(DX)
	MOVQ er-80(SP), AX
	MOVQ AX, 56(DX)
	MOVQ cd-88(SP), AX
	MOVQ AX, 64(DX)
	MOVQ ce-96(SP), AX
	MOVQ AX, 72(DX)
	MOVQ csp-104(SP), AX
	MOVQ AX, 80(DX)
	MOVQ cm-112(SP), AX
	MOVQ AX, 88(DX)
	MOVQ cz-120(SP), AX
	MOVQ AX, 96(DX)
	MOVQ surbad-40(SP), AX
	ORQ  AX, 112(DX)
	VPMOVB2M Z9, K1
	KMOVQ K1, AX
	NEGQ AX
	SBBQ AX, AX
	NEGQ AX
	ORQ  AX, 120(DX)
	MOVQ out+24(FP), AX
	SUBQ AX, DI
	SHRQ $2, DI
	MOVQ BX, consumed+48(FP)
	MOVQ DI, count+56(FP)
	VZEROUPPER
	RET

// The loop of binstring, and its short paths, out of the way of the
// others.

bstring:
	CMPQ BX, last-56(SP)
	JGT  bdone
	VMOVDQU64 (SI)(BX*1), Z0
	VPORQ Z0, Z9, Z9
	VPCMPEQB Z0, Z31, K1
	VPCMPEQB Z0, Z30, K2
	VPTESTNMB Z26, Z0, K3
	KORQ K1, K2, K4
	KORTESTQ K3, K4
	JNZ  bstresc
	TESTQ R10, R10
	JNZ  bstresc
	ADDQ $64, BX
	JMP  bstring


bstresc:
	// Inside a string, with no hex digit or surrogate owed: the escapes
	// of the block are found here (bbackslashes). When it has no real
	// quote and no control character, the block stays inside the
	// string and holds no token, and only its escapes and the hex
	// digits they owe are to be checked (bcheck's first two tests),
	// unless an escaped u starts a surrogate to pair; any other block
	// goes on to bcheck. A block that leaves hex digits owed is
	// followed by bstringh.
	KMOVQ K2, R12            // backslashes
	TESTQ R12, R12
	JNZ  bstback
	TESTQ R10, R10
	JZ   bgeneral            // a quote or a control character, nothing escaped
	JMP  bstesc

bstback:
	MOVQ st+16(FP), DX
	MOVQ $1, 128(DX)         // skIdx.backslash

bstesc:
	SKIDXSTRESC
	JNZ  bstu
	ADDQ $64, BX
	JMP  bstring

bstu:
	// (bcheck checks the escapes again: the same errors.)
	MOVQ sm-72(SP), DX
	TESTQ CX, DX
	JNZ  bcheck              // surrogates to pair
	VMOVDQU64 skIdxHexLo<>(SB), Z6
	VMOVDQU64 skIdxHexHi<>(SB), Z5
	VPSHUFB Z0, Z6, Z3
	VPSHUFB Z2, Z5, Z4
	VPTESTNMB Z3, Z4, K5
	MOVQ CX, DX
	SHLQ $1, DX
	MOVQ CX, R12
	SHLQ $2, R12
	ORQ  R12, DX
	MOVQ CX, R12
	SHLQ $3, R12
	ORQ  R12, DX
	MOVQ CX, R12
	SHLQ $4, R12
	ORQ  R12, DX
	ORQ  hex-8(SP), DX       // the bytes that must be hex digits
	KMOVQ K5, R12            // not hex digits
	ANDQ R12, DX
	ORQ  DX, R13
	SHRQ $60, CX
	MOVQ CX, DX
	SHRQ $1, CX
	ORQ  CX, DX
	SHRQ $1, CX
	ORQ  CX, DX
	SHRQ $1, CX
	ORQ  CX, DX
	MOVQ DX, hex-8(SP)       // owed by the next block
	ADDQ $64, BX
	TESTQ DX, DX
	JZ   bstring

bstringh:
	// bstring's block when hex digits are owed: bstresc with the owed
	// digits checked even where the block has no escaped u. (The escape
	// carry may be set: a backslash where a digit was owed, an error.)
	CMPQ BX, last-56(SP)
	JGT  bdone
	VMOVDQU64 (SI)(BX*1), Z0
	VPORQ Z0, Z9, Z9
	VPCMPEQB Z0, Z31, K1
	VPCMPEQB Z0, Z30, K2
	VPTESTNMB Z26, Z0, K3
	KMOVQ K2, R12            // backslashes
	TESTQ R12, R12
	JZ   bsthesc
	MOVQ st+16(FP), DX
	MOVQ $1, 128(DX)         // skIdx.backslash

bsthesc:
	SKIDXSTRESC
	JMP  bstu
