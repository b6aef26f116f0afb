package cpu

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/einsum/internal/naive"
	"gonum.org/v1/gonum/blas"
)

func TestCBLASArgs(t *testing.T) {
	N, T := blas.NoTrans, blas.Trans
	for _, c := range []struct {
		tA, tB                                   blas.Transpose
		m, n, k, lenA, lda, lenB, ldb, lenC, ldc int
		ok                                       bool
	}{
		{N, N, 4, 5, 3, 12, 3, 15, 5, 20, 5, true},
		{N, N, 4, 5, 3, 11, 3, 15, 5, 20, 5, false}, // A one element short
		{N, N, 4, 5, 3, 12, 3, 15, 5, 19, 5, false}, // C one element short
		{N, N, 4, 5, 3, 12, 2, 15, 5, 20, 5, false}, // lda below A's row
		{T, N, 4, 5, 3, 12, 4, 15, 5, 20, 5, true},  // Aᵀ: A is 3×4
		{T, N, 4, 5, 3, 12, 3, 15, 5, 20, 5, false}, // Aᵀ with lda 3 < 4
		{N, T, 4, 5, 3, 12, 3, 15, 3, 20, 5, true},  // Bᵀ: B is 5×3
		{N, N, 4, 5, 3, 12, 3, 15, 5, 23, 6, true},  // C with a padded row
		{N, N, 4, 5, 3, 12, 3, 15, 5, 22, 6, false}, // and one element short
		{N, N, 0, 5, 3, 12, 3, 15, 5, 20, 5, false}, // empty: gonum's
		{N, N, 4, 5, 0, 12, 3, 15, 5, 20, 5, false},
		{N, N, 1 << 31, 1, 1, 1 << 31, 1, 1, 1, 1 << 31, 1, false}, // over CBLAS's int
		{N, N, 2, 1, 1, 1 << 62, 1 << 62, 1, 1, 2, 1, false},       // (rows-1)*lda overflows nothing but is > MaxInt32
	} {
		if got := cblasArgs(c.tA, c.tB, c.m, c.n, c.k, c.lenA, c.lda, c.lenB, c.ldb, c.lenC, c.ldc); got != c.ok {
			t.Errorf("%+v: %v", c, got)
		}
	}
	if _, ok := mulAdd(1<<62, 4, 0); ok {
		t.Error("mulAdd: overflow not seen")
	}
}

// TestCBLAS runs a family of contractions on the BLAS paths with the CBLAS and with gonum
// (both exact on small integers), and checks that the cost model takes Aᵀ·Bᵀ in place with
// the CBLAS (gonum packs it: TestContractBLASShapes). Where no CBLAS is installed it says
// so and skips.
func TestCBLAS(t *testing.T) {
	if !haveCBLAS() {
		t.Skip(BLAS())
	}
	t.Log(BLAS())
	if !strings.HasPrefix(BLAS(), "cblas: ") {
		t.Fatalf("BLAS() = %q", BLAS())
	}
	defer func(w int64) { minBLASWork, force, noCBLAS = w, forceNone, false }(minBLASWork)
	minBLASWork = 1
	for _, off := range []bool{false, true} {
		noCBLAS = off
		for _, f := range []int{forceZero, forcePacked} {
			force = f
			r := rand.New(rand.NewPCG(11, uint64(f)))
			n := 0
			for iter := 0; iter < 120; iter++ {
				sa, sb, sc, ext := naive.RandomSpec(r, []int64{1, 2, 3, 5, 8, 16})
				if work(ext) > 1<<14 {
					continue
				}
				wild := iter%2 == 0
				a, b, c := naive.RandomOperand(r, sa, ext, wild), naive.RandomOperand(r, sb, ext, wild), naive.RandomOperand(r, sc, ext, wild)
				p := check(t, sa, sb, sc, a, b, c, ext)
				if p.BLAS {
					n++
					if lib := strings.HasPrefix(p.Library, "cblas: "); lib == off {
						t.Fatalf("noCBLAS %v: path %v", off, p)
					}
				}
			}
			if n < 40 {
				t.Errorf("noCBLAS %v force %d: %d contractions on a BLAS path", off, f, n)
			}
		}
	}
	force = forceNone
	l := func(s string) cute.Layout { x, _ := cute.ParseLayout(s); return x }
	for _, off := range []bool{false, true} {
		noCBLAS = off
		p, err := Explain("ik,kj->ij", l("(240,160):(1,240)"), l("(160,200):(1,160)"), l("(240,200):(200,1)"))
		if err != nil || !p.BLAS || p.Packed != off {
			t.Errorf("Aᵀ·Bᵀ, noCBLAS %v: %+v %v", off, p, err)
		}
	}
}
