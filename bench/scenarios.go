package bench

import (
	stdjson "encoding/json"
	"errors"
	"runtime"
	"testing"
)

// The operations a scenario benchmarks, in the order tables show them.
const (
	// OpDecodeGeneric decodes a document into an any.
	OpDecodeGeneric = "DecodeGeneric"
	// OpEncodeGeneric encodes an any (decoded once by encoding/json).
	OpEncodeGeneric = "EncodeGeneric"
	// OpDecodeBinding decodes a document into a fresh Go struct.
	OpDecodeBinding = "DecodeBinding"
	// OpEncodeBinding encodes a Go struct (decoded once by encoding/json).
	OpEncodeBinding = "EncodeBinding"
	// OpValid validates a document.
	OpValid = "Valid"
)

// Ops lists the operations in table order.
var Ops = []string{OpDecodeGeneric, OpEncodeGeneric, OpDecodeBinding, OpEncodeBinding, OpValid}

// Binding is a document with the Go type the binding scenarios decode it
// into.
type Binding struct {
	// Doc is the document's name: a corpus file or "small".
	Doc string
	// New returns a pointer to a fresh zero value of the type.
	New func() any
	// Encode says whether the encode scenario runs on the document too
	// (twitterescaped is twitter's data and encodes the same).
	Encode bool
}

// Bindings lists the documents with a Go type.
var Bindings = []Binding{
	{"twitter", func() any { return new(Twitter) }, true},
	{"twitterescaped", func() any { return new(Twitter) }, false},
	{"citm_catalog", func() any { return new(Citm) }, true},
	{"canada", func() any { return new(Canada) }, true},
	{"golang_source", func() any { return new(GolangSource) }, true},
	{"small", func() any { return new(Small) }, true},
}

// Scenario is one operation on one document, runnable with any Library.
type Scenario struct {
	// Op is the operation, one of Ops.
	Op string
	// Doc is the document's name.
	Doc string
	// Size is the bytes processed per operation, for MB/s: the input for
	// decoding and validating, encoding/json's output for encoding (set
	// by the first Prepare).
	Size int64
	// Skip, when not empty, says why the scenario cannot run (the corpus
	// is missing).
	Skip string
	// op returns one operation of the scenario with lib.
	op func(lib *Library) func() error
	// build makes the value an encode scenario encodes; value holds it
	// between Prepare and Release.
	build func() (any, error)
	value any
	// text marks the syntax-layer scenarios (text_scenarios.go), which
	// run with the libraries of ClassJSONText only (see Runs);
	// preparedLib and prepared hold the operation one of them prepared
	// last (see textOp), until Release.
	text        bool
	preparedLib *Library
	prepared    func() error
	// stream marks the stream scenarios (ndjson.go), which run with the
	// libraries that have a stream decoder and encoder only.
	stream bool
	// floor prepares the scenario's floor (floor.go), the operation the
	// floor entry runs; nil when the scenario has none.
	floor func(s *Scenario) (func() error, error)
}

// Prepare makes the value an encode scenario encodes, if it is not made
// yet; Benchmark and Check call it too. The values of encode scenarios
// are made on demand rather than when the table is built so that they
// are not live (and marked by every collection) while other scenarios
// run: held all at once, the decoded corpus made the collector's share
// of a small document's decode several times what the decode itself
// costs, in every library alike.
func (s *Scenario) Prepare() error {
	if s.build == nil || s.value != nil || s.Skip != "" {
		return nil
	}
	v, err := s.build()
	if err != nil {
		return err
	}
	if s.Size == 0 {
		n, err := stdjson.Marshal(v)
		if err != nil {
			return err
		}
		s.Size = int64(len(n))
	}
	s.value = v
	return nil
}

// Release drops the value Prepare made; the next Prepare makes it again.
// It drops as well the operation a syntax-layer scenario prepared for a
// library (the tokens to write, the buffers).
func (s *Scenario) Release() {
	if s.build != nil {
		s.value = nil
	}
	s.preparedLib, s.prepared = nil, nil
}

// Name is Op/Doc, the benchmark name below the top level.
func (s *Scenario) Name() string { return s.Op + "/" + s.Doc }

var errInvalid = errors.New("the library's Valid reported false for a valid document")

// Check runs the scenario once with lib and returns its error.
func (s *Scenario) Check(lib *Library) error {
	if s.Skip != "" {
		return errors.New(s.Skip)
	}
	if err := s.Prepare(); err != nil {
		return err
	}
	return s.opFor(lib)()
}

