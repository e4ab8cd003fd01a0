package jet_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/jetjson/jet"
	"github.com/jetjson/jet/internal/testdocs"
	"github.com/jetjson/jet/jsontext"
)

// jsontext.Value works wherever json.RawMessage works: these types hold
// it as a field, a pointer, slice and map elements, and an interface.
type textValues struct {
	V   jsontext.Value            `json:"v"`
	VO  jsontext.Value            `json:"vo,omitempty"`
	P   *jsontext.Value           `json:"p"`
	S   []jsontext.Value          `json:"s"`
	M   map[string]jsontext.Value `json:"m"`
	Any any                       `json:"any"`
}

// rawMessages is textValues with json.RawMessage, for comparison.
type rawMessages struct {
	V   json.RawMessage            `json:"v"`
	VO  json.RawMessage            `json:"vo,omitempty"`
	P   *json.RawMessage           `json:"p"`
	S   []json.RawMessage          `json:"s"`
	M   map[string]json.RawMessage `json:"m"`
	Any any                        `json:"any"`
}

// TestJSONTextValueInterop decodes documents holding generated values
// into jsontext.Value and json.RawMessage fields, with jet and
// encoding/json, and encodes them back: the results must agree.
func TestJSONTextValueInterop(t *testing.T) {
	g := testdocs.NewGen(3)
	for i := 0; i < 2000; i++ {
		v := g.Value()
		doc := []byte(`{"v":` + string(v) + `,"vo":` + string(v) + `,"p":` + string(v) + `,"s":[` + string(v) + `,null],"m":{"k":` + string(v) + `}}`)
		if i%3 == 0 {
			doc = g.Mutate(doc)
		}
		var gotT textValues
		var wantR rawMessages
		var wantT textValues
		errGot := jet.Unmarshal(doc, &gotT)
		errWant := json.Unmarshal(doc, &wantR)
		errWantT := json.Unmarshal(doc, &wantT)
		if (errGot == nil) != (errWant == nil) || (errWantT == nil) != (errWant == nil) {
			t.Fatalf("Unmarshal(%q): jet %v, encoding/json with RawMessage %v, with jsontext.Value %v", doc, errGot, errWant, errWantT)
		}
		if errGot != nil {
			continue
		}
		if !reflect.DeepEqual(gotT, wantT) {
			t.Fatalf("Unmarshal(%q):\n jet %#v\nwant %#v", doc, gotT, wantT)
		}
		// Each preset writes a jsontext.Value as it writes a RawMessage,
		// and ConfigStd as encoding/json does.
		var gotR rawMessages
		if err := jet.Unmarshal(doc, &gotR); err != nil || !reflect.DeepEqual(gotR, wantR) {
			t.Fatalf("Unmarshal(%q) into RawMessages: %v\n jet %#v\nwant %#v", doc, err, gotR, wantR)
		}
		for _, api := range []jet.API{jet.ConfigDefault, jet.ConfigStd, jet.ConfigFastest} {
			gotOut, errGot := api.Marshal(&gotT)
			wantOut, errWant := api.Marshal(&gotR)
			if (errGot == nil) != (errWant == nil) || string(gotOut) != string(wantOut) {
				t.Fatalf("Marshal of %q:\n jsontext.Value %s %v\n RawMessage %s %v", doc, gotOut, errGot, wantOut, errWant)
			}
		}
		gotStd, errGot := jet.ConfigStd.Marshal(gotT)
		wantStd, errWant := json.Marshal(wantT)
		if (errGot == nil) != (errWant == nil) || string(gotStd) != string(wantStd) {
			t.Fatalf("ConfigStd.Marshal of %q:\n jet %s %v\nwant %s %v", doc, gotStd, errGot, wantStd, errWant)
		}
	}
	// A jsontext.Value that is not valid JSON is an error, as a
	// RawMessage is.
	if _, err := jet.Marshal(textValues{V: jsontext.Value("{")}); err == nil {
		t.Error("Marshal of an invalid jsontext.Value: no error")
	}
}
