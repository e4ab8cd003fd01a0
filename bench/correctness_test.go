package bench

import (
	"bytes"
	stdjson "encoding/json"
	"flag"
	"fmt"
	"reflect"
	"testing"
)

// bindingData returns the document of a binding, or nil when it needs the
// corpus and the corpus is missing.
func bindingData(corpus map[string][]byte, doc string) []byte {
	if doc == "small" {
		return []byte(SmallJSON)
	}
	return corpus[doc]
}

func skipMissing(t *testing.T, data []byte) {
	t.Helper()
	if data == nil {
		_, err := CorpusDir()
		t.Skipf("skipping: %v", err)
	}
}

func TestSonicMode(t *testing.T) {
	t.Logf("sonic: %s", SonicMode())
	if !SonicNative() {
		t.Logf("WARNING: sonic runs in compat mode (encoding/json) with this toolchain; comparisons with it are not meaningful")
	}
}

func TestSmallJSONSize(t *testing.T) {
	if n := len(SmallJSON); n < 350 || n > 450 {
		t.Errorf("len(SmallJSON) = %d, want about 400", n)
	}
}

// TestDecodeBindingAgrees checks that every library decodes each binding
// document into the same struct value as encoding/json.
func TestDecodeBindingAgrees(t *testing.T) {
	_, corpus := load(t)
	for _, bd := range Bindings {
		t.Run(bd.Doc, func(t *testing.T) {
			t.Parallel()
			data := bindingData(corpus, bd.Doc)
			skipMissing(t, data)
			want := bd.New()
			if err := stdjson.Unmarshal(data, want); err != nil {
				t.Fatalf("encoding/json: %v", err)
			}
			for _, lib := range Libraries() {
				got := bd.New()
				if err := lib.Unmarshal(data, got); err != nil {
					t.Errorf("%s: Unmarshal: %v", lib.Name, err)
					continue
				}
				if d := diff(want, got); d != "" {
					t.Errorf("%s decodes differently from encoding/json: %s", lib.Name, d)
				}
			}
		})
	}
}

// TestEncodeBindingRoundTrip checks that jet's encoding of each binding
// value decodes (with encoding/json) back to the same value, and that
// jet's ConfigStd writes exactly encoding/json's bytes.
func TestEncodeBindingRoundTrip(t *testing.T) {
	_, corpus := load(t)
	for _, bd := range Bindings {
		t.Run(bd.Doc, func(t *testing.T) {
			t.Parallel()
			data := bindingData(corpus, bd.Doc)
			skipMissing(t, data)
			v := bd.New()
			if err := stdjson.Unmarshal(data, v); err != nil {
				t.Fatalf("encoding/json: %v", err)
			}
			checkEncode(t, v, bd.New)
		})
	}
}

// TestDecodeGenericAgrees checks that every library decodes each document
// into the same any as encoding/json.
func TestDecodeGenericAgrees(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the whole corpus in -short mode")
	}
	_, corpus := load(t)
	for _, d := range genericDocs(corpus) {
		t.Run(d.name, func(t *testing.T) {
			t.Parallel()
			skipMissing(t, d.data)
			var want any
			if err := stdjson.Unmarshal(d.data, &want); err != nil {
				t.Fatalf("encoding/json: %v", err)
			}
			for _, lib := range Libraries() {
				var got any
				if err := lib.Unmarshal(d.data, &got); err != nil {
					t.Errorf("%s: Unmarshal: %v", lib.Name, err)
					continue
				}
				if df := diff(want, got); df != "" {
					t.Errorf("%s decodes differently from encoding/json: %s", lib.Name, df)
				}
			}
		})
	}
}

