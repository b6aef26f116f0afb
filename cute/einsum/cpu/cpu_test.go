package cpu

import (
	"math/rand/v2"
	"testing"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/einsum/internal/naive"
)

func to32(x []float64) []float32 {
	r := make([]float32, len(x))
	for i, v := range x {
		r[i] = float32(v)
	}
	return r
}

// check runs one contraction in float64 and float32 and compares with the naive loops
// (small integer data: every path is exact). It returns the path.
func check(t *testing.T, sa, sb, sc string, a, b, c *naive.Operand, ext map[byte]int64) Path {
	t.Helper()
	spec := sa + "," + sb + "->" + sc
	want := append([]float64(nil), c.Data...)
	naive.Contract(sa, sb, sc, a, b, c, ext, want)
	c64 := append([]float64(nil), c.Data...)
	p64, err := Contract(spec, cute.MustTensor(a.Data, a.Off, a.Layout()), cute.MustTensor(b.Data, b.Off, b.Layout()), cute.MustTensor(c64, c.Off, c.Layout()))
	if err != nil {
		t.Fatalf("%s: %v", spec, err)
	}
	c32 := to32(c.Data)
	p32, err := Contract(spec, cute.MustTensor(to32(a.Data), a.Off, a.Layout()), cute.MustTensor(to32(b.Data), b.Off, b.Layout()), cute.MustTensor(c32, c.Off, c.Layout()))
	if err != nil {
		t.Fatalf("%s: %v", spec, err)
	}
	if p32 != p64 {
		t.Fatalf("%s: paths differ: %v and %v", spec, p64, p32)
	}
	for i := range want {
		if c64[i] != want[i] || float64(c32[i]) != want[i] {
			t.Fatalf("%s A %v B %v C %v (%v): element %d = %v / %v want %v", spec, a.Layout(), b.Layout(), c.Layout(), p64, i, c64[i], c32[i], want[i])
		}
	}
	return p64
}

func work(ext map[byte]int64) int64 {
	w := int64(1)
	for _, e := range ext {
		w *= e
	}
	return w
}

// familyCase is contraction iter of the random family drawn from r: the spec, extents and
// operands A, B, C (every third with repeated indices, every second with wild layouts), or
// nil operands where the work is over 2^14.
func familyCase(r *rand.Rand, iter int) (sa, sb, sc string, ext map[byte]int64, ops []*naive.Operand) {
	sa, sb, sc, ext = naive.RandomSpec(r, []int64{1, 2, 3, 4, 6, 8, 16})
	if work(ext) > 1<<14 {
		return sa, sb, sc, ext, nil
	}
	if iter%3 == 0 {
		sa, sb = naive.WithDiagonal(r, sa), naive.WithDiagonal(r, sb)
	}
	wild := iter%2 == 0
	return sa, sb, sc, ext, []*naive.Operand{naive.RandomOperand(r, sa, ext, wild), naive.RandomOperand(r, sb, ext, wild), naive.RandomOperand(r, sc, ext, wild)}
}

func TestContractRandomFamilyAllPaths(t *testing.T) {
	defer func(w int64) { minBLASWork, force = w, forceNone }(minBLASWork)
	minBLASWork = 1 // BLAS wherever the layouts allow, however small
	for _, f := range []int{forceNone, forceZero, forcePacked} {
		force = f
		r := rand.New(rand.NewPCG(5, uint64(f)))
		paths := map[string]int{}
		for iter := 0; iter < 250; iter++ {
			sa, sb, sc, ext, ops := familyCase(r, iter)
			if ops == nil {
				continue
			}
			p := check(t, sa, sb, sc, ops[0], ops[1], ops[2], ext)
			switch {
			case p.Packed:
				paths["packed"]++
			case p.BLAS:
				paths["blas"]++
			default:
				paths["reference"]++
			}
		}
		t.Logf("force %d: %v", f, paths)
		if f == forceNone && (paths["packed"]+paths["blas"] == 0 || paths["reference"] == 0) ||
			f == forceZero && paths["blas"] < 80 || f == forcePacked && paths["packed"] < 150 {
			t.Errorf("force %d: the family does not exercise the paths: %v", f, paths)
		}
	}
}

// compact is the operand with the given index order laid out column-major in perm order
// (perm[0] fastest).
func compact(idx string, order string, ext map[byte]int64, r *rand.Rand) *naive.Operand {
	o := &naive.Operand{Idx: idx, Sub: make([][]int64, len(idx)), Stride: make([][]int64, len(idx))}
	cur := int64(1)
	for j := 0; j < len(order); j++ {
		for i := 0; i < len(idx); i++ {
			if idx[i] == order[j] {
				o.Sub[i], o.Stride[i] = []int64{ext[idx[i]]}, []int64{cur}
				cur *= ext[idx[i]]
			}
		}
	}
	o.Data = make([]float64, cur)
	for i := range o.Data {
		o.Data[i] = float64(r.IntN(9) - 4)
	}
	return o
}

