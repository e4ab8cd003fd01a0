// Package encoder turns Go values into JSON.
//
// Each type is compiled once into a tree of plain Go closures that read
// values through unsafe offsets; after that, encoding a value makes no
// reflect calls except for maps with uncommon key or element types.
// Struct member names are quoted when the type is compiled, and the
// struct loop writes plain fields, pointers to them, nested structs and
// interfaces itself. Output is appended to a pooled buffer, so Encode
// allocates only its result.
//
// Strings are quoted by wire.AppendQuoted (one pass; an AVX2 kernel on
// amd64), floats formatted by wire.AppendFloat (Schubfach shortest
// digits). With SortMapKeys, map members are sorted through integer
// prefixes of their keys, and the sorted, quoted keys of recent
// map[string]any shapes are remembered, so that lists of objects with the
// same keys are written without sorting or quoting their keys again.
//
// The rules are encoding/json's (tags, embedded structs, Marshaler and
// TextMarshaler, cycles, NaN) unless an Options bit says otherwise; the
// zero Options are jet's fast defaults, and EscapeHTML|SortMapKeys|
// CompactMarshaler gives encoding/json's exact output.
package encoder
