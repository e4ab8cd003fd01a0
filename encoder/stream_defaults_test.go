package encoder

import (
	"bytes"
	"testing"
)

// TestStreamEncoderDefaults checks that NewStreamEncoder uses the
// package's default options, as Encode does: no HTML escaping (issue 13:
// it escaped by default while Encode and jet.NewEncoder did not).
func TestStreamEncoderDefaults(t *testing.T) {
	v := map[string]string{"a": "<&>"}
	want, err := Encode(v, 0)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := NewStreamEncoder(&buf).Encode(v); err != nil {
		t.Fatal(err)
	}
	if got := bytes.TrimSuffix(buf.Bytes(), []byte("\n")); !bytes.Equal(got, want) {
		t.Fatalf("NewStreamEncoder wrote %s; Encode with the zero Options %s", got, want)
	}
	buf.Reset()
	enc := NewStreamEncoder(&buf)
	enc.SetEscapeHTML(true)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	if got, want := buf.String(), "{\"a\":\"\\u003c\\u0026\\u003e\"}\n"; got != want {
		t.Fatalf("with SetEscapeHTML(true): %q, want %q", got, want)
	}
}
