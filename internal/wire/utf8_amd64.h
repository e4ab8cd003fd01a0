// The UTF-8 check shared by the kernels that validate text
// (skValidUTF8AVX2, skValidUTF8AVX512), decode strings (unescStepsAVX2)
// and quote them (quoteBlocksAVX2, quoteBlocksAVX512). Each file that
// includes it gets its own copy of the tables.

// UTF-8 validation, after Keiser and Lemire, "Validating UTF-8 In Less
// Than One Instruction Per Byte" (2021). Each pair of consecutive bytes
// is classified by three 16-entry tables (the first byte's high and low
// nibbles, the second byte's high nibble); an error class present in all
// three is an error. Error bits: 0x01 too short, 0x02 too long, 0x04
// overlong 3-byte, 0x08 too large, 0x10 surrogate, 0x20 overlong 2-byte,
// 0x40 overlong 4-byte or too large (1000 after F5..), 0x80 two
// continuations, which is the one class that is right exactly when the
// byte is the third or fourth of a sequence.
#define U8TABLE(name, lo, hi) \
	DATA name<>+0(SB)/8, $lo; \
	DATA name<>+8(SB)/8, $hi; \
	DATA name<>+16(SB)/8, $lo; \
	DATA name<>+24(SB)/8, $hi; \
	GLOBL name<>(SB), RODATA|NOPTR, $32

// First byte, high nibble: 0-7 too long (a continuation follows ASCII);
// 8-B two continuations; C short|overlong2; D short; E short|overlong3|
// surrogate; F short|large|overlong4/large1000.
U8TABLE(skU8HiA, 0x0202020202020202, 0x4915012180808080)
// First byte, low nibble: 0 carry|overlong2|overlong3|overlong4; 1 carry|
// overlong2; 2,3 carry; 4 carry|large; 5-C carry|large|large1000; D also
// surrogate; E,F carry|large|large1000. (carry = short|long|two conts)
U8TABLE(skU8LoA, 0xcbcbcb8b8383a3e7, 0xcbcbdbcbcbcbcbcb)
// Second byte, high nibble: 0-7 and C-F short; 8 long|overlong2|two|
// overlong3|overlong4; 9 long|overlong2|two|overlong3|large; A,B long|
// overlong2|two|surrogate|large.
U8TABLE(skU8HiB, 0x0101010101010101, 0x01010101babaaee6)
DATA skU8Hi80<>+0(SB)/8, $0x8080808080808080
DATA skU8Hi80<>+8(SB)/8, $0x8080808080808080
DATA skU8Hi80<>+16(SB)/8, $0x8080808080808080
DATA skU8Hi80<>+24(SB)/8, $0x8080808080808080
GLOBL skU8Hi80<>(SB), RODATA|NOPTR, $32

// U8CONSTANTS loads what U8ERRORS uses: Y9 0x0f, Y10-Y12 the tables,
// Y13 0xdf (a byte b is 0xe0 or above exactly when b - 0xdf, saturated,
// is not 0) and Y14 0xef (the same for 0xf0). AX is scratch.
#define U8CONSTANTS \
	MOVQ $0x0f, AX; \
	VMOVQ AX, X9; \
	VPBROADCASTB X9, Y9; \
	VMOVDQU skU8HiA<>(SB), Y10; \
	VMOVDQU skU8LoA<>(SB), Y11; \
	VMOVDQU skU8HiB<>(SB), Y12; \
	MOVQ $0xdf, AX; \
	VMOVQ AX, X13; \
	VPBROADCASTB X13, Y13; \
	MOVQ $0xef, AX; \
	VMOVQ AX, X14; \
	VPBROADCASTB X14, Y14

