package rt

import (
	"sync"
	"sync/atomic"
	"unsafe"
)

// Cache maps type words to compiled values. Readers never lock: they load
// an immutable map through an atomic pointer. Writers copy the map under a
// mutex and publish the copy; types are few and compiled once, so copying
// is cheap next to compiling.
type Cache[V any] struct {
	m  atomic.Pointer[map[unsafe.Pointer]V]
	mu sync.Mutex
}

// Load returns the value stored for key.
func (c *Cache[V]) Load(key unsafe.Pointer) (v V, ok bool) {
	if m := c.m.Load(); m != nil {
		v, ok = (*m)[key]
	}
	return
}

// Store publishes v for key; a value already stored for key is kept, and
// the value in the cache is returned.
func (c *Cache[V]) Store(key unsafe.Pointer, v V) V {
	c.mu.Lock()
	defer c.mu.Unlock()
	old := c.m.Load()
	n := map[unsafe.Pointer]V{}
	if old != nil {
		if have, ok := (*old)[key]; ok {
			return have
		}
		n = make(map[unsafe.Pointer]V, len(*old)+1)
		for k, x := range *old {
			n[k] = x
		}
	}
	n[key] = v
	c.m.Store(&n)
	return v
}
