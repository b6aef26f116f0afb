package cute

import (
	"errors"
	"math/rand/v2"
	"testing"
)

func iotaInts(n int) []int {
	d := make([]int, n)
	for i := range d {
		d[i] = i
	}
	return d
}

func TestTensorAccessForms(t *testing.T) {
	// The paper's 2×2×2 tensor of Figure 1, folded 4×2: ((2,2),2):((2,4),1).
	data := iotaInts(8)
	x := MustTensor(data, 0, MustLayout(Tuple(Ints(2, 2), Int(2)), Tuple(Ints(2, 4), Int(1))))
	for i := int64(0); i < 4; i++ {
		for j := int64(0); j < 2; j++ {
			// row i is (i%2, i/2) of the folded modes 0 and 2 of (2,2,2):(2,1,4)
			want := int((i%2)*2 + (i/2)*4 + j)
			a, err := x.At(i, j)
			b, err2 := x.AtCoord(Tuple(Ints(i%2, i/2), Int(j)))
			c, err3 := x.At(i + 4*j)
			if err != nil || err2 != nil || err3 != nil || a != want || b != want || c != want {
				t.Errorf("(%d,%d): %d %d %d want %d (%v %v %v)", i, j, a, b, c, want, err, err2, err3)
			}
		}
	}
	if err := x.Set(100, 3, 1); err != nil || data[7] != 100 {
		t.Errorf("Set: %v, data %v", err, data)
	}
	for _, bad := range []IntTuple{Int(8), Int(-1), Ints(4, 0), Ints(0, 2), Ints(0, 0, 0), Tuple(Ints(2, 0), Int(0)), Tuple(Ints(0, 0, 0), Int(0)), E(1, 0)} {
		if _, err := x.AtCoord(bad); err == nil || !errors.Is(err, &Error{Kind: ErrInvalid}) {
			t.Errorf("coordinate %v accepted (%v)", bad, err)
		}
	}
}

func TestTensorRefusesOutOfData(t *testing.T) {
	l := MustLayout(Ints(4, 5), Ints(1, 4))
	for _, c := range []struct {
		n   int
		off int64
		l   Layout
		ok  bool
	}{
		{20, 0, l, true}, {19, 0, l, false}, {21, 1, l, true}, {20, 1, l, false}, {20, -1, l, false},
		{12, 11, MustLayout(Ints(3, 4), Ints(-1, -3)), true}, {12, 10, MustLayout(Ints(3, 4), Ints(-1, -3)), false},
		{1, 0, MustLayout(Int(100), Int(0)), true},
		{8, 0, MustLayout(Int(2), E(1, 0)), false},
		{8, 0, Layout{}, false},
	} {
		_, err := MakeTensorOffset(make([]float32, c.n), c.off, c.l)
		if (err == nil) != c.ok {
			t.Errorf("%d elements, offset %d, %v: err %v", c.n, c.off, c.l, err)
		}
	}
}

