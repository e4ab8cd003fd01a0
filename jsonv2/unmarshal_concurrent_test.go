package json_test

import (
	"fmt"
	"reflect"
	"sync"
	"testing"

	json "github.com/jetjson/jet/jsonv2"
)

type concA struct {
	N int               `json:"n"`
	S []string          `json:"s"`
	M map[string]concB  `json:"m"`
	P *concB            `json:"p"`
	X any               `json:"x"`
	R []concA           `json:"r"`
	F map[string]string `json:",embed"`
}

type concB struct {
	F float64 `json:"f"`
	B bool    `json:"b"`
}

// TestUnmarshalConcurrent decodes, from many goroutines at once, values
// of types compiled on first use by whichever goroutine comes first
// (run it with -race): every result is the one a lone decoding gives.
func TestUnmarshalConcurrent(t *testing.T) {
	in := []byte(`{"n":1,"s":["a","b"],"m":{"k":{"f":1.5,"b":true}},"p":{"f":2},"x":[1,{"y":null}],"r":[{"n":2}],"other":"o"}`)
	bad := []byte(`{"n":1,"s":["a","b"],"m":{"k":{"f":1.5,"f":2}}}`)
	var want concA
	if err := json.Unmarshal(in, &want); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				var got concA
				if err := json.Unmarshal(in, &got); err != nil || !reflect.DeepEqual(got, want) {
					errs <- fmt.Sprintf("got %+v, %v; want %+v", got, err, want)
					return
				}
				var b []concB
				if err := json.Unmarshal(bad, &got); err == nil {
					errs <- "a duplicate name was accepted"
					return
				}
				if err := json.Unmarshal([]byte(`[{"f":1},{"b":true}]`), &b); err != nil || len(b) != 2 || !b[1].B {
					errs <- fmt.Sprintf("[]concB: %+v, %v", b, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
