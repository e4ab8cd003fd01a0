// Package encoder turns Go values into JSON.
//
// Each type is compiled once into a tree of plain Go closures that read
// values through unsafe offsets; after that, encoding a value makes no
// reflect calls except for maps with uncommon key or element types.
// Struct member names are quoted when the type is compiled. Output is
// appended to a pooled buffer, so Encode allocates only its result.
//
// The rules are encoding/json's (tags, embedded structs, Marshaler and
// TextMarshaler, cycles, NaN) unless an Options bit says otherwise; the
// zero Options are jet's fast defaults, and EscapeHTML|SortMapKeys|
// CompactMarshaler gives encoding/json's exact output.
package encoder
