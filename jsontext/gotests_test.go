package jsontext_test

import (
	"go/ast"
	"go/token"
	"testing"

	"github.com/jetjson/jet/internal/gosuite"
)

// TestGoJSONTextSuite runs Go's own tests of encoding/json/jsontext
// against this package. They are not in the repository: the test copies
// them, at test time, from the GOROOT of the toolchain running it (the
// machinery, shared with the root package's TestGoJSONSuite, is package
// internal/gosuite). It
// runs only with Go 1.27 or later (this package has Go 1.27's API; Go
// 1.25 and 1.26 have tests of their own API) whose jsontext tests build
// (GOEXPERIMENT jsonv2, on by default in Go 1.27), and not in short mode.
//
// Go's tests are internal tests (package jsontext): they reach into
// unexported names. The test builds, in a temporary directory, a module
// that holds a copy of this package's sources with Go's test files next
// to them, glue for the unexported names Go's tests use
// (testdata/goshim), and copies of the internal std packages they import,
// then runs `go test` on it with the same toolchain and reports each of
// Go's tests (and examples, and fuzz targets' seed corpora) as a subtest.
//
// The temporary module is github.com/jetjson/jet/gojsontextshim, outside
// the repository, with a replace directive pointing
// github.com/jetjson/jet at this repository: the go command allows a
// package to import an internal package by import path, so its packages
// may import jet's internal packages (jsonopts, wire) as this package
// does, and nothing is written inside the repository.
//
// The shim changes Go's test files only as follows (see goSuiteRewrite):
//   - imports of Go's internal packages point at the copies or the glue
//     (the jsonwire import is removed: the glue declares a variable of
//     that name, see testdata/goshim/jsontext);
//   - the tests of goSuiteExcluded are removed;
//   - where a test inspects a private field of Go's Decoder or Encoder,
//     the names are jet's (see goSuiteFieldRenames and goSuiteRewrite);
//   - calls of rawToken go to glue (see goSuiteIdentRenames);
//   - the cases of goSuiteExcludeCase are removed.
//
// Set JET_GOSUITE_KEEP=1 to keep the temporary module (its path is
// logged) for running its tests by hand.
func TestGoJSONTextSuite(t *testing.T) {
	goroot, goCmd, srcDir, testFiles := gosuite.Go127Tests(t, "encoding/json/jsontext")
	dir := gosuite.TempModule(t)
	if err := goSuite.BuildModule(goroot, dir, "jsontext", srcDir, testFiles, goSuiteGlue); err != nil {
		t.Fatalf("building the module of Go's tests: %v", err)
	}
	goSuite.Run(t, goCmd, dir, "./jsontext", "Go's jsontext tests")
}

// goSuiteModule is the module path of the temporary module. It must be
// inside github.com/jetjson/jet for its packages to import jet's internal
// packages. The glue in testdata/goshim imports its packages by this
// path.
const goSuiteModule = "github.com/jetjson/jet/gojsontextshim"

// goSuite says how Go's test files become the temporary module's
// package jsontext.
var goSuite = &gosuite.Suite{
	Module:       goSuiteModule,
	Excluded:     goSuiteExcluded,
	Imports:      goSuiteImports,
	IdentRenames: goSuiteIdentRenames,
	Edit:         goSuiteEdit,
	ExcludeCase:  goSuiteExcludeCase,
}

// goSuiteExcluded lists Go's tests (and helpers) that are removed from
// Go's test files, keyed by name (methods as Type.Method), with why.
var goSuiteExcluded = map[string]string{
	// Go's private token state machine: its stateMachine type and its
	// methods (appendLiteral, pushObject, needDelim, ...) and the
	// stateEntry.length accessor, which jet's machine does not have.
	"TestStateMachine":    "tests Go's private stateMachine type, which jet does not have",
	"stateMachine.append": "a helper method of TestStateMachine on Go's private stateMachine type",
	// Go's private objectNamespace type (insertQuoted, InsertUnquoted,
	// removeLast, mapNames), the duplicate-name set jet implements as
	// nameSet with a different interface.
	"TestObjectNamespace": "tests Go's private objectNamespace type, which jet does not have",
}

// goSuiteExcludeCase removes the cases of TestTokenClone that clone a raw
// token (rawToken(...)): they check Go's representation of a clone, a
// decode buffer of its own (Clone().raw differs from the original's, and
// the two are reflect.DeepEqual). jet's clone holds the token's text in
// the Token itself, with no buffer. What a clone does is checked against
// Go's by the differential decode tests (the clone of every token read,
// see cloneNote).
func goSuiteExcludeCase(decl string, elt ast.Expr) (name, reason string) {
	lit, ok := elt.(*ast.CompositeLit)
	if decl != "TestTokenClone" || !ok || len(lit.Elts) == 0 {
		return "", ""
	}
	call, ok := lit.Elts[0].(*ast.CallExpr)
	if !ok {
		return "", ""
	}
	if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "rawToken" || len(call.Args) != 1 {
		return "", ""
	}
	if bl, ok := call.Args[0].(*ast.BasicLit); ok {
		name = bl.Value
	}
	return name, "checks Go's private representation of a cloned raw token (its raw field), which jet's clone does not have"
}

