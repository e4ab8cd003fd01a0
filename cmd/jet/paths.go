package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"unicode/utf8"

	"github.com/jetjson/jet"
	"github.com/jetjson/jet/ast"
	"github.com/jetjson/jet/internal/jsonstream"
	"github.com/jetjson/jet/internal/wire"
)

// pathHelp explains paths in the --help of the commands that take one.
const pathHelp = `PATH is dotted keys and array indexes, statuses.3.user.screen_name (a
leading '.', as in jq, is allowed; '\' makes the next '.', '*', '?' or
'#' literal), or a JSON Pointer, /statuses/3/user/screen_name. "" or "."
is the whole document.`

// normPath turns the command line's path into the library's syntax: a
// jq-style leading '.' is dropped and "." is the whole document.
func normPath(p string) string {
	if len(p) > 0 && p[0] == '.' {
		return p[1:]
	}
	return p
}

// badPath reports a malformed PATH as a usage error; ok is false then.
func (e *env) badPath(c *cmdSpec, path string) (status int, ok bool) {
	if _, err := ast.ParsePath(normPath(path)); err != nil {
		return e.usageErr(c, "bad PATH: "+err.Error()), false
	}
	return exitOK, true
}

// showPath is how messages quote a path.
func showPath(p string) string {
	if p == "" || p == "." {
		return "the document"
	}
	return strconv.Quote(p)
}

// valueAt names the value at a path in messages.
func valueAt(p string) string {
	if p == "" || p == "." {
		return "the document"
	}
	return "the value at " + strconv.Quote(p)
}

// lookup reads the document named by file and finds the value at path,
// checking the whole document. The document must stay unchanged while
// the Node is used.
func (e *env) lookup(path, file string) (ast.Node, []byte, string, error) {
	data, name, err := e.readAll(file)
	if err != nil {
		return ast.Node{}, nil, name, err
	}
	n, err := ast.NewSearcherOptions(wire.StringOf(data), ast.SearchOptions{ValidateJSON: true}).GetPath(normPath(path))
	return n, data, name, err
}

// reportDoc reports an error about the document data read from name: a
// syntax error with its line and column, a path that leads nowhere, or
// anything else.
func (e *env) reportDoc(name string, data []byte, path string, err error) {
	var se *wire.SyntaxError
	if errors.As(err, &se) && data != nil {
		e.reportSyntax(name, jsonstream.Locate(wire.StringOf(data), se))
		return
	}
	if errors.Is(err, ast.ErrNotFound) {
		fmt.Fprintf(e.stderr, "jet: %s: no value at path %s\n", name, showPath(path))
		return
	}
	e.report(name, err)
}

// oneFile checks that at most one file was given and returns it ("-" if
// none).
func oneFile(files []string) (string, bool) {
	switch len(files) {
	case 0:
		return "-", true
	case 1:
		return files[0], true
	}
	return "", false
}

// printJSON writes a JSON value followed by a newline, colored if asked.
func (e *env) printJSON(raw string, color bool) error {
	if color {
		err := jsonstream.Process(e.stdout, bytes.NewReader([]byte(raw)), jsonstream.Options{Mode: jsonstream.Preserve, Color: true})
		if err == nil {
			_, err = io.WriteString(e.stdout, "\n")
		}
		return err
	}
	_, err := io.WriteString(e.stdout, raw+"\n")
	return err
}

// appendValue appends the node's JSON text (or, with unquote and a
// string, its value) and a newline.
func appendValue(dst []byte, n *ast.Node, unquote bool) ([]byte, error) {
	if unquote && n.Type() == ast.V_STRING {
		s, err := n.String()
		if err != nil {
			return dst, err
		}
		return append(append(dst, s...), '\n'), nil
	}
	raw, err := n.Raw()
	if err != nil {
		return dst, err
	}
	return append(append(dst, raw...), '\n'), nil
}

// appendGet is ndjson get's work on one line.
func appendGet(dst, line []byte, path string, unquote bool) ([]byte, error) {
	n, err := ast.NewSearcherOptions(wire.StringOf(line), ast.SearchOptions{ValidateJSON: true}).GetPath(normPath(path))
	if err != nil {
		if errors.Is(err, ast.ErrNotFound) {
			return dst, fmt.Errorf("no value at path %s", showPath(path))
		}
		return dst, err
	}
	return appendValue(dst, &n, unquote)
}

