package decoder

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/jetjson/jet/internal/jsonopts"
	"github.com/jetjson/jet/internal/v2api"
)

var keyCacheSeeds = []string{
	`{"a":1,"b":"x","c":[{"a":1,"b":2},{"a":3,"b":4}]}`,
	`{"ab":1,"abc":2,"a":3}`,
	`{"a\"b":1,"a\\b":2,"a\/b":3,"\u0061":4}`,
	`{"\\":1,"a\\":2}`,
	`{"é":1,"\u00e9":2,"日本":3,"\ud83d\ude00":4,"\ud800":5}`,
	"{\"a\xffb\":1,\"\xff\":2,\"a\xc3\":3}",
	`{"":1,"a":2,"":3}`,
	`{"a_long_member_name_past_sixteen":1,"another_long_member_name_too":2}`,
	`{"a" :1 , "b" : 2}`,
	`{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":1}}}}}}}}}}`,
	`{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k17":17}`,
	`{"a":1,"a":2}`,
	`{"a":1,"b`,
	`{"a`,
	`[{"a":{"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8}},{"a":{"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9}},{"a":{"k1":1}}]`,
	`[{"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k1":9,"k10":10},{"k1":1,"k1":2},{"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k9":10}]`,
	`[{"a":1},{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":{"j":[{"k":1}]}},{"a":[]}]`,
}

// keyCacheDocs returns documents in which the objects' names repeat
// those of the objects before them at the same depth, exactly and with
// changes, so that objectAny's name cache meets its hits and near misses:
// data three times in an array, and then with one byte changed at each
// place a fuzzer picks.
func keyCacheDocs(data []byte, at, to byte) (docs []string) {
	// Trailing space makes every document long enough for the cache.
	pad := strings.Repeat(" ", keyCacheMin)
	s := string(data)
	defer func() {
		for i := range docs {
			docs[i] += pad
		}
	}()
	docs = []string{s, "[" + s + "," + s + "," + s + "]", `{"x":` + s + `,"y":` + s + "}"}
	if len(data) > 0 {
		m := []byte(s)
		m[int(at)%len(m)] = to
		docs = append(docs, "["+s+","+string(m)+"]", "["+string(m)+","+s+","+string(m)+"]")
	}
	return docs
}

// FuzzAnyNameCache compares decoding into interfaces with objectAny's
// name cache (a name whose text matches the name cached for its place is
// shared, not read) and its small maps filled as members are read
// (smallMapsOff) with the general path, both turned off: the same
// values, the same errors.
func FuzzAnyNameCache(f *testing.F) {
	for _, s := range keyCacheSeeds {
		f.Add([]byte(s), byte(3), byte('"'), byte(0))
		f.Add([]byte(s), byte(1), byte('\\'), byte(1))
	}
	f.Fuzz(func(t *testing.T, data []byte, at, to, optBits byte) {
		checkKeyCache(t, data, at, to, optBits)
	})
}

// TestAnyNameCacheSeeds runs FuzzAnyNameCache's check on its seeds with
// every change of one byte to a quote, backslash, high byte or letter.
func TestAnyNameCacheSeeds(t *testing.T) {
	for _, s := range keyCacheSeeds {
		for at := 0; at < len(s); at++ {
			for i, to := range []byte{'"', '\\', 0xff, 'a', 'b', ' '} {
				checkKeyCache(t, []byte(s), byte(at), to, byte(at+i))
			}
		}
	}
}

func checkKeyCache(t *testing.T, data []byte, at, to, optBits byte) {
	t.Helper()
	opts := []Options{0, OptionCopyString, OptionValidateString, OptionUseNumber}[optBits%4]
	for _, doc := range keyCacheDocs(data, at, to) {
		for _, fromString := range []bool{false, true} {
			decode := func(off bool) (any, error) {
				keyCacheOff, smallMapsOff = off, off
				defer func() { keyCacheOff, smallMapsOff = false, false }()
				var v any
				var err error
				if fromString {
					err = DecodeString(doc, &v, opts)
				} else {
					err = Decode([]byte(doc), &v, opts)
				}
				return v, err
			}
			got, gerr := decode(false)
			want, werr := decode(true)
			if (gerr == nil) != (werr == nil) || (gerr != nil && gerr.Error() != werr.Error()) || !reflect.DeepEqual(got, want) {
				t.Fatalf("%q (options %#x, from a string %v):\ncache %#v, %v\nwithout %#v, %v", doc, opts, fromString, got, gerr, want, werr)
			}
		}
	}
}

// TestEmptyArraysShared checks that the empty arrays decoded into an
// interface, which share one []any (emptyAnys), are empty, not nil, and
// independent: appending to one changes no other.
func TestEmptyArraysShared(t *testing.T) {
	d := getState(0, 0)
	d.src = `[[],[ ],{"a":[]}]`
	v, err := d.decodeAny()
	putState(d)
	if err != nil {
		t.Fatal(err)
	}
	top := v.([]any)
	a, b, c := top[0].([]any), top[1].([]any), top[2].(map[string]any)["a"].([]any)
	if a == nil || b == nil || c == nil || len(a)+len(b)+len(c) != 0 {
		t.Fatalf("decoded %#v", v)
	}
	a = append(a, 1.0)
	top[0] = a
	if len(top[1].([]any)) != 0 || len(c) != 0 || len(emptyAnys.([]any)) != 0 || !reflect.DeepEqual(a, []any{1.0}) {
		t.Fatalf("after append: %#v, shared %#v", v, emptyAnys)
	}
}

// TestSmallMapsDuplicates checks that the single pass finds duplicate
// names in objects decoded into interfaces as the checked pass does,
// with small maps filled as members are read and without, on either
// side of the members that move a guessed small object to kvs.
func TestSmallMapsDuplicates(t *testing.T) {
	obj := func(n, dup int) string {
		s := "{"
		for i := range n {
			if i > 0 {
				s += ","
			}
			k := i
			if i == dup {
				k = 0
			}
			s += `"k` + strconv.Itoa(k) + `":` + strconv.Itoa(i)
		}
		return s + "}"
	}
	for _, off := range []bool{false, true} {
		smallMapsOff = off
		for n := 1; n <= 11; n++ {
			for dup := -1; dup < n; dup++ {
				for _, doc := range []string{obj(n, dup), "[" + obj(3, -1) + "," + obj(n, dup) + "]", "[" + obj(10, -1) + "," + obj(n, dup) + "]"} {
					var single, checked any
					errS := unmarshalV2([]byte(doc), nil, &single, &jsonopts.Struct{}, nil)
					v2api.CheckedOnly = true
					errC := unmarshalV2([]byte(doc), nil, &checked, &jsonopts.Struct{}, nil)
					v2api.CheckedOnly = false
					if errString(errS) != errString(errC) || !reflect.DeepEqual(single, checked) || (dup > 0) != (errS != nil) {
						t.Errorf("%s (small maps off %v): single %v, %v; checked %v, %v", doc, off, single, errS, checked, errC)
					}
				}
			}
		}
	}
	smallMapsOff = false
}
