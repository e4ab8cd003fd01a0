// Package rt turns Go types into plans the encoder and decoder compile
// codecs from: the JSON members of a struct (tags, embedded promotion and
// encoding/json's conflict rules), the interfaces a type implements, and
// how a value sits inside an interface. It also holds the lock-free cache
// codecs are kept in. It knows nothing of JSON bytes.
package rt
