//go:build amd64 && !purego

#include "textflag.h"

DATA skOddBits<>+0(SB)/8, $0xAAAAAAAAAAAAAAAA
GLOBL skOddBits<>(SB), RODATA|NOPTR, $8

// func skBlocksAVX2(p *byte, n, depth int, st *skBlock) (consumed, end, depthOut int)
//
// Registers: SI p, CX n, DX depth, BX offset of the block, R9 inString
// (all ones inside a string), R10 escape carry (0 or 1); per block AX
// quotes then the in-string mask, R11 backslashes, R12 opening and R13
// closing brackets, R8 and DI scratch. Y10-Y14 hold the bytes compared
// with, Y9 all ones (its low half is the multiplier of the prefix XOR).
TEXT ·skBlocksAVX2(SB), NOSPLIT, $0-56
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ depth+16(FP), DX
	MOVQ st+24(FP), R8
	MOVQ 0(R8), R9  // st.inString
	MOVQ 8(R8), R10 // st.escaped

	MOVQ $0x22, AX
	VMOVQ AX, X10
	VPBROADCASTB X10, Y10 // '"'
	MOVQ $0x5c, AX
	VMOVQ AX, X11
	VPBROADCASTB X11, Y11 // '\\'
	MOVQ $0x20, AX
	VMOVQ AX, X12
	VPBROADCASTB X12, Y12 // 0x20: '[' | 0x20 == '{', ']' | 0x20 == '}'
	MOVQ $0x7b, AX
	VMOVQ AX, X13
	VPBROADCASTB X13, Y13 // '{'
	MOVQ $0x7d, AX
	VMOVQ AX, X14
	VPBROADCASTB X14, Y14 // '}'
	VPCMPEQB Y9, Y9, Y9   // all ones

	XORQ BX, BX

loop:
	LEAQ 64(BX), AX
	CMPQ AX, CX
	JGT  done

	VMOVDQU (SI)(BX*1), Y0
	VMOVDQU 32(SI)(BX*1), Y1

	// Backslashes.
	VPCMPEQB Y0, Y11, Y2
	VPMOVMSKB Y2, R11
	VPCMPEQB Y1, Y11, Y3
	VPMOVMSKB Y3, DI
	SHLQ $32, DI
	ORQ  DI, R11

	// Quotes.
	VPCMPEQB Y0, Y10, Y2
	VPMOVMSKB Y2, AX
	VPCMPEQB Y1, Y10, Y3
	VPMOVMSKB Y3, DI
	SHLQ $32, DI
	ORQ  DI, AX

	// Brackets.
	VPOR Y0, Y12, Y4
	VPOR Y1, Y12, Y5
	VPCMPEQB Y4, Y13, Y2
	VPMOVMSKB Y2, R12
	VPCMPEQB Y5, Y13, Y3
	VPMOVMSKB Y3, DI
	SHLQ $32, DI
	ORQ  DI, R12
	VPCMPEQB Y4, Y14, Y2
	VPMOVMSKB Y2, R13
	VPCMPEQB Y5, Y14, Y3
	VPMOVMSKB Y3, DI
	SHLQ $32, DI
	ORQ  DI, R13

	// Escaped bytes into R8 (see skEscapedBits), without a branch: with
	// no backslashes it gives the carry alone.
	MOVQ R10, R8
	NOTQ R8
	ANDQ R11, R8                 // potential escapes
	MOVQ R8, DI
	SHLQ $1, DI
	ORQ  skOddBits<>(SB), DI
	SUBQ R8, DI
	XORQ skOddBits<>(SB), DI     // codes
	MOVQ R11, R8
	ORQ  R10, R8
	XORQ DI, R8                  // escaped
	ANDQ R11, DI
	SHRQ $63, DI
	MOVQ DI, R10                 // carry

escaped:
	// Real quotes, then the bytes inside strings: a prefix XOR, as a
	// carry-less multiplication by all ones.
	NOTQ R8
	ANDQ R8, AX
	VMOVQ AX, X0
	VPCLMULQDQ $0, X9, X0, X0
	// The carry into the next block flips with each real quote: taken
	// from the quote count, it does not wait for the multiplication.
	POPCNTQ AX, DI
	ANDQ $1, DI
	NEGQ DI
	VMOVQ X0, AX
	XORQ R9, AX
	XORQ DI, R9

	// Brackets outside strings.
	NOTQ AX
	ANDQ AX, R12
	ANDQ AX, R13
	POPCNTQ R13, DI
	CMPQ DI, DX
	JGE  follow
	POPCNTQ R12, R8
	ADDQ R8, DX
	SUBQ DI, DX
	ADDQ $64, BX
	JMP  loop

