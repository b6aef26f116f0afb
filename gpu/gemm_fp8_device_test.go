//go:build cuda

package gpu

import (
	"math"
	"math/rand"
	"strings"
	"testing"
	"unsafe"

	"github.com/cutego/cutego/cute"
	"gorgonia.org/cu"
)

// fp8Case is one FP8 GEMM of the device test: D = alpha·sa·sb·A·B + beta·C.
type fp8Case struct {
	m, n, k, l       int64
	ta, tb, cd       DType
	aMajorM, bMajorN bool // A (M,K) with unit stride along M, B (N,K) along N: transposed into the workspace
	sa, sb           float32
	alpha, beta      float32
	promoted         bool
	// Block-scaled (Copier.GemmBlockScaled): random scales SA (M, ceil(K/128)[, L]), MN-major
	// with padded columns where saMajorM, and SB (ceil(N/128), ceil(K/128)) shared by every
	// batch; sa and sb unused.
	blockScaled, saMajorM bool
	splitK                int // GemmOptions.SplitK (checked: the plan's SplitK where > 1)
	autoSplit             int // nothing asked for: the plan's SplitK must be this (where > 0)
	// Stream-K asked for (GemmOptions.Decomposition GemmStreamK) on tiles config (GemmOptions.Config;
	// checked: the plan's decomposition and its kernel ending _streamk)
	streamK bool
	config  int
	// clusters: the automatic plan must run 2x1 clusters sharing B (cutego_gemm_auto_cluster; checked
	// in the plan's reason)
	clusters bool
	// kernel: the plan's kernel must start so (the 64-row tiles' names, chosen or asked for)
	kernel string
}

func fromF16(h uint16) float64 {
	e, m := int(h>>10)&31, float64(h&1023)
	s := 1.0
	if h&0x8000 != 0 {
		s = -1
	}
	switch e {
	case 0:
		return s * math.Ldexp(m, -24)
	case 31:
		return math.NaN()
	}
	return s * math.Ldexp(m+1024, e-25)
}

// blockScales are the host copies of a block-scaled case's scale tensors and their layouts.
type blockScales struct {
	ha, hb []float32
	sa, sb [3]int64 // strides (SB's batch stride 0: shared)
	la, lb cute.Layout
	kb, nb int64
}

func newBlockScales(tc fp8Case, rng *rand.Rand) *blockScales {
	M, N, K, L := tc.m, tc.n, tc.k, tc.l
	s := &blockScales{kb: (K + 127) / 128, nb: (N + 127) / 128}
	if tc.saMajorM {
		mp := M + 8 // DeepGEMM's MN-major SA: columns of M' >= M
		s.sa = [3]int64{1, mp, mp * s.kb}
	} else {
		s.sa = [3]int64{s.kb, 1, M * s.kb}
	}
	s.sb = [3]int64{s.kb, 1, 0}
	if L > 1 {
		s.la = cute.MustLayout(cute.Ints(M, s.kb, L), cute.Ints(s.sa[0], s.sa[1], s.sa[2]))
	} else {
		s.la = cute.MustLayout(cute.Ints(M, s.kb), cute.Ints(s.sa[0], s.sa[1]))
	}
	s.lb = cute.MustLayout(cute.Ints(s.nb, s.kb), cute.Ints(s.sb[0], s.sb[1]))
	s.ha = make([]float32, s.sa[2]*L)
	s.hb = make([]float32, s.nb*s.kb)
	for _, h := range [][]float32{s.ha, s.hb} {
		for i := range h {
			h[i] = float32(0.5 + 1.5*rng.Float64())
		}
	}
	return s
}

// fp8Tol is the bound of csrc/gemm/test_gemm_fp8.cu: the output's rounding plus the tensor
// cores' FP8 accumulation (about 14 bits per partial sum, growing as the square root of the
// k32 additions; with promotion a partial sum spans 128 of K).
func fp8Tol(cd DType, k int64, promoted bool) float64 {
	out := map[DType]float64{F32: 1e-6, F16: 2e-3, BF16: 8e-3}[cd]
	run := k
	if promoted && k > 128 {
		run = 128
	}
	return out + 4*math.Ldexp(1, -14)*math.Sqrt(float64(run+31)/32)
}

