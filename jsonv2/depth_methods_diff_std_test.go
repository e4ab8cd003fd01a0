//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	stdjsontext "encoding/json/jsontext"
	stdjson "encoding/json/v2"
	"strings"
	"testing"

	"github.com/jetjson/jet/jsontext"
	json "github.com/jetjson/jet/jsonv2"
)

// nestJet and nestStd read an array by UnmarshalJSONFrom, and what it
// holds, if anything, by UnmarshalDecode on the same Decoder: a method
// recursion one JSON level per call.
type nestJet struct{ Next *nestJet }
type nestStd struct{ Next *nestStd }

func (c *nestJet) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	if dec.PeekKind() != ']' {
		c.Next = new(nestJet)
		if err := json.UnmarshalDecode(dec, c.Next); err != nil {
			return err
		}
	}
	_, err := dec.ReadToken()
	return err
}

func (c *nestStd) UnmarshalJSONFrom(dec *stdjsontext.Decoder) error {
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	if dec.PeekKind() != ']' {
		c.Next = new(nestStd)
		if err := stdjson.UnmarshalDecode(dec, c.Next); err != nil {
			return err
		}
	}
	_, err := dec.ReadToken()
	return err
}

// TestDepthThroughMethodsAgainstStd unmarshals nested arrays through a
// method that recurses by UnmarshalDecode: Go's v2 limits the depth of
// the whole text (10,000), whatever reads it.
func TestDepthThroughMethodsAgainstStd(t *testing.T) {
	for _, n := range []int{1, 50, 10001} {
		in := []byte(strings.Repeat("[", n) + strings.Repeat("]", n))
		jv, sv := new(nestJet), new(nestStd)
		gerr := json.Unmarshal(in, jv)
		werr := stdjson.Unmarshal(in, sv)
		if msg := compareResults(nil, werr, nil, gerr); msg != "" {
			t.Errorf("depth %d: %s", n, shorten(msg))
		}
		if werr == nil {
			k := 0
			for v := jv; v.Next != nil; v = v.Next {
				k++
			}
			if k != n-1 {
				t.Errorf("depth %d: %d levels decoded, want %d", n, k+1, n)
			}
		}
	}
}
