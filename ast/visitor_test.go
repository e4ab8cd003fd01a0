package ast

import (
	"encoding/json"
	"errors"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/jetjson/jet/internal/syntaxv1"
	"github.com/jetjson/jet/internal/wire"
)

// treeVisitor builds the value encoding/json would decode (numbers as
// json.Number) and checks the int/float split.
type treeVisitor struct {
	t     testing.TB
	stack []any    // containers being built
	keys  []string // pending key per open object
	root  any
	done  bool
}

func (v *treeVisitor) add(x any) error {
	if len(v.stack) == 0 {
		v.root, v.done = x, true
		return nil
	}
	switch c := v.stack[len(v.stack)-1].(type) {
	case map[string]any:
		c[v.keys[len(v.keys)-1]] = x
	case *[]any:
		*c = append(*c, x)
	}
	return nil
}

func (v *treeVisitor) OnNull() error           { return v.add(nil) }
func (v *treeVisitor) OnBool(b bool) error     { return v.add(b) }
func (v *treeVisitor) OnString(s string) error { return v.add(s) }
func (v *treeVisitor) OnInt64(i int64, n json.Number) error {
	if strconv.FormatInt(i, 10) != string(n) && !strings.HasPrefix(string(n), "-0") {
		v.t.Errorf("OnInt64(%d, %q)", i, n)
	}
	return v.add(n)
}
func (v *treeVisitor) OnFloat64(f float64, n json.Number) error {
	want, err := strconv.ParseFloat(string(n), 64)
	if err != nil || want != f {
		v.t.Errorf("OnFloat64(%v, %q)", f, n)
	}
	if _, err := strconv.ParseInt(string(n), 10, 64); err == nil {
		v.t.Errorf("OnFloat64 for int64 %q", n)
	}
	return v.add(n)
}
func (v *treeVisitor) OnObjectBegin(c int) error {
	v.stack = append(v.stack, map[string]any{})
	v.keys = append(v.keys, "")
	return nil
}
func (v *treeVisitor) OnObjectKey(k string) error { v.keys[len(v.keys)-1] = k; return nil }
func (v *treeVisitor) OnObjectEnd() error {
	m := v.stack[len(v.stack)-1]
	v.stack = v.stack[:len(v.stack)-1]
	v.keys = v.keys[:len(v.keys)-1]
	return v.add(m)
}
func (v *treeVisitor) OnArrayBegin(c int) error {
	a := []any{}
	v.stack = append(v.stack, &a)
	return nil
}
func (v *treeVisitor) OnArrayEnd() error {
	a := v.stack[len(v.stack)-1].(*[]any)
	v.stack = v.stack[:len(v.stack)-1]
	return v.add(*a)
}

func checkPreorder(t *testing.T, name, doc string) {
	t.Helper()
	tv := &treeVisitor{t: t}
	err := Preorder(doc, tv, nil)
	want, _ := mustStd(doc)
	var plain any
	stdErr := json.Unmarshal([]byte(doc), &plain)
	if verr := syntaxv1.Validate(doc, wire.DefaultMaxDepth); verr != nil {
		var se *wire.SyntaxError
		if !errors.As(err, &se) || se.Offset != verr.Offset || se.Msg != verr.Msg {
			t.Fatalf("%s: Preorder error %v, want %v", name, err, verr)
		}
		return
	}
	if stdErr != nil {
		// Valid syntax that encoding/json cannot decode: a number out
		// of float64 range.
		if err == nil {
			t.Fatalf("%s: Preorder accepted what encoding/json rejects (%v)", name, stdErr)
		}
		return
	}
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !tv.done || !reflect.DeepEqual(tv.root, want) {
		t.Fatalf("%s: Preorder built %v, want %v", name, tv.root, want)
	}
}

func TestPreorderMatchesStd(t *testing.T) {
	r := rand.New(rand.NewSource(19))
	g := &gen{r: r}
	for k := 0; k < 500; k++ {
		checkPreorder(t, "generated", g.document())
	}
	if docs, err := corpusOrNil(); err == nil {
		for _, name := range []string{"twitter", "twitterescaped", "citm_catalog", "canada"} {
			checkPreorder(t, name, docs[name])
		}
	}
	for _, doc := range []string{`1`, `-9223372036854775808`, `9223372036854775808`, `1e400`, `"x"`, ` null `, `[]`, `{}`, `[1,]`, `{"a":1}}`, ``, "[\"\xff\"]"} {
		checkPreorder(t, doc, doc)
	}
}

func TestPreorderSuite(t *testing.T) {
	files, _ := filepath.Glob("../../shared/testdata/JSONTestSuite/test_parsing/*.json")
	if len(files) == 0 {
		t.Skip("../shared/testdata/JSONTestSuite not found; skipping the conformance suite")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		checkPreorder(t, filepath.Base(f), string(b))
	}
}

// recorder logs calls and returns SkipContainer (or another error) from
// the call named in skipAt.
type recorder struct {
	log    []string
	skipAt string
	err    error
}

