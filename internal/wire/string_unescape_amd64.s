//go:build amd64 && !purego

#include "textflag.h"
#include "utf8_amd64.h"

// The bytes the kernel compares with, broadcast to every lane.
DATA unescC22<>+0(SB)/1, $0x22
GLOBL unescC22<>(SB), RODATA|NOPTR, $1
DATA unescC5C<>+0(SB)/1, $0x5c
GLOBL unescC5C<>(SB), RODATA|NOPTR, $1
DATA unescC20<>+0(SB)/1, $0x20
GLOBL unescC20<>(SB), RODATA|NOPTR, $1

// unescKeep[t] flags the bytes of a step but its last t.
DATA unescKeep<>+0(SB)/4, $0xffffffff
DATA unescKeep<>+4(SB)/4, $0x7fffffff
DATA unescKeep<>+8(SB)/4, $0x3fffffff
DATA unescKeep<>+12(SB)/4, $0x1fffffff
GLOBL unescKeep<>(SB), RODATA|NOPTR, $16

// func unescStepsAVX2(src *byte, j, lim int, dst *byte, w int, tab *[256]byte) (jOut, wOut int, high bool)
//
// unescStepsGo with 32-byte steps: each step loads 32 bytes of src at j,
// stores them to dst at w and looks for the first byte that needs care
// ('"', '\\', below 0x20, 0x80 or above: the last two are the bytes that
// are below 0x20 as signed bytes). A one-byte escape (its byte from tab),
// bytes of 0x80 and above that a UTF-8 check of the whole step finds
// valid, and a valid UTF-8 sequence of two or three bytes are handled
// here; anything else (a quote, a control character, a \u or bad escape,
// a four-byte sequence the check has not passed, invalid UTF-8) stops
// the kernel at it. It never stops inside a sequence. It also
// stops once j passes lim; the caller makes sure that lim+36 <= len(src)
// and that dst has room for lim-j+36 bytes from w.
TEXT ·unescStepsAVX2(SB), NOSPLIT, $0-65
	MOVQ src+0(FP), SI
	MOVQ j+8(FP), BX
	MOVQ lim+16(FP), CX
	MOVQ dst+24(FP), DI
	MOVQ w+32(FP), R9
	MOVQ tab+40(FP), R10
	XORL R11, R11 // high

	VPBROADCASTB unescC22<>(SB), Y7
	VPBROADCASTB unescC5C<>(SB), Y8
	VPBROADCASTB unescC20<>(SB), Y15
	U8CONSTANTS

loop:
	CMPQ      BX, CX
	JGT       done
	VMOVDQU   (SI)(BX*1), Y0
	VMOVDQU   Y0, (DI)(R9*1)
	VPCMPEQB  Y0, Y7, Y1
	VPCMPEQB  Y0, Y8, Y2
	VPCMPGTB  Y0, Y15, Y3
	VPOR      Y1, Y2, Y1
	VPOR      Y1, Y3, Y1
	VPMOVMSKB Y1, AX
	TESTL     AX, AX
	JNZ       care
	ADDQ      $32, BX
	ADDQ      $32, R9
	JMP       loop

