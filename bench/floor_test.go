package bench

import (
	"bytes"
	stdjson "encoding/json"
	"reflect"
	"strings"
	"testing"
	"unsafe"
)

// floorDocs returns the documents of the scenarios that can run: the
// corpus files (when present and all is set or the test is not -short),
// small, the tiny documents and the shapes.
func floorDocs(t *testing.T, all bool) map[string][]byte {
	_, corpus := load(t)
	docs := map[string][]byte{"small": []byte(SmallJSON)}
	if all || !testing.Short() {
		for name, data := range corpus {
			docs[name] = data
		}
	}
	for _, d := range TinyDocs {
		docs[d.Name] = []byte(d.JSON)
	}
	for _, s := range Shapes {
		docs[s.Name] = ShapeData(s.Name)
	}
	return docs
}

// checkOwnStrings fails when a string in v views the memory of src (the
// tape's arena or the input): the floors copy every string's bytes once.
func checkOwnStrings(t *testing.T, v reflect.Value, src []byte) {
	t.Helper()
	if len(src) == 0 {
		return
	}
	lo := uintptr(unsafe.Pointer(&src[0]))
	hi := lo + uintptr(len(src))
	var walk func(v reflect.Value)
	bad := 0
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.String:
			if s := v.String(); s != "" {
				if p := uintptr(unsafe.Pointer(unsafe.StringData(s))); p >= lo && p < hi {
					bad++
				}
			}
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Struct:
			for i := range v.NumField() {
				walk(v.Field(i))
			}
		case reflect.Slice, reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i))
			}
		case reflect.Map:
			it := v.MapRange()
			for it.Next() {
				walk(it.Key())
				walk(it.Value())
			}
		}
	}
	walk(v)
	if bad > 0 {
		t.Errorf("%d strings view the source instead of the operation's copy", bad)
	}
}

// TestFloorDecodeGeneric checks that the generic floor builds the tree
// encoding/json decodes, reading its whole tape, and that a second build
// leaves the first intact (the slabs are the operation's own).
// With -short, the corpus files are left out.
func TestFloorDecodeGeneric(t *testing.T) {
	for name, data := range floorDocs(t, false) {
		t.Run(name, func(t *testing.T) {
			var want any
			if err := stdjson.Unmarshal(data, &want); err != nil {
				t.Fatal(err)
			}
			tp, err := genericTape(data)
			if err != nil {
				t.Fatal(err)
			}
			r := newReader(tp)
			got := r.value()
			if r.i != len(tp.w) {
				t.Errorf("read %d of the tape's %d words", r.i, len(tp.w))
			}
			if len(r.floats) != tp.floats || len(r.strs) != tp.strings || len(r.slices) != tp.arrays || len(r.elems) != 0 {
				t.Errorf("slabs used: %d floats, %d strings, %d arrays, %d elements left; the tape counted %d, %d, %d",
					len(r.floats), len(r.strs), len(r.slices), len(r.elems), tp.floats, tp.strings, tp.arrays)
			}
			again, err := FloorDecodeGeneric(data)
			if err != nil {
				t.Fatal(err)
			}
			second := again()
			if !reflect.DeepEqual(got, want) {
				t.Error("the floor's tree differs from encoding/json's")
			}
			if !reflect.DeepEqual(second, want) {
				t.Error("the floor's second tree differs from encoding/json's")
			}
			checkOwnStrings(t, reflect.ValueOf(got), tp.arena)
		})
	}
}

// TestFloorDecodeBinding checks that each binding floor fills the value
// encoding/json decodes, reading its whole tape (so that no field is
// left out), and that every binding document has one.
func TestFloorDecodeBinding(t *testing.T) {
	docs := floorDocs(t, true)
	for _, bd := range Bindings {
		t.Run(bd.Doc, func(t *testing.T) {
			data := docs[bd.Doc]
			skipMissing(t, data)
			want := bd.New()
			if err := stdjson.Unmarshal(data, want); err != nil {
				t.Fatal(err)
			}
			read := bindReaders[bd.Doc]
			if read == nil {
				t.Fatal("no binding floor")
			}
			tp, err := bindingTape(data, bd.New)
			if err != nil {
				t.Fatal(err)
			}
			r := newReader(tp)
			got := read(r)
			if r.i != len(tp.w) {
				t.Errorf("read %d of the tape's %d words", r.i, len(tp.w))
			}
			if r.podOff != tp.pod {
				t.Errorf("carved %d of the %d pointer-free bytes the tape counted", r.podOff, tp.pod)
			}
			if reflect.TypeOf(got) != reflect.TypeOf(want) {
				t.Fatalf("the floor makes a %T, want %T", got, want)
			}
			if !reflect.DeepEqual(got, want) {
				t.Error("the floor's value differs from encoding/json's")
			}
			checkOwnStrings(t, reflect.ValueOf(got), tp.arena)
			f, err := FloorDecodeBinding(bd.Doc, data, bd.New)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(f(), want) {
				t.Error("the floor's second value differs from encoding/json's")
			}
		})
	}
}

