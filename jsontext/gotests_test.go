package jsontext_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestGoJSONTextSuite runs Go's own tests of encoding/json/jsontext
// against this package. They are not in the repository: the test copies
// them, at test time, from the GOROOT of the toolchain running it. It
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
//   - calls of rawToken go to glue (see goSuiteIdentRenames).
//
// Set JET_GOSUITE_KEEP=1 to keep the temporary module (its path is
// logged) for running its tests by hand.
func TestGoJSONTextSuite(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping Go's jsontext test suite in short mode: it builds and runs a module of its own")
	}
	goroot := runtime.GOROOT()
	if goroot == "" { // a test binary built with -trimpath
		out, err := exec.Command("go", "env", "GOROOT").Output()
		if err != nil {
			t.Skipf("cannot find GOROOT: go env GOROOT: %v", err)
		}
		goroot = strings.TrimSpace(string(out))
	}
	if !goSuiteReleaseTag("go1.27") {
		t.Skipf("this package has the API of Go 1.27's jsontext, and the tests in GOROOT %s are %s's: run with Go 1.27 or later", goroot, runtime.Version())
	}
	srcDir := filepath.Join(goroot, "src", "encoding", "json", "jsontext")
	testFiles, err := goSuiteTestFiles(srcDir)
	if err != nil {
		t.Skipf("no jsontext tests in GOROOT %s: %v", goroot, err)
	}
	if len(testFiles) == 0 {
		t.Skipf("GOROOT %s (%s) has no jsontext tests that build: they need GOEXPERIMENT=jsonv2", goroot, runtime.Version())
	}
	goCmd := filepath.Join(goroot, "bin", "go")
	if runtime.GOOS == "windows" {
		goCmd += ".exe"
	}
	if out, err := exec.Command(goCmd, "version").CombinedOutput(); err != nil {
		t.Skipf("cannot run %s: %v\n%s", goCmd, err, out)
	}

	start := time.Now()
	var dir string
	if os.Getenv("JET_GOSUITE_KEEP") != "" {
		dir, err = os.MkdirTemp("", "jet-gojsontext-")
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("keeping the module in %s", dir)
	} else {
		dir = t.TempDir()
	}
	if err := goSuiteBuildModule(goroot, dir, srcDir, testFiles); err != nil {
		t.Fatalf("building the module of Go's tests: %v", err)
	}

	// Time out before this test does, so that the go test run here
	// reports where it hung rather than outliving this test binary.
	timeout := 10 * time.Minute
	if deadline, ok := t.Deadline(); ok {
		timeout = time.Until(deadline) * 9 / 10
	}
	// -mod=mod: the module's go.mod lists jet only; should jet come to
	// require modules, the go command adds them (from jet's go.mod, with
	// jet's go.sum copied).
	cmd := exec.Command(goCmd, "test", "-mod=mod", "-json", "-count=1", "-timeout="+timeout.Round(time.Second).String(), "./jsontext")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		"GOTOOLCHAIN=local", // this toolchain, whatever the go line says
		"GOWORK=off",
	)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	t.Logf("building the module and running go test on it took %v", time.Since(start).Round(time.Millisecond))

	res, err := goSuiteParse(stdout.Bytes())
	if err != nil {
		t.Fatalf("reading go test -json output: %v\n%s", err, stderr.Bytes())
	}
	if len(res.order) == 0 {
		t.Fatalf("go test ran no tests (%v):\n%s%s", runErr, strings.Join(res.pkgOutput, ""), stderr.Bytes())
	}

	var passed, failed, skipped []string
	for _, name := range res.order {
		action := res.action[name]
		switch action {
		case "pass":
			passed = append(passed, name)
		case "skip":
			skipped = append(skipped, name)
		default:
			failed = append(failed, name)
		}
		t.Run(name, func(t *testing.T) {
			switch action {
			case "pass":
			case "skip":
				t.Skipf("skipped:\n%s", strings.Join(res.failureOutput(name), ""))
			default:
				if action == "" {
					// The test binary died inside this test (a panic, a
					// timeout): what it printed is the package's output.
					t.Errorf("did not finish:\n%s%s", strings.Join(res.output[name], ""), strings.Join(res.pkgOutput, ""))
					return
				}
				t.Errorf("failed:\n%s", strings.Join(res.failureOutput(name), ""))
			}
		})
	}
	t.Logf("Go's jsontext tests on jet: %d passed, %d failed, %d skipped", len(passed), len(failed), len(skipped))
	t.Logf("passed: %s", strings.Join(passed, " "))
	if len(failed) > 0 {
		t.Logf("failed: %s", strings.Join(failed, " "))
	}
	if len(skipped) > 0 {
		t.Logf("skipped: %s", strings.Join(skipped, " "))
	}
	for _, name := range goSuiteSortedKeys(goSuiteExcluded) {
		t.Logf("excluded: %s (%s)", name, goSuiteExcluded[name])
	}
	if runErr != nil && len(failed) == 0 {
		t.Errorf("go test failed: %v\n%s%s", runErr, strings.Join(res.pkgOutput, ""), stderr.Bytes())
	}
}

