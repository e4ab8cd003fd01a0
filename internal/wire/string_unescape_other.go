//go:build !amd64 || purego

package wire

// unescSteps is unescStepsGo: no kernel on this platform (or with the
// purego tag).
func unescSteps(s string, j, lim int, d []byte, w int) (int, int, bool) {
	return unescStepsGo(s, j, lim, d, w)
}
