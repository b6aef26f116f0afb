package sm90

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
)

var kernelConfigs = []GemmConfig{
	{BM: 128, BN: 256, BK: 64, Stages: 4, ElemBits: 16, ConsumerWarpgroups: 2},
	{BM: 128, BN: 128, BK: 64, Stages: 6, ElemBits: 16, ConsumerWarpgroups: 2},
	{BM: 128, BN: 192, BK: 64, Stages: 4, ElemBits: 16, ConsumerWarpgroups: 2},
	{BM: 64, BN: 256, BK: 32, Stages: 3, ElemBits: 16, ConsumerWarpgroups: 1},
	// 8-bit: K-major only, as CuTe's GMMA atoms read FP8 (TestGemmKMajorOnly)
	{BM: 128, BN: 128, BK: 128, Stages: 3, ElemBits: 8, ConsumerWarpgroups: 2, KMajorOnly: true},
	{BM: 128, BN: 256, BK: 128, Stages: 2, ElemBits: 8, ConsumerWarpgroups: 2, KMajorOnly: true},
}

// tmaSwizzle is the copy engine's smem swizzle on a byte address: the 16-byte chunk index
// (bits 4..) XOR the row of the swizzle pattern (bits 7..), log2(bytes/16) bits.
func tmaSwizzle(addr, bytes int64) int64 {
	b := int64(0)
	for bytes > 16<<b {
		b++
	}
	if bytes == 0 {
		b = 0
	}
	return addr ^ ((addr>>7)&(1<<b-1))<<4
}

// TestGemmTMAFillsStages emulates the TMA loads the header describes — per stage s and load
// j, the box (inner, outer) written densely from s·stage_bytes + j·tma_load_smem_bytes,
// swizzled, its element (x0,x1) being global (k=x0, mn=j·tma_load_mn+x1) for K-major and
// (mn=j·tma_load_mn+x0, k=x1) for MN-major — and checks that every element of the stage
// lands where the stage layout puts it, each byte once.
func TestGemmTMAFillsStages(t *testing.T) {
	for _, c := range kernelConfigs {
		g, err := DeriveGemm(c)
		if err != nil {
			t.Fatalf("%s: %v", c.Name(), err)
		}
		checkTMAFills(t, g)
	}
}

func checkTMAFills(t *testing.T, g Gemm) {
	t.Helper()
	c := g.Config
	eb := c.ElemBits / 8
	for _, o := range g.Operands {
		if o.TMA.Rank != 2 {
			t.Fatalf("%s %s: rank %d box", c.Name(), o.Name, o.TMA.Rank)
		}
		in, out := int64(o.TMA.Box[0]), int64(o.TMA.Box[1])
		seen := map[int64]bool{}
		for s := int64(0); s < c.Stages; s++ {
			for j := int64(0); j < o.TMALoads; j++ {
				for x1 := int64(0); x1 < out; x1++ {
					for x0 := int64(0); x0 < in; x0++ {
						mn, k := j*o.TMALoadMN+x1, x0
						if o.Major == MajorMN {
							mn, k = j*o.TMALoadMN+x0, x1
						}
						got := tmaSwizzle(s*o.StageBytes+j*o.TMALoadSmemBytes+(x1*in+x0)*eb, int64(o.TMA.SwizzleBytes))
						want := smemByteAddr(t, o.Stages, eb, mn, k, s)
						if got != want {
							t.Fatalf("%s %s: stage %d load %d box (%d,%d) = (mn %d, k %d) written at %d, layout says %d",
								c.Name(), o.Name, s, j, x0, x1, mn, k, got, want)
						}
						if seen[got] {
							t.Fatalf("%s %s: byte %d written twice", c.Name(), o.Name, got)
						}
						seen[got] = true
					}
				}
			}
		}
		if int64(len(seen)) != c.Stages*o.Rows*c.BK {
			t.Fatalf("%s %s: %d elements written, stages hold %d", c.Name(), o.Name, len(seen), c.Stages*o.Rows*c.BK)
		}
	}
}

// TestGemmWgmmaDescriptors: with the header's descriptor and steps, the wgmma unit reads,
// for stage s, 64-row block w (A's warpgroup) and K block kb, from start
// s·stage_bytes + w·desc_mn64_step_bytes + kb·desc_k_step_bytes, exactly the elements
// the stage layout holds at (w·64 + mn, kb·MMA_K + k, s): 64 rows from every block, and the
// whole instruction sub-tile (desc_rows: 64 for A, BN for B) from block 0.
func TestGemmWgmmaDescriptors(t *testing.T) {
	for _, c := range kernelConfigs {
		g, err := DeriveGemm(c)
		if err != nil {
			t.Fatalf("%s: %v", c.Name(), err)
		}
		checkWgmmaReads(t, g)
	}
}

