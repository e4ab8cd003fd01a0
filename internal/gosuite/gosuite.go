// Package gosuite runs Go's own tests of a standard library package
// against jet, for jet's tests only. The tests are not in the
// repository: they are copied, at test time, from the GOROOT of the
// toolchain running the test into a temporary module, rewritten as a
// Suite says (imports pointed at stand-ins, excluded tests removed,
// private names renamed), run there with `go test -json`, and each of
// Go's tests is reported as a subtest of the test that called Run.
//
// The temporary module's path lies inside github.com/jetjson/jet (see
// Suite.Module), and its go.mod points github.com/jetjson/jet at this
// repository with a replace directive: the go command lets a package
// import an internal package by import path, so the module's packages
// may import jet's internal packages, and nothing is written inside the
// repository.
//
// TestGoJSONTextSuite (jsontext), TestGoJSONV2Suite (jsonv2) and
// TestGoJSONSuite (the root package) use it.
package gosuite

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
	"unicode"
)

// Suite says how Go's test files of one package become a package of the
// temporary module.
type Suite struct {
	// Module is the temporary module's path, inside
	// github.com/jetjson/jet.
	Module string
	// Excluded lists Go's tests (and helpers) that are removed from Go's
	// test files, keyed by name (methods as Type.Method), with why. A
	// package-level var, const or type declaration goes when every name
	// it declares is listed.
	Excluded map[string]string
	// Imports maps the std packages Go's tests import to the packages
	// that stand in for them in the temporary module; "" removes the
	// import. Other internal std packages the tests (or their copies)
	// import are copied from GOROOT to internal/<base>.
	Imports map[string]string
	// IdentRenames maps identifiers of Go's test files to others (glue
	// to call instead).
	IdentRenames map[string]string
	// Edit, if set, returns more edits of a declaration of one of Go's
	// test files; off gives a position's byte offset in the file. Its
	// edits must not fall inside the cases ExcludeCase removes.
	Edit func(decl ast.Decl, off func(token.Pos) int) []Edit
	// ExcludeCase, if set, is asked about each element of each composite
	// literal of Go's test files (the cases of table-driven tests), with
	// the name of the declaration that holds it (such as TestMarshal): a
	// reason other than "" removes the element, with the comma after it,
	// and name is the case's name, logged by Run after decl's. The
	// identifiers inside a removed case do not count as uses of an
	// import.
	ExcludeCase func(decl string, elt ast.Expr) (name, reason string)
	// KnownFailures lists Go's tests, or their subtests named as go test
	// names them (Test/sub/...), that fail because jet behaves
	// differently from Go, with how, keyed by name. Run reports a test
	// that failed only in these (or in subtests of these) as passing,
	// and logs the failures; it logs the entries that no longer fail.
	KnownFailures map[string]string

	// excludedCases are the cases Rewrite removed, as "Func/name
	// (reason)".
	excludedCases []string
}

// Edit replaces Start:End of a file with Text.
type Edit struct {
	Start, End int
	Text       string
}

// GOROOT returns the GOROOT of the toolchain running the test and its go
// command, or skips the test.
func GOROOT(t *testing.T) (goroot, goCmd string) {
	t.Helper()
	goroot = runtime.GOROOT()
	if goroot == "" { // a test binary built with -trimpath
		out, err := exec.Command("go", "env", "GOROOT").Output()
		if err != nil {
			t.Skipf("cannot find GOROOT: go env GOROOT: %v", err)
		}
		goroot = strings.TrimSpace(string(out))
	}
	goCmd = filepath.Join(goroot, "bin", "go")
	if runtime.GOOS == "windows" {
		goCmd += ".exe"
	}
	if out, err := exec.Command(goCmd, "version").CombinedOutput(); err != nil {
		t.Skipf("cannot run %s: %v\n%s", goCmd, err, out)
	}
	return goroot, goCmd
}

// ReleaseTag reports whether the running toolchain is the release tag's
// or a later one.
func ReleaseTag(tag string) bool {
	for _, t := range build.Default.ReleaseTags {
		if t == tag {
			return true
		}
	}
	return false
}

