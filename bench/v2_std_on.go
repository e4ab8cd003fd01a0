//go:build go1.27 && goexperiment.jsonv2

package bench

import jsonv2 "encoding/json/v2"

// stdV2 is Go's encoding/json/v2 in class v2.
func stdV2() *Library {
	return &Library{
		Name:      "go-v2",
		Class:     ClassV2,
		Marshal:   func(v any) ([]byte, error) { return jsonv2.Marshal(v) },
		Unmarshal: func(data []byte, v any) error { return jsonv2.Unmarshal(data, v) },
		Ops:       v2Ops,
	}
}
