// Package jsontext reads and writes JSON at the level of its syntax, as
// RFC 4627, RFC 7159, RFC 7493, RFC 8259 and RFC 8785 define it. JSON is a
// text format for exchanging data; it has booleans, strings and numbers,
// and it builds larger structures out of objects and arrays.
//
// It has the API and the behavior of Go's encoding/json/jsontext (Go
// 1.27): a program changes its import path and nothing else. It is
// jet's syntax layer: its token state machine is the grammar every other
// reader of JSON text in jet is checked against.
//
// An Encoder writes, and a Decoder reads, a stream of JSON tokens and
// values.
//
// # Tokens and Values
//
// A token is one of the smallest meaningful pieces of JSON text:
//
//   - a literal: null, true or false
//   - a string, such as "caf\u00e9"
//   - a number, such as -2.5e3
//   - one of the delimiters that open and close an object, '{' and '}'
//   - one of the delimiters that open and close an array, '[' and ']'
//
// The Token type holds one token. The grammar has two more punctuation
// characters, ':' and ',', but no Token stands for them: where they go is
// always clear from the surrounding tokens. A colon, for instance, always
// sits between a member's name and its value.
//
// A value is one complete piece of JSON data:
//
//   - a literal, a string or a number
//   - an object, such as `{"ids":[7,8]}`
//   - an array, such as `[true,null]`
//
// The Value type holds one value as a []byte of its JSON text. Literals,
// strings and numbers are both tokens and values, but only a value can
// hold an entire object or array.
//
// Encoder and Decoder have methods that write or read the next Token or
// Value of the stream. Both track where they are in the grammar, so that
// any sequence of tokens and values that would not make valid JSON is
// refused. NewEncoder and NewDecoder accept Options that adjust how they
// work.
//
// # Terminology
//
// In this package and its companions, "encode" and "decode" mean handling
// JSON as text that follows a grammar, while "marshal" and "unmarshal"
// mean converting between JSON values and Go values, which involves what
// the data means. This package covers the syntax; the semantics are the
// concern of jet's encoding/json/v2 package.
//
// # Specifications
//
// The RFCs that define JSON differ mainly in how strict they are. From
// the most lenient to the strictest:
//
//   - RFC 4627 and RFC 7159 recommend UTF-8 and recommend unique object
//     member names, but demand neither.
//   - RFC 8259 demands UTF-8 and still only recommends unique names.
//   - RFC 7493 demands both UTF-8 and unique names.
//   - RFC 8785 defines a canonical form: on top of UTF-8 and unique
//     names, it fixes the order of object members and the exact way every
//     string and number is written.
//
// This package follows RFC 7493 unless options tell it to follow one of
// the others.
//
// # Security Considerations
//
// A Decoder rejects objects and arrays nested more than 10000 deep. It
// holds a buffer of bounded size plus the largest token or value it must
// return, and (unless AllowDuplicateNames is set) the names of the objects
// it is inside.
package jsontext
