package encoder

import (
	"testing"
	"unsafe"
)

// TestEncFieldLayout checks what encField's comment promises on 64-bit
// platforms: 128 bytes a field, and everything the member loop reads for
// every field within the first 64.
func TestEncFieldLayout(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("the layout is planned for 64-bit platforms")
	}
	var f encField
	if size := unsafe.Sizeof(f); size != 128 {
		t.Errorf("encField is %d bytes, want 128", size)
	}
	if end := unsafe.Offsetof(f.omitKind) + unsafe.Sizeof(f.omitKind); end > 64 {
		t.Errorf("the hot part of encField ends at byte %d, past 64", end)
	}
}
