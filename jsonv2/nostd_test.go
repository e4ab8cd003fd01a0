//go:build !(go1.27 && goexperiment.jsonv2)

package json_test

import (
	"testing"

	json "github.com/jetjson/jet/jsonv2"
)

// TestAgainstStd stands in for the differential tests, which compare
// with Go's encoding/json/v2 and need a toolchain that has it.
func TestAgainstStd(t *testing.T) {
	t.Skip("encoding/json/v2 is not in this toolchain (Go 1.27, or Go 1.25-1.26 with GOEXPERIMENT=jsonv2): the differential tests against it are skipped")
}

// TestRoundTrip checks a few values both ways on every toolchain.
func TestRoundTrip(t *testing.T) {
	type T struct {
		A int               `json:"a"`
		B []string          `json:"b"`
		M map[string]string `json:"m,omitempty"`
		S string            `json:",omitempty"`
	}
	out, err := json.Marshal(T{A: 1}, json.Deterministic(true))
	if err != nil || string(out) != `{"a":1,"b":[]}` {
		t.Fatalf("Marshal: %s, %v", out, err)
	}
	var v T
	if err := json.Unmarshal([]byte(`{"a":2,"b":["x"],"m":{"k":"v"}}`), &v); err != nil || v.A != 2 || len(v.B) != 1 || v.M["k"] != "v" {
		t.Fatalf("Unmarshal: %+v, %v", v, err)
	}
	if err := json.Unmarshal([]byte(`{"A":3}`), &v); err != nil || v.A != 2 {
		t.Fatalf("Unmarshal matched a name case-insensitively: %+v, %v", v, err)
	}
}