// runFP8 quantizes random data on the host, runs the GEMM through Copier.Gemm and compares it
// with a float64 product of the same quantized values.
func runFP8(t *testing.T, c *Copier, tc fp8Case, rng *rand.Rand) {
	M, N, K, L := tc.m, tc.n, tc.k, tc.l
	strides := func(e0, e1 int64, unit0 bool) [3]int64 {
		if unit0 {
			return [3]int64{1, e0, e0 * e1}
		}
		return [3]int64{e1, 1, e0 * e1}
	}
	sa, sb, sd := strides(M, K, tc.aMajorM), strides(N, K, tc.bMajorN), [3]int64{N, 1, M * N}
	la := cute.MustLayout(cute.Ints(M, K, L), cute.Ints(sa[0], sa[1], sa[2]))
	lb := cute.MustLayout(cute.Ints(N, K, L), cute.Ints(sb[0], sb[1], sb[2]))
	ld := cute.MustLayout(cute.Ints(M, N, L), cute.Ints(sd[0], sd[1], sd[2]))
	quant := func(t DType) (func(float32) uint8, func(uint8) float32) {
		if t == E5M2 {
			return ToE5M2, FromE5M2
		}
		return ToE4M3, FromE4M3
	}
	qa, fa := quant(tc.ta)
	qb, fb := quant(tc.tb)
	ha, hb := make([]uint8, M*K*L), make([]uint8, N*K*L)
	for i := range ha {
		ha[i] = qa(float32(rng.NormFloat64() * 4))
	}
	for i := range hb {
		hb[i] = qb(float32(rng.NormFloat64() * 4))
	}
	es := int64(tc.cd.elemBytes())
	hc := make([]byte, M*N*L*es) // C = D's initial value: small integers, exact in every output type
	cval := make([]float64, M*N*L)
	for i := range cval {
		v := float64(rng.Intn(9) - 4)
		cval[i] = v
		storeF(hc, int64(i), tc.cd, v)
	}
	alloc := func(n int64, src unsafe.Pointer) cu.DevicePtr { return devAlloc(t, n, src) }
	da := alloc(M*K*L, unsafe.Pointer(&ha[0]))
	db := alloc(N*K*L, unsafe.Pointer(&hb[0]))
	dd := alloc(M*N*L*es, unsafe.Pointer(&hc[0]))
	scales := []float32{tc.sa, tc.sb}
	ds := alloc(8, unsafe.Pointer(&scales[0]))
	opt := &GemmOptions{Promoted: tc.promoted, ScaleA: ds, ScaleB: ds + 4, SplitK: tc.splitK, Config: tc.config}
	if tc.streamK {
		opt.Decomposition = GemmStreamK
	}
	if tc.tb != tc.ta {
		opt.BType = tc.tb
	}
	dOp := GemmOperand{Ptr: dd, Layout: ld}
	var p *GemmPlan
	var err error
	var bsc *blockScales
	if tc.blockScaled {
		bsc = newBlockScales(tc, rng)
		opt.ScaleA, opt.ScaleB = 0, 0
		dsa := alloc(int64(4*len(bsc.ha)), unsafe.Pointer(&bsc.ha[0]))
		dsb := alloc(int64(4*len(bsc.hb)), unsafe.Pointer(&bsc.hb[0]))
		p, err = c.GemmBlockScaled(dOp, GemmOperand{Ptr: da, Layout: la}, GemmOperand{Ptr: db, Layout: lb}, &dOp, tc.ta,
			tc.cd, GemmOperand{Ptr: dsa, Layout: bsc.la}, GemmOperand{Ptr: dsb, Layout: bsc.lb}, tc.alpha, tc.beta, opt)
	} else {
		p, err = c.Gemm(dOp, GemmOperand{Ptr: da, Layout: la}, GemmOperand{Ptr: db, Layout: lb}, &dOp, tc.ta, tc.cd,
			tc.alpha, tc.beta, opt)
	}
	if err != nil {
		t.Fatalf("%+v: %v", tc, err)
	}
	if err := cu.Synchronize(); err != nil {
		t.Fatalf("%+v: %s: %v", tc, p.Kernel, err)
	}
	out := make([]byte, M*N*L*es)
	if err := cu.MemcpyDtoH(unsafe.Pointer(&out[0]), dd, M*N*L*es); err != nil {
		t.Fatal(err)
	}
	var va, vb [256]float64 // every code's value
	for i := range va {
		va[i], vb[i] = float64(fa(uint8(i))), float64(fb(uint8(i)))
	}
	var e2, r2 float64
	for z := int64(0); z < L; z++ {
		for m := int64(0); m < M; m++ {
			for n := int64(0); n < N; n++ {
				s := 0.0
				if bsc != nil { // the dequantized blocks: SA(m,kb,z)·SB(n/128,kb)·(the block's products)
					for kb := int64(0); kb < bsc.kb; kb++ {
						part := 0.0
						for k := kb * 128; k < K && k < kb*128+128; k++ {
							part += va[ha[m*sa[0]+k*sa[1]+z*sa[2]]] * vb[hb[n*sb[0]+k*sb[1]+z*sb[2]]]
						}
						s += float64(bsc.ha[m*bsc.sa[0]+kb*bsc.sa[1]+z*bsc.sa[2]]) * float64(bsc.hb[(n/128)*bsc.sb[0]+kb*bsc.sb[1]]) * part
					}
				} else {
					for k := int64(0); k < K; k++ {
						s += va[ha[m*sa[0]+k*sa[1]+z*sa[2]]] * vb[hb[n*sb[0]+k*sb[1]+z*sb[2]]]
					}
					s *= float64(tc.sa) * float64(tc.sb)
				}
				i := m*sd[0] + n*sd[1] + z*sd[2]
				r := float64(tc.alpha)*s + float64(tc.beta)*cval[i]
				var g float64
				switch tc.cd {
				case F32:
					g = float64(*(*float32)(unsafe.Pointer(&out[4*i])))
				case BF16:
					g = float64(math.Float32frombits(uint32(*(*uint16)(unsafe.Pointer(&out[2*i]))) << 16))
				case F16:
					g = fromF16(*(*uint16)(unsafe.Pointer(&out[2*i])))
				}
				if math.IsNaN(g) || math.IsInf(g, 0) {
					t.Fatalf("%+v: non-finite output at (%d,%d,%d)", tc, m, n, z)
				}
				e2 += (g - r) * (g - r)
				r2 += r * r
			}
		}
	}
	rel, tol := math.Sqrt(e2/r2), fp8Tol(tc.cd, K, tc.promoted || tc.blockScaled)
	wantPacked := tc.aMajorM || tc.bMajorN
	t.Logf("%dx%dx%d L=%d %v: %s (%s) rel err %.2e (bound %.2e)", M, N, K, L, tc.cd, p.Kernel, p.Reason, rel, tol)
	if rel > tol || p.Path != GemmWgmma || p.Packed != wantPacked || strings.HasSuffix(p.Kernel, "_promoted") != tc.promoted ||
		strings.HasSuffix(p.Kernel, "_blockscaled") != tc.blockScaled || (tc.splitK > 1 && p.SplitK != tc.splitK) ||
		(tc.autoSplit > 0 && p.SplitK != tc.autoSplit) ||
		strings.HasSuffix(p.Kernel, "_streamk") != tc.streamK || (tc.streamK && p.Decomposition != GemmStreamK) ||
		(tc.clusters && !strings.Contains(p.Reason, "2x1 clusters")) || !strings.HasPrefix(p.Kernel, tc.kernel) {
		t.Errorf("%+v: %s packed %v, rel err %.2e > %.2e", tc, p.Kernel, p.Packed, rel, tol)
	}
}

