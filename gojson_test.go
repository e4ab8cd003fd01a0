package jet_test

import (
	"path/filepath"
	"runtime"
	"testing"

	"github.com/jetjson/jet/internal/gosuite"
	"github.com/jetjson/jet/internal/oracle"
)

// TestGoJSONSuite runs Go's own tests of encoding/json against
// ConfigStd. They are not in the repository: the test copies them, at
// test time, from the GOROOT of the toolchain running it into a
// temporary module (see package gosuite), next to glue
// (testdata/gojson/json) that is a package json whose exported API
// forwards to jet.ConfigStd, and runs `go test` there. Every one of Go's
// tests must pass.
//
// It runs only where encoding/json is the classic implementation
// ConfigStd reproduces (Go 1.23 to 1.26, and Go 1.27 or later with
// GOEXPERIMENT=nojsonv2), and not in short mode.
//
// Go's tests are internal tests (package json). The glue answers the few
// unexported names they use (checkValid, isValidNumber, ...) with jet;
// the tests of goJSONExcluded, which test encoding/json's private
// helpers, are removed. Set JET_GOSUITE_KEEP=1 to keep the temporary
// module (its path is logged).
func TestGoJSONSuite(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping Go's encoding/json test suite in short mode: it builds and runs a module of its own")
	}
	if !oracle.Classic {
		t.Skip("Go's encoding/json tests in this GOROOT are those of encoding/json over encoding/json/v2 (Go 1.27's default), which ConfigStd does not reproduce: run with GOEXPERIMENT=nojsonv2")
	}
	goroot, goCmd := gosuite.GOROOT(t)
	srcDir := filepath.Join(goroot, "src", "encoding", "json")
	testFiles, err := gosuite.TestFiles(srcDir)
	if err != nil || len(testFiles) == 0 {
		t.Skipf("no encoding/json tests in GOROOT %s (%s): %v", goroot, runtime.Version(), err)
	}
	s := &gosuite.Suite{
		Module:   goJSONModule,
		Excluded: goJSONExcluded,
		Imports: map[string]string{
			// The examples (package json_test) import the package under
			// test.
			"encoding/json": goJSONModule + "/json",
			// Glue shared with jsontext's suite.
			"internal/testenv": goJSONModule + "/internal/testenv",
		},
	}
	dir := gosuite.TempModule(t)
	if err := s.WriteGoMod(dir); err != nil {
		t.Fatal(err)
	}
	if err := gosuite.CopyGlue(dir, map[string]string{
		"testdata/gojson/json":             "json",
		"jsontext/testdata/goshim/testenv": "internal/testenv",
	}); err != nil {
		t.Fatal(err)
	}
	if err := s.CopyTests(goroot, dir, filepath.Join(dir, "json"), srcDir, testFiles); err != nil {
		t.Fatalf("copying Go's tests: %v", err)
	}
	c := s.Run(t, goCmd, dir, "./json", "Go's encoding/json tests")
	if len(c.Passed) == 0 {
		t.Errorf("none of Go's tests passed")
	}
}

// goJSONModule is the module path of the temporary module, inside
// github.com/jetjson/jet so that the glue may import jet's internal
// packages.
const goJSONModule = "github.com/jetjson/jet/gojsonshim"

// goJSONExcluded lists Go's tests (and benchmarks) that are removed from
// Go's test files, with why. Each tests a private helper of
// encoding/json, not its API.
var goJSONExcluded = map[string]string{
	"TestTagParsing":           "tests encoding/json's private parseTag and tagOptions",
	"FuzzEqualFold":            "tests encoding/json's private foldName against bytes.EqualFold",
	"BenchmarkTypeFieldsCache": "measures encoding/json's private cache of struct fields (fieldCache, cachedTypeFields)",
}
