//go:build amd64 && !purego

#include "textflag.h"
#include "utf8_amd64.h"

// Byte constants, 32 copies each.
#define CONST32(name, b) \
	DATA name<>+0(SB)/8, $b; \
	DATA name<>+8(SB)/8, $b; \
	DATA name<>+16(SB)/8, $b; \
	DATA name<>+24(SB)/8, $b; \
	GLOBL name<>(SB), RODATA|NOPTR, $32

CONST32(quoteC0F, 0x0f0f0f0f0f0f0f0f)
CONST32(quoteC60, 0x6060606060606060)
CONST32(quoteC70, 0x7070707070707070)
CONST32(quoteCE2, 0xe2e2e2e2e2e2e2e2)
CONST32(quoteC01, 0x0101010101010101)
CONST32(quoteCA9, 0xa9a9a9a9a9a9a9a9)

// The three 16-entry tables of the UTF-8 check (see quote_amd64.go) are
// utf8_amd64.h's: skU8HiA, skU8LoA and skU8HiB.

// The escape tables: for the plain mode, by high nibble then by low
// nibble, then the same for the html mode. Classes: 0x01 control (high
// nibble 0 or 1), 0x02 '"' and, in html, '&' (high nibble 2, low 2 or 6),
// 0x04 '<' and '>' in html (high 3, low C or E), 0x08 '\\' (high 5, low
// C).
DATA quoteEscT<>+0(SB)/8, $0x0000080000020101
DATA quoteEscT<>+8(SB)/8, $0
DATA quoteEscT<>+16(SB)/8, $0x0000080000020101
DATA quoteEscT<>+24(SB)/8, $0
DATA quoteEscT<>+32(SB)/8, $0x0101010101030101
DATA quoteEscT<>+40(SB)/8, $0x0101010901010101
DATA quoteEscT<>+48(SB)/8, $0x0101010101030101
DATA quoteEscT<>+56(SB)/8, $0x0101010901010101
DATA quoteEscT<>+64(SB)/8, $0x0000080004020101
DATA quoteEscT<>+72(SB)/8, $0
DATA quoteEscT<>+80(SB)/8, $0x0000080004020101
DATA quoteEscT<>+88(SB)/8, $0
DATA quoteEscT<>+96(SB)/8, $0x0103010101030101
DATA quoteEscT<>+104(SB)/8, $0x0105010d01010101
DATA quoteEscT<>+112(SB)/8, $0x0103010101030101
DATA quoteEscT<>+120(SB)/8, $0x0105010d01010101
GLOBL quoteEscT<>(SB), RODATA|NOPTR, $128

// SETUP loads the constants of ESCAPES: Y9 0x0f in every lane, Y13 and
// Y14 the escape tables of the mode (AX is html, 0 or 1; clobbered), Y15
// zero.
#define SETUP \
	VPXOR   Y15, Y15, Y15; \
	VMOVDQU quoteC0F<>(SB), Y9; \
	SHLQ    $6, AX; \
	LEAQ    quoteEscT<>(SB), R11; \
	VMOVDQU (R11)(AX*1), Y13; \
	VMOVDQU 32(R11)(AX*1), Y14

// UTF8SETUP loads what UNUSUAL adds, at the first block that is not
// ASCII: Y10-Y12 the UTF-8 tables, and Y8, the block before, zero (all
// blocks before were ASCII, which the check treats as zeros).
#define UTF8SETUP \
	VPXOR   Y8, Y8, Y8; \
	VMOVDQU skU8HiA<>(SB), Y10; \
	VMOVDQU skU8LoA<>(SB), Y11; \
	VMOVDQU skU8HiB<>(SB), Y12

