//go:build unix

package encoder

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestTreeSpeed times the tree walks against the general loops they
// stand in for (forceSlowV2, forceGeneralTree), interleaved in one
// process, on the corpus documents decoded into an any: run with
// JET_TREE_SPEED=1 and JET_CORPUS set to the corpus directory.
func TestTreeSpeed(t *testing.T) {
	dir := os.Getenv("JET_CORPUS")
	if os.Getenv("JET_TREE_SPEED") == "" || dir == "" {
		t.Skip("JET_TREE_SPEED and JET_CORPUS not set")
	}
	names := []string{"twitter", "citm_catalog", "canada", "golang_source", "synthea_fhir"}
	if s := os.Getenv("JET_TREE_DOCS"); s != "" {
		names = strings.Split(s, ",")
	}
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join(dir, name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
		opts := fastOpts(0)
		runs := map[string]func(){
			"v2-tree":    func() { marshalV2(nil, v, opts, nil) },
			"v2-general": func() { forceSlowV2 = true; marshalV2(nil, v, opts, nil); forceSlowV2 = false },
			"v1-tree":    func() { Encode(v, 0) },
			"v1-general": func() { forceGeneralTree = true; Encode(v, 0); forceGeneralTree = false },
		}
		order := []string{"v2-tree", "v2-general", "v1-tree", "v1-general"}
		times := map[string][]float64{}
		for round := range 9 {
			for i := range order {
				k := order[(i+round)%len(order)]
				f := runs[k]
				// Process CPU time (all threads, the collector's too)
				// over a fixed number of runs.
				n := 0
				c0 := processCPU()
				for w0 := time.Now(); time.Since(w0) < 150*time.Millisecond; n++ {
					f()
				}
				times[k] = append(times[k], float64(processCPU()-c0)/float64(n))
			}
		}
		med := func(k string) float64 { s := slices.Clone(times[k]); slices.Sort(s); return s[len(s)/2] }
		fmt.Printf("%-14s v2: tree %8.0f ns general %8.0f ns (x%.3f)   v1: tree %8.0f ns general %8.0f ns (x%.3f)\n", name,
			med("v2-tree"), med("v2-general"), med("v2-general")/med("v2-tree"),
			med("v1-tree"), med("v1-general"), med("v1-general")/med("v1-tree"))
	}
}