func (r *recorder) call(s string) error {
	r.log = append(r.log, s)
	if s == r.skipAt {
		if r.err != nil {
			return r.err
		}
		return SkipContainer
	}
	return nil
}
func (r *recorder) OnNull() error                        { return r.call("null") }
func (r *recorder) OnBool(b bool) error                  { return r.call(strconv.FormatBool(b)) }
func (r *recorder) OnString(s string) error              { return r.call(strconv.Quote(s)) }
func (r *recorder) OnInt64(i int64, n json.Number) error { return r.call("i" + string(n)) }
func (r *recorder) OnFloat64(f float64, n json.Number) error {
	return r.call("f" + string(n))
}
func (r *recorder) OnObjectBegin(c int) error  { return r.call("{" + strconv.Itoa(c)) }
func (r *recorder) OnObjectKey(k string) error { return r.call("k" + k) }
func (r *recorder) OnObjectEnd() error         { return r.call("}") }
func (r *recorder) OnArrayBegin(c int) error   { return r.call("[" + strconv.Itoa(c)) }
func (r *recorder) OnArrayEnd() error          { return r.call("]") }

func TestPreorderSkip(t *testing.T) {
	doc := `{"a": [1, 2.5, {"b": null}], "c": {"d": true, "e": "x"}, "f": [], "g": {}}`
	for _, tc := range []struct{ skipAt, want string }{
		{"", `{8 ka [8 i1 f2.5 {8 kb null } ] kc {8 kd true ke "x" } kf [0 ] kg {0 } }`},
		{"[8", `{8 ka [8 ] kc {8 kd true ke "x" } kf [0 ] kg {0 } }`},
		{"i1", `{8 ka [8 i1 ] kc {8 kd true ke "x" } kf [0 ] kg {0 } }`},
		{"kb", `{8 ka [8 i1 f2.5 {8 kb } ] kc {8 kd true ke "x" } kf [0 ] kg {0 } }`},
		{"kd", `{8 ka [8 i1 f2.5 {8 kb null } ] kc {8 kd } kf [0 ] kg {0 } }`},
		{"ka", `{8 ka }`},
		{"{8", `{8 }`},
		{"]", `{8 ka [8 i1 f2.5 {8 kb null } ] }`},
		{"null", `{8 ka [8 i1 f2.5 {8 kb null } ] kc {8 kd true ke "x" } kf [0 ] kg {0 } }`},
	} {
		r := &recorder{skipAt: tc.skipAt}
		if err := Preorder(doc, r, nil); err != nil {
			t.Errorf("skip at %q: %v", tc.skipAt, err)
		}
		if got := strings.Join(r.log, " "); got != tc.want {
			t.Errorf("skip at %q:\n got %s\nwant %s", tc.skipAt, got, tc.want)
		}
	}
	// Skipped text is still checked.
	if err := Preorder(`[{"a": [1,,]}, 2]`, &recorder{skipAt: "{8"}, nil); err == nil {
		t.Error("invalid skipped text should be an error")
	}
	if err := Preorder(`[1, 2] x`, &recorder{skipAt: "i1"}, nil); err == nil {
		t.Error("text after the document should be an error")
	}
	// Skip at the top level ends the walk.
	if err := Preorder(` 5 `, &recorder{skipAt: "i5"}, nil); err != nil {
		t.Error(err)
	}
	// Other errors stop the walk and are returned.
	boom := errors.New("boom")
	r := &recorder{skipAt: "kc", err: boom}
	if err := Preorder(doc, r, nil); err != boom || r.log[len(r.log)-1] != "kc" {
		t.Errorf("error from a callback: %v %v", err, r.log)
	}
}

type numbers struct {
	recorder
	ints   []int64
	floats []float64
}

func (n *numbers) OnInt64(i int64, num json.Number) error {
	n.ints = append(n.ints, i)
	return n.recorder.OnInt64(i, num)
}
func (n *numbers) OnFloat64(f float64, num json.Number) error {
	n.floats = append(n.floats, f)
	return n.recorder.OnFloat64(f, num)
}

func TestPreorderOnlyNumber(t *testing.T) {
	doc := `[1, -2, 3.5, 1e400, 99999999999999999999]`
	v := &numbers{}
	if err := Preorder(doc, v, &VisitorOptions{OnlyNumber: true}); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(v.log, " "); got != "[8 i1 i-2 f3.5 f1e400 i99999999999999999999 ]" {
		t.Fatalf("OnlyNumber calls: %s", got)
	}
	for _, x := range append(v.ints, int64(len(v.floats))) {
		if x != 0 && x != 2 {
			t.Fatalf("values should be zero: %v %v", v.ints, v.floats)
		}
	}
	v = &numbers{}
	err := Preorder(doc, v, nil)
	if err == nil || !strings.Contains(err.Error(), "1e400") {
		t.Fatalf("1e400 should be an error: %v", err)
	}
	v = &numbers{}
	Preorder(`[99999999999999999999, -9223372036854775808]`, v, &VisitorOptions{})
	if len(v.floats) != 1 || v.floats[0] != 1e20 || len(v.ints) != 1 || v.ints[0] != -9223372036854775808 {
		t.Fatalf("ints %v floats %v", v.ints, v.floats)
	}
}

// A nil Visitor is an error, not a panic, whatever the document.
func TestPreorderNilVisitor(t *testing.T) {
	for _, src := range []string{`{"a":[1,"x",null]}`, `1`, ``, `[`} {
		for _, opts := range []*VisitorOptions{nil, {OnlyNumber: true}} {
			if err := Preorder(src, nil, opts); !errors.Is(err, ErrNilVisitor) {
				t.Errorf("Preorder(%q, nil, %v) = %v, want ErrNilVisitor", src, opts, err)
			}
		}
	}
}