care:
	// Bytes of 0x80 and above: when they are valid UTF-8 (checked for
	// the whole step at once, as if it followed ASCII: the kernel
	// starts and stops only where a sequence may start), they are
	// copied as they are, up to the first other byte that needs care;
	// else the byte-at-a-time path below sees them.
	VPMOVMSKB Y0, DX         // bytes of 0x80 and above
	TESTL DX, DX
	JZ    careany
	VPXOR Y5, Y5, Y5
	VPERM2I128 $0x21, Y0, Y5, Y1 // zeros, then the low half of the step
	VPALIGNR $15, Y1, Y0, Y2 // the step shifted by 1
	VPALIGNR $14, Y1, Y0, Y3 // by 2
	VPALIGNR $13, Y1, Y0, Y4 // by 3
	U8ERRORS(Y0, Y2, Y3, Y4, Y5, Y6)
	VPCMPEQB Y6, Y5, Y5      // (Y6 is 0) 0xff where no error
	VPMOVMSKB Y5, R8
	NOTL  R8                 // errors
	ANDNL AX, DX, R12        // the other bytes that need care
	TESTL R12, R12
	JNZ   ustop
	TESTL R8, R8
	JNZ   careany
	// The whole step: all but a sequence cut off at its end, whose lead
	// is among its last three bytes (at most one is, in valid UTF-8).
	MOVBLZX 31(SI)(BX*1), DX // 1 if a lead of 0xc0 or above
	ADDL  $0x40, DX
	SHRL  $8, DX
	MOVBLZX 30(SI)(BX*1), R8 // 2 if a lead of 0xe0 or above
	ADDL  $0x20, R8
	SHRL  $8, R8
	LEAL  (DX)(R8*2), DX
	MOVBLZX 29(SI)(BX*1), R8 // 3 if a lead of 0xf0 or above
	ADDL  $0x10, R8
	SHRL  $8, R8
	LEAL  (R8)(R8*2), R8
	ADDL  R8, DX
	LEAQ  unescKeep<>(SB), R12
	MOVL  (R12)(DX*4), R12   // the bytes taken
	MOVQ  $32, R8
	SUBQ  DX, R8
	ADDQ  R8, BX
	ADDQ  R8, R9
	VPMOVMSKB Y0, DX
	TESTL R12, DX
	JZ    loop
	MOVL  $1, R11
	JMP   loop

ustop:
	MOVL  R12, R13
	NEGL  R13
	ANDL  R12, R13           // the first other byte, as a bit
	LEAL  -1(R13), R12       // the bytes before it
	TESTL R12, DX
	JZ    careany            // none of 0x80 or above
	LEAL  -1(R13)(R13*1), R12 // and it (a sequence it cuts off is an error at it)
	TESTL R8, R12
	JNZ   careany
	BSFL  R13, R13
	ADDQ  R13, BX
	ADDQ  R13, R9
	MOVL  $1, R11
	JMP   careat

careany:
	BSFL    AX, AX
	ADDQ    AX, BX
	ADDQ    AX, R9

careat:
	MOVBLZX (SI)(BX*1), DX
	CMPL    DX, $0x5c
	JNE     notesc
	MOVBLZX 1(SI)(BX*1), DX
	MOVBLZX (R10)(DX*1), DX
	TESTL   DX, DX
	JZ      done
	MOVB    DX, (DI)(R9*1)
	ADDQ    $2, BX
	INCQ    R9
	JMP     loop

notesc:
	CMPL DX, $0x80
	JB   done
	MOVL (SI)(BX*1), DX
	// Two bytes: a lead C2 to DF and a continuation.
	MOVL DX, R8
	ANDL $0xc0e0, R8
	CMPL R8, $0x80c0
	JNE  three
	CMPB DX, $0xc2
	JB   done
	MOVL DX, (DI)(R9*1)
	ADDQ $2, BX
	ADDQ $2, R9
	MOVL $1, R11
	JMP  loop

three:
	// Three bytes: a lead E0 to EF and two continuations, not overlong
	// (E0 then below A0) nor a surrogate (ED then A0 or above). Bit 5 of
	// a continuation is whether it is A0 or above.
	MOVL DX, R8
	ANDL $0xc0c0f0, R8
	CMPL R8, $0x8080e0
	JNE  done
	MOVL DX, R8
	ANDL $0x200f, R8
	JZ   done        // E0 below A0
	CMPL R8, $0x200d // ED, A0 or above
	JEQ  done
	MOVL DX, (DI)(R9*1)
	ADDQ $3, BX
	ADDQ $3, R9
	MOVL $1, R11
	JMP  loop

done:
	VZEROUPPER
	MOVQ BX, jOut+48(FP)
	MOVQ R9, wOut+56(FP)
	MOVB R11, high+64(FP)
	RET
