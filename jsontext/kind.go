package jsontext

// Kind classifies JSON tokens: the three literals, strings, numbers, and
// the four delimiters each have their own Kind.
//
// Each Kind is one byte: the first character of the tokens it stands for
// in the JSON grammar, except that every number has the Kind '0'.
type Kind byte

// The kinds of tokens.
const (
	KindInvalid     Kind = 0   // no token
	KindNull        Kind = 'n' // the literal null
	KindFalse       Kind = 'f' // the literal false
	KindTrue        Kind = 't' // the literal true
	KindString      Kind = '"' // any string
	KindNumber      Kind = '0' // any number
	KindBeginObject Kind = '{' // the opening of an object
	KindEndObject   Kind = '}' // the closing of an object
	KindBeginArray  Kind = '[' // the opening of an array
	KindEndArray    Kind = ']' // the closing of an array
)

// String returns the name of k, such as "string" or "null"; for the four
// delimiter kinds it returns the delimiter itself.
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