// TestFiles lists the test files in dir that build with the toolchain
// running the test (with its GOEXPERIMENT).
func TestFiles(dir string) ([]string, error) {
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

// Go127Tests finds Go's tests of the standard library package pkg (as
// "encoding/json/v2"), whose API jet's package has as of Go 1.27: the
// GOROOT, its go command, the package's source directory and its test
// files that build. It skips t, saying why, in short mode, on a
// toolchain before Go 1.27, and where the tests do not build (they need
// GOEXPERIMENT=jsonv2, on by default in Go 1.27).
func Go127Tests(t *testing.T, pkg string) (goroot, goCmd, srcDir string, testFiles []string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("skipping Go's %s test suite in short mode: it builds and runs a module of its own", pkg)
	}
	goroot, goCmd = GOROOT(t)
	if !ReleaseTag("go1.27") {
		t.Skipf("this package has the API of Go 1.27's %s, and the tests in GOROOT %s are %s's: run with Go 1.27 or later", pkg, goroot, runtime.Version())
	}
	srcDir = filepath.Join(goroot, "src", filepath.FromSlash(pkg))
	testFiles, err := TestFiles(srcDir)
	if err != nil {
		t.Skipf("no %s tests in GOROOT %s: %v", pkg, goroot, err)
	}
	if len(testFiles) == 0 {
		t.Skipf("GOROOT %s (%s) has no %s tests that build: they need GOEXPERIMENT=jsonv2", goroot, runtime.Version(), pkg)
	}
	return goroot, goCmd, srcDir, testFiles
}

// TempModule returns a directory for the temporary module: kept (and
// logged) when JET_GOSUITE_KEEP is set, removed after the test otherwise.
func TempModule(t *testing.T) string {
	t.Helper()
	if os.Getenv("JET_GOSUITE_KEEP") == "" {
		return t.TempDir()
	}
	dir, err := os.MkdirTemp("", "jet-gosuite-")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("keeping the module in %s", dir)
	return dir
}

// WriteGoMod writes the temporary module's go.mod (requiring jet,
// replaced by this repository) and jet's go.sum into dir.
func (s *Suite) WriteGoMod(dir string) error {
	// The go line of the running toolchain's language version (its last
	// release tag), which Go's tests are written for.
	tags := build.Default.ReleaseTags
	goVersion := strings.TrimPrefix(tags[len(tags)-1], "go")
	jetRoot, jetModule, err := JetModule()
	if err != nil {
		return err
	}
	if jetModule != "github.com/jetjson/jet" {
		return fmt.Errorf("module %s: want github.com/jetjson/jet", jetModule)
	}
	goMod := fmt.Sprintf("module %s\n\ngo %s\n\nrequire %s v0.0.0\n\nreplace %s => %s\n",
		s.Module, goVersion, jetModule, jetModule, strconv.Quote(jetRoot))
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(goMod), 0o666); err != nil {
		return err
	}
	if err := CopyFile(filepath.Join(dir, "go.sum"), filepath.Join(jetRoot, "go.sum")); err != nil && !os.IsNotExist(err) {
		return err
	}
	return nil
}

