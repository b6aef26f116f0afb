package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/sm90"
)

// gemmConfigs are the tile configurations of the wgmma GEMM kernels (kernels/gemm*.cuh):
// the only numbers of the generated header that are written down; everything else is
// derived from them by sm90.DeriveGemm. 16-bit A and B (bf16/fp16), F32 accumulator, two
// consumer warpgroups of 64 rows each; then the same tiles for 8-bit A and B (FP8 e4m3/e5m2:
// BK of 128 bytes as for 16-bit, K-major operands only, no clusters), in the order of
// CUTEGO_GEMM_CONFIG_*. 128x64 is the narrow tile for few output tiles (twice the tiles of
// 128x128 where K would otherwise be split): 8 stages of 24 KiB. 128x192 (FP8 only) is the
// block-scaled kernel's wide tile: one partial sum of 96 registers beside the accumulator's 96,
// where 128x256 would need 256 (4 stages of 40 KiB). The 16-bit 128x192 tile (config 4) sits
// between 128x128 and 128x256 for shapes of about one wave of tiles: 4 stages of 40 KiB (a fifth
// would pass the 227 KiB limit beside the epilogue's 32 KiB of staging). The 16-bit 64x64 tile
// (config 5) is the decode tile for M <= 64: ONE consumer warpgroup (BM = 64), 13 stages of 16
// KiB beside its 16 KiB of staging (230,608 bytes; a fourteenth would pass 227 KiB), so that
// 104 KiB of B are in flight per SM where 128x64 holds 64. The 16-bit 64x32 tile (config 6) is
// the decode tile that fills a wave without splitting K where 64x64 would (N = 4096: 128 tiles):
// one consumer warpgroup, m64n32k16, 16 stages of 12 KiB (214,272 bytes; a seventeenth would
// fit, 226,576), B's MN-major stages in the 64-byte swizzle (32 columns of 16-bit elements).
// The 16-bit 64x128 tile (config 7) is the one-wave tile of squares about 1000 and of 128-row
// GEMMs (cuBLAS's 64x128: 1000^3 is 128 of them where 128x128 makes 64): one consumer
// warpgroup, m64n128k16, 8 stages of 24 KiB beside its 16 KiB of staging (214,144 bytes; a
// ninth would pass 227 KiB). The 16-bit 128x168 tile (config 8) is cuBLAS's tile of the one-wave
// shapes against N = 11008 (66 columns of tiles: 132 tiles on 256 rows): m64n168k16, 5 stages of
// 37 KiB beside the epilogue's 32 KiB (223,312 bytes); no clusters (B's half-box of 84 rows would
// not start on a 1024-byte swizzle boundary). Its kernels read B K-major only: 168 columns are not
// a whole number of any swizzled MN-major atom (the derivation's B_MN is the interleaved one).
// The 16-bit 64x96 tile (config 9) is cuBLAS's tile of 128 x 6144 (64 columns of tiles: 128
// tiles on 128 rows, where 64x128 makes 96): one consumer warpgroup, m64n96k16, 10 stages of 20
// KiB beside its 16 KiB of staging; B's N-major stages in the 64-byte swizzle (three loads of 32
// columns).
// The 16-bit 128x96 tile (config 10) is cuBLAS's tile of 256 x 6144 (64 columns of tiles: 128
// tiles on 256 rows, where 128x128 makes 96; cuBLAS shares A between pairs of them): two consumer
// warpgroups, m64n96k16, 6 stages of 28 KiB beside the two consumers' 32 KiB of staging (205,920
// bytes; a seventh stage would pass 227 KiB).
// The 16-bit 128x224 tile (config 11) fills a wave where 128x256 leaves SMs idle on N = 7168,
// 14336 and 28672 (32, 64 and 128 columns of tiles: 14336 on 256 rows is 128 tiles where 128x256
// makes 112): two consumer warpgroups, m64n224k16, 4 stages of 44 KiB beside the two consumers'
// 32 KiB of staging (212,992 bytes; a fifth stage would pass 227 KiB); B's N-major stages in the
// 64-byte swizzle (seven atoms of 32 columns); no clusters.
// The FP8 64x64 and 64x128 tiles (block-scaled only, configs 5 and 7 of the FP8 table) are
// DeepGEMM's tiles of M <= 128: one consumer warpgroup, m64n64k32 and m64n128k32, 13 stages of 16
// KiB (230,608 bytes) and 8 of 24 KiB (214,144 bytes; a ninth would pass 227 KiB) beside the
// consumer's 16 KiB of staging.
// The FP8 128x224 tile (config 11 of the FP8 table, per-tensor fast accumulation) is the 16-bit
// 128x224's bytes for 8-bit K: it fills a wave where 128x256 leaves SMs idle on N = 7168, 14336
// and 28672 (m64n224k32, 4 stages of 44 KiB beside the two consumers' 32 KiB of staging; no
// clusters).
var gemmConfigs = []sm90.GemmConfig{
	{BM: 128, BN: 256, BK: 64, Stages: 4, ElemBits: 16, ConsumerWarpgroups: 2, Multicast: 2},
	{BM: 128, BN: 128, BK: 64, Stages: 6, ElemBits: 16, ConsumerWarpgroups: 2, Multicast: 2},
	{BM: 128, BN: 64, BK: 64, Stages: 8, ElemBits: 16, ConsumerWarpgroups: 2, Multicast: 2},
	{BM: 128, BN: 192, BK: 64, Stages: 4, ElemBits: 16, ConsumerWarpgroups: 2, Multicast: 2},
	{BM: 64, BN: 64, BK: 64, Stages: 13, ElemBits: 16, ConsumerWarpgroups: 1, Multicast: 2},
	{BM: 64, BN: 32, BK: 64, Stages: 16, ElemBits: 16, ConsumerWarpgroups: 1, Multicast: 2},
	{BM: 64, BN: 128, BK: 64, Stages: 8, ElemBits: 16, ConsumerWarpgroups: 1, Multicast: 2},
	{BM: 128, BN: 168, BK: 64, Stages: 5, ElemBits: 16, ConsumerWarpgroups: 2},
	{BM: 64, BN: 96, BK: 64, Stages: 10, ElemBits: 16, ConsumerWarpgroups: 1, Multicast: 2},
	{BM: 128, BN: 96, BK: 64, Stages: 6, ElemBits: 16, ConsumerWarpgroups: 2, Multicast: 2},
	{BM: 128, BN: 224, BK: 64, Stages: 4, ElemBits: 16, ConsumerWarpgroups: 2},
	{BM: 128, BN: 256, BK: 128, Stages: 4, ElemBits: 8, ConsumerWarpgroups: 2, KMajorOnly: true, Multicast: 2},
	{BM: 128, BN: 128, BK: 128, Stages: 6, ElemBits: 8, ConsumerWarpgroups: 2, KMajorOnly: true},
	{BM: 128, BN: 192, BK: 128, Stages: 4, ElemBits: 8, ConsumerWarpgroups: 2, KMajorOnly: true},
	{BM: 64, BN: 64, BK: 128, Stages: 13, ElemBits: 8, ConsumerWarpgroups: 1, KMajorOnly: true},
	{BM: 64, BN: 128, BK: 128, Stages: 8, ElemBits: 8, ConsumerWarpgroups: 1, KMajorOnly: true},
	{BM: 128, BN: 224, BK: 128, Stages: 4, ElemBits: 8, ConsumerWarpgroups: 2, KMajorOnly: true},
}

