//go:build cuda

package gpu

import (
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
)

// The planner needs no GPU: bad arguments are refused before any launch.
func TestPlanGemmRefuses(t *testing.T) {
	a := GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(64, 32), cute.Ints(32, 1))}
	b := GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(64, 16), cute.Ints(16, 1))}
	d := GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(64, 64), cute.Ints(64, 1))}
	if _, err := PlanGemm(d, a, b, nil, BF16, BF16, 0, nil); err == nil {
		t.Error("mismatched K accepted")
	}
	if _, err := PlanGemm(d, a, a, nil, F32, BF16, 0, nil); err == nil {
		t.Error("fp32 inputs accepted")
	}
	if _, err := PlanGemm(d, a, a, nil, BF16, BF16, 1, nil); err == nil {
		t.Error("beta without C accepted")
	}
	p, err := PlanGemm(d, a, a, nil, BF16, F32, 0, nil)
	if err != nil || p.Path != GemmWgmma || p.Kernel != "cutego_gemm_128x128_kk_bf16_f32" {
		t.Errorf("plan %+v, %v", p, err)
	}
	// FP8: K-major operands are read in place by the k32 kernels; an M-major A is transposed
	// into the workspace first (FP8 wgmma reads K-major only).
	if p, err := PlanGemm(d, a, a, nil, E4M3, BF16, 0, nil); err != nil || p.Kernel != "cutego_gemm_128x128_kk_e4m3_bf16" || p.Packed {
		t.Errorf("fp8 plan %+v, %v", p, err)
	}
	am := GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(64, 32), cute.Ints(1, 64))}
	if p, err := PlanGemm(d, am, a, nil, E4M3, F32, 0, nil); err != nil || !p.Packed || p.Kernel != "cutego_gemm_128x128_kk_e4m3_f32" {
		t.Errorf("fp8 M-major A plan %+v, %v", p, err)
	}
	if p, err := PlanGemm(d, a, a, nil, E4M3, BF16, 0, &GemmOptions{BType: E5M2}); err != nil || p.Kernel != "cutego_gemm_128x128_kk_e4m3e5m2_bf16" {
		t.Errorf("e4m3 x e5m2 plan %+v, %v", p, err)
	}
	if p, err := PlanGemm(d, a, a, nil, E4M3, F32, 0, &GemmOptions{Promoted: true, PromotionInterval: 2}); err != nil || p.Kernel != "cutego_gemm_128x128_kk_e4m3_f32_promoted" {
		t.Errorf("promoted plan %+v, %v", p, err)
	}
	if _, err := PlanGemm(d, a, a, nil, BF16, F32, 0, &GemmOptions{Promoted: true}); err == nil {
		t.Error("promoted bf16 accepted")
	}
	// A scaled-basis stride in an operand is refused before any planning.
	basis := GemmOperand{Ptr: 0x1000, Layout: cute.MustParseLayout("(64,64):(1@0,1@1)")}
	if _, err := PlanGemm(d, basis, a, nil, BF16, F32, 0, nil); err == nil {
		t.Error("scaled-basis A accepted")
	}
	// The SM count is an input of the planner: on 132 SMs a 64x64 D gets 128x128 tiles.
	if p, err := PlanGemm(d, a, a, nil, BF16, F32, 0, &GemmOptions{SMs: 132}); err != nil || p.Kernel != "cutego_gemm_128x128_kk_bf16_f32" {
		t.Errorf("plan %+v, %v", p, err)
	}
}

