//go:build cutego_testhooks

package main

import (
	"runtime"
	"runtime/debug"
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

// exportCases are the exports timed from Go (no cgo crossing) on the layouts of
// csrc/abi/bench.c and python/bench/bench_pycute.py.
var exportCases = []struct {
	name    string
	layouts []string
}{
	{"coalesce", []string{"(2,(3,4)):(1,(2,6))"}},
	{"composition", []string{"(2,4,8,2):(1,2,8,64)", "(4,2,4,2):(2,1,8,64)"}},
	{"composition", []string{"(64,128):(128,1)", "((2,4),(8,4)):((1,2),(8,64))"}},
	{"logical_divide_tiler", []string{"(16,8):(1,16)", "4:2", "2:4"}},
	{"size", []string{"(2,4,8,2):(1,2,8,64)"}},
	{"crd2idx", []string{"(3,(2,3)):(3,(12,1))", "(1,5):(0,0)"}},
	{"idx2crd", []string{"(3,(2,3)):(0,(0,0))", "16:0"}},
	{"complement", []string{"(2,2):(1,6)", "24:0"}},
	{"right_inverse", []string{"(4,8):(8,1)"}},
}

func exportLayouts(tb testing.TB, ss []string) []cute.Layout {
	ls := make([]cute.Layout, len(ss))
	for i, s := range ss {
		l, err := cute.ParseLayout(s)
		if err != nil {
			tb.Fatal(err)
		}
		ls[i] = l
	}
	return ls
}

// BenchmarkExport: the ABI's cost per call without the cgo crossing (bench.c's figure
// less this is the crossing).
func BenchmarkExport(b *testing.B) {
	for _, c := range exportCases {
		ls := exportLayouts(b, c.layouts)
		b.Run(c.name+"/"+c.layouts[0], func(b *testing.B) {
			b.ReportAllocs()
			if st := hookExports[c.name](ls, b.N); st != hookOK {
				b.Fatal(st)
			}
		})
	}
}

// allocsPerRun is testing.AllocsPerRun with the garbage collector off: the exports take
// their arenas (and package cute its scratch) from sync.Pools, which a collection
// empties, so a collection during the measurement would count the pools' refills as
// allocations of the code measured. Disabling it waits for a collection in progress;
// the forced one after starts every measurement from the same state (the pools refill in
// AllocsPerRun's warm-up call). The old setting is restored after.
func allocsPerRun(runs int, f func()) float64 {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	runtime.GC()
	return testing.AllocsPerRun(runs, f)
}

// TestExportAllocs pins the arena of convert.go: an export allocates no more than the
// cute operation it calls (its arguments' conversion and the result's writing allocate
// nothing), except a by-mode tiler's one (cute.TupleTiler copies its elements). The
// 0.01 allowed beyond is the hooks' own setup (a by-mode tiler's C array), made once
// per n calls.
func TestExportAllocs(t *testing.T) {
	const n = 1000
	direct := map[string]func(ls []cute.Layout) error{
		"coalesce": func(ls []cute.Layout) error { _, err := cute.Coalesce(ls[0]); return err },
		"complement": func(ls []cute.Layout) error {
			n, _ := cute.Size(ls[1].Shape())
			_, err := cute.Complement(ls[0], cute.Int(n))
			return err
		},
		"right_inverse": func(ls []cute.Layout) error { _, err := cute.RightInverse(ls[0]); return err },
		"composition":   func(ls []cute.Layout) error { _, err := cute.Composition(ls[0], ls[1]); return err },
		"size":          func(ls []cute.Layout) error { _, err := cute.Size(ls[0].Shape()); return err },
		"crd2idx": func(ls []cute.Layout) error {
			_, err := cute.Crd2Idx(ls[1].Shape(), ls[0].Shape(), ls[0].Stride())
			return err
		},
		"idx2crd": func(ls []cute.Layout) error { _, err := cute.Idx2Crd(16, ls[0].Shape()); return err },
	}
	for _, c := range exportCases {
		ls := exportLayouts(t, c.layouts)
		f, extra := direct[c.name], 0.0
		if c.name == "logical_divide_tiler" {
			el := make([]cute.Tiler, len(ls)-1)
			for i := range el {
				el[i] = cute.LayoutTiler(ls[i+1])
			}
			tl := cute.TupleTiler(el...)
			f, extra = func(ls []cute.Layout) error { _, err := cute.LogicalDivide(ls[0], tl); return err }, 1
		}
		want := allocsPerRun(1, func() {
			for i := 0; i < n; i++ {
				if err := f(ls); err != nil {
					t.Fatal(err)
				}
			}
		}) / n
		got := allocsPerRun(1, func() {
			if st := hookExports[c.name](ls, n); st != hookOK {
				t.Fatal(st)
			}
		}) / n
		if got > want+extra+0.01 {
			t.Errorf("%s %v: %.2f allocations per call, cute's own %.2f (+%v allowed)", c.name, c.layouts, got, want, extra)
		}
	}
}
