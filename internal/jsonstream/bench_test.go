package jsonstream

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/jetjson/jet/internal/syntaxv1"
	"github.com/jetjson/jet/internal/wire"
)

// BenchmarkProcess measures each mode on the shared corpus, beside the
// in-memory wire functions and encoding/json:
//
//	go test -run '^$' -bench Process -count 6 ./internal/jsonstream
func BenchmarkProcess(b *testing.B) {
	files, _ := filepath.Glob("../../../shared/corpus/*.json")
	if len(files) == 0 {
		b.Skip("../shared/corpus is absent: the shared benchmark corpus is not checked out next to the repository")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		name := filepath.Base(f)
		run := func(what string, fn func() error) {
			b.Run(name+"/"+what, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(data)))
				for i := 0; i < b.N; i++ {
					if err := fn(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
		var out bytes.Buffer
		for _, m := range []struct {
			name string
			o    Options
		}{{"validate", Options{}}, {"compact", Options{Mode: Compact}}, {"indent", Options{Mode: Indent, Indent: "  "}}} {
			run(m.name+"/stream", func() error {
				return Process(io.Discard, bytes.NewReader(data), m.o)
			})
		}
		run("validate/wire", func() error {
			if err := syntaxv1.Validate(wire.StringOf(data), wire.DefaultMaxDepth); err != nil {
				return err
			}
			return nil
		})
		run("validate/std", func() error {
			if !json.Valid(data) {
				b.Fatal("invalid")
			}
			return nil
		})
		run("indent/std", func() error {
			out.Reset()
			return json.Indent(&out, data, "", "  ")
		})
	}
}