// JetModule finds this repository's go.mod above the working directory:
// its directory and module path.
func JetModule() (root, module string, err error) {
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

// CopyGlue copies the files *.go.txt of each directory of glue (keys,
// relative to the working directory) to the directory of the module it
// maps to, without the .txt suffix.
func CopyGlue(modDir string, glue map[string]string) error {
	for from, to := range glue {
		files, err := filepath.Glob(filepath.Join(filepath.FromSlash(from), "*.go.txt"))
		if err != nil {
			return err
		}
		if len(files) == 0 {
			return fmt.Errorf("no glue in %s", from)
		}
		if err := os.MkdirAll(filepath.Join(modDir, filepath.FromSlash(to)), 0o777); err != nil {
			return err
		}
		for _, f := range files {
			dst := filepath.Join(modDir, filepath.FromSlash(to), strings.TrimSuffix(filepath.Base(f), ".txt"))
			if err := CopyFile(dst, f); err != nil {
				return err
			}
		}
	}
	return nil
}

// BuildModule writes the temporary module into dir: its go.mod, a copy
// of the sources (not the tests) and embedded files of the package in
// the current directory into dir/pkg, the glue (glue maps the files and
// directories under the package's testdata/goshim to where they go in
// the module, as CopyGlue does), and Go's test files from srcDir.
func (s *Suite) BuildModule(goroot, dir, pkg, srcDir string, testFiles []string, glue map[string]string) error {
	if err := s.WriteGoMod(dir); err != nil {
		return err
	}
	pkgDir := filepath.Join(dir, pkg)
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
			if err := CopyFile(filepath.Join(pkgDir, name), name); err != nil {
				return err
			}
		}
	}
	if bp, err := build.Default.ImportDir(".", 0); err != nil {
		return err
	} else if err := CopyEmbeds(pkgDir, ".", bp.EmbedPatterns); err != nil {
		return err
	}
	from := map[string]string{}
	for f, to := range glue {
		from[filepath.ToSlash(filepath.Join("testdata", "goshim", f))] = to
	}
	if err := CopyGlue(dir, from); err != nil {
		return err
	}
	return s.CopyTests(goroot, dir, pkgDir, srcDir, testFiles)
}

// CopyTests rewrites Go's test files (names in srcDir) into dstDir, and
// copies the internal std packages they import into the module.
func (s *Suite) CopyTests(goroot, modDir, dstDir, srcDir string, names []string) error {
	if err := os.MkdirAll(dstDir, 0o777); err != nil {
		return err
	}
	copied := map[string]bool{}
	for _, name := range names {
		imports, err := s.Rewrite(filepath.Join(dstDir, name), filepath.Join(srcDir, name), true)
		if err != nil {
			return err
		}
		for _, p := range imports {
			if err := s.copyStd(goroot, modDir, p, copied); err != nil {
				return err
			}
		}
	}
	return nil
}

// stdTarget returns the directory (relative to the module) where a copy
// of the internal std package p goes, and its import path.
func (s *Suite) stdTarget(p string) (dir, importPath string) {
	dir = "internal/" + path.Base(p)
	return dir, s.Module + "/" + dir
}

// isStdInternal reports whether p is an internal std package.
func isStdInternal(p string) bool {
	if first, _, _ := strings.Cut(p, "/"); strings.Contains(first, ".") {
		return false
	}
	return p == "internal" || strings.HasPrefix(p, "internal/") || strings.Contains(p, "/internal/") || strings.HasSuffix(p, "/internal")
}

// copyStd copies the internal std package p (unless a stand-in replaces
// it) and, in turn, the internal std packages it imports.
func (s *Suite) copyStd(goroot, modDir, p string, copied map[string]bool) error {
	if _, ok := s.Imports[p]; ok || copied[p] || !isStdInternal(p) {
		return nil
	}
	copied[p] = true
	src := filepath.Join(goroot, "src", filepath.FromSlash(p))
	pkg, err := build.Default.ImportDir(src, 0)
	if err != nil {
		return fmt.Errorf("std package %s: %v", p, err)
	}
	rel, _ := s.stdTarget(p)
	dst := filepath.Join(modDir, filepath.FromSlash(rel))
	if err := os.MkdirAll(dst, 0o777); err != nil {
		return err
	}
	for _, name := range pkg.GoFiles {
		imports, err := s.Rewrite(filepath.Join(dst, name), filepath.Join(src, name), false)
		if err != nil {
			return err
		}
		for _, q := range imports {
			if err := s.copyStd(goroot, modDir, q, copied); err != nil {
				return err
			}
		}
	}
	return CopyEmbeds(dst, src, pkg.EmbedPatterns)
}

