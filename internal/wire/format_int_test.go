package wire

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// intCases are values of every length with the places where the digit
// count changes: each k*10^e and its neighbours, for both signs, and the
// ends of the int64 and uint64 ranges.
func intCases() (ints []int64, uints []uint64) {
	ints = []int64{0, 1, -1, 9, -9, math.MaxInt64, math.MinInt64, math.MinInt64 + 1, math.MaxInt64 - 1}
	uints = []uint64{0, 1, math.MaxUint64, math.MaxUint64 - 1, 1 << 63, 1<<63 - 1, 1e19, 1e19 - 1, 1e19 + 1}
	for p := uint64(1); ; p *= 10 {
		for k := uint64(1); k <= 10; k++ {
			if k > 1 && p > math.MaxUint64/k {
				break
			}
			for d := -3; d <= 3; d++ {
				u := p*k + uint64(d)
				uints = append(uints, u)
				if u <= math.MaxInt64 {
					ints = append(ints, int64(u), -int64(u))
				}
			}
		}
		if p > math.MaxUint64/10 {
			break
		}
	}
	for _, b := range []int{8, 10, 12, 16} { // the paths' edges by value
		u := uint64(1) << b
		uints = append(uints, u-1, u, u+1)
	}
	return ints, uints
}

// checkInts checks AppendInt, AppendUint and AppendIntsComma against
// strconv on each of ints and uints: after a prefix, into a buffer with
// no spare capacity and into one with much, and several in a row (the
// writers store whole words past what they keep).
func checkInts(t *testing.T, ints []int64, uints []uint64) {
	t.Helper()
	roomy := append(make([]byte, 0, 4096), '[')
	want := []byte("[")
	got := roomy
	for _, v := range ints {
		w := strconv.AppendInt([]byte("x"), v, 10)
		if g := AppendInt([]byte("x"), v); string(g) != string(w) {
			t.Fatalf("AppendInt(%d) = %s, want %s", v, g, w)
		}
		tight := make([]byte, 3, 3)
		if g := AppendInt(tight, v); string(g[3:]) != string(w[1:]) {
			t.Fatalf("AppendInt(%d) into a full buffer = %q", v, g)
		}
		got = AppendInt(got, v)
		want = strconv.AppendInt(want, v, 10)
	}
	for _, v := range uints {
		w := strconv.AppendUint([]byte("x"), v, 10)
		if g := AppendUint([]byte("x"), v); string(g) != string(w) {
			t.Fatalf("AppendUint(%d) = %s, want %s", v, g, w)
		}
		got = AppendUint(got, v)
		want = strconv.AppendUint(want, v, 10)
	}
	if string(got) != string(want) {
		t.Fatalf("values in a row:\n got %s\nwant %s", got, want)
	}
	got = AppendIntsComma([]byte("["), ints)
	want = []byte("[")
	for _, v := range ints {
		want = append(strconv.AppendInt(want, v, 10), ',')
	}
	if string(got) != string(want) {
		t.Fatalf("AppendIntsComma:\n got %s\nwant %s", got, want)
	}
}

func TestAppendIntEdges(t *testing.T) {
	ints, uints := intCases()
	checkInts(t, ints, uints)
	// Each alone too, so that no value is checked only after another.
	for _, v := range ints {
		checkInts(t, []int64{v}, nil)
	}
	for _, v := range uints {
		checkInts(t, nil, []uint64{v})
	}
}

func TestAppendIntRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for range int(2000 * floatScale()) {
		ints := make([]int64, r.IntN(3*intChunk))
		uints := make([]uint64, r.IntN(40))
		for i := range ints {
			// Every length, and both signs.
			ints[i] = r.Int64() >> r.IntN(64)
		}
		for i := range uints {
			uints[i] = r.Uint64() >> r.IntN(64)
		}
		checkInts(t, ints, uints)
	}
}

