package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// A flagSpec is one option of a command. Options may come before, after
// or between the command's other arguments, as --name, --name=value,
// --name value, -s or -s value; "--" ends the options.
type flagSpec struct {
	long, short string
	arg         string // the value's name in the help; "" for a switch
	help        string
	set         func(v string) error // for options with a value
	on          *bool                // for switches
}

// A cmdSpec describes a command for parsing and for --help.
type cmdSpec struct {
	name  string
	args  string // the arguments after the options, for the usage line
	about string // what the command does, shown by --help
	flags []flagSpec
}

// errHelp is returned by parse when --help or -h was given.
var errHelp = errors.New("help requested")

// usageError is a mistake in the command line (exit status 2).
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return &usageError{fmt.Sprintf(format, a...)} }

// parse separates options from the other arguments and applies the
// options.
func (c *cmdSpec) parse(args []string) ([]string, error) {
	var pos []string
	for k := 0; k < len(args); k++ {
		a := args[k]
		if a == "--" {
			return append(pos, args[k+1:]...), nil
		}
		if a == "-" || !strings.HasPrefix(a, "-") || isNumberArg(a) {
			pos = append(pos, a)
			continue
		}
		if a == "-h" || a == "--help" || a == "-help" {
			return nil, errHelp
		}
		name, val, hasVal := a, "", false
		if strings.HasPrefix(a, "--") {
			name = a[2:]
			if i := strings.IndexByte(name, '='); i >= 0 {
				name, val, hasVal = name[:i], name[i+1:], true
			}
		} else {
			name = a[1:]
			if len(name) > 1 {
				// -j4: a short option with its value attached.
				name, val, hasVal = name[:1], name[1:], true
			}
		}
		f := c.lookup(name, !strings.HasPrefix(a, "--"))
		if f == nil {
			return nil, usagef("unknown option %s", a)
		}
		if f.on != nil {
			if hasVal {
				b, err := strconv.ParseBool(val)
				if err != nil {
					return nil, usagef("option %s takes no value", a)
				}
				*f.on = b
			} else {
				*f.on = true
			}
			continue
		}
		if !hasVal {
			if k+1 >= len(args) {
				return nil, usagef("option %s needs a value (%s)", a, f.arg)
			}
			k++
			val = args[k]
		}
		if err := f.set(val); err != nil {
			return nil, usagef("option %s: %v", a, err)
		}
	}
	return pos, nil
}

func (c *cmdSpec) lookup(name string, short bool) *flagSpec {
	for i := range c.flags {
		f := &c.flags[i]
		if short && f.short == name || !short && f.long == name {
			return f
		}
	}
	return nil
}

// isNumberArg reports whether a looks like a negative number, which is a
// value (jet set n -1) rather than an option.
func isNumberArg(a string) bool {
	return len(a) > 1 && a[0] == '-' && (a[1] >= '0' && a[1] <= '9' || a[1] == '.')
}

// help writes the command's usage, description and options.
func (c *cmdSpec) help(w io.Writer) {
	fmt.Fprintf(w, "usage: jet %s [options] %s\n\n%s\n", c.name, c.args, strings.TrimSpace(c.about))
	if len(c.flags) == 0 {
		return
	}
	fmt.Fprintln(w, "\noptions:")
	var names []string
	width := 0
	for _, f := range c.flags {
		n := "--" + f.long
		if f.short != "" {
			n = "-" + f.short + ", " + n
		} else {
			n = "    " + n
		}
		if f.arg != "" {
			n += " " + f.arg
		}
		names = append(names, n)
		width = max(width, len(n))
	}
	for i, f := range c.flags {
		lines := strings.Split(f.help, "\n")
		fmt.Fprintf(w, "  %-*s  %s\n", width, names[i], lines[0])
		for _, l := range lines[1:] {
			fmt.Fprintf(w, "  %-*s  %s\n", width, "", l)
		}
	}
}

// stringFlag, intFlag and boolFlag build flagSpecs that store into p.
func stringFlag(p *string, long, short, arg, help string) flagSpec {
	return flagSpec{long: long, short: short, arg: arg, help: help, set: func(v string) error { *p = v; return nil }}
}

func intFlag(p *int, long, short, arg, help string) flagSpec {
	return flagSpec{long: long, short: short, arg: arg, help: help, set: func(v string) error {
		n, err := strconv.Atoi(v)
		if err != nil {
			return fmt.Errorf("%q is not a number", v)
		}
		*p = n
		return nil
	}}
}

func boolFlag(p *bool, long, short, help string) flagSpec {
	return flagSpec{long: long, short: short, help: help, on: p}
}