// CopyEmbeds copies the files of a package in src that its //go:embed
// patterns match to dst.
func CopyEmbeds(dst, src string, patterns []string) error {
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
			if err := CopyFile(filepath.Join(dst, r), f); err != nil {
				return err
			}
		}
	}
	return nil
}

// CopyFile copies the file src to dst.
func CopyFile(dst, src string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, b, 0o666)
}

// Rewrite copies the Go file src to dst, pointing its imports of
// internal std packages (and of those in s.Imports) at their stand-ins
// or copies, and returns the internal std packages it still imports. For
// Go's test files (testFile), it also removes the declarations of
// s.Excluded (and the imports only they used), renames the identifiers
// of s.IdentRenames and applies s.Edit. Removed text is replaced by as
// many newlines, so that line numbers in failures are those of the file
// in GOROOT.
func (s *Suite) Rewrite(dst, src string, testFile bool) ([]string, error) {
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
	blank := func(start, end int) Edit {
		return Edit{start, end, strings.Repeat("\n", bytes.Count(b[start:end], []byte("\n")))}
	}
	var edits []Edit

	// The declarations to leave out; names used by the others.
	used := map[string]bool{}
	removed := map[ast.Node]bool{} // cases ExcludeCase removes
	for _, decl := range f.Decls {
		if testFile {
			if fd, ok := decl.(*ast.FuncDecl); ok && s.Excluded[FuncName(fd)] != "" {
				start := fd.Pos()
				if fd.Doc != nil {
					start = fd.Doc.Pos()
				}
				edits = append(edits, blank(off(start), off(fd.End())))
				continue
			}
			if gd, ok := decl.(*ast.GenDecl); ok && gd.Tok != token.IMPORT && s.allExcluded(gd) {
				start := gd.Pos()
				if gd.Doc != nil {
					start = gd.Doc.Pos()
				}
				edits = append(edits, blank(off(start), off(gd.End())))
				continue
			}
		}
		ast.Inspect(decl, func(n ast.Node) bool {
			if removed[n] {
				return false
			}
			if lit, ok := n.(*ast.CompositeLit); ok && testFile && s.ExcludeCase != nil {
				for i, elt := range lit.Elts {
					name, reason := s.ExcludeCase(declName(decl), elt)
					if reason == "" {
						continue
					}
					removed[elt] = true
					start, end := off(elt.Pos()), off(elt.End())
					if i+1 < len(lit.Elts) {
						end = off(lit.Elts[i+1].Pos()) // the comma too
					} else if k := bytes.IndexFunc(b[end:], func(r rune) bool { return !unicode.IsSpace(r) }); k >= 0 && b[end+k] == ',' {
						end += k + 1 // the last case's comma
					}
					edits = append(edits, blank(start, end))
					s.excludedCases = append(s.excludedCases, fmt.Sprintf("%s/%s (%s)", declName(decl), name, reason))
				}
			}
			if id, ok := n.(*ast.Ident); ok && testFile && s.IdentRenames[id.Name] != "" {
				edits = append(edits, Edit{off(id.Pos()), off(id.End()), s.IdentRenames[id.Name]})
			}
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok {
					used[id.Name] = true
				}
			}
			return true
		})
		if testFile && s.Edit != nil {
			edits = append(edits, s.Edit(decl, off)...)
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
		to, replaced := s.Imports[p]
		switch {
		case testFile && name != "_" && name != "." && !used[name],
			replaced && to == "":
			start, end := off(spec.Pos()), off(spec.End())
			if d := importDecl(f, spec); d != nil && !d.Lparen.IsValid() {
				start, end = off(d.Pos()), off(d.End()) // import "p"
			}
			edits = append(edits, blank(start, end))
		case replaced:
			edits = append(edits, Edit{off(spec.Path.Pos()), off(spec.Path.End()), strconv.Quote(to)})
		case isStdInternal(p):
			_, to := s.stdTarget(p)
			edits = append(edits, Edit{off(spec.Path.Pos()), off(spec.Path.End()), strconv.Quote(to)})
			imports = append(imports, p)
		}
	}

	sort.Slice(edits, func(i, j int) bool { return edits[i].Start > edits[j].Start })
	out := b
	for i, e := range edits {
		if i > 0 && e.End > edits[i-1].Start {
			return nil, fmt.Errorf("%s: overlapping edits", src)
		}
		out = append(out[:e.Start:e.Start], append([]byte(e.Text), out[e.End:]...)...)
	}
	return imports, os.WriteFile(dst, out, 0o666)
}