func TestContractBLASShapes(t *testing.T) {
	defer func() { noCBLAS = false }()
	noCBLAS = true // gonum's cost model (with a CBLAS, Aᵀ·Bᵀ runs in place: TestCBLAS)
	r := rand.New(rand.NewPCG(7, 8))
	ext := map[byte]int64{'i': 24, 'j': 20, 'k': 16, 'b': 3, 'h': 2, 'q': 12, 'd': 10, 'a': 8, 'c': 4, 'e': 5}
	for _, c := range []struct {
		sa, oa, sb, ob, sc, oc string
		M, N, K, calls         int64
		transposed, packed     bool
	}{
		// matrix product, every storage order of A, B and C
		{"ik", "ki", "kj", "jk", "ij", "ji", 24, 20, 16, 1, false, false},
		{"ik", "ik", "kj", "kj", "ij", "ji", 24, 20, 16, 1, true, true}, // Aᵀ·Bᵀ in place is slow in gonum: packed
		{"ik", "ki", "kj", "jk", "ij", "ij", 24, 20, 16, 1, true, true}, // likewise
		{"ik", "ik", "kj", "kj", "ij", "ij", 24, 20, 16, 1, true, false},
		// attention scores: batch and heads loop around a q×k×d GEMM
		{"bhqd", "dqhb", "bhkd", "dkhb", "bhqk", "kqhb", 12, 16, 10, 6, false, false},
		// two reduction modes that chain in A and B: one GEMM of K = c·e
		{"ace", "ace", "cej", "cej", "aj", "aj", 8, 20, 20, 1, true, false},
		// reduction modes that do not chain: packed copies make them one GEMM
		{"ace", "aec", "cej", "cej", "aj", "aj", 8, 20, 20, 1, true, true},
	} {
		a, b, cc := compact(c.sa, c.oa, ext, r), compact(c.sb, c.ob, ext, r), compact(c.sc, c.oc, ext, r)
		p := check(t, c.sa, c.sb, c.sc, a, b, cc, ext)
		if !p.BLAS || p.M != c.M || p.N != c.N || p.K != c.K || p.Calls != c.calls || p.Transposed != c.transposed || p.Packed != c.packed {
			t.Errorf("%s,%s->%s (%s,%s->%s): %+v", c.sa, c.sb, c.sc, c.oa, c.ob, c.oc, p)
		}
	}
}

func TestContractPathReasons(t *testing.T) {
	l := func(s string) cute.Layout { x, _ := cute.ParseLayout(s); return x }
	for _, c := range []struct {
		a, b, c      string
		blas, packed bool
	}{
		{"(64,64):(64,1)", "(64,64):(64,1)", "(64,64):(64,1)", true, false},
		{"(64,64):(-1,-64)", "(64,64):(-1,-64)", "(64,64):(-1,-64)", true, true},   // negative strides
		{"((8,8),64):((1,512),8)", "(64,64):(1,64)", "(64,64):(1,64)", true, true}, // i hierarchical in A, not coalescing
		{"(64,64):(2,128)", "(64,64):(1,64)", "(64,64):(1,64)", true, true},        // A has no unit stride
		{"(4,4):(1,4)", "(4,4):(1,4)", "(4,4):(1,4)", false, false},                // too small
	} {
		p, err := Explain("ik,jk->ij", l(c.a), l(c.b), l(c.c))
		if err != nil || p.BLAS != c.blas || p.Packed != c.packed || !p.BLAS && p.Reason == "" {
			t.Errorf("%v: %+v %v", c, p, err)
		}
	}
	// other element types run the reference loops
	x := cute.MustTensor([]int{1, 2, 3, 4}, 0, l("(2,2):(1,2)"))
	y := cute.MustTensor(make([]int, 4), 0, l("(2,2):(1,2)"))
	if p, err := Contract("ik,jk->ij", x, x, y); err != nil || p.BLAS || y.Data()[0] != 10 {
		t.Errorf("int: %+v %v %v", p, err, y.Data())
	}
}

// TestPackedRepeatedC: on packed copies, a C whose elements repeat (a stride-0 mode) gets
// the sum over its coordinates, as the reference loops give.
func TestPackedRepeatedC(t *testing.T) {
	defer func(w int64) { minBLASWork, force = w, forceNone }(minBLASWork)
	minBLASWork, force = 1, forcePacked
	r := rand.New(rand.NewPCG(3, 4))
	ext := map[byte]int64{'i': 4, 'j': 3, 'k': 5}
	a, b := compact("ik", "ik", ext, r), compact("kj", "kj", ext, r)
	c := &naive.Operand{Idx: "ij", Sub: [][]int64{{4}, {3}}, Stride: [][]int64{{1}, {0}}, Data: make([]float64, 4)}
	if p := check(t, "ik", "kj", "ij", a, b, c, ext); !p.Packed {
		t.Fatalf("not packed: %v", p)
	}
}

