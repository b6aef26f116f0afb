//go:build cuda

package gpu

import (
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
)

// Copier.Gemm runs stream-K where cutego_gemm would (launchPlan: cutego_gemm_stream_k_choice,
// cutego_gemm_stream_k_launch). The launches are worked out by hand on 132 SMs: T tiles of BMxBN
// on C CTAs (one per SM, at most MaxCTAs) have cutego_gemm_stream_k_tiles(T, C) stream-K tiles
// (T % C == 0: none; T < C: all; else C + T % C); groups = min(8, GroupM (0: 8), tile rows,
// stream-K tiles, CTAs); a workspace of C x BM x BN x 4 bytes of partial sums, then C x 8 bytes
// of flags rounded up to 256.
func TestLaunchPlanStreamK(t *testing.T) {
	op := func(e0, e1 int64) GemmOperand {
		return GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(e0, e1), cute.Ints(e1, 1))}
	}
	cases := []struct {
		m, n, k        int64
		ab, cd         DType
		opt            GemmOptions
		kernel         string
		ctas, skTiles  int64
		groups         int
		bytes, flagsAt int64
		reason         string // the reason's start
	}{
		// 2432 x 7168 x 32768 (bf16): 19 x 28 = 532 tiles of 128x256, 4 waves + 4: 136 stream-K
		// tiles, 512 k-tiles of 64, 136 x 512 / 132 = 527 per CTA (at K <= 28672 the planner runs
		// 128x192 tiles data-parallel: csrc/gemm/waves.c's cost model); 1024 x 14336 x 4096 (e4m3): 8 x 56
		// = 448 tiles, 3 waves + 52: 184 stream-K tiles, 32 k-tiles of 128, 44 per CTA, asked for
		// (the automatic plan takes 128x224 tiles there, data-parallel, as bf16 does); 132 x 128 KiB
		// of partial sums, 1,056 bytes of flags in 1,280: as in C.
		{2432, 7168, 32768, BF16, BF16, GemmOptions{SMs: 132}, "cutego_gemm_128x256_kk_bf16_bf16_streamk",
			132, 136, 8, 132*131072 + 1280, 132 * 131072, "stream-K: 136 of 532 tiles on 132 CTAs in 8 groups, 527 k-tiles each: "},
		{1024, 14336, 4096, E4M3, BF16, GemmOptions{SMs: 132, Decomposition: GemmStreamK}, "cutego_gemm_128x256_kk_e4m3_bf16_streamk",
			132, 184, 8, 132*131072 + 1280, 132 * 131072, "stream-K: 184 of 448 tiles on 132 CTAs in 8 groups, 44 k-tiles each: "},
		// MaxCTAs 100: 532 % 100 = 32, 132 stream-K tiles; GroupM 2: 2 groups; 800 bytes of flags in 1,024.
		{2432, 7168, 32768, BF16, F32, GemmOptions{SMs: 132, MaxCTAs: 100, GroupM: 2}, "cutego_gemm_128x256_kk_bf16_f32_streamk",
			100, 132, 2, 100*131072 + 1024, 100 * 131072, "stream-K: 132 of 532 tiles on 100 CTAs in 2 groups, "},
		// STREAM_K on 128x128 tiles asked for: 8 x 112 = 896 tiles, 896 % 132 = 104: 236 stream-K
		// tiles; 132 x 64 KiB.
		{1024, 14336, 4096, F16, F16, GemmOptions{SMs: 132, Decomposition: GemmStreamK, Config: 2},
			"cutego_gemm_128x128_kk_f16_f16_streamk", 132, 236, 8, 132*65536 + 1280, 132 * 65536, "stream-K: 236 of 896 tiles"},
		// STREAM_K on odd sizes, 128x256 tiles asked for: 1000 x 3000 is 8 x 12 = 96 tiles, fewer
		// than the CTAs, all stream-K; 16 k-tiles of 1000: 1,536 k-iterations, 132 CTAs.
		{1000, 3000, 1000, BF16, BF16, GemmOptions{SMs: 132, Decomposition: GemmStreamK, Config: 1},
			"cutego_gemm_128x256_kk_bf16_bf16_streamk", 132, 96, 8, 132*131072 + 1280, 132 * 131072, "stream-K: 96 of 96 tiles"},
		// Every tile stream-K and few k-iterations: 256 x 512 x 128 is 4 tiles of 2 k-tiles: 8 CTAs,
		// 2 groups (2 tile rows); 8 x 128 KiB + 256.
		{256, 512, 128, BF16, BF16, GemmOptions{SMs: 132, Decomposition: GemmStreamK, Config: 1},
			"cutego_gemm_128x256_kk_bf16_bf16_streamk", 8, 4, 2, 8*131072 + 256, 8 * 131072, "stream-K: 4 of 4 tiles on 8 CTAs in 2 groups, 1 k-tiles each: "},
	}
	for _, tc := range cases {
		o := tc.opt
		p, err := launchPlan(op(tc.m, tc.n), op(tc.m, tc.k), op(tc.n, tc.k), nil, tc.ab, tc.cd, 0, &o, nil)
		if err != nil {
			t.Errorf("%dx%dx%d %+v: %v", tc.m, tc.n, tc.k, tc.opt, err)
			continue
		}
		if p.Decomposition != GemmStreamK || int(p.c.decomposition) != int(GemmStreamK) || p.Kernel != tc.kernel || p.skCTAs != tc.ctas ||
			int64(p.sk.tiles) != tc.skTiles || int(p.sk.groups) != tc.groups || int64(p.c.split_workspace_bytes) != tc.bytes ||
			p.skFlags != tc.flagsAt || !strings.HasPrefix(p.Reason, tc.reason) {
			t.Errorf("%dx%dx%d %+v: %v %s, CTAs %d, stream-K tiles %d, groups %d, %d bytes, flags at %d (%s); want %s, %d, %d, %d, %d, %d, %q",
				tc.m, tc.n, tc.k, tc.opt, p.Decomposition, p.Kernel, p.skCTAs, int64(p.sk.tiles), int(p.sk.groups),
				int64(p.c.split_workspace_bytes), p.skFlags, p.Reason, tc.kernel, tc.ctas, tc.skTiles, tc.groups, tc.bytes,
				tc.flagsAt, tc.reason)
		}
	}
	// Not stream-K where something else is chosen or asked for (as in C): whole waves (4096^3);
	// K = 4096 against a partial wave of 128x256 tiles (1536 x 14336: 128x192 tiles; 2048 x 11008:
	// 128x168 ones; data-parallel measured 1.10x and 1.03x faster on an H100), and at K = 14336
	// (1536 x 14336: 128x192 tiles, 1.14x);
	// a configuration, SplitK 1 or DATA_PARALLEL asked for; K split (64 x 2048 x 11008, whose
	// slices are data-parallel); narrow tiles (1024^3).
	for _, tc := range []struct {
		m, n, k int64
		opt     GemmOptions
		dec     GemmDecomposition
	}{
		{4096, 4096, 4096, GemmOptions{SMs: 132}, GemmDataParallel},
		{1536, 14336, 4096, GemmOptions{SMs: 132}, GemmDataParallel},
		{2048, 11008, 4096, GemmOptions{SMs: 132}, GemmDataParallel},
		{1536, 14336, 14336, GemmOptions{SMs: 132}, GemmDataParallel},
		{2432, 7168, 32768, GemmOptions{SMs: 132, Config: 1}, GemmDataParallel},
		{2432, 7168, 32768, GemmOptions{SMs: 132, SplitK: 1}, GemmDataParallel},
		{2432, 7168, 32768, GemmOptions{SMs: 132, Decomposition: GemmDataParallel}, GemmDataParallel},
		// bf16 1024 x 14336 x 4096: 128x224 tiles data-parallel (as many waves as 128x256 ones)
		{1024, 14336, 4096, GemmOptions{SMs: 132}, GemmDataParallel},
		{64, 2048, 11008, GemmOptions{SMs: 132}, GemmSplitK},
		{1024, 1024, 1024, GemmOptions{SMs: 132}, GemmDataParallel},
	} {
		o := tc.opt
		p, err := launchPlan(op(tc.m, tc.n), op(tc.m, tc.k), op(tc.n, tc.k), nil, BF16, BF16, 0, &o, nil)
		if err != nil || p.Decomposition != tc.dec || strings.HasSuffix(p.Kernel, "_streamk") ||
			(tc.dec == GemmSplitK && (p.SplitK < 2 || p.slices.Decomposition != GemmDataParallel)) {
			t.Errorf("%dx%dx%d %+v: %v %v, want %v", tc.m, tc.n, tc.k, tc.opt, p, err, tc.dec)
		}
	}
	// DATA_PARALLEL and STREAM_K do not split K: 64 x 4096 x 4096 splits on its own.
	for _, dec := range []GemmDecomposition{GemmDataParallel, GemmStreamK} {
		o := GemmOptions{SMs: 132, Decomposition: dec}
		p, err := launchPlan(op(64, 4096), op(64, 4096), op(4096, 4096), nil, BF16, BF16, 0, &o, nil)
		if err != nil || p.SplitK != 1 || p.Decomposition != dec {
			t.Errorf("64x4096x4096 %v: %v %v", dec, p, err)
		}
	}
	// Refused where C refuses, with its messages (cutego_gemm_check_decomposition,
	// cutego_gemm_stream_k_choice, cutego_gemm_no_stream_k).
	for _, tc := range []struct {
		ab   DType
		opt  GemmOptions
		want string
	}{
		{BF16, GemmOptions{SMs: 132, Decomposition: 4}, "gpu: gemm: decomposition 4: 0 (automatic), 1 (data-parallel), 2 (split K) or 3 (stream-K)"},
		{BF16, GemmOptions{SMs: 132, Decomposition: GemmStreamK, SplitK: 2}, "gpu: gemm: split_k 2 with decomposition STREAM_K"},
		{BF16, GemmOptions{SMs: 132, Decomposition: GemmDataParallel, SplitK: 4}, "gpu: gemm: split_k 4 with decomposition DATA_PARALLEL"},
		{BF16, GemmOptions{SMs: 132, Decomposition: GemmStreamK, Config: 3}, "gpu: gemm: decomposition STREAM_K: 128x256 or 128x128 tiles only"},
		{BF16, GemmOptions{SMs: 132, Decomposition: GemmStreamK, ClusterM: 2}, "gpu: gemm: decomposition STREAM_K: clusters"},
		{BF16, GemmOptions{SMs: 132, Decomposition: GemmStreamK, ForcePath: GemmGeneric}, "gpu: gemm: decomposition STREAM_K: not the wgmma path"},
		{E4M3, GemmOptions{SMs: 132, Decomposition: GemmStreamK, Promoted: true},
			"gpu: gemm: decomposition STREAM_K: promoted FP8 accumulation (stream-K takes fast accumulation only)"},
	} {
		o := tc.opt
		p, err := launchPlan(op(1024, 14336), op(1024, 4096), op(14336, 4096), nil, tc.ab, BF16, 0, &o, nil)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%+v: %v %v, want %q", tc.opt, p, err, tc.want)
		}
	}
	// The device tests' stream-K cases (TestGemmOnDevice, TestGemmFP8OnDevice) plan as they expect:
	// an M-major A of rows of 600 bytes (300 bf16, 16-byte grid missed) and an M-major FP8 A are
	// copied K-major first; 256 bf16 (512 bytes) is read in place, B's rows of 2,000 bytes copied
	// to a 128-byte pitch (8 tiles of 16 k-tiles: 128 CTAs); FP8 300 x 1000 x 1024 is 12 tiles of
	// 8 k-tiles (96 CTAs).
	mm := func(m, k int64) GemmOperand {
		return GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(m, k), cute.Ints(1, m))}
	}
	for _, tc := range []struct {
		m, n, k int64
		a       GemmOperand
		ab, cd  DType
		bt      DType // GemmOptions.BType
		config  int
		kernel  string
		packed  bool
		ctas    int64
	}{
		{1000, 3000, 1000, op(1000, 1000), BF16, F32, 0, 1, "cutego_gemm_128x256_kk_bf16_f32_streamk", false, 132},
		{300, 1000, 520, mm(300, 520), BF16, F32, 0, 2, "cutego_gemm_128x128_kk_bf16_f32_streamk", true, 132},
		{256, 1000, 1000, mm(256, 1000), BF16, F32, 0, 1, "cutego_gemm_128x256_mk_bf16_f32_streamk", true, 128},
		{1100, 4000, 256, op(1100, 256), BF16, F32, 0, 2, "cutego_gemm_128x128_kk_bf16_f32_streamk", false, 132},
		{300, 1000, 1024, op(300, 1024), E4M3, BF16, 0, 1, "cutego_gemm_128x256_kk_e4m3_bf16_streamk", false, 96},
		{300, 1000, 1024, mm(300, 1024), E4M3, F16, 0, 1, "cutego_gemm_128x256_kk_e4m3_f16_streamk", true, 96},
		{1100, 4000, 256, op(1100, 256), E5M2, F32, E4M3, 2, "cutego_gemm_128x128_kk_e5m2e4m3_f32_streamk", false, 132},
	} {
		o := GemmOptions{SMs: 132, Decomposition: GemmStreamK, Config: tc.config, BType: tc.bt}
		p, err := launchPlan(op(tc.m, tc.n), tc.a, op(tc.n, tc.k), nil, tc.ab, tc.cd, 0, &o, nil)
		if err != nil || p.Kernel != tc.kernel || p.Packed != tc.packed || p.skCTAs != tc.ctas ||
			(tc.packed && int64(p.c.workspace_bytes)%256 != 0) {
			t.Errorf("%dx%dx%d %v: %v %v, want %s packed %v on %d CTAs", tc.m, tc.n, tc.k, tc.ab, p, err, tc.kernel, tc.packed, tc.ctas)
		}
	}
	if GemmStreamK.String() != "STREAM_K" || GemmDecomposition(7).String() != "GemmDecomposition(7)" {
		t.Error("decomposition names")
	}
}
