//go:build go1.27 && goexperiment.jsonv2

package bench

// This file and jsonv2_on.go are the same but for their build
// constraints: with Go 1.27 the constraint must name go1.27 so that the
// file's language version allows the API (new in Go 1.27 for vet's
// stdversion check, which go test runs), while with Go 1.25 and 1.26 the
// API is an experiment that any language version may use.

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"io"
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
		NewDecoder: func(r io.Reader) StreamDecoder { return moreDecoder{v2Decoder{jsontext.NewDecoder(r)}} },
		NewEncoder: func(w io.Writer) StreamEncoder { return v2Encoder{jsontext.NewEncoder(w)} },
	}
}

// v2Decoder is encoding/json/v2's stream decoder: UnmarshalDecode on a
// jsontext.Decoder.
type v2Decoder struct{ d *jsontext.Decoder }

func (s v2Decoder) Decode(v any) error { return jsonv2.UnmarshalDecode(s.d, v) }
func (s v2Decoder) More() bool         { return s.d.PeekKind() != 0 }

// v2Encoder is encoding/json/v2's stream encoder: MarshalEncode on a
// jsontext.Encoder, which ends each top-level value with a newline.
type v2Encoder struct{ e *jsontext.Encoder }

func (s v2Encoder) Encode(v any) error { return jsonv2.MarshalEncode(s.e, v) }
