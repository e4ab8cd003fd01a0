package bench

import (
	stdjson "encoding/json"
	"io"

	"github.com/bytedance/sonic"
	goccy "github.com/goccy/go-json"
	"github.com/jetjson/jet"
	jsoniter "github.com/json-iterator/go"
	segmentio "github.com/segmentio/encoding/json"
)

// Preset classes: libraries in one class promise comparable behaviour, so
// comparing their speed is fair.
const (
	// ClassDefault holds each library's fast everyday preset (no HTML
	// escaping, unsorted map keys).
	ClassDefault = "default"
	// ClassStd holds presets that behave like encoding/json (HTML
	// escaping, sorted map keys, copied strings).
	ClassStd = "std"
	// ClassFastest holds presets that trade checks for speed.
	ClassFastest = "fastest"
)

// Library is one JSON library under one preset.
type Library struct {
	// Name identifies the library in benchmark names and tables, e.g.
	// "jet-default".
	Name string
	// Class is the preset class (ClassDefault, ClassStd, ClassFastest).
	Class string
	// Jet marks jet's own entries.
	Jet bool
	// Reference marks the entry the others in the class are compared to
	// (sonic's preset for the class).
	Reference bool
	// Marshal encodes v.
	Marshal func(v any) ([]byte, error)
	// Unmarshal decodes data into v, a non-nil pointer.
	Unmarshal func(data []byte, v any) error
	// Valid reports whether data is valid JSON.
	Valid func(data []byte) bool
	// NewDecoder and NewEncoder make the library's stream decoder and
	// encoder, for the stream scenarios (ndjson.go); nil where a class
	// does not run them.
	NewDecoder func(r io.Reader) StreamDecoder
	NewEncoder func(w io.Writer) StreamEncoder
	// Text is the library's jsontext package, for the syntax-layer
	// scenarios; it is set in the entries of ClassJSONText (see
	// TextLibraries) only, which have no Marshal, Unmarshal or Valid.
	Text *TextAPI
	// Ops, when not nil, lists the only operations the library runs (see
	// Scenario.Runs).
	Ops []string
	// Floor marks the floor entry (FloorLibrary, floor.go), which runs
	// each scenario's floor instead of a library.
	Floor bool
}

// Classes lists the preset classes in the order tables show them.
var Classes = []string{ClassDefault, ClassStd, ClassFastest, ClassV2, ClassJSONText}

// Libraries returns every library entry of the Marshal/Unmarshal/Valid
// classes, grouped by class, each class starting with jet and then sonic.
// encoding/json/v2 is included only in builds with GOEXPERIMENT=jsonv2.
// The jsontext implementations are in TextLibraries (AllLibraries has
// both).
func Libraries() []*Library {
	libs := []*Library{
		fromAPI("jet-default", ClassDefault, jet.ConfigDefault, true),
		fromSonic("sonic-default", ClassDefault, sonic.ConfigDefault),

		fromAPI("jet-std", ClassStd, jet.ConfigStd, true),
		fromSonic("sonic-std", ClassStd, sonic.ConfigStd),
		{
			Name:       "goccy",
			Class:      ClassStd,
			NewDecoder: func(r io.Reader) StreamDecoder { return goccy.NewDecoder(r) },
			NewEncoder: func(w io.Writer) StreamEncoder { return goccy.NewEncoder(w) },
			Marshal:    goccy.Marshal,
			Unmarshal:  goccy.Unmarshal,
			Valid:      goccy.Valid,
		},
		{
			Name:  "jsoniter-std",
			Class: ClassStd,
			NewDecoder: func(r io.Reader) StreamDecoder {
				return moreDecoder{jsoniter.ConfigCompatibleWithStandardLibrary.NewDecoder(r)}
			},
			NewEncoder: func(w io.Writer) StreamEncoder { return jsoniter.ConfigCompatibleWithStandardLibrary.NewEncoder(w) },
			Marshal:    jsoniter.ConfigCompatibleWithStandardLibrary.Marshal,
			Unmarshal:  jsoniter.ConfigCompatibleWithStandardLibrary.Unmarshal,
			Valid:      jsoniter.ConfigCompatibleWithStandardLibrary.Valid,
		},
		{
			Name:       "segmentio",
			Class:      ClassStd,
			NewDecoder: func(r io.Reader) StreamDecoder { return segmentio.NewDecoder(r) },
			NewEncoder: func(w io.Writer) StreamEncoder { return segmentio.NewEncoder(w) },
			Marshal:    segmentio.Marshal,
			Unmarshal:  segmentio.Unmarshal,
			Valid:      segmentio.Valid,
		},
		{
			Name:       "encoding-json",
			Class:      ClassStd,
			NewDecoder: func(r io.Reader) StreamDecoder { return stdjson.NewDecoder(r) },
			NewEncoder: func(w io.Writer) StreamEncoder { return stdjson.NewEncoder(w) },
			Marshal:    stdjson.Marshal,
			Unmarshal:  stdjson.Unmarshal,
			Valid:      stdjson.Valid,
		},
	}
	if v2 := jsonV2(); v2 != nil {
		libs = append(libs, v2)
	}
	libs = append(libs,
		fromAPI("jet-fastest", ClassFastest, jet.ConfigFastest, true),
		fromSonic("sonic-fastest", ClassFastest, sonic.ConfigFastest),
	)
	return libs
}

func fromAPI(name, class string, api jet.API, isJet bool) *Library {
	return &Library{
		Name:       name,
		Class:      class,
		Jet:        isJet,
		Marshal:    api.Marshal,
		Unmarshal:  api.Unmarshal,
		Valid:      api.Valid,
		NewDecoder: func(r io.Reader) StreamDecoder { return api.NewDecoder(r) },
		NewEncoder: func(w io.Writer) StreamEncoder { return api.NewEncoder(w) },
	}
}

func fromSonic(name, class string, api sonic.API) *Library {
	return &Library{
		Name:       name,
		Class:      class,
		Reference:  true,
		Marshal:    api.Marshal,
		Unmarshal:  api.Unmarshal,
		Valid:      api.Valid,
		NewDecoder: func(r io.Reader) StreamDecoder { return api.NewDecoder(r) },
		NewEncoder: func(w io.Writer) StreamEncoder { return api.NewEncoder(w) },
	}
}
