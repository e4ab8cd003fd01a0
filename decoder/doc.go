// Package decoder turns JSON into Go values.
//
// Each type is compiled once into a tree of plain Go closures that write
// values through unsafe offsets; after that, decoding makes no reflect
// calls except for maps with uncommon key or element types and for the
// rare ",string" fields. Input is read in one pass that checks syntax as
// it goes, so invalid JSON is always rejected, whatever the target.
//
// Decoded strings are copied into shared arena blocks (views of the
// input when it is a string and OptionCopyString is not set), and
// numbers and strings stored in interfaces are allocated in slabs.
//
// The rules are encoding/json's (case-insensitive field matching, null
// handling, Unmarshaler and TextUnmarshaler, type mismatches reported at
// the end) unless an Options bit says otherwise.
package decoder
