//go:build go1.27 && goexperiment.jsonv2

package bench

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"io"
)

// stdV2 is Go's encoding/json/v2 in class v2.
func stdV2() *Library {
	return &Library{
		Name:       "go-v2",
		Class:      ClassV2,
		Marshal:    func(v any) ([]byte, error) { return jsonv2.Marshal(v) },
		Unmarshal:  func(data []byte, v any) error { return jsonv2.Unmarshal(data, v) },
		Ops:        v2Ops,
		NewDecoder: func(r io.Reader) StreamDecoder { return moreDecoder{v2Decoder{jsontext.NewDecoder(r)}} },
		NewEncoder: func(w io.Writer) StreamEncoder { return v2Encoder{jsontext.NewEncoder(w)} },
	}
}