// goSuiteModule is the module path of the temporary module. It must be
// inside github.com/jetjson/jet for its packages to import jet's internal
// packages. The glue in testdata/goshim imports its packages by this
// path.
const goSuiteModule = "github.com/jetjson/jet/gojsontextshim"

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

// goSuiteReleaseTag reports whether the running toolchain is the release
// tag's or a later one.
func goSuiteReleaseTag(tag string) bool {
	for _, t := range build.Default.ReleaseTags {
		if t == tag {
			return true
		}
	}
	return false
}

// goSuiteTestFiles lists the test files in dir that build with the
// toolchain running the test (they need GOEXPERIMENT jsonv2).
func goSuiteTestFiles(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range ents {
		if e.IsDir() || !strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		ok, err := build.Default.MatchFile(dir, e.Name())
		if err != nil {
			return nil, err
		}
		if ok {
			names = append(names, e.Name())
		}
	}
	return names, nil
}

// goSuiteBuildModule writes the temporary module into dir.
func goSuiteBuildModule(goroot, dir, srcDir string, testFiles []string) error {
	// The go line of the running toolchain's language version (its last
	// release tag), which Go's tests are written for.
	tags := build.Default.ReleaseTags
	goVersion := strings.TrimPrefix(tags[len(tags)-1], "go")
	jetRoot, jetModule, err := goSuiteJetModule()
	if err != nil {
		return err
	}
	if jetModule != "github.com/jetjson/jet" {
		return fmt.Errorf("module %s: want github.com/jetjson/jet", jetModule)
	}
	goMod := fmt.Sprintf("module %s\n\ngo %s\n\nrequire %s v0.0.0\n\nreplace %s => %s\n",
		goSuiteModule, goVersion, jetModule, jetModule, strconv.Quote(jetRoot))
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(goMod), 0o666); err != nil {
		return err
	}
	if err := goSuiteCopyFile(filepath.Join(dir, "go.sum"), filepath.Join(jetRoot, "go.sum")); err != nil && !os.IsNotExist(err) {
		return err
	}

	// This package's sources (not its tests).
	pkgDir := filepath.Join(dir, "jsontext")
	if err := os.MkdirAll(pkgDir, 0o777); err != nil {
		return err
	}
	ents, err := os.ReadDir(".")
	if err != nil {
		return err
	}
	for _, e := range ents {
		name := e.Name()
		switch {
		case e.IsDir(), strings.HasSuffix(name, "_test.go"):
			continue
		case strings.HasSuffix(name, ".go"), strings.HasSuffix(name, ".s"), strings.HasSuffix(name, ".h"):
			if err := goSuiteCopyFile(filepath.Join(pkgDir, name), name); err != nil {
				return err
			}
		}
	}
	if pkg, err := build.Default.ImportDir(".", 0); err != nil {
		return err
	} else if err := goSuiteCopyEmbeds(pkgDir, ".", pkg.EmbedPatterns); err != nil {
		return err
	}

	// The glue.
	for from, to := range goSuiteGlue {
		files, err := filepath.Glob(filepath.Join("testdata", "goshim", from, "*.go.txt"))
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(dir, filepath.FromSlash(to)), 0o777); err != nil {
			return err
		}
		for _, f := range files {
			dst := filepath.Join(dir, filepath.FromSlash(to), strings.TrimSuffix(filepath.Base(f), ".txt"))
			if err := goSuiteCopyFile(dst, f); err != nil {
				return err
			}
		}
	}

	// Go's test files, and the internal std packages they import.
	copied := map[string]bool{}
	for _, name := range testFiles {
		imports, err := goSuiteRewrite(filepath.Join(pkgDir, name), filepath.Join(srcDir, name), true)
		if err != nil {
			return err
		}
		for _, p := range imports {
			if err := goSuiteCopyStd(goroot, dir, p, copied); err != nil {
				return err
			}
		}
	}
	return nil
}