func runGet(e *env, args []string) int {
	var unquote bool
	color := "auto"
	c := &cmdSpec{
		name: "get",
		args: "PATH [FILE]",
		about: `Print the value at PATH as it is written in the document (its raw JSON
text), followed by a newline. With -r, a string is printed as its value,
without quotes or escapes. The whole document is checked: invalid JSON is
an error even after the value. A PATH that leads to no value is an error
(exit status 1).

` + pathHelp + `
A '#' gives an array's length (statuses.#) or, with more after it,
collects a value from every element (statuses.#.id); '*' and '?' match
keys.`,
		flags: []flagSpec{
			boolFlag(&unquote, "string", "r", "print a string's value, without quotes"),
			colorFlag(&color),
		},
	}
	pos, status, done := e.parseArgs(c, args)
	if done {
		return status
	}
	if len(pos) == 0 {
		return e.usageErr(c, "missing PATH")
	}
	file, ok := oneFile(pos[1:])
	if !ok {
		return e.usageErr(c, "too many arguments")
	}
	if status, ok := e.badPath(c, pos[0]); !ok {
		return status
	}
	n, data, name, err := e.lookup(pos[0], file)
	if err != nil {
		e.reportDoc(name, data, pos[0], err)
		return exitFail
	}
	if unquote && n.Type() == ast.V_STRING {
		out, err := appendValue(nil, &n, true)
		if err == nil {
			_, err = e.stdout.Write(out)
		}
		if err != nil {
			e.report(name, err)
			return exitFail
		}
		return exitOK
	}
	raw, err := n.Raw()
	if err == nil {
		err = e.printJSON(raw, e.colorOn(color))
	}
	if err != nil {
		e.report(name, err)
		return exitFail
	}
	return exitOK
}

// editFlags are the options of set and del.
type editFlags struct {
	inPlace bool
}

func (f *editFlags) specs() []flagSpec {
	return []flagSpec{boolFlag(&f.inPlace, "in-place", "i", "rewrite FILE with the result (atomically: a temporary file renamed\nover it; on any error FILE is left as it was)")}
}

// finishEdit writes an edited document: over the file with --in-place
// (byte for byte), else to standard output, ending with a newline.
func (e *env) finishEdit(f *editFlags, file, name string, out []byte) int {
	var err error
	if f.inPlace {
		err = writeFileAtomic(file, func(w io.Writer) error {
			_, err := w.Write(out)
			return err
		})
	} else {
		if len(out) == 0 || out[len(out)-1] != '\n' {
			out = append(out, '\n')
		}
		_, err = e.stdout.Write(out)
	}
	if err != nil {
		e.report(name, err)
		return exitFail
	}
	return exitOK
}

// editTarget reads the document to edit.
func (e *env) editTarget(c *cmdSpec, f *editFlags, files []string) (file string, data []byte, name string, status int, ok bool) {
	file, ok = oneFile(files)
	if !ok {
		return "", nil, "", e.usageErr(c, "too many arguments"), false
	}
	if f.inPlace && file == "-" {
		return "", nil, "", e.usageErr(c, "--in-place needs a FILE, not standard input"), false
	}
	data, name, err := e.readAll(file)
	if err != nil {
		e.report(name, err)
		return "", nil, name, exitFail, false
	}
	return file, data, name, exitOK, true
}

func runSet(e *env, args []string) int {
	var ef editFlags
	var asString bool
	c := &cmdSpec{
		name: "set",
		args: "PATH VALUE [FILE]",
		about: `Print the document with the value at PATH replaced by VALUE, a JSON value
(with --string, any text, set as a JSON string). Only the edited value
changes; every other byte of the document is copied as it is. Missing
object members are created, with objects for missing levels ("-1", or
"-" in a JSON Pointer, appends to an array). The whole document is
checked first.

` + pathHelp,
		flags: append([]flagSpec{boolFlag(&asString, "string", "s", "set VALUE as a string")}, ef.specs()...),
	}
	pos, status, done := e.parseArgs(c, args)
	if done {
		return status
	}
	if len(pos) < 2 {
		return e.usageErr(c, "missing PATH or VALUE")
	}
	path, value := pos[0], pos[1]
	if status, ok := e.badPath(c, path); !ok {
		return status
	}
	raw := []byte(value)
	if asString {
		raw = wire.AppendQuoted(nil, value, false)
	} else if !jet.ValidString(value) {
		fmt.Fprintf(e.stderr, "jet set: VALUE %s is not JSON (use --string to set it as a string)\n", strconv.Quote(value))
		return exitUsage
	}
	file, data, name, status, ok := e.editTarget(c, &ef, pos[2:])
	if !ok {
		return status
	}
	out, err := jet.SetRawPath(data, normPath(path), raw)
	if err != nil {
		e.reportDoc(name, data, path, err)
		return exitFail
	}
	return e.finishEdit(&ef, file, name, out)
}

func runDel(e *env, args []string) int {
	var ef editFlags
	c := &cmdSpec{
		name: "del",
		args: "PATH [FILE]",
		about: `Print the document without the value at PATH: an object member goes with
its key, an array element with its comma. Every other byte is copied as
it is. A PATH that leads to no value is an error (exit status 1).

` + pathHelp,
		flags: ef.specs(),
	}
	pos, status, done := e.parseArgs(c, args)
	if done {
		return status
	}
	if len(pos) == 0 {
		return e.usageErr(c, "missing PATH")
	}
	path := pos[0]
	if status, ok := e.badPath(c, path); !ok {
		return status
	}
	if normPath(path) == "" {
		return e.usageErr(c, "cannot delete the whole document")
	}
	file, data, name, status, ok := e.editTarget(c, &ef, pos[1:])
	if !ok {
		return status
	}
	out, err := jet.DeletePath(data, normPath(path))
	if err != nil {
		e.reportDoc(name, data, path, err)
		return exitFail
	}
	return e.finishEdit(&ef, file, name, out)
}