// ESCAPES sets to non-zero the lanes of Y1 for the bytes of the block in
// Y0 that are escaped: below 0x20, '"', '\\', and in the html mode '<',
// '>', '&'. Each is a class (a bit) present in both the table looked up
// by the byte's high nibble (Y7, left by UNUSUAL) and the one looked up
// by its low nibble. Uses Y3.
#define ESCAPES \
	VPSHUFB Y7, Y13, Y1; \
	VPAND   Y9, Y0, Y3; \
	VPSHUFB Y3, Y14, Y3; \
	VPAND   Y3, Y1, Y1

// ESCAPESOF is ESCAPES for the block in b, without UNUSUAL's high
// nibbles: the lanes of o to escape, with h and t clobbered.
#define ESCAPESOF(b, h, o, t) \
	VPSRLW  $4, b, h; \
	VPAND   Y9, h, h; \
	VPSHUFB h, Y13, o; \
	VPAND   Y9, b, t; \
	VPSHUFB t, Y14, t; \
	VPAND   t, o, o

// UNUSUAL sets Y2 to a non-zero value when a pair of bytes ending in the
// block in Y0 (preceded by the block in Y8) is a UTF-8 error, or three
// bytes ending in it are U+2028 or U+2029; it leaves the high nibbles of
// Y0 in Y7 (for ESCAPES). Uses Y1 and Y3-Y6.
//
// The pair check looks up three tables by the first byte's high and low
// nibbles (Y4 is the byte before each byte) and the second byte's high
// nibble: an error class set in all three is an error. Two continuation
// bytes in a row are an error exactly when they do not follow a lead of
// three or four bytes (Y5, Y6: the bytes two and three before), which the
// xor with that condition checks.
#define UNUSUAL \
	VPERM2I128 $0x21, Y0, Y8, Y7; \
	VPALIGNR   $15, Y7, Y0, Y4; \
	VPALIGNR   $14, Y7, Y0, Y5; \
	VPALIGNR   $13, Y7, Y0, Y6; \
	VPSRLW     $4, Y4, Y2; \
	VPAND      Y9, Y2, Y2; \
	VPSHUFB    Y2, Y10, Y2; \
	VPAND      Y9, Y4, Y3; \
	VPSHUFB    Y3, Y11, Y3; \
	VPAND      Y3, Y2, Y2; \
	VPSRLW     $4, Y0, Y7; \
	VPAND      Y9, Y7, Y7; \
	VPSHUFB    Y7, Y12, Y3; \
	VPAND      Y3, Y2, Y2; \
	VPSUBUSB   quoteC60<>(SB), Y5, Y3; \
	VPSUBUSB   quoteC70<>(SB), Y6, Y1; \
	VPOR       Y1, Y3, Y3; \
	VPAND      skU8Hi80<>(SB), Y3, Y3; \
	VPXOR      Y3, Y2, Y2; \
	VPCMPEQB   quoteCE2<>(SB), Y5, Y3; \
	VPCMPEQB   skU8Hi80<>(SB), Y4, Y1; \
	VPAND      Y1, Y3, Y3; \
	VPOR       quoteC01<>(SB), Y0, Y1; \
	VPCMPEQB   quoteCA9<>(SB), Y1, Y1; \
	VPAND      Y1, Y3, Y3; \
	VPOR       Y3, Y2, Y2

// func quoteBlocksAVX2(dst, src *byte, n, room int, seqs *[128]uint64, html bool) (consumed, written int)
//
// Quotes src[:n] to dst 32 bytes a step: a block is stored as it is, and
// each byte of it to escape is then overwritten by its sequence from seqs
// (packed as quoteSeq packs them), followed again by the rest of the
// block (from a copy on the stack). The last 1 to 32 bytes are a block
// of their own, loaded whole (its lanes past n cleared) where that cannot
// cross into another page, and also checked for a UTF-8 sequence that n
// cuts off.
//
// Blocks are first taken as ASCII: two at a time, looking only for
// bytes to escape and bytes above 0x7f. From the first block with a byte
// above 0x7f on, every block is also checked for UTF-8 errors and
// U+2028/U+2029. It stops before a block with either (which the Go code
// handles), before a last block it cannot load, or when dst has less room
// than the bytes left plus 224 (what one block can grow to). When it
// stops at a block boundary, the last UTF-8 sequence before it may be cut
// or bad: it was copied, not checked. room is the room in dst.
TEXT ·quoteBlocksAVX2(SB), NOSPLIT, $64-64
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ room+24(FP), R8
	MOVQ seqs+32(FP), R10
	MOVBQZX html+40(FP), AX

	// R8 is the slack: the room in dst past the bytes left in src. Only
	// escapes change it.
	SUBQ CX, R8
	CMPQ R8, $224
	JLT  done

	SETUP
	XORL R13, R13 // 0 while every block so far was ASCII

