package bench

import (
	"fmt"
	"os"
	"runtime"
	"strings"

	"github.com/bytedance/sonic"
	"golang.org/x/sys/cpu"
)

// SonicNative reports whether sonic runs its own JIT/SIMD implementation
// in this build. sonic selects it with build tags (GOARCH and Go version);
// otherwise it silently falls back to encoding/json ("compat" mode), and a
// comparison with it would be a comparison with encoding/json.
func SonicNative() bool { return sonic.APIKind == sonic.UseSonicJSON }

// SonicMode describes sonic's mode in this build, with the environment
// switches that change its code paths.
func SonicMode() string {
	var b strings.Builder
	if SonicNative() {
		b.WriteString("native (JIT + SIMD)")
	} else {
		b.WriteString("COMPAT: falls back to encoding/json")
	}
	if runtime.GOARCH == "amd64" {
		fmt.Fprintf(&b, ", AVX2=%v", cpu.X86.HasAVX2)
	}
	for _, env := range []string{"SONIC_MODE", "SONIC_USE_OPTDEC", "SONIC_ENCODER_USE_VM", "SONIC_USE_FASTMAP"} {
		if v, ok := os.LookupEnv(env); ok {
			fmt.Fprintf(&b, ", %s=%q", env, v)
		}
	}
	return b.String()
}
