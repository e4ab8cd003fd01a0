//go:build amd64 && !purego

package wire

// CPU features the amd64 kernels use, read once at start-up. A kernel
// runs only when the CPU has every instruction set it uses and the OS
// saves the registers it touches; otherwise its pure-Go twin runs.

func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

func xgetbv() (eax, edx uint32)

// cpu holds the features, decoded from CPUID leaves 1 and 7 and XCR0.
var cpu = func() (f struct {
	avx2, pclmul, popcnt, bmi1, avx512bw, avx512vbmi2 bool
}) {
	maxID, _, _, _ := cpuid(0, 0)
	if maxID < 7 {
		return f
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const pclmul, popcnt, osxsave, avx = 1 << 1, 1 << 23, 1 << 27, 1 << 28
	f.pclmul = ecx1&pclmul != 0
	f.popcnt = ecx1&popcnt != 0
	if ecx1&(osxsave|avx) != osxsave|avx {
		return f
	}
	xcr0, _ := xgetbv()
	if xcr0&6 != 6 {
		return f // the OS does not save the XMM and YMM registers
	}
	_, ebx7, ecx7, _ := cpuid(7, 0)
	const bmi1, avx2, avx512f, avx512bw = 1 << 3, 1 << 5, 1 << 16, 1 << 30
	f.bmi1 = ebx7&bmi1 != 0
	f.avx2 = ebx7&avx2 != 0
	// AVX-512 also needs the OS to save the opmask and ZMM state.
	f.avx512bw = f.avx2 && xcr0&0xe6 == 0xe6 && ebx7&(avx512f|avx512bw) == avx512f|avx512bw
	const avx512vbmi2 = 1 << 6 // in ECX
	f.avx512vbmi2 = f.avx512bw && ecx7&avx512vbmi2 != 0
	return f
}()

// hasAVX2 reports whether the CPU and the OS support AVX2 (the quoting
// kernel).
var hasAVX2 = cpu.avx2

// skHasAVX2 reports whether the CPU and the OS support what the string
// and UTF-8 kernels (skStringEndAVX2, skValidUTF8AVX2) use: AVX2,
// PCLMULQDQ and POPCNT.
var skHasAVX2 = cpu.avx2 && cpu.pclmul && cpu.popcnt

// skHasAVX512 reports whether the CPU and the OS support AVX-512F and
// AVX-512BW besides what skHasAVX2 checks.
var skHasAVX512 = skHasAVX2 && cpu.avx512bw

// skHasIdx reports whether the CPU has what skIdxAVX2 uses: AVX2,
// PCLMULQDQ, POPCNT and BMI1.
var skHasIdx = skHasAVX2 && cpu.bmi1