const gemmHeaderPath = "kernels/generated/cutego_gemm_layouts.h"

// cmdGen is `cutego gen gemm [-o file]`: the generated header of the GEMM kernels' layouts.
func cmdGen(args []string, w io.Writer) error {
	if len(args) < 1 || args[0] != "gemm" {
		return usageError{"usage: cutego gen gemm [-o file]  (the only generator is gemm)"}
	}
	fs := flag.NewFlagSet("gen gemm", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	out := fs.String("o", "", "write to this file instead of stdout")
	if err := fs.Parse(args[1:]); err != nil {
		return usageError{err.Error()}
	}
	if fs.NArg() != 0 {
		return usageError{"unexpected arguments " + strings.Join(fs.Args(), " ")}
	}
	if *out == "" {
		var b bytes.Buffer
		if err := writeGemmHeader(&b, gemmConfigs); err != nil {
			return err
		}
		_, err := w.Write(b.Bytes())
		return err
	}
	return writeOutput(*out, func(w io.Writer) error { return writeGemmHeader(w, gemmConfigs) })
}

// writeGemmHeader derives every configuration and writes the C++ header.
func writeGemmHeader(w io.Writer, cfgs []sm90.GemmConfig) error {
	p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }
	p("// %s — generated by `cutego gen gemm`; do not edit.\n", gemmHeaderPath)
	p("// Every number below is derived by cutego (cute/sm90) from the tile configuration\n")
	p("// (BM, BN, BK, STAGES, element bits): GMMA atoms by ss_smem_selector, stage layouts by\n")
	p("// tile_to_shape, TMA boxes by cute/tma.Derive, wgmma descriptors by make_gmma_desc,\n")
	p("// the wgmma shape and the accumulator by the kernel's TiledMMA (make_tiled_mma over the SM90\n")
	p("// GMMA atom of cute/atom's table, each consumer warpgroup's slice checked against the atom's\n")
	p("// CLayout). Checked against CUTLASS by `make gemm-gen-check`.\n")
	p("#pragma once\n")
	p("namespace cutego_gen {\n")
	for _, c := range cfgs {
		g, err := sm90.DeriveGemm(c)
		if err != nil {
			return err
		}
		if err := writeGemm(w, g); err != nil {
			return err
		}
	}
	p("}  // namespace cutego_gen\n")
	return nil
}

