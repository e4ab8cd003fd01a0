package wire

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// refFloat is encoding/json's float formatting, written with strconv.
func refFloat(dst []byte, f float64, bits int) []byte {
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			format = 'e'
		}
	}
	dst = strconv.AppendFloat(dst, f, format, -1, bits)
	if format == 'e' {
		n := len(dst)
		if n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst
}

func checkFloat64(t *testing.T, f float64) {
	t.Helper()
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return
	}
	got := AppendFloat([]byte("x"), f, 64)
	want := refFloat([]byte("x"), f, 64)
	if string(got) != string(want) {
		t.Fatalf("AppendFloat(%b = %v, 64) = %s, want %s", math.Float64bits(f), f, got[1:], want[1:])
	}
	if f != 0 {
		if got := AppendFloatGeneral([]byte("x"), f); string(got) != string(want) {
			t.Fatalf("AppendFloatGeneral(%b = %v) = %s, want %s", math.Float64bits(f), f, got[1:], want[1:])
		}
	}
}

func checkFloat32(t *testing.T, f float32) {
	t.Helper()
	if f != f || math.IsInf(float64(f), 0) {
		return
	}
	got := AppendFloat([]byte("x"), float64(f), 32)
	want := refFloat([]byte("x"), float64(f), 32)
	if string(got) != string(want) {
		t.Fatalf("AppendFloat(%#x = %v, 32) = %s, want %s", math.Float32bits(f), f, got[1:], want[1:])
	}
}

// floatScale multiplies the random test counts (JET_FLOAT_SCALE, default
// 1; 1/10 with -short).
func floatScale() float64 {
	if s, err := strconv.ParseFloat(os.Getenv("JET_FLOAT_SCALE"), 64); err == nil && s > 0 {
		return s
	}
	if testing.Short() {
		return 0.1
	}
	return 1
}

func TestAppendFloatEdges(t *testing.T) {
	var fs []float64
	for e := -1080; e <= 1030; e++ {
		p := math.Ldexp(1, e)
		fs = append(fs, p, math.Nextafter(p, 0), math.Nextafter(p, math.Inf(1)), 3*p, p*1.5)
	}
	for e := -330; e <= 310; e++ {
		p, _ := strconv.ParseFloat("1e"+strconv.Itoa(e), 64)
		fs = append(fs, p, math.Nextafter(p, 0), math.Nextafter(p, math.Inf(1)), 5*p, 9.5*p, 1.25*p)
	}
	fs = append(fs, 0, math.Copysign(0, -1), math.SmallestNonzeroFloat64, math.MaxFloat64,
		1e15, 1e15-1, 1e15+1, 1e21, 1e21-65536, 1e-6, 1e-7, 9.999999999999999e-7, 9.999999999999999e20,
		1<<53, 1<<53+2, 1<<53-1, 1<<63, 1<<64, 0.1, 0.2, 0.3, 1.0/3, 2.0/3, 5e-324, 1e23, 8.41e21, 123456789012345680)
	for _, f := range fs {
		checkFloat64(t, f)
		checkFloat64(t, -f)
		checkFloat32(t, float32(f))
		checkFloat32(t, -float32(f))
	}
	for e := -160; e <= 130; e++ {
		p := float32(math.Ldexp(1, e))
		checkFloat32(t, p)
		checkFloat32(t, math.Nextafter32(p, 0))
		checkFloat32(t, math.Nextafter32(p, float32(math.Inf(1))))
	}
}

func TestAppendFloatRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	n := int(100000 * floatScale())
	for k := 0; k < n; k++ {
		// Uniform bit patterns (every exponent equally likely) ...
		checkFloat64(t, math.Float64frombits(r.Uint64()))
		checkFloat32(t, math.Float32frombits(r.Uint32()))
		// ... short decimals, whose shortest forms are ties and
		// trailing zeros more often ...
		d := r.Uint64N(1_000_000)
		e := r.IntN(60) - 30
		f, _ := strconv.ParseFloat(strconv.FormatUint(d, 10)+"e"+strconv.Itoa(e), 64)
		checkFloat64(t, f)
		checkFloat32(t, float32(f))
		// ... and values like coordinates and prices.
		checkFloat64(t, (r.Float64()-0.5)*360)
		checkFloat64(t, float64(r.IntN(100000))/100)
		checkFloat64(t, float64(r.Int64()>>r.IntN(64)))
	}
}

