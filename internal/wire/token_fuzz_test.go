package wire

import "testing"

// checkToken compares the token readers with the reference grammar on a
// text that starts with one token: where the token ends, or where it goes
// wrong (len(s) when s ends inside it).
func checkToken(t *testing.T, s string) {
	if s == "" {
		return
	}
	rend, rerr := RefSkipValue(s, 0, DefaultMaxDepth)
	want := func(name string, end int, ok bool) {
		t.Helper()
		if ok != (rerr == nil) || ok && end != rend || !ok && int(rerr.Pos()) != end {
			t.Fatalf("%s(%q) = %d, %v; the reference = %d, %v", name, s, end, ok, rend, rerr)
		}
	}
	switch c := s[0]; {
	case c == '"':
		end, _, ok := ScanString(s, 0)
		want("ScanString", end, ok)
		// Resumed from every point, as a stream reader does when the
		// string arrives in pieces.
		for cut := 1; cut <= len(s); cut++ {
			e, resume, ok := ScanStringFrom(s[:cut], 1)
			if cut == len(s) {
				if e < 0 && ok {
					// Cut short at the very end: the reference says so.
					if rerr == nil || !rerr.IsEOF() {
						t.Fatalf("ScanStringFrom(%q) wants more input; the reference = %d, %v", s, rend, rerr)
					}
					continue
				}
				want("ScanStringFrom", e, ok)
				continue
			}
			if e >= 0 || !ok {
				// Decided before the cut: the same answer as on all of s.
				e2, _, ok2 := ScanStringFrom(s, 1)
				if e != e2 || ok != ok2 {
					t.Fatalf("ScanStringFrom(%q[:%d]) = %d, %v; on all of it %d, %v", s, cut, e, ok, e2, ok2)
				}
				continue
			}
			e2, _, ok2 := ScanStringFrom(s, resume)
			e3, _, ok3 := ScanStringFrom(s, 1)
			if e2 != e3 || ok2 != ok3 {
				t.Fatalf("ScanStringFrom(%q) resumed at %d = %d, %v; from the start %d, %v", s, resume, e2, ok2, e3, ok3)
			}
		}
	case c == '-' || '0' <= c && c <= '9':
		end, _, ok := ScanNumber(s, 0)
		if ok && end < len(s) {
			// The byte after a number is the caller's to judge; the
			// reference read the number alone.
			rend, rerr = RefSkipValue(s[:end], 0, DefaultMaxDepth)
		}
		want("ScanNumber", end, ok)
	case c == 't' || c == 'f' || c == 'n':
		lit := map[byte]string{'t': "true", 'f': "false", 'n': "null"}[c]
		end, ok := ScanLiteral(s, 0, lit)
		want("ScanLiteral", end, ok)
	}
}

// FuzzScanToken checks the token readers against the reference grammar.
func FuzzScanToken(f *testing.F) {
	for _, s := range []string{`"abc"`, `"a\u00e9\n"x`, `"\ud83d\ude00"`, `"\x"`, `"\u12G4"`, `"\u12`, `"\`, "\"a\x01\"", `"abc`,
		`0`, `-0.5e+10`, `01`, `1.`, `1.x`, `-`, `1e`, `1e+`, `12345678901234567890.5`, `true`, `tru`, `trux`, `fals`, `nul`, `null,`} {
		f.Add(s)
	}
	f.Fuzz(checkToken)
}