func writeGemm(w io.Writer, g sm90.Gemm) error {
	p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }
	c := g.Config
	p("struct %s {\n", c.Name())
	p("  static constexpr int BM = %d, BN = %d, BK = %d, STAGES = %d, ELEM_BYTES = %d;\n", c.BM, c.BN, c.BK, c.Stages, c.ElemBits/8)
	p("  // each of CONSUMER_WARPGROUPS consumer warpgroups issues wgmma m<MMA_M>n<MMA_N>k<MMA_K>\n")
	p("  static constexpr int CONSUMER_WARPGROUPS = %d, MMA_M = %d, MMA_N = %d, MMA_K = %d;\n", c.ConsumerWarpgroups, g.MMAM, g.MMAN, g.MMAK)
	p("  // the CTAs of a cluster that share an operand's stages through TMA multicast (mc_*)\n")
	p("  static constexpr int MULTICAST = %d;\n", max(c.Multicast, 1))
	field := fieldAt("    ", w)
	for _, o := range g.Operands {
		bits, err := o.Desc.Bits()
		if err != nil {
			return fmt.Errorf("%s %s: %w", c.Name(), o.Name, err)
		}
		p("  struct %s {   // operand %s, %v-major, %v atom\n", o.Name, o.Name[:1], o.Major, o.Kind)
		field("major", int64(o.Major), "0 K-major, 1 MN-major")
		field("rows", int64(o.Rows), "MN extent of the tile (BM for A, BN for B)")
		field("stage_bytes", int64(o.StageBytes), "bytes of one stage of this operand (also the stage stride)")
		field("tma_box_inner", int64(o.TMA.Box[0]), "TMA box, contiguous dimension (elements)")
		field("tma_box_outer", int64(o.TMA.Box[1]), "TMA box, other dimension (elements)")
		field("tma_loads", int64(o.TMALoads), "TMA loads per stage")
		field("tma_load_smem_bytes", int64(o.TMALoadSmemBytes), "smem byte offset between consecutive loads")
		field("tma_load_mn", int64(o.TMALoadMN), "MN coordinate step (elements) between loads")
		field("tma_swizzle_bytes", int64(o.TMA.SwizzleBytes), "")
		if c.Multicast > 1 {
			field("mc_tma_box_inner", int64(o.MCTMA.Box[0]), "multicast: each CTA's box of every load")
			field("mc_tma_box_outer", int64(o.MCTMA.Box[1]), "(CTA r at outer coordinate + r * mc_tma_box_outer)")
			field("mc_slice_bytes", o.MCSliceBytes, "CTA r's slice lands r * mc_slice_bytes into the load")
		}
		field("desc_rows", int64(o.MMARows), "MN extent of the wgmma sub-tile the descriptor describes")
		field("desc_layout_type", int64(o.Desc.LayoutType), fmt.Sprintf("wgmma descriptor bits 62-63: %v", o.Desc.LayoutType))
		field("desc_lbo_bytes", int64(o.Desc.LBOBytes), "leading byte offset (before >>4)")
		field("desc_sbo_bytes", int64(o.Desc.SBOBytes), "stride byte offset (before >>4)")
		field("desc_k_step_bytes", o.KStepBytes, fmt.Sprintf("start-address advance per K=%d block", g.MMAK))
		field("desc_mn64_step_bytes", int64(o.MN64StepBytes), "start-address advance per 64 MN rows")
		field("desc_mn64_blocks", o.MN64Blocks, "64-row blocks j at j*desc_mn64_step_bytes (A: every warpgroup's)")
		p("    static constexpr unsigned long long desc_template = 0x%016xull; // the descriptor with start address 0\n", bits)
		field("wgmma_trans", int64(o.WgmmaTrans), "wgmma imm-trans: 0 K-major, 1 MN-major")
		p("    // CuTe's printed forms, element offsets, swizzle on element offsets (position-independent);\n")
		p("    // smem_byte_swizzle is the same swizzle on byte addresses (what TMA and wgmma apply).\n")
		p("    static constexpr const char *smem_atom = %q;\n", o.Atom.String())
		p("    static constexpr const char *smem_byte_swizzle = %q;\n", o.ByteSwizzle.String())
		p("    static constexpr const char *smem_stages = %q;\n", o.Stages.String())
		p("  };\n")
	}
	t, v, err := tvModes(g.Acc.TV)
	if err != nil {
		return fmt.Errorf("%s accumulator: %w", c.Name(), err)
	}
	field = fieldAt("    ", w)
	p("  struct Acc {   // accumulator of one consumer warpgroup, m%dn%dk%d, F32\n", g.MMAM, g.MMAN, g.MMAK)
	field("tile_m", int64(g.Acc.TileM), "(t,v) -> row + tile_m * col")
	p("    static constexpr int t_shape[3] = {%s}, t_stride[3] = {%s};\n", join(t[0]), join(t[1]))
	p("    static constexpr int v_shape[3] = {%s}, v_stride[3] = {%s};\n", join(v[0]), join(v[1]))
	p("    static constexpr const char *tv = %q;\n", g.Acc.TV.String())
	p("  };\n")
	p("};\n")
	return nil
}

