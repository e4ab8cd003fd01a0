//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	"fmt"
	"strings"
	"testing"
)

// Inputs at the edges of what the decoder takes: deep nesting around
// the limit, long texts, byte order marks, control characters.

type deepNode struct {
	A *deepNode
	L []deepNode
	I any
}

// deepInputs nest around the limit of 10000.
func deepInputs() []string {
	var ins []string
	for _, n := range []int{1000, 10000, 10001} {
		ins = append(ins,
			strings.Repeat("[", n)+strings.Repeat("]", n),
			strings.Repeat(`{"A":`, n)+"null"+strings.Repeat("}", n),
			strings.Repeat(`{"L":[`, n/2)+strings.Repeat("]}", n/2),
			strings.Repeat(`{"I":`, n)+"1"+strings.Repeat("}", n),
			strings.Repeat("[", n),
			strings.Repeat(`[{"I":`, n/2)+"x",
		)
	}
	return ins
}

func edgeInputs() []string {
	return []string{
		"\xef\xbb\xbf{}", "{\"A\x00\":1}", "\"\x01\"", `"\u0000"`, `{"\u0041":null}`, `{"\ud83d\ude00":1}`,
		`"` + strings.Repeat("a", 1<<16) + `"`, "[" + strings.Repeat("1,", 1<<14) + "1]", strings.Repeat(" ", 1<<12) + "1",
		`-`, `1.`, `.5`, `01`, `1e`, `1e+`, `--1`, `+1`, `0x10`, `NaN`, `Infinity`, `[1,2,3,]`, `{"A":1,}`, `{,}`, `[,]`,
		`{"A" "B"}`, `{"A"::1}`, `{"A":1 "B":2}`, `[1 2]`, `{"I":[1,{"I":[2,{"I":[3,}]}]}]}`, "{\"I\":\"\xff\"}",
	}
}

func TestUnmarshalEdgesAgainstStd(t *testing.T) {
	dests := []uDest{
		uDestOf[any]("any", nil), uDestOf[[]any]("anys", nil), uDestOf[deepNode]("deep", nil),
		uDestOf[map[string]any]("map", nil), uDestOf[string]("string", nil), uDestOf[float64]("float", nil),
	}
	fails := newUFailures(t)
	for _, in := range deepInputs() {
		for _, dest := range []uDest{dests[0], dests[2]} {
			fails.add(fmt.Sprintf("%s -> %s", quote([]byte(in)), dest.name), diffUnmarshal([]byte(in), dest, uOpts{name: "none"}))
		}
	}
	for _, in := range edgeInputs() {
		for _, dest := range dests {
			for _, o := range []uOpts{{name: "none"}, uAllowDup, uAllowUTF8} {
				fails.add(fmt.Sprintf("%s -> %s %s", quote([]byte(in)), dest.name, o.name), diffUnmarshal([]byte(in), dest, o))
			}
		}
	}
	fails.done()
}
