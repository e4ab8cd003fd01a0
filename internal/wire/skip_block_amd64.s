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

// func skValidUTF8AVX512(p *byte, n int) bool
//
// skValidUTF8AVX2 64 bytes a step; 32 bytes left at the end are loaded
// into the low half of a step, and the errors of its high half (where a
// sequence cut off by the end shows) dropped.
TEXT ·skValidUTF8AVX512(SB), NOSPLIT, $0-17
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	U8CONSTANTS512
	VPXORQ Z8, Z8, Z8 // the previous step (as if ASCII)
	VPXORQ Z7, Z7, Z7 // errors
	XORQ   BX, BX

u512loop:
	LEAQ      64(BX), AX
	CMPQ      AX, CX
	JGT       u512half
	VMOVDQU64 (SI)(BX*1), Z0
	U8SHIFTS512(Z8, Z0, Z2, Z3, Z4, Z1)
	U8ERRORS512(Z0, Z2, Z3, Z4, Z5, Z6)
	VPORQ     Z5, Z7, Z7
	VMOVDQA64 Z0, Z8
	MOVQ      AX, BX
	JMP       u512loop

u512half:
	CMPQ       BX, CX
	JGE        u512done
	MOVL       $0xffffffff, AX
	KMOVQ      AX, K1
	VMOVDQU8.Z (SI)(BX*1), K1, Z0
	U8SHIFTS512(Z8, Z0, Z2, Z3, Z4, Z1)
	U8ERRORS512(Z0, Z2, Z3, Z4, Z5, Z6)
	VMOVDQU8.Z Z5, K1, Z5
	VPORQ      Z5, Z7, Z7

u512done:
	VPTESTMB Z7, Z7, K2
	KORTESTQ K2, K2
	SETEQ    ret+16(FP)
	VZEROUPPER
	RET

DATA skC22<>+0(SB)/1, $0x22
GLOBL skC22<>(SB), RODATA|NOPTR, $1
DATA skC5C<>+0(SB)/1, $0x5c
GLOBL skC5C<>(SB), RODATA|NOPTR, $1
DATA skC1F<>+0(SB)/1, $0x1f
GLOBL skC1F<>(SB), RODATA|NOPTR, $1

// func skStringStopAVX512(p *byte, n int) (consumed int, high bool)
//
// skStringStopAVX2 64 bytes a step. At a step with a byte that ends
// plain content, or with fewer than 64 bytes left, its first 32 bytes
// are taken when they are plain.
TEXT ·skStringStopAVX512(SB), NOSPLIT, $0-25
	MOVQ         p+0(FP), SI
	MOVQ         n+8(FP), CX
	VPBROADCASTB skC22<>(SB), Z10 // '"'
	VPBROADCASTB skC5C<>(SB), Z11 // '\\'
	VPBROADCASTB skC1F<>(SB), Z12 // control characters are 0x1f and below
	VPXORQ       Z13, Z13, Z13    // the OR of the bytes taken: their high bits
	MOVL         $0xffffffff, AX
	KMOVQ        AX, K4           // the first 32 lanes
	XORQ         BX, BX

t512loop:
	LEAQ      64(BX), AX
	CMPQ      AX, CX
	JGT       t512last
	VMOVDQU64 (SI)(BX*1), Z0
	VPCMPEQB  Z0, Z10, K1
	VPCMPEQB  Z0, Z11, K2
	VPCMPUB   $2, Z12, Z0, K3
	KORQ      K1, K2, K1
	KORQ      K1, K3, K1
	KORTESTQ  K1, K1
	JNZ       t512stop
	VPORQ     Z0, Z13, Z13
	MOVQ      AX, BX
	JMP       t512loop

t512last:
	// Fewer than 64 bytes left: a step of 32 if there are as many.
	LEAQ       32(BX), AX
	CMPQ       AX, CX
	JGT        t512done
	VMOVDQU8.Z (SI)(BX*1), K4, Z0
	VPCMPEQB   Z0, Z10, K1
	VPCMPEQB   Z0, Z11, K2
	VPCMPUB    $2, Z12, Z0, K4, K3
	KORQ       K1, K2, K1
	KORQ       K1, K3, K1
	KORTESTQ   K1, K1
	JNZ        t512done
	VPORQ      Z0, Z13, Z13
	MOVQ       AX, BX
	JMP        t512done

t512stop:
	// The first byte that ends plain content: the first 32 bytes are
	// taken when it is past them.
	KMOVQ      K1, DX
	BSFQ       DX, DX
	CMPQ       DX, $32
	JLT        t512done
	VMOVDQU8.Z Z0, K4, Z0
	VPORQ      Z0, Z13, Z13
	ADDQ       $32, BX

t512done:
	MOVQ     BX, consumed+16(FP)
	VPMOVB2M Z13, K1
	KORTESTQ K1, K1
	SETNE    high+24(FP)
	VZEROUPPER
	RET