// allExcluded reports whether every name a var, const or type
// declaration declares is in s.Excluded.
func (s *Suite) allExcluded(gd *ast.GenDecl) bool {
	n := 0
	for _, sp := range gd.Specs {
		switch sp := sp.(type) {
		case *ast.ValueSpec:
			for _, id := range sp.Names {
				if s.Excluded[id.Name] == "" {
					return false
				}
				n++
			}
		case *ast.TypeSpec:
			if s.Excluded[sp.Name.Name] == "" {
				return false
			}
			n++
		}
	}
	return n > 0
}

// importDecl returns the import declaration of f that holds spec.
func importDecl(f *ast.File, spec *ast.ImportSpec) *ast.GenDecl {
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			for _, sp := range g.Specs {
				if sp == spec {
					return g
				}
			}
		}
	}
	return nil
}

// declName is the name of a function, or of the first name a
// declaration declares.
func declName(decl ast.Decl) string {
	switch d := decl.(type) {
	case *ast.FuncDecl:
		return FuncName(d)
	case *ast.GenDecl:
		for _, sp := range d.Specs {
			switch sp := sp.(type) {
			case *ast.ValueSpec:
				return sp.Names[0].Name
			case *ast.TypeSpec:
				return sp.Name.Name
			}
		}
	}
	return ""
}

