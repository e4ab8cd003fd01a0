//go:build unix

package encoder

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user and system) the process has used:
// on a shared machine it is far less disturbed by other processes than
// wall time, so benchmarks report it as cpu-ns/op too.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