follow:
	// The depth may reach zero in this block: take the brackets in order.
	MOVQ R12, R8
	ORQ  R13, R8

bit:
	TESTQ R8, R8
	JZ    nextblock
	BSFQ  R8, DI
	BTQ   DI, R12
	JCS   open
	DECQ  DX
	JZ    found
	JMP   clear

open:
	INCQ DX

clear:
	LEAQ -1(R8), AX
	ANDQ AX, R8
	JMP  bit

nextblock:
	ADDQ $64, BX
	JMP  loop

found:
	LEAQ 1(BX)(DI*1), AX
	MOVQ $0, consumed+32(FP)
	MOVQ AX, end+40(FP)
	MOVQ $0, depthOut+48(FP)
	VZEROUPPER
	RET

done:
	MOVQ st+24(FP), R8
	MOVQ R9, 0(R8)
	MOVQ R10, 8(R8)
	MOVQ BX, consumed+32(FP)
	MOVQ $-1, end+40(FP)
	MOVQ DX, depthOut+48(FP)
	VZEROUPPER
	RET

// func skCPUID(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)
TEXT ·skCPUID(SB), NOSPLIT, $0-24
	MOVL eaxArg+0(FP), AX
	MOVL ecxArg+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func skXGETBV() (eax, edx uint32)
TEXT ·skXGETBV(SB), NOSPLIT, $0-8
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	MOVL DX, edx+4(FP)
	RET

// func skStringEndAVX2(p *byte, n int) (end, consumed int, carry uint64)
//
// As in skBlocksAVX2: SI p, CX n, BX offset, R10 escape carry, AX real
// quotes, R11 backslashes, R8 and DI scratch.
TEXT ·skStringEndAVX2(SB), NOSPLIT, $0-40
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ $0x22, AX
	VMOVQ AX, X10
	VPBROADCASTB X10, Y10 // '"'
	MOVQ $0x5c, AX
	VMOVQ AX, X11
	VPBROADCASTB X11, Y11 // '\\'
	XORQ BX, BX
	XORQ R10, R10

sloop:
	LEAQ 64(BX), AX
	CMPQ AX, CX
	JGT  sdone
	VMOVDQU (SI)(BX*1), Y0
	VMOVDQU 32(SI)(BX*1), Y1
	VPCMPEQB Y0, Y11, Y2
	VPMOVMSKB Y2, R11
	VPCMPEQB Y1, Y11, Y3
	VPMOVMSKB Y3, DI
	SHLQ $32, DI
	ORQ  DI, R11
	VPCMPEQB Y0, Y10, Y2
	VPMOVMSKB Y2, AX
	VPCMPEQB Y1, Y10, Y3
	VPMOVMSKB Y3, DI
	SHLQ $32, DI
	ORQ  DI, AX

	MOVQ R10, R8
	NOTQ R8
	ANDQ R11, R8
	MOVQ R8, DI
	SHLQ $1, DI
	ORQ  skOddBits<>(SB), DI
	SUBQ R8, DI
	XORQ skOddBits<>(SB), DI
	MOVQ R11, R8
	ORQ  R10, R8
	XORQ DI, R8                  // escaped
	ANDQ R11, DI
	SHRQ $63, DI
	MOVQ DI, R10                 // carry

	NOTQ R8
	ANDQ R8, AX
	TESTQ AX, AX
	JNZ  sfound
	ADDQ $64, BX
	JMP  sloop

sfound:
	BSFQ AX, DI
	ADDQ BX, DI
	MOVQ DI, end+16(FP)
	MOVQ $0, consumed+24(FP)
	MOVQ $0, carry+32(FP)
	VZEROUPPER
	RET

sdone:
	MOVQ $-1, end+16(FP)
	MOVQ BX, consumed+24(FP)
	MOVQ R10, carry+32(FP)
	VZEROUPPER
	RET
