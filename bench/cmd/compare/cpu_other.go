//go:build !unix

package main

import "time"

// processCPU is not available here; -cpu then falls back to wall time.
func processCPU() time.Duration { return 0 }
