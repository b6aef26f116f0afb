//go:build cuda

package gpu

import (
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
)

// Copier.Gemm splits K where cutego_gemm would (launchPlan, planSplit). The expected splits are
// worked out by hand from csrc/gemm/waves.c's rule on 132 SMs: the largest S <= 16 with
// tiles * S <= 132, K/S >= 1024 and K/S whole 16-byte steps, on the tiles cutego_gemm_narrow
// leaves (test_waves.c checks which shapes narrow).
func TestLaunchPlanSplitK(t *testing.T) {
	op := func(e0, e1 int64) GemmOperand {
		return GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(e0, e1), cute.Ints(e1, 1))}
	}
	cases := []struct {
		m, n, k int64
		ab      DType
		opt     GemmOptions
		split   int
		config  int // the slices' (or the unsplit plan's) CUTEGO_GEMM_CONFIG_* + 1; 0: not checked
	}{
		// Narrow, at most 64 rows: 32 tiles of 64x64 (cutego_gemm_narrow_config) in 4 slices of
		// 2752; above 64 rows 64x128 ones (as many as 128x64). Where 64x32 tiles (at most 64 rows)
		// or 64x64 ones (above) fill more than half a wave they run unsplit instead: N = 4096.
		{16, 2048, 11008, BF16, GemmOptions{SMs: 132}, 4, 6},
		{128, 2048, 11008, BF16, GemmOptions{SMs: 132}, 4, 8},
		{16, 4096, 4096, BF16, GemmOptions{SMs: 132}, 1, 7},
		{64, 4096, 4096, BF16, GemmOptions{SMs: 132}, 1, 7},
		{72, 4096, 4096, BF16, GemmOptions{SMs: 132}, 1, 6},
		// Narrow, 96 tiles of 64x64: two slices would make two waves.
		{16, 6144, 4096, BF16, GemmOptions{SMs: 132}, 1, 6},
		// Not narrow: 48 tiles of 128x128 in 2 slices of 7168. Two rows of 128x128 tiles that
		// would split, with 64x128 tiles filling more than half a wave: those, unsplit (128).
		{384, 2048, 14336, BF16, GemmOptions{SMs: 132}, 2, 2},
		{256, 4096, 14336, BF16, GemmOptions{SMs: 132}, 1, 8},
		// 86 tiles of 128x128 (172 of 128x64): no split.
		{16, 11008, 4096, BF16, GemmOptions{SMs: 132}, 1, 0},
		// 1024 tiles: no split.
		{4096, 4096, 4096, BF16, GemmOptions{SMs: 132}, 1, 0},
		// A configuration asked for still splits: 32 tiles of 128x128 in 4 slices of 1024.
		{16, 4096, 4096, BF16, GemmOptions{SMs: 132, Config: 2}, 4, 2},
		// FP8 per tensor (fp8_few_rows, fp8_row_split): 64x64 tiles where they make one wave, split
		// only in 3 or more slices of at least 1536: 64 tiles unsplit (16 x 4096^2, where 16-bit
		// splits in 2), 112 (64 x 7168 x 2048) unsplit, 33 (1 x 2112 x 7168) in 4 slices of 1792.
		{16, 4096, 4096, E4M3, GemmOptions{SMs: 132}, 1, 6},
		{64, 7168, 2048, E4M3, GemmOptions{SMs: 132}, 1, 6},
		{1, 2112, 7168, E4M3, GemmOptions{SMs: 132}, 4, 6},
		// Asked for: 8 slices of 512 (no narrow tiles when a split is asked for); 1: none.
		{16, 4096, 4096, BF16, GemmOptions{SMs: 132, SplitK: 8}, 8, 2},
		{16, 4096, 4096, BF16, GemmOptions{SMs: 132, SplitK: 1}, 1, 0},
		// No SMs known (PlanGemm's default): no automatic split.
		{16, 4096, 4096, BF16, GemmOptions{}, 1, 0},
		// Rows of 8194 bytes (odd K, off the 4-byte grid too): A and B packed with K padded to 4160 (128
		// bytes, zeros), on any tiles, so the narrow ones, which add no copy, read them: 100 rows on
		// 128 tiles of 64x64 (one wave) unsplit; asked for, 8 slices on 128x128 tiles (no narrow
		// tiles when a split is asked for); 16 x 2048: 64 tiles of 64x32 (128x128 would make 16: at
		// most 128 rows, cutego_gemm_narrow_config's few_rows) in 2 slices of 2080 (the padded K).
		{100, 4096, 4097, BF16, GemmOptions{SMs: 132}, 1, 6},
		{100, 4096, 4097, BF16, GemmOptions{SMs: 132, SplitK: 8}, 8, 2},
		{16, 2048, 4097, BF16, GemmOptions{SMs: 132}, 2, 7}, // TestGemmSplitKOnDevice's packed case
		// Rows of 8200 or 8196 bytes (on the 8- or 4-byte grid): read in place by cp.async, never split: 100 rows
		// on 128 tiles of 64x64 (rows_narrow: the most tiles in one wave); asked for a split, copied
		// as above (PitchPack ON likewise, on the narrow 64x64 tiles unsplit). 16 x 2048 x 4098 (4-byte
		// pieces) would read 64 tiles of 64x32 in place, at most half the SMs: copied instead, its 64
		// tiles of 64x32 in 2 slices (cutego_gemm_rows_copy_splits); 16 x 4096 x 4098 (128) in place.
		{100, 4096, 4100, BF16, GemmOptions{SMs: 132}, 1, 6},
		{100, 4096, 4100, BF16, GemmOptions{SMs: 132, SplitK: 8}, 8, 2},
		{100, 4096, 4100, BF16, GemmOptions{SMs: 132, PitchPack: 1}, 1, 6},
		{100, 4096, 4098, BF16, GemmOptions{SMs: 132}, 1, 6},
		{16, 2048, 4098, BF16, GemmOptions{SMs: 132}, 2, 7},
		{16, 4096, 4098, BF16, GemmOptions{SMs: 132}, 1, 0},
		{16, 2048, 4098, BF16, GemmOptions{SMs: 132, Decomposition: GemmDataParallel}, 1, 0},
	}
	for _, tc := range cases {
		o := tc.opt
		p, err := launchPlan(op(tc.m, tc.n), op(tc.m, tc.k), op(tc.n, tc.k), nil, tc.ab, BF16, 0, &o, nil)
		if err != nil {
			t.Errorf("%dx%dx%d %+v: %v", tc.m, tc.n, tc.k, tc.opt, err)
			continue
		}
		if p.SplitK != tc.split || int(p.c.split_k) != map[bool]int{true: tc.split, false: 0}[tc.split > 1] {
			t.Errorf("%dx%dx%d %+v: split %d (plan's %d), want %d (%s)", tc.m, tc.n, tc.k, tc.opt, p.SplitK, p.c.split_k,
				tc.split, p.Reason)
		}
		if tc.config > 0 && int(p.c.config)+1 != tc.config {
			t.Errorf("%dx%dx%d %+v: config %d, want %d", tc.m, tc.n, tc.k, tc.opt, p.c.config+1, tc.config)
		}
		if tc.split > 1 {
			if p.slices.Config != tc.config && tc.config > 0 || !p.slices.NoPack || p.slices.SplitK != 1 ||
				p.slices.ForcePath != GemmWgmma || !strings.Contains(p.Reason, "K split in") {
				t.Errorf("%dx%dx%d %+v: slices %+v (%s)", tc.m, tc.n, tc.k, tc.opt, p.slices, p.Reason)
			}
		}
	}
	// The 8 slices of 16x4096x4096: A' (16,512,8):(4096,1,512), B' (4096,512,8):(4096,1,512),
	// W (16,4096,8):(4096,1,65536), 16*4096*8 fp32 = 2 MiB.
	o := GemmOptions{SMs: 132, SplitK: 8}
	p, err := launchPlan(op(16, 4096), op(16, 4096), op(4096, 4096), nil, BF16, BF16, 0, &o, nil)
	if err != nil {
		t.Fatal(err)
	}
	w, a, b, err := splitOperands(&p.split, 0x2000, 0x3000, 0x4000)
	if err != nil {
		t.Fatal(err)
	}
	want := func(what string, got GemmOperand, ptr uint64, shape, stride []int64) {
		l := cute.MustLayout(cute.Ints(shape...), cute.Ints(stride...))
		if uint64(got.Ptr) != ptr || got.Layout.String() != l.String() {
			t.Errorf("%s: %v at %#x, want %v at %#x", what, got.Layout, got.Ptr, l, ptr)
		}
	}
	want("W", w, 0x2000, []int64{16, 4096, 8}, []int64{4096, 1, 65536})
	want("A'", a, 0x3000, []int64{16, 512, 8}, []int64{4096, 1, 512})
	want("B'", b, 0x4000, []int64{4096, 512, 8}, []int64{4096, 1, 512})
	if p.split.workspace_bytes != 2<<20 || p.c.split_workspace_bytes != 2<<20 {
		t.Errorf("workspace %d bytes, want 2 MiB", p.split.workspace_bytes)
	}
	// Impossible splits are errors: 3 slices of 4096, 17, a batched GEMM, a negative count.
	bad := []struct {
		opt GemmOptions
		l   int64
	}{{GemmOptions{SMs: 132, SplitK: 3}, 1}, {GemmOptions{SMs: 132, SplitK: 17}, 1}, {GemmOptions{SMs: 132, SplitK: 2}, 2},
		{GemmOptions{SMs: 132, SplitK: -1}, 1}}
	for _, tc := range bad {
		o := tc.opt
		op3 := func(e0, e1 int64) GemmOperand {
			return GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(e0, e1, tc.l), cute.Ints(e1, 1, e0*e1))}
		}
		if p, err := launchPlan(op3(16, 4096), op3(16, 4096), op3(4096, 4096), nil, BF16, BF16, 0, &o, nil); err == nil {
			t.Errorf("split_k %d, L %d: plan %+v", tc.opt.SplitK, tc.l, p)
		}
	}
}

