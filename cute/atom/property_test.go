package atom

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"github.com/cutego/cutego/cute"
)

// randomTiledMMA draws an atom of the table (a non-GMMA one, or a GMMA of small N), an
// atom layout of up to 4 atoms per mode and, per mode, `_` or a multiple of the atoms.
func randomTiledMMA(t *testing.T, r *rand.Rand) TiledMMA {
	names := MMAAtomNames()
	for {
		name := names[r.Intn(len(names))]
		if slices.Contains(atomsMissingB, name) {
			continue // CUTLASS's B layout does not cover the atom's tile (TestAtomLayoutsCover)
		}
		a, err := MakeMMAAtom(name)
		if err != nil {
			t.Fatal(err)
		}
		if a.ShapeMNK.At(1).Value() > 16 {
			continue
		}
		shp := []int64{int64(1 << r.Intn(3)), int64(1 << r.Intn(3)), int64(1 << r.Intn(2))}
		str := make([]int64, 3)
		acc := int64(1)
		for i := range shp {
			if shp[i] > 1 {
				str[i] = acc
			}
			acc *= shp[i]
		}
		perm := "("
		for i := 0; i < 3; i++ {
			if i > 0 {
				perm += ","
			}
			if r.Intn(2) == 0 {
				perm += "_"
			} else {
				perm += fmt.Sprint(a.ShapeMNK.At(i).Value() * shp[i] * int64(1+r.Intn(2)))
			}
		}
		tm, err := MakeTiledMMA(a, cute.MustLayout(cute.Ints(shp...), cute.Ints(str...)), mustTiler(t, perm+")"))
		if err != nil {
			t.Fatal(err)
		}
		return tm
	}
}

// TestTiledMMAProperties: for random TiledMMAs, get_layoutC_TV is a bijection from
// (thread, value) onto the (tile_M, tile_N) tile; A and B TV layouts cover their tiles;
// and partition_C over every thread covers a tensor of twice the tile, each element
// once, each thread's view at the offset the tensor form reports.
func TestTiledMMAProperties(t *testing.T) {
	r := rand.New(rand.NewSource(16))
	for it := 0; it < 20; it++ {
		tm := randomTiledMMA(t, r)
		name := fmt.Sprintf("%s %v %v", tm.Atom.Name, tm.AtomLayoutMNK, tm.Permutation)
		M, N, K := tm.TileSizeMNK(0), tm.TileSizeMNK(1), tm.TileSizeMNK(2)
		c, err := tm.LayoutC_TV()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		// With atoms along K, CuTe's C TV layout maps the threads of k > 0 past the
		// tile (they hold partial sums of the same C): the bijection is for ThrK = 1.
		splitK := mode(tm.ThrLayoutVMNK, 3).Size() > 1
		if splitK {
			c, _ = cute.Take(c, 0, 2)
			c, err = cute.CompositionTiler(c, cute.TupleTiler(cute.ShapeTiler(cute.Int(c.Size()/mode(c, 1).Size()/2)), cute.Underscore()))
			if err != nil {
				t.Fatal(err)
			}
		}
		if c.Size() != M*N {
			t.Errorf("%s: C TV layout %v has %d elements, the tile %d", name, c, c.Size(), M*N)
		}
		seen := make([]bool, M*N)
		for i := int64(0); i < c.Size(); i++ {
			x, _ := c.Eval(i)
			if x < 0 || x >= M*N || seen[x] {
				t.Fatalf("%s: C TV layout %v is not a bijection onto the tile (index %d)", name, c, x)
			}
			seen[x] = true
		}
		for _, x := range []struct {
			f    func() (cute.Layout, error)
			r, k int64
		}{{tm.LayoutA_TV, M, K}, {tm.LayoutB_TV, N, K}} {
			l, err := x.f()
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			cov := make([]bool, x.r*x.k)
			for i := int64(0); i < l.Size(); i++ {
				v, _ := l.Eval(i)
				if v < 0 || v >= x.r*x.k {
					t.Fatalf("%s: TV layout %v leaves the tile", name, l)
				}
				cov[v] = true
			}
			for i, ok := range cov {
				if !ok {
					t.Fatalf("%s: TV layout %v misses element %d", name, l, i)
				}
			}
		}
		if splitK || tm.Size() > 128 {
			continue // the sweep over every thread below is for the smaller TiledMMAs
		}
		g, _ := cute.MakeLayoutRight(cute.Ints(2*M, 2*N))
		data := make([]int64, 4*M*N)
		for i := range data {
			data[i] = int64(i)
		}
		gt, _ := cute.MakeTensor(data, g)
		hit := make([]int, 4*M*N)
		for thr := int64(0); thr < tm.Size(); thr++ {
			s, err := tm.Slice(thr)
			if err != nil {
				t.Fatal(err)
			}
			l, off, err := s.PartitionC(g)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			pt, err := PartitionTensorC(s, gt)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if !pt.Layout().Equal(l) || pt.Offset() != off.Value() {
				t.Fatalf("%s: tensor partition %v at %d, layout partition %v at %v", name, pt.Layout(), pt.Offset(), l, off)
			}
			for i := int64(0); i < l.Size(); i++ {
				v, _ := l.Eval(i)
				hit[off.Value()+v]++
			}
		}
		for i, h := range hit {
			if h != 1 {
				t.Fatalf("%s: element %d of C is in %d partitions", name, i, h)
			}
		}
	}
}

// TestTiledCopyProperties: a copy's source TV layout and its partitions cover each
// element of a tile exactly once, for copies made by make_tiled_copy and from TiledMMAs.
func TestTiledCopyProperties(t *testing.T) {
	a, err := MakeCopyAtom("UniversalCopy<uint64_t>", "half_t")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range [][2]string{{"(32,8):(8,1)", "(1,4):(0,1)"}, {"(8,16):(1,8)", "(4,1):(1,0)"}, {"(4,8):(1,4)", "(2,2):(1,2)"}, {"(16,2):(2,1)", "(2,4):(4,1)"}} {
		tc, err := MakeTiledCopy(a, mustL(t, c[0]), mustL(t, c[1]))
		if err != nil {
			t.Fatal(err)
		}
		tile, _ := tc.TileShape()
		M, N := tile.At(0).Value(), tile.At(1).Value()
		s, err := tc.LayoutS_TV()
		if err != nil {
			t.Fatal(err)
		}
		seen := make([]bool, M*N)
		for i := int64(0); i < s.Size(); i++ {
			v, _ := s.Eval(i)
			if v < 0 || v >= M*N || seen[v] {
				t.Fatalf("%v: S TV %v is not a bijection onto %v", c, s, tile)
			}
			seen[v] = true
		}
		g, _ := cute.MakeLayoutRight(cute.Ints(2*M, 3*N))
		hit := make([]int, 6*M*N)
		for thr := int64(0); thr < tc.Size(); thr++ {
			ts, _ := tc.Slice(thr)
			l, off, err := ts.PartitionD(g)
			if err != nil {
				t.Fatal(err)
			}
			for i := int64(0); i < l.Size(); i++ {
				v, _ := l.Eval(i)
				hit[off.Value()+v]++
			}
		}
		for i, h := range hit {
			if h != 1 {
				t.Fatalf("%v: element %d in %d partitions", c, i, h)
			}
		}
	}
}
