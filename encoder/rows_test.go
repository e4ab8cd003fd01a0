package encoder

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/jetjson/jet/internal/oracle"
)

// floatRows fills rows of n floats from data, eight bytes a float; the
// byte k picks NaN or ±Inf in some places.
func floatRows[T any](data []byte, n int, set func(*T, int, float64)) []T {
	var rows []T
	var row T
	k := 0
	for ; len(data) >= 8; data = data[8:] {
		f := math.Float64frombits(binary.LittleEndian.Uint64(data))
		switch data[0] % 16 {
		case 0, 1:
			f = float64(int32(binary.LittleEndian.Uint32(data))) / 1000
		case 2:
			f = math.Trunc(f)
		}
		set(&row, k, f)
		if k++; k == n {
			rows = append(rows, row)
			k = 0
		}
	}
	return rows
}

// FuzzFloatRows checks the loop over arrays of float64 rows
// (appendFloatRows, in v1's elemsFn and v2's elemsFnV2) against
// encoding/json, and, with EncodeNullForInfOrNan, against the rows
// written one by one; NaN and ±Inf stop it mid-way.
func FuzzFloatRows(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte(strings.Repeat("\x01\x02\x03\x04\x05\x06\x07\x08", 7)))
	nan := binary.LittleEndian.AppendUint64(nil, math.Float64bits(math.NaN()))
	inf := binary.LittleEndian.AppendUint64(nil, math.Float64bits(math.Inf(-1)))
	f.Add(append(append([]byte(strings.Repeat("\x10\x20\x30\x40\x50\x60\x70\x3f", 5)), nan...), inf...))
	f.Add(append(append([]byte{}, inf...), []byte(strings.Repeat("\x11\x00\x00\x00\x00\x00\x00\x00", 4))...))
	oracle.Require(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		two := floatRows(data, 2, func(r *[2]float64, k int, f float64) { r[k] = f })
		three := floatRows(data, 3, func(r *[3]float64, k int, f float64) { r[k] = f })
		for _, v := range []any{two, three, struct{ R [][2]float64 }{two}} {
			want, werr := json.Marshal(v)
			got, gerr := Encode(v, EscapeHTML|SortMapKeys|CompactMarshaler)
			if (werr == nil) != (gerr == nil) || werr == nil && string(got) != string(want) ||
				werr != nil && werr.Error() != gerr.Error() {
				t.Fatalf("%v: got %s (%v), want %s (%v)", v, got, gerr, want, werr)
			}
			// With nulls for NaN and ±Inf: as the same values in rows of
			// any, which take the general path.
			got, gerr = Encode(v, EncodeNullForInfOrNan)
			var anys [][]any
			for _, r := range two {
				anys = append(anys, []any{r[0], r[1]})
			}
			if _, ok := v.([][2]float64); ok {
				want, werr := Encode(anys, EncodeNullForInfOrNan)
				if gerr != nil || werr != nil || string(got) != string(want) {
					t.Fatalf("nulls: got %s (%v), want %s (%v)", got, gerr, want, werr)
				}
			}
		}
	})
}