// Needs a Hopper GPU and the modules (openGemm).
func TestGemmFP8OnDevice(t *testing.T) {
	c := openGemm(t)
	rng := rand.New(rand.NewSource(7))
	for _, tc := range []fp8Case{
		{m: 256, n: 384, k: 512, l: 1, ta: E4M3, tb: E4M3, cd: BF16, sa: 0.5, sb: 0.25, alpha: 1},
		{m: 300, n: 200, k: 160, l: 1, ta: E4M3, tb: E5M2, cd: F32, aMajorM: true, sa: 2, sb: 1, alpha: 0.5, beta: 1, promoted: true},
		{m: 128, n: 520, k: 256, l: 2, ta: E5M2, tb: E4M3, cd: F16, bMajorN: true, sa: 1, sb: 0.125, alpha: 1, beta: 0.5},
		{m: 77, n: 136, k: 1024, l: 1, ta: E5M2, tb: E5M2, cd: F32, aMajorM: true, bMajorN: true, sa: 1, sb: 1, alpha: 1},
		{m: 256, n: 256, k: 4096, l: 1, ta: E4M3, tb: E4M3, cd: F32, sa: 1, sb: 1, alpha: 1, promoted: true},
		// Block-scaled: a partial last K block (592 = 4·128 + 80), partial N block (300), MN-major SA.
		{m: 200, n: 300, k: 592, l: 1, ta: E4M3, tb: E4M3, cd: BF16, alpha: 1, blockScaled: true, saMajorM: true},
		{m: 136, n: 256, k: 1024, l: 2, ta: E4M3, tb: E5M2, cd: F32, alpha: 0.5, beta: 1, blockScaled: true},
		{m: 130, n: 136, k: 384, l: 1, ta: E5M2, tb: E4M3, cd: F16, aMajorM: true, alpha: 1, beta: 0.5, blockScaled: true, saMajorM: true},
		// The planner's 64-row tiles for M <= 128 (cutego_gemm_pick_config_blockscaled_k: 64x64 at
		// M = 64, 64x128 at M = 128 against N = 7168, K = 2048), from the module's kernels.
		{m: 64, n: 7168, k: 2048, l: 1, ta: E4M3, tb: E4M3, cd: BF16, alpha: 1, blockScaled: true, saMajorM: true},
		{m: 128, n: 7168, k: 2048, l: 1, ta: E4M3, tb: E4M3, cd: F32, alpha: 1, blockScaled: true},
		// K split (the slices, then the reduction): per-tensor scales into fp32 with C, and
		// block-scaled in 4 slices of 8 K blocks (the scales' slices too) into bf16.
		{m: 16, n: 4096, k: 4096, l: 1, ta: E4M3, tb: E4M3, cd: F32, sa: 0.5, sb: 2, alpha: 1, beta: -1, splitK: 4},
		{m: 64, n: 1024, k: 4096, l: 1, ta: E4M3, tb: E5M2, cd: BF16, alpha: 0.5, beta: 1, blockScaled: true, splitK: 4},
		// Stream-K asked for (per-tensor scales the kernels' sixth argument), partial tiles: 300 x
		// 1000 x 1024 on 128x256 tiles (12 tiles of 8 k-tiles: 96 CTAs), with C; an M-major A
		// transposed first (the partial sums after the copy in the workspace); e5m2 x e4m3 into
		// fp32 on 128x128 tiles, 1100 x 4000 x 256: 288 tiles, 156 stream-K, 132 whole.
		{m: 300, n: 1000, k: 1024, l: 1, ta: E4M3, tb: E4M3, cd: BF16, sa: 0.5, sb: 2, alpha: 1, beta: 1, streamK: true, config: 1},
		{m: 300, n: 1000, k: 1024, l: 1, ta: E4M3, tb: E4M3, cd: F16, aMajorM: true, sa: 1, sb: 0.25, alpha: 1, streamK: true, config: 1},
		{m: 1100, n: 4000, k: 256, l: 1, ta: E5M2, tb: E4M3, cd: F32, sa: 1, sb: 1, alpha: 0.5, beta: 1, streamK: true, config: 2},
		// B's rows of 208 bytes, read in place off the 128-byte grid: 2x1 clusters sharing B on
		// 128x256 tiles, chosen automatically as in C (cutego_gemm_auto_cluster).
		{m: 256, n: 12288, k: 208, l: 1, ta: E4M3, tb: E4M3, cd: BF16, sa: 0.5, sb: 1, alpha: 1, beta: 0.5, clusters: true},
		// Per tensor on 64-row tiles: chosen (fp8_few_rows: 112 tiles of 64x64 unsplit at 64 x 7168 x
		// 2048; 33 in 4 slices at 1 x 2112 x 7168), and asked for (64x128 at 100 rows, two tile rows,
		// with C; 64x64 in 2 slices).
		{m: 64, n: 7168, k: 2048, l: 1, ta: E4M3, tb: E4M3, cd: BF16, sa: 0.5, sb: 2, alpha: 1, kernel: "cutego_gemm_64x64_kk_e4m3_bf16"},
		{m: 1, n: 2112, k: 7168, l: 1, ta: E5M2, tb: E5M2, cd: F32, sa: 1, sb: 1, alpha: 1, beta: 1, autoSplit: 4,
			kernel: "cutego_gemm_64x64_kk_e5m2_f32"},
		{m: 100, n: 1000, k: 768, l: 1, ta: E5M2, tb: E4M3, cd: F16, sa: 1, sb: 1, alpha: 1, beta: 0.5, config: 8,
			kernel: "cutego_gemm_64x128_kk_e5m2e4m3_f16"},
		{m: 64, n: 1024, k: 4096, l: 1, ta: E4M3, tb: E5M2, cd: F32, sa: 1, sb: 1, alpha: 1, config: 6, splitK: 2,
			kernel: "cutego_gemm_64x64_kk_e4m3e5m2_f32"},
	} {
		runFP8(t, c, tc, rng)
	}
}
