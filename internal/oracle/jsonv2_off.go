//go:build !goexperiment.jsonv2

package oracle

const jsonv2 = false
