package jet_test

// Concurrent first use of many distinct types, for the race detector
// (`go test -race -run Race`): jet compiles a codec per type on first
// use and publishes it in a shared cache.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/jetjson/jet/internal/oracle"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/jetjson/jet"
)

// fieldTypes are the building blocks of the generated struct types.
var fieldTypes = []reflect.Type{
	reflect.TypeFor[int](), reflect.TypeFor[int8](), reflect.TypeFor[uint32](), reflect.TypeFor[float64](),
	reflect.TypeFor[float32](), reflect.TypeFor[string](), reflect.TypeFor[bool](), reflect.TypeFor[[]byte](),
	reflect.TypeFor[*string](), reflect.TypeFor[[]int](), reflect.TypeFor[map[string]int](), reflect.TypeFor[any](),
	reflect.TypeFor[json.Number](), reflect.TypeFor[json.RawMessage](), reflect.TypeFor[jsonVal](),
	reflect.TypeFor[textVal](), reflect.TypeFor[[2]string](), reflect.TypeFor[map[int]bool](), reflect.TypeFor[MyInt](),
	reflect.TypeFor[time.Time](),
}

var fieldTags = []string{``, `json:"x"`, `json:",omitempty"`, `json:"y,omitempty"`, `json:"-"`, `json:",string"`}

// makeStructTypes builds n distinct struct types with reflect.StructOf;
// later types may contain earlier ones (directly, by pointer, in slices
// and maps).
func makeStructTypes(n int, seed uint64) []reflect.Type {
	r := rand.New(rand.NewPCG(seed, 1))
	var out []reflect.Type
	for i := 0; i < n; i++ {
		var fields []reflect.StructField
		nf := 1 + r.IntN(8)
		for j := 0; j < nf; j++ {
			var ft reflect.Type
			if len(out) > 0 && r.IntN(4) == 0 {
				inner := out[r.IntN(len(out))]
				switch r.IntN(4) {
				case 0:
					ft = inner
				case 1:
					ft = reflect.PointerTo(inner)
				case 2:
					ft = reflect.SliceOf(inner)
				default:
					ft = reflect.MapOf(reflect.TypeFor[string](), inner)
				}
			} else {
				ft = fieldTypes[r.IntN(len(fieldTypes))]
			}
			tag := fieldTags[r.IntN(len(fieldTags))]
			if tag == `json:",string"` {
				switch ft.Kind() {
				case reflect.Int, reflect.Int8, reflect.Uint32, reflect.Float64, reflect.Bool:
				default:
					tag = ""
				}
			}
			fields = append(fields, reflect.StructField{
				// A distinct name per type and field makes each
				// type distinct.
				Name: fmt.Sprintf("F%d_%d_%d", seed%1000, i, j),
				Type: ft,
				Tag:  reflect.StructTag(tag),
			})
		}
		out = append(out, reflect.StructOf(fields))
	}
	return out
}

func TestRaceFirstUse(t *testing.T) {
	oracle.Require(t)
	types := makeStructTypes(120, 565)
	const workers = 8
	var wg sync.WaitGroup
	errs := make(chan string, workers*len(types))
	start := make(chan struct{})
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			g := newGen(uint64(w) + 1)
			g.noFail = true
			order := g.r.Perm(len(types))
			<-start
			for _, i := range order {
				typ := types[i]
				if w%4 == 3 {
					jet.Pretouch(typ)
				}
				v := g.value(typ)
				p := v.Addr().Interface()
				want, err := json.Marshal(p)
				if err != nil {
					continue
				}
				got, err := jet.ConfigStd.Marshal(p)
				if err != nil || !bytes.Equal(got, want) {
					errs <- fmt.Sprintf("worker %d type %d: ConfigStd.Marshal: %v: %s", w, i, err, byteDiff(got, want))
					continue
				}
				if _, err := jet.Marshal(v.Interface()); err != nil {
					errs <- fmt.Sprintf("worker %d type %d: Marshal: %v", w, i, err)
				}
				if _, err := jet.ConfigDefault.MarshalIndent(p, "", " "); err != nil {
					errs <- fmt.Sprintf("worker %d type %d: Default.MarshalIndent: %v", w, i, err)
				}
				for _, pr := range presets {
					a, b := reflect.New(typ), reflect.New(typ)
					e1 := json.Unmarshal(want, a.Interface())
					e2 := pr.api.Unmarshal(want, b.Interface())
					if (e1 == nil) != (e2 == nil) || !reflect.DeepEqual(a.Interface(), b.Interface()) {
						errs <- fmt.Sprintf("worker %d type %d: %s.Unmarshal: %v %v: %s", w, i, pr.name, e1, e2, valueDiff(b, a))
					}
				}
				var buf bytes.Buffer
				enc := jet.ConfigStd.NewEncoder(&buf)
				enc.Encode(p)
				dec := jet.NewDecoder(&buf)
				a, b := reflect.New(typ), reflect.New(typ)
				e1 := json.Unmarshal(want, a.Interface())
				e2 := dec.Decode(b.Interface())
				if (e1 == nil) != (e2 == nil) || !reflect.DeepEqual(a.Interface(), b.Interface()) {
					errs <- fmt.Sprintf("worker %d type %d: stream: %v %v: %s", w, i, e1, e2, valueDiff(b, a))
				}
			}
		}(w)
	}
	close(start)
	wg.Wait()
	close(errs)
	n := 0
	for e := range errs {
		if n++; n <= 10 {
			t.Error(e)
		}
	}
}

// TestRaceSharedValues encodes the same values from many goroutines
// (encoding must not write to them) and decodes into separate ones.
func TestRaceSharedValues(t *testing.T) {
	oracle.Require(t)
	g := newGen(5)
	g.noFail = true
	var values []any
	for i := 0; i < 40; i++ {
		values = append(values, g.value(valueTypes[i%len(valueTypes)]).Addr().Interface())
	}
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for _, v := range values {
				want, err := json.Marshal(v)
				if err != nil {
					continue
				}
				api := presets[w%len(presets)].api
				if _, err := api.Marshal(v); err != nil {
					t.Errorf("Marshal: %v", err)
				}
				var out, stdOut any
				e1 := json.Unmarshal(want, &stdOut)
				e2 := api.Unmarshal(want, &out)
				if (e1 == nil) != (e2 == nil) || !reflect.DeepEqual(out, stdOut) {
					t.Errorf("Unmarshal: jet %v, std %v", e2, e1)
				}
			}
		}(w)
	}
	wg.Wait()
}
