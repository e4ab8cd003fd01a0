package jsonstream

import (
	"github.com/jetjson/jet/internal/oracle"
	"testing"
)

// FuzzProcess compares every mode, at every buffer size and with every
// way of reading, with encoding/json's Valid, Compact, Indent and error
// offsets. Run it with
//
//	go test -run '^$' -fuzz '^FuzzProcess$' -fuzztime 60s ./internal/jsonstream
//
// Its seed corpus is in testdata/fuzz/FuzzProcess.
func FuzzProcess(f *testing.F) {
	oracle.Require(f)
	for i, c := range cases {
		f.Add([]byte(c), uint16(i*37), uint8(i))
	}
	f.Fuzz(func(t *testing.T, in []byte, size uint16, reader uint8) {
		bufSize := MinBufferSize + int(size%512)
		rd := readers[int(reader)%len(readers)]
		if msg := compare(in, bufSize, rd.wrap); msg != "" {
			t.Fatalf("buffer %d, %s reader: %s", bufSize, rd.name, msg)
		}
	})
}