func TestAppendIntsCommaLengths(t *testing.T) {
	// Every slice length across a few chunks, after prefixes of every
	// length a chunk's growth may meet.
	r := rand.New(rand.NewPCG(23, 24))
	vs := make([]int64, 3*intChunk+1)
	for i := range vs {
		vs[i] = r.Int64() >> r.IntN(64)
	}
	for n := range len(vs) + 1 {
		prefix := make([]byte, n%40, n%40+n%3)
		got := AppendIntsComma(prefix, vs[:n])
		want := make([]byte, n%40)
		for _, v := range vs[:n] {
			want = append(strconv.AppendInt(want, v, 10), ',')
		}
		if string(got) != string(want) {
			t.Fatalf("AppendIntsComma of %d values:\n got %s\nwant %s", n, got, want)
		}
	}
}

// TestAppendFloatWhole checks whole floats, which AppendFloat writes as
// integers below 2^53 (2^24 for a float32), around the edges of that
// range, against strconv and against the general path.
func TestAppendFloatWhole(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	var fs []float64
	for _, e := range []float64{1 << 24, 1e15, 1 << 53, 1e16, 1e21} {
		for d := -4.0; d <= 4; d++ {
			fs = append(fs, e+d, -(e + d), math.Nextafter(e, 0), math.Nextafter(e, math.Inf(1)))
		}
	}
	for range int(100000 * floatScale()) {
		fs = append(fs, math.Trunc(math.Ldexp(r.Float64(), r.IntN(70))))
	}
	fs = append(fs, 0, math.Copysign(0, -1))
	for _, f := range fs {
		checkFloat64(t, f)
		checkFloat32(t, float32(f))
		if f != 0 {
			got := AppendFloat([]byte("x"), f, 64)
			if want := AppendFloatGeneral([]byte("x"), f); string(got) != string(want) {
				t.Fatalf("AppendFloat(%v) = %s, general path %s", f, got, want)
			}
		}
	}
}

// FuzzAppendInt compares the integer writers with strconv, and whole
// floats' shortcut with the general float path.
func FuzzAppendInt(f *testing.F) {
	f.Add(int64(0), uint64(0))
	f.Add(int64(-1), uint64(math.MaxUint64))
	f.Add(int64(math.MinInt64), uint64(1e19))
	f.Add(int64(99999999), uint64(100000000))
	f.Add(int64(-999999999999), uint64(1e12))
	f.Add(int64(1234567890123456789), uint64(9999999999999999))
	f.Fuzz(func(t *testing.T, v int64, u uint64) {
		checkInts(t, []int64{v, int64(u), v >> 20, v >> 40}, []uint64{u, uint64(v), u >> 24})
		for _, x := range []float64{float64(v), float64(u), float64(v >> 11), float64(u >> 11)} {
			checkFloat64(t, x)
			if x != 0 {
				got := AppendFloat(nil, x, 64)
				if want := AppendFloatGeneral(nil, x); string(got) != string(want) {
					t.Fatalf("AppendFloat(%v) = %s, general path %s", x, got, want)
				}
			}
		}
	})
}

// BenchmarkAppendIntsComma writes 1000 integers of mixed lengths with
// commas, in one call and one at a time.
func BenchmarkAppendIntsComma(b *testing.B) {
	r := rand.New(rand.NewPCG(9, 10))
	vs := make([]int64, 1000)
	for i := range vs {
		vs[i] = r.Int64N(int64(math.Pow10(1 + r.IntN(18))))
		if r.IntN(3) == 0 {
			vs[i] = -vs[i]
		}
	}
	buf := make([]byte, 0, 64*len(vs))
	b.Run("slice", func(b *testing.B) {
		t0 := processCPU()
		for i := 0; i < b.N; i++ {
			buf = AppendIntsComma(buf[:0], vs)
		}
		reportCPU(b, t0)
	})
	b.Run("each", func(b *testing.B) {
		t0 := processCPU()
		for i := 0; i < b.N; i++ {
			buf = buf[:0]
			for _, v := range vs {
				buf = append(AppendInt(buf, v), ',')
			}
		}
		reportCPU(b, t0)
	})
}