func TestTensorViewsShareData(t *testing.T) {
	const M, N = 128, 256
	data := iotaInts(M * N)
	a := MustTensor(data, 0, MustLayout(Ints(M, N), Ints(1, M)))
	// CuTe's docs: local_tile((M,N):(1,M), (32,64), (bx,by)) is block (bx,by).
	tile, err := a.LocalTile(ShapeTiler(Ints(32, 64)), CoordTuple(CoordInt(3), CoordInt(2)))
	if err != nil {
		t.Fatal(err)
	}
	for i := int64(0); i < 32; i++ {
		for j := int64(0); j < 64; j++ {
			if v, _ := tile.At(i, j); v != int((3*32+i)+(2*64+j)*M) {
				t.Fatalf("tile(%d,%d) = %d", i, j, v)
			}
		}
	}
	// local_partition((16,64):(1,16), (2,16):(1,2), 3): thread 3 is (1,1) of the 2×16
	// thread tile, it owns rows 1,3,5,… and columns 1,17,33,49.
	b := MustTensor(iotaInts(16*64), 0, MustLayout(Ints(16, 64), Ints(1, 16)))
	p, err := b.LocalPartition(MustLayout(Ints(2, 16), Ints(1, 2)), 3)
	if err != nil {
		t.Fatal(err)
	}
	if p.Size() != 32 {
		t.Fatalf("partition %v", p.Layout())
	}
	for i := int64(0); i < 8; i++ {
		for j := int64(0); j < 4; j++ {
			if v, _ := p.At(i, j); v != int((1+2*i)+(1+16*j)*16) {
				t.Fatalf("partition(%d,%d) = %d", i, j, v)
			}
		}
	}
	// zipped_divide of an 8×8 row-major tensor by (2,4): ((i,j),(a,b)) is element
	// (2a+i, 4b+j).
	c := MustTensor(iotaInts(64), 0, MustLayout(Ints(8, 8), Ints(8, 1)))
	z, err := c.ZippedDivide(ShapeTiler(Ints(2, 4)))
	if err != nil {
		t.Fatal(err)
	}
	for i := int64(0); i < 2; i++ {
		for j := int64(0); j < 4; j++ {
			for a := int64(0); a < 4; a++ {
				for b := int64(0); b < 2; b++ {
					v, err := z.AtCoord(Tuple(Ints(i, j), Ints(a, b)))
					if err != nil || v != int((2*a+i)*8+4*b+j) {
						t.Fatalf("zipped ((%d,%d),(%d,%d)) = %d, %v", i, j, a, b, v, err)
					}
				}
			}
		}
	}
	// slices and writes through a view reach the data
	row, err := c.Slice(CoordTuple(CoordInt(5), CoordUnderscore()))
	if err != nil {
		t.Fatal(err)
	}
	if err := Fill(row, -1); err != nil {
		t.Fatal(err)
	}
	for j := 0; j < 8; j++ {
		if c.data[5*8+j] != -1 || c.data[4*8+j] == -1 {
			t.Fatal("Fill through a slice")
		}
	}
	if _, err := c.Slice(CoordTuple(CoordInt(8), CoordUnderscore())); err == nil {
		t.Error("slice outside the tensor accepted")
	}
	// a tile that reaches past the data is refused, not read
	small := MustTensor(iotaInts(10), 0, MustLayout(Int(10), Int(1)))
	if _, err := small.LocalTile(ShapeTiler(Ints(4)), CoordTuple(CoordInt(2))); err == nil {
		t.Error("tile 2 of 4 in 10 elements accepted")
	}
}

// randomLayout is a layout of the given size with permuted, padded, sometimes negative
// or hierarchical modes, over data of n elements at the returned offset.
func randomTestLayout(r *rand.Rand, shape []int64) (l Layout, off int64, n int) {
	perm := r.Perm(len(shape))
	stride := make([]int64, len(shape))
	cur := int64(1)
	for _, p := range perm {
		stride[p] = cur
		cur *= shape[p] + int64(r.IntN(2))
	}
	for i := range stride {
		if r.IntN(4) == 0 {
			off += (shape[i] - 1) * stride[i]
			stride[i] = -stride[i]
		}
	}
	return MustLayout(Ints(shape...), Ints(stride...)), off, int(cur) + 3
}

func TestCopyFillAxpbyAnyLayouts(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 300; iter++ {
		shape := make([]int64, 1+r.IntN(4))
		for i := range shape {
			shape[i] = 1 + int64(r.IntN(4))
		}
		ls, offs, ns := randomTestLayout(r, shape)
		// dst: a different shape of the same size (shape reversed), another layout
		rev := append([]int64(nil), shape...)
		for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
			rev[i], rev[j] = rev[j], rev[i]
		}
		ld, offd, nd := randomTestLayout(r, rev)
		src := MustTensor(make([]float64, ns), offs, ls)
		dst := MustTensor(make([]float64, nd), offd, ld)
		for i := range src.data {
			src.data[i] = float64(r.IntN(100))
		}
		for i := range dst.data {
			dst.data[i] = -7
		}
		if err := Copy(src, dst); err != nil {
			t.Fatal(err)
		}
		size := src.Size()
		touched := map[int64]bool{}
		for i := int64(0); i < size; i++ {
			is, _ := src.Index(Int(i))
			id, _ := dst.Index(Int(i))
			touched[id] = true
			if dst.data[id] != src.data[is] {
				t.Fatalf("copy %v -> %v: element %d", ls, ld, i)
			}
		}
		for i, v := range dst.data {
			if !touched[int64(i)] && v != -7 {
				t.Fatalf("copy wrote outside the tensor at %d", i)
			}
		}
		before := append([]float64(nil), dst.data...)
		if err := Axpby(2, src, 3, dst); err != nil {
			t.Fatal(err)
		}
		for i := int64(0); i < size; i++ {
			is, _ := src.Index(Int(i))
			id, _ := dst.Index(Int(i))
			if dst.data[id] != 2*src.data[is]+3*before[id] {
				t.Fatalf("axpby element %d", i)
			}
		}
		if err := Fill(dst, 5); err != nil {
			t.Fatal(err)
		}
		for i, v := range dst.data {
			if touched[int64(i)] != (v == 5) {
				t.Fatalf("fill at %d", i)
			}
		}
	}
	a := MustTensor(make([]int, 6), 0, MustLayout(Int(6), Int(1)))
	b := MustTensor(make([]int, 5), 0, MustLayout(Int(5), Int(1)))
	if Copy(a, b) == nil || Axpby(1, a, 1, b) == nil || Copy(a, Tensor[int]{}) == nil {
		t.Error("size mismatch accepted")
	}
}