// U8ERRORS sets err to the UTF-8 errors of the 32 bytes in, given the
// same bytes shifted by one, two and three (p1, p2, p3: the bytes before
// in coming in): a byte of err is not 0 where the byte of in ends a
// sequence wrongly (or is not the continuation due). A sequence cut off
// by the end of in is not an error here: the next 32 bytes show it. p2
// and p3 are overwritten; t is scratch. Uses U8CONSTANTS' registers.
#define U8ERRORS(in, p1, p2, p3, err, t) \
	VPSRLW $4, p1, err; \
	VPAND  Y9, err, err; \
	VPSHUFB err, Y10, err; \
	VPAND  Y9, p1, t; \
	VPSHUFB t, Y11, t; \
	VPAND  t, err, err; \
	VPSRLW $4, in, t; \
	VPAND  Y9, t, t; \
	VPSHUFB t, Y12, t; \
	VPAND  t, err, err; \
	VPSUBUSB Y13, p2, p2; \
	VPSUBUSB Y14, p3, p3; \
	VPOR   p2, p3, p2; \
	VPXOR  t, t, t; \
	VPCMPEQB t, p2, p2; \
	VPANDN skU8Hi80<>(SB), p2, p2; \
	VPXOR  p2, err, err

// The same check on 64 bytes with AVX-512BW: the tables broadcast to the
// four 128-bit lanes, and the bytes that are due as third or fourth of a
// sequence found by saturated subtraction, as the quoting kernel does.
DATA skU8C0F<>+0(SB)/1, $0x0f
GLOBL skU8C0F<>(SB), RODATA|NOPTR, $1
DATA skU8C60<>+0(SB)/1, $0x60
GLOBL skU8C60<>(SB), RODATA|NOPTR, $1
DATA skU8C70<>+0(SB)/1, $0x70
GLOBL skU8C70<>(SB), RODATA|NOPTR, $1

// U8CONSTANTS512 loads what U8ERRORS512 uses: Z9 0x0f, Z10-Z12 the
// tables, Z16 0x60 and Z17 0x70 (a byte b is 0xe0 or above exactly when
// b - 0x60, saturated, has its high bit set; the same for 0xf0 and
// 0x70), Z18 0x80.
#define U8CONSTANTS512 \
	VPBROADCASTB    skU8C0F<>(SB), Z9; \
	VBROADCASTI32X4 skU8HiA<>(SB), Z10; \
	VBROADCASTI32X4 skU8LoA<>(SB), Z11; \
	VBROADCASTI32X4 skU8HiB<>(SB), Z12; \
	VPBROADCASTB    skU8C60<>(SB), Z16; \
	VPBROADCASTB    skU8C70<>(SB), Z17; \
	VPBROADCASTB    skU8Hi80<>(SB), Z18

// U8SHIFTS512 sets p1, p2 and p3 to the 64 bytes in in shifted by one,
// two and three bytes, the last bytes of prev (the 64 bytes before)
// coming in; t is scratch.
#define U8SHIFTS512(prev, in, p1, p2, p3, t) \
	VALIGNQ  $6, prev, in, t; \
	VPALIGNR $15, t, in, p1; \
	VPALIGNR $14, t, in, p2; \
	VPALIGNR $13, t, in, p3

// U8ERRORS512 is U8ERRORS for the 64 bytes in (Z registers), with
// U8CONSTANTS512's registers.
#define U8ERRORS512(in, p1, p2, p3, err, t) \
	VPSRLW   $4, p1, err; \
	VPANDQ   Z9, err, err; \
	VPSHUFB  err, Z10, err; \
	VPANDQ   Z9, p1, t; \
	VPSHUFB  t, Z11, t; \
	VPANDQ   t, err, err; \
	VPSRLW   $4, in, t; \
	VPANDQ   Z9, t, t; \
	VPSHUFB  t, Z12, t; \
	VPANDQ   t, err, err; \
	VPSUBUSB Z16, p2, p2; \
	VPSUBUSB Z17, p3, p3; \
	VPORQ    p2, p3, p2; \
	VPANDQ   Z18, p2, p2; \
	VPXORQ   p2, err, err