// FP8 options go to the C planner, whose refusals reach the Go caller as errors naming the
// option (the expected wording is cutego_kernels.h's rule for each option).
func TestPlanGemmFP8Refuses(t *testing.T) {
	a := GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(64, 32), cute.Ints(32, 1))}
	d := GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(64, 64), cute.Ints(64, 1))}
	cases := []struct {
		name   string
		ab, cd DType
		opt    GemmOptions
		want   string
	}{
		{"scale on bf16", BF16, BF16, GemmOptions{ScaleA: 0x2000}, "scale_a/scale_b apply to FP8"},
		{"scale_b on fp16", F16, F32, GemmOptions{ScaleB: 0x2000}, "scale_a/scale_b apply to FP8"},
		{"B type on bf16", BF16, BF16, GemmOptions{BType: E4M3}, "b_dtype"},
		{"B type bf16 with FP8 A", E4M3, BF16, GemmOptions{BType: BF16}, "b_dtype"},
		{"FP8 output", E4M3, E4M3, GemmOptions{}, "C/D data type"},
		{"promoted 128x256", E4M3, BF16, GemmOptions{Promoted: true, Config: 1}, "128x128 tiles only"},
		{"interval without promotion", E5M2, BF16, GemmOptions{PromotionInterval: 2}, "fp8_promotion_interval"},
		{"interval 17", E5M2, BF16, GemmOptions{Promoted: true, PromotionInterval: 17}, "fp8_promotion_interval"},
		{"FP8 on the generic path", E4M3, BF16, GemmOptions{ForcePath: GemmGeneric}, "wgmma path only"},
		{"FP8 without packing", E4M3, BF16, GemmOptions{NoPack: true}, "wgmma path only"},
	}
	for _, tc := range cases {
		op := a
		if tc.name == "FP8 without packing" {
			// an M-major A must be transposed for the FP8 wgmma; without packing there is no way
			op = GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(64, 32), cute.Ints(1, 64))}
		}
		o := tc.opt
		_, err := PlanGemm(d, op, a, nil, tc.ab, tc.cd, 0, &o)
		if err == nil {
			t.Errorf("%s: accepted", tc.name)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "gpu: gemm: ") {
			t.Errorf("%s: %v, want it to name %q", tc.name, err, tc.want)
		}
	}
	// The same options with FP8 operands plan, and the plan carries them.
	p, err := PlanGemm(d, a, a, nil, E5M2, F16, 0, &GemmOptions{ScaleA: 0x2000, ScaleB: 0x3000, BType: E4M3})
	if err != nil || p.Kernel != "cutego_gemm_128x128_kk_e5m2e4m3_f16" {
		t.Fatalf("scaled e5m2 x e4m3 plan %+v, %v", p, err)
	}
	if E4M3.elemBytes() != 1 || E5M2.elemBytes() != 1 || BF16.elemBytes() != 2 || F32.elemBytes() != 4 {
		t.Error("element sizes")
	}
}

