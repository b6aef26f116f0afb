package sm90

import (
	"fmt"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/atom"
	"github.com/cutego/cutego/cute/tma"
)

// GemmConfig is the tile configuration of a warp-specialized SM90 GEMM, the only numbers
// the layouts below are derived from: a BM x BN x BK CTA tile, Stages shared-memory
// stages, elements of ElemBits bits for A and B, and ConsumerWarpgroups consumer
// warpgroups that split BM (each issues m64nBNkK wgmmas on BM/ConsumerWarpgroups rows).
type GemmConfig struct {
	BM, BN, BK, Stages int64
	ElemBits           int64
	ConsumerWarpgroups int64
	// Multicast: the CTAs of a cluster that share each stage of an operand through TMA
	// multicast (the kernel's 2x1 clusters share B); 0 or 1: no multicast fields.
	Multicast int64
	// KMajorOnly derives only the K-major operands (A_K, B_K): wgmma reads 8-bit (FP8) A and
	// B from shared memory K-major only (PTX has no transpose for them, and CUTLASS's
	// ss_op_selector refuses MN-major FP8), so a kernel of such a configuration takes its
	// operands K-major and the launcher transposes the others first.
	KMajorOnly bool
}

// Name is the configuration's name in the generated header: Gemm_<BM>x<BN>x<BK>_S<Stages>,
// with the suffix _E8 for 8-bit elements.
func (c GemmConfig) Name() string {
	n := fmt.Sprintf("Gemm_%dx%dx%d_S%d", c.BM, c.BN, c.BK, c.Stages)
	if c.ElemBits == 8 {
		n += "_E8"
	}
	return n
}

// Operand is everything the kernel needs about one operand (A or B) in one major order.
type Operand struct {
	Name  string // "A_K", "A_MN", "B_K", "B_MN"
	Major Major
	Rows  int64 // MN extent of the CTA tile: BM for A, BN for B

	Kind   cute.GMMALayoutKind // ss_smem_selector's atom
	Atom   cute.ComposedLayout // GMMA::Layout_<Kind>_Atom<T>, element offsets
	Stages cute.ComposedLayout // tile_to_shape(Atom, (Rows, BK, Stages), order)
	// ByteSwizzle is Atom's swizzle on byte addresses (what TMA and wgmma apply).
	ByteSwizzle cute.Swizzle
	StageBytes  int64 // bytes of one stage (cosize of a stage; also the stage stride)

	// TMA: one stage is filled by TMALoads loads of the box TMA.Box[0] x TMA.Box[1];
	// load j lands at smem byte offset j·TMALoadSmemBytes and global MN coordinate
	// j·TMALoadMN from the stage's own.
	TMA              tma.Desc
	TMALoads         int64
	TMALoadSmemBytes int64
	TMALoadMN        int64

	// TMA multicast to Config.Multicast CTAs: each CTA r issues, for every load j, the box
	// MCTMA.Box (the load's box with its outer dimension divided, as make_tma_copy does for
	// SM90_TMA_LOAD_MULTICAST) at outer coordinate r·MCTMA.Box[1] from the load's, landing
	// r·MCSliceBytes after the load's shared-memory offset in every CTA of the cluster.
	MCTMA        tma.Desc
	MCSliceBytes int64

	// wgmma: Desc describes the operand's sub-tile of one instruction at the stage's
	// origin (MMAM x MMAK for A, BN x MMAK for B); the sub-tile k blocks of MMAK further is
	// k·KStepBytes later, the one j·64 MN rows further j·MN64StepBytes later for
	// j < MN64Blocks (all Rows/64 whole blocks unless the swizzle atom is wider than 64
	// elements and the atoms are stacked along K first, e.g. 8-bit MN-major tiles wider than
	// 128). MN64StepBytes is row 64's offset wherever Rows > 64 (B of 96 rows: one block).
	MMARows       int64
	Desc          GmmaDesc
	KStepBytes    int64
	MN64StepBytes int64
	MN64Blocks    int64
	WgmmaTrans    int // wgmma imm-trans operand: int(Major)
}

// Accumulator is a consumer warpgroup's accumulator: the m64nBN F32 tile of one
// warpgroup, TV mapping (thread, value) to row + TileM·col.
type Accumulator struct {
	TileM, TileN int64
	TV           cute.Layout
}

// Gemm is the derived configuration.
type Gemm struct {
	Config GemmConfig
	// MMAM x MMAN x MMAK: the wgmma instruction every consumer warpgroup issues.
	MMAM, MMAN, MMAK int64
	Operands         []Operand // A_K, A_MN, B_K, B_MN (A_K, B_K with KMajorOnly)
	Acc              Accumulator
}