// goSuiteJetModule finds this repository's go.mod above the working
// directory: its directory and module path.
func goSuiteJetModule() (root, module string, err error) {
	d, err := filepath.Abs(".")
	if err != nil {
		return "", "", err
	}
	for {
		b, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil {
			for _, line := range strings.Split(string(b), "\n") {
				if f := strings.Fields(line); len(f) == 2 && f[0] == "module" {
					return d, strings.Trim(f[1], `"`), nil
				}
			}
			return "", "", fmt.Errorf("%s/go.mod has no module line", d)
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", "", fmt.Errorf("no go.mod above the working directory")
		}
		d = parent
	}
}

// goSuiteStdTarget returns the directory (relative to the module) where a
// copy of the internal std package p goes, and its import path.
func goSuiteStdTarget(p string) (dir, importPath string) {
	dir = "internal/" + path.Base(p)
	return dir, goSuiteModule + "/" + dir
}

// goSuiteIsStdInternal reports whether p is an internal std package.
func goSuiteIsStdInternal(p string) bool {
	if first, _, _ := strings.Cut(p, "/"); strings.Contains(first, ".") {
		return false
	}
	return p == "internal" || strings.HasPrefix(p, "internal/") || strings.Contains(p, "/internal/") || strings.HasSuffix(p, "/internal")
}

// goSuiteCopyStd copies the internal std package p (unless a stand-in
// replaces it) and, in turn, the internal std packages it imports.
func goSuiteCopyStd(goroot, modDir, p string, copied map[string]bool) error {
	if _, ok := goSuiteImports[p]; ok || copied[p] || !goSuiteIsStdInternal(p) {
		return nil
	}
	copied[p] = true
	src := filepath.Join(goroot, "src", filepath.FromSlash(p))
	pkg, err := build.Default.ImportDir(src, 0)
	if err != nil {
		return fmt.Errorf("std package %s: %v", p, err)
	}
	rel, _ := goSuiteStdTarget(p)
	dst := filepath.Join(modDir, filepath.FromSlash(rel))
	if err := os.MkdirAll(dst, 0o777); err != nil {
		return err
	}
	for _, name := range pkg.GoFiles {
		imports, err := goSuiteRewrite(filepath.Join(dst, name), filepath.Join(src, name), false)
		if err != nil {
			return err
		}
		for _, q := range imports {
			if err := goSuiteCopyStd(goroot, modDir, q, copied); err != nil {
				return err
			}
		}
	}
	return goSuiteCopyEmbeds(dst, src, pkg.EmbedPatterns)
}

