//go:build !linux

package main

import "os"

// isTerminal reports whether f looks like a terminal. Without the
// terminal ioctls of each system at hand, any character device counts.
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
