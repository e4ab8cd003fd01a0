package json_test

import (
	"bytes"
	"errors"
	"math"
	"testing"

	"github.com/jetjson/jet/jsontext"
	json "github.com/jetjson/jet/jsonv2"
)

// TestMarshalPartialOutput checks, on every toolchain, what Marshal
// returns with an error: the complete tokens written before it, as Go's
// encoding/json/v2 returns them (the differential tests compare with
// Go's where the toolchain has it).
func TestMarshalPartialOutput(t *testing.T) {
	type pair struct {
		A int
		B chan int
	}
	nan := math.NaN()
	tests := []struct {
		name string
		in   any
		opts []json.Options
		want string
	}{
		{"top", nan, nil, ``},
		{"array", []any{1, "x", []any{}, nan}, nil, `[1,"x",[]`},
		{"arrayFirst", []any{nan}, nil, `[`},
		{"member", pair{A: 1}, nil, `{"A":1,"B"`},
		{"mapValue", map[string]any{"a": []any{true, nan}}, nil, `{"a":[true`},
		{"dupName", map[string]int{"\xff": 1, "\xfe": 2}, []json.Options{jsontext.AllowInvalidUTF8(true), json.Deterministic(true)}, "{\"\ufffd\":2"}, // "\xfe" sorts first
		{"multiline", []any{1, map[string]any{"k": nan}}, []json.Options{jsontext.WithIndent("  ")}, "[\n  1,\n  {\n    \"k\""},
		{"spaces", []any{1, map[string]any{"k": nan}}, []json.Options{jsontext.SpaceAfterComma(true), jsontext.SpaceAfterColon(true)}, `[1, {"k"`},
	}
	for _, tt := range tests {
		got, err := json.Marshal(tt.in, tt.opts...)
		if err == nil {
			t.Errorf("%s: Marshal succeeded: %s", tt.name, got)
			continue
		}
		if string(got) != tt.want {
			t.Errorf("%s: Marshal output with %v:\n got %q\nwant %q", tt.name, err, got, tt.want)
		}
	}
}

// TestMarshalEncodeLeavesEncoder checks where a failed MarshalEncode
// leaves the Encoder: holding the tokens written before the error,
// refusing everything in the struct or map whose names were lost, and
// itself again after Reset; with AllowDuplicateNames, still open to
// more tokens.
func TestMarshalEncodeLeavesEncoder(t *testing.T) {
	var buf bytes.Buffer
	enc := jsontext.NewEncoder(&buf)
	err := json.MarshalEncode(enc, map[string]any{"a": 1.5, "b": math.NaN()}, json.Deterministic(true))
	if err == nil {
		t.Fatal("MarshalEncode succeeded")
	}
	if got, want := enc.OutputOffset(), int64(len(`{"a":1.5,"b"`)); got != want {
		t.Errorf("OutputOffset = %d, want %d", got, want)
	}
	if got := enc.StackPointer(); got != "/b" {
		t.Errorf("StackPointer = %q, want /b", got)
	}
	var se *jsontext.SyntacticError
	if err := enc.WriteToken(jsontext.Null); !errors.As(err, &se) {
		t.Errorf("WriteToken(Null) = %v, want a SyntacticError", err)
	}
	if err := enc.WriteValue(jsontext.Value(`1`)); err == nil {
		t.Error("WriteValue succeeded")
	}
	if err := enc.WriteToken(jsontext.EndObject); err == nil {
		t.Error("WriteToken(EndObject) succeeded")
	}
	buf.Reset()
	enc.Reset(&buf)
	if err := json.MarshalEncode(enc, []int{1}); err != nil || buf.String() != "[1]\n" {
		t.Errorf("after Reset: %v, output %q", err, buf.String())
	}

	// Names allowed to repeat: nothing is lost, the Encoder goes on.
	buf.Reset()
	enc.Reset(&buf, jsontext.AllowDuplicateNames(true))
	if err := json.MarshalEncode(enc, struct{ A, B any }{1, math.NaN()}); err == nil {
		t.Fatal("MarshalEncode succeeded")
	}
	for _, tok := range []jsontext.Token{jsontext.Null, jsontext.String("A"), jsontext.Int(2), jsontext.EndObject} {
		if err := enc.WriteToken(tok); err != nil {
			t.Fatalf("WriteToken(%v): %v", tok, err)
		}
	}
	if got, want := buf.String(), `{"A":1,"B":null,"A":2}`+"\n"; got != want {
		t.Errorf("output %q, want %q", got, want)
	}
}

