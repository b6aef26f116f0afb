//go:build cuda

package gpu

import (
	"fmt"
	"math"
	"math/rand"
	"os"
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"github.com/cutego/cutego/cute"
	"gorgonia.org/cu"
)

// bf16Case is one bf16 GEMM of the device test: D = A·B (fp32 D).
type bf16Case struct {
	m, n, k int64
	aMajorM bool              // A (M,K) with unit stride along M
	config  int               // GemmOptions.Config
	dec     GemmDecomposition // GemmOptions.Decomposition (checked: the plan's, where not 0)
	kernel  string            // the start of the kernel's name (checked on a device of wantSMs SMs, 0: any)
	wantSMs int
	samples int  // output elements compared (0: all)
	colD    bool // D column-major (M unit stride)
	swapped bool // the plan must be D^T = B A^T (GemmPlan.SwappedAB; checked where colD, on wantSMs SMs)
}

// aStrides are A's (M, K) strides: K-major, or M-major where aMajorM.
func (tc bf16Case) aStrides() [2]int64 {
	if tc.aMajorM {
		return [2]int64{1, tc.m}
	}
	return [2]int64{tc.k, 1}
}

// dStrides are D's (M, N) strides: row-major, or column-major where colD.
func (tc bf16Case) dStrides() [2]int64 {
	if tc.colD {
		return [2]int64{1, tc.m}
	}
	return [2]int64{tc.n, 1}
}

// layouts are the case's A, B and D: A (M,K) of aStrides, B (N,K) and D (M,N) of dStrides, compact.
func (tc bf16Case) layouts() (la, lb, ld cute.Layout) {
	sa, sd := tc.aStrides(), tc.dStrides()
	return cute.MustLayout(cute.Ints(tc.m, tc.k), cute.Ints(sa[0], sa[1])),
		cute.MustLayout(cute.Ints(tc.n, tc.k), cute.Ints(tc.k, 1)), cute.MustLayout(cute.Ints(tc.m, tc.n), cute.Ints(sd[0], sd[1]))
}

// runBF16 runs a bf16 GEMM of small integers, whose fp32 sums are exact, through Copier.Gemm
// and compares D with the exact product (sampled where samples > 0).
func runBF16(t *testing.T, c *Copier, tc bf16Case, rng *rand.Rand) {
	M, N, K := tc.m, tc.n, tc.k
	la, lb, ld := tc.layouts()
	sa := tc.aStrides()
	ints := func(n int64) ([]uint16, []int8) {
		h, v := make([]uint16, n), make([]int8, n)
		for i := range h {
			v[i] = int8(rng.Intn(7) - 3)
			h[i] = uint16(math.Float32bits(float32(v[i])) >> 16) // exact in bf16
		}
		return h, v
	}
	ha, va := ints(M * K)
	hb, vb := ints(N * K)
	alloc := func(n int64, src unsafe.Pointer) cu.DevicePtr { return devAlloc(t, n, src) }
	da, db, dd := alloc(2*M*K, unsafe.Pointer(&ha[0])), alloc(2*N*K, unsafe.Pointer(&hb[0])), alloc(4*M*N, nil)
	p, err := c.Gemm(GemmOperand{Ptr: dd, Layout: ld}, GemmOperand{Ptr: da, Layout: la}, GemmOperand{Ptr: db, Layout: lb},
		nil, BF16, F32, 1, 0, &GemmOptions{Config: tc.config, Decomposition: tc.dec})
	if err != nil {
		t.Fatalf("%+v: %v", tc, err)
	}
	if err := cu.Synchronize(); err != nil {
		t.Fatalf("%+v: %s: %v", tc, p.Kernel, err)
	}
	out := make([]float32, M*N)
	if err := cu.MemcpyDtoH(unsafe.Pointer(&out[0]), dd, 4*M*N); err != nil {
		t.Fatal(err)
	}
	t.Logf("%dx%dx%d config %d on %d SMs: %s (%s)", M, N, K, tc.config, c.SMs(), p.Kernel, p.Reason)
	if tc.kernel != "" && (tc.wantSMs == 0 || tc.wantSMs == c.SMs()) && !strings.HasPrefix(p.Kernel, tc.kernel) {
		t.Errorf("%+v: kernel %s, want %s", tc, p.Kernel, tc.kernel)
	}
	if tc.dec != 0 && p.Decomposition != tc.dec {
		t.Errorf("%+v: decomposition %v, want %v (%s)", tc, p.Decomposition, tc.dec, p.Reason)
	}
	if tc.colD && (tc.wantSMs == 0 || tc.wantSMs == c.SMs()) && p.SwappedAB != tc.swapped {
		t.Errorf("%+v: SwappedAB %v (%s)", tc, p.SwappedAB, p.Reason)
	}
	sd := tc.dStrides()
	n := M * N
	if tc.samples > 0 {
		n = int64(tc.samples)
	}
	bad := 0
	for s := int64(0); s < n; s++ {
		i := s
		if tc.samples > 0 {
			i = rng.Int63n(M * N)
		}
		m, j := i/N, i%N
		var r int64
		for k := int64(0); k < K; k++ {
			r += int64(va[m*sa[0]+k*sa[1]]) * int64(vb[j*K+k])
		}
		if got := out[m*sd[0]+j*sd[1]]; float64(got) != float64(r) {
			if bad++; bad <= 5 {
				t.Errorf("%+v: D(%d,%d) = %v, want %d", tc, m, j, got, r)
			}
		}
	}
}

