package bench

import (
	goccyv2 "github.com/goccy/go-json/v2"
	jetv2 "github.com/jetjson/jet/jsonv2"
)

// ClassV2 holds the implementations of encoding/json/v2's API, each with
// its default options (v2 semantics: no HTML escaping, maps unsorted,
// invalid UTF-8 rejected): jet's jsonv2, Go's encoding/json/v2 (only in
// builds with Go 1.27 and the jsonv2 experiment, see stdV2) and goccy's
// github.com/goccy/go-json/v2. It has no reference entry: tables give
// jet's speed as a multiple of each peer's.
const ClassV2 = "v2"

// v2Ops are the operations class v2 runs (Valid is the jsontext
// class's business).
var v2Ops = []string{OpDecodeGeneric, OpEncodeGeneric, OpDecodeBinding, OpEncodeBinding}

// V2Libraries returns the v2 implementations: jet's, Go's (when built)
// and goccy's.
func V2Libraries() []*Library {
	libs := []*Library{{
		Name:      "jet-v2",
		Class:     ClassV2,
		Jet:       true,
		Ops:       v2Ops,
		Marshal:   func(v any) ([]byte, error) { return jetv2.Marshal(v) },
		Unmarshal: func(data []byte, v any) error { return jetv2.Unmarshal(data, v) },
	}}
	if std := stdV2(); std != nil {
		libs = append(libs, std)
	}
	return append(libs, &Library{
		Name:      "goccy-v2",
		Class:     ClassV2,
		Ops:       v2Ops,
		Marshal:   func(v any) ([]byte, error) { return goccyv2.Marshal(v) },
		Unmarshal: func(data []byte, v any) error { return goccyv2.Unmarshal(data, v) },
	})
}
