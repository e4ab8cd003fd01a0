package encoder

import (
	"encoding/json"
	"testing"

	"github.com/jetjson/jet/internal/testdocs"
)

// BenchmarkTreeWalk encodes each corpus document decoded into an any
// with the tree walks (v1's and v2's) and with the general loops they
// stand in for (forceGeneralTree, forceSlowV2), so that a paired run
// (`go test -bench TreeWalk -count 5 ./encoder`, then benchstat or
// medians) shows what the walks gain.
func BenchmarkTreeWalk(b *testing.B) {
	for _, doc := range testdocs.Corpus(b) {
		var v any
		if err := json.Unmarshal(doc.Data, &v); err != nil {
			b.Fatal(err)
		}
		opts := fastOpts(0)
		for _, c := range []struct {
			name    string
			general *bool
			encode  func() error
		}{
			{"v2/tree", nil, func() error { _, err := marshalV2(nil, v, opts, nil); return err }},
			{"v2/general", &forceSlowV2, func() error { _, err := marshalV2(nil, v, opts, nil); return err }},
			{"v1/tree", nil, func() error { _, err := Encode(v, 0); return err }},
			{"v1/general", &forceGeneralTree, func() error { _, err := Encode(v, 0); return err }},
		} {
			b.Run(doc.Name+"/"+c.name, func(b *testing.B) {
				if c.general != nil {
					*c.general = true
					defer func() { *c.general = false }()
				}
				b.SetBytes(int64(len(doc.Data)))
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if err := c.encode(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
