//go:build amd64 && !purego

#include "textflag.h"

// Tables for VPSHUFB by the low nibble, as in valid_index_amd64.s:
// whitespace (a byte equal to its entry) and structural bytes (a byte
// ORed with 0x20 equal to its entry).
#define SKTOKTABLE(name, lo, hi) \
	DATA name<>+0(SB)/8, $lo; \
	DATA name<>+8(SB)/8, $hi; \
	DATA name<>+16(SB)/8, $lo; \
	DATA name<>+24(SB)/8, $hi; \
	DATA name<>+32(SB)/8, $lo; \
	DATA name<>+40(SB)/8, $hi; \
	DATA name<>+48(SB)/8, $lo; \
	DATA name<>+56(SB)/8, $hi; \
	GLOBL name<>(SB), RODATA|NOPTR, $64

SKTOKTABLE(skTokSpace, 0xffffffffffffff20, 0x00ff0dffff0a09ff)
SKTOKTABLE(skTokStruct, 0x0000000000000000, 0x00007d2c7b3a0000)

DATA skTokOdd<>+0(SB)/8, $0xAAAAAAAAAAAAAAAA
GLOBL skTokOdd<>(SB), RODATA|NOPTR, $8

// One token: the lowest bit of AX, plus R8, at off(DI).
#define SKTOKPUT(off) \
	TZCNTQ AX, DX; \
	ADDL   R8, DX; \
	MOVL   DX, off(DI); \
	BLSRQ  AX, AX

// func skTokAVX2(p *byte, n int, st *skIdx, out *uint32, room, base int) (consumed, count int)
//
// The tokens of skIdxAVX2 without its checks: the whole 64-byte blocks of
// the n bytes at p are listed while out has room (room uint32s) for
// another block's tokens. Only st's string, escape and scalar carries
// are read and written. Registers: SI p, CX n, BX offset of the block,
// DI where the next token goes, R14 the last DI with room for a block,
// R15 base, R9 inString, R10 escape carry, R11 scalar carry; AX, DX, R8,
// R12, R13 scratch. Y15 '"', Y14 '\\', Y13 and Y12 the whitespace and
// structural tables, Y11 0x20; X8 all ones (the multiplier of the prefix
// XOR).
TEXT ·skTokAVX2(SB), NOSPLIT, $0-64
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ st+16(FP), DX
	MOVQ out+24(FP), DI
	MOVQ room+32(FP), R14
	MOVQ base+40(FP), R15
	MOVQ 0(DX), R9
	MOVQ 8(DX), R10
	MOVQ 16(DX), R11
	SUBQ $64, R14
	LEAQ (DI)(R14*4), R14

	MOVQ $0x22, AX
	VMOVQ AX, X15
	VPBROADCASTB X15, Y15
	MOVQ $0x5c, AX
	VMOVQ AX, X14
	VPBROADCASTB X14, Y14
	VMOVDQU skTokSpace<>(SB), Y13
	VMOVDQU skTokStruct<>(SB), Y12
	MOVQ $0x20, AX
	VMOVQ AX, X11
	VPBROADCASTB X11, Y11
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
	JMP  quotes

backslashes:
	MOVQ R10, R8
	NOTQ R8
	ANDQ R12, R8             // potential escapes
	MOVQ R8, AX
	SHLQ $1, AX
	ORQ  skTokOdd<>(SB), AX
	SUBQ R8, AX
	XORQ skTokOdd<>(SB), AX  // codes
	MOVQ R12, R8
	ORQ  R10, R8
	XORQ AX, R8              // escaped
	ANDQ R12, AX
	SHRQ $63, AX
	MOVQ AX, R10             // carry

quotes:
	// Real quotes into AX, then the bytes inside strings into DX.
	VPCMPEQB Y0, Y15, Y2
	VPMOVMSKB Y2, AX
	VPCMPEQB Y1, Y15, Y3
	VPMOVMSKB Y3, DX
	SHLQ $32, DX
	ORQ  DX, AX
	NOTQ R8
	ANDQ R8, AX
	JNZ  prefix
	// No quote in a block that starts inside a string: no tokens.
	CMPQ R9, $-1
	JNE  prefix
	XORQ R11, R11
	JMP  next

prefix:
	VMOVQ AX, X2
	VPCLMULQDQ $0, X8, X2, X2
	VMOVQ X2, DX
	XORQ R9, DX
	MOVQ DX, R9
	SARQ $63, R9

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
	VPMOVMSKB Y3, R13
	SHLQ $32, R13
	ORQ  R13, R12

	// Other bytes: R12 = ^(whitespace | structural | strings).
	ORQ  DX, R12
	ORQ  R8, R12
	NOTQ R12
	// Structural bytes outside strings join the opening quotes.
	NOTQ R8
	ANDQ R8, DX
	ORQ  DX, AX
	// The first byte of each run of other bytes.
	MOVQ R12, R8
	SHLQ $1, R8
	ORQ  R11, R8
	MOVQ R12, R11
	SHRQ $63, R11
	NOTQ R8
	ANDQ R8, R12
	ORQ  R12, AX

	// Write the tokens of AX, 4, 8 and then 16 at a time (the writes
	// past the last token are overwritten later or ignored).
	LEAQ (R15)(BX*1), R8
	POPCNTQ AX, R12
	JZ   next

put:
	SKTOKPUT(0)
	SKTOKPUT(4)
	SKTOKPUT(8)
	SKTOKPUT(12)
	CMPQ R12, $4
	JLE  putdone
	SKTOKPUT(16)
	SKTOKPUT(20)
	SKTOKPUT(24)
	SKTOKPUT(28)
	CMPQ R12, $8
	JLE  putdone
	SKTOKPUT(32)
	SKTOKPUT(36)
	SKTOKPUT(40)
	SKTOKPUT(44)
	SKTOKPUT(48)
	SKTOKPUT(52)
	SKTOKPUT(56)
	SKTOKPUT(60)
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

