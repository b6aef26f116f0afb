//go:build cuda

package gpu

import (
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
)

// A column-major 16-bit D (M unit stride, columns of whole 16-byte units) goes out through the
// transposed TMA epilogue (GemmPlan.DTransposed), as the C planner decides: not a row-major D, not
// an fp32 one, not columns of 1004 x 2 bytes, not with DirectEpilogue.
func TestPlanGemmDTransposed(t *testing.T) {
	k := int64(4096)
	for _, c := range []struct {
		m, n   int64
		colD   bool
		cd     DType
		direct bool
		want   bool
	}{
		{1024, 512, true, BF16, false, true},
		{1024, 512, true, F16, false, true},
		{1000, 1200, true, BF16, false, true},
		{1024, 512, false, BF16, false, false},
		{1024, 512, true, F32, false, false},
		{1004, 512, true, BF16, false, false},
		{1024, 512, true, BF16, true, false},
	} {
		ds := cute.Ints(c.n, 1)
		if c.colD {
			ds = cute.Ints(1, c.m)
		}
		d := GemmOperand{Ptr: 0x10000, Layout: cute.MustLayout(cute.Ints(c.m, c.n), ds)}
		a := GemmOperand{Ptr: 0x20000, Layout: cute.MustLayout(cute.Ints(c.m, k), cute.Ints(k, 1))}
		b := GemmOperand{Ptr: 0x30000, Layout: cute.MustLayout(cute.Ints(c.n, k), cute.Ints(k, 1))}
		p, err := PlanGemm(d, a, b, nil, BF16, c.cd, 0, &GemmOptions{SMs: 132, DirectEpilogue: c.direct})
		if err != nil || p.DTransposed != c.want {
			t.Errorf("%dx%d column-major %v %v direct %v: %v, %v; want DTransposed %v", c.m, c.n, c.colD, c.cd,
				c.direct, p, err, c.want)
		}
	}
}

// swapAB takes the C rule's answer (cutego_gemm_swap_ab) and relabels the GEMM as D^T = B A^T:
// D and C transposed (CuTe's select<1,0>), A and B exchanged with their FP8 types and scales.
func TestSwapAB(t *testing.T) {
	const m, n, k = 1024, 1024, 1024
	colD := cute.MustLayout(cute.Ints(m, n), cute.Ints(1, m))
	d := GemmOperand{Ptr: 0x10000, Layout: colD}
	c := GemmOperand{Ptr: 0x40000, Layout: colD}
	a := GemmOperand{Ptr: 0x20000, Layout: cute.MustLayout(cute.Ints(m, k), cute.Ints(k, 1))}
	b := GemmOperand{Ptr: 0x30000, Layout: cute.MustLayout(cute.Ints(n, k), cute.Ints(k, 1))}
	opt := &GemmOptions{SMs: 132, BType: E5M2, ScaleA: 0x50000, ScaleB: 0x50010}
	sw, ok := swapAB(d, a, b, &c, E4M3, BF16, 0.5, opt)
	wantD := cute.MustLayout(cute.Ints(n, m), cute.Ints(m, 1))
	if !ok || sw.a.Ptr != b.Ptr || !sw.a.Layout.Equal(b.Layout) || sw.b.Ptr != a.Ptr || !sw.b.Layout.Equal(a.Layout) ||
		sw.d.Ptr != d.Ptr || !sw.d.Layout.Equal(wantD) || sw.c == nil ||
		sw.c.Ptr != c.Ptr || !sw.c.Layout.Equal(wantD) || sw.ab != E5M2 || sw.opt.BType != E4M3 ||
		sw.opt.ScaleA != 0x50010 || sw.opt.ScaleB != 0x50000 || sw.opt.SMs != 132 {
		t.Fatalf("1024^3 e4m3 x e5m2, C and D column-major: %v %+v", ok, sw)
	}
	q, err := launchPlan(sw.d, sw.a, sw.b, sw.c, sw.ab, BF16, 0.5, &sw.opt, nil)
	if err != nil || q.c.m != n || q.c.n != m || q.c.d.major != 0 || !strings.Contains(q.Kernel, "e5m2e4m3") {
		t.Fatalf("the swapped plan: %v, %+v", err, q)
	}
	q.markSwapped()
	if !q.SwappedAB || !strings.HasPrefix(q.Reason, "D^T = B A^T") {
		t.Errorf("marked: %v %q", q.SwappedAB, q.Reason)
	}
	// as asked: D row-major (1024^3: as many tiles); a configuration asked for; C row-major beside
	// a column-major D; 333 x 14336 (D^T's rows off the 16-byte grid)
	rowD := GemmOperand{Ptr: 0x10000, Layout: cute.MustLayout(cute.Ints(m, n), cute.Ints(n, 1))}
	if _, ok := swapAB(rowD, a, b, nil, BF16, BF16, 0, &GemmOptions{SMs: 132}); ok {
		t.Error("row-major D swapped")
	}
	if _, ok := swapAB(d, a, b, nil, BF16, BF16, 0, &GemmOptions{SMs: 132, Config: 2}); ok {
		t.Error("a configuration asked for, swapped")
	}
	if _, ok := swapAB(d, a, b, &rowD, BF16, BF16, 1, &GemmOptions{SMs: 132}); ok {
		t.Error("C row-major, swapped")
	}
	d3 := GemmOperand{Ptr: 0x10000, Layout: cute.MustLayout(cute.Ints(333, 14336), cute.Ints(1, 333))}
	a3 := GemmOperand{Ptr: 0x20000, Layout: cute.MustLayout(cute.Ints(333, 4096), cute.Ints(4096, 1))}
	b3 := GemmOperand{Ptr: 0x30000, Layout: cute.MustLayout(cute.Ints(14336, 4096), cute.Ints(4096, 1))}
	if _, ok := swapAB(d3, a3, b3, nil, BF16, BF16, 0, &GemmOptions{SMs: 132}); ok {
		t.Error("333 x 14336 swapped")
	}
	if _, ok := swapAB(d, a, b, nil, BF16, BF16, 0, &GemmOptions{SMs: 132}); !ok {
		t.Error("1024^3 bf16, D column-major: not swapped")
	}
	// a row-major D where the swap makes at most 7/8 of the tiles (333 x 14336: 224 of 128x168
	// against 258): D^T column-major, stored transposed; not for FP8 A and B
	r3 := GemmOperand{Ptr: 0x10000, Layout: cute.MustLayout(cute.Ints(333, 14336), cute.Ints(14336, 1))}
	sw3, ok := swapAB(r3, a3, b3, nil, BF16, BF16, 0, &GemmOptions{SMs: 132})
	if !ok || !sw3.d.Layout.Equal(cute.MustLayout(cute.Ints(14336, 333), cute.Ints(1, 14336))) {
		t.Errorf("333 x 14336, D row-major: %v %+v", ok, sw3)
	}
	if _, ok := swapAB(r3, a3, b3, nil, E4M3, BF16, 0, &GemmOptions{SMs: 132}); ok {
		t.Error("333 x 14336 e4m3, D row-major: swapped")
	}
}
