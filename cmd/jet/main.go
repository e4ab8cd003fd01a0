package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// Exit statuses.
const (
	exitOK    = 0 // success
	exitFail  = 1 // invalid input, a path not found, an input that cannot be read
	exitUsage = 2 // a mistake in the command line
)

// env is what a command sees of the world, so that tests can run
// commands in-process.
type env struct {
	stdin                io.Reader
	stdout, stderr       io.Writer
	stdoutTTY, stderrTTY bool
	getenv               func(string) string
}

type command struct {
	name, summary string
	run           func(e *env, args []string) int
}

func commands() []command {
	return []command{
		{"fmt", "pretty-print or compact JSON", runFmt},
		{"valid", "check that inputs are JSON; show where they are not", runValid},
		{"get", "print the value at a path", runGet},
		{"set", "set the value at a path and print the document", runSet},
		{"del", "delete the value at a path and print the document", runDel},
		{"keys", "list the keys of an object (or indexes of an array)", runKeys},
		{"len", "print the length of an object, array or string", runLen},
		{"ndjson", "valid, fmt or get on each line of newline-delimited JSON", runNDJSON},
		{"bench", "compare jet with encoding/json on built-in sample documents", runBench},
	}
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage: jet <command> [options] [arguments]

jet does the everyday JSON jobs from the shell, fast. Inputs are files or
standard input ("-" or no file); output goes to standard output, errors to
standard error.

commands:
`)
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, `
Paths: statuses.3.user.screen_name (keys and array indexes separated by
dots) or a JSON Pointer, /statuses/3/user/screen_name.

Exit status: 0 success, 1 invalid input or path not found, 2 usage error.
Output is colored only when standard output is a terminal and NO_COLOR is
not set.

Run 'jet <command> --help' for a command's options.
`)
}

func run(e *env, args []string) int {
	if len(args) == 0 {
		usage(e.stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			// jet help CMD is jet CMD --help.
			name, args = args[1], []string{args[1], "--help"}
			break
		}
		usage(e.stdout)
		return exitOK
	}
	for _, c := range commands() {
		if c.name == name {
			return c.run(e, args[1:])
		}
	}
	fmt.Fprintf(e.stderr, "jet: unknown command %q\n\n", name)
	usage(e.stderr)
	return exitUsage
}

// parseArgs parses a command's options and handles --help and usage
// errors; done is true when the command should return status at once.
func (e *env) parseArgs(c *cmdSpec, args []string) (pos []string, status int, done bool) {
	pos, err := c.parse(args)
	if errors.Is(err, errHelp) {
		c.help(e.stdout)
		return nil, exitOK, true
	}
	if err != nil {
		return nil, e.usageErr(c, err.Error()), true
	}
	return pos, exitOK, false
}

// usageErr reports a mistake in the command line and returns exitUsage.
func (e *env) usageErr(c *cmdSpec, msg string) int {
	fmt.Fprintf(e.stderr, "jet %s: %s\nusage: jet %s [options] %s\nRun 'jet %s --help' for details.\n",
		c.name, msg, c.name, c.args, c.name)
	return exitUsage
}

// colorOn decides whether output is colored: never when NO_COLOR is set
// to anything, otherwise as the --color option says (auto: when standard
// output is a terminal).
func (e *env) colorOn(when string) bool {
	if e.getenv("NO_COLOR") != "" {
		return false
	}
	switch when {
	case "always":
		return true
	case "never":
		return false
	}
	return e.stdoutTTY
}

// colorFlag is the --color option shared by commands that print JSON.
func colorFlag(p *string) flagSpec {
	return flagSpec{long: "color", arg: "WHEN", help: "color the output: auto (when writing to a terminal), always, never;\nNO_COLOR in the environment turns colors off",
		set: func(v string) error {
			switch v {
			case "auto", "always", "never":
				*p = v
				return nil
			}
			return fmt.Errorf("want auto, always or never, not %q", v)
		}}
}

// parseIndent turns --indent's value into the indentation string.
func parseIndent(v string) (string, error) {
	if v == "tab" || v == `\t` {
		return "\t", nil
	}
	n := 0
	for _, c := range v {
		if c < '0' || c > '9' {
			n = -1
			break
		}
		n = n*10 + int(c-'0')
		if n > 16 {
			break
		}
	}
	if v == "" || n < 0 || n > 16 {
		return "", fmt.Errorf("want a number of spaces from 0 to 16 or \"tab\", not %q", v)
	}
	return strings.Repeat(" ", n), nil
}

func main() {
	e := &env{
		stdin:     os.Stdin,
		stdout:    os.Stdout,
		stderr:    os.Stderr,
		stdoutTTY: isTerminal(os.Stdout),
		stderrTTY: isTerminal(os.Stderr),
		getenv:    os.Getenv,
	}
	os.Exit(run(e, os.Args[1:]))
}
