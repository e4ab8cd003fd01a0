//go:build amd64 && !purego

#include "textflag.h"
#include "utf8_amd64.h"

DATA skOddBits<>+0(SB)/8, $0xAAAAAAAAAAAAAAAA
GLOBL skOddBits<>(SB), RODATA|NOPTR, $8

// func skStringEndAVX2(p *byte, n int) (end, consumed int, carry uint64)
//
// Registers: SI p, CX n, BX offset, R10 escape carry, AX real quotes,
// R11 backslashes, R8 and DI scratch.
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

	TESTQ R11, R11
	JNZ   sbackslashes
	MOVQ  R10, R8
	XORQ  R10, R10
	JMP   sescaped

sbackslashes:
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

sescaped:
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

// func skStringStopAVX2(p *byte, n int) (consumed int, high bool)
TEXT ·skStringStopAVX2(SB), NOSPLIT, $0-25
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ $0x22, AX
	VMOVQ AX, X10
	VPBROADCASTB X10, Y10 // '"'
	MOVQ $0x5c, AX
	VMOVQ AX, X11
	VPBROADCASTB X11, Y11 // '\\'
	MOVQ $0x1f, AX
	VMOVQ AX, X12
	VPBROADCASTB X12, Y12 // 0x1f: a byte b is a control character when max(b, 0x1f) == 0x1f
	VPXOR Y13, Y13, Y13   // the OR of the blocks passed: their high bits
	XORQ BX, BX

tloop:
	LEAQ 32(BX), AX
	CMPQ AX, CX
	JGT  tdone
	VMOVDQU (SI)(BX*1), Y0
	VPCMPEQB Y0, Y10, Y1
	VPCMPEQB Y0, Y11, Y2
	VPMAXUB Y0, Y12, Y3
	VPCMPEQB Y3, Y12, Y3
	VPOR Y1, Y2, Y1
	VPOR Y1, Y3, Y1
	VPTEST Y1, Y1
	JNZ  tdone
	VPOR Y0, Y13, Y13
	MOVQ AX, BX
	JMP  tloop

tdone:
	MOVQ BX, consumed+16(FP)
	VPMOVMSKB Y13, AX
	TESTL AX, AX
	SETNE high+24(FP)
	VZEROUPPER
	RET

// func skValidUTF8AVX2(p *byte, n int) bool
//
// Checks the n bytes at p (n a multiple of 32) except that a sequence
// cut off by the end is not an error: the caller checks the last
// sequence again with what follows.
TEXT ·skValidUTF8AVX2(SB), NOSPLIT, $0-17
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	U8CONSTANTS
	VPXOR Y8, Y8, Y8      // the previous block (as if ASCII)
	VPXOR Y7, Y7, Y7      // errors
	XORQ BX, BX

uloop:
	CMPQ BX, CX
	JGE  udone
	VMOVDQU (SI)(BX*1), Y0
	// prev1, prev2, prev3: the input shifted by 1, 2, 3 bytes, the
	// previous block's last bytes coming in.
	VPERM2I128 $0x21, Y0, Y8, Y1 // high half of previous, low half of input
	VPALIGNR $15, Y1, Y0, Y2     // prev1
	VPALIGNR $14, Y1, Y0, Y3     // prev2
	VPALIGNR $13, Y1, Y0, Y4     // prev3
	U8ERRORS(Y0, Y2, Y3, Y4, Y5, Y6)
	VPOR   Y5, Y7, Y7
	VMOVDQA Y0, Y8
	ADDQ $32, BX
	JMP  uloop

udone:
	VPTEST Y7, Y7
	SETEQ ret+16(FP)
	VZEROUPPER
	RET
