//go:build goexperiment.jsonv2

package bench

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
)

// JSONv2 reports whether this build includes encoding/json/v2 (built with
// GOEXPERIMENT=jsonv2). In such builds encoding/json (v1) is itself
// implemented on top of v2.
const JSONv2 = true

func jsonV2() *Library {
	return &Library{
		Name:  "json-v2",
		Class: ClassStd,
		Marshal: func(v any) ([]byte, error) {
			return jsonv2.Marshal(v)
		},
		Unmarshal: func(data []byte, v any) error {
			return jsonv2.Unmarshal(data, v)
		},
		Valid: func(data []byte) bool {
			return jsontext.Value(data).IsValid()
		},
	}
}
