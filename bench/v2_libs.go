package bench

import (
	"io"

	goccytext "github.com/goccy/go-json/jsontext"
	goccyv2 "github.com/goccy/go-json/v2"
	jettext "github.com/jetjson/jet/jsontext"
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
// class's business); the stream operations read and write with
// UnmarshalDecode and MarshalEncode on each library's jsontext Decoder
// and Encoder.
var v2Ops = []string{OpDecodeGeneric, OpEncodeGeneric, OpDecodeBinding, OpEncodeBinding, OpDecodeStream, OpEncodeStream}

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
		NewDecoder: func(r io.Reader) StreamDecoder {
			d := jettext.NewDecoder(r)
			return moreDecoder{streamFuncs{
				decode: func(v any) error { return jetv2.UnmarshalDecode(d, v) },
				more:   func() bool { return d.PeekKind() != 0 },
			}}
		},
		NewEncoder: func(w io.Writer) StreamEncoder {
			e := jettext.NewEncoder(w)
			return streamFuncs{encode: func(v any) error { return jetv2.MarshalEncode(e, v) }}
		},
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
		NewDecoder: func(r io.Reader) StreamDecoder {
			d := goccytext.NewDecoder(r)
			return moreDecoder{streamFuncs{
				decode: func(v any) error { return goccyv2.UnmarshalDecode(d, v) },
				more:   func() bool { return d.PeekKind() != 0 },
			}}
		},
		NewEncoder: func(w io.Writer) StreamEncoder {
			e := goccytext.NewEncoder(w)
			return streamFuncs{encode: func(v any) error { return goccyv2.MarshalEncode(e, v) }}
		},
	})
}

// streamFuncs makes a StreamDecoder (with More, for moreDecoder) or a
// StreamEncoder of functions: the v2 libraries' UnmarshalDecode and
// MarshalEncode over their jsontext Decoder and Encoder.
type streamFuncs struct {
	decode func(v any) error
	more   func() bool
	encode func(v any) error
}

func (f streamFuncs) Decode(v any) error { return f.decode(v) }
func (f streamFuncs) More() bool         { return f.more() }
func (f streamFuncs) Encode(v any) error { return f.encode(v) }
