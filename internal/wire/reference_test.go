package wire_test

import (
	"github.com/jetjson/jet/internal/syntaxv1"
	"github.com/jetjson/jet/internal/wire"
)

func init() {
	wire.RefSkipValue = syntaxv1.Explain
	wire.RefValidate = func(s string, maxDepth int) *wire.SyntaxError {
		end, err := syntaxv1.Explain(s, 0, maxDepth)
		if err != nil {
			return err
		}
		return syntaxv1.CheckEnd(s, end)
	}
}