func TestAxpbyBetaZeroDoesNotReadY(t *testing.T) {
	nan := 0.0
	nan = nan / nan
	x := MustTensor([]float64{1, 2}, 0, MustLayout(Int(2), Int(1)))
	y := MustTensor([]float64{nan, nan}, 0, MustLayout(Int(2), Int(1)))
	if err := Axpby(3, x, 0, y); err != nil || y.data[0] != 3 || y.data[1] != 6 {
		t.Errorf("%v %v", y.data, err)
	}
}

func TestGemmFoldedLayouts(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for iter := 0; iter < 200; iter++ {
		// M, N, K, L each a multi-mode of 0..2 modes
		mm := func() []int64 {
			s := make([]int64, r.IntN(3))
			for i := range s {
				s[i] = 1 + int64(r.IntN(3))
			}
			return s
		}
		ms, ns, ks, ls := mm(), mm(), mm(), mm()
		prod := func(s []int64) int64 {
			p := int64(1)
			for _, v := range s {
				p *= v
			}
			return p
		}
		M, N, K, L := prod(ms), prod(ns), prod(ks), prod(ls)
		// each operand: all its modes flat, randomly laid out, then grouped
		operand := func(groups ...[]int64) (Tensor[int64], func(x, y, z int64) int64) {
			var flat []int64
			for _, g := range groups {
				flat = append(flat, g...)
			}
			if len(flat) == 0 {
				flat = []int64{1}
			}
			fl, off, n := randomTestLayout(r, flat)
			strides := fl.stride.LeafValues(nil)
			var modes []IntTuple
			var mstr []IntTuple
			k := 0
			for _, g := range groups {
				if len(g) == 0 {
					modes, mstr = append(modes, Int(1)), append(mstr, Int(0))
					continue
				}
				modes = append(modes, Ints(g...))
				mstr = append(mstr, Ints(strides[k:k+len(g)]...))
				k += len(g)
			}
			d := make([]int64, n)
			for i := range d {
				d[i] = int64(r.IntN(19) - 9)
			}
			tt := MustTensor(d, off, MustLayout(Tuple(modes...), Tuple(mstr...)))
			// brute force: the 1-D coordinate of a group split colexicographically by hand
			idx := func(c ...int64) int64 {
				pos := off
				k := 0
				for gi, g := range groups {
					x := c[gi]
					for _, s := range g {
						pos += (x % s) * strides[k]
						x /= s
						k++
					}
				}
				return pos
			}
			return tt, func(x, y, z int64) int64 { return d[idx(x, y, z)] }
		}
		A, av := operand(ms, ks, ls)
		B, bv := operand(ns, ks, ls)
		C, _ := operand(ms, ns, ls)
		want := map[[3]int64]int64{}
		for l := int64(0); l < L; l++ {
			for m := int64(0); m < M; m++ {
				for n := int64(0); n < N; n++ {
					c, _ := C.At(m, n, l)
					for k := int64(0); k < K; k++ {
						c += av(m, k, l) * bv(n, k, l)
					}
					want[[3]int64{m, n, l}] = c
				}
			}
		}
		if err := Gemm(A, B, C); err != nil {
			t.Fatal(err)
		}
		for key, w := range want {
			if g, _ := C.At(key[0], key[1], key[2]); g != w {
				t.Fatalf("A %v B %v C %v: C%v = %d want %d", A.layout, B.layout, C.layout, key, g, w)
			}
		}
	}
}

