package bench

import (
	"bytes"
	stdjson "encoding/json"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestTextAgrees runs every syntax-layer scenario once with every jsontext
// implementation and checks that they all give the same result (token
// count, values skipped, bytes read or written), and that the result is
// right where encoding/json can tell: the token count is that of its
// Decoder.Token, ReadValue returns the document without its surrounding
// white space, Compact writes what its Compact writes. A library that
// fails here would be measured doing different work than its peers.
func TestTextAgrees(t *testing.T) {
	scenarios, corpus := load(t)
	libs := TextLibraries()
	if !StdJSONText {
		t.Logf("encoding/json/jsontext is not in this build (needs Go 1.27 with GOEXPERIMENT=jsonv2): comparing jet and goccy only")
	}
	ran := 0
	for _, s := range scenarios {
		if !s.text {
			continue
		}
		t.Run(s.Name(), func(t *testing.T) {
			t.Parallel()
			data := corpus[s.Doc]
			skipMissing(t, data)
			want, wantLib := TextResult{N: -1}, ""
			switch s.Op {
			case OpReadToken:
				want, wantLib = TextResult{N: stdTokenCount(t, data)}, "encoding/json's Decoder.Token"
			case OpReadValue:
				want, wantLib = TextResult{Out: bytes.TrimSpace(data)}, "the document"
			case OpCompact:
				var buf bytes.Buffer
				if err := stdjson.Compact(&buf, data); err != nil {
					t.Fatalf("encoding/json Compact: %v", err)
				}
				want, wantLib = TextResult{Out: buf.Bytes()}, "encoding/json's Compact"
			}
			for _, lib := range libs {
				if !s.Runs(lib) {
					t.Fatalf("%s does not run with %s", s.Name(), lib.Name)
				}
				if err := s.Check(lib); err != nil {
					t.Errorf("%s: %v", lib.Name, err)
					continue
				}
				run, err := lib.Text.Prep(s.Op)(data)
				if err != nil {
					t.Errorf("%s: preparing: %v", lib.Name, err)
					continue
				}
				got, err := run()
				if err != nil {
					t.Errorf("%s: %v", lib.Name, err)
					continue
				}
				got.Out = bytes.Clone(got.Out) // valid until the next run only
				if wantLib == "" {
					want, wantLib = got, lib.Name
					continue
				}
				if got.N != want.N {
					t.Errorf("%s counts %d, %s %d", lib.Name, got.N, wantLib, want.N)
				}
				if !bytes.Equal(got.Out, want.Out) {
					t.Errorf("%s gives %d bytes, %s %d; first difference at byte %d:\n%s: %s\n%s: %s",
						lib.Name, len(got.Out), wantLib, len(want.Out), firstDiff(got.Out, want.Out),
						lib.Name, around(got.Out, firstDiff(got.Out, want.Out)),
						wantLib, around(want.Out, firstDiff(got.Out, want.Out)))
				}
			}
		})
		ran++
	}
	if ran != len(TextOps)*len(CorpusFiles) {
		t.Errorf("%d syntax-layer scenarios, want %d", ran, len(TextOps)*len(CorpusFiles))
	}
}

// TestTextScenariosSplit checks that the syntax-layer scenarios run with
// the jsontext libraries only, and the other scenarios never with them.
func TestTextScenariosSplit(t *testing.T) {
	scenarios, _ := load(t)
	for _, s := range scenarios {
		for _, lib := range AllLibraries() {
			want := s.text == (lib.Class == ClassJSONText) && (lib.Ops == nil || slices.Contains(lib.Ops, s.Op))
			if lib.Floor {
				want = s.floor != nil && slices.Contains(lib.Ops, s.Op)
			}
			if s.Runs(lib) != want {
				t.Errorf("%s runs with %s: %v", s.Name(), lib.Name, s.Runs(lib))
			}
		}
	}
	if n := len(TextLibraries()); StdJSONText && n != 3 || !StdJSONText && n != 2 {
		t.Errorf("%d jsontext libraries (StdJSONText %v)", n, StdJSONText)
	}
}

// TestTextSourcesAlike checks that the three implementations of TextAPI
// are the same code over different packages.
func TestTextSourcesAlike(t *testing.T) {
	var want, wantFile string
	for _, file := range []string{"text_jet.go", "text_goccy.go", "jsontext_std_on.go"} {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		const start = "() *TextAPI {\n"
		i := strings.Index(string(src), start)
		if i < 0 {
			t.Fatalf("%s: no %q", file, start)
		}
		body := string(src[i:])
		if want == "" {
			want, wantFile = body, file
		} else if body != want {
			t.Errorf("%s's TextAPI differs from %s's", file, wantFile)
		}
	}
}

// stdTokenCount counts the tokens encoding/json's Decoder.Token reads.
func stdTokenCount(t *testing.T, data []byte) int {
	t.Helper()
	d := stdjson.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	n := 0
	for {
		_, err := d.Token()
		if err == io.EOF {
			return n
		}
		if err != nil {
			t.Fatalf("encoding/json Token: %v", err)
		}
		n++
	}
}

func firstDiff(a, b []byte) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// around returns the bytes of b near offset i, quoted.
func around(b []byte, i int) string {
	lo, hi := max(i-40, 0), min(i+40, len(b))
	return strings.ReplaceAll(string(b[lo:hi]), "\n", `\n`)
}
