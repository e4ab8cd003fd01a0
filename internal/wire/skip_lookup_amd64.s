//go:build amd64 && !purego

#include "textflag.h"

DATA skLookupOdd<>+0(SB)/8, $0xAAAAAAAAAAAAAAAA
GLOBL skLookupOdd<>(SB), RODATA|NOPTR, $8

// The lookup block skippers: skBlocksGo's contract and algorithm in
// few instructions per block (see skip_lookup_amd64.go).
//
// Registers: SI p, CX the last offset a whole block starts at, DX depth,
// BX offset of the block, R9 inString (all ones inside a string), R10
// escape carry (0 or 1); per block AX quotes then the in-string mask,
// R11 backslashes, R12 opening and R13 closing brackets, R8 and DI
// scratch. Y10-Y14 (Z10-Z14) hold the bytes compared with, Y9 all ones
// (its low half is the multiplier of the prefix XOR).

// func skLookupAVX2(p *byte, n, depth int, st *skBlock) (consumed, end, depthOut int)
TEXT ·skLookupAVX2(SB), NOSPLIT, $0-56
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ depth+16(FP), DX
	MOVQ st+24(FP), R8
	MOVQ 0(R8), R9
	MOVQ 8(R8), R10

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
	SUBQ $64, CX
	CMPQ BX, CX
	JGT  done

loop:
	VMOVDQU (SI)(BX*1), Y0
	VMOVDQU 32(SI)(BX*1), Y1

	// Quotes.
	VPCMPEQB Y0, Y10, Y2
	VPMOVMSKB Y2, AX
	VPCMPEQB Y1, Y10, Y3
	VPMOVMSKB Y3, DI
	SHLQ $32, DI
	ORQ  DI, AX

	// Backslashes: tested without moving them out of the vector unit,
	// since most blocks have none; then only the carry can escape a
	// byte.
	VPCMPEQB Y0, Y11, Y6
	VPCMPEQB Y1, Y11, Y7
	VPOR     Y6, Y7, Y8
	VPTEST   Y8, Y8
	JNZ      backslashes
	ANDNQ    AX, R10, AX          // a quote escaped by the carry is none
	XORL     R10, R10

escaped:
	// The bytes inside strings: a prefix XOR of the real quotes, as a
	// carry-less multiplication by all ones. Its top bit, the parity of
	// the quotes, carries into the next block.
	VMOVQ AX, X8
	VPCLMULQDQ $0, X9, X8, X8

	// Brackets, while the multiplication runs.
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

	VMOVQ X8, AX
	XORQ  R9, AX                  // in-string bits
	MOVQ  AX, R9
	SARQ  $63, R9

	// Brackets outside strings.
	ANDNQ R12, AX, R12
	ANDNQ R13, AX, R13
	POPCNTQ R13, DI
	CMPQ DI, DX
	JGE  follow
	POPCNTQ R12, R8
	ADDQ R8, DX
	SUBQ DI, DX
	ADDQ $64, BX
	CMPQ BX, CX
	JLE  loop
	JMP  done

backslashes:
	VPMOVMSKB Y6, R11
	VPMOVMSKB Y7, DI
	SHLQ $32, DI
	ORQ  DI, R11
	// Escaped bytes into R8 (see skEscapedBits).
	ANDNQ R11, R10, R8            // potential escapes
	MOVQ R8, DI
	SHLQ $1, DI
	ORQ  skLookupOdd<>(SB), DI
	SUBQ R8, DI
	XORQ skLookupOdd<>(SB), DI    // codes
	MOVQ R11, R8
	ORQ  R10, R8
	XORQ DI, R8                   // escaped
	ANDQ R11, DI
	SHRQ $63, DI
	MOVQ DI, R10                  // carry
	ANDNQ AX, R8, AX
	JMP  escaped

