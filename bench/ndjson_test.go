package bench

import (
	"bytes"
	stdjson "encoding/json"
	"reflect"
	"testing"
)

// TestNDJSONDocument checks the NDJSON document: ndjsonLines lines, each
// one valid JSON value that encoding/json decodes into an Activity and
// writes back as the same line.
func TestNDJSONDocument(t *testing.T) {
	data := NDJSONData()
	lines := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
	if len(lines) != ndjsonLines {
		t.Fatalf("%d lines, want %d", len(lines), ndjsonLines)
	}
	for i, line := range lines {
		var a Activity
		if err := stdjson.Unmarshal(line, &a); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if back, _ := stdjson.Marshal(&a); !bytes.Equal(back, line) {
			t.Fatalf("line %d does not round-trip:\n%s\n%s", i+1, line, back)
		}
	}
	if !bytes.Equal(NDJSONData(), data) {
		t.Fatal("the document differs from one call to the next")
	}
}

// TestStreamAgrees checks every library with a stream decoder and
// encoder: it reads the NDJSON document into the values encoding/json's
// decoder reads, and what it writes reads back as those values, one
// line each.
func TestStreamAgrees(t *testing.T) {
	data := NDJSONData()
	want, err := decodeStream(stdLibrary(), data, true)
	if err != nil {
		t.Fatal(err)
	}
	ran := 0
	for _, lib := range AllLibraries() {
		if lib.NewDecoder == nil {
			continue
		}
		ran++
		got, err := decodeStream(lib, data, true)
		if err != nil {
			t.Errorf("%s: decoding: %v", lib.Name, err)
		} else if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: decoded values differ from encoding/json's", lib.Name)
		}
		var buf bytes.Buffer
		if _, err := encodeStream(lib, &buf, want); err != nil {
			t.Errorf("%s: encoding: %v", lib.Name, err)
			continue
		}
		if n := bytes.Count(buf.Bytes(), []byte("\n")); n != ndjsonLines {
			t.Errorf("%s: wrote %d lines, want %d", lib.Name, n, ndjsonLines)
		}
		back, err := decodeStream(stdLibrary(), buf.Bytes(), true)
		if err != nil {
			t.Errorf("%s: its output does not read back: %v", lib.Name, err)
		} else if !reflect.DeepEqual(back, want) {
			t.Errorf("%s: its output reads back as other values", lib.Name)
		}
	}
	if ran < 8 {
		t.Errorf("%d libraries have stream codecs, want at least jet's three, sonic's three, goccy, jsoniter, segmentio and encoding/json", ran)
	}
}

// TestStreamScenarios checks that the stream scenarios run with the
// libraries that have stream codecs and the floor, and no others, and
// that the encode scenario's size is encoding/json's output.
func TestStreamScenarios(t *testing.T) {
	scenarios, err := Scenarios(nil, "no corpus")
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, s := range scenarios {
		if !s.stream {
			continue
		}
		found++
		if s.Skip != "" {
			t.Errorf("%s skips without the corpus: %s", s.Name(), s.Skip)
		}
		if err := s.Prepare(); err != nil {
			t.Fatal(err)
		}
		for _, lib := range AllLibraries() {
			if s.Runs(lib) != (lib.NewDecoder != nil || lib.Floor) {
				t.Errorf("%s runs with %s: %v", s.Name(), lib.Name, s.Runs(lib))
			}
			if s.Runs(lib) && lib.Jet {
				if err := s.Check(lib); err != nil {
					t.Errorf("%s with %s: %v", s.Name(), lib.Name, err)
				}
			}
		}
		if s.Op == OpEncodeStream {
			var buf bytes.Buffer
			if _, err := encodeStream(stdLibrary(), &buf, s.value.([]Activity)); err != nil || int64(buf.Len()) != s.Size {
				t.Errorf("%s: Size %d, encoding/json writes %d bytes (%v)", s.Name(), s.Size, buf.Len(), err)
			}
		}
		s.Release()
	}
	if found != len(StreamOps) {
		t.Errorf("%d stream scenarios, want %d", found, len(StreamOps))
	}
}

// TestFloorDecodeStream checks the floor of DecodeStream: from its tape
// it builds the values encoding/json's decoder reads, reading the whole
// tape, with strings in its own copy of the tape's bytes.
func TestFloorDecodeStream(t *testing.T) {
	data := NDJSONData()
	want, err := decodeStream(stdLibrary(), data, true)
	if err != nil {
		t.Fatal(err)
	}
	tp := new(tape)
	tp.putValue(reflect.ValueOf(want))
	r := newReader(tp)
	got := make([]Activity, r.length())
	for i := range got {
		r.activity(&got[i])
	}
	if r.i != len(tp.w) {
		t.Errorf("read %d of the tape's %d words", r.i, len(tp.w))
	}
	if !reflect.DeepEqual(got, want) {
		t.Error("the floor's values differ from encoding/json's")
	}
	checkOwnStrings(t, reflect.ValueOf(got), tp.arena)
	read, err := FloorDecodeStream(data)
	if err != nil {
		t.Fatal(err)
	}
	if last := read(); !reflect.DeepEqual(*last, want[len(want)-1]) {
		t.Error("the floor's last value differs from encoding/json's")
	}
}
