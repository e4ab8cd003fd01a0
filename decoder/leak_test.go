package decoder

import "testing"

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
