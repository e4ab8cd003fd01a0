//go:build linux

package main

import (
	"os"
	"syscall"
)

// maxRSS returns the peak resident memory of a finished process, in
// bytes.
func maxRSS(ps *os.ProcessState) (int64, bool) {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, false
	}
	return int64(ru.Maxrss) << 10, true // Linux counts kilobytes
}
