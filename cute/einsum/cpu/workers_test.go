package cpu

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/cutego/cutego/cute"
)

// TestWorkersBitForBit: the random family on every path, with random (non-integer) data,
// run with GOMAXPROCS 1 and 4: the results are the same bytes (each C block is summed by
// one goroutine in the serial order), and with 4 many contractions do run on several
// goroutines.
func TestWorkersBitForBit(t *testing.T) {
	defer func(w, ww int64, p int) { minBLASWork, minWorkerWork, force = w, ww, forceNone; runtime.GOMAXPROCS(p) }(minBLASWork, minWorkerWork, runtime.GOMAXPROCS(0))
	minBLASWork, minWorkerWork = 1, 1 // BLAS, and goroutines, however small
	parallel := 0
	for _, f := range []int{forceNone, forceZero, forcePacked} {
		force = f
		r := rand.New(rand.NewPCG(11, uint64(f)))
		for iter := 0; iter < 250; iter++ {
			sa, sb, sc, _, ops := familyCase(r, iter)
			if ops == nil {
				continue
			}
			for _, o := range ops {
				for i := range o.Data {
					o.Data[i] = r.Float64() - 0.5
				}
			}
			spec := sa + "," + sb + "->" + sc
			var out [2][]float64
			var paths [2]Path
			for i, procs := range []int{1, 4} {
				runtime.GOMAXPROCS(procs)
				out[i] = append([]float64(nil), ops[2].Data...)
				var err error
				paths[i], err = Contract(spec, cute.MustTensor(ops[0].Data, ops[0].Off, ops[0].Layout()),
					cute.MustTensor(ops[1].Data, ops[1].Off, ops[1].Layout()), cute.MustTensor(out[i], ops[2].Off, ops[2].Layout()))
				if err != nil {
					t.Fatalf("%s: %v", spec, err)
				}
			}
			if paths[0].Workers > 1 {
				t.Fatalf("%s: %d workers with GOMAXPROCS 1", spec, paths[0].Workers)
			}
			if paths[1].Workers > 1 {
				parallel++
			}
			for i := range out[0] {
				if math.Float64bits(out[0][i]) != math.Float64bits(out[1][i]) {
					t.Fatalf("%s A %v B %v C %v (%v): element %d: %v on 1 goroutine, %v on %d", spec, ops[0].Layout(), ops[1].Layout(), ops[2].Layout(), paths[1], i, out[0][i], out[1][i], paths[1].Workers)
				}
			}
		}
	}
	t.Logf("%d contractions on several goroutines", parallel)
	if parallel < 100 {
		t.Errorf("only %d contractions ran on several goroutines", parallel)
	}
}

