package sm90

import (
	"errors"
	"fmt"
	"testing"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/atom"
)

// ptxAccumulator is the PTX ISA's register fragment of wgmma's F32 D matrix (m64nNk16):
// thread t of the warpgroup (warp t/32, lane t%32, groupID lane/4, threadID_in_group lane%4)
// holds d[i], i < N/2, at row 16·warp + groupID + 8·((i/2)%2) and column
// 2·threadID_in_group + i%2 + 8·(i/4).
func ptxAccumulator(t, i int64) (row, col int64) {
	warp, lane := t/32, t%32
	return 16*warp + lane/4 + 8*((i/2)%2), 2*(lane%4) + i%2 + 8*(i/4)
}

// TestCLayout64xNIsThePTXFragment: for every N, the TV layout maps (t, i) — value index i
// in CuTe's colexicographic order over (2,2,N/8), which is the PTX register order — to
// row + 64·col of the PTX fragment, and covers the 64xN tile exactly once.
func TestCLayout64xNIsThePTXFragment(t *testing.T) {
	for n := int64(8); n <= 256; n += 8 {
		tv, err := CLayout64xN(n)
		if err != nil {
			t.Fatal(err)
		}
		if tv.Size() != 64*n {
			t.Fatalf("N=%d: size %d", n, tv.Size())
		}
		seen := make([]bool, 64*n)
		for th := int64(0); th < 128; th++ {
			for i := int64(0); i < n/2; i++ {
				got, err := tv.Call(cute.Ints(th, i))
				if err != nil {
					t.Fatal(err)
				}
				r, c := ptxAccumulator(th, i)
				if want := r + 64*c; got.Value() != want {
					t.Fatalf("N=%d: (t=%d, v=%d) -> %d, PTX says row %d col %d (%d)", n, th, i, got.Value(), r, c, want)
				}
				if seen[got.Value()] {
					t.Fatalf("N=%d: index %d reached twice", n, got.Value())
				}
				seen[got.Value()] = true
			}
		}
	}
}

// TestCLayout64xNCuTeForm: CuTe's own definition of CLayout_64xN (mma_traits_sm90_gmma.hpp:
// Shape<Shape<_4,_8,_4>,Shape<_2,_2,Int<N/8>>>, Stride<Stride<_128,_1,_16>,Stride<_64,_8,_512>>).
func TestCLayout64xNCuTeForm(t *testing.T) {
	for _, n := range []int64{8, 64, 128, 256} {
		tv, err := CLayout64xN(n)
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("((4,8,4),(2,2,%d)):((128,1,16),(64,8,512))", n/8); tv.String() != want {
			t.Errorf("N=%d: %v, want %s", n, tv, want)
		}
	}
	for _, n := range []int64{0, 4, 12, 264, -8} {
		_, err := CLayout64xN(n)
		if !errors.Is(err, &cute.Error{Kind: cute.ErrInvalid}) {
			t.Errorf("N=%d: %v, want ErrInvalid", n, err)
		}
	}
}

func ExampleCLayout64xN() {
	tv, _ := CLayout64xN(256)
	fmt.Println(tv)
	// Output: ((4,8,4),(2,2,32)):((128,1,16),(64,8,512))
}

// TestAccumulatorTVFromAtom: the CLayout of every SM90 GMMA atom with a 32-bit accumulator
// that the GEMM issues, in cute/atom's table (bf16, fp16 and e4m3 inputs, every N), is the
// one the PTX ISA's fragment gives (CLayout64xN), so the GEMM reads its accumulator layout
// from the atom (GemmTiledMMA).
func TestAccumulatorTVFromAtom(t *testing.T) {
	for n := int64(8); n <= 256; n += 8 {
		want, err := CLayout64xN(n)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{
			fmt.Sprintf("SM90_64x%dx16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>", n),
			fmt.Sprintf("SM90_64x%dx16_F32BF16BF16_SS<GMMA::Major::MN,GMMA::Major::K>", n),
			fmt.Sprintf("SM90_64x%dx32_F32E4M3E4M3_SS_TN", n),
			fmt.Sprintf("SM90_64x%dx32_F32E5M2E4M3_SS_TN", n),
		} {
			a, err := atom.MakeMMAAtom(name)
			if err != nil || !a.LayoutC_TV.Equal(want) {
				t.Errorf("%s: the atom's CLayout is %v, %v; the fragment gives %v", name, a.LayoutC_TV, err, want)
			}
		}
	}
	if _, err := CLayout64xN(12); err == nil {
		t.Error("CLayout64xN(12) accepted an N wgmma does not have")
	}
}