ascii2:
	// Two ASCII blocks a step, the last bytes left to the last block.
	CMPQ CX, $64
	JLE  ascii1
	VMOVDQU    (SI), Y0
	VMOVDQU    32(SI), Y4
	ESCAPESOF(Y0, Y7, Y1, Y3)
	ESCAPESOF(Y4, Y5, Y2, Y6)
	VPOR       Y0, Y4, Y3
	VPOR       Y1, Y2, Y2
	VPOR       Y2, Y3, Y3
	VPTEST     Y3, Y3
	JNZ        ascii1 // one at a time
	VMOVDQU    Y0, (DI)
	VMOVDQU    Y4, 32(DI)
	ADDQ       $64, SI
	ADDQ       $64, DI
	SUBQ       $64, CX
	JMP        ascii2

ascii1:
	CMPQ      CX, $32
	JLE       last
	VMOVDQU   (SI), Y0
	VPMOVMSKB Y0, AX
	TESTL     AX, AX
	JNZ       toutf8
	ESCAPESOF(Y0, Y7, Y1, Y3)
	VPTEST    Y1, Y1
	JNZ       ascii1esc
	VMOVDQU   Y0, (DI)
	ADDQ      $32, SI
	ADDQ      $32, DI
	SUBQ      $32, CX
	JMP       ascii2

ascii1esc:
	VMOVDQU Y0, (DI)
	MOVL    $32, R12
	JMP     escapes

toutf8:
	MOVL $1, R13
	UTF8SETUP
	JMP  utf8block

utf8:
	CMPQ    CX, $32
	JLE     last

utf8next:
	VMOVDQU (SI), Y0

utf8block:
	UNUSUAL
	ESCAPES
	VPOR    Y1, Y2, Y3
	VPTEST  Y3, Y3
	JNZ     utf8care
	VMOVDQU Y0, (DI)
	VMOVDQA Y0, Y8
	ADDQ    $32, SI
	ADDQ    $32, DI
	SUBQ    $32, CX
	CMPQ    CX, $32
	JG      utf8next
	JMP     last

utf8care:
	// Y2 says the block needs the Go code, Y1 which bytes to escape.
	VPTEST  Y2, Y2
	JNZ     done
	VMOVDQU Y0, (DI)
	MOVL    $32, R12
	JMP     escapes

last:
	// The last CX bytes, 0 to 32. The load reads 32 bytes: unless they
	// are all src's, they must not reach into the next page.
	TESTQ CX, CX
	JZ    done
	CMPQ  CX, $32
	JEQ   lastload
	MOVL  SI, AX
	ANDL  $4095, AX
	CMPL  AX, $(4096-32)
	JA    done

lastload:
	// R12 is 32-CX, the offset of the tables for this length.
	MOVQ      $32, R12
	SUBQ      CX, R12
	LEAQ      quoteLaneMask<>(SB), R11
	VMOVDQU   (SI), Y0
	VPAND     (R11)(R12*1), Y0, Y0
	TESTQ     R13, R13
	JNZ       lastutf8
	VPMOVMSKB Y0, AX
	TESTL     AX, AX
	JNZ       lastfirst
	ESCAPESOF(Y0, Y7, Y1, Y3)
	JMP       lastesc

