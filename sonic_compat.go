package jet

// This file holds the names that programs written against sonic
// (github.com/bytedance/sonic) use and jet's own API does not: with
// them, such a program compiles against jet once its import paths change
// (github.com/bytedance/sonic to github.com/jetjson/jet, and likewise for
// its ast, decoder, encoder, option and utf8 packages). The README lists
// where jet behaves differently on purpose.

import (
	"errors"
	"reflect"

	"github.com/jetjson/jet/decoder"
	"github.com/jetjson/jet/encoder"
	"github.com/jetjson/jet/option"
)

// sonic's report of its implementation: APIKind is UseSonicJSON where
// sonic runs its own code and UseStdJSON where it falls back to
// encoding/json. jet never falls back, so its APIKind is UseSonicJSON.
const (
	// UseStdJSON is the APIKind of an implementation that is
	// encoding/json underneath.
	UseStdJSON = iota
	// UseSonicJSON is the APIKind of an implementation of its own.
	UseSonicJSON
)

// APIKind is UseSonicJSON: jet always runs its own code.
const APIKind = UseSonicJSON

// PretouchMany compiles the encoders and decoders of every type in vts,
// and of the pointer to each (or, for a pointer type, of what it points
// to), ahead of their first use, as sonic's PretouchMany does. opts are
// sonic's compile options (see package option); jet needs none of them
// and refuses EncOnlyOmitNull.
func PretouchMany(vts []reflect.Type, opts ...option.CompileOption) error {
	if _, err := option.Resolve(opts...); err != nil {
		return err
	}
	for _, t := range vts {
		if t == nil {
			continue
		}
		other := reflect.PointerTo(t)
		if t.Kind() == reflect.Pointer {
			other = t.Elem()
		}
		for _, t := range [...]reflect.Type{t, other} {
			if err := encoder.Pretouch(t); err != nil {
				return err
			}
			if err := decoder.Pretouch(t); err != nil {
				return err
			}
		}
	}
	return nil
}

// NoCopyRawMessage is sonic's json.RawMessage that keeps what it is given
// rather than a copy: UnmarshalJSON stores the slice it is passed, a view
// into the input being decoded, which must then not change while the
// message is in use. It encodes as the text it holds (null when nil).
type NoCopyRawMessage []byte

// MarshalJSON returns m itself, or null for a nil m.
func (m NoCopyRawMessage) MarshalJSON() ([]byte, error) {
	if m == nil {
		return []byte("null"), nil
	}
	return m, nil
}

// UnmarshalJSON stores data itself in *m, without copying it.
func (m *NoCopyRawMessage) UnmarshalJSON(data []byte) error {
	if m == nil {
		return errors.New("jet.NoCopyRawMessage: UnmarshalJSON on nil pointer")
	}
	*m = data
	return nil
}
