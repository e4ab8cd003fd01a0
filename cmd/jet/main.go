// Command jet is the command-line face of the jet JSON library.
//
// Usage:
//
//	jet bench    compare jet with encoding/json on built-in documents
//	jet help     list the commands
//
// Exit codes: 0 success, 1 invalid input or not found, 2 usage error.
package main

import (
	"fmt"
	"io"
	"os"
)

type command struct {
	name, summary string
	run           func(args []string, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"bench", "compare jet with encoding/json on built-in sample documents", runBench},
	}
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: jet <command> [arguments]\n\ncommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'jet <command> --help' for a command's options.")
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		usage(stdout)
		return 0
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(args[1:], stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "jet: unknown command %q\n", args[0])
	usage(stderr)
	return 2
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