// Operand returns the derived operand by name ("A_K", …).
func (g Gemm) Operand(name string) (Operand, bool) {
	for _, o := range g.Operands {
		if o.Name == name {
			return o, true
		}
	}
	return Operand{}, false
}

func cfgErr(format string, args ...any) error {
	return &cute.Error{Op: "gemm_config", Kind: cute.ErrNotAdmissible, Reason: fmt.Sprintf(format, args...)}
}

// wgmmaM is the M extent of every wgmma instruction (the 4 warps of a warpgroup x 16 rows);
// wgmmaKBits the K extent of a dense wgmma in bits (K = 16 for 16-bit inputs).
const (
	wgmmaM     = 64
	wgmmaKBits = 256
)

// DeriveGemm derives every layout of the configuration with cutego's algebra.
func DeriveGemm(c GemmConfig) (Gemm, error) {
	g := Gemm{Config: c}
	if c.ElemBits != 8 && c.ElemBits != 16 {
		return g, cfgErr("element size %d bits: wgmma with an F32 accumulator and shared-memory operands takes 8- or 16-bit A and B here", c.ElemBits)
	}
	if c.ConsumerWarpgroups < 1 || c.BM != c.ConsumerWarpgroups*wgmmaM {
		return g, cfgErr("BM = %d is not %d consumer warpgroups x %d rows", c.BM, c.ConsumerWarpgroups, wgmmaM)
	}
	if c.Stages < 1 {
		return g, cfgErr("%d stages", c.Stages)
	}
	// The instruction and the accumulator come from the kernel's TiledMMA over the GMMA atom
	// of cute/atom's table (GemmTiledMMA): the atom's Shape_MNK is the wgmma's, its CLayout a
	// consumer warpgroup's accumulator, and make_tiled_mma's tile must be the CTA's.
	tm, err := GemmTiledMMA(c)
	if err != nil {
		return g, err
	}
	shape := tm.Atom.ShapeMNK
	g.MMAM, g.MMAN, g.MMAK = shape.At(0).Value(), shape.At(1).Value(), shape.At(2).Value()
	if tm.TileSizeMNK(0) != c.BM || tm.TileSizeMNK(1) != c.BN || g.MMAK != wgmmaKBits/c.ElemBits {
		return g, cfgErr("%s: make_tiled_mma(%s, (%d,1,1)) tiles %v, not (%d,%d,%d)",
			c.Name(), tm.Atom.Name, c.ConsumerWarpgroups, tm.TileShape(), c.BM, c.BN, wgmmaKBits/c.ElemBits)
	}
	if c.BK%g.MMAK != 0 {
		return g, cfgErr("BK = %d is not a multiple of the wgmma K = %d", c.BK, g.MMAK)
	}
	if err := checkConsumerSlices(c, tm); err != nil {
		return g, err
	}
	tv := tm.Atom.LayoutC_TV
	for _, op := range []struct {
		name       string
		rows, mmaR int64
	}{{"A", c.BM, g.MMAM}, {"B", c.BN, g.MMAN}} {
		majors := []Major{MajorK, MajorMN}
		if c.KMajorOnly {
			majors = majors[:1]
		}
		for _, mj := range majors {
			// An operand's major order needs an SS atom of the table that reads it so.
			ma, mb := mj, MajorK
			if op.name == "B" {
				ma, mb = MajorK, mj
			}
			if _, err := atom.MakeMMAAtom(GemmAtomName(c, ma, mb)); err != nil {
				return g, fmt.Errorf("%s %s_%s: %w", c.Name(), op.name, mj, err)
			}
			o, err := deriveOperand(c, op.name+"_"+mj.String(), mj, op.rows, op.mmaR, g.MMAK)
			if err != nil {
				return g, err
			}
			if op.name == "A" && o.MN64Blocks < c.ConsumerWarpgroups {
				return g, cfgErr("%s %s: the 64-row blocks of the consumer warpgroups are not equally spaced in shared memory (%d of %d are)",
					c.Name(), o.Name, o.MN64Blocks, c.ConsumerWarpgroups)
			}
			g.Operands = append(g.Operands, o)
		}
	}
	g.Acc = Accumulator{TileM: g.MMAM, TileN: g.MMAN, TV: tv}
	return g, nil
}

// at evaluates a plain layout at a hierarchical coordinate.
func at(l cute.Layout, crd ...int64) (int64, error) {
	r, err := l.Call(cute.Ints(crd...))
	if err != nil {
		return 0, err
	}
	return r.Value(), nil
}

