package encoder

import (
	"reflect"
	"unsafe"

	"github.com/jetjson/jet/internal/rt"
)

type isZeroer interface{ IsZero() bool }

// zeroTest returns the omitzero test for t: its IsZero method when it has
// one (as encoding/json calls it), else whether the value is the zero
// value of its type.
func zeroTest(t reflect.Type, addr bool) func(unsafe.Pointer) bool {
	switch {
	case t.Kind() == reflect.Interface && t.Implements(rt.IsZeroerType):
		return func(p unsafe.Pointer) bool {
			v := reflect.NewAt(t, p).Elem()
			if v.IsNil() || v.Elem().Kind() == reflect.Pointer && v.Elem().IsNil() {
				return true
			}
			return v.Interface().(isZeroer).IsZero()
		}
	case t.Kind() == reflect.Pointer && t.Implements(rt.IsZeroerType):
		word := rt.TypeWord(t)
		return func(p unsafe.Pointer) bool {
			w := *(*unsafe.Pointer)(p)
			return w == nil || packDirect(word, w).(isZeroer).IsZero()
		}
	case t.Implements(rt.IsZeroerType):
		word, direct := rt.TypeWord(t), rt.Direct(t)
		return func(p unsafe.Pointer) bool { return packEface(word, p, direct).(isZeroer).IsZero() }
	case reflect.PointerTo(t).Implements(rt.IsZeroerType):
		word := rt.TypeWord(reflect.PointerTo(t))
		return func(p unsafe.Pointer) bool { return packDirect(word, p).(isZeroer).IsZero() }
	}
	return zeroValueTest(t)
}

// zeroValueTest returns a test for the zero value of t, with the meaning
// of reflect.Value.IsZero: floats and complex numbers compare equal to
// zero (so -0 is zero, NaN is not), a string by its length, blank struct
// fields do not count.
func zeroValueTest(t reflect.Type) func(unsafe.Pointer) bool {
	switch t.Kind() {
	case reflect.String:
		return func(p unsafe.Pointer) bool { return len(*(*string)(p)) == 0 }
	case reflect.Slice, reflect.Map, reflect.Pointer, reflect.Chan, reflect.Func, reflect.UnsafePointer, reflect.Interface:
		return func(p unsafe.Pointer) bool { return *(*unsafe.Pointer)(p) == nil }
	case reflect.Array:
		if memoryComparable(t) {
			return memoryZero(t.Size())
		}
		n, size, elem := t.Len(), t.Elem().Size(), zeroValueTest(t.Elem())
		return func(p unsafe.Pointer) bool {
			for i := 0; i < n; i++ {
				if !elem(unsafe.Add(p, uintptr(i)*size)) {
					return false
				}
			}
			return true
		}
	case reflect.Float32:
		return func(p unsafe.Pointer) bool { return *(*float32)(p) == 0 }
	case reflect.Float64:
		return func(p unsafe.Pointer) bool { return *(*float64)(p) == 0 }
	case reflect.Complex64:
		return func(p unsafe.Pointer) bool { return *(*complex64)(p) == 0 }
	case reflect.Complex128:
		return func(p unsafe.Pointer) bool { return *(*complex128)(p) == 0 }
	case reflect.Struct:
		type part struct {
			off  uintptr
			zero func(unsafe.Pointer) bool
		}
		var parts []part
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if f.Name == "_" {
				continue
			}
			parts = append(parts, part{f.Offset, zeroValueTest(f.Type)})
		}
		return func(p unsafe.Pointer) bool {
			for _, pt := range parts {
				if !pt.zero(unsafe.Add(p, pt.off)) {
					return false
				}
			}
			return true
		}
	}
	// Booleans and integers: all bits zero.
	return memoryZero(t.Size())
}

// memoryComparable reports whether the zero test of t is "all bytes zero":
// booleans, integers and arrays of them (not floats: -0 is zero).
func memoryComparable(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	case reflect.Array:
		return memoryComparable(t.Elem())
	}
	return false
}

func memoryZero(size uintptr) func(unsafe.Pointer) bool {
	return func(p unsafe.Pointer) bool {
		for _, b := range unsafe.Slice((*byte)(p), size) {
			if b != 0 {
				return false
			}
		}
		return true
	}
}