// TestAppendFloatFewDecimals checks the values of up to four decimals that
// AppendFloat writes without the general algorithm, at the edges of that
// path's range, and their neighbours, which must not take it.
func TestAppendFloatFewDecimals(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	n := int(200000 * floatScale())
	for k := 0; k < n; k++ {
		m := r.Int64N(1_000_000_000_000_000) >> r.IntN(60)
		e := 1 + r.IntN(6)
		f, _ := strconv.ParseFloat(strconv.FormatInt(m, 10)+"e-"+strconv.Itoa(e), 64)
		for _, g := range []float64{f, -f, math.Nextafter(f, 0), math.Nextafter(f, math.Inf(1)), f * 10, f / 10} {
			checkFloat64(t, g)
		}
	}
	for _, f := range []float64{1e-4, 1e11, 99999999999.9999, 1e-4 + 1e-8, 0.0001, 0.00015, 0.1, 0.2, 0.3, 0.7, 1.1, 129.95, 47.3769, 8.5417, -0.1, 1e11 - 0.0001,
		1e4, 9999.9999, 9999.99995, 1e4 + 0.0001, 0.0009, 0.001, 1000.0001, 123.4, 0.5,
		0.99999e-4, 1e-5, 5e-5, 1.5e-9, 1e-300} {
		checkFloat64(t, f)
		checkFloat64(t, math.Nextafter(f, 0))
		checkFloat64(t, math.Nextafter(f, 1e300))
	}
}