// devAlloc allocates n bytes of device memory, freed when the test ends, holding n bytes from
// src where src is not nil.
func devAlloc(t testing.TB, n int64, src unsafe.Pointer) cu.DevicePtr {
	p, err := cu.MemAlloc(n)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cu.MemFree(p) })
	if src != nil {
		if err := cu.MemcpyHtoD(p, src, n); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// openGemm opens device 0 with the modules CUTEGO_CUBIN (cutego_copy.cubin) and
// CUTEGO_GEMM_CUBINS (cutego_gemm.cubin and cutego_gemm_fp8.cubin, colon-separated), closed
// when the test ends; it skips the test without them, a failure under CUTEGO_EXPECT_GPU=1.
func openGemm(t testing.TB) *Copier {
	cubin, gemms := os.Getenv("CUTEGO_CUBIN"), os.Getenv("CUTEGO_GEMM_CUBINS")
	if cubin == "" || gemms == "" {
		if os.Getenv("CUTEGO_EXPECT_GPU") == "1" {
			t.Fatal("CUTEGO_EXPECT_GPU=1 but CUTEGO_CUBIN or CUTEGO_GEMM_CUBINS is not set")
		}
		t.Skip("CUTEGO_CUBIN or CUTEGO_GEMM_CUBINS not set")
	}
	c, err := Open(0, cubin)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	if err := c.LoadGemm(strings.Split(gemms, ":")...); err != nil {
		t.Fatal(err)
	}
	return c
}

// Needs a Hopper GPU and the modules (openGemm).
func TestGemmOnDevice(t *testing.T) {
	c := openGemm(t)
	rng := rand.New(rand.NewSource(11))
	for _, tc := range gemmDeviceCases {
		runBF16(t, c, tc, rng)
	}
}

// gemmDeviceCases are TestGemmOnDevice's GEMMs; their plans on 132 SMs are checked without a GPU
// too (TestDeviceCasesPlanned), so that a change of the planner cannot leave them stale.
var gemmDeviceCases = []bf16Case{
	// 128x64 tiles asked for (config 3): a partial tile row, and an M-major A.
	{m: 256, n: 192, k: 512, config: 3, kernel: "cutego_gemm_128x64_kk_bf16_f32"},
	{m: 200, n: 136, k: 320, aMajorM: true, config: 3, kernel: "cutego_gemm_128x64_mk_bf16_f32"},
	// 128x192 tiles asked for (config 5): three column tiles, the last partial (N = 520), and an
	// M-major A with a partial tile row.
	{m: 256, n: 520, k: 512, config: 5, kernel: "cutego_gemm_128x192_kk_bf16_f32"},
	{m: 200, n: 400, k: 320, aMajorM: true, config: 5, kernel: "cutego_gemm_128x192_mk_bf16_f32"},
	// 64x64 tiles asked for (config 6, one consumer warpgroup): M = 8, 40 and 64 of one tile row,
	// 200 of four (the last partial) with a partial column tile (N = 1000) and an M-major A.
	{m: 8, n: 1024, k: 512, config: 6, kernel: "cutego_gemm_64x64_kk_bf16_f32"},
	{m: 40, n: 520, k: 520, config: 6, kernel: "cutego_gemm_64x64_kk_bf16_f32"},
	{m: 64, n: 1000, k: 4096, config: 6, kernel: "cutego_gemm_64x64_kk_bf16_f32"},
	{m: 200, n: 1000, k: 320, aMajorM: true, config: 6, kernel: "cutego_gemm_64x64_mk_bf16_f32"},
	// 64x32 tiles asked for (config 7, one consumer warpgroup, fp32 D by TMA stores of 32-column
	// boxes): M = 8, 40 of one tile row; 64 x 4096 x 4096, 128 tiles unsplit; 64 x 1000 x 4096,
	// 32 tiles split in 4 on 64x32 tiles; 192 of three tile rows with a partial column tile and
	// an M-major A read in place (its K stride, 384 bytes, on the 16-byte grid: M = 100, 200
	// bytes, is packed K-major first).
	{m: 8, n: 1024, k: 512, config: 7, kernel: "cutego_gemm_64x32_kk_bf16_f32"},
	{m: 40, n: 520, k: 520, config: 7, kernel: "cutego_gemm_64x32_kk_bf16_f32"},
	{m: 64, n: 4096, k: 4096, config: 7, kernel: "cutego_gemm_64x32_kk_bf16_f32", samples: 4096},
	{m: 64, n: 1000, k: 4096, config: 7, kernel: "cutego_gemm_64x32_kk_bf16_f32"},
	{m: 192, n: 1000, k: 320, aMajorM: true, config: 7, kernel: "cutego_gemm_64x32_mk_bf16_f32"},
	// 64x128 tiles asked for (config 8, one consumer warpgroup, m64n128k16): M = 40 of one tile
	// row; 200 of four (the last partial) with a partial column tile (N = 1000) and an M-major
	// A; 1000^3, 128 tiles unsplit; 64 x 4096 x 4096, 32 tiles split in 4 on 64x128 tiles.
	{m: 40, n: 520, k: 520, config: 8, kernel: "cutego_gemm_64x128_kk_bf16_f32"},
	{m: 200, n: 1000, k: 320, aMajorM: true, config: 8, kernel: "cutego_gemm_64x128_mk_bf16_f32"},
	{m: 1000, n: 1000, k: 1000, config: 8, kernel: "cutego_gemm_64x128_kk_bf16_f32", samples: 4096},
	{m: 64, n: 4096, k: 4096, config: 8, kernel: "cutego_gemm_64x128_kk_bf16_f32", samples: 4096},
	// Chosen as the C launcher chooses (cutego_gemm_narrow_config) on an H200's 132 SMs (the
	// plans gemm_test.go checks without a GPU): 128 x 4096 x 8192 on 64x64 tiles, 128 of them
	// unsplit (one wave); 8 x 6144 on 96 64x64 tiles, no split.
	{m: 128, n: 4096, k: 8192, kernel: "cutego_gemm_64x64_kk_bf16_f32", wantSMs: 132, samples: 4096},
	{m: 8, n: 6144, k: 4096, kernel: "cutego_gemm_64x64_kk_bf16_f32", wantSMs: 132, samples: 4096},
	// 1024^3: 64x128 tiles, 128 of them in one wave, where 128x128 makes 64.
	{m: 1024, n: 1024, k: 1024, kernel: "cutego_gemm_64x128_kk_bf16_f32", wantSMs: 132, samples: 4096},
	// Stream-K asked for (gemm_stream_k.cuh, the fixup through the Copier's workspace), odd
	// sizes: 1000 x 3000 x 1000 on 128x256 tiles (96 tiles, all stream-K, a partial last
	// k-tile); 300 x 1000 x 520 on 128x128 tiles with an M-major A of rows of 600 bytes, copied
	// K-major first (the partial sums after the copy in the workspace); 256 x 1000 x 1000 on
	// 128x256 tiles with an M-major A read in place (B's rows of 2,000 bytes copied to a 128-byte
	// pitch: 8 tiles of 16 k-tiles, 128 CTAs); 1100 x 4000 x 256 on 128x128 tiles: 288
	// tiles, 156 stream-K and 132 whole.
	{m: 1000, n: 3000, k: 1000, config: 1, dec: GemmStreamK, kernel: "cutego_gemm_128x256_kk_bf16_f32_streamk", samples: 8192},
	{m: 300, n: 1000, k: 520, aMajorM: true, config: 2, dec: GemmStreamK, kernel: "cutego_gemm_128x128_kk_bf16_f32_streamk"},
	{m: 256, n: 1000, k: 1000, aMajorM: true, config: 1, dec: GemmStreamK, kernel: "cutego_gemm_128x256_mk_bf16_f32_streamk"},
	{m: 1100, n: 4000, k: 256, config: 2, dec: GemmStreamK, kernel: "cutego_gemm_128x128_kk_bf16_f32_streamk", samples: 8192},
	// The automatic choice on 132 SMs (cutego_gemm_stream_k, as in C): 2432 x 7168 x 32768 is
	// 532 tiles of 128x256, 136 of them stream-K; 1536 x 14336 x 14336 and x 4096 run 128x192 tiles
	// data-parallel; 1024 x 14336 x 4096 runs 128x224 tiles data-parallel (as many waves as 128x256 ones).
	{m: 2432, n: 7168, k: 32768, kernel: "cutego_gemm_128x256_kk_bf16_f32_streamk", wantSMs: 132, samples: 1024},
	{m: 1536, n: 14336, k: 14336, kernel: "cutego_gemm_128x192_kk_bf16_f32", wantSMs: 132, samples: 4096},
	{m: 1536, n: 14336, k: 4096, kernel: "cutego_gemm_128x192_kk_bf16_f32", wantSMs: 132, samples: 4096},
	{m: 1024, n: 14336, k: 4096, kernel: "cutego_gemm_128x224_kk_bf16_f32", wantSMs: 132, samples: 4096},
	// A column-major D (cutego_gemm_swap_ab, as in C): computed as D^T = B A^T where both
	// orientations make the same tiles (1024 x 1536: 96 tiles of 128x128 either way; 2048^2 with an
	// M-major A, which becomes the swapped GEMM's N-major B), as asked where they do not (333 x
	// 14336: 3 x 86 = 258 tiles of 128x168, swapped 112 x 2 = 224) or a configuration is asked for.
	{m: 1024, n: 1536, k: 520, colD: true, swapped: true, kernel: "cutego_gemm_128x128_kk_bf16_f32", wantSMs: 132, samples: 4096},
	{m: 2048, n: 2048, k: 512, aMajorM: true, colD: true, swapped: true, kernel: "cutego_gemm_128x256_km_bf16_f32", wantSMs: 132, samples: 4096},
	{m: 333, n: 14336, k: 256, colD: true, swapped: false, wantSMs: 132, samples: 4096},
	{m: 1024, n: 1536, k: 520, colD: true, config: 2, swapped: false, kernel: "cutego_gemm_128x128_kk_bf16_f32"},
	// A and B read in place by cp.async (GemmPlan.Rows: rows of 8,200 and 2,008 bytes, off the
	// 16-byte grid, on the 8-byte one; rows of 8,196 bytes on the 4-byte one): 100 x 4096 x 4100
	// and x 4098 on 64x64 tiles, 128 of them, as the C
	// launcher chooses; 300 x 1000 x 1004 on 128x256 tiles asked for (partial tiles on every side).
	{m: 100, n: 4096, k: 4100, kernel: "cutego_gemm_64x64_kk_bf16_f32", wantSMs: 132, samples: 4096},
	{m: 100, n: 4096, k: 4098, kernel: "cutego_gemm_64x64_kk_bf16_f32", wantSMs: 132, samples: 4096},
	{m: 300, n: 1000, k: 1004, config: 1, kernel: "cutego_gemm_128x256_kk_bf16_f32"},
}

// BenchmarkGemmDecomposition times Copier.Gemm (bf16 in, bf16 out, K-major A and B) on few-wave
// shapes, the automatic plan (stream-K where cutego_gemm_stream_k says so: 2432 x 7168 x 32768;
// 1024 x 14336 x 4096 and 512 x 11008 x 4096 data-parallel on 128x224 and 128x168 tiles) against
// DATA_PARALLEL asked for, and reports each plan's kernel. Needs a Hopper GPU and the modules
// (openGemm).
func BenchmarkGemmDecomposition(b *testing.B) {
	c := openGemm(b)
	for _, sh := range [][3]int64{{2432, 7168, 32768}, {1024, 14336, 4096}, {512, 11008, 4096}} {
		M, N, K := sh[0], sh[1], sh[2]
		la := cute.MustLayout(cute.Ints(M, K), cute.Ints(K, 1))
		lb := cute.MustLayout(cute.Ints(N, K), cute.Ints(K, 1))
		ld := cute.MustLayout(cute.Ints(M, N), cute.Ints(N, 1))
		da, db, dd := devAlloc(b, 2*M*K, nil), devAlloc(b, 2*N*K, nil), devAlloc(b, 2*M*N, nil)
		if err := cu.MemsetD32(da, 0x3f803f80, M*K/2); err != nil { // 1.0 in bf16
			b.Fatal(err)
		}
		if err := cu.MemsetD32(db, 0x3f803f80, N*K/2); err != nil {
			b.Fatal(err)
		}
		for _, dec := range []GemmDecomposition{GemmDecompositionAuto, GemmDataParallel} {
			b.Run(fmt.Sprintf("%dx%dx%d/%v", M, N, K, dec), func(b *testing.B) {
				opt := &GemmOptions{Decomposition: dec}
				us := timeGemm(b, c, GemmOperand{Ptr: dd, Layout: ld}, GemmOperand{Ptr: da, Layout: la},
					GemmOperand{Ptr: db, Layout: lb}, opt)
				b.ReportMetric(2*float64(M*N*K)/us/1e6, "TFLOP/s")
			})
		}
	}
}

// BenchmarkGemmPacked times Copier.Gemm (bf16 in and out) where the plan packs A or B first, beside
// the same GEMM on operands that need no copy (K-major, rows on the 128-byte grid, in the same
// memory): the quotient of the two is what the packing costs. NT 640 x 27940 x 1600: B N-major with
// columns of 55,880 bytes, off TMA's 16-byte grid (the column packer); TN 100 x 4096 x 4097: rows of
// 8,194 bytes (the row packer, A's and B's in one launch). Needs a Hopper GPU and the modules
// (openGemm).
func BenchmarkGemmPacked(b *testing.B) {
	c := openGemm(b)
	cases := []struct {
		name    string
		m, n, k int64
		la, lb  cute.Layout
	}{
		{"NT", 640, 27940, 1600, cute.MustLayout(cute.Ints(640, 1600), cute.Ints(1, 640)),
			cute.MustLayout(cute.Ints(27940, 1600), cute.Ints(1, 27940))},
		{"TN", 100, 4096, 4097, cute.MustLayout(cute.Ints(100, 4097), cute.Ints(4097, 1)),
			cute.MustLayout(cute.Ints(4096, 4097), cute.Ints(4097, 1))},
	}
	for _, tc := range cases {
		M, N, K, kp := tc.m, tc.n, tc.k, (tc.k+63)/64*64
		da, db, dd := devAlloc(b, 2*M*kp, nil), devAlloc(b, 2*N*kp, nil), devAlloc(b, 2*M*N, nil)
		if err := cu.MemsetD32(da, 0x3f803f80, M*kp/2); err != nil { // 1.0 in bf16
			b.Fatal(err)
		}
		if err := cu.MemsetD32(db, 0x3f803f80, N*kp/2); err != nil {
			b.Fatal(err)
		}
		ld := cute.MustLayout(cute.Ints(M, N), cute.Ints(N, 1))
		for _, in := range []struct {
			name   string
			la, lb cute.Layout
		}{
			{tc.name, tc.la, tc.lb},
			{"K-major on the grid", cute.MustLayout(cute.Ints(M, K), cute.Ints(kp, 1)), cute.MustLayout(cute.Ints(N, K), cute.Ints(kp, 1))},
		} {
			b.Run(fmt.Sprintf("%dx%dx%d/%s", M, N, K, in.name), func(b *testing.B) {
				timeGemm(b, c, GemmOperand{Ptr: dd, Layout: ld}, GemmOperand{Ptr: da, Layout: in.la},
					GemmOperand{Ptr: db, Layout: in.lb}, nil)
			})
		}
	}
}

// timeGemm times Copier.Gemm of d = a·b (bf16 in and out) b.N times after one untimed call (the
// workspace and the kernel's shared memory set up once), reports its microseconds per call as
// us/gemm and logs the plan's kernel. A sub-benchmark runs on a goroutine of its own: the Copier's
// context is made current on its thread.
func timeGemm(b *testing.B, c *Copier, d, a, bb GemmOperand, opt *GemmOptions) float64 {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := cu.SetCurrentContext(c.ctx); err != nil {
		b.Fatal(err)
	}
	gemm := func() *GemmPlan {
		p, err := c.Gemm(d, a, bb, nil, BF16, BF16, 1, 0, opt)
		if err != nil {
			b.Fatal(err)
		}
		return p
	}
	p := gemm()
	if err := cu.Synchronize(); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		gemm()
	}
	if err := cu.Synchronize(); err != nil {
		b.Fatal(err)
	}
	b.StopTimer()
	us := float64(b.Elapsed().Microseconds()) / float64(b.N)
	b.ReportMetric(us, "us/gemm")
	b.Logf("%s (%s)", p.Kernel, p.Reason)
	return us
}
