//go:build cuda

package gpu

import (
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
)

// TestDeviceCasesPlanned checks, without a GPU, the plans that the device tests expect on an
// H200's 132 SMs: each TestGemmOnDevice case's kernel and decomposition and each
// TestGemmSplitKOnDevice case's split, as Copier.Gemm would plan them (launchPlan with the same
// operands and options). The device tests run only where a GPU is; this runs in `make test`, so
// a change of the planner fails here instead of leaving the device tests' expectations stale.
func TestDeviceCasesPlanned(t *testing.T) {
	const sms = 132
	for _, tc := range gemmDeviceCases {
		la, lb, ld := tc.layouts()
		d, a, b := GemmOperand{Ptr: 0x10000, Layout: ld}, GemmOperand{Ptr: 0x20000, Layout: la}, GemmOperand{Ptr: 0x30000, Layout: lb}
		opt := &GemmOptions{SMs: sms, Config: tc.config, Decomposition: tc.dec}
		// as Copier.Gemm: the swapped GEMM where swapAB takes it
		sw, swap := swapAB(d, a, b, nil, BF16, F32, 0, opt)
		if swap {
			d, a, b, opt = sw.d, sw.a, sw.b, &sw.opt
		}
		p, err := launchPlan(d, a, b, nil, BF16, F32, 0, opt, nil)
		if err != nil {
			t.Errorf("%+v: %v", tc, err)
			continue
		}
		if tc.colD && (tc.wantSMs == 0 || tc.wantSMs == sms) && swap != tc.swapped {
			t.Errorf("%dx%dx%d column-major D: swapped %v, the device test wants %v", tc.m, tc.n, tc.k, swap, tc.swapped)
		}
		if tc.kernel != "" && (tc.wantSMs == 0 || tc.wantSMs == sms) && !strings.HasPrefix(p.Kernel, tc.kernel) {
			t.Errorf("%dx%dx%d config %d: kernel %s, the device test wants %s", tc.m, tc.n, tc.k, tc.config, p.Kernel, tc.kernel)
		}
		if tc.dec != 0 && p.Decomposition != tc.dec {
			t.Errorf("%dx%dx%d: decomposition %v, the device test wants %v", tc.m, tc.n, tc.k, p.Decomposition, tc.dec)
		}
	}
	for _, tc := range splitDeviceCases {
		la, lb := tc.layouts()
		d := GemmOperand{Ptr: 0x10000, Layout: cute.MustLayout(cute.Ints(tc.m, tc.n), cute.Ints(tc.n, 1))}
		p, err := launchPlan(d, GemmOperand{Ptr: 0x20000, Layout: la}, GemmOperand{Ptr: 0x30000, Layout: lb}, &d,
			tc.ab, tc.cd, tc.beta, &GemmOptions{SMs: sms, SplitK: tc.splitK}, nil)
		if err != nil {
			t.Errorf("%dx%dx%d split_k %d: %v", tc.m, tc.n, tc.k, tc.splitK, err)
			continue
		}
		if p.SplitK != tc.want {
			t.Errorf("%dx%dx%d split_k %d: split %d, the device test wants %d", tc.m, tc.n, tc.k, tc.splitK, p.SplitK, tc.want)
		}
	}
}
