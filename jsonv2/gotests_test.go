package json_test

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"
	"testing"

	"github.com/jetjson/jet/internal/gosuite"
)

// TestGoJSONV2Suite runs Go's own tests of encoding/json/v2 against this
// package. They are not in the repository: the test copies them, at test
// time, from the GOROOT of the toolchain running it (the machinery,
// shared with jsontext's TestGoJSONTextSuite and the root package's
// TestGoJSONSuite, is package internal/gosuite). It runs only with Go
// 1.27 or later (this package has Go 1.27's API) whose v2 tests build
// (GOEXPERIMENT jsonv2, on by default in Go 1.27), and not in short
// mode.
//
// Go's tests are internal tests (package json): they reach into
// unexported names. The test builds, in a temporary directory, a module
// that holds a copy of this package's sources with Go's test files next
// to them, glue for the unexported names and internal packages Go's
// tests use (testdata/goshim), and copies of the internal std packages
// they import otherwise (jsontest, with its test data), then runs `go
// test` on it with the same toolchain and reports each of Go's tests
// (and examples) as a subtest. Go's tests use jet's jsontext, as this
// package does.
//
// The temporary module is github.com/jetjson/jet/gojsonv2shim, outside
// the repository, with a replace directive pointing
// github.com/jetjson/jet at this repository, so that its packages may
// import jet's internal packages as this package does; nothing is
// written inside the repository.
//
// The shim changes Go's test files only as follows:
//   - imports of Go's internal packages point at the glue or the copies
//     (see goV2Imports);
//   - the tests of goV2Excluded are removed, and the cases of Go's
//     table-driven tests that goV2ExcludeCase names;
//   - invalidFormatOption, an options Struct that Go's tests build
//     field by field, is built from jet's Struct (see goV2Edit).
//
// Where jet's behaviour differs from Go's, the failing tests are listed
// in goV2KnownFailures, with how: they are logged, and do not fail this
// test. The cases that crash the test binary (a panic in jet) are listed
// in goV2KnownCrashes: they are left out, and logged. Set JET_GOSUITE_KEEP=1 to keep the temporary module (its path
// is logged) for running its tests by hand.
func TestGoJSONV2Suite(t *testing.T) {
	goroot, goCmd, srcDir, testFiles := gosuite.Go127Tests(t, "encoding/json/v2")
	dir := gosuite.TempModule(t)
	if err := goV2Suite.BuildModule(goroot, dir, "v2", srcDir, testFiles, goV2Glue); err != nil {
		t.Fatalf("building the module of Go's tests: %v", err)
	}
	c := goV2Suite.Run(t, goCmd, dir, "./v2", "Go's encoding/json/v2 tests")
	if len(c.Passed) == 0 {
		t.Errorf("none of Go's tests passed")
	}
	for name := range goV2KnownCrashes {
		found := false
		for _, ec := range c.ExcludedCases {
			found = found || strings.HasPrefix(ec, name+" (")
		}
		if !found {
			t.Logf("known crash %s is no longer among Go's cases: remove it from the list", name)
		}
	}
}

// goV2Module is the module path of the temporary module. It must be
// inside github.com/jetjson/jet for its packages to import jet's
// internal packages. The glue in testdata/goshim imports its packages by
// this path.
const goV2Module = "github.com/jetjson/jet/gojsonv2shim"

// goV2Suite says how Go's test files become the temporary module's
// package json, in its directory v2: a package path ending in v2, as
// Go's does, which Go's tests expect of error messages (Go names an
// anonymous struct type with unexported fields after it).
var goV2Suite = &gosuite.Suite{
	Module:        goV2Module,
	Excluded:      goV2Excluded,
	Imports:       goV2Imports,
	Edit:          goV2Edit,
	ExcludeCase:   goV2ExcludeCase,
	KnownFailures: goV2KnownFailures,
}