// tvModes flattens the thread and value modes of a TV layout into shape and stride lists of
// exactly three entries, padding with 1:0 modes.
func tvModes(tv cute.Layout) (t, v [2][]int64, err error) {
	if tv.Rank() != 2 {
		return t, v, fmt.Errorf("TV layout %v is not rank 2", tv)
	}
	mode := func(i int) ([2][]int64, error) {
		var r [2][]int64
		m, err := cute.Get(tv, i)
		if err != nil {
			return r, err
		}
		r[0] = m.Shape().LeafValues(nil)
		r[1] = m.Stride().LeafValues(nil)
		if len(r[0]) > 3 {
			return r, fmt.Errorf("mode %d of %v has %d leaves, more than 3", i, tv, len(r[0]))
		}
		for len(r[0]) < 3 {
			r[0], r[1] = append(r[0], 1), append(r[1], 0)
		}
		return r, nil
	}
	if t, err = mode(0); err != nil {
		return
	}
	v, err = mode(1)
	return
}

func join(xs []int64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ",")
}

// fieldAt returns a writer of `static constexpr int name = value;  // comment` lines with
// the comments aligned.
func fieldAt(indent string, w io.Writer) func(name string, v int64, comment string) {
	return func(name string, v int64, comment string) {
		decl := fmt.Sprintf("%sstatic constexpr int %s = %d;", indent, name, v)
		if comment == "" {
			fmt.Fprintln(w, decl)
			return
		}
		fmt.Fprintf(w, "%-52s // %s\n", decl, comment)
	}
}
