package json_test

import (
	"reflect"
	"strconv"
	"testing"

	"github.com/jetjson/jet"
	json "github.com/jetjson/jet/jsonv2"
)

// freshStruct50 returns a struct type with 50 fields of mixed kinds that
// no earlier call has returned (its field names carry n), so that the
// codecs of its first use are compiled.
func freshStruct50(n int) reflect.Type {
	kinds := []reflect.Type{
		reflect.TypeFor[int](), reflect.TypeFor[string](), reflect.TypeFor[float64](),
		reflect.TypeFor[bool](), reflect.TypeFor[[]int](), reflect.TypeFor[map[string]string](),
		reflect.TypeFor[*int64](), reflect.TypeFor[[]string](), reflect.TypeFor[uint32](),
		reflect.TypeFor[any](),
	}
	fields := make([]reflect.StructField, 50)
	for i := range fields {
		fields[i] = reflect.StructField{
			Name: "F" + strconv.Itoa(i) + "_" + strconv.Itoa(n),
			Type: kinds[i%len(kinds)],
			Tag:  reflect.StructTag(`json:"f` + strconv.Itoa(i) + `,omitempty"`),
		}
	}
	return reflect.StructOf(fields)
}

// freshCount numbers the types freshStruct50 makes across runs.
var freshCount int

// BenchmarkFirstUse50Fields measures the first Marshal and Unmarshal of a
// 50-field struct type (compilation included), with jet's v1 API and
// with jsonv2: issue 11 asks that v2's cost no more than v1's.
func BenchmarkFirstUse50Fields(b *testing.B) {
	input := []byte(`{"f0":1,"f1":"s","f2":1.5,"f3":true,"f4":[1,2],"f5":{"a":"b"}}`)
	run := func(b *testing.B, marshal func(any) ([]byte, error), unmarshal func([]byte, any) error) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			freshCount++
			p := reflect.New(freshStruct50(freshCount)).Interface()
			if _, err := marshal(p); err != nil {
				b.Fatal(err)
			}
			if err := unmarshal(input, p); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.Run("v1", func(b *testing.B) { run(b, jet.Marshal, jet.Unmarshal) })
	b.Run("v2", func(b *testing.B) {
		run(b, func(v any) ([]byte, error) { return json.Marshal(v) }, func(d []byte, v any) error { return json.Unmarshal(d, v) })
	})
}