// pathAndFile sorts out the arguments of keys and len, [PATH] [FILE]:
// with one argument, it is the FILE if a file of that name exists (or it
// is "-"), and the PATH otherwise.
func pathAndFile(pos []string) (path, file string, ok bool) {
	switch len(pos) {
	case 0:
		return "", "-", true
	case 1:
		if pos[0] == "-" {
			return "", "-", true
		}
		if fi, err := os.Stat(pos[0]); err == nil && !fi.IsDir() {
			return "", pos[0], true
		}
		return pos[0], "-", true
	case 2:
		return pos[0], pos[1], true
	}
	return "", "", false
}

const pathFileHelp = `With one argument, it is taken as FILE when a file of that name exists,
and as PATH (reading standard input) otherwise.

`

func runKeys(e *env, args []string) int {
	var asJSON bool
	c := &cmdSpec{
		name: "keys",
		args: "[PATH] [FILE]",
		about: `Print the keys of the object at PATH (the whole document if no PATH), one
per line, in document order; for an array, its indexes. Use --json for a
JSON array of the keys, which stays unambiguous when keys hold newlines.

` + pathFileHelp + pathHelp,
		flags: []flagSpec{boolFlag(&asJSON, "json", "", "print the keys as a JSON array of strings")},
	}
	pos, status, done := e.parseArgs(c, args)
	if done {
		return status
	}
	path, file, ok := pathAndFile(pos)
	if !ok {
		return e.usageErr(c, "too many arguments")
	}
	if status, ok := e.badPath(c, path); !ok {
		return status
	}
	n, data, name, err := e.lookup(path, file)
	if err != nil {
		e.reportDoc(name, data, path, err)
		return exitFail
	}
	var out []byte
	if asJSON {
		out = append(out, '[')
	}
	add := func(i int, key string) {
		if asJSON {
			if i > 0 {
				out = append(out, ',')
			}
			out = wire.AppendQuoted(out, key, false)
		} else {
			out = append(append(out, key...), '\n')
		}
	}
	switch n.Type() {
	case ast.V_OBJECT:
		i := 0
		for k := range n.Members() {
			add(i, k)
			i++
		}
	case ast.V_ARRAY:
		for i := range n.Elements() {
			add(i, strconv.Itoa(i))
		}
	default:
		fmt.Fprintf(e.stderr, "jet: %s: %s is %s, which has no keys\n", name, valueAt(path), kindName(n.Type()))
		return exitFail
	}
	if asJSON {
		out = append(out, ']', '\n')
	}
	if _, err := e.stdout.Write(out); err != nil {
		e.report(name, err)
		return exitFail
	}
	return exitOK
}

func runLen(e *env, args []string) int {
	c := &cmdSpec{
		name: "len",
		args: "[PATH] [FILE]",
		about: `Print the length of the value at PATH (the whole document if no PATH):
the number of members of an object, of elements of an array, or of
characters (Unicode code points) of a string.

` + pathFileHelp + pathHelp,
	}
	pos, status, done := e.parseArgs(c, args)
	if done {
		return status
	}
	path, file, ok := pathAndFile(pos)
	if !ok {
		return e.usageErr(c, "too many arguments")
	}
	if status, ok := e.badPath(c, path); !ok {
		return status
	}
	n, data, name, err := e.lookup(path, file)
	if err != nil {
		e.reportDoc(name, data, path, err)
		return exitFail
	}
	var length int
	switch n.Type() {
	case ast.V_OBJECT, ast.V_ARRAY:
		length, err = n.Len()
	case ast.V_STRING:
		var s string
		s, err = n.String()
		length = utf8.RuneCountInString(s)
	default:
		fmt.Fprintf(e.stderr, "jet: %s: %s is %s, which has no length\n", name, valueAt(path), kindName(n.Type()))
		return exitFail
	}
	if err != nil {
		e.report(name, err)
		return exitFail
	}
	if _, err := fmt.Fprintln(e.stdout, length); err != nil {
		e.report(name, err)
		return exitFail
	}
	return exitOK
}

// kindName names a Node type for messages.
func kindName(t int) string {
	switch t {
	case ast.V_NULL:
		return "null"
	case ast.V_TRUE, ast.V_FALSE:
		return "a boolean"
	case ast.V_NUMBER:
		return "a number"
	case ast.V_STRING:
		return "a string"
	case ast.V_ARRAY:
		return "an array"
	case ast.V_OBJECT:
		return "an object"
	}
	return "no value"
}
