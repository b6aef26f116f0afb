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

// benchCases are the compositions of csrc/abi/bench.c (rank <= 4).
var benchCases = [][2]string{
	{"(6,2):(8,2)", "(4,3):(3,1)"},
	{"(10,2):(16,4)", "(5,4):(1,5)"},
	{"(4,8,2):(1,4,32)", "(8,4):(4,32)"},
	{"(2,4,8,2):(1,2,8,64)", "(4,2,4,2):(2,1,8,64)"},
}

// BenchmarkGoComposition: cute.Composition called from Go on the cases of
// csrc/abi/bench.c; the difference to bench.c's figure is the ABI's cost (cgo crossing,
// conversions, recovery).
func BenchmarkGoComposition(b *testing.B) {
	for _, c := range benchCases {
		x, err := cute.ParseLayout(c[0])
		if err != nil {
			b.Fatal(err)
		}
		y, err := cute.ParseLayout(c[1])
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c[0]+"∘"+c[1], func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := cute.Composition(x, y); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