// TestWorkersRule: the goroutines workers gives for contractions of row-major operands
// (b=16, h=8, q=128, m=n=8, the others 64), by the rule worked out by hand.
func TestWorkersRule(t *testing.T) {
	defer func(p int) { runtime.GOMAXPROCS(p) }(runtime.GOMAXPROCS(4))
	ext := map[byte]int64{'b': 16, 'h': 8, 'q': 128, 'i': 64, 'j': 64, 'k': 64, 'd': 64, 'm': 8, 'n': 8}
	l := func(idx string) cute.Layout {
		sh := make([]int64, len(idx))
		for i := range sh {
			sh[i] = ext[idx[i]]
		}
		x, err := cute.MakeLayoutRight(cute.Ints(sh...))
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	for _, c := range []struct {
		spec        string
		a, b, c     string
		procs, want int
	}{
		{"ik,kj->ij", "ik", "kj", "ij", 4, 1},             // one GEMM: the BLAS threads it
		{"bik,bkj->bij", "bik", "bkj", "bij", 4, 4},       // 16 disjoint C blocks, 2^22 multiply-adds
		{"bik,bkj->bij", "bik", "bkj", "bij", 2, 2},       // GOMAXPROCS, read at the call
		{"bik,bkj->bij", "bik", "bkj", "bij", 1, 1},       //
		{"bhqd,bhkd->bhqk", "bhqd", "bhkd", "bhqk", 4, 4}, // b·h = 128 disjoint blocks
		{"bik,bkj->ij", "bik", "bkj", "ij", 4, 1},         // 16 calls that all add into one C block
		{"bhqd,bhkd->hqk", "bhqd", "bhkd", "hqk", 4, 4},   // 8 groups (h) of 16 calls (b)
		{"bmk,bkn->bmn", "bmk", "bkn", "bmn", 4, 1},       // 16 calls of 8·8·64: 2^16 < minWorkerWork
		{"bhmk,bhkn->bhmn", "bhmk", "bhkn", "bhmn", 8, 4}, // 128 of them: 2^19 = 4·minWorkerWork
		{"bhmk,bhkn->bhmn", "bhmk", "bhkn", "bhmn", 2, 2},
	} {
		runtime.GOMAXPROCS(c.procs)
		p, err := Explain(c.spec, l(c.a), l(c.b), l(c.c))
		if err != nil || !p.BLAS || p.Workers != c.want {
			t.Errorf("%s at GOMAXPROCS %d: %v (%d workers) %v, want %d", c.spec, c.procs, p, p.Workers, err, c.want)
		}
	}
	// C's blocks overlap (b's stride equals i's): one goroutine
	sq := func(s string) cute.Layout { x, _ := cute.ParseLayout(s); return x }
	p, err := Explain("bik,bkj->bij", l("bik"), l("bkj"), sq("(16,64,64):(64,64,1)"))
	if err != nil || !p.BLAS || p.Packed || p.Workers != 1 {
		t.Errorf("overlapping C: %v (%d workers) %v", p, p.Workers, err)
	}
}

// TestDisjointBlocks: disjointBlocks never says distinct where brute force finds two
// coordinates at one offset, and says distinct for compact and padded layouts.
func TestDisjointBlocks(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	said := 0
	for range 5000 {
		modes := make([][2]int64, 1+r.IntN(4))
		for i := range modes {
			modes[i] = [2]int64{1 + r.Int64N(4), r.Int64N(13)}
		}
		seen, distinct := map[int64]bool{}, true
		var visit func(i int, off int64)
		visit = func(i int, off int64) {
			if i == len(modes) {
				distinct = distinct && !seen[off]
				seen[off] = true
				return
			}
			for x := int64(0); x < modes[i][0]; x++ {
				visit(i+1, off+x*modes[i][1])
			}
		}
		visit(0, 0)
		if disjointBlocks(append([][2]int64(nil), modes...)) {
			said++
			if !distinct {
				t.Fatalf("%v: said disjoint, brute force finds a repeat", modes)
			}
		}
	}
	if said < 500 {
		t.Errorf("only %d of 5000 said disjoint", said)
	}
	for _, m := range [][][2]int64{{{4, 1}, {3, 4}, {2, 12}}, {{4, 1}, {3, 5}, {2, 16}}, {{2, 12}, {4, 1}, {3, 4}}} {
		if !disjointBlocks(m) {
			t.Errorf("%v: not said disjoint", m)
		}
	}
}

// TestWorkersLarge: contractions of 16 to 96 calls of 64³ (long enough for goroutines to overlap),
// some adding into one C block through a looped reduction mode (BLAS in place), with the CBLAS and with
// gonum (whose writes the race detector sees), give the same bytes on 1 and 4 goroutines.
func TestWorkersLarge(t *testing.T) {
	defer func(p int, off bool) { runtime.GOMAXPROCS(p); noCBLAS, force = off, forceNone }(runtime.GOMAXPROCS(0), noCBLAS)
	r := rand.New(rand.NewPCG(12, 13))
	ext := map[byte]int64{'b': 16, 'h': 6, 'i': 64, 'j': 64, 'k': 64}
	for _, c := range []struct {
		off bool
		f   int
	}{{false, forceNone}, {false, forceZero}, {true, forceNone}, {true, forceZero}} {
		off := c.off
		noCBLAS, force = off, c.f
		for _, spec := range [][3]string{{"bik", "bkj", "bij"}, {"bik", "bkj", "ij"}, {"hbik", "hbkj", "hij"}, {"bik", "hbkj", "hbij"}} {
			ops := make([]cute.Tensor[float64], 3)
			for o, idx := range spec {
				ops[o] = rowMajor[float64](idx, ext)
				for i := range ops[o].Data() {
					ops[o].Data()[i] = r.Float64() - 0.5
				}
			}
			var out [2][]float64
			var paths [2]Path
			for i, procs := range []int{1, 4} {
				runtime.GOMAXPROCS(procs)
				out[i] = append([]float64(nil), ops[2].Data()...)
				var err error
				s := spec[0] + "," + spec[1] + "->" + spec[2]
				if paths[i], err = Contract(s, ops[0], ops[1], cute.MustTensor(out[i], 0, ops[2].Layout())); err != nil {
					t.Fatal(err)
				}
			}
			for i := range out[0] {
				if math.Float64bits(out[0][i]) != math.Float64bits(out[1][i]) {
					t.Fatalf("%v gonum %v: element %d: %v on 1 goroutine, %v on 4 (%v)", spec, off, i, out[0][i], out[1][i], paths[1])
				}
			}
			t.Logf("%v gonum %v: %v on %d goroutines (BLAS threads: %s)", spec, off, paths[1], paths[1].Workers, paths[1].BLASThreads)
		}
	}
}
