package wire

import (
	"math/rand"
	"testing"
)

// tokCarries is the part of a first-stage state the token kernels keep.
func tokCarries(st skIdx) [3]uint64 { return [3]uint64{st.inString, st.escaped, st.scalar} }

// checkTokBlocks compares skTokBlocks (the vector kernel where there is
// one) with skTokBlocksGo on s from state st0 with room for room tokens.
func checkTokBlocks(t *testing.T, s string, st0 skIdx, room, base int) {
	t.Helper()
	want := make([]uint32, room)
	stGo := st0
	cGo, nGo := skTokBlocksGo(s, 0, len(s), &stGo, want, base)
	got := make([]uint32, room)
	st := st0
	c, n := skTokBlocks(s, 0, len(s), &st, got, base)
	if c != cGo || n != nGo || tokCarries(st) != tokCarries(stGo) || !sameTokens(got[:n], want[:nGo]) {
		t.Fatalf("on %q from %+v, room %d: %d %d %v, Go %d %d %v", s, st0, room, c, n, tokCarries(st), cGo, nGo, tokCarries(stGo))
	}
}

// TestTokBlocksKernel runs the token kernel against the portable one on
// random bytes from random states.
func TestTokBlocksKernel(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	for k := 0; k < 20000; k++ {
		checkTokBlocks(t, idxNoise(r), idxState(r), 64+r.Intn(skTokCap), r.Intn(1000))
	}
}

// FuzzSkipTokens compares the token kernel with the portable one on
// arbitrary text.
func FuzzSkipTokens(f *testing.F) {
	f.Add(`{"a":[1,"x\"y",true],"b\\":{"c":-2.5e3}}                              `, uint8(0), 64)
	f.Add(`"\\\\\\\"" , [ 0x ] tru {}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}`, uint8(3), 100)
	f.Fuzz(func(t *testing.T, s string, state uint8, room int) {
		if room < 0 || room > 4096 {
			return
		}
		st := skIdx{escaped: uint64(state & 1), scalar: uint64(state >> 1 & 1)}
		if state&4 != 0 {
			st.inString = ^uint64(0)
		}
		checkTokBlocks(t, s, st, room, int(state))
	})
}

// TestLooseCursorMatchesBytes compares LooseCursor.FindKey with
// LooseFindKey on generated objects.
func TestLooseCursorMatchesBytes(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	keys := []string{"a", "b", "id", "name", "", "k\u00e9", "zz"}
	for k := 0; k < 3000; k++ {
		doc := randomObjectDoc(r, 3)
		if !Valid(doc, DefaultMaxDepth) {
			t.Fatalf("generated invalid %q", doc)
		}
		for _, key := range keys {
			var c LooseCursor
			c.Reset(doc)
			if p := c.Next(); p >= len(doc) || doc[p] != '{' {
				t.Fatalf("%q: first token %d", doc, p)
			}
			pos, bad := c.FindKey(key, true, func(q string) bool { return false })
			want, wbad := LooseFindKey(doc, SkipSpace(doc, 0)+1, key, true, func(q string) bool { return false })
			if bad || wbad || (pos < 0) != (want < 0) || pos >= 0 && pos != SkipSpace(doc, want) {
				t.Fatalf("%q, key %q: %d %v, bytes %d %v", doc, key, pos, bad, want, wbad)
			}
		}
	}
}

// randomObjectDoc returns a valid object, long enough for several blocks,
// with keys from a small set and values of every kind.
func randomObjectDoc(r *rand.Rand, depth int) string {
	keys := []string{"a", "b", "id", "name", "k\u00e9", `q\"`, `\u0061`, "long key with spaces and more"}
	b := []byte{'{'}
	n := r.Intn(12)
	for i := 0; i < n; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		if r.Intn(3) == 0 {
			b = append(b, "\n    "...)
		}
		b = append(b, '"')
		b = append(b, keys[r.Intn(len(keys))]...)
		b = append(b, `":`...)
		if r.Intn(2) == 0 {
			b = append(b, ' ')
		}
		b = append(b, randomValue(r, depth)...)
	}
	return string(append(b, '}'))
}

func randomValue(r *rand.Rand, depth int) string {
	switch r.Intn(7) {
	case 0:
		return "-12.5e3"
	case 1:
		return `"a string with \"quotes\" and \\ and ] } , : [ {"`
	case 2:
		if depth > 0 {
			return randomObjectDoc(r, depth-1)
		}
		return "true"
	case 3:
		if depth > 0 {
			s := "[" + randomValue(r, depth-1)
			for i := r.Intn(5); i > 0; i-- {
				s += ", " + randomValue(r, depth-1)
			}
			return s + "]"
		}
		return "null"
	case 4:
		b := make([]byte, r.Intn(200))
		for i := range b {
			b[i] = "ab\\\" \u00e9x{}[]"[r.Intn(12)]
		}
		// An unescaped quote or lone backslash would end or break the
		// string: escape every one.
		s := ""
		for _, c := range string(b) {
			if c == '"' || c == '\\' {
				s += `\`
			}
			s += string(c)
		}
		return `"` + s + `"`
	case 5:
		return "0"
	}
	return "[]"
}

// TestTokBlocksLongStrings runs the token kernel against the portable one
// on text with long strings, whole blocks of which hold no quote.
func TestTokBlocksLongStrings(t *testing.T) {
	r := rand.New(rand.NewSource(13))
	const alphabet = "abcdefgh \u00e9{}[],:\\"
	for k := 0; k < 3000; k++ {
		b := make([]byte, 64+r.Intn(600))
		for i := range b {
			switch x := r.Intn(150); {
			case x == 0:
				b[i] = '"'
			default:
				b[i] = alphabet[r.Intn(len(alphabet))]
			}
		}
		checkTokBlocks(t, string(b), idxState(r), 64+r.Intn(skTokCap), r.Intn(1000))
	}
}

// TestLooseCursorDecodedKeys compares LooseCursor.FindKey with
// LooseFindKey when member keys with escapes are decoded, for plain keys
// and keys that are not.
func TestLooseCursorDecodedKeys(t *testing.T) {
	r := rand.New(rand.NewSource(19))
	keys := []string{"a", `q"`, "k\u00e9", "", "id", "long key with spaces and more", "b\\"}
	for k := 0; k < 2000; k++ {
		doc := randomObjectDoc(r, 3)
		for _, key := range keys {
			plain := PlainASCII(key) || key == "k\u00e9"
			decoded := func(q string) bool {
				u, _ := AppendUnquoted(nil, q[1:len(q)-1])
				return string(u) == key
			}
			var c LooseCursor
			c.Reset(doc)
			c.Next()
			pos, bad := c.FindKey(key, plain, decoded)
			want, wbad := LooseFindKey(doc, SkipSpace(doc, 0)+1, key, plain, decoded)
			if bad || wbad || (pos < 0) != (want < 0) || pos >= 0 && pos != SkipSpace(doc, want) {
				t.Fatalf("%q, key %q: %d %v, bytes %d %v", doc, key, pos, bad, want, wbad)
			}
		}
	}
}