// goV2Excluded lists Go's tests (and helpers) that are removed from Go's
// test files, keyed by name, with why: each tests a private part of Go's
// package that jet does not have.
var goV2Excluded = map[string]string{
	// Go's private helpers of the `format` tag's durations and times
	// (formatDuration, parseDuration, appendTimeUnix, parseTimeUnix and
	// their arshalers): jet has no format tags.
	"TestFormatDuration":    "tests Go's private formatDuration (durationArshaler) of `format` tags, which jet does not have",
	"TestParseDuration":     "tests Go's private parseDuration (durationArshaler) of `format` tags, which jet does not have",
	"FuzzFormatDuration":    "fuzzes Go's private formatDuration (durationArshaler) of `format` tags, which jet does not have",
	"FuzzParseDuration":     "fuzzes Go's private parseDuration (durationArshaler) of `format` tags, which jet does not have",
	"TestFormatTime":        "tests Go's private appendTimeUnix (timeArshaler) of `format` tags, which jet does not have",
	"TestParseTime":         "tests Go's private parseTimeUnix (timeArshaler) of `format` tags, which jet does not have",
	"FuzzFormatTime":        "fuzzes Go's private appendTimeUnix (timeArshaler) of `format` tags, which jet does not have",
	"FuzzParseTime":         "fuzzes Go's private parseTimeUnix (timeArshaler) of `format` tags, which jet does not have",
	"parseDurationTestdata": "the cases of TestParseDuration, built with Go's private daysPerYear and errInaccurateDateUnits",
	"TestMakeStructFields":  "tests Go's private makeStructFields and its structFields, structField and fieldOptions types; jet's struct plans (internal/rt) differ",
	"TestParseTagOptions":   "tests Go's private parseFieldOptions and its fieldOptions type; jet parses tags in internal/rt",
	"TestEqualFold":         "tests Go's private foldName, which jet does not have",
	"equalFold":             "a helper of TestEqualFold and FuzzEqualFold over Go's private foldName",
	"TestFoldRune":          "tests Go's private foldRune, which jet does not have",
	"FuzzEqualFold":         "fuzzes Go's private foldName, which jet does not have",
	"TestIntern":            "tests Go's private stringCache and makeString (name interning), which jet does not have",
	"BenchmarkIntern":       "measures Go's private stringCache and makeString, which jet does not have",
	"TestUintSet":           "tests Go's private uintSet type, which jet does not have",
	"TestInline":            "checks that the compiler inlines Go's private functions (by name), which jet does not have",
}

// goV2KnownFailures lists Go's tests (or their subtests) that fail
// because this package's behaviour differs from Go's, with how (jet's
// result, then Go's). They are logged, not failed; an entry that no
// longer fails is logged too, to be removed. The families:
//   - errors worded or placed differently (ByteOffset, JSONPointer,
//     GoType, what wraps what).
var goV2KnownFailures = map[string]string{}

// goV2KnownCrashes lists the cases of Go's table-driven tests (as
// Test/name) that crash the test binary (a panic in jet), with how. They
// are known failures that cannot run: they are removed (see
// goV2ExcludeCase) and logged.
var goV2KnownCrashes = map[string]string{}

// goV2Imports maps the std packages Go's tests import, other than public
// ones, to the packages that stand in for them in the temporary module.
// Other internal std packages the tests import (jsontest, and the
// internal/zstd it reads its test data with) are copied from GOROOT to
// internal/<base>.
var goV2Imports = map[string]string{
	// The package under test, imported by the examples and benchmarks.
	"encoding/json/v2": goV2Module + "/v2",
	// This package's jsontext.
	"encoding/json/jsontext": "github.com/jetjson/jet/jsontext",
	// Glue (testdata/goshim/internal): the errors Go's v1 and v2 share.
	"encoding/json/internal": goV2Module + "/internal/jsoninternal",
	// Glue (testdata/goshim/jsonflags): the flags, over jet's options.
	"encoding/json/internal/jsonflags": goV2Module + "/internal/jsonflags",
	// Glue (testdata/goshim/jsonopts): jet's options Struct.
	"encoding/json/internal/jsonopts": goV2Module + "/internal/jsonopts",
	// Glue (testdata/goshim/jsonwire): jet's syntax errors.
	"encoding/json/internal/jsonwire": goV2Module + "/internal/jsonwire",
}

// goV2Glue maps the glue directories under testdata/goshim to where they
// go in the temporary module.
var goV2Glue = map[string]string{
	"json":      "v2",
	"internal":  "internal/jsoninternal",
	"jsonflags": "internal/jsonflags",
	"jsonopts":  "internal/jsonopts",
	"jsonwire":  "internal/jsonwire",
}

