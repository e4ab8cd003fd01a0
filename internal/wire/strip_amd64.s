//go:build amd64 && !purego

#include "textflag.h"

// VPSHUFB tables by the low nibble: whitespace (a byte equal to its
// entry) and structural bytes (a byte ORed with 0x20 equal to its entry).
#define STRIPTABLE(name, lo, hi) \
	DATA name<>+0(SB)/8, $lo; \
	DATA name<>+8(SB)/8, $hi; \
	DATA name<>+16(SB)/8, $lo; \
	DATA name<>+24(SB)/8, $hi; \
	GLOBL name<>(SB), RODATA|NOPTR, $32

STRIPTABLE(stripSpace, 0xffffffffffffff20, 0x00ff0dffff0a09ff)
STRIPTABLE(stripStruct, 0x0000000000000000, 0x00007d2c7b3a0000)

// func stripAVX2(dst unsafe.Pointer, src *byte, n int, st *stripState) (consumed, written int)
//
// stripBlocksGo's loop: the whole 64-byte blocks of the n bytes at src
// are classified, and the runs of bytes kept are copied 64 bytes at a
// time (past the run: the later runs overwrite the excess). Registers:
// SI src, DI dst, CX n, BX the block's offset, R9 bytes written, R10
// inString, R11 escape carry, R12 spaceRun, R13 lastWord, R14 joins; AX,
// DX, R8, R15 scratch. Y15 '"', Y14 '\\', Y13 and Y12 the tables, Y11
// 0x20; X8 all ones (the multiplier of the prefix XOR).
TEXT ·stripAVX2(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ st+24(FP), AX
	MOVQ 0(AX), R10
	MOVQ 8(AX), R11
	MOVQ 16(AX), R12
	MOVQ 24(AX), R13
	MOVQ 32(AX), R14

	MOVQ $0x22, AX
	VMOVQ AX, X15
	VPBROADCASTB X15, Y15
	MOVQ $0x5c, AX
	VMOVQ AX, X14
	VPBROADCASTB X14, Y14
	VMOVDQU stripSpace<>(SB), Y13
	VMOVDQU stripStruct<>(SB), Y12
	MOVQ $0x20, AX
	VMOVQ AX, X11
	VPBROADCASTB X11, Y11
	VPCMPEQB X8, X8, X8

	XORQ BX, BX
	XORQ R9, R9

loop:
	LEAQ 64(BX), AX
	CMPQ AX, CX
	JGT  done

	VMOVDQU (SI)(BX*1), Y0
	VMOVDQU 32(SI)(BX*1), Y1

	// Backslashes into R8, and the escaped bytes into DX.
	VPCMPEQB  Y0, Y14, Y2
	VPMOVMSKB Y2, R8
	VPCMPEQB  Y1, Y14, Y3
	VPMOVMSKB Y3, AX
	SHLQ      $32, AX
	ORQ       AX, R8
	JNZ       backslashes
	MOVQ      R11, DX
	XORQ      R11, R11
	JMP       quotes

backslashes:
	MOVQ R11, AX
	NOTQ AX
	ANDQ R8, AX               // backslashes that may start an escape
	MOVQ $0xAAAAAAAAAAAAAAAA, R15
	MOVQ AX, DX
	SHLQ $1, DX
	ORQ  R15, DX
	SUBQ AX, DX
	XORQ R15, DX              // codes
	MOVQ R8, AX
	ORQ  R11, AX
	XORQ DX, AX               // escaped bytes
	ANDQ R8, DX
	SHRQ $63, DX
	MOVQ DX, R11              // carry
	MOVQ AX, DX

quotes:
	// Real quotes into AX; the bytes of strings into DX.
	VPCMPEQB  Y0, Y15, Y2
	VPMOVMSKB Y2, AX
	VPCMPEQB  Y1, Y15, Y3
	VPMOVMSKB Y3, R8
	SHLQ      $32, R8
	ORQ       R8, AX
	NOTQ      DX
	ANDQ      DX, AX
	VMOVQ     AX, X2
	VPCLMULQDQ $0, X8, X2, X2
	VMOVQ     X2, DX
	XORQ      R10, DX
	MOVQ      DX, R10
	SARQ      $63, R10
	ORQ       AX, DX

	// Whitespace into R8, structural bytes into AX.
	VPSHUFB   Y0, Y13, Y2
	VPCMPEQB  Y2, Y0, Y2
	VPMOVMSKB Y2, R8
	VPSHUFB   Y1, Y13, Y3
	VPCMPEQB  Y3, Y1, Y3
	VPMOVMSKB Y3, AX
	SHLQ      $32, AX
	ORQ       AX, R8
	VPSHUFB   Y0, Y12, Y2
	VPOR      Y0, Y11, Y4
	VPCMPEQB  Y2, Y4, Y2
	VPMOVMSKB Y2, AX
	VPSHUFB   Y1, Y12, Y3
	VPOR      Y1, Y11, Y5
	VPCMPEQB  Y3, Y5, Y3
	VPMOVMSKB Y3, R15
	SHLQ      $32, R15
	ORQ       R15, AX

	// Bytes of words (numbers, literals) into AX; whitespace dropped
	// into R8.
	ORQ  R8, AX
	ORQ  DX, AX
	NOTQ AX
	NOTQ DX
	ANDQ DX, R8

	// Joins: a one added at the start of each run dropped after a byte
	// of a word carries to the byte after the run.
	MOVQ R8, DX
	SHRQ $1, DX
	ANDQ AX, DX
	SHLQ $1, DX
	ORQ  R12, DX
	MOVQ R8, R15
	ANDQ $1, R15
	ANDQ R13, R15
	ORQ  R15, DX
	ADDQ R8, DX
	SBBQ R12, R12
	NEGQ R12
	MOVQ R8, R15
	NOTQ R15
	ANDQ R15, DX
	ANDQ AX, DX
	ORQ  DX, R14
	SHRQ $63, AX
	MOVQ AX, R13

	// The bytes kept: all of them, none, or runs.
	NOTQ R8
	CMPQ R8, $-1
	JNE  runs
	VMOVDQU Y0, (DI)(R9*1)
	VMOVDQU Y1, 32(DI)(R9*1)
	ADDQ    $64, R9
	ADDQ    $64, BX
	JMP     loop

runs:
	TESTQ R8, R8
	JZ    next

run:
	TZCNTQ  R8, DX
	BLSIQ   R8, AX
	ADDQ    R8, AX
	ANDQ    R8, AX            // the runs after this one
	XORQ    AX, R8            // this run
	POPCNTQ R8, R15
	MOVQ    AX, R8
	ADDQ    BX, DX
	VMOVDQU (SI)(DX*1), Y2
	VMOVDQU 32(SI)(DX*1), Y3
	VMOVDQU Y2, (DI)(R9*1)
	VMOVDQU Y3, 32(DI)(R9*1)
	ADDQ    R15, R9
	TESTQ   R8, R8
	JNZ     run

next:
	ADDQ $64, BX
	JMP  loop

done:
	MOVQ st+24(FP), AX
	MOVQ R10, 0(AX)
	MOVQ R11, 8(AX)
	MOVQ R12, 16(AX)
	MOVQ R13, 24(AX)
	MOVQ R14, 32(AX)
	VZEROUPPER
	MOVQ BX, consumed+32(FP)
	MOVQ R9, written+40(FP)
	RET

// func stripAVX512(dst unsafe.Pointer, src *byte, n int, st *stripState) (consumed, written int)
//
// stripAVX2 with AVX-512BW and VBMI2: the bytes kept are gathered with
// VPCOMPRESSB, whatever their runs. The registers are stripAVX2's, with
// Z registers for the Y ones.
TEXT ·stripAVX512(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ st+24(FP), AX
	MOVQ 0(AX), R10
	MOVQ 8(AX), R11
	MOVQ 16(AX), R12
	MOVQ 24(AX), R13
	MOVQ 32(AX), R14

	MOVQ $0x22, AX
	VPBROADCASTB AX, Z15
	MOVQ $0x5c, AX
	VPBROADCASTB AX, Z14
	VBROADCASTI32X4 stripSpace<>(SB), Z13
	VBROADCASTI32X4 stripStruct<>(SB), Z12
	MOVQ $0x20, AX
	VPBROADCASTB AX, Z11
	VPCMPEQB X8, X8, X8

	XORQ BX, BX
	XORQ R9, R9

loop512:
	LEAQ 64(BX), AX
	CMPQ AX, CX
	JGT  done512

	VMOVDQU64 (SI)(BX*1), Z0

	VPCMPEQB Z0, Z14, K1
	KMOVQ    K1, R8
	TESTQ    R8, R8
	JNZ      backslashes512
	MOVQ     R11, DX
	XORQ     R11, R11
	JMP      quotes512

backslashes512:
	MOVQ R11, AX
	NOTQ AX
	ANDQ R8, AX
	MOVQ $0xAAAAAAAAAAAAAAAA, R15
	MOVQ AX, DX
	SHLQ $1, DX
	ORQ  R15, DX
	SUBQ AX, DX
	XORQ R15, DX
	MOVQ R8, AX
	ORQ  R11, AX
	XORQ DX, AX
	ANDQ R8, DX
	SHRQ $63, DX
	MOVQ DX, R11
	MOVQ AX, DX

quotes512:
	VPCMPEQB   Z0, Z15, K2
	KMOVQ      K2, AX
	NOTQ       DX
	ANDQ       DX, AX
	VMOVQ      AX, X2
	VPCLMULQDQ $0, X8, X2, X2
	VMOVQ      X2, DX
	XORQ       R10, DX
	MOVQ       DX, R10
	SARQ       $63, R10
	ORQ        AX, DX

	VPSHUFB  Z0, Z13, Z2
	VPCMPEQB Z2, Z0, K3
	KMOVQ    K3, R8
	VPSHUFB  Z0, Z12, Z3
	VPORQ    Z0, Z11, Z4
	VPCMPEQB Z3, Z4, K4
	KMOVQ    K4, AX

	ORQ  R8, AX
	ORQ  DX, AX
	NOTQ AX
	NOTQ DX
	ANDQ DX, R8

	MOVQ R8, DX
	SHRQ $1, DX
	ANDQ AX, DX
	SHLQ $1, DX
	ORQ  R12, DX
	MOVQ R8, R15
	ANDQ $1, R15
	ANDQ R13, R15
	ORQ  R15, DX
	ADDQ R8, DX
	SBBQ R12, R12
	NEGQ R12
	MOVQ R8, R15
	NOTQ R15
	ANDQ R15, DX
	ANDQ AX, DX
	ORQ  DX, R14
	SHRQ $63, AX
	MOVQ AX, R13

	NOTQ        R8
	KMOVQ       R8, K5
	VPCOMPRESSB.Z Z0, K5, Z1
	VMOVDQU64   Z1, (DI)(R9*1)
	POPCNTQ     R8, R15
	ADDQ        R15, R9
	ADDQ        $64, BX
	JMP         loop512

done512:
	MOVQ st+24(FP), AX
	MOVQ R10, 0(AX)
	MOVQ R11, 8(AX)
	MOVQ R12, 16(AX)
	MOVQ R13, 24(AX)
	MOVQ R14, 32(AX)
	VZEROUPPER
	MOVQ BX, consumed+32(FP)
	MOVQ R9, written+40(FP)
	RET
