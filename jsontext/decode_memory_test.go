package jsontext

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestStreamBufferBounded: a stream of small values read from a reader
// that holds its input in memory (bytes.Reader) is not copied whole into
// the Decoder's buffer when a value runs past the buffer's end: the
// buffer stays a small multiple of the largest value. A large value
// later in the stream is still read whole, and right. (A Decoder whose
// first call is ReadValue takes such a reader's input whole, as one
// document, by design: the stream here starts with PeekKind, as loops
// over a stream do, before each value.)
func TestStreamBufferBounded(t *testing.T) {
	var in strings.Builder
	for i := 0; in.Len() < 4<<20; i++ {
		fmt.Fprintf(&in, `{"id":%d,"name":"item %d","tags":["a","b"],"ok":true}`+"\n", i, i)
	}
	large := `[` + strings.Repeat(`{"k":"0123456789abcdef","v":[1,2,3]},`, 40000) + `0]`
	in.WriteString(large + "\n" + `{"last":1}`)
	for _, read := range []string{"ReadValue", "SkipValue", "ReadToken"} {
		d := NewDecoder(bytes.NewReader([]byte(in.String())))
		if d.PeekKind() != '{' {
			t.Fatal("not an object first")
		}
		values, maxCap, maxSmall := 0, 0, 0
		var got Value
		for d.PeekKind() != 0 {
			var err error
			switch read {
			case "ReadValue":
				got, err = d.ReadValue()
			case "SkipValue":
				err = d.SkipValue()
			default:
				// A value's first token, then the rest of it.
				if _, err = d.ReadToken(); err == nil && d.StackDepth() > 0 {
					for d.StackDepth() > 0 && err == nil {
						_, err = d.ReadToken()
					}
				}
			}
			if err != nil {
				t.Fatalf("%s: value %d: %v", read, values, err)
			}
			if read == "ReadValue" && values > 0 && len(got) == len(large) && string(got) != large {
				t.Fatalf("%s: the large value differs", read)
			}
			values++
			maxCap = max(maxCap, cap(d.s.buf))
			if d.InputOffset() < int64(in.Len()-len(large)) {
				maxSmall = maxCap
			}
		}
		if maxSmall > 256<<10 {
			t.Errorf("%s: buffer grew to %d bytes over values of at most 100 bytes", read, maxSmall)
		}
		if maxCap > 2*len(large) {
			t.Errorf("%s: buffer grew to %d bytes for %d bytes of input whose largest value has %d", read, maxCap, in.Len(), len(large))
		}
		if values < 60000 {
			t.Errorf("%s: %d values", read, values)
		}
	}
}
