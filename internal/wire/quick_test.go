package wire

import (
	"bytes"
	"encoding/json"
	"github.com/jetjson/jet/internal/oracle"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

func TestQuickSuite(t *testing.T) {
	oracle.Require(t)
	files, _ := filepath.Glob("../../../shared/testdata/JSONTestSuite/test_parsing/*.json")
	for _, f := range files {
		b, _ := os.ReadFile(f)
		std := json.Valid(b)
		got := Valid(string(b), DefaultMaxDepth)
		if std != got {
			t.Errorf("%s: std %v got %v", filepath.Base(f), std, got)
		}
		if !std {
			var v any
			serr := json.Unmarshal(b, &v)
			se, ok := serr.(*json.SyntaxError)
			werr := RefValidate(string(b), 10000)
			if ok && (se.Error() != werr.Msg || se.Offset != werr.Offset) {
				t.Errorf("%s: std %q@%d got %q@%d", filepath.Base(f), se.Error(), se.Offset, werr.Msg, werr.Offset)
			}
		} else {
			var a, c bytes.Buffer
			e1 := json.Compact(&a, b)
			x := AppendCompact(nil, string(b), false)
			if e1 != nil || a.String() != string(x) {
				t.Errorf("compact %s", f)
			}
			e1 = json.Indent(&c, b, ">", "  ")
			x = AppendIndent(nil, string(b), ">", "  ")
			if e1 != nil || c.String() != string(x) {
				t.Errorf("indent %s: %q vs %q", f, c.String(), x)
			}
		}
	}
}

func TestQuickStrings(t *testing.T) {
	oracle.Require(t)
	r := []byte{}
	seed := uint64(1)
	alpha := []string{"a", "b", "\"", "\\", "<", ">", "&", "\n", "\x01", "\u2028", "\u2029", "é", "日本", "\xff", "\xe2\x80", "\xed\xa0\x80", "\U0001F600", " ", "/"}
	for n := 0; n < 20000; n++ {
		r = r[:0]
		seed = seed*6364136223846793005 + 1442695040888963407
		l := int(seed>>59) + int(seed>>40&3)*8
		for k := 0; k < l; k++ {
			seed = seed*6364136223846793005 + 1442695040888963407
			r = append(r, alpha[int(seed>>33)%len(alpha)]...)
		}
		s := string(r)
		for _, html := range []bool{false, true} {
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(html)
			enc.Encode(s)
			want := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
			got := AppendQuoted(nil, s, html)
			if !bytes.Equal(want, got) {
				t.Fatalf("quote %q html=%v: want %s got %s", s, html, want, got)
			}
			if NeedsQuoting(s, html) != (len(got) != len(s)+2) {
				t.Fatalf("NeedsQuoting %q", s)
			}
		}
		// unquote: take std's escaping with \u for everything
		q, _ := json.Marshal(s)
		var ws string
		json.Unmarshal(q, &ws)
		end, fl, ok := ScanString(string(q), 0)
		if !ok || end != len(q) {
			t.Fatalf("scan %s: %d", q, end)
		}
		got, _ := AppendUnquoted(nil, string(q[1:len(q)-1]))
		if string(got) != ws {
			t.Fatalf("unquote %s: %q vs %q", q, got, ws)
		}
		_ = fl
		// raw (unescaped invalid utf8) string
		raw := "\"" + string(bytes.ReplaceAll(bytes.ReplaceAll(bytes.ReplaceAll(r, []byte("\\"), []byte("\\\\")), []byte("\""), []byte("\\\"")), []byte("\n"), []byte("\\n"))) + "\""
		raw = string(bytes.ReplaceAll([]byte(raw), []byte("\x01"), []byte("\\u0001")))
		var ws2 string
		if err := json.Unmarshal([]byte(raw), &ws2); err != nil {
			t.Fatal(err)
		}
		got, _ = AppendUnquoted(nil, raw[1:len(raw)-1])
		if string(got) != ws2 {
			t.Fatalf("unquote raw %q: %q vs %q", raw, got, ws2)
		}
	}
}

func TestQuickNumbers(t *testing.T) {
	for _, s := range []string{"0", "-0", "1", "1.5", "1e10", "1E-5", "123456789012345678", "9007199254740993", "1.7976931348623157e308", "1e400", "4.9e-324", "0.1", "-65.61361694335938", "1e22", "1e23", "0.000001", "1e-7", "12345678901234567890"} {
		f1, e1 := ParseFloat(s)
		f2, e2 := strconv.ParseFloat(s, 64)
		if f1 != f2 || (e1 == nil) != (e2 == nil) {
			t.Errorf("%s: %v %v vs %v %v", s, f1, e1, f2, e2)
		}
		want, _ := json.Marshal(f2)
		if e2 == nil {
			if got := AppendFloat(nil, f2, 64); string(got) != string(want) {
				t.Errorf("fmt %s: %s vs %s", s, got, want)
			}
			if math.IsInf(float64(float32(f2)), 0) {
				continue
			}
			want, _ = json.Marshal(float32(f2))
			if got := AppendFloat(nil, float64(float32(f2)), 32); string(got) != string(want) {
				t.Errorf("fmt32 %s: %s vs %s", s, got, want)
			}
		}
	}
}
