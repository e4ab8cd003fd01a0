package bench

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
)

// Shape documents: generated inputs, one for each shape of document the
// corpus lacks (issue 12), so that results can be reported per shape and
// no tuning can lean on a single file. Each is made by a documented
// generator from a fixed seed, the same on every machine and run; being
// generated here, they are under the repository's own licence and need
// no attribution. Sizes are of the order of the corpus files' (100 KB to
// 3 MB).

// Shape is one generated document.
type Shape struct {
	// Name is the document's name in tables ("shape_" and the shape).
	Name string
	// About says what the document holds and what it stands for.
	About string
	// New returns a pointer to a fresh value of the Go type its binding
	// scenarios use, or nil when it has none (deep nesting).
	New func() any
	gen func(r *rand.Rand) []byte
}

// Shapes lists the shape documents in table order.
var Shapes = []Shape{
	{"shape_floats", "array of 20,000 float64 of mixed magnitudes and 1 to 17 significant digits (sensor readings, prices, coordinates)",
		func() any { return new([]float64) }, genFloats},
	{"shape_ints", "array of 40,000 integers of 1 to 19 digits, a third negative (ids, counters, timestamps)",
		func() any { return new([]int64) }, genInts},
	{"shape_mixed_numbers", "array of 6,000 objects {t: int, v: float, q: small int} (time series)",
		func() any { return new([]Sample) }, genMixedNumbers},
	{"shape_events", "array of 2,500 small objects with short strings: log and API events (timestamp, level, short message, user, path, status, latency, flags)",
		func() any { return new([]Event) }, genEvents},
	{"shape_long_strings", "array of 120 objects whose body is a 4-40 KB string (ASCII prose with some escapes and non-ASCII letters)",
		func() any { return new([]Article) }, genLongStrings},
	{"shape_wide_object", "one object with 5,000 members keyed key_00000... holding numbers, strings, booleans and nulls (feature flags, translations)",
		func() any { return new(map[string]any) }, genWideObject},
	{"shape_deep_nesting", "400 arrays each nesting objects and arrays 100 levels deep (recursive configs, trees)",
		nil, genDeepNesting},
	{"shape_mesh", "a triangle mesh: 15,000 vertices [x,y,z] and 30,000 faces [a,b,c] (geometry, GeoJSON-like coordinate lists)",
		func() any { return new(Mesh) }, genMesh},
}

// Sample is the binding of shape_mixed_numbers.
type Sample struct {
	T int64   `json:"t"`
	V float64 `json:"v"`
	Q int     `json:"q"`
}

// Event is the binding of shape_events.
type Event struct {
	TS        string  `json:"ts"`
	Level     string  `json:"level"`
	Msg       string  `json:"msg"`
	User      string  `json:"user"`
	Path      string  `json:"path"`
	Status    int     `json:"status"`
	LatencyMS float64 `json:"latency_ms"`
	Cached    bool    `json:"cached"`
	Region    string  `json:"region"`
}

// Article is the binding of shape_long_strings.
type Article struct {
	ID    int    `json:"id"`
	Title string `json:"title"`
	Body  string `json:"body"`
}

// Mesh is the binding of shape_mesh.
type Mesh struct {
	Name     string       `json:"name"`
	Vertices [][3]float64 `json:"vertices"`
	Faces    [][3]int     `json:"faces"`
}

func init() {
	for _, s := range Shapes {
		if s.New != nil {
			Bindings = append(Bindings, Binding{s.Name, s.New, true})
		}
	}
}

var shapeCache sync.Map // name -> []byte

// ShapeData returns the generated document of the named shape, made once
// per process; nil when there is no such shape.
func ShapeData(name string) []byte {
	if b, ok := shapeCache.Load(name); ok {
		return b.([]byte)
	}
	for i, s := range Shapes {
		if s.Name == name {
			b := s.gen(rand.New(rand.NewPCG(uint64(i+1), 0x6a657420)))
			shapeCache.Store(name, b)
			return b
		}
	}
	return nil
}

// randomFloat is a float of magnitude 10^-6 to 10^9 with 1 to 17
// significant digits.
func randomFloat(r *rand.Rand) float64 {
	digits := 1 + r.IntN(17)
	exp := r.IntN(16) - 6
	mant := r.Float64()
	f := mant * math.Pow10(exp)
	f, _ = strconv.ParseFloat(strconv.FormatFloat(f, 'g', digits, 64), 64)
	if r.IntN(4) == 0 {
		f = -f
	}
	return f
}

func genFloats(r *rand.Rand) []byte {
	b := []byte{'['}
	for i := range 20000 {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendFloat(b, randomFloat(r), 'g', -1, 64)
	}
	return append(b, ']')
}

func genInts(r *rand.Rand) []byte {
	b := []byte{'['}
	for i := range 40000 {
		if i > 0 {
			b = append(b, ',')
		}
		n := r.Int64N(int64(math.Pow10(1 + r.IntN(18))))
		if r.IntN(3) == 0 {
			n = -n
		}
		b = strconv.AppendInt(b, n, 10)
	}
	return append(b, ']')
}

