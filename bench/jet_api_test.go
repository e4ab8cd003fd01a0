package bench

import (
	"bytes"
	stdjson "encoding/json"
	"testing"

	"github.com/jetjson/jet"
)

// TestJetOtherAPIs checks jet's string, stream and indent entry points on
// the binding documents against encoding/json.
func TestJetOtherAPIs(t *testing.T) {
	_, corpus := load(t)
	for _, bd := range Bindings {
		t.Run(bd.Doc, func(t *testing.T) {
			t.Parallel()
			data := bindingData(corpus, bd.Doc)
			skipMissing(t, data)
			want := bd.New()
			if err := stdjson.Unmarshal(data, want); err != nil {
				t.Fatalf("encoding/json: %v", err)
			}

			got := bd.New()
			if err := jet.UnmarshalString(string(data), got); err != nil {
				t.Errorf("UnmarshalString: %v", err)
			} else if d := diff(want, got); d != "" {
				t.Errorf("UnmarshalString: %s", d)
			}

			got = bd.New()
			if err := jet.NewDecoder(bytes.NewReader(data)).Decode(got); err != nil {
				t.Errorf("Decoder.Decode: %v", err)
			} else if d := diff(want, got); d != "" {
				t.Errorf("Decoder.Decode: %s", d)
			}

			var stdBuf, jetBuf bytes.Buffer
			if err := stdjson.NewEncoder(&stdBuf).Encode(want); err != nil {
				t.Fatal(err)
			}
			if err := jet.ConfigStd.NewEncoder(&jetBuf).Encode(want); err != nil {
				t.Errorf("ConfigStd Encoder.Encode: %v", err)
			} else if !bytes.Equal(stdBuf.Bytes(), jetBuf.Bytes()) {
				t.Errorf("ConfigStd Encoder.Encode differs from encoding/json: %s", firstByteDiff(stdBuf.Bytes(), jetBuf.Bytes()))
			}

			stdIndent, err := stdjson.MarshalIndent(want, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			jetIndent, err := jet.ConfigStd.MarshalIndent(want, "", "  ")
			if err != nil {
				t.Errorf("ConfigStd MarshalIndent: %v", err)
			} else if !bytes.Equal(stdIndent, jetIndent) {
				t.Errorf("ConfigStd MarshalIndent differs from encoding/json: %s", firstByteDiff(stdIndent, jetIndent))
			}

			var compactStd, compactJet bytes.Buffer
			if err := stdjson.Compact(&compactStd, data); err != nil {
				t.Fatal(err)
			}
			if err := jet.Compact(&compactJet, data); err != nil {
				t.Errorf("Compact: %v", err)
			} else if !bytes.Equal(compactStd.Bytes(), compactJet.Bytes()) {
				t.Errorf("Compact differs from encoding/json: %s", firstByteDiff(compactStd.Bytes(), compactJet.Bytes()))
			}
		})
	}
}