// TestFloorEncode checks that the encode floors write encoding/json's
// bytes, as many as the scenario counts, for every encode scenario
// (with -short, those of the generic corpus files are left out).
func TestFloorEncode(t *testing.T) {
	scenarios, corpus := load(t)
	ran := 0
	for _, s := range scenarios {
		if s.Op != OpEncodeGeneric && s.Op != OpEncodeBinding || s.Skip != "" {
			continue
		}
		if testing.Short() && s.Op == OpEncodeGeneric && corpus[s.Doc] != nil {
			continue
		}
		ran++
		t.Run(s.Name(), func(t *testing.T) {
			if err := s.Prepare(); err != nil {
				t.Fatal(err)
			}
			defer s.Release()
			want, err := stdjson.Marshal(s.value)
			if err != nil {
				t.Fatal(err)
			}
			f, err := FloorEncode(s.value)
			if err != nil {
				t.Fatal(err)
			}
			got := f()
			if !bytes.Equal(got, want) {
				t.Errorf("the floor wrote %d bytes differing from encoding/json's %d", len(got), len(want))
			}
			if int64(len(got)) != s.Size || cap(got) != len(got) {
				t.Errorf("the floor wrote %d bytes (capacity %d), the scenario counts %d", len(got), cap(got), s.Size)
			}
		})
	}
	if ran == 0 {
		t.Error("no encode scenario")
	}
}

// TestScalarCuts checks the pieces the encode floors append.
func TestScalarCuts(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{`{"a":1,"b":[true,"x\"y",null],"c":{}}`, []string{`{"a":`, `1`, `,"b":[`, `true`, `,`, `"x\"y"`, `,`, `null`, `],"c":{}}`}},
		{`[]`, []string{`[]`}},
		{`"s"`, []string{`"s"`}},
		{`-1.5e3`, []string{`-1.5e3`}},
		{`[{"k":"v"},2]`, []string{`[{"k":`, `"v"`, `},`, `2`, `]`}},
	} {
		var got []string
		prev := 0
		for _, cut := range scalarCuts([]byte(c.in)) {
			got = append(got, c.in[prev:cut])
			prev = cut
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("scalarCuts(%s) pieces %q, want %q", c.in, got, c.want)
		}
		if strings.Join(got, "") != c.in {
			t.Errorf("scalarCuts(%s) pieces %q do not make the input", c.in, got)
		}
	}
}

// TestFloorRead checks that the read floor passes over every byte: its
// count of quotes is a byte loop's.
func TestFloorRead(t *testing.T) {
	for name, data := range floorDocs(t, true) {
		want := 0
		for _, c := range data {
			if c == '"' {
				want++
			}
		}
		if got := FloorRead(data)(); got != want {
			t.Errorf("%s: %d quotes, a byte loop counts %d", name, got, want)
		}
	}
}

// TestFloorScenarios checks that the floor runs with every scenario of
// its operations, once each without error (with -short, only that it
// runs with them).
func TestFloorScenarios(t *testing.T) {
	scenarios, _ := load(t)
	floor := FloorLibrary()
	for _, s := range scenarios {
		want := !s.text || s.Op == OpSkipValue || s.Op == OpReadValue
		if s.Skip != "" {
			continue
		}
		if s.Runs(floor) != want {
			t.Errorf("%s runs with the floor: %v, want %v", s.Name(), s.Runs(floor), want)
		}
		if !want || testing.Short() {
			continue
		}
		if err := s.Check(floor); err != nil {
			t.Errorf("%s: %v", s.Name(), err)
		}
		s.Release()
	}
}