done:
	MOVQ st+16(FP), DX
	MOVQ R9, 0(DX)
	MOVQ R10, 8(DX)
	MOVQ R11, 16(DX)
	MOVQ out+24(FP), AX
	SUBQ AX, DI
	SHRQ $2, DI
	MOVQ BX, consumed+48(FP)
	MOVQ DI, count+56(FP)
	VZEROUPPER
	RET

// func skTokAVX512(p *byte, n int, st *skIdx, out *uint32, room, base int) (consumed, count int)
//
// skTokAVX2 with each block classified in one 64-byte register, straight
// into mask registers. Registers as in skTokAVX2, with Z15 '"', Z14
// '\\', Z13 and Z12 the tables and Z11 0x20.
TEXT ·skTokAVX512(SB), NOSPLIT, $0-64
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ st+16(FP), DX
	MOVQ out+24(FP), DI
	MOVQ room+32(FP), R14
	MOVQ base+40(FP), R15
	MOVQ 0(DX), R9
	MOVQ 8(DX), R10
	MOVQ 16(DX), R11
	SUBQ $64, R14
	LEAQ (DI)(R14*4), R14

	MOVQ $0x22, AX
	VPBROADCASTB AX, Z15
	MOVQ $0x5c, AX
	VPBROADCASTB AX, Z14
	VMOVDQU64 skTokSpace<>(SB), Z13
	VMOVDQU64 skTokStruct<>(SB), Z12
	MOVQ $0x20, AX
	VPBROADCASTB AX, Z11
	VPCMPEQB X8, X8, X8

	XORQ BX, BX

loop:
	LEAQ 64(BX), AX
	CMPQ AX, CX
	JGT  done
	CMPQ DI, R14
	JGT  done

	VMOVDQU64 (SI)(BX*1), Z0

	// Backslashes, and the escaped bytes into R8.
	VPCMPEQB Z0, Z14, K1
	KMOVQ K1, R12
	TESTQ R12, R12
	JNZ  backslashes
	MOVQ R10, R8
	XORQ R10, R10
	JMP  quotes

backslashes:
	MOVQ R10, R8
	NOTQ R8
	ANDQ R12, R8             // potential escapes
	MOVQ R8, AX
	SHLQ $1, AX
	ORQ  skTokOdd<>(SB), AX
	SUBQ R8, AX
	XORQ skTokOdd<>(SB), AX  // codes
	MOVQ R12, R8
	ORQ  R10, R8
	XORQ AX, R8              // escaped
	ANDQ R12, AX
	SHRQ $63, AX
	MOVQ AX, R10             // carry

quotes:
	// Real quotes into AX, then the bytes inside strings into DX.
	VPCMPEQB Z0, Z15, K2
	KMOVQ K2, AX
	NOTQ R8
	ANDQ R8, AX
	JNZ  prefix
	// No quote in a block that starts inside a string: no tokens.
	CMPQ R9, $-1
	JNE  prefix
	XORQ R11, R11
	JMP  next

prefix:
	VMOVQ AX, X2
	VPCLMULQDQ $0, X8, X2, X2
	VMOVQ X2, DX
	XORQ R9, DX
	MOVQ DX, R9
	SARQ $63, R9

	// R8: the bytes of strings; AX: opening quotes.
	MOVQ DX, R8
	ORQ  AX, R8
	ANDQ DX, AX

	// Structural bytes into DX; whitespace or structural into R12.
	VPSHUFB  Z0, Z12, Z2
	VPORQ    Z0, Z11, Z4
	VPCMPEQB Z2, Z4, K3
	KMOVQ    K3, DX
	VPSHUFB  Z0, Z13, Z2
	VPCMPEQB Z2, Z0, K4
	KORQ     K3, K4, K4
	KMOVQ    K4, R12

	// Other bytes: R12 = ^(whitespace | structural | strings).
	ORQ  R8, R12
	NOTQ R12
	// Structural bytes outside strings join the opening quotes.
	ANDNQ DX, R8, DX
	ORQ  DX, AX
	// The first byte of each run of other bytes.
	MOVQ R12, R8
	SHLQ $1, R8
	ORQ  R11, R8
	MOVQ R12, R11
	SHRQ $63, R11
	ANDNQ R12, R8, R12
	ORQ  R12, AX

	// Write the tokens of AX as skTokAVX2 does.
	LEAQ (R15)(BX*1), R8
	POPCNTQ AX, R12
	JZ   next

put:
	SKTOKPUT(0)
	SKTOKPUT(4)
	SKTOKPUT(8)
	SKTOKPUT(12)
	CMPQ R12, $4
	JLE  putdone
	SKTOKPUT(16)
	SKTOKPUT(20)
	SKTOKPUT(24)
	SKTOKPUT(28)
	CMPQ R12, $8
	JLE  putdone
	SKTOKPUT(32)
	SKTOKPUT(36)
	SKTOKPUT(40)
	SKTOKPUT(44)
	SKTOKPUT(48)
	SKTOKPUT(52)
	SKTOKPUT(56)
	SKTOKPUT(60)
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

done:
	MOVQ st+16(FP), DX
	MOVQ R9, 0(DX)
	MOVQ R10, 8(DX)
	MOVQ R11, 16(DX)
	MOVQ out+24(FP), AX
	SUBQ AX, DI
	SHRQ $2, DI
	MOVQ BX, consumed+48(FP)
	MOVQ DI, count+56(FP)
	VZEROUPPER
	RET