// goSuiteCopyEmbeds copies the files of a package in src that its
// //go:embed patterns match to dst.
func goSuiteCopyEmbeds(dst, src string, patterns []string) error {
	for _, pattern := range patterns {
		files, err := filepath.Glob(filepath.Join(src, filepath.FromSlash(pattern)))
		if err != nil {
			return err
		}
		for _, f := range files {
			r, err := filepath.Rel(src, f)
			if err != nil {
				return err
			}
			if err := os.MkdirAll(filepath.Dir(filepath.Join(dst, r)), 0o777); err != nil {
				return err
			}
			if err := goSuiteCopyFile(filepath.Join(dst, r), f); err != nil {
				return err
			}
		}
	}
	return nil
}

func goSuiteCopyFile(dst, src string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, b, 0o666)
}

// goSuiteEdit replaces src[start:end] with text.
type goSuiteEdit struct {
	start, end int
	text       string
}

// goSuiteRewrite copies the Go file src to dst, pointing its imports of
// internal std packages at their stand-ins or copies, and returns the
// internal std packages it still imports. For Go's test files
// (testFile), it also removes the declarations of goSuiteExcluded (and
// the imports only they used) and renames the private fields of
// goSuiteFieldRenames. Removed text is replaced by as many newlines, so
// that line numbers in failures are those of the file in GOROOT.
func goSuiteRewrite(dst, src string, testFile bool) ([]string, error) {
	b, err := os.ReadFile(src)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, src, b, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	blank := func(start, end int) goSuiteEdit {
		return goSuiteEdit{start, end, strings.Repeat("\n", bytes.Count(b[start:end], []byte("\n")))}
	}
	var edits []goSuiteEdit

	// The declarations to leave out; names used by the others.
	used := map[string]bool{}
	for _, decl := range f.Decls {
		if testFile {
			if fd, ok := decl.(*ast.FuncDecl); ok && goSuiteExcluded[goSuiteFuncName(fd)] != "" {
				start := fd.Pos()
				if fd.Doc != nil {
					start = fd.Doc.Pos()
				}
				edits = append(edits, blank(off(start), off(fd.End())))
				continue
			}
		}
		ast.Inspect(decl, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && testFile && goSuiteIdentRenames[id.Name] != "" {
				edits = append(edits, goSuiteEdit{off(id.Pos()), off(id.End()), goSuiteIdentRenames[id.Name]})
			}
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if id, ok := sel.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
			if !testFile {
				return true
			}
			// dec.s.X and enc.s.X: Go's private buffer fields.
			inner, ok := sel.X.(*ast.SelectorExpr)
			if !ok || inner.Sel.Name != "s" {
				return true
			}
			if to, ok := goSuiteFieldRenames[sel.Sel.Name]; ok {
				edits = append(edits, goSuiteEdit{off(sel.Sel.Pos()), off(sel.Sel.End()), to})
			}
			return true
		})
		if testFile {
			// dec.s.reset(b, r) and enc.s.reset(b, w): Go's reset takes
			// its options as a variadic parameter, jet's as a slice.
			// TestCoderMaxDepth uses it to point a Decoder or an Encoder
			// at a buffer of its own, without an io.Reader or io.Writer.
			ast.Inspect(decl, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) != 2 || call.Ellipsis.IsValid() {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "reset" {
					return true
				}
				if inner, ok := sel.X.(*ast.SelectorExpr); ok && inner.Sel.Name == "s" {
					edits = append(edits, goSuiteEdit{off(call.Rparen), off(call.Rparen), ", nil"})
				}
				return true
			})
		}
	}

	var imports []string
	for _, spec := range f.Imports {
		p, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			return nil, err
		}
		name := path.Base(p)
		if len(name) >= 2 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" {
			name = path.Base(path.Dir(p)) // a major version suffix
		}
		if spec.Name != nil {
			name = spec.Name.Name
		}
		to, replaced := goSuiteImports[p]
		switch {
		case testFile && name != "_" && name != "." && !used[name],
			replaced && to == "":
			edits = append(edits, blank(off(spec.Pos()), off(spec.End())))
		case replaced:
			edits = append(edits, goSuiteEdit{off(spec.Path.Pos()), off(spec.Path.End()), strconv.Quote(to)})
		case goSuiteIsStdInternal(p):
			_, to := goSuiteStdTarget(p)
			edits = append(edits, goSuiteEdit{off(spec.Path.Pos()), off(spec.Path.End()), strconv.Quote(to)})
			imports = append(imports, p)
		}
	}

	sort.Slice(edits, func(i, j int) bool { return edits[i].start > edits[j].start })
	out := b
	for i, e := range edits {
		if i > 0 && e.end > edits[i-1].start {
			return nil, fmt.Errorf("%s: overlapping edits", src)
		}
		out = append(out[:e.start:e.start], append([]byte(e.text), out[e.end:]...)...)
	}
	return imports, os.WriteFile(dst, out, 0o666)
}