// TestAppendFloat32All compares every float32 when JET_FLOAT32_ALL is set
// (about an hour of CPU time, spread over GOMAXPROCS goroutines).
func TestAppendFloat32All(t *testing.T) {
	if os.Getenv("JET_FLOAT32_ALL") == "" {
		t.Skip("set JET_FLOAT32_ALL=1 to compare all 2^32 float32 values")
	}
	workers := runtime.GOMAXPROCS(0)
	const chunk = 1 << 20
	var next atomic.Uint64
	var failed atomic.Bool
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var got, want []byte
			for !failed.Load() {
				lo := next.Add(chunk) - chunk
				if lo >= 1<<32 {
					return
				}
				for b := lo; b < lo+chunk; b++ {
					f := math.Float32frombits(uint32(b))
					if f != f || math.IsInf(float64(f), 0) {
						continue
					}
					got = AppendFloat(got[:0], float64(f), 32)
					want = refFloat(want[:0], float64(f), 32)
					if !bytes.Equal(got, want) {
						failed.Store(true)
						t.Errorf("AppendFloat(%#x = %v, 32) = %s, want %s", b, f, got, want)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
}

func TestAppendFloatMatchesMarshal(t *testing.T) {
	for _, f := range []float64{0, 1, -1, 0.5, 1e20, 1e21, 1e-6, 1e-7, 123.456, -65.61361699999998, 5e-324} {
		want, _ := json.Marshal(f)
		if got := AppendFloat(nil, f, 64); string(got) != string(want) {
			t.Errorf("AppendFloat(%v) = %s, json.Marshal = %s", f, got, want)
		}
		want, _ = json.Marshal(float32(f))
		if got := AppendFloat(nil, float64(float32(f)), 32); string(got) != string(want) {
			t.Errorf("AppendFloat(float32 %v) = %s, json.Marshal = %s", f, got, want)
		}
	}
}

func TestAppendInt(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	check := func(v int64) {
		if got, want := AppendInt([]byte("x"), v), strconv.AppendInt([]byte("x"), v, 10); string(got) != string(want) {
			t.Fatalf("AppendInt(%d) = %s", v, got)
		}
		if got, want := AppendUint([]byte("x"), uint64(v)), strconv.AppendUint([]byte("x"), uint64(v), 10); string(got) != string(want) {
			t.Fatalf("AppendUint(%d) = %s", uint64(v), got)
		}
		// With spare capacity (AppendUint writes whole words past the
		// digits it keeps): the bytes after the result are not part of
		// it, and a second value lands right after the first.
		roomy := append(make([]byte, 0, 64), 'x')
		got := AppendUint(AppendInt(roomy, v), uint64(v))
		want := strconv.AppendUint(strconv.AppendInt([]byte("x"), v, 10), uint64(v), 10)
		if string(got) != string(want) {
			t.Fatalf("AppendInt then AppendUint(%d) = %s, want %s", v, got, want)
		}
	}
	for _, v := range []int64{0, 1, 9, 10, 99, 100, math.MaxInt64, math.MinInt64, -1, 1e7 - 1, 1e7, 1e8 - 1, 1e8, 1e16, 1e17 - 1} {
		check(v)
	}
	p := int64(1)
	for k := 0; k < 19; k++ {
		check(p - 1)
		check(p)
		check(p + 1)
		check(-p)
		p *= 10
	}
	for k := 0; k < int(100000*floatScale()); k++ {
		check(r.Int64() >> r.IntN(64))
	}
	// digits8 over a sample of its whole range, as text.
	var b [8]byte
	for v := uint32(0); v < 1e8; v += 997 {
		binary.LittleEndian.PutUint64(b[:], digits8(v)|asciiZeros)
		if want := strconv.FormatUint(uint64(v)+1e8, 10)[1:]; string(b[:]) != want {
			t.Fatalf("digits8(%d) = %s", v, b)
		}
	}
}

func FuzzAppendFloat(f *testing.F) {
	f.Add(uint64(0x3ff0000000000000), false)
	f.Add(uint64(0x4050000000000001), true)
	f.Add(uint64(1), false)
	f.Fuzz(func(t *testing.T, b uint64, single bool) {
		if single {
			checkFloat32(t, math.Float32frombits(uint32(b)))
		} else {
			checkFloat64(t, math.Float64frombits(b))
		}
	})
}

// FuzzAppendFloatFewDecimals compares AppendFloat on values of up to four
// decimals below 10^4 (appendFourDecimals' range), and their neighbours,
// with the general path it shortcuts (AppendFloatGeneral) and with strconv.
func FuzzAppendFloatFewDecimals(f *testing.F) {
	f.Add(uint32(12345), uint8(2), false)
	f.Add(uint32(1), uint8(4), true)
	f.Add(uint32(99999999), uint8(4), false)
	f.Add(uint32(10001), uint8(4), false)
	f.Add(uint32(5), uint8(1), false)
	f.Fuzz(func(t *testing.T, m uint32, e uint8, neg bool) {
		m %= 100_000_000
		v, _ := strconv.ParseFloat(strconv.FormatUint(uint64(m), 10)+"e-"+strconv.Itoa(int(e%7)), 64)
		if neg {
			v = -v
		}
		for _, g := range []float64{v, math.Nextafter(v, 0), math.Nextafter(v, math.Inf(1)), v * 10, v / 10} {
			if g == 0 || g == math.Trunc(g) {
				continue
			}
			got := AppendFloat([]byte("x"), g, 64)
			if general := AppendFloatGeneral([]byte("x"), g); string(got) != string(general) {
				t.Fatalf("AppendFloat(%v) = %s, general path %s", g, got[1:], general[1:])
			}
			checkFloat64(t, g)
		}
	})
}

func benchFloats(b *testing.B, fs []float64, bits int, format func([]byte, float64, int) []byte) {
	b.ReportAllocs()
	buf := make([]byte, 0, 32*len(fs))
	n := 0
	for _, f := range fs {
		n += len(format(buf[:0], f, bits))
	}
	b.SetBytes(int64(n))
	b.ResetTimer()
	t0 := processCPU()
	for i := 0; i < b.N; i++ {
		buf = buf[:0]
		for _, f := range fs {
			buf = format(buf, f, bits)
		}
	}
	reportCPU(b, t0)
}

func BenchmarkAppendFloat(b *testing.B) {
	// Enough values that the CPU cannot learn the branches each takes
	// (with a thousand it largely does, and branchy code looks faster
	// than it is on real documents).
	const count = 1 << 15
	r := rand.New(rand.NewPCG(7, 8))
	coords := make([]float64, count)
	for i := range coords {
		// canada.json's coordinates have 15 to 17 digits.
		coords[i] = (r.Float64() - 0.5) * 180
	}
	prices := make([]float64, count)
	for i := range prices {
		prices[i] = float64(r.IntN(1000000)) / 100
	}
	wide := make([]float64, count)
	for i := range wide {
		wide[i] = math.Float64frombits(r.Uint64() &^ (1 << 62))
	}
	// bench's shape_floats: 1 to 17 significant digits, magnitudes
	// from 1e-7 to 1e9, a quarter negative.
	mixed := make([]float64, count)
	for i := range mixed {
		f := r.Float64() * math.Pow10(r.IntN(16)-6)
		f, _ = strconv.ParseFloat(strconv.FormatFloat(f, 'g', 1+r.IntN(17), 64), 64)
		if r.IntN(4) == 0 {
			f = -f
		}
		mixed[i] = f
	}
	for _, c := range []struct {
		name string
		fs   []float64
		bits int
	}{{"coords", coords, 64}, {"prices", prices, 64}, {"wide", wide, 64}, {"mixed", mixed, 64}, {"coords32", coords, 32}} {
		fs := c.fs
		if c.bits == 32 {
			fs = make([]float64, len(c.fs))
			for i, f := range c.fs {
				fs[i] = float64(float32(f))
			}
		}
		b.Run(c.name, func(b *testing.B) { benchFloats(b, fs, c.bits, AppendFloat) })
		b.Run(c.name+"/strconv", func(b *testing.B) { benchFloats(b, fs, c.bits, refFloat) })
	}
}

func BenchmarkAppendInt(b *testing.B) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, c := range []struct {
		name string
		max  int64
	}{{"small", 1000}, {"id", 1e9}, {"long", 1e18}, {"mixed", 0}} {
		vs := make([]int64, 1000)
		for i := range vs {
			if c.max != 0 {
				vs[i] = r.Int64N(c.max)
			} else {
				// Lengths 1 to 18 mixed, a third negative (as the
				// benchmarks' shape_ints).
				vs[i] = r.Int64N(int64(math.Pow10(1 + r.IntN(18))))
				if r.IntN(3) == 0 {
					vs[i] = -vs[i]
				}
			}
		}
		for _, impl := range []struct {
			name string
			fn   func([]byte, int64) []byte
		}{{"jet", AppendInt}, {"strconv", func(b []byte, v int64) []byte { return strconv.AppendInt(b, v, 10) }}} {
			b.Run(c.name+"/"+impl.name, func(b *testing.B) {
				buf := make([]byte, 0, 20*len(vs))
				b.ReportAllocs()
				t0 := processCPU()
				for i := 0; i < b.N; i++ {
					buf = buf[:0]
					for _, v := range vs {
						buf = impl.fn(buf, v)
					}
				}
				reportCPU(b, t0)
			})
		}
	}
}

// TestAppendFloatEveryLayout checks floats whose shortest form has each
// digit count from 1 to 17 with the decimal point at each place from
// before the first digit (0.000ddd) to past the last (ddd000) and in 'e'
// form: appendDecimal handles each layout apart.
func TestAppendFloatEveryLayout(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for n := 1; n <= 17; n++ {
		for point := -8; point <= 24; point++ {
			for k := 0; k < 20; k++ {
				digits := make([]byte, n)
				for i := range digits {
					digits[i] = byte('0' + r.IntN(10))
				}
				digits[0] = byte('1' + r.IntN(9))
				digits[n-1] = byte('1' + r.IntN(9))
				f, err := strconv.ParseFloat("0."+string(digits)+"e"+strconv.Itoa(point), 64)
				if err != nil {
					t.Fatal(err)
				}
				checkFloat64(t, f)
				checkFloat64(t, -f)
			}
		}
	}
}

// TestAppendShortest64 checks appendShortest64 on its own, for every
// significant digit count from 1 to 17 written as d of 16 and of 17
// digits, with the point at each place 'f' form allows and in 'e' form,
// both signs, after text already in the buffer and with bytes past the
// result's length in spare capacity that must not be part of it.
func TestAppendShortest64(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for nd := 1; nd <= 17; nd++ {
		for n := 16; n <= 17; n++ {
			if nd > n {
				continue
			}
			for k := 0; k < 200; k++ {
				digits := make([]byte, nd)
				for i := range digits {
					digits[i] = byte('0' + r.IntN(10))
				}
				digits[0] = byte('1' + r.IntN(9))
				digits[nd-1] = byte('1' + r.IntN(9))
				text := string(digits) + strings.Repeat("0", n-nd)
				d, _ := strconv.ParseUint(text, 10, 64)
				// The point after p digits: -5 to 21 in 'f' form.
				p := -5 + r.IntN(27)
				exp := r.IntN(4) == 0
				if exp {
					p = -320 + r.IntN(640)
				}
				neg := uint64(r.IntN(2))
				buf := append(make([]byte, 0, 3+r.IntN(80)), "ab,"...)
				got := appendShortest64(buf, d, p-n, neg, exp)
				if !exp && p >= 1 && p <= 7 {
					// appendShortestSmall's range: it must write the same.
					buf2 := append(make([]byte, 0, cap(buf)), "ab,"...)
					if small := appendShortestSmall(buf2, d, p-n, neg); string(small) != string(got) {
						t.Fatalf("appendShortestSmall(%d, %d, neg %d) = %q, appendShortest64 %q", d, p-n, neg, small, got)
					}
				}
				var want string
				if exp {
					m := string(digits[:1])
					if nd > 1 {
						m += "." + string(digits[1:])
					}
					sign := "+"
					if p-1 < 0 {
						sign = "-"
					}
					x := p - 1
					if x < 0 {
						x = -x
					}
					want = m + "e" + sign + strconv.Itoa(x)
				} else {
					switch ds := string(digits); {
					case p <= 0:
						want = "0." + strings.Repeat("0", -p) + ds
					case p < nd:
						want = ds[:p] + "." + ds[p:]
					default:
						want = ds + strings.Repeat("0", p-nd)
					}
				}
				if neg == 1 {
					want = "-" + want
				}
				if string(got) != "ab,"+want {
					t.Fatalf("appendShortest64(%d, %d, neg %d, exp %v) = %q, want %q", d, p-n, neg, exp, got, "ab,"+want)
				}
			}
		}
	}
}

// TestAppendDecimal checks AppendDecimal against AppendFloat: the
// shortest decimal of a float64, with or without trailing zeros, is
// written as AppendFloat writes the float.
func TestAppendDecimal(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	for i := 0; i < 1000000; i++ {
		var f float64
		switch i % 3 {
		case 0:
			f = math.Float64frombits(r.Uint64() &^ (1 << 63))
		case 1:
			f = r.Float64() * math.Pow10(r.IntN(44)-22)
			if i%2 == 0 {
				// AppendDecimalSmall's range, and around it.
				f = r.Float64() * math.Pow10(r.IntN(10)-1)
			}
		default:
			f = float64(r.IntN(1000000)) * math.Pow10(r.IntN(30)-15)
		}
		if math.IsInf(f, 0) || math.IsNaN(f) || f == 0 || f < 0x1p-1022 {
			continue
		}
		// The shortest digits and exponent, from strconv's 'e' form.
		e := strconv.FormatFloat(f, 'e', -1, 64)
		mant, exp, _ := strings.Cut(e, "e")
		digits := strings.Replace(mant, ".", "", 1)
		k, _ := strconv.Atoi(exp)
		k -= len(digits) - 1
		for z := 0; len(digits)+z <= 17; z += 1 + r.IntN(4) {
			d, _ := strconv.ParseUint(digits+strings.Repeat("0", z), 10, 64)
			neg := r.IntN(2) == 0
			want := AppendFloat(nil, f, 64)
			if neg {
				want = AppendFloat(nil, -f, 64)
			}
			if got := AppendDecimal(nil, d, k-z, neg); string(got) != string(want) {
				t.Fatalf("AppendDecimal(%d, %d, %v) = %s, want %s", d, k-z, neg, got, want)
			}
			if got := AppendDecimalSmall(nil, d, k-z, neg); string(got) != string(want) {
				t.Fatalf("AppendDecimalSmall(%d, %d, %v) = %s, want %s", d, k-z, neg, got, want)
			}
		}
	}
}