func deriveOperand(c GemmConfig, name string, mj Major, rows, mmaRows, mmaK int64) (Operand, error) {
	o := Operand{Name: name, Major: mj, Rows: rows, MMARows: mmaRows, WgmmaTrans: int(mj)}
	eb := c.ElemBits / 8
	var err error
	wrap := func(what string, err error) error {
		return fmt.Errorf("%s %s: %s: %w", c.Name(), name, what, err)
	}
	// 1. The atom CUTLASS's builder picks, and the stage layout of its collective
	// (sm90_mma_tma_gmma_ss_warpspecialized.hpp: Step<_2,_1,_3> when MN-major).
	if o.Kind, err = SsSmemSelector(mj, c.ElemBits, rows, c.BK); err != nil {
		return o, wrap("ss_smem_selector", err)
	}
	if o.Atom, err = cute.GMMALayoutAtom(o.Kind, c.ElemBits); err != nil {
		return o, wrap("atom", err)
	}
	if o.ByteSwizzle, err = cute.RecastSwizzle(o.Atom.Outer, c.ElemBits, 8); err != nil {
		return o, wrap("byte swizzle", err)
	}
	order := cute.Ints(1, 2, 3)
	if mj == MajorMN {
		order = cute.Ints(2, 1, 3)
	}
	if o.Stages, err = cute.ComposedTileToShapeOrdered(o.Atom, cute.Ints(rows, c.BK, c.Stages), order); err != nil {
		return o, wrap("tile_to_shape", err)
	}
	u := cute.CoordUnderscore
	stage0, err := cute.ComposedSlice(cute.CoordTuple(u(), u(), cute.CoordInt(0)), o.Stages)
	if err != nil {
		return o, wrap("stage", err)
	}
	cos, err := stage0.Inner.Cosize()
	if err != nil {
		return o, wrap("stage cosize", err)
	}
	if cos != stage0.Size() {
		return o, wrap("stage", cfgErr("stage layout %v is not compact", stage0))
	}
	o.StageBytes = cos * eb
	if c.Stages > 1 {
		s1, err := at(o.Stages.Inner, 0, 0, 1)
		if err != nil {
			return o, wrap("stage stride", err)
		}
		if s1 != cos {
			return o, wrap("stage", cfgErr("stage 1 starts at element %d, not right after stage 0 (%d elements)", s1, cos))
		}
	}

	// 2. TMA: the box that fills a stage from a global (MN,K) tensor of this major order.
	// The global extents only have to be multiples of the tile; the box does not depend on
	// them. When one box cannot cover the stage in two dimensions (MN-major: the stage is
	// MN/atom-wide blocks of atom-width x BK, each contiguous), the stage is divided into
	// atom-wide MN blocks, one 2-D load each.
	gm, gk := rows*8, c.BK*8
	var gmem cute.Layout
	if mj == MajorK {
		gmem, err = cute.MakeLayout(cute.Ints(gm, gk), cute.Ints(gk, 1))
	} else {
		gmem, err = cute.MakeLayout(cute.Ints(gm, gk), cute.Ints(1, gm))
	}
	if err != nil {
		return o, wrap("global layout", err)
	}
	d, err := tma.Derive(gmem, stage0, int(eb))
	if err != nil {
		return o, wrap("tma", err)
	}
	o.TMALoads = 1
	if d.Rank > 2 {
		// MN-major stages are atom-wide (MN) columns of BK rows each, stacked along MN: one
		// box per column, the loads walk the rest. (A K-major stage needs more than one box
		// only when BK is wider than the atom: refused, as the K step below would be.)
		if mj != MajorMN {
			return o, wrap("tma", cfgErr("the %v stage needs a %d-D box (%v): BK = %d is wider than the %v atom", mj, d.Rank, d, c.BK, o.Kind))
		}
		am, err := cute.Get(o.Atom.Inner, 0)
		if err != nil {
			return o, wrap("atom", err)
		}
		bw := am.Size()
		bt := cute.Ints(bw, c.BK)
		blocks, err := cute.ComposedZippedDivide(stage0, cute.ShapeTiler(bt))
		if err != nil {
			return o, wrap("tma blocks", err)
		}
		blk, err := cute.ComposedGet(blocks, 0)
		if err != nil {
			return o, wrap("tma blocks", err)
		}
		rest, err := cute.Get(blocks.Inner, 1)
		if err != nil {
			return o, wrap("tma blocks", err)
		}
		if d, err = tma.Derive(gmem, blk, int(eb)); err != nil {
			return o, wrap("tma block", err)
		}
		if d.Rank > 2 {
			return o, wrap("tma", cfgErr("a %v block of the stage still needs a %d-D box (%v)", bt, d.Rank, d))
		}
		o.TMALoads = rest.Size()
		o.TMALoadMN = bw
		// load j sits at rest(j) (rest has shape (loads,1)); it must be j·rest(1)
		var step int64
		for j := int64(0); j < o.TMALoads; j++ {
			r, err := rest.Call(cute.Int(j))
			if err != nil {
				return o, wrap("tma block offset", err)
			}
			if j == 1 {
				step = r.Value()
			}
			if r.Value() != j*step {
				return o, wrap("tma", cfgErr("block %d of the stage at element %d, not %d·%d", j, r.Value(), j, step))
			}
		}
		o.TMALoadSmemBytes = step * eb
	}
	if int64(d.Box[0])*int64(d.Box[1])*o.TMALoads != stage0.Size() {
		return o, wrap("tma", cfgErr("%d loads of box %dx%d do not fill the %d-element stage", o.TMALoads, d.Box[0], d.Box[1], stage0.Size()))
	}
	o.TMA = d
	if c.Multicast > 1 {
		if err := deriveMulticast(c, &o, stage0, eb); err != nil {
			return o, wrap("tma multicast", err)
		}
	}

	// 3. wgmma: the instruction's sub-tile at the stage's origin and its descriptor; the
	// steps to the next K block and to the next 64 MN rows, from the rest modes of the
	// zipped division by the sub-tile.
	sub, err := cute.ComposedZippedDivide(stage0, cute.ShapeTiler(cute.Ints(mmaRows, mmaK)))
	if err != nil {
		return o, wrap("wgmma sub-tile", err)
	}
	tile, err := cute.ComposedGet(sub, 0)
	if err != nil {
		return o, wrap("wgmma sub-tile", err)
	}
	if o.Desc, err = MakeGmmaDesc(tile, c.ElemBits, mj); err != nil {
		return o, wrap("make_gmma_desc", err)
	}
	rest, err := cute.Get(sub.Inner, 1)
	if err != nil {
		return o, wrap("wgmma sub-tile", err)
	}
	// the K blocks must sit at k·step: the kernel advances the descriptor linearly
	var ks int64
	for k := int64(1); k < c.BK/mmaK; k++ {
		r, err := at(rest, 0, k)
		if err != nil {
			return o, wrap("k step", err)
		}
		if k == 1 {
			ks = r
		}
		if r != k*ks {
			return o, wrap("k step", cfgErr("K block %d of the stage is at element %d, not %d·%d: the K blocks are not equally spaced (BK = %d is wider than the %v atom)",
				k, r, k, ks, c.BK, o.Kind))
		}
	}
	o.KStepBytes = ks * eb
	sub64, err := cute.ComposedZippedDivide(stage0, cute.ShapeTiler(cute.Ints(wgmmaM, mmaK)))
	if err != nil {
		return o, wrap("wgmma 64-row sub-tile", err)
	}
	rest64, err := cute.Get(sub64.Inner, 1)
	if err != nil {
		return o, wrap("wgmma 64-row sub-tile", err)
	}
	// the step: row 64's offset where the stage has one (also for a partial second block, e.g.
	// B of 96 rows); the 64-row blocks at j·step: as many leading whole ones as there are
	var ms int64
	if rows > wgmmaM {
		if ms, err = at(rest64, 1, 0); err != nil {
			return o, wrap("mn step", err)
		}
	}
	o.MN64Blocks = 1
	for j := int64(1); j < rows/wgmmaM; j++ {
		r, err := at(rest64, j, 0)
		if err != nil {
			return o, wrap("mn step", err)
		}
		if r != j*ms {
			break
		}
		o.MN64Blocks++
	}
	o.MN64StepBytes = ms * eb
	return o, nil
}