follow:
	// The depth may reach zero in this block. After the k-th closing
	// bracket (at bit p) it is depth + (opening brackets below p) - k:
	// walk the closing brackets only. R8: closing brackets left; AX: k
	// counted down from depth.
	MOVQ R13, R8
	MOVQ DX, AX

close:
	TESTQ R8, R8
	JZ    blockdone
	DECQ  AX
	BLSIQ R8, DI                  // lowest closing bracket
	LEAQ  -1(DI), DI              // the bits below it
	ANDQ  R12, DI
	POPCNTQ DI, DI                // opening brackets before it
	ADDQ  AX, DI
	JZ    closed
	BLSRQ R8, R8
	JMP   close

blockdone:
	POPCNTQ R12, R8
	POPCNTQ R13, DI
	ADDQ R8, DX
	SUBQ DI, DX
	ADDQ $64, BX
	CMPQ BX, CX
	JLE  loop
	JMP  done

closed:
	TZCNTQ R8, DI
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

// func skLookupAVX512(p *byte, n, depth int, st *skBlock) (consumed, end, depthOut int)
//
// skLookupAVX2 with AVX-512BW compares into mask registers. Where no
// backslash and no carry can escape a quote, the quotes go to X8 through
// memory (q), which spares port 5 (where the compares and the
// multiplication run) a move from a general register.
TEXT ·skLookupAVX512(SB), NOSPLIT, $24-56
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ depth+16(FP), DX
	MOVQ st+24(FP), R8
	MOVQ 0(R8), R9
	MOVQ 8(R8), R10

	MOVQ $0x22, AX
	VPBROADCASTB AX, Z10 // '"'
	MOVQ $0x5c, AX
	VPBROADCASTB AX, Z11 // '\\'
	MOVQ $0x20, AX
	VPBROADCASTB AX, Z12 // 0x20
	MOVQ $0x7b, AX
	VPBROADCASTB AX, Z13 // '{'
	MOVQ $0x7d, AX
	VPBROADCASTB AX, Z14 // '}'
	VPCMPEQB Y9, Y9, Y9  // all ones

	XORQ BX, BX
	LEAQ -128(CX), AX
	MOVQ AX, lim-24(SP)  // the last offset a pair of blocks starts at
	SUBQ $64, CX

	PCALIGN $32
zpair:
	// Two blocks at a time, where neither has a backslash (nor the
	// carry of one) and neither can close the container; otherwise
	// the first is taken alone (zloop) and the pair tried again after
	// it.
	CMPQ BX, lim-24(SP)
	JGT  ztail
	VMOVDQU64 (SI)(BX*1), Z0
	VMOVDQU64 64(SI)(BX*1), Z3
	VPCMPEQB Z0, Z11, K1
	VPCMPEQB Z3, Z11, K5
	KORTESTQ K1, K5
	JNZ  zloop
	TESTQ R10, R10
	JNZ  zloop
	VPCMPEQB Z0, Z10, K2
	KMOVQ K2, q-8(SP)
	VPCMPEQB Z3, Z10, K6
	KMOVQ K6, q1-16(SP)
	VMOVQ q-8(SP), X8
	VMOVQ q1-16(SP), X7
	VPCLMULQDQ $0, X9, X8, X8
	VPCLMULQDQ $0, X9, X7, X7
	VPORQ Z0, Z12, Z1
	VPORQ Z3, Z12, Z4
	VPCMPEQB Z1, Z13, K3
	VPCMPEQB Z1, Z14, K4
	VPCMPEQB Z4, Z13, K6
	VPCMPEQB Z4, Z14, K7
	KMOVQ K3, R12                 // opening brackets of the first
	KMOVQ K4, R13                 // closing brackets of the first
	VMOVQ X8, AX
	XORQ  R9, AX                  // in-string bits of the first
	ANDNQ R13, AX, R13
	POPCNTQ R13, DI
	CMPQ DI, DX
	JGE  zloop
	ANDNQ R12, AX, R12
	POPCNTQ R12, R12
	ADDQ DX, R12
	SUBQ DI, R12                  // the depth after the first
	SARQ $63, AX
	VMOVQ X7, R8
	XORQ AX, R8                   // in-string bits of the second
	KMOVQ K6, R11                 // opening brackets of the second
	KMOVQ K7, R13                 // closing brackets of the second
	ANDNQ R13, R8, R13
	POPCNTQ R13, DI
	CMPQ DI, R12
	JGE  zloop
	ANDNQ R11, R8, R11
	POPCNTQ R11, R11
	ADDQ R11, R12
	SUBQ DI, R12
	MOVQ R12, DX
	SARQ $63, R8
	MOVQ R8, R9
	ADDQ $128, BX
	JMP  zpair