// FuncName is a function's name, or Type.Method for a method.
func FuncName(fd *ast.FuncDecl) string {
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

// Counts are how many of Go's tests passed, failed and were skipped.
// Known are those that failed only in s.KnownFailures (not in Failed);
// ExcludedCases the cases s.ExcludeCase removed, as "Func/name
// (reason)".
type Counts struct {
	Passed, Failed, Skipped []string
	Known, ExcludedCases    []string
	// Leaves counts the tests and subtests without subtests of their
	// own (the cases of table-driven tests) by how they ended: "pass",
	// "fail", "skip", "known" (a failure in s.KnownFailures) or "" (did
	// not finish).
	Leaves map[string]int
}

// Run runs `go test` on the package pkg (such as "./json") of the module
// in dir, with the go command goCmd and extra arguments args, reports
// each of Go's top-level tests as a subtest of t (failing those that
// failed), and returns the counts. what names the suite in the log.
func (s *Suite) Run(t *testing.T, goCmd, dir, pkg, what string, args ...string) Counts {
	t.Helper()
	start := time.Now()
	// Time out before this test does, so that the go test run here
	// reports where it hung rather than outliving this test binary.
	timeout := 10 * time.Minute
	if deadline, ok := t.Deadline(); ok {
		timeout = time.Until(deadline) * 9 / 10
	}
	// -mod=mod: the module's go.mod lists jet only; should jet come to
	// require modules, the go command adds them (from jet's go.mod, with
	// jet's go.sum copied).
	cmdArgs := append([]string{"test", "-mod=mod", "-json", "-count=1", "-timeout=" + timeout.Round(time.Second).String()}, args...)
	cmd := exec.Command(goCmd, append(cmdArgs, pkg)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		"GOTOOLCHAIN=local", // this toolchain, whatever the go line says
		"GOWORK=off",
	)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	t.Logf("building the module and running go test on it took %v", time.Since(start).Round(time.Millisecond))

	res, err := parse(stdout.Bytes())
	if err != nil {
		t.Fatalf("reading go test -json output: %v\n%s", err, stderr.Bytes())
	}
	if len(res.order) == 0 {
		t.Fatalf("go test ran no tests (%v):\n%s%s\n%s", runErr, strings.Join(res.pkgOutput, ""), stderr.Bytes(), stdout.Bytes())
	}

	c := Counts{ExcludedCases: s.excludedCases}
	for _, name := range res.order {
		action := res.action[name]
		known := action == "fail" && res.onlyKnown(name, s.KnownFailures)
		switch {
		case action == "pass":
			c.Passed = append(c.Passed, name)
		case action == "skip":
			c.Skipped = append(c.Skipped, name)
		case known:
			c.Known = append(c.Known, name)
		default:
			c.Failed = append(c.Failed, name)
		}
		t.Run(name, func(t *testing.T) {
			switch {
			case known:
				var b strings.Builder
				for _, p := range res.failurePoints(name) {
					k, _ := knownEntry(p, s.KnownFailures)
					fmt.Fprintf(&b, "  %s: %s\n", p, s.KnownFailures[k])
				}
				// Go's output, without "--- FAIL" lines in a passing
				// test's log.
				out := strings.ReplaceAll(strings.Join(res.failureOutput(name), ""), "--- FAIL: ", "--- known failure: ")
				t.Logf("known failures, where jet differs from Go (KnownFailures):\n%s\n%s", b.String(), out)
				return
			}
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
				var known []string
				for _, p := range res.failurePoints(name) {
					if _, ok := knownEntry(p, s.KnownFailures); ok && res.action[p] != "" {
						known = append(known, p)
					}
				}
				if len(known) == 0 {
					t.Errorf("failed:\n%s", strings.Join(res.failureOutput(name), ""))
					return
				}
				// Only the failures not known; the known ones by name.
				var lines []string
				skip := ""
				for _, l := range res.failureOutput(name) {
					if t := strings.TrimSpace(l); strings.HasPrefix(t, "--- ") {
						skip = ""
						for _, k := range known {
							if strings.HasPrefix(t, "--- FAIL: "+k+" (") {
								skip = k
							}
						}
					}
					if skip == "" {
						lines = append(lines, l)
					}
				}
				t.Errorf("failed:\n%s\nand in %d known failures (KnownFailures): %s", strings.Join(lines, ""), len(known), strings.Join(known, " "))
			}
		})
	}
	c.Leaves = res.leaves(s.KnownFailures)
	if len(s.KnownFailures) == 0 && len(s.excludedCases) == 0 {
		t.Logf("%s on jet: %d passed, %d failed, %d skipped", what, len(c.Passed), len(c.Failed), len(c.Skipped))
	} else {
		t.Logf("%s on jet: %d passed, %d failed, %d skipped, %d failed only in known failures; %d cases excluded",
			what, len(c.Passed), len(c.Failed), len(c.Skipped), len(c.Known), len(c.ExcludedCases))
		t.Logf("counting each subtest without subtests (a case) as one: %d passed, %d failed, %d skipped, %d known failures, %d did not finish",
			c.Leaves["pass"], c.Leaves["fail"], c.Leaves["skip"], c.Leaves["known"], c.Leaves[""])
	}
	t.Logf("passed: %s", strings.Join(c.Passed, " "))
	if len(c.Failed) > 0 {
		t.Logf("failed: %s", strings.Join(c.Failed, " "))
	}
	if len(c.Known) > 0 {
		t.Logf("failed only in known failures: %s", strings.Join(c.Known, " "))
	}
	for _, k := range sortedKeys(s.KnownFailures) {
		if a := res.action[k]; a != "fail" {
			if a == "" {
				a = "did not run"
			}
			t.Logf("known failure %s no longer fails (%s): remove it from the list", k, a)
		}
	}
	logExcludedCases(t, s.excludedCases)
	if len(c.Skipped) > 0 {
		t.Logf("skipped: %s", strings.Join(c.Skipped, " "))
	}
	for _, name := range sortedKeys(s.Excluded) {
		t.Logf("excluded: %s (%s)", name, s.Excluded[name])
	}
	if runErr != nil && len(c.Failed) == 0 && len(c.Known) == 0 {
		t.Errorf("go test failed: %v\n%s%s", runErr, strings.Join(res.pkgOutput, ""), stderr.Bytes())
	}
	return c
}