func genMixedNumbers(r *rand.Rand) []byte {
	b := []byte{'['}
	t := int64(1_700_000_000_000)
	for i := range 6000 {
		if i > 0 {
			b = append(b, ',')
		}
		t += 1 + r.Int64N(5000)
		b = append(b, `{"t":`...)
		b = strconv.AppendInt(b, t, 10)
		b = append(b, `,"v":`...)
		b = strconv.AppendFloat(b, math.Round(r.NormFloat64()*1e4)/1e2, 'g', -1, 64)
		b = append(b, `,"q":`...)
		b = strconv.AppendInt(b, int64(r.IntN(200)), 10)
		b = append(b, '}')
	}
	return append(b, ']')
}

var (
	levels   = []string{"DEBUG", "INFO", "INFO", "INFO", "WARN", "ERROR"}
	words    = strings.Fields("request served user login cache miss retry timeout ok failed slow upstream queue job done started token refreshed payment accepted rejected not found")
	paths    = []string{"/api/v1/users", "/api/v1/orders", "/health", "/api/v2/search", "/login", "/static/app.js", "/api/v1/items/42"}
	regions  = []string{"eu-west-1", "us-east-1", "ap-south-1", "sa-east-1"}
	statuses = []int{200, 200, 200, 201, 204, 301, 400, 401, 404, 500, 503}
)

func genEvents(r *rand.Rand) []byte {
	b := []byte{'['}
	for i := range 2500 {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"ts":"2026-11-25T`...)
		b = append(b, strconv.Itoa(10+r.IntN(14))+":"+strconv.Itoa(10+r.IntN(50))+":"+strconv.Itoa(10+r.IntN(50))+"."+strconv.Itoa(100+r.IntN(900))+`Z","level":"`...)
		b = append(b, levels[r.IntN(len(levels))]...)
		b = append(b, `","msg":"`...)
		for w := range 1 + r.IntN(5) {
			if w > 0 {
				b = append(b, ' ')
			}
			b = append(b, words[r.IntN(len(words))]...)
		}
		b = append(b, `","user":"u`...)
		b = strconv.AppendInt(b, int64(r.IntN(100000)), 10)
		b = append(b, `","path":"`...)
		b = append(b, paths[r.IntN(len(paths))]...)
		b = append(b, `","status":`...)
		b = strconv.AppendInt(b, int64(statuses[r.IntN(len(statuses))]), 10)
		b = append(b, `,"latency_ms":`...)
		b = strconv.AppendFloat(b, math.Round(r.ExpFloat64()*4000)/100, 'g', -1, 64)
		b = append(b, `,"cached":`...)
		b = strconv.AppendBool(b, r.IntN(3) == 0)
		b = append(b, `,"region":"`...)
		b = append(b, regions[r.IntN(len(regions))]...)
		b = append(b, `"}`...)
	}
	return append(b, ']')
}

func genLongStrings(r *rand.Rand) []byte {
	text := strings.Fields("the quick brown fox jumps over lazy dogs while JSON parsers race through long strings of prose; some words carry accents like café, naïve, Zürich, São Paulo and Kraków, and a few quotes \" or backslashes \\ or tabs \t appear")
	b := []byte{'['}
	for i := range 120 {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"id":`...)
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, `,"title":"Article `...)
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, `","body":`...)
		var sb strings.Builder
		n := 4000 + r.IntN(36000)
		for sb.Len() < n {
			sb.WriteString(text[r.IntN(len(text))])
			if r.IntN(12) == 0 {
				sb.WriteString(".\n")
			} else {
				sb.WriteByte(' ')
			}
		}
		b = strconv.AppendQuote(b, sb.String())
		b = append(b, '}')
	}
	return append(b, ']')
}

func genWideObject(r *rand.Rand) []byte {
	b := []byte{'{'}
	for i := range 5000 {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `"key_`...)
		b = append(b, strconv.Itoa(100000 + i)[1:]...)
		b = append(b, `":`...)
		switch r.IntN(4) {
		case 0:
			b = strconv.AppendInt(b, r.Int64N(1_000_000), 10)
		case 1:
			b = append(b, '"')
			b = append(b, words[r.IntN(len(words))]...)
			b = append(b, '"')
		case 2:
			b = strconv.AppendBool(b, r.IntN(2) == 0)
		default:
			b = append(b, "null"...)
		}
	}
	return append(b, '}')
}

func genDeepNesting(r *rand.Rand) []byte {
	b := []byte{'['}
	for i := range 400 {
		if i > 0 {
			b = append(b, ',')
		}
		var closers []byte
		for range 100 {
			if r.IntN(2) == 0 {
				b = append(b, `{"k":`...)
				closers = append(closers, '}')
			} else {
				b = append(b, '[')
				closers = append(closers, ']')
			}
		}
		b = strconv.AppendInt(b, int64(r.IntN(1000)), 10)
		for j := len(closers) - 1; j >= 0; j-- {
			b = append(b, closers[j])
		}
	}
	return append(b, ']')
}

func genMesh(r *rand.Rand) []byte {
	b := []byte(`{"name":"generated mesh","vertices":[`)
	for i := range 15000 {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		for k := range 3 {
			if k > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendFloat(b, math.Round((r.Float64()*200-100)*1e6)/1e6, 'g', -1, 64)
		}
		b = append(b, ']')
	}
	b = append(b, `],"faces":[`...)
	for i := range 30000 {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		for k := range 3 {
			if k > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(r.IntN(15000)), 10)
		}
		b = append(b, ']')
	}
	return append(b, "]}"...)
}
