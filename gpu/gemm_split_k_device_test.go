//go:build cuda

package gpu

import (
	"math"
	"math/rand"
	"testing"
	"unsafe"

	"github.com/cutego/cutego/cute"
	"gorgonia.org/cu"
)

// splitCase is one 16-bit GEMM of TestGemmSplitKOnDevice: D = alpha·A·B + beta·C, C = D's
// initial value.
type splitCase struct {
	m, n, k     int64
	ab, cd      DType
	alpha, beta float32
	splitK      int  // GemmOptions.SplitK
	want        int  // the plan's SplitK (on 132 SMs where splitK is 0)
	mnMajor     bool // A M-major and B N-major (BLAS's NT for a row-major D); else both K-major
	poison      bool // the Copier's workspace filled with 0xFF bytes (a NaN in every 16-bit element) first
}

// layouts are tc's A (M, K) and B (N, K), compact.
func (tc splitCase) layouts() (cute.Layout, cute.Layout) {
	if tc.mnMajor {
		return cute.MustLayout(cute.Ints(tc.m, tc.k), cute.Ints(1, tc.m)), cute.MustLayout(cute.Ints(tc.n, tc.k), cute.Ints(1, tc.n))
	}
	return cute.MustLayout(cute.Ints(tc.m, tc.k), cute.Ints(tc.k, 1)), cute.MustLayout(cute.Ints(tc.n, tc.k), cute.Ints(tc.k, 1))
}

// storeF stores x, exact in t (small integers and halves), as element i of buf in t's encoding.
func storeF(buf []byte, i int64, t DType, x float64) {
	switch t {
	case F32:
		*(*float32)(unsafe.Pointer(&buf[4*i])) = float32(x)
	case BF16:
		*(*uint16)(unsafe.Pointer(&buf[2*i])) = uint16(math.Float32bits(float32(x)) >> 16)
	case F16:
		var h uint16
		if x != 0 {
			a := math.Abs(x)
			e := int(math.Floor(math.Log2(a)))
			h = uint16(e+15)<<10 | uint16(math.Round((a/math.Ldexp(1, e)-1)*1024))
			if x < 0 {
				h |= 0x8000
			}
		}
		*(*uint16)(unsafe.Pointer(&buf[2*i])) = h
	}
}

// loadF is element i of buf in t's encoding.
func loadF(buf []byte, i int64, t DType) float64 {
	switch t {
	case F32:
		return float64(*(*float32)(unsafe.Pointer(&buf[4*i])))
	case BF16:
		return float64(math.Float32frombits(uint32(*(*uint16)(unsafe.Pointer(&buf[2*i]))) << 16))
	}
	return fromF16(*(*uint16)(unsafe.Pointer(&buf[2*i])))
}