lastfirst:
	UTF8SETUP

lastutf8:
	// The cleared lanes are ASCII after the last byte: a sequence cut
	// off by the end shows as an error, unless the last byte is the 32nd;
	// quoteLastLead flags a lead among the last three bytes that its
	// sequence does not fit.
	UNUSUAL
	LEAQ     quoteLastLead<>+32(SB), AX
	VPSUBUSB (AX)(R12*1), Y0, Y3
	VPOR     Y3, Y2, Y2
	ESCAPES
	VPTEST   Y2, Y2
	JNZ      done

lastesc:
	// The cleared lanes are zero bytes, which ESCAPES flags.
	VPAND   (R11)(R12*1), Y1, Y1
	VMOVDQU Y0, (DI)
	MOVQ    CX, R12
	VPTEST  Y1, Y1
	JNZ     escapes
	ADDQ    CX, SI
	ADDQ    CX, DI
	JMP     done

escapes:
	// The block in Y0, R12 bytes of it, was stored at DI; Y1 flags the
	// bytes to escape. Each is written from its sequence, followed by
	// the rest of the block again.
	VPCMPEQB  Y15, Y1, Y1
	VPMOVMSKB Y1, DX
	NOTL      DX // the lanes to escape
	// The stack copy of the block is followed by zeros: the rest of the
	// block is stored again as 32 bytes from there.
	VMOVDQU   Y0, blk-64(SP)
	VMOVDQU   Y15, blk-32(SP)
	LEAQ      blk-64(SP), R11
	XORQ      R14, R14 // bytes added by escapes so far

escape:
	BSFL    DX, BX // the next byte to escape
	LEAQ    (DI)(BX*1), R9
	ADDQ    R14, R9 // where it goes
	MOVBQZX (R11)(BX*1), AX
	MOVQ    (R10)(AX*8), AX
	MOVQ    AX, (R9)
	SHRQ    $56, AX
	ADDQ    AX, R9
	LEAQ    -1(R14)(AX*1), R14
	VMOVDQU 1(R11)(BX*1), Y2
	VMOVDQU Y2, (R9)
	LEAL    -1(DX), AX
	ANDL    AX, DX
	JNZ     escape

	ADDQ    R12, SI
	SUBQ    R12, CX
	ADDQ    R12, DI
	ADDQ    R14, DI
	SUBQ    R14, R8
	VMOVDQA Y0, Y8
	CMPQ    R8, $224
	JLT     done
	TESTQ   R13, R13
	JNZ     utf8
	JMP     ascii2

done:
	VZEROUPPER
	MOVQ src+8(FP), AX
	SUBQ AX, SI
	MOVQ SI, consumed+48(FP)
	MOVQ dst+0(FP), AX
	SUBQ AX, DI
	MOVQ DI, written+56(FP)
	RET

// quoteLaneMask is 32 bytes of ones, then 32 zero bytes: the 32 bytes
// from 32-r on keep the first r lanes.
DATA quoteLaneMask<>+0(SB)/8, $-1
DATA quoteLaneMask<>+8(SB)/8, $-1
DATA quoteLaneMask<>+16(SB)/8, $-1
DATA quoteLaneMask<>+24(SB)/8, $-1
DATA quoteLaneMask<>+32(SB)/8, $0
DATA quoteLaneMask<>+40(SB)/8, $0
DATA quoteLaneMask<>+48(SB)/8, $0
DATA quoteLaneMask<>+56(SB)/8, $0
GLOBL quoteLaneMask<>(SB), RODATA|NOPTR, $64