func checkWgmmaReads(t *testing.T, g Gemm) {
	t.Helper()
	c := g.Config
	eb := c.ElemBits / 8
	for _, o := range g.Operands {
		if o.WgmmaTrans != int(o.Major) {
			t.Errorf("%s %s: trans %d", c.Name(), o.Name, o.WgmmaTrans)
		}
		// (rows, start) pairs: the whole instruction sub-tile at the origin of each 64-row
		// block w (which for B reads all BN rows only from w = 0)
		for s := int64(0); s < c.Stages; s++ {
			if o.MN64Blocks < 1 || o.MN64Blocks > max(1, o.Rows/64) || (o.Name[0] == 'A' && o.MN64Blocks != o.Rows/64) {
				t.Fatalf("%s %s: %d 64-row blocks", c.Name(), o.Name, o.MN64Blocks)
			}
			for w := int64(0); w < o.MN64Blocks; w++ {
				rows := int64(64)
				if w == 0 {
					rows = o.MMARows
				}
				for kb := int64(0); kb < c.BK/g.MMAK; kb++ {
					start := s*o.StageBytes + w*o.MN64StepBytes + kb*o.KStepBytes
					for mn := int64(0); mn < rows; mn++ {
						for k := int64(0); k < g.MMAK; k++ {
							got := hwByteAddr(o.Desc, start, o.Major, eb, mn, k)
							want := smemByteAddr(t, o.Stages, eb, w*64+mn, kb*g.MMAK+k, s)
							if got != want {
								t.Fatalf("%s %s: stage %d block %d kb %d (%d,%d): wgmma reads byte %d, layout says %d (desc %+v)",
									c.Name(), o.Name, s, w, kb, mn, k, got, want, o.Desc)
							}
						}
					}
				}
			}
		}
	}
	tv, _ := CLayout64xN(c.BN)
	if !g.Acc.TV.Equal(tv) || g.Acc.TileM != 64 || g.Acc.TileN != c.BN {
		t.Errorf("%s: accumulator %v", c.Name(), g.Acc)
	}
}

// TestGemmKernelConfigs: what the configurations of the kernels derive to, by construction
// of CuTe's atoms: 128-byte swizzles, one stage = rows x BK x 2 bytes, and the stage layout
// strings CUTLASS prints for as_position_independent_swizzle_layout(tile_to_shape(
// GMMA::Layout_{K,MN}_SW128_Atom<half_t>{}, (rows,64,stages), Step<…>)) (recorded in
// interop/cases/kernels_sm90_sm80.txt's C++ results for (128,64,4)).
func TestGemmKernelConfigs(t *testing.T) {
	g, err := DeriveGemm(kernelConfigs[0])
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"A_K":  "Sw<3,3,3> o 0 o ((8,16),(64,1),(1,4)):((64,512),(1,0),(0,8192))",
		"A_MN": "Sw<3,3,3> o 0 o ((64,2),(8,8),(1,4)):((1,4096),(64,512),(0,8192))",
	}
	for name, s := range want {
		o, _ := g.Operand(name)
		if o.Stages.String() != s {
			t.Errorf("%s: %v, want %s", name, o.Stages, s)
		}
		if o.Desc.LayoutType != B128 || o.TMA.SwizzleBytes != 128 || o.StageBytes != 128*64*2 {
			t.Errorf("%s: %+v", name, o)
		}
	}
}

func TestDeriveGemmRefuses(t *testing.T) {
	for _, c := range []GemmConfig{
		{BM: 192, BN: 256, BK: 64, Stages: 4, ElemBits: 16, ConsumerWarpgroups: 2}, // 192 != 2 x 64
		{BM: 128, BN: 256, BK: 64, Stages: 4, ElemBits: 32, ConsumerWarpgroups: 2},
		{BM: 128, BN: 256, BK: 24, Stages: 4, ElemBits: 16, ConsumerWarpgroups: 2}, // BK not a multiple of 16
		{BM: 128, BN: 256, BK: 64, Stages: 0, ElemBits: 16, ConsumerWarpgroups: 2},
		{BM: 128, BN: 264, BK: 64, Stages: 4, ElemBits: 16, ConsumerWarpgroups: 2}, // wgmma N > 256
		{BM: 128, BN: 12, BK: 64, Stages: 4, ElemBits: 16, ConsumerWarpgroups: 2},
		{BM: 128, BN: 128, BK: 128, Stages: 2, ElemBits: 16, ConsumerWarpgroups: 2}, // K-major: K blocks not equally spaced
	} {
		if _, err := DeriveGemm(c); !errors.As(err, new(*cute.Error)) {
			t.Errorf("%+v: %v, want a *cute.Error", c, err)
		}
	}
}