// TestMarshalEncodeRefusedOptions checks the option changes
// MarshalEncode refuses, as Go's does: the checks of duplicate names
// and UTF-8 where a name comes next, and whitespace; the same values
// again are accepted.
func TestMarshalEncodeRefusedOptions(t *testing.T) {
	var buf bytes.Buffer
	enc := jsontext.NewEncoder(&buf, jsontext.WithIndent("\t"))
	enc.WriteToken(jsontext.BeginObject)
	for _, o := range []json.Options{jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true), jsontext.Multiline(false), jsontext.WithIndent("  "), jsontext.SpaceAfterComma(true)} {
		err := json.MarshalEncode(enc, "name", o)
		var se *json.SemanticError
		if !errors.As(err, &se) || se.Err == nil {
			t.Errorf("MarshalEncode with %v = %v, want a SemanticError", o, err)
		}
	}
	if err := json.MarshalEncode(enc, "name", enc.Options(), jsontext.AllowDuplicateNames(false)); err != nil {
		t.Fatalf("MarshalEncode with the Encoder's own options: %v", err)
	}
	// At a member's value, the checks may change for the call.
	if err := json.MarshalEncode(enc, jsontext.Value(`{"d":1,"d":2}`), jsontext.AllowDuplicateNames(true)); err != nil {
		t.Fatalf("MarshalEncode of a value with duplicate names allowed: %v", err)
	}
	if err := enc.WriteToken(jsontext.String("name")); err == nil {
		t.Error("the duplicate name went through: the Encoder kept the call's options")
	}
}

// writeSizes records the size of each Write.
type writeSizes struct {
	bytes.Buffer
	sizes []int
}

func (w *writeSizes) Write(b []byte) (int, error) {
	w.sizes = append(w.sizes, len(b))
	return w.Buffer.Write(b)
}

// TestMarshalWriteChunks checks that MarshalWrite writes what Marshal
// returns, a large output in Writes of growing size up to 1 MiB (as
// Go's streaming Encoder bounds its Writes), and nothing on error.
func TestMarshalWriteChunks(t *testing.T) {
	v := make([]struct{ S string }, 150_000) // about 3 MB
	want, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var w writeSizes
	if err := json.MarshalWrite(&w, v); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(w.Bytes(), want) {
		t.Fatalf("MarshalWrite wrote %d bytes, not Marshal's %d", w.Len(), len(want))
	}
	if len(w.sizes) < 3 {
		t.Fatalf("MarshalWrite wrote %d bytes in %d Writes: %v", w.Len(), len(w.sizes), w.sizes)
	}
	for i, n := range w.sizes {
		if n > 1<<20 {
			t.Errorf("Write %d of %d bytes, more than 1 MiB", i, n)
		}
		if i > 0 && i < len(w.sizes)-1 && n < w.sizes[i-1] {
			t.Errorf("Write %d of %d bytes, less than the one before (%v)", i, n, w.sizes)
		}
	}

	w = writeSizes{}
	if err := json.MarshalWrite(&w, []any{1, math.NaN()}); err == nil || w.Len() != 0 || len(w.sizes) != 0 {
		t.Errorf("failing MarshalWrite: %v, wrote %q", err, w.Bytes())
	}
	w = writeSizes{}
	if err := json.MarshalWrite(&w, []int{1, 2}, jsontext.SpaceAfterComma(true)); err != nil || w.String() != "[1, 2]" || len(w.sizes) != 1 {
		t.Errorf("MarshalWrite: %v, wrote %q in %v", err, w.Bytes(), w.sizes)
	}
}