// goV2ExcludedOptions are the options of Go's private packages that
// jet's v2 does not have, with why: a case of Go's table-driven tests
// that passes one of them is removed (see goV2ExcludeCase). They are
// written as Go's tests write them (package.Name).
var goV2ExcludedOptions = map[string]string{
	"jsonopts.ExperimentalSupportFormatTag": "Go's internal option that enables the experimental `format` tag option; jet's v2 refuses format tags, as Go 1.27's public API does",

	// The options of v1's semantics that Go's encoding/json (v1 over
	// v2) sets on v2 and exports as its own; jet's v2 has no v1
	// semantics (jet's encoding/json dialect is the root package's
	// ConfigStd, another path).
	"jsonflags.CallMethodsWithLegacySemantics":  "v1 semantics (Go's encoding/json.CallMethodsWithLegacySemantics), which jet's v2 does not have",
	"jsonflags.FormatByteArrayAsArray":          "v1 semantics (Go's encoding/json.FormatByteArrayAsArray), which jet's v2 does not have",
	"jsonflags.FormatBytesWithLegacySemantics":  "v1 semantics (Go's encoding/json.FormatBytesWithLegacySemantics), which jet's v2 does not have",
	"jsonflags.FormatDurationAsNano":            "v1 semantics (Go's encoding/json.FormatDurationAsNano), which jet's v2 does not have",
	"jsonflags.MatchCaseSensitiveDelimiter":     "v1 semantics (Go's encoding/json.MatchCaseSensitiveDelimiter), which jet's v2 does not have",
	"jsonflags.MergeWithLegacySemantics":        "v1 semantics (Go's encoding/json.MergeWithLegacySemantics), which jet's v2 does not have",
	"jsonflags.OmitEmptyWithLegacySemantics":    "v1 semantics (Go's encoding/json.OmitEmptyWithLegacySemantics), which jet's v2 does not have",
	"jsonflags.ParseBytesWithLooseRFC4648":      "v1 semantics (Go's encoding/json.ParseBytesWithLooseRFC4648), which jet's v2 does not have",
	"jsonflags.ParseTimeWithLooseRFC3339":       "v1 semantics (Go's encoding/json.ParseTimeWithLooseRFC3339), which jet's v2 does not have",
	"jsonflags.ReportErrorsWithLegacySemantics": "v1 semantics (Go's encoding/json.ReportErrorsWithLegacySemantics), which jet's v2 does not have",
	"jsonflags.StringifyWithLegacySemantics":    "v1 semantics (Go's encoding/json.StringifyWithLegacySemantics), which jet's v2 does not have",
	"jsonflags.UnmarshalArrayFromAnyLength":     "v1 semantics (Go's encoding/json.UnmarshalArrayFromAnyLength), which jet's v2 does not have",
}

// goV2ExcludeCase reports whether a case of one of Go's table-driven
// tests (an element of a composite literal, with a name field holding
// jsontest.Name(...)) is to be removed: when its opts field passes an
// option of goV2ExcludedOptions.
func goV2ExcludeCase(decl string, elt ast.Expr) (name, reason string) {
	lit, ok := elt.(*ast.CompositeLit)
	if !ok {
		return "", ""
	}
	var opts ast.Expr
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		switch key.Name {
		case "name":
			call, ok := kv.Value.(*ast.CallExpr)
			if !ok || len(call.Args) != 1 {
				continue
			}
			if sel, ok := call.Fun.(*ast.SelectorExpr); !ok || sel.Sel.Name != "Name" {
				continue
			}
			if bl, ok := call.Args[0].(*ast.BasicLit); ok && bl.Kind == token.STRING {
				name, _ = strconv.Unquote(bl.Value)
			}
		case "opts":
			opts = kv.Value
		}
	}
	if name == "" {
		return "", ""
	}
	if why, ok := goV2KnownCrashes[decl+"/"+name]; ok {
		return name, "KNOWN FAILURE, not run: " + why
	}
	if opts == nil {
		return "", ""
	}
	ast.Inspect(opts, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || reason != "" {
			return reason == ""
		}
		if x, ok := sel.X.(*ast.Ident); ok {
			reason = goV2ExcludedOptions[x.Name+"."+sel.Sel.Name]
		}
		return reason == ""
	})
	return name, reason
}

// goV2Edit builds invalidFormatOption, an options Struct with a format
// (Go's ArshalValues.Format) but without the flag that says it is set,
// from jet's Struct, which holds the format as a field of its own.
func goV2Edit(decl ast.Decl, off func(token.Pos) int) []gosuite.Edit {
	var edits []gosuite.Edit
	ast.Inspect(decl, func(n ast.Node) bool {
		kv, ok := n.(*ast.KeyValueExpr)
		if !ok {
			return true
		}
		if key, ok := kv.Key.(*ast.Ident); !ok || key.Name != "ArshalValues" {
			return true
		}
		lit, ok := kv.Value.(*ast.CompositeLit)
		if !ok {
			return true
		}
		// ArshalValues: jsonopts.ArshalValues{Format: "invalid"} becomes
		// Format: "invalid": the text before and after the one field goes.
		if len(lit.Elts) == 1 {
			field := lit.Elts[0]
			edits = append(edits,
				gosuite.Edit{Start: off(kv.Pos()), End: off(field.Pos())},
				gosuite.Edit{Start: off(field.End()), End: off(kv.End())})
		}
		return false
	})
	return edits
}
