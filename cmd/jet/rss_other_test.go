//go:build !linux

package main

import "os"

// maxRSS is not measured outside Linux.
func maxRSS(ps *os.ProcessState) (int64, bool) { return 0, false }