// quoteLastLead: for a last block of r bytes, the bytes from 64-r on
// (32 of them for the AVX2 kernel, 64 for the AVX-512 one) are 0xbf in
// lane r-1, 0xdf and 0xef in the two before and 0xff in the others; a
// byte above its lane's value leads a sequence longer than the bytes
// left.
DATA quoteLastLead<>+0(SB)/8, $-1
DATA quoteLastLead<>+8(SB)/8, $-1
DATA quoteLastLead<>+16(SB)/8, $-1
DATA quoteLastLead<>+24(SB)/8, $-1
DATA quoteLastLead<>+32(SB)/8, $-1
DATA quoteLastLead<>+40(SB)/8, $-1
DATA quoteLastLead<>+48(SB)/8, $-1
DATA quoteLastLead<>+56(SB)/8, $0xbfdfefffffffffff
DATA quoteLastLead<>+64(SB)/8, $-1
DATA quoteLastLead<>+72(SB)/8, $-1
DATA quoteLastLead<>+80(SB)/8, $-1
DATA quoteLastLead<>+88(SB)/8, $-1
DATA quoteLastLead<>+96(SB)/8, $-1
DATA quoteLastLead<>+104(SB)/8, $-1
DATA quoteLastLead<>+112(SB)/8, $-1
DATA quoteLastLead<>+120(SB)/8, $-1
GLOBL quoteLastLead<>(SB), RODATA|NOPTR, $128

// quoteRestMask64: qword k, for k from 0 to 63, has its k low bits set.
// (The escape loop reads qword r-1 for the r-1 bytes after an escape.)
DATA quoteRestMask64<>+0(SB)/8, $0x0000000000000000
DATA quoteRestMask64<>+8(SB)/8, $0x0000000000000001
DATA quoteRestMask64<>+16(SB)/8, $0x0000000000000003
DATA quoteRestMask64<>+24(SB)/8, $0x0000000000000007
DATA quoteRestMask64<>+32(SB)/8, $0x000000000000000f
DATA quoteRestMask64<>+40(SB)/8, $0x000000000000001f
DATA quoteRestMask64<>+48(SB)/8, $0x000000000000003f
DATA quoteRestMask64<>+56(SB)/8, $0x000000000000007f
DATA quoteRestMask64<>+64(SB)/8, $0x00000000000000ff
DATA quoteRestMask64<>+72(SB)/8, $0x00000000000001ff
DATA quoteRestMask64<>+80(SB)/8, $0x00000000000003ff
DATA quoteRestMask64<>+88(SB)/8, $0x00000000000007ff
DATA quoteRestMask64<>+96(SB)/8, $0x0000000000000fff
DATA quoteRestMask64<>+104(SB)/8, $0x0000000000001fff
DATA quoteRestMask64<>+112(SB)/8, $0x0000000000003fff
DATA quoteRestMask64<>+120(SB)/8, $0x0000000000007fff
DATA quoteRestMask64<>+128(SB)/8, $0x000000000000ffff
DATA quoteRestMask64<>+136(SB)/8, $0x000000000001ffff
DATA quoteRestMask64<>+144(SB)/8, $0x000000000003ffff
DATA quoteRestMask64<>+152(SB)/8, $0x000000000007ffff
DATA quoteRestMask64<>+160(SB)/8, $0x00000000000fffff
DATA quoteRestMask64<>+168(SB)/8, $0x00000000001fffff
DATA quoteRestMask64<>+176(SB)/8, $0x00000000003fffff
DATA quoteRestMask64<>+184(SB)/8, $0x00000000007fffff
DATA quoteRestMask64<>+192(SB)/8, $0x0000000000ffffff
DATA quoteRestMask64<>+200(SB)/8, $0x0000000001ffffff
DATA quoteRestMask64<>+208(SB)/8, $0x0000000003ffffff
DATA quoteRestMask64<>+216(SB)/8, $0x0000000007ffffff
DATA quoteRestMask64<>+224(SB)/8, $0x000000000fffffff
DATA quoteRestMask64<>+232(SB)/8, $0x000000001fffffff
DATA quoteRestMask64<>+240(SB)/8, $0x000000003fffffff
DATA quoteRestMask64<>+248(SB)/8, $0x000000007fffffff
DATA quoteRestMask64<>+256(SB)/8, $0x00000000ffffffff
DATA quoteRestMask64<>+264(SB)/8, $0x00000001ffffffff
DATA quoteRestMask64<>+272(SB)/8, $0x00000003ffffffff
DATA quoteRestMask64<>+280(SB)/8, $0x00000007ffffffff
DATA quoteRestMask64<>+288(SB)/8, $0x0000000fffffffff
DATA quoteRestMask64<>+296(SB)/8, $0x0000001fffffffff
DATA quoteRestMask64<>+304(SB)/8, $0x0000003fffffffff
DATA quoteRestMask64<>+312(SB)/8, $0x0000007fffffffff
DATA quoteRestMask64<>+320(SB)/8, $0x000000ffffffffff
DATA quoteRestMask64<>+328(SB)/8, $0x000001ffffffffff
DATA quoteRestMask64<>+336(SB)/8, $0x000003ffffffffff
DATA quoteRestMask64<>+344(SB)/8, $0x000007ffffffffff
DATA quoteRestMask64<>+352(SB)/8, $0x00000fffffffffff
DATA quoteRestMask64<>+360(SB)/8, $0x00001fffffffffff
DATA quoteRestMask64<>+368(SB)/8, $0x00003fffffffffff
DATA quoteRestMask64<>+376(SB)/8, $0x00007fffffffffff
DATA quoteRestMask64<>+384(SB)/8, $0x0000ffffffffffff
DATA quoteRestMask64<>+392(SB)/8, $0x0001ffffffffffff
DATA quoteRestMask64<>+400(SB)/8, $0x0003ffffffffffff
DATA quoteRestMask64<>+408(SB)/8, $0x0007ffffffffffff
DATA quoteRestMask64<>+416(SB)/8, $0x000fffffffffffff
DATA quoteRestMask64<>+424(SB)/8, $0x001fffffffffffff
DATA quoteRestMask64<>+432(SB)/8, $0x003fffffffffffff
DATA quoteRestMask64<>+440(SB)/8, $0x007fffffffffffff
DATA quoteRestMask64<>+448(SB)/8, $0x00ffffffffffffff
DATA quoteRestMask64<>+456(SB)/8, $0x01ffffffffffffff
DATA quoteRestMask64<>+464(SB)/8, $0x03ffffffffffffff
DATA quoteRestMask64<>+472(SB)/8, $0x07ffffffffffffff
DATA quoteRestMask64<>+480(SB)/8, $0x0fffffffffffffff
DATA quoteRestMask64<>+488(SB)/8, $0x1fffffffffffffff
DATA quoteRestMask64<>+496(SB)/8, $0x3fffffffffffffff
DATA quoteRestMask64<>+504(SB)/8, $0x7fffffffffffffff
GLOBL quoteRestMask64<>(SB), RODATA|NOPTR, $512

