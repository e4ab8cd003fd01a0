package decoder

import (
	"encoding/json"
	"github.com/jetjson/jet/internal/oracle"
	"io"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
)

func TestQuickStream(t *testing.T) {
	oracle.Require(t)
	inputs := []string{`1 2 3`, `{}{}[]`, `"a""b"`, `truefalse null`, `{"a":[1,2,{"b":"c"}]} [1,2] 12`, `[1,`, `[1,]`, ` `, ``, `123`, `{"a":1}x`, `"\u00e9"`, `[{"a":"\\"}]`, "[1e5,-0.5,\"x\\ny\"]"}
	for _, in := range inputs {
		for _, half := range []bool{false, true} {
			var r io.Reader = strings.NewReader(in)
			if half {
				r = iotest.OneByteReader(strings.NewReader(in))
			}
			std := json.NewDecoder(strings.NewReader(in))
			jet := NewStreamDecoder(r)
			for k := 0; k < 10; k++ {
				var a, b any
				e1 := std.Decode(&a)
				e2 := jet.Decode(&b)
				if !reflect.DeepEqual(a, b) || (e1 == nil) != (e2 == nil) || (e1 == io.EOF) != (e2 == io.EOF) || (e1 == io.ErrUnexpectedEOF) != (e2 == io.ErrUnexpectedEOF) {
					t.Errorf("%q half=%v #%d: std %v %v jet %v %v", in, half, k, a, e1, b, e2)
				}
				if e1 != nil {
					break
				}
			}
		}
	}
	// tokens
	for _, in := range []string{`{"a":[1,"x",{"b":null}],"c":true} [] 5`, `[1 2]`, `{"a" 1}`, `{"a":1,}`} {
		std := json.NewDecoder(strings.NewReader(in))
		jet := NewStreamDecoder(iotest.OneByteReader(strings.NewReader(in)))
		for k := 0; k < 30; k++ {
			t1, e1 := std.Token()
			t2, e2 := jet.Token()
			if !reflect.DeepEqual(t1, t2) || (e1 == nil) != (e2 == nil) {
				t.Errorf("%q #%d: std %v %v jet %v %v", in, k, t1, e1, t2, e2)
			}
			if std.More() != jet.More() {
				t.Errorf("%q #%d: More differs", in, k)
			}
			if e1 != nil {
				break
			}
		}
	}
}