// Copier.Gemm's tiles are the C launcher's (launchPlan): the expected configurations are
// csrc/gemm/waves.c's measured examples on 132 SMs.
func TestLaunchPlanTiles(t *testing.T) {
	op := func(e0, e1 int64) GemmOperand {
		return GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(e0, e1), cute.Ints(e1, 1))}
	}
	cases := []struct {
		m, n, k int64
		ab, cd  DType // cd 0: BF16
		opt     GemmOptions
		want    string
	}{
		// cutego_gemm_narrow: M <= 256 against N = 4096: 32 tiles of 128x128 in 4 slices become 64 in 2,
		// on 64x128 tiles above 64 rows (cutego_gemm_narrow_config: as many as 128x64), and those
		// unsplit on 64x64 tiles where 128 of them fill the wave (128 x 4096).
		{128, 4096, 8192, BF16, 0, GemmOptions{SMs: 132}, "cutego_gemm_64x64_kk_bf16_bf16"},
		{128, 4096, 8192, BF16, F32, GemmOptions{SMs: 132}, "cutego_gemm_64x64_kk_bf16_f32"},
		// cutego_gemm_narrow_config: a narrow GEMM of at most 64 rows on 64x64 tiles (8 x 6144: 48
		// tiles of 128x128 in 2 slices against 96 of 64x64 unsplit; 1 x 2048 x 11008: 16 in 8 against
		// 32 in 4), on 64x32 unsplit where 128 of them fill the wave (N = 4096); 64x128 tiles where the
		// last row of 128-row tiles is at most half full (192 rows).
		{8, 6144, 4096, BF16, 0, GemmOptions{SMs: 132}, "cutego_gemm_64x64_kk_bf16_bf16"},
		{1, 4096, 4096, F16, F32, GemmOptions{SMs: 132}, "cutego_gemm_64x32_kk_f16_f32"},
		{64, 4096, 4096, BF16, 0, GemmOptions{SMs: 132}, "cutego_gemm_64x32_kk_bf16_bf16"},
		{65, 4096, 4096, BF16, 0, GemmOptions{SMs: 132}, "cutego_gemm_64x64_kk_bf16_bf16"},
		{1, 2048, 11008, BF16, 0, GemmOptions{SMs: 132}, "cutego_gemm_64x64_kk_bf16_bf16"},
		{128, 2048, 11008, BF16, 0, GemmOptions{SMs: 132}, "cutego_gemm_64x128_kk_bf16_bf16"},
		{192, 11008, 4096, BF16, 0, GemmOptions{SMs: 132}, "cutego_gemm_64x128_kk_bf16_bf16"},
		// cutego_gemm_pick_config: 1024 x 4096 x K takes 128x256 (1 wave of 128 tiles), 512 x 11008
		// 128x168 (2 waves of 264 tiles x 0.74 against 128x192's 2 of 232 x 0.83, 128x256's 2 of
		// 172, 128x128's 3 x 0.577), 512 x 6144 128x192 (1 wave of 128 x 0.83 against 2 of 148
		// 128x168 tiles), in FP8 (no 128x192x64, no 128x168) 128x128.
		{1024, 4096, 4096, BF16, 0, GemmOptions{SMs: 132}, "cutego_gemm_128x256_kk_bf16_bf16"},
		{512, 11008, 4096, F16, 0, GemmOptions{SMs: 132}, "cutego_gemm_128x168_kk_f16_bf16"},
		{512, 6144, 4096, BF16, 0, GemmOptions{SMs: 132}, "cutego_gemm_128x192_kk_bf16_bf16"},
		{512, 11008, 4096, E4M3, 0, GemmOptions{SMs: 132}, "cutego_gemm_128x128_kk_e4m3_bf16"},
		// cutego_gemm_narrow_config on 1024^3: 64 tiles of 128x128 in one wave, none split, 128 of
		// 64x128; 1000^3 too (B's rows of 2,000 bytes read in place, in 2x1 clusters, below); 96 x
		// 6144 x 4096: 128x128 would split, so the narrow tiles, 64x128 (96 tiles); 128 rows: 64x96
		// tiles (128 of them), in 2x1 clusters (below).
		{1024, 1024, 1024, BF16, 0, GemmOptions{SMs: 132}, "cutego_gemm_64x128_kk_bf16_bf16"},
		{1000, 1000, 1000, F16, F32, GemmOptions{SMs: 132}, "cutego_gemm_64x128_kk_f16_f32"},
		{96, 6144, 4096, BF16, 0, GemmOptions{SMs: 132}, "cutego_gemm_64x128_kk_bf16_bf16"},
		{128, 6144, 4096, BF16, 0, GemmOptions{SMs: 132}, "cutego_gemm_64x96_kk_bf16_bf16"},
		// 256 rows (two whole rows of 128-row tiles) x 6144, where 128x128 makes 96 tiles: 128x96
		// tiles (128 of them); 224 rows stay on 128x128.
		{256, 6144, 4096, BF16, 0, GemmOptions{SMs: 132}, "cutego_gemm_128x96_kk_bf16_bf16"},
		{224, 6144, 4096, BF16, 0, GemmOptions{SMs: 132}, "cutego_gemm_128x128_kk_bf16_bf16"},
		// Of those, 64x64 tiles where they fill at most one wave unsplit, rows on the 128-byte grid:
		// 512^3 (64 tiles), 256^3 (16); 768^3 has 144 of them, so 64x128.
		{512, 512, 512, BF16, 0, GemmOptions{SMs: 132}, "cutego_gemm_64x64_kk_bf16_bf16"},
		{256, 256, 256, F16, F32, GemmOptions{SMs: 132}, "cutego_gemm_64x64_kk_f16_f32"},
		{768, 768, 768, BF16, 0, GemmOptions{SMs: 132}, "cutego_gemm_64x128_kk_bf16_bf16"},
		// A configuration asked for is kept: config 3 is 128x64.
		{1024, 4096, 4096, BF16, 0, GemmOptions{SMs: 132, Config: 3}, "cutego_gemm_128x64_kk_bf16_bf16"},
		{128, 4096, 8192, BF16, 0, GemmOptions{SMs: 132, Config: 2}, "cutego_gemm_128x128_kk_bf16_bf16"},
		// config 5 is 128x192 (16-bit), kept where asked for.
		{512, 6144, 4096, BF16, 0, GemmOptions{SMs: 132, Config: 5}, "cutego_gemm_128x192_kk_bf16_bf16"},
		{256, 11008, 4096, F16, F32, GemmOptions{SMs: 132, Config: 5}, "cutego_gemm_128x192_kk_f16_f32"},
		// config 9 is 128x168 (16-bit, B K-major), kept where asked for.
		{1024, 4096, 4096, BF16, 0, GemmOptions{SMs: 132, Config: 9}, "cutego_gemm_128x168_kk_bf16_bf16"},
		// config 11 is 128x96 (16-bit, two consumer warpgroups), kept where asked for.
		{256, 6144, 4096, BF16, 0, GemmOptions{SMs: 132, Config: 11}, "cutego_gemm_128x96_kk_bf16_bf16"},
		{100, 1000, 520, F16, F32, GemmOptions{SMs: 132, Config: 11}, "cutego_gemm_128x96_kk_f16_f32"},
		// config 12 is 128x224 (16-bit, two consumer warpgroups), kept where asked for.
		{256, 14336, 4096, BF16, 0, GemmOptions{SMs: 132, Config: 12}, "cutego_gemm_128x224_kk_bf16_bf16"},
		{100, 1000, 520, F16, F32, GemmOptions{SMs: 132, Config: 12}, "cutego_gemm_128x224_kk_f16_f32"},
		// config 6 is 64x64 (16-bit, one consumer warpgroup), kept where asked for: 8 x 6144 has 96
		// tiles (no split: 2 x 96 > 132).
		{8, 6144, 4096, BF16, 0, GemmOptions{SMs: 132, Config: 6}, "cutego_gemm_64x64_kk_bf16_bf16"},
		{100, 1000, 520, F16, F32, GemmOptions{SMs: 132, Config: 6}, "cutego_gemm_64x64_kk_f16_f32"},
		// config 7 is 64x32 (16-bit, one consumer warpgroup), kept where asked for.
		{64, 4096, 4096, BF16, 0, GemmOptions{SMs: 132, Config: 7}, "cutego_gemm_64x32_kk_bf16_bf16"},
		{100, 1000, 520, F16, F32, GemmOptions{SMs: 132, Config: 7}, "cutego_gemm_64x32_kk_f16_f32"},
		// config 8 is 64x128 (16-bit, one consumer warpgroup), kept where asked for.
		{1024, 1024, 1024, BF16, 0, GemmOptions{SMs: 132, Config: 8}, "cutego_gemm_64x128_kk_bf16_bf16"},
		{100, 1000, 520, F16, F32, GemmOptions{SMs: 132, Config: 8}, "cutego_gemm_64x128_kk_f16_f32"},
		// FP8 never narrows (128x64 tiles are 16-bit only); promoted FP8 keeps 128x128.
		{1024, 4096, 4096, E4M3, 0, GemmOptions{SMs: 132, Promoted: true}, "cutego_gemm_128x128_kk_e4m3_bf16_promoted"},
	}
	// 2x1 clusters sharing B where cutego_gemm_auto_cluster says so (B K-major, read in place, rows
	// off the 128-byte grid; or 16-bit on 64x96 tiles), the C launcher's rule; none where asked
	// for none, on the grid, or with one tile row.
	for _, cc := range []struct {
		m, n, k int64
		opt     GemmOptions
		cluster int
		kernel  string
	}{
		{1000, 1000, 1000, GemmOptions{SMs: 132}, 2, "cutego_gemm_64x128_kk_bf16_bf16"},
		{2000, 3000, 1000, GemmOptions{SMs: 132}, 2, "cutego_gemm_128x192_kk_bf16_bf16"},
		{1000, 4096, 3000, GemmOptions{SMs: 132}, 2, "cutego_gemm_128x256_kk_bf16_bf16"},
		{2000, 3000, 1000, GemmOptions{SMs: 132, ClusterM: 1}, 1, "cutego_gemm_128x192_kk_bf16_bf16"},
		{2000, 3000, 1000, GemmOptions{SMs: 132, Config: 2}, 2, "cutego_gemm_128x128_kk_bf16_bf16"},
		{1024, 1024, 1024, GemmOptions{SMs: 132}, 1, "cutego_gemm_64x128_kk_bf16_bf16"},
		{100, 4096, 1000, GemmOptions{SMs: 132, Config: 2, SplitK: 1}, 1, "cutego_gemm_128x128_kk_bf16_bf16"},
		{128, 6144, 4096, GemmOptions{SMs: 132}, 2, "cutego_gemm_64x96_kk_bf16_bf16"},
		{128, 6144, 4096, GemmOptions{SMs: 132, ClusterM: 1}, 1, "cutego_gemm_64x96_kk_bf16_bf16"},
		{64, 6144, 4096, GemmOptions{SMs: 132, Config: 10}, 1, "cutego_gemm_64x96_kk_bf16_bf16"},
	} {
		o := cc.opt
		p, err := launchPlan(op(cc.m, cc.n), op(cc.m, cc.k), op(cc.n, cc.k), nil, BF16, BF16, 0, &o, nil)
		if err != nil || int(p.c.cluster_m) != cc.cluster || p.Kernel != cc.kernel {
			t.Errorf("%dx%dx%d %+v: %v, want cluster %d on %s", cc.m, cc.n, cc.k, cc.opt, p, cc.cluster, cc.kernel)
		}
	}
	// 1x2 clusters sharing A where asked (ClusterN 2): the C planner's cluster columns, through the
	// Go launcher's options; 128x128 tiles where the automatic choice (128x256) has none.
	for _, cc := range []struct {
		m, n, k int64
		opt     GemmOptions
		kernel  string
	}{
		{64, 4096, 4096, GemmOptions{SMs: 132, Config: 7, ClusterN: 2}, "cutego_gemm_64x32_kk_bf16_bf16"},
		{4096, 4096, 4096, GemmOptions{SMs: 132, ClusterN: 2}, "cutego_gemm_128x128_kk_bf16_bf16"},
	} {
		o := cc.opt
		p, err := launchPlan(op(cc.m, cc.n), op(cc.m, cc.k), op(cc.n, cc.k), nil, BF16, BF16, 0, &o, nil)
		if err != nil || p.c.cluster_n != 2 || p.c.cluster_m != 1 || p.Kernel != cc.kernel {
			t.Errorf("%dx%dx%d %+v: %v, want 1x2 clusters on %s", cc.m, cc.n, cc.k, cc.opt, p, cc.kernel)
		}
	}
	// 128x168 tiles read B K-major only: with an N-major B, 512 x 11008 stays on 128x192 tiles read
	// in place (no transposing copy for a tile choice); K-major, 128x168.
	bn := GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(11008, 4096), cute.Ints(1, 11008))}
	for _, cc := range []struct {
		b    GemmOperand
		want string
	}{{bn, "cutego_gemm_128x192_km_bf16_bf16"}, {op(11008, 4096), "cutego_gemm_128x168_kk_bf16_bf16"}} {
		p, err := launchPlan(op(512, 11008), op(512, 4096), cc.b, nil, BF16, BF16, 0, &GemmOptions{SMs: 132}, nil)
		if err != nil || p.Kernel != cc.want || p.Packed {
			t.Errorf("512x11008x4096: %v, want %s with B in place", p, cc.want)
		}
	}
	// K = 4100 (rows of 8,200 bytes, on the 8-byte grid) and K = 4098 (rows of 8,196 bytes, on the
	// 4-byte grid): read in place by cp.async pieces of 8 and 4 bytes, no copy, on 64x64 tiles
	// unsplit (128 tiles, one wave), as 100 x 4096 x 4096 by TMA; K = 4097 (rows of 8,194 bytes, off
	// the 4-byte grid) copied on the same tiles.
	for _, c := range []struct {
		k     int64
		piece int
	}{{4100, 8}, {4098, 4}, {4097, 0}} {
		p, err := launchPlan(op(100, 4096), op(100, c.k), op(4096, c.k), nil, BF16, BF16, 0, &GemmOptions{SMs: 132}, nil)
		if err != nil || p.Kernel != "cutego_gemm_64x64_kk_bf16_bf16" || p.Packed != (c.piece == 0) || p.Rows != (c.piece > 0) ||
			p.RowsPiece != c.piece || p.c.split_k > 1 {
			t.Errorf("100x4096x%d: %+v %v, want 64x64 tiles, unsplit, cp.async pieces of %d bytes (0: copied)", c.k, p, err, c.piece)
		}
	}
	// An M-major A on 128x64 tiles is read in place (TestGemmOnDevice's case).
	am := GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(200, 320), cute.Ints(1, 200))}
	if p, err := launchPlan(op(200, 136), am, op(136, 320), nil, BF16, F32, 0, &GemmOptions{SMs: 132, Config: 3}, nil); err != nil ||
		p.Kernel != "cutego_gemm_128x64_mk_bf16_f32" || p.Packed {
		t.Errorf("M-major A on 128x64 tiles: %v %v", p, err)
	}
	for _, tc := range cases {
		o, cd := tc.opt, tc.cd
		if cd == 0 {
			cd = BF16
		}
		p, err := launchPlan(op(tc.m, tc.n), op(tc.m, tc.k), op(tc.n, tc.k), nil, tc.ab, cd, 0, &o, nil)
		if err != nil {
			t.Errorf("%dx%dx%d %+v: %v", tc.m, tc.n, tc.k, tc.opt, err)
		} else if p.Kernel != tc.want {
			t.Errorf("%dx%dx%d %+v: %s (%s), want %s", tc.m, tc.n, tc.k, tc.opt, p.Kernel, p.Reason, tc.want)
		}
	}
	if _, err := PlanGemm(op(256, 256), op(256, 256), op(256, 256), nil, E4M3, BF16, 0, &GemmOptions{Config: 3}); err == nil ||
		!strings.Contains(err.Error(), "16-bit A and B only") {
		t.Errorf("FP8 with 128x64 tiles: %v", err)
	}
	if p, err := PlanGemm(op(256, 256), op(256, 256), op(256, 256), nil, E4M3, BF16, 0, &GemmOptions{Config: 6}); err != nil ||
		p.Kernel != "cutego_gemm_64x64_kk_e4m3_bf16" {
		t.Errorf("FP8 with 64x64 tiles: %v %v", p, err)
	}
	// 64x64 tiles split K as cutego_gemm_split_k's wave rule says for 64x64 tiles: 64 x 4096 x 4096
	// has 64 of them, so 2 slices (128 <= 132 CTAs, K 2048 each), the slices on 64x64 tiles; 8 x
	// 6144 has 96 (none); 200 x 1024 x 8192 has 4 x 16 = 64 (2: tile rows of 64, where 128-row
	// tiles would count 2 x 16 = 32 and split in 4).
	for _, sc := range []struct {
		m, n, k int64
		want    int
	}{{64, 4096, 4096, 2}, {8, 6144, 4096, 1}, {200, 1024, 8192, 2}} {
		p, err := launchPlan(op(sc.m, sc.n), op(sc.m, sc.k), op(sc.n, sc.k), nil, BF16, BF16, 0, &GemmOptions{SMs: 132, Config: 6}, nil)
		if err != nil || p.SplitK != sc.want && !(sc.want == 1 && p.SplitK == 0) || !strings.HasPrefix(p.Kernel, "cutego_gemm_64x64_kk_bf16") ||
			(sc.want > 1 && p.slices.Config != 6) {
			t.Errorf("%dx%dx%d on 64x64 tiles: split %d (want %d): %v %v", sc.m, sc.n, sc.k, p.SplitK, sc.want, p, err)
		}
	}
	if _, err := PlanGemm(op(256, 256), op(256, 256), op(256, 256), nil, E4M3, BF16, 0, &GemmOptions{Config: 7}); err == nil ||
		!strings.Contains(err.Error(), "64x32 tiles are for 16-bit A and B only") {
		t.Errorf("FP8 with 64x32 tiles: %v", err)
	}
	// 64x32 tiles: 64 x 4096 x 4096 has 128 of them, one wave, no split (2 x 128 > 132); 8 x 2048
	// x 8192 has 64 (2 slices, on 64x32 tiles); SplitK 2 splits the first on 64x32 tiles.
	for _, sc := range []struct {
		m, n, k int64
		split   int
		want    int
		cd      DType
	}{{64, 4096, 4096, 0, 1, BF16}, {8, 2048, 8192, 0, 2, BF16}, {64, 4096, 4096, 2, 2, F32}} {
		p, err := launchPlan(op(sc.m, sc.n), op(sc.m, sc.k), op(sc.n, sc.k), nil, BF16, sc.cd, 0, &GemmOptions{SMs: 132, Config: 7, SplitK: sc.split}, nil)
		if err != nil || p.SplitK != sc.want && !(sc.want == 1 && p.SplitK == 0) || !strings.HasPrefix(p.Kernel, "cutego_gemm_64x32_kk_bf16") ||
			(sc.want > 1 && p.slices.Config != 7) {
			t.Errorf("%dx%dx%d on 64x32 tiles: split %d (want %d): %v %v", sc.m, sc.n, sc.k, p.SplitK, sc.want, p, err)
		}
	}
	if p, err := PlanGemm(op(256, 256), op(256, 256), op(256, 256), nil, E4M3, F32, 0, &GemmOptions{Config: 8}); err != nil ||
		p.Kernel != "cutego_gemm_64x128_kk_e4m3_f32" {
		t.Errorf("FP8 with 64x128 tiles: %v %v", p, err)
	}
	// 64x128 tiles: 1024^3 has 128 of them, one wave, no split (2 x 128 > 132); 64 x 4096 x 4096
	// has 32 (4 slices of 1024, on 64x128 tiles); SplitK 2 splits the first on 64x128 tiles.
	for _, sc := range []struct {
		m, n, k int64
		split   int
		want    int
		cd      DType
	}{{1024, 1024, 1024, 0, 1, BF16}, {64, 4096, 4096, 0, 4, BF16}, {1024, 1024, 1024, 2, 2, F32}} {
		p, err := launchPlan(op(sc.m, sc.n), op(sc.m, sc.k), op(sc.n, sc.k), nil, BF16, sc.cd, 0, &GemmOptions{SMs: 132, Config: 8, SplitK: sc.split}, nil)
		if err != nil || p.SplitK != sc.want && !(sc.want == 1 && p.SplitK == 0) || !strings.HasPrefix(p.Kernel, "cutego_gemm_64x128_kk_bf16") ||
			(sc.want > 1 && p.slices.Config != 8) {
			t.Errorf("%dx%dx%d on 64x128 tiles: split %d (want %d): %v %v", sc.m, sc.n, sc.k, p.SplitK, sc.want, p, err)
		}
	}
	if _, err := PlanGemm(op(256, 256), op(256, 256), op(256, 256), nil, E4M3, BF16, 0, &GemmOptions{Config: 5}); err == nil ||
		!strings.Contains(err.Error(), "128x192x64 tiles are for 16-bit A and B only") {
		t.Errorf("FP8 with 128x192x64 tiles: %v", err)
	}
	// 128x192 tiles split K only where SplitK asks: 256x4096x4096 splits in 2 on 128x128 tiles
	// (64 tiles), not on 128x192 ones; SplitK 2 splits them.
	if p, err := launchPlan(op(256, 4096), op(256, 4096), op(4096, 4096), nil, BF16, BF16, 0, &GemmOptions{SMs: 132, Config: 2}, nil); err != nil ||
		p.SplitK != 2 {
		t.Errorf("256x4096x4096 on 128x128 tiles: %v %v", p, err)
	}
	if p, err := launchPlan(op(256, 4096), op(256, 4096), op(4096, 4096), nil, BF16, BF16, 0, &GemmOptions{SMs: 132, Config: 5}, nil); err != nil ||
		p.SplitK > 1 || p.Kernel != "cutego_gemm_128x192_kk_bf16_bf16" {
		t.Errorf("256x4096x4096 on 128x192 tiles: no split: %v %v", p, err)
	}
	if p, err := launchPlan(op(256, 4096), op(256, 4096), op(4096, 4096), nil, BF16, BF16, 0, &GemmOptions{SMs: 132, Config: 5, SplitK: 2}, nil); err != nil ||
		p.SplitK != 2 {
		t.Errorf("256x4096x4096 on 128x192 tiles, SplitK 2: %v %v", p, err)
	}
}
