//go:build linux

package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// openPTY opens a pseudo-terminal pair, or skips the test when the
// system has none to give.
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	var unlock int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		m.Close()
		t.Skipf("no pseudo-terminal: unlock: %v", e)
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		m.Close()
		t.Skipf("no pseudo-terminal: number: %v", e)
	}
	s, err := os.OpenFile("/dev/pts/"+strconv.Itoa(int(n)), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		m.Close()
		t.Skipf("no pseudo-terminal: %v", err)
	}
	return m, s
}

// runOnTerminal runs jet with its standard output (or standard error)
// on a terminal and returns what the terminal received.
func runOnTerminal(t *testing.T, env []string, stderr bool, args ...string) string {
	t.Helper()
	m, s := openPTY(t)
	defer m.Close()
	cmd := exec.Command(jetBinary(t), args...)
	cmd.Dir = filepath.Join("testdata", "in")
	cmd.Env = append(os.Environ(), env...)
	if stderr {
		cmd.Stderr = s
	} else {
		cmd.Stdout = s
	}
	if err := cmd.Start(); err != nil {
		s.Close()
		t.Fatal(err)
	}
	s.Close()
	out := make(chan string)
	go func() {
		b, _ := io.ReadAll(m) // ends with EIO once the child has exited
		out <- string(b)
	}()
	cmd.Wait()
	return <-out
}

func TestTerminalColor(t *testing.T) {
	const esc = "\x1b["
	if got := runOnTerminal(t, nil, false, "fmt", "small.json"); !strings.Contains(got, esc) {
		t.Errorf("no colors on a terminal: %q", got)
	}
	if got := runOnTerminal(t, []string{"NO_COLOR=1"}, false, "fmt", "small.json"); strings.Contains(got, esc) || !strings.Contains(got, `"name"`) {
		t.Errorf("colors on a terminal with NO_COLOR set: %q", got)
	}
	if got := runOnTerminal(t, nil, false, "fmt", "--color", "never", "small.json"); strings.Contains(got, esc) {
		t.Errorf("colors on a terminal with --color never: %q", got)
	}
	if got := runOnTerminal(t, nil, true, "valid", "bad_comma.json"); !strings.Contains(got, esc) || !strings.Contains(got, "bad_comma.json:3:") {
		t.Errorf("error on a terminal not highlighted: %q", got)
	}
	if got := runOnTerminal(t, []string{"NO_COLOR=yes"}, true, "valid", "bad_comma.json"); strings.Contains(got, esc) {
		t.Errorf("error on a terminal with NO_COLOR set is colored: %q", got)
	}
}

func TestIsTerminal(t *testing.T) {
	m, s := openPTY(t)
	defer m.Close()
	defer s.Close()
	if !isTerminal(s) {
		t.Error("a pseudo-terminal is not a terminal")
	}
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	if isTerminal(null) {
		t.Error("/dev/null is a terminal")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if isTerminal(w) {
		t.Error("a pipe is a terminal")
	}
}
