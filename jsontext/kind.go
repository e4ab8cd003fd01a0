package jsontext

// A Kind represents the kind of a JSON token.
//
// A Kind is a single byte, which is conveniently the first byte of that
// kind's symbol in the grammar (except for numbers, which are always
// represented with '0').
type Kind byte

// The kinds of tokens.
const (
	KindInvalid     Kind = 0   // invalid kind
	KindNull        Kind = 'n' // null
	KindFalse       Kind = 'f' // false
	KindTrue        Kind = 't' // true
	KindString      Kind = '"' // string
	KindNumber      Kind = '0' // number
	KindBeginObject Kind = '{' // begin object
	KindEndObject   Kind = '}' // end object
	KindBeginArray  Kind = '[' // begin array
	KindEndArray    Kind = ']' // end array
)

// String returns a string representation of k.
func (k Kind) String() string {
	switch k {
	case 0:
		return "invalid"
	case 'n':
		return "null"
	case 'f':
		return "false"
	case 't':
		return "true"
	case '"':
		return "string"
	case '0':
		return "number"
	case '{', '}', '[', ']':
		return string(rune(k))
	}
	return "<invalid jsontext.Kind: " + quoteRune([]byte{byte(k)}) + ">"
}

// kindOf maps the first byte of a token to its kind: every byte that can
// start a number maps to '0', and every byte that starts no token to 0.
var kindOf = func() (t [256]Kind) {
	for _, c := range []byte(`nft"{}[]`) {
		t[c] = Kind(c)
	}
	t['-'] = '0'
	for c := '0'; c <= '9'; c++ {
		t[c] = '0'
	}
	return t
}()