func TestGemmErrors(t *testing.T) {
	a := MustTensor(make([]float32, 6), 0, MustLayout(Ints(2, 3), Ints(1, 2)))
	b := MustTensor(make([]float32, 12), 0, MustLayout(Ints(4, 3), Ints(1, 4)))
	c := MustTensor(make([]float32, 8), 0, MustLayout(Ints(2, 4), Ints(1, 2)))
	if err := Gemm(a, b, c); err != nil {
		t.Fatal(err)
	}
	bad := MustTensor(make([]float32, 9), 0, MustLayout(Ints(3, 3), Ints(1, 3)))
	for _, x := range [][3]Tensor[float32]{{a, bad, c}, {bad, b, c}, {a, b, bad}, {a, b, Tensor[float32]{}},
		{MustTensor(make([]float32, 6), 0, MustLayout(Int(6), Int(1))), b, c}} {
		if err := Gemm(x[0], x[1], x[2]); err == nil || !errors.Is(err, &Error{Op: "gemm"}) {
			t.Errorf("Gemm(%v,%v,%v) = %v", x[0].layout, x[1].layout, x[2].layout, err)
		}
	}
}

// Modes larger than the tables (a broadcast of 2^21 elements over one) are walked: the
// result is the same sum, and memory stays small.
func TestGemmHugeBroadcastModes(t *testing.T) {
	const K = 1<<20 + 3
	a := MustTensor([]int64{3}, 0, MustLayout(Ints(1, K), Ints(0, 0)))
	b := MustTensor([]int64{2, 5}, 0, MustLayout(Ints(2, K), Ints(1, 0)))
	c := MustTensor([]int64{1, 1}, 0, MustLayout(Ints(1, 2), Ints(0, 1)))
	if err := Gemm(a, b, c); err != nil {
		t.Fatal(err)
	}
	if c.data[0] != 1+6*K || c.data[1] != 1+15*K {
		t.Errorf("got %v", c.data)
	}
}

// local_tile with a projection, as a CuTe GEMM takes its A tile: tiler (BM,BN,BK) and
// coordinate (m,n,_) with proj (1,_,1) give A's (BM,BK,k-tiles) block row m.
func TestLocalTileProjAndPartitionProj(t *testing.T) {
	const M, K = 64, 48
	a := MustTensor(iotaInts(M*K), 0, MustLayout(Ints(M, K), Ints(1, M)))
	one, under := CoordInt(1), CoordUnderscore()
	tA, err := a.LocalTileProj(ShapeTiler(Ints(16, 32, 8)), CoordTuple(CoordInt(2), CoordInt(1), under), CoordTuple(one, under, one))
	if err != nil {
		t.Fatal(err)
	}
	if got := tA.Shape().String(); got != "(16,8,6)" {
		t.Fatalf("shape %s", got)
	}
	for i := int64(0); i < 16; i++ {
		for k := int64(0); k < 8; k++ {
			for kt := int64(0); kt < 6; kt++ {
				if v, _ := tA.At(i, k, kt); v != int((2*16+i)+(kt*8+k)*M) {
					t.Fatalf("A tile (%d,%d,%d) = %d", i, k, kt, v)
				}
			}
		}
	}
	// local_partition with proj (1,_): threads (4,2) diced to (4), thread 3 takes rows 3, 7, …
	p, err := a.LocalPartitionProj(MustLayout(Ints(4, 2), Ints(1, 4)), 3, CoordTuple(one, under))
	if err != nil {
		t.Fatal(err)
	}
	if p.Size() != M/4*K {
		t.Fatalf("partition %v", p.Layout())
	}
	for i := int64(0); i < M/4; i++ {
		for j := int64(0); j < K; j++ {
			if v, _ := p.At(i, j); v != int(3+4*i+j*M) {
				t.Fatalf("partition (%d,%d) = %d", i, j, v)
			}
		}
	}
}

func BenchmarkCopyTranspose(b *testing.B) {
	const n = 512
	src := MustTensor(make([]float32, n*n), 0, MustLayout(Ints(n, n), Ints(1, n)))
	dst := MustTensor(make([]float32, n*n), 0, MustLayout(Ints(n, n), Ints(n, 1)))
	b.SetBytes(4 * n * n)
	for b.Loop() {
		_ = Copy(src, dst)
	}
}

func BenchmarkGemmReference(b *testing.B) {
	const n = 64
	a := MustTensor(make([]float32, n*n), 0, MustLayout(Ints(n, n), Ints(1, n)))
	bb := MustTensor(make([]float32, n*n), 0, MustLayout(Ints(n, n), Ints(1, n)))
	c := MustTensor(make([]float32, n*n), 0, MustLayout(Ints(n, n), Ints(1, n)))
	for b.Loop() {
		_ = Gemm(a, bb, c)
	}
}