// SETUP512 is SETUP for 64 lanes: Z9 0x0f, Z13 and Z14 the escape tables
// of the mode (AX is html, 0 or 1; clobbered), Z15 zero.
#define SETUP512 \
	VPXORQ          Z15, Z15, Z15; \
	SHLQ            $6, AX; \
	LEAQ            quoteEscT<>(SB), R11; \
	VBROADCASTI32X4 (R11)(AX*1), Z13; \
	VBROADCASTI32X4 32(R11)(AX*1), Z14; \
	VPBROADCASTB    quoteC0F<>(SB), Z9

// UTF8SETUP512 is UTF8SETUP for 64 lanes: utf8_amd64.h's constants
// (Z9, Z10-Z12, Z16-Z18), and those of U+2028 and U+2029 in Z19-Z21.
#define UTF8SETUP512 \
	VPXORQ          Z8, Z8, Z8; \
	U8CONSTANTS512; \
	VPBROADCASTB    quoteCE2<>(SB), Z19; \
	VPBROADCASTB    quoteC01<>(SB), Z20; \
	VPBROADCASTB    quoteCA9<>(SB), Z21

// ESCAPES512 is ESCAPES for the 64 bytes in Z0, given their high nibbles
// in Z7: K2 flags the bytes to escape. Uses Z1 and Z3.
#define ESCAPES512 \
	VPSHUFB  Z7, Z13, Z1; \
	VPANDQ   Z9, Z0, Z3; \
	VPSHUFB  Z3, Z14, Z3; \
	VPTESTMB Z3, Z1, K2