// deriveMulticast splits every load of the operand into c.Multicast slices along the box's
// outer dimension (tma.Desc.Multicast) and checks, with the stage layout, that slice r of
// load j lands r slices after the load's start.
func deriveMulticast(c GemmConfig, o *Operand, stage0 cute.ComposedLayout, eb int64) error {
	mc, err := o.TMA.Multicast(int(c.Multicast))
	if err != nil {
		return err
	}
	if o.TMA.Rank != 2 || mc.Box[0] != o.TMA.Box[0] {
		return cfgErr("the multicast box %v divides more than the outer dimension of %v", mc, o.TMA)
	}
	o.MCTMA = mc
	slice := int64(mc.Box[0]) * int64(mc.Box[1])
	o.MCSliceBytes = slice * eb
	for j := int64(0); j < o.TMALoads; j++ {
		for r := int64(0); r < c.Multicast; r++ {
			// the slice's first element: (mn, k) of the stage, the outer box dimension
			// being MN for a K-major operand and K for an MN-major one
			mn, k := j*o.TMALoadMN, int64(0)
			if o.Major == MajorK {
				mn += r * int64(mc.Box[1])
			} else {
				k += r * int64(mc.Box[1])
			}
			got, err := stage0.Eval(mn + k*o.Rows)
			if err != nil {
				return err
			}
			if want := j*o.TMALoadSmemBytes/eb + r*slice; got != want {
				return cfgErr("slice %d of load %d starts at element %d of the stage, not %d", r, j, got, want)
			}
		}
	}
	return nil
}