// Benchmark returns the benchmark of the scenario with lib. It reports
// allocations and bytes per operation, and skips when s.Skip is set.
func (s *Scenario) Benchmark(lib *Library) func(b *testing.B) {
	return func(b *testing.B) {
		if s.Skip != "" {
			b.Skip(s.Skip)
		}
		// A value made here (not by a caller's Prepare, as the compare
		// command does outside its measurement) is dropped after this
		// run, and its garbage collected before the timer starts.
		if s.build != nil && s.value == nil {
			if err := s.Prepare(); err != nil {
				b.Fatal(err)
			}
			b.Cleanup(s.Release)
			runtime.GC()
		}
		op := s.opFor(lib)
		b.SetBytes(s.Size)
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if err := op(); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// Scenarios returns every scenario, in table order. corpus holds the
// corpus files by name (see LoadCorpus); when it is nil, the scenarios
// that need it are returned with Skip set to skipReason.
func Scenarios(corpus map[string][]byte, skipReason string) ([]*Scenario, error) {
	type doc struct {
		name string
		data []byte
	}
	var generic []doc
	for _, name := range CorpusFiles {
		generic = append(generic, doc{name, corpus[name]})
	}
	for _, t := range TinyDocs {
		generic = append(generic, doc{t.Name, []byte(t.JSON)})
	}
	for _, s := range Shapes {
		generic = append(generic, doc{s.Name, ShapeData(s.Name)})
	}
	dataOf := func(name string) []byte {
		if name == "small" {
			return []byte(SmallJSON)
		}
		if b := ShapeData(name); b != nil {
			return b
		}
		return corpus[name]
	}

	var out []*Scenario
	add := func(s *Scenario, data []byte) {
		if data == nil {
			s.Skip = skipReason
			s.op, s.floor = nil, nil
		}
		out = append(out, s)
	}

	// Decode generic.
	for _, d := range generic {
		data := d.data
		add(&Scenario{Op: OpDecodeGeneric, Doc: d.name, Size: int64(len(data)),
			op: func(lib *Library) func() error {
				return func() error {
					var v any
					return lib.Unmarshal(data, &v)
				}
			},
			floor: floorDecodeGeneric(data)}, data)
	}
	// Encode generic.
	for _, d := range generic {
		s := &Scenario{Op: OpEncodeGeneric, Doc: d.name}
		if d.data != nil {
			data := d.data
			s.build = func() (any, error) {
				var v any
				err := stdjson.Unmarshal(data, &v)
				return v, err
			}
			s.op = s.encodeOp
			s.floor = floorEncode
		}
		add(s, d.data)
	}
	// Decode binding.
	for _, bd := range Bindings {
		data, newValue := dataOf(bd.Doc), bd.New
		add(&Scenario{Op: OpDecodeBinding, Doc: bd.Doc, Size: int64(len(data)),
			op: func(lib *Library) func() error {
				return func() error { return lib.Unmarshal(data, newValue()) }
			},
			floor: floorDecodeBinding(bd.Doc, data, newValue)}, data)
	}
	// Encode binding.
	for _, bd := range Bindings {
		if !bd.Encode {
			continue
		}
		data := dataOf(bd.Doc)
		s := &Scenario{Op: OpEncodeBinding, Doc: bd.Doc}
		if data != nil {
			newValue := bd.New
			s.build = func() (any, error) {
				v := newValue()
				err := stdjson.Unmarshal(data, v)
				return v, err
			}
			s.op = s.encodeOp
			s.floor = floorEncode
		}
		add(s, data)
	}
	// Valid.
	valid := append([]string(nil), CorpusFiles...)
	for _, s := range Shapes {
		valid = append(valid, s.Name)
	}
	for _, name := range valid {
		data := dataOf(name)
		add(&Scenario{Op: OpValid, Doc: name, Size: int64(len(data)),
			op: func(lib *Library) func() error {
				return func() error {
					if !lib.Valid(data) {
						return errInvalid
					}
					return nil
				}
			},
			floor: floorRead(data)}, data)
	}
	// NDJSON, through each library's stream decoder and encoder.
	out = append(out, streamScenarios()...)
	// The syntax layer (jsontext).
	out = append(out, textScenarios(corpus, skipReason)...)
	return out, nil
}

// encodeOp is the operation of an encode scenario: Marshal of the value
// Prepare made.
func (s *Scenario) encodeOp(lib *Library) func() error {
	v := s.value
	return func() error {
		_, err := lib.Marshal(v)
		return err
	}
}