// goSuiteFieldRenames maps the private fields of Go's decodeBuffer and
// encodeBuffer (reached as dec.s.X or enc.s.X) that Go's tests inspect to
// jet's names for them. Only tests of internal details use them:
//   - TestCoderMaxDepth resets an Encoder onto its own buffer
//     (enc.s.reset(enc.s.Buf[:0], nil));
//   - TestEncoderReset checks that Reset keeps the output buffer (Buf) and
//     AvailableBuffer's buffer (availBuffer), and when Buf aliases a
//     bytes.Buffer.
//
// jet's encoderState.buf is Go's Buf (the unflushed output; with a
// *bytes.Buffer, its free space); jet's encoderState.avail is Go's
// availBuffer (AvailableBuffer's buffer). The decoder's field that the
// tests inspect (dec.s.buf) has the same name in jet.
var goSuiteFieldRenames = map[string]string{
	"Buf":         "buf",
	"availBuffer": "avail",
}

// goSuiteIdentRenames maps unexported functions of Go's jsontext that
// Go's tests call to glue (testdata/goshim/jsontext) to call instead,
// where jet's function of that name does not do what the tests need:
//   - rawToken: Go's tests build the tokens they expect, strings with
//     escapes or invalid UTF-8 among them, as rawToken(text). Go's
//     Token.String looks at the text to unquote it; jet's relies on flags
//     that its Decoder records while reading a string, and jet's rawToken
//     (which jet only uses for literals, delimiters and "") leaves them
//     zero, meaning the text is verbatim. The glue's rawToken records
//     the flags as jet's Decoder would for that text.
var goSuiteIdentRenames = map[string]string{
	"rawToken": "goshimRawToken",
}

// goSuiteImports maps the std packages Go's tests import, other than
// public ones, to the packages that stand in for them in the temporary
// module; "" removes the import. Other internal std packages the tests
// (or these copies) import are copied from GOROOT to internal/<base>.
var goSuiteImports = map[string]string{
	// The package under test, imported by the examples.
	"encoding/json/jsontext": goSuiteModule + "/jsontext",
	// Jet has no v2 package: glue (testdata/goshim/v2) marshals with Go's
	// and formats with jet's jsontext.
	"encoding/json/v2": goSuiteModule + "/v2",
	// Glue (testdata/goshim/jsonflags): the names over jet's options.
	"encoding/json/internal/jsonflags": goSuiteModule + "/internal/jsonflags",
	// Glue (testdata/goshim/testenv): the one function the tests use.
	"internal/testenv": goSuiteModule + "/internal/testenv",
	// Glue in package jsontext (testdata/goshim/jsontext): the tests
	// build expected errors with it, so they must be jet's errors.
	"encoding/json/internal/jsonwire": "",
}

// goSuiteGlue maps the glue directories under testdata/goshim to where
// they go in the temporary module.
var goSuiteGlue = map[string]string{
	"jsontext":  "jsontext",
	"jsonflags": "internal/jsonflags",
	"testenv":   "internal/testenv",
	"v2":        "v2",
}

// goSuiteEdit renames the private fields of goSuiteFieldRenames (reached
// as dec.s.X or enc.s.X) in a declaration of Go's test files, and
// adapts calls of Go's dec.s.reset(b, r) and enc.s.reset(b, w): Go's
// reset takes its options as a variadic parameter, jet's as a slice.
// TestCoderMaxDepth uses it to point a Decoder or an Encoder at a buffer
// of its own, without an io.Reader or io.Writer.
func goSuiteEdit(decl ast.Decl, off func(token.Pos) int) []gosuite.Edit {
	var edits []gosuite.Edit
	ast.Inspect(decl, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			inner, ok := n.X.(*ast.SelectorExpr)
			if !ok || inner.Sel.Name != "s" {
				return true
			}
			if to, ok := goSuiteFieldRenames[n.Sel.Name]; ok {
				edits = append(edits, gosuite.Edit{Start: off(n.Sel.Pos()), End: off(n.Sel.End()), Text: to})
			}
		case *ast.CallExpr:
			if len(n.Args) != 2 || n.Ellipsis.IsValid() {
				return true
			}
			sel, ok := n.Fun.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "reset" {
				return true
			}
			if inner, ok := sel.X.(*ast.SelectorExpr); ok && inner.Sel.Name == "s" {
				edits = append(edits, gosuite.Edit{Start: off(n.Rparen), End: off(n.Rparen), Text: ", nil"})
			}
		}
		return true
	})
	return edits
}