// TestEncodeGenericRoundTrip checks jet's encoding of each document's any
// as TestEncodeBindingRoundTrip does for structs.
func TestEncodeGenericRoundTrip(t *testing.T) {
	_, corpus := load(t)
	for _, d := range genericDocs(corpus) {
		t.Run(d.name, func(t *testing.T) {
			t.Parallel()
			skipMissing(t, d.data)
			var v any
			if err := stdjson.Unmarshal(d.data, &v); err != nil {
				t.Fatalf("encoding/json: %v", err)
			}
			checkEncode(t, &v, func() any { return new(any) })
		})
	}
}

// TestValid checks that every library accepts every document, and that
// jet and the standard library reject a few broken ones (peers that accept
// them are only logged: that is their behaviour, not this module's).
func TestValid(t *testing.T) {
	_, corpus := load(t)
	invalid := []string{``, `{`, `[1,]`, `{"a":1,}`, `"\x01"`, `01`, `[1] [2]`, `{"a" 1}`, `nul`}
	for _, lib := range Libraries() {
		for _, d := range genericDocs(corpus) {
			if d.data != nil && !lib.Valid(d.data) {
				t.Errorf("%s: Valid(%s) = false", lib.Name, d.name)
			}
		}
		strict := lib.Jet || lib.Name == "encoding-json" || lib.Name == "json-v2"
		for _, s := range invalid {
			if lib.Valid([]byte(s)) {
				if strict {
					t.Errorf("%s: Valid(%q) = true", lib.Name, s)
				} else {
					t.Logf("note: %s: Valid(%q) = true", lib.Name, s)
				}
			}
		}
	}
}

type namedDoc struct {
	name string
	data []byte
}

func genericDocs(corpus map[string][]byte) []namedDoc {
	var docs []namedDoc
	for _, name := range CorpusFiles {
		docs = append(docs, namedDoc{name, corpus[name]})
	}
	for _, td := range TinyDocs {
		docs = append(docs, namedDoc{td.Name, []byte(td.JSON)})
	}
	return docs
}

// checkEncode encodes v, a pointer, with each jet preset, decodes the
// output with encoding/json into newValue() and compares with v; for
// ConfigStd it also compares the bytes with encoding/json's.
func checkEncode(t *testing.T, v any, newValue func() any) {
	t.Helper()
	stdOut, err := stdjson.Marshal(v)
	if err != nil {
		t.Fatalf("encoding/json: %v", err)
	}
	for _, lib := range Libraries() {
		if !lib.Jet {
			continue
		}
		out, err := lib.Marshal(v)
		if err != nil {
			t.Errorf("%s: Marshal: %v", lib.Name, err)
			continue
		}
		back := newValue()
		if err := stdjson.Unmarshal(out, back); err != nil {
			t.Errorf("%s: output does not decode with encoding/json: %v", lib.Name, err)
			continue
		}
		if d := diff(v, back); d != "" {
			t.Errorf("%s: output decodes to a different value: %s", lib.Name, d)
		}
		if lib.Class == ClassStd && !bytes.Equal(out, stdOut) {
			t.Errorf("%s: output differs from encoding/json's: %s", lib.Name, firstByteDiff(stdOut, out))
		}
	}
}

// diff describes the first difference between want and got, or returns ""
// when they are deeply equal.
func diff(want, got any) string {
	if reflect.DeepEqual(want, got) {
		return ""
	}
	if d := diffValue("$", reflect.ValueOf(want), reflect.ValueOf(got)); d != "" {
		return d
	}
	return "values differ (reflect.DeepEqual)"
}