// logExcludedCases logs the cases ExcludeCase removed ("Func/name
// (reason)"), one line per reason.
func logExcludedCases(t *testing.T, cases []string) {
	t.Helper()
	var reasons []string
	names := map[string][]string{}
	for _, ec := range cases {
		i := strings.Index(ec, " (")
		name, reason := ec[:i], strings.TrimSuffix(ec[i+2:], ")")
		if names[reason] == nil {
			reasons = append(reasons, reason)
		}
		names[reason] = append(names[reason], name)
	}
	for _, r := range reasons {
		t.Logf("excluded %d cases (%s): %s", len(names[r]), r, strings.Join(names[r], " "))
	}
}

// results is what go test -json reported.
type results struct {
	order     []string            // top-level tests, in the order they ran
	action    map[string]string   // test (or subtest) → pass, fail or skip
	output    map[string][]string // test (or subtest) → its output lines
	subtests  map[string][]string // top-level test → its subtests, in order
	pkgOutput []string            // output outside any test
}

func parse(out []byte) (*results, error) {
	res := &results{
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

// ownOutput is what test printed itself: not go test's progress lines
// (=== RUN, --- FAIL and the like), nor its subtests' output.
func (res *results) ownOutput(test string) []string {
	var body []string
	for _, l := range res.output[test] {
		if t := strings.TrimSpace(l); !strings.HasPrefix(l, "=== ") && !strings.HasPrefix(t, "--- ") && t != "" {
			body = append(body, l)
		}
	}
	return body
}

// failurePoints lists the tests, among the top-level test name and its
// subtests, where it failed: those that failed with output of their own
// or without failed subtests, and those that did not finish.
func (res *results) failurePoints(name string) []string {
	var points []string
	for _, test := range append([]string{name}, res.subtests[name]...) {
		switch res.action[test] {
		case "":
			points = append(points, test)
		case "fail":
			failedSub := false
			for _, sub := range res.subtests[name] {
				if strings.HasPrefix(sub, test+"/") && res.action[sub] != "pass" && res.action[sub] != "skip" {
					failedSub = true
					break
				}
			}
			if !failedSub || len(res.ownOutput(test)) > 0 {
				points = append(points, test)
			}
		}
	}
	return points
}

// leaves counts the tests without subtests by how they ended (see
// Counts.Leaves).
func (res *results) leaves(known map[string]string) map[string]int {
	n := map[string]int{}
	all := map[string]bool{}
	for _, top := range res.order {
		all[top] = true
		for _, sub := range res.subtests[top] {
			all[sub] = true
		}
	}
	for test := range all {
		hasSub := false
		for other := range all {
			if strings.HasPrefix(other, test+"/") {
				hasSub = true
				break
			}
		}
		if hasSub {
			continue
		}
		a := res.action[test]
		if _, ok := knownEntry(test, known); ok && a == "fail" {
			a = "known"
		}
		n[a]++
	}
	return n
}

// onlyKnown reports whether every place where the top-level test name
// failed is a known failure (or inside one), none without finishing.
func (res *results) onlyKnown(name string, known map[string]string) bool {
	points := res.failurePoints(name)
	for _, p := range points {
		if _, ok := knownEntry(p, known); !ok || res.action[p] == "" {
			return false
		}
	}
	return len(points) > 0
}

// knownEntry returns the entry of known that is test or one of its
// parents.
func knownEntry(test string, known map[string]string) (string, bool) {
	for k := test; ; {
		if _, ok := known[k]; ok {
			return k, true
		}
		i := strings.LastIndexByte(k, '/')
		if i < 0 {
			return "", false
		}
		k = k[:i]
	}
}

// failureOutput is what the top-level test name printed and, before
// that, what those of its subtests that failed (or, when name was
// skipped, were skipped) printed, each after its --- FAIL (or --- SKIP)
// line, without go test's progress lines (=== RUN and the like).
func (res *results) failureOutput(name string) []string {
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

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