// TestPackedInPlace: on the packed path an operand that is already compact as its copy
// would be is used in place (C's old values are overwritten, as on every path), and the
// row and column indices take C's order, so that a compact C is written in place.
func TestPackedInPlace(t *testing.T) {
	defer func(w int64, off bool) { minBLASWork, force, noCBLAS = w, forceNone, off }(minBLASWork, noCBLAS)
	minBLASWork, force = 1, forcePacked
	r := rand.New(rand.NewPCG(9, 10))
	// A reversed (negative strides) is copied; B and C are compact column-major as their
	// copies are
	ext := map[byte]int64{'i': 12, 'j': 10, 'k': 8}
	a := &naive.Operand{Idx: "ik", Sub: [][]int64{{12}, {8}}, Stride: [][]int64{{-1}, {-12}}, Off: 95, Data: make([]float64, 96)}
	for i := range a.Data {
		a.Data[i] = float64(r.IntN(9) - 4)
	}
	if p := check(t, "ik", "jk", "ij", a, compact("jk", "jk", ext, r), compact("ij", "ij", ext, r), ext); !p.Packed || p.Copies != "A" {
		t.Errorf("ik,jk->ij, A reversed: %+v", p)
	}
	// C row-major: its column indices (e, f) fastest, f before e; with a CBLAS (either
	// storage order) C is written in place, with gonum (column-major copies) it is copied
	ext = map[byte]int64{'a': 3, 'b': 4, 'c': 2, 'd': 5, 'e': 3, 'f': 2}
	for _, off := range []bool{true, false} {
		noCBLAS = off
		want := "ABC"
		if useCBLAS() {
			want = "AB"
		}
		pa, pb, pc := compact("acbd", "dbca", ext, r), compact("edfc", "cfde", ext, r), compact("abef", "feba", ext, r)
		if p := check(t, "acbd", "edfc", "abef", pa, pb, pc, ext); !p.Packed || p.Copies != want {
			t.Errorf("acbd,edfc->abef, noCBLAS %v: %+v, want copies of %s", off, p, want)
		}
	}
}

// TestWalk: the strided walks against the layouts' own evaluation, on layouts of up to four
// modes of extents up to 40 (several 16×16 tiles and partial ones) in any storage order,
// with negative and zero strides, and buffers compact in any order of the modes.
func TestWalk(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for iter := 0; iter < 300; iter++ {
		rank := 1 + r.IntN(4)
		ext := make([]int64, rank)
		for j := range ext {
			ext[j] = 1 + r.Int64N(40)
		}
		str := make([]int64, rank)
		cur, off := int64(1), int64(0)
		for _, j := range r.Perm(rank) {
			str[j] = cur
			cur *= ext[j]
		}
		if cur > 1<<14 {
			continue
		}
		for j := range str {
			switch r.IntN(6) {
			case 0:
				str[j] = -str[j]
				off += (ext[j] - 1) * -str[j]
			case 1:
				str[j] = 0
			}
		}
		l := cute.MustLayout(cute.Ints(ext...), cute.Ints(str...))
		data := make([]float64, cur)
		for i := range data {
			data[i] = float64(r.IntN(100))
		}
		tn := cute.MustTensor(data, off, l)
		n := l.Size()
		// the buffer: compact in a random order of the modes
		bstr := make([]int64, rank)
		bcur := int64(1)
		for _, j := range r.Perm(rank) {
			bstr[j] = bcur
			bcur *= ext[j]
		}
		bl := cute.MustLayout(cute.Ints(ext...), cute.Ints(bstr...))
		buf := make([]float64, n)
		if err := walk(tn, buf, bl, gather); err != nil {
			t.Fatal(err)
		}
		want := append([]float64(nil), data...)
		for i := int64(0); i < n; i++ {
			p, _ := l.Eval(i)
			q, _ := bl.Eval(i)
			if buf[q] != data[off+p] {
				t.Fatalf("gather %v into %v: element %d = %v, want %v", l, bl, i, buf[q], data[off+p])
			}
			want[off+p] += buf[q]
		}
		if err := walk(tn, buf, bl, scatter); err != nil {
			t.Fatal(err)
		}
		for i := range want {
			if data[i] != want[i] {
				t.Fatalf("scatter %v: data[%d] = %v, want %v", l, i, data[i], want[i])
			}
		}
		if err := walk(tn, nil, bl, zero); err != nil {
			t.Fatal(err)
		}
		for i := int64(0); i < n; i++ {
			if p, _ := l.Eval(i); data[off+p] != 0 {
				t.Fatalf("zero %v: element %d", l, i)
			}
		}
	}
}