// Rows of 2000 bytes (off the 128-byte grid): in place where 2x1 clusters share B
// (3000x5000x1000 on 132 SMs, cutego_gemm_pitch_in_clusters), else packed where csrc/gemm/waves.c's
// cost model says the copy pays (the same with ClusterM 1: both, by hand in test_plan_gemm.c),
// never with PitchPack OFF or without SMs, always with ON; 1000^3 stays in place unless ON.
func TestPlanGemmPitchPack(t *testing.T) {
	op := func(e0, e1 int64) GemmOperand {
		return GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(e0, e1), cute.Ints(e1, 1))}
	}
	for _, tc := range []struct {
		m, n, k int64
		opt     GemmOptions
		packed  bool
	}{
		{3000, 5000, 1000, GemmOptions{SMs: 132}, false}, // in place, B shared by 2x1 clusters
		{3000, 5000, 1000, GemmOptions{SMs: 132, ClusterM: 1}, true},
		{3000, 5000, 1000, GemmOptions{SMs: 132, PitchPack: 2}, false},
		{3000, 5000, 1000, GemmOptions{}, false},
		{3000, 5000, 1024, GemmOptions{SMs: 132, PitchPack: 1}, false},
		{1000, 1000, 1000, GemmOptions{SMs: 132}, false},
		{1000, 1000, 1000, GemmOptions{SMs: 132, PitchPack: 1}, true},
	} {
		o := tc.opt
		p, err := launchPlan(op(tc.m, tc.n), op(tc.m, tc.k), op(tc.n, tc.k), nil, BF16, BF16, 0, &o, nil)
		if err != nil || p.Packed != tc.packed || p.Path != GemmWgmma {
			t.Errorf("%dx%dx%d %+v: packed %v, want %v (%v)", tc.m, tc.n, tc.k, tc.opt, p != nil && p.Packed, tc.packed, err)
			continue
		}
		if tc.packed && (p.c.a_packed.stride[0] != 1024 || !strings.Contains(p.Reason, "off the 128-byte grid")) {
			t.Errorf("%dx%dx%d: pitch %d: %s", tc.m, tc.n, tc.k, p.c.a_packed.stride[0], p.Reason)
		}
	}
	o := GemmOptions{PitchPack: 3}
	if _, err := launchPlan(op(64, 64), op(64, 64), op(64, 64), nil, BF16, BF16, 0, &o, nil); err == nil ||
		!strings.Contains(err.Error(), "pitch_pack 3") {
		t.Errorf("pitch_pack 3: %v", err)
	}
}
