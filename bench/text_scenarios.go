package bench

import (
	"fmt"
	"runtime"
	"slices"
)

// The syntax-layer scenarios: the Decoder, Encoder and Value of the
// encoding/json/jsontext API (Go 1.27), run over every corpus file with
// the libraries of ClassJSONText (see TextLibraries). Every library runs
// the same code against its own package (text_jet.go, text_goccy.go,
// jsontext_std_on.go). MB/s counts the document's bytes.
const (
	// OpReadToken reads the document token by token until io.EOF, with
	// a Decoder over bytes.NewReader(doc).
	OpReadToken = "ReadToken"
	// OpReadValue reads the document with one ReadValue, with a Decoder
	// over bytes.NewReader(doc).
	OpReadValue = "ReadValue"
	// OpSkipValue reads the top-level '{' or '[' with ReadToken, skips
	// each member value (after reading its name) or element with
	// SkipValue, and reads the end token; a document that is neither an
	// object nor an array is skipped with one SkipValue.
	OpSkipValue = "SkipValue"
	// OpWriteToken writes the document's tokens (each library's own,
	// read and cloned beforehand) with WriteToken to an Encoder over a
	// reused bytes.Buffer.
	OpWriteToken = "WriteToken"
	// OpWriteValue writes the document with one WriteValue to an Encoder
	// over a reused bytes.Buffer.
	OpWriteValue = "WriteValue"
	// OpCompact copies the document into a reused Value and calls its
	// Compact (the copy is timed too, alike for every library).
	OpCompact = "Compact"
	// OpIndent is OpCompact with Indent().
	OpIndent = "Indent"
	// OpCanonicalize is OpCompact with Canonicalize().
	OpCanonicalize = "Canonicalize"
)

// TextOps lists the syntax-layer operations in table order.
var TextOps = []string{OpReadToken, OpReadValue, OpSkipValue, OpWriteToken, OpWriteValue, OpCompact, OpIndent, OpCanonicalize}

// TextResult is what one run of a syntax-layer operation produced; the
// tests compare it across libraries.
type TextResult struct {
	// N counts the tokens read (ReadToken) or the values skipped
	// (SkipValue).
	N int
	// Out is the value read (ReadValue) or the bytes written (the other
	// operations); it is valid until the operation runs again.
	Out []byte
}

// TextOp runs a syntax-layer operation once on the document it was made
// for.
type TextOp func() (TextResult, error)

// TextPrep makes the operation for doc, doing beforehand (outside the
// measurement) whatever it needs: the tokens to write, the buffers.
type TextPrep func(doc []byte) (TextOp, error)

// TextAPI is one jsontext implementation: an operation maker for each of
// TextOps.
type TextAPI struct {
	ReadToken, ReadValue, SkipValue, WriteToken, WriteValue TextPrep
	Compact, Indent, Canonicalize                           TextPrep
}

// Prep returns the maker of op, one of TextOps.
func (t *TextAPI) Prep(op string) TextPrep {
	switch op {
	case OpReadToken:
		return t.ReadToken
	case OpReadValue:
		return t.ReadValue
	case OpSkipValue:
		return t.SkipValue
	case OpWriteToken:
		return t.WriteToken
	case OpWriteValue:
		return t.WriteValue
	case OpCompact:
		return t.Compact
	case OpIndent:
		return t.Indent
	case OpCanonicalize:
		return t.Canonicalize
	}
	panic(fmt.Sprintf("bench: unknown syntax-layer operation %q", op))
}

// Runs reports whether the scenario runs with lib: the syntax-layer
// scenarios with the libraries of ClassJSONText, the others with the rest
// (those of a library that lists its Ops, only those); the floor entry
// runs the scenarios of its Ops that have a floor.
func (s *Scenario) Runs(lib *Library) bool {
	if lib.Floor {
		return s.floor != nil && slices.Contains(lib.Ops, s.Op)
	}
	if s.stream && (lib.NewDecoder == nil || lib.NewEncoder == nil) {
		return false
	}
	return s.text == (lib.Text != nil) && (lib.Ops == nil || slices.Contains(lib.Ops, s.Op))
}

// textScenarios returns the syntax-layer scenarios, each of TextOps over
// each corpus file (Skip set to skipReason where the corpus is missing).
func textScenarios(corpus map[string][]byte, skipReason string) []*Scenario {
	var out []*Scenario
	for _, op := range TextOps {
		for _, name := range CorpusFiles {
			s := &Scenario{Op: op, Doc: name, text: true}
			if data := corpus[name]; data == nil {
				s.Skip = skipReason
			} else {
				s.Size = int64(len(data))
				s.op = func(lib *Library) func() error { return s.textOp(lib, data) }
				if op == OpSkipValue || op == OpReadValue {
					s.floor = floorRead(data)
				}
			}
			out = append(out, s)
		}
	}
	return out
}

// textOp adapts a syntax-layer operation to Scenario.op. The library's
// preparation (reading the tokens to write, say) happens here, before
// Benchmark starts its timer, and is kept for the next call with the same
// library until Release: testing calls a benchmark function several times
// (growing b.N), and the compare command's -cpu clock measures each call
// whole, so preparing again in each call would be measured.
func (s *Scenario) textOp(lib *Library, data []byte) func() error {
	if s.preparedLib == lib {
		return s.prepared
	}
	s.Release() // the previous library's preparation can go first
	run, err := lib.Text.Prep(s.Op)(data)
	if err != nil {
		err = fmt.Errorf("preparing %s: %w", s.Op, err)
		return func() error { return err }
	}
	s.preparedLib = lib
	s.prepared = func() error {
		_, err := run()
		return err
	}
	// Collect the preparation's garbage before the measurement.
	runtime.GC()
	return s.prepared
}