// runSplit runs tc through Copier.Gemm with small integers in A, B and C (fp32 sums exact) and
// compares every output with the float64 product, within half a unit in the last place of D's
// type.
func runSplit(t *testing.T, c *Copier, tc splitCase, rng *rand.Rand) {
	M, N, K := tc.m, tc.n, tc.k
	la, lb := tc.layouts()
	// va[m*K+k] is A(m, k) (vb likewise), stored at la(m, k) in ha
	at := func(i, rows int64) int64 { return i }
	if tc.mnMajor {
		at = func(i, rows int64) int64 { return i%K*rows + i/K }
	}
	ld := cute.MustLayout(cute.Ints(M, N), cute.Ints(N, 1))
	va, vb, vc := make([]float64, M*K), make([]float64, N*K), make([]float64, M*N)
	ha, hb := make([]byte, 2*M*K), make([]byte, 2*N*K)
	es := int64(tc.cd.elemBytes())
	hc := make([]byte, es*M*N)
	for i := range va {
		va[i] = float64(rng.Intn(7) - 3)
		storeF(ha, at(int64(i), M), tc.ab, va[i])
	}
	for i := range vb {
		vb[i] = float64(rng.Intn(7) - 3)
		storeF(hb, at(int64(i), N), tc.ab, vb[i])
	}
	if tc.poison {
		const n = 64 << 20
		ws, err := c.workspace(n)
		if err == nil {
			err = cu.MemsetD8(ws, 0xFF, n)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	for i := range vc {
		vc[i] = float64(rng.Intn(9) - 4)
		storeF(hc, int64(i), tc.cd, vc[i])
	}
	da, db := devAlloc(t, 2*M*K, unsafe.Pointer(&ha[0])), devAlloc(t, 2*N*K, unsafe.Pointer(&hb[0]))
	dd := devAlloc(t, es*M*N, unsafe.Pointer(&hc[0]))
	dOp := GemmOperand{Ptr: dd, Layout: ld}
	p, err := c.Gemm(dOp, GemmOperand{Ptr: da, Layout: la}, GemmOperand{Ptr: db, Layout: lb}, &dOp, tc.ab, tc.cd,
		tc.alpha, tc.beta, &GemmOptions{SplitK: tc.splitK})
	if err != nil {
		t.Fatalf("%+v: %v", tc, err)
	}
	if err := cu.Synchronize(); err != nil {
		t.Fatalf("%+v: %s: %v", tc, p.Reason, err)
	}
	out := make([]byte, es*M*N)
	if err := cu.MemcpyDtoH(unsafe.Pointer(&out[0]), dd, es*M*N); err != nil {
		t.Fatal(err)
	}
	t.Logf("%dx%dx%d %v->%v split_k %d on %d SMs: %s (%s)", M, N, K, tc.ab, tc.cd, tc.splitK, c.SMs(), p.Kernel, p.Reason)
	if (tc.splitK > 0 || c.SMs() == 132) && p.SplitK != tc.want {
		t.Errorf("%+v: split %d, want %d", tc, p.SplitK, tc.want)
	}
	ulp := map[DType]float64{F32: 0, BF16: math.Ldexp(1, -8), F16: math.Ldexp(1, -11)}[tc.cd]
	bad := 0
	for m := int64(0); m < M; m++ {
		for n := int64(0); n < N; n++ {
			s := 0.0
			for k := int64(0); k < K; k++ {
				s += va[m*K+k] * vb[n*K+k]
			}
			i := m*N + n
			r := float64(tc.alpha)*s + float64(tc.beta)*vc[i]
			if g := loadF(out, i, tc.cd); math.Abs(g-r) > ulp*math.Abs(r) {
				if bad++; bad <= 5 {
					t.Errorf("%+v: D(%d,%d) = %v, want %v", tc, m, n, g, r)
				}
			}
		}
	}
}

// Needs a Hopper GPU and the modules (openGemm). Copier.Gemm splits K as cutego_gemm does: the
// slices' fp32 partial sums, then the reduction into D (alpha, beta·C, D's type).
func TestGemmSplitKOnDevice(t *testing.T) {
	c := openGemm(t)
	rng := rand.New(rand.NewSource(5))
	for _, tc := range splitDeviceCases {
		runSplit(t, c, tc, rng)
	}
}

// splitDeviceCases are TestGemmSplitKOnDevice's GEMMs; their splits on 132 SMs are checked without
// a GPU too (TestDeviceCasesPlanned).
var splitDeviceCases = []splitCase{
	// Automatic on 132 SMs (cutego_gemm_narrow_config, as gemm_test.go checks without a GPU):
	// 16 x 4096 on 64x32 tiles, 128 of them, one wave unsplit; 16 x 2048 x 8192 on 64x64
	// tiles, 32 of them in 4 slices (128 CTAs).
	{m: 16, n: 4096, k: 4096, ab: BF16, cd: BF16, alpha: 1, want: 1},
	{m: 16, n: 2048, k: 8192, ab: BF16, cd: F32, alpha: 2, beta: -1, want: 4},
	// Asked for: 8 slices of 512 into f16 with C; 3 slices of 1032 (no whole k-tile of 64).
	{m: 16, n: 4096, k: 4096, ab: F16, cd: F16, alpha: 1, beta: 0.5, splitK: 8, want: 8},
	{m: 64, n: 4096, k: 3096, ab: BF16, cd: F32, alpha: 1, beta: 1, splitK: 3, want: 3},
	// A partial tile row and column (M = 72, N = 1000: W's rows of 1000 fp32).
	{m: 72, n: 1000, k: 2048, ab: BF16, cd: F32, alpha: 1, beta: 2, splitK: 2, want: 2},
	// Never split.
	{m: 16, n: 4096, k: 4096, ab: BF16, cd: F32, alpha: 1, splitK: 1, want: 1},
	// Rows of 8194 bytes (odd K): A and B packed (K padded to 4160 with zeros) before the split,
	// 64 tiles of 64x32 (at most 128 rows, half a wave) in 2 slices of 2080 of the copies, the
	// partial sums after them. The last slice reads the copies' padding, zeroed first in a
	// workspace full of NaNs.
	{m: 16, n: 2048, k: 4097, ab: BF16, cd: F32, alpha: 1, beta: 1, want: 2, poison: true},
	// NT 210 x 583 x 4094: rows of 420 (A) and 1166 bytes (B) that no tensor map reads, both
	// transposed K-major by cutego_copy with K padded to 4096; 10 tiles of 128x128 in 4 slices of
	// 1024, the last reading K 4094..4095 of the copies (zeroed first, in a poisoned workspace).
	{m: 210, n: 583, k: 4094, ab: BF16, cd: BF16, alpha: 1, want: 4, mnMajor: true, poison: true},
}