// UNUSUAL512 is UNUSUAL for the 64 bytes in Z0 (preceded by those in
// Z8), with utf8_amd64.h's check: K3 flags where a UTF-8 error or
// U+2028/U+2029 (E2 80 A8, E2 80 A9) ends; Z7 is left with the high
// nibbles of Z0. Uses Z1-Z6 and K5.
#define UNUSUAL512 \
	U8SHIFTS512(Z8, Z0, Z4, Z5, Z6, Z7); \
	VPCMPEQB Z19, Z5, K5; \
	VPCMPEQB Z18, Z4, K5, K5; \
	U8ERRORS512(Z0, Z4, Z5, Z6, Z2, Z3); \
	VPTESTMB Z2, Z2, K3; \
	VPORQ    Z20, Z0, Z1; \
	VPCMPEQB Z21, Z1, K5, K5; \
	KORQ     K5, K3, K3; \
	VPSRLW   $4, Z0, Z7; \
	VPANDQ   Z9, Z7, Z7

// func quoteBlocksAVX512(dst, src *byte, n, room int, seqs *[128]uint64, html bool) (consumed, written int)
//
// quoteBlocksAVX2 with AVX-512BW, 64 bytes a step: the same blocks, the
// same checks and the same escapes, with the bitmasks in opmask
// registers. The last 1 to 64 bytes are loaded under a mask, which
// cannot fault, so it never stops for a page's end. It stops when dst
// has less room than the bytes left plus 384: a block of r bytes writes
// at most 6r+64 from where it goes (its escapes, and the 64-byte store
// after the last), which is at most the bytes left plus 384 (r = 64, or
// r < 64 bytes left).
TEXT ·quoteBlocksAVX512(SB), NOSPLIT, $0-64
	MOVQ    dst+0(FP), DI
	MOVQ    src+8(FP), SI
	MOVQ    n+16(FP), CX
	MOVQ    room+24(FP), R8
	MOVQ    seqs+32(FP), R10
	MOVBQZX html+40(FP), AX

	SUBQ CX, R8
	CMPQ R8, $384
	JLT  done512

	SETUP512
	XORL R13, R13 // 0 while every block so far was ASCII

ascii512:
	CMPQ      CX, $64
	JLE       last512
	VMOVDQU64 (SI), Z0
	VPMOVB2M  Z0, K1
	VPSRLW    $4, Z0, Z7
	VPANDQ    Z9, Z7, Z7
	ESCAPES512
	KORTESTQ  K1, K2
	JNZ       ascii512care
	VMOVDQU64 Z0, (DI)
	ADDQ      $64, SI
	ADDQ      $64, DI
	SUBQ      $64, CX
	JMP       ascii512

ascii512care:
	KORTESTQ  K1, K1
	JNZ       toutf8512
	VMOVDQU64 Z0, (DI)
	MOVL      $64, R12
	JMP       escapes512

toutf8512:
	MOVL $1, R13
	UTF8SETUP512
	JMP  utf8block512

utf8512:
	CMPQ CX, $64
	JLE  last512

utf8next512:
	VMOVDQU64 (SI), Z0

utf8block512:
	UNUSUAL512
	ESCAPES512
	KORTESTQ  K2, K3
	JNZ       utf8care512
	VMOVDQU64 Z0, (DI)
	VMOVDQA64 Z0, Z8
	ADDQ      $64, SI
	ADDQ      $64, DI
	SUBQ      $64, CX
	CMPQ      CX, $64
	JG        utf8next512
	JMP       last512

