//go:build amd64 && !purego

#include "textflag.h"

// The bytes the kernel compares with, broadcast to every lane.
DATA unescC22<>+0(SB)/1, $0x22
GLOBL unescC22<>(SB), RODATA|NOPTR, $1
DATA unescC5C<>+0(SB)/1, $0x5c
GLOBL unescC5C<>(SB), RODATA|NOPTR, $1
DATA unescC20<>+0(SB)/1, $0x20
GLOBL unescC20<>(SB), RODATA|NOPTR, $1

// func unescStepsAVX2(src *byte, j, lim int, dst *byte, w int, tab *[256]byte) (jOut, wOut int, high bool)
//
// unescStepsGo with 32-byte steps: each step loads 32 bytes of src at j,
// stores them to dst at w and looks for the first byte that needs care
// ('"', '\\', below 0x20, 0x80 or above: the last two are the bytes that
// are below 0x20 as signed bytes). A one-byte escape (its byte from tab)
// and a valid UTF-8 sequence of two or three bytes are handled here;
// anything else (a quote, a control character, a \u or bad escape, a
// four-byte sequence, invalid UTF-8) stops the kernel at it. It also
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

	VPBROADCASTB unescC22<>(SB), Y13
	VPBROADCASTB unescC5C<>(SB), Y14
	VPBROADCASTB unescC20<>(SB), Y15

loop:
	CMPQ      BX, CX
	JGT       done
	VMOVDQU   (SI)(BX*1), Y0
	VMOVDQU   Y0, (DI)(R9*1)
	VPCMPEQB  Y0, Y13, Y1
	VPCMPEQB  Y0, Y14, Y2
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
	BSFL    AX, AX
	ADDQ    AX, BX
	ADDQ    AX, R9
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
