package decoder

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unsafe"
)

// TestResetDropsPointerSlabs: a state going back to the pool keeps no
// slab that holds pointers. Kept, the part a call used would keep that
// call's results alive, and since interface and slice slabs point into
// each other, each later call chained the earlier ones to the state: in a
// loop decoding small documents into any the live heap grew without
// bound (hundreds of megabytes in the tiny_nested_array benchmark).
func TestResetDropsPointerSlabs(t *testing.T) {
	d := getState(OptionUseNumber, 0)
	d.src = `[[1,2],{"a":["x",[3]]},"s",[[],[[7]]]]`
	var v any
	if err := d.document(&v); err != nil {
		t.Fatal(err)
	}
	if d.anyPool == nil || d.slices == nil || d.strs == nil || d.nums == nil {
		t.Fatalf("the decode used no slab of some kind; the test needs a document that does")
	}
	d.reset()
	if d.anyPool != nil || d.slices != nil || d.strs != nil || d.nums != nil {
		t.Fatalf("reset kept pointer slabs: anyPool %d, slices %d, strs %d, nums %d",
			cap(d.anyPool), cap(d.slices), cap(d.strs), cap(d.nums))
	}
}

// TestTinyBlock checks that a tinyBlock's slabs have the sizes the first
// slabs of a call on a tiny input would have had on their own, and that
// a call on such an input gets its first slabs of all three kinds from
// one block.
func TestTinyBlock(t *testing.T) {
	var b tinyBlock
	for _, n := range []int{1, tinyInput / 2, tinyInput} {
		d := &state{src: strings.Repeat(" ", n)}
		if got := d.slabCap(0); got != len(b.strs) {
			t.Errorf("input of %d bytes: first slab %d, tinyBlock has %d strings", n, got, len(b.strs))
		}
		if got := d.slabCap(0); got != len(b.slices) {
			t.Errorf("input of %d bytes: first slab %d, tinyBlock has %d slices", n, got, len(b.slices))
		}
		if got := d.firstChunk(); got != len(b.anys) {
			t.Errorf("input of %d bytes: first interface chunk %d, tinyBlock has %d", n, got, len(b.anys))
		}
	}
	d := getState(0, 0)
	d.src = `["s",[1]]`
	var v any
	if err := d.document(&v); err != nil {
		t.Fatal(err)
	}
	base := uintptr(unsafe.Pointer(unsafe.SliceData(d.anyPool)))
	if cap(d.anyPool) != len(b.anys) || cap(d.strs) != len(b.strs) || cap(d.slices) != len(b.slices) ||
		uintptr(unsafe.Pointer(unsafe.SliceData(d.strs)))-base != unsafe.Offsetof(b.strs) ||
		uintptr(unsafe.Pointer(unsafe.SliceData(d.slices)))-base != unsafe.Offsetof(b.slices) {
		t.Fatalf("slabs after a tiny decode are not one tinyBlock: capacities %d, %d, %d", cap(d.anyPool), cap(d.strs), cap(d.slices))
	}
	d.reset()
}

// TestStringsOutliveInput: strings decoded from a []byte are not views
// of it, whatever its size (from a few hundred bytes to past the
// arena's largest block) and however full the arena is when a document
// begins (each case runs three times in a row, and the arena carries
// over): the caller may overwrite the input once Decode returns.
func TestStringsOutliveInput(t *testing.T) {
	type rec struct {
		Name string
		Tags []string
		M    map[string]string
	}
	item := `{"Name":"nämé-%d","Tags":["a%d","b\u00e9%d","longer tag number %d"],"M":{"k%d":"v%d"}}`
	for _, count := range []int{1, 3, 40, 200, 2000} {
		var sb strings.Builder
		sb.WriteByte('[')
		for i := range count {
			if i > 0 {
				sb.WriteByte(',')
			}
			sb.WriteString(strings.ReplaceAll(item, "%d", strings.Repeat("x", i%7)))
		}
		sb.WriteByte(']')
		doc := sb.String()
		for _, opts := range []Options{0, OptionCopyString} {
			for round := range 3 {
				in := []byte(doc)
				var generic any
				var typed []rec
				if err := Decode(in, &generic, opts); err != nil {
					t.Fatal(err)
				}
				in2 := []byte(doc)
				if err := Decode(in2, &typed, opts); err != nil {
					t.Fatal(err)
				}
				for i := range in {
					in[i], in2[i] = 'Z', 'Z'
				}
				var wantGeneric any
				var wantTyped []rec
				if err := Decode([]byte(doc), &wantGeneric, opts); err != nil {
					t.Fatal(err)
				}
				if err := Decode([]byte(doc), &wantTyped, opts); err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(generic, wantGeneric) || !reflect.DeepEqual(typed, wantTyped) {
					t.Fatalf("%d records, options %v, round %d: strings changed with the input", count, opts, round)
				}
			}
		}
	}
}

// TestKeptStringsMatchStd decodes documents of many strings (short and
// long, plain, escaped, non-ASCII, with invalid UTF-8 that decodes
// longer than its text) of sizes around an arena block, twelve times
// each (so that strings meet the pooled arena with various amounts of
// room left), from a []byte and from a string with CopyString, and
// checks what it kept against encoding/json's, before and after the
// []byte input is overwritten.
func TestKeptStringsMatchStd(t *testing.T) {
	pieces := []string{`"a"`, `"short"`, `"fifteen bytes!!"`, `"sixteen bytes!!!"`,
		`"` + strings.Repeat("long plain text ", 20) + `"`, `"tab\tand \"quote\" \u00e9\ud83d\ude00"`,
		"\"bad \xff\xfe utf8\"", "\"\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e text\"", `"` + strings.Repeat("\xff", 40) + `"`,
		`"esc\\n` + strings.Repeat("x", 100) + `"`, `12345`, `true`}
	for _, size := range []int{200, 5000, 9000, 20000, 33000, 70000} {
		var sb strings.Builder
		sb.WriteByte('[')
		for i := 0; sb.Len() < size; i++ {
			if i > 0 {
				sb.WriteByte(',')
			}
			p := pieces[(i*7+size)%len(pieces)]
			if i%5 == 0 {
				p = `{"k` + strings.Repeat("y", i%20) + `":` + p + `}`
			}
			sb.WriteString(p)
		}
		sb.WriteByte(']')
		doc := sb.String()
		var want any
		if err := json.Unmarshal([]byte(doc), &want); err != nil {
			t.Fatal(err)
		}
		for round := range 12 {
			in := []byte(doc)
			var got any
			if err := Decode(in, &got, 0); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("size %d, round %d: decoded strings differ from encoding/json's", size, round)
			}
			for i := range in {
				in[i] = 'Z'
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("size %d, round %d: strings changed with the input", size, round)
			}
			// A string input with CopyString takes the arena too.
			var fromString any
			if err := DecodeString(doc, &fromString, OptionCopyString); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(fromString, want) {
				t.Fatalf("size %d, round %d: strings decoded from a string with CopyString differ from encoding/json's", size, round)
			}
		}
	}
}
