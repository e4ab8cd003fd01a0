package decoder

import (
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
