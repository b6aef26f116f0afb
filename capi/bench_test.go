package main

import (
	"testing"

	"github.com/cutego/cutego/cute"
)

// BenchmarkConvert: a rank-4 layout from its C struct to cute.Layout and back (the ABI's
// per-call conversion cost, without the cgo crossing).
func BenchmarkConvert(b *testing.B) {
	l, err := cute.ParseLayout("(2,4,8,2):(1,2,8,64)")
	if err != nil {
		b.Fatal(err)
	}
	raw := hookBytes(l)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		x, st := hookFromBytes(raw)
		if st != hookOK {
			b.Fatal(st)
		}
		if _, st := hookRoundTrip(x); st != hookOK {
			b.Fatal(st)
		}
	}
}