// FuzzDeriveGemm: any configuration either derives, and then the TMA loads fill the stages
// as the stage layouts say and the wgmma descriptors read them as the stage layouts say, or
// is refused with an error (never a panic).
func FuzzDeriveGemm(f *testing.F) {
	f.Add(uint8(2), uint8(32), uint8(4), uint8(2), false)
	f.Add(uint8(1), uint8(24), uint8(2), uint8(1), true)
	f.Fuzz(func(t *testing.T, wg, bn8, bk16, stages uint8, fp8 bool) {
		c := GemmConfig{BM: 64 * int64(wg%3), BN: 8 * int64(bn8%40), BK: 16 * int64(bk16%9),
			Stages: int64(stages % 3), ElemBits: 16, ConsumerWarpgroups: int64(wg % 3)}
		if fp8 {
			c.ElemBits, c.BK, c.KMajorOnly = 8, 2*c.BK, true
		}
		g, err := DeriveGemm(c)
		if err != nil {
			return
		}
		checkTMAFills(t, g)
		checkWgmmaReads(t, g)
	})
}

// KMajorOnly (the FP8 configurations) derives exactly the K-major operands of the full
// derivation, and for 8-bit elements a 128-element (128-byte) K-major row is one SW128 row:
// FP8 wgmma k32 advances 32 bytes per K block (PTX's K-major descriptor, 32 one-byte elements).
// The full derivation of an 8-bit configuration is refused: CuTe has no SS GMMA atom that
// reads FP8 MN-major (only SM90_64xNx32_F32E4M3E4M3_SS_TN); its K-major operands are
// derived as for the full derivation with the check of the atom's majors left out.
func TestGemmKMajorOnly(t *testing.T) {
	for _, c := range []GemmConfig{
		{BM: 128, BN: 256, BK: 128, Stages: 4, ElemBits: 8, ConsumerWarpgroups: 2},
		{BM: 128, BN: 128, BK: 128, Stages: 6, ElemBits: 8, ConsumerWarpgroups: 2},
	} {
		if _, err := DeriveGemm(c); err == nil || !strings.Contains(err.Error(), "A_MN") ||
			!strings.Contains(err.Error(), "F32E4M3E4M3_SS<GMMA::Major::MN,GMMA::Major::K> is not an MMA atom") {
			t.Fatalf("%s with MN-major operands: %v, want the atom refused", c.Name(), err)
		}
		full := Gemm{Config: c}
		for _, o := range []struct {
			name string
			rows int64
		}{{"A_K", c.BM}, {"B_K", c.BN}} {
			mma := int64(64)
			if o.name == "B_K" {
				mma = c.BN
			}
			op, err := deriveOperand(c, o.name, MajorK, o.rows, mma, 32)
			if err != nil {
				t.Fatalf("%s %s: %v", c.Name(), o.name, err)
			}
			full.Operands = append(full.Operands, op)
		}
		k := c
		k.KMajorOnly = true
		only, err := DeriveGemm(k)
		if err != nil {
			t.Fatalf("%s K-major only: %v", c.Name(), err)
		}
		if len(only.Operands) != 2 || only.Operands[0].Name != "A_K" || only.Operands[1].Name != "B_K" {
			t.Fatalf("%s K-major only: operands %d", c.Name(), len(only.Operands))
		}
		for _, o := range only.Operands {
			f, ok := full.Operand(o.Name)
			if !ok || f.Stages.String() != o.Stages.String() || f.Desc != o.Desc || f.TMA != o.TMA || f.KStepBytes != o.KStepBytes {
				t.Errorf("%s %s: K-major only differs from the full derivation", c.Name(), o.Name)
			}
			if only.MMAK != 32 || o.KStepBytes != 32 || o.TMA.Box[0] != 128 || o.StageBytes != o.Rows*128 {
				t.Errorf("%s %s: k%d, K step %d bytes, box %v, stage %d bytes", c.Name(), o.Name, only.MMAK, o.KStepBytes, o.TMA.Box, o.StageBytes)
			}
		}
		if got := k.Name(); got != fmt.Sprintf("Gemm_128x%dx128_S%d_E8", c.BN, c.Stages) {
			t.Errorf("name %s", got)
		}
	}
}