utf8care512:
	KORTESTQ  K3, K3
	JNZ       done512
	VMOVDQU64 Z0, (DI)
	MOVL      $64, R12
	JMP       escapes512

last512:
	// The last CX bytes, 0 to 64, loaded under the mask K4 of their
	// lanes (the others zero).
	TESTQ CX, CX
	JZ    done512
	MOVQ  $-1, AX
	CMPQ  CX, $64
	JEQ   lastmask512
	SHLQ  CX, AX
	NOTQ  AX

lastmask512:
	KMOVQ       AX, K4
	VMOVDQU8.Z  (SI), K4, Z0
	MOVQ        $64, R12
	SUBQ        CX, R12
	TESTQ       R13, R13
	JNZ         lastutf8512
	VPMOVB2M    Z0, K1
	KORTESTQ    K1, K1
	JNZ         lastfirst512
	VPSRLW      $4, Z0, Z7
	VPANDQ      Z9, Z7, Z7
	ESCAPES512
	JMP         lastesc512

lastfirst512:
	UTF8SETUP512

lastutf8512:
	// The cleared lanes are ASCII after the last byte: a sequence cut
	// off by the end shows as an error, unless the last byte is the
	// 64th; quoteLastLead flags a lead among the last three bytes that
	// its sequence does not fit.
	UNUSUAL512
	LEAQ     quoteLastLead<>(SB), AX
	VPSUBUSB (AX)(R12*1), Z0, Z3
	VPTESTMB Z3, Z3, K5
	KORQ     K5, K3, K3
	ESCAPES512
	KORTESTQ K3, K3
	JNZ      done512

lastesc512:
	// The cleared lanes are zero bytes, which ESCAPES512 flags.
	KANDQ     K4, K2, K2
	VMOVDQU64 Z0, (DI)
	MOVQ      CX, R12
	KORTESTQ  K2, K2
	JNZ       escapes512
	ADDQ      CX, SI
	ADDQ      CX, DI
	JMP       done512

escapes512:
	// The block in Z0, R12 bytes of it, was stored at DI; K2 flags the
	// bytes to escape. Each is written from its sequence, followed by
	// the rest of the block again, loaded from src under the mask of its
	// lanes (quoteRestMask64), the others zero.
	KMOVQ     K2, DX
	LEAQ      quoteRestMask64<>(SB), R11
	XORQ      R14, R14 // bytes added by escapes so far

escape512:
	BSFQ      DX, BX // the next byte to escape
	LEAQ      (DI)(BX*1), R9
	ADDQ      R14, R9 // where it goes
	MOVBQZX   (SI)(BX*1), AX
	MOVQ      (R10)(AX*8), AX
	MOVQ      AX, (R9)
	SHRQ      $56, AX
	ADDQ      AX, R9
	LEAQ      -1(R14)(AX*1), R14
	MOVQ      R12, AX
	SUBQ      BX, AX // 1 + the bytes after this one in the block
	KMOVQ     -8(R11)(AX*8), K7
	VMOVDQU8.Z 1(SI)(BX*1), K7, Z2
	VMOVDQU64 Z2, (R9)
	LEAQ      -1(DX), AX
	ANDQ      AX, DX
	JNZ       escape512

	ADDQ      R12, SI
	SUBQ      R12, CX
	ADDQ      R12, DI
	ADDQ      R14, DI
	SUBQ      R14, R8
	VMOVDQA64 Z0, Z8
	CMPQ      R8, $384
	JLT       done512
	TESTQ     R13, R13
	JNZ       utf8512
	JMP       ascii512

done512:
	VZEROUPPER
	MOVQ src+8(FP), AX
	SUBQ AX, SI
	MOVQ SI, consumed+48(FP)
	MOVQ dst+0(FP), AX
	SUBQ AX, DI
	MOVQ DI, written+56(FP)
	RET