// goSuiteFuncName is a function's name, or Type.Method for a method.
func goSuiteFuncName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	typ := fd.Recv.List[0].Type
	if star, ok := typ.(*ast.StarExpr); ok {
		typ = star.X
	}
	if id, ok := typ.(*ast.Ident); ok {
		return id.Name + "." + fd.Name.Name
	}
	return fd.Name.Name
}

// goSuiteResults is what go test -json reported.
type goSuiteResults struct {
	order     []string            // top-level tests, in the order they ran
	action    map[string]string   // test (or subtest) → pass, fail or skip
	output    map[string][]string // test (or subtest) → its output lines
	subtests  map[string][]string // top-level test → its subtests, in order
	pkgOutput []string            // output outside any test
}

func goSuiteParse(out []byte) (*goSuiteResults, error) {
	res := &goSuiteResults{
		action:   map[string]string{},
		output:   map[string][]string{},
		subtests: map[string][]string{},
	}
	seen := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		line := sc.Bytes()
		if len(line) == 0 || line[0] != '{' {
			res.pkgOutput = append(res.pkgOutput, string(line)+"\n")
			continue
		}
		var ev struct {
			Action, Test, Output string
		}
		if err := json.Unmarshal(line, &ev); err != nil {
			return nil, err
		}
		if ev.Test == "" {
			if ev.Action == "output" || ev.Action == "build-output" {
				res.pkgOutput = append(res.pkgOutput, ev.Output)
			}
			continue
		}
		top, _, sub := strings.Cut(ev.Test, "/")
		if !seen[ev.Test] {
			seen[ev.Test] = true
			if sub {
				res.subtests[top] = append(res.subtests[top], ev.Test)
			} else {
				res.order = append(res.order, ev.Test)
			}
		}
		switch ev.Action {
		case "output":
			res.output[ev.Test] = append(res.output[ev.Test], ev.Output)
		case "pass", "fail", "skip":
			res.action[ev.Test] = ev.Action
		}
	}
	return res, sc.Err()
}

// failureOutput is what the top-level test name printed and, before
// that, what those of its subtests that failed (or, when name was
// skipped, were skipped) printed, each after its --- FAIL (or --- SKIP)
// line, without go test's progress lines (=== RUN and the like).
func (res *goSuiteResults) failureOutput(name string) []string {
	var lines []string
	keep := func(test string, header bool) {
		var body []string
		for _, l := range res.output[test] {
			switch t := strings.TrimSpace(l); {
			case strings.HasPrefix(l, "=== "):
			case strings.HasPrefix(t, "--- "):
				if header {
					lines = append(lines, strings.TrimLeft(l, " "))
				}
			default:
				body = append(body, l)
			}
		}
		lines = append(lines, body...)
	}
	for _, sub := range res.subtests[name] {
		if a := res.action[sub]; a == "fail" || a == "" || a == "skip" && res.action[name] == "skip" {
			keep(sub, true)
		}
	}
	keep(name, false)
	return lines
}

func goSuiteSortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