func diffValue(path string, a, b reflect.Value) string {
	if a.IsValid() != b.IsValid() {
		return fmt.Sprintf("%s: want %s, got %s", path, short(a), short(b))
	}
	if !a.IsValid() {
		return ""
	}
	if a.Type() != b.Type() {
		return fmt.Sprintf("%s: want %s %s, got %s %s", path, a.Type(), short(a), b.Type(), short(b))
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return fmt.Sprintf("%s: want %s, got %s", path, short(a), short(b))
			}
			return ""
		}
		return diffValue(path, a.Elem(), b.Elem())
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if d := diffValue(path+"."+a.Type().Field(i).Name, a.Field(i), b.Field(i)); d != "" {
				return d
			}
		}
	case reflect.Slice, reflect.Array:
		if a.Kind() == reflect.Slice && a.IsNil() != b.IsNil() {
			return fmt.Sprintf("%s: want nil=%v, got nil=%v", path, a.IsNil(), b.IsNil())
		}
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: want len %d, got len %d", path, a.Len(), b.Len())
		}
		for i := 0; i < a.Len(); i++ {
			if d := diffValue(fmt.Sprintf("%s[%d]", path, i), a.Index(i), b.Index(i)); d != "" {
				return d
			}
		}
	case reflect.Map:
		if a.IsNil() != b.IsNil() {
			return fmt.Sprintf("%s: want nil=%v, got nil=%v", path, a.IsNil(), b.IsNil())
		}
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: want %d keys, got %d", path, a.Len(), b.Len())
		}
		iter := a.MapRange()
		for iter.Next() {
			bv := b.MapIndex(iter.Key())
			kp := fmt.Sprintf("%s[%q]", path, fmt.Sprint(iter.Key()))
			if !bv.IsValid() {
				return kp + ": missing"
			}
			if d := diffValue(kp, iter.Value(), bv); d != "" {
				return d
			}
		}
	default:
		if !reflect.DeepEqual(a.Interface(), b.Interface()) {
			return fmt.Sprintf("%s: want %s, got %s", path, short(a), short(b))
		}
	}
	return ""
}

// short formats v with %#v, cut to a readable length.
func short(v reflect.Value) string {
	s := fmt.Sprintf("%#v", v)
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}

func firstByteDiff(want, got []byte) string {
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	from := max(i-40, 0)
	return fmt.Sprintf("at byte %d (len want %d, got %d): want %q, got %q",
		i, len(want), len(got), want[from:min(i+40, len(want))], got[from:min(i+40, len(got))])
}

// TestScenarioValueLifetime checks that an encode scenario's value exists
// only between Prepare and Release: Check makes it, a benchmark that made
// it drops it when done, and one run after the caller's Prepare (as the
// compare command does) leaves it to the caller.
func TestScenarioValueLifetime(t *testing.T) {
	scenarios, err := Scenarios(nil, "no corpus")
	if err != nil {
		t.Fatal(err)
	}
	var s *Scenario
	for _, x := range scenarios {
		if x.Name() == OpEncodeBinding+"/small" {
			s = x
		}
	}
	if s == nil {
		t.Fatal("no EncodeBinding/small scenario")
	}
	lib := Libraries()[0]
	if f := flag.Lookup("test.benchtime"); f != nil {
		old := f.Value.String()
		f.Value.Set("10ms")
		defer f.Value.Set(old)
	}
	if s.value != nil {
		t.Fatal("value made with the table")
	}
	if err := s.Check(lib); err != nil {
		t.Fatal(err)
	}
	if s.value == nil {
		t.Fatal("Check did not make the value")
	}
	if want, _ := stdjson.Marshal(s.value); s.Size != int64(len(want)) {
		t.Fatalf("Size %d, encoding/json's output %d bytes", s.Size, len(want))
	}
	s.Release()
	if s.value != nil {
		t.Fatal("Release kept the value")
	}
	if r := testing.Benchmark(s.Benchmark(lib)); r.N == 0 {
		t.Fatal("benchmark failed")
	}
	if s.value != nil {
		t.Fatal("a benchmark that made the value kept it")
	}
	if err := s.Prepare(); err != nil {
		t.Fatal(err)
	}
	v := s.value
	if r := testing.Benchmark(s.Benchmark(lib)); r.N == 0 {
		t.Fatal("benchmark failed")
	}
	if s.value != v {
		t.Fatal("a benchmark after the caller's Prepare dropped or remade the value")
	}
}