ztail:
	CMPQ BX, CX
	JGT  zdone

zloop:
	VMOVDQU64 (SI)(BX*1), Z0
	VPCMPEQB Z0, Z10, K2
	VPCMPEQB Z0, Z11, K1          // backslashes
	KORTESTQ K1, K1
	JNZ   zbackslashes
	TESTQ R10, R10
	JNZ   zcarry
	KMOVQ K2, q-8(SP)             // quotes, to X8 through memory
	VMOVQ q-8(SP), X8

zescaped:
	VPCLMULQDQ $0, X9, X8, X8
	VPORQ Z0, Z12, Z1
	VPCMPEQB Z1, Z13, K3
	KMOVQ K3, R12                 // opening brackets
	VPCMPEQB Z1, Z14, K4
	KMOVQ K4, R13                 // closing brackets
	VMOVQ X8, AX
	XORQ  R9, AX
	MOVQ  AX, R9
	SARQ  $63, R9

	ANDNQ R12, AX, R12
	ANDNQ R13, AX, R13
	POPCNTQ R13, DI
	CMPQ DI, DX
	JGE  zfollow
	POPCNTQ R12, R8
	ADDQ R8, DX
	SUBQ DI, DX
	ADDQ $64, BX
	JMP  zpair

zbackslashes:
	KMOVQ K2, AX
	KMOVQ K1, R11
	ANDNQ R11, R10, R8
	MOVQ R8, DI
	SHLQ $1, DI
	ORQ  skLookupOdd<>(SB), DI
	SUBQ R8, DI
	XORQ skLookupOdd<>(SB), DI
	MOVQ R11, R8
	ORQ  R10, R8
	XORQ DI, R8
	ANDQ R11, DI
	SHRQ $63, DI
	MOVQ DI, R10
	ANDNQ AX, R8, AX
	VMOVQ AX, X8
	JMP  zescaped

zcarry:
	KMOVQ K2, AX
	ANDNQ AX, R10, AX
	XORL  R10, R10
	VMOVQ AX, X8
	JMP  zescaped

zfollow:
	MOVQ R13, R8
	MOVQ DX, AX

zclose:
	TESTQ R8, R8
	JZ    zblockdone
	DECQ  AX
	BLSIQ R8, DI
	LEAQ  -1(DI), DI
	ANDQ  R12, DI
	POPCNTQ DI, DI
	ADDQ  AX, DI
	JZ    zclosed
	BLSRQ R8, R8
	JMP   zclose

zblockdone:
	POPCNTQ R12, R8
	POPCNTQ R13, DI
	ADDQ R8, DX
	SUBQ DI, DX
	ADDQ $64, BX
	JMP  zpair

zclosed:
	TZCNTQ R8, DI
	LEAQ 1(BX)(DI*1), AX
	MOVQ $0, consumed+32(FP)
	MOVQ AX, end+40(FP)
	MOVQ $0, depthOut+48(FP)
	VZEROUPPER
	RET

zdone:
	MOVQ st+24(FP), R8
	MOVQ R9, 0(R8)
	MOVQ R10, 8(R8)
	MOVQ BX, consumed+32(FP)
	MOVQ $-1, end+40(FP)
	MOVQ DX, depthOut+48(FP)
	VZEROUPPER
	RET
