//go:build amd64 && !purego

#include "textflag.h"

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

// UTF-8 validation, after Keiser and Lemire, "Validating UTF-8 In Less
// Than One Instruction Per Byte" (2021). Each pair of consecutive bytes
// is classified by three 16-entry tables (the first byte's high and low
// nibbles, the second byte's high nibble); an error class present in all
// three is an error. Error bits: 0x01 too short, 0x02 too long, 0x04
// overlong 3-byte, 0x08 too large, 0x10 surrogate, 0x20 overlong 2-byte,
// 0x40 overlong 4-byte or too large (1000 after F5..), 0x80 two
// continuations, which is the one class that is right exactly when the
// byte is the third or fourth of a sequence.
#define SKTABLE(name, lo, hi) \
	DATA name<>+0(SB)/8, $lo; \
	DATA name<>+8(SB)/8, $hi; \
	DATA name<>+16(SB)/8, $lo; \
	DATA name<>+24(SB)/8, $hi; \
	GLOBL name<>(SB), RODATA|NOPTR, $32

// First byte, high nibble: 0-7 too long (a continuation follows ASCII);
// 8-B two continuations; C short|overlong2; D short; E short|overlong3|
// surrogate; F short|large|overlong4/large1000.
SKTABLE(skU8HiA, 0x0202020202020202, 0x4915012180808080)
// First byte, low nibble: 0 carry|overlong2|overlong3|overlong4; 1 carry|
// overlong2; 2,3 carry; 4 carry|large; 5-C carry|large|large1000; D also
// surrogate; E,F carry|large|large1000. (carry = short|long|two conts)
SKTABLE(skU8LoA, 0xcbcbcb8b8383a3e7, 0xcbcbdbcbcbcbcbcb)
// Second byte, high nibble: 0-7 and C-F short; 8 long|overlong2|two|
// overlong3|overlong4; 9 long|overlong2|two|overlong3|large; A,B long|
// overlong2|two|surrogate|large.
SKTABLE(skU8HiB, 0x0101010101010101, 0x01010101babaaee6)

// func skValidUTF8AVX2(p *byte, n int) bool
//
// Checks the n bytes at p (n a multiple of 32) except that a sequence
// cut off by the end is not an error: the caller checks the last
// sequence again with what follows.
TEXT ·skValidUTF8AVX2(SB), NOSPLIT, $0-17
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ $0x0f, AX
	VMOVQ AX, X9
	VPBROADCASTB X9, Y9   // 0x0f
	VMOVDQU skU8HiA<>(SB), Y10
	VMOVDQU skU8LoA<>(SB), Y11
	VMOVDQU skU8HiB<>(SB), Y12
	MOVQ $0xdf, AX        // a byte b >= 0xe0 exactly when b - 0xdf (saturated) > 0
	VMOVQ AX, X13
	VPBROADCASTB X13, Y13
	MOVQ $0xef, AX        // and b >= 0xf0 when b - 0xef > 0
	VMOVQ AX, X14
	VPBROADCASTB X14, Y14
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
	// Table lookups.
	VPSRLW $4, Y2, Y5
	VPAND  Y9, Y5, Y5
	VPSHUFB Y5, Y10, Y5          // by prev1's high nibble
	VPAND  Y9, Y2, Y6
	VPSHUFB Y6, Y11, Y6          // by prev1's low nibble
	VPAND  Y6, Y5, Y5
	VPSRLW $4, Y0, Y6
	VPAND  Y9, Y6, Y6
	VPSHUFB Y6, Y12, Y6          // by the input's high nibble
	VPAND  Y6, Y5, Y5            // error classes of each pair
	// Bytes that must be the third or fourth of a sequence: prev2 >=
	// 0xe0 or prev3 >= 0xf0.
	VPSUBUSB Y13, Y3, Y3
	VPSUBUSB Y14, Y4, Y4
	VPOR   Y3, Y4, Y3
	VPXOR  Y6, Y6, Y6
	VPCMPEQB Y6, Y3, Y3          // 0xff where neither
	VPANDN skU8Hi80<>(SB), Y3, Y3 // 0x80 where a third or fourth byte is due
	VPXOR  Y3, Y5, Y5
	VPOR   Y5, Y7, Y7
	VMOVDQA Y0, Y8
	ADDQ $32, BX
	JMP  uloop

udone:
	VPTEST Y7, Y7
	SETEQ ret+16(FP)
	VZEROUPPER
	RET

DATA skU8Hi80<>+0(SB)/8, $0x8080808080808080
DATA skU8Hi80<>+8(SB)/8, $0x8080808080808080
DATA skU8Hi80<>+16(SB)/8, $0x8080808080808080
DATA skU8Hi80<>+24(SB)/8, $0x8080808080808080
GLOBL skU8Hi80<>(SB), RODATA|NOPTR, $32
