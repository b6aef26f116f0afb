// Package sm90 derives what a Hopper (sm_90a) wgmma GEMM needs from cutego's layout
// algebra, the way CUTLASS's SM90 collectives derive it with CuTe: the GMMA shared-memory
// atom (ss_smem_selector), the multi-stage shared-memory layout (tile_to_shape), the
// wgmma matrix descriptor (make_gmma_desc), the accumulator's thread-value layout (the
// CLayout of the SM90 MMA atoms) and the TMA box (cute/tma.Derive). Nothing here is a
// table of numbers: every layout and byte offset is computed from the tile configuration.
package sm90

import (
	"fmt"

	"github.com/cutego/cutego/cute"
)

// Major is CuTe's GMMA::Major: which of an operand's modes is contiguous in shared
// memory. Its value is the wgmma instruction's imm-trans operand (tnspA / tnspB).
type Major int

const (
	// MajorK: K is contiguous (the "TN" operand; wgmma imm-trans 0).
	MajorK Major = 0
	// MajorMN: M (for A) or N (for B) is contiguous (imm-trans 1).
	MajorMN Major = 1
)

func (m Major) String() string {
	switch m {
	case MajorK:
		return "K"
	case MajorMN:
		return "MN"
	}
	return fmt.Sprintf("Major(%d)", int(m))
}

// LayoutType is CuTe's GMMA::LayoutType, the wgmma descriptor's swizzle mode (bits 62-63).
type LayoutType int

const (
	Interleave LayoutType = 0 // no swizzle: 8x16-byte core matrices
	B128       LayoutType = 1 // Swizzle<3,4,3> on byte addresses
	B64        LayoutType = 2 // Swizzle<2,4,3>
	B32        LayoutType = 3 // Swizzle<1,4,3>
)

func (t LayoutType) String() string {
	switch t {
	case Interleave:
		return "INTERLEAVE"
	case B128:
		return "B128"
	case B64:
		return "B64"
	case B32:
		return "B32"
	}
	return fmt.Sprintf("LayoutType(%d)", int(t))
}

// SwizzleBytes is the width of the swizzle pattern in bytes: 128, 64, 32, or 16 (the
// core-matrix row) for Interleave.
func (t LayoutType) SwizzleBytes() int64 {
	switch t {
	case B128:
		return 128
	case B64:
		return 64
	case B32:
		return 32
	}
	return 16
}

// GmmaDesc is the content of CuTe's GmmaDescriptor (cute/arch/mma_sm90_desc.hpp) that
// make_gmma_desc computes, in bytes (the descriptor stores them >> 4).
type GmmaDesc struct {
	LayoutType LayoutType
	StartBytes int64 // start address relative to the layout's origin (its offset)
	LBOBytes   int64 // leading dimension byte offset
	SBOBytes   int64 // stride dimension byte offset
}

// Bits is the 64-bit descriptor (GmmaDescriptor::desc_): start>>4 in bits 0-13, LBO>>4 in
// 16-29, SBO>>4 in 32-45, base offset 0 in 49-51, layout type in 62-63. A field that is
// not a multiple of 16 bytes or does not fit its 14 bits is an error.
func (d GmmaDesc) Bits() (uint64, error) {
	f := func(name string, v int64) (uint64, error) {
		if v < 0 || v%16 != 0 || v>>4 >= 1<<14 {
			return 0, &cute.Error{Op: "make_gmma_desc", Kind: cute.ErrInvalid,
				Reason: fmt.Sprintf("%s of %d bytes is not a multiple of 16 below 2^18", name, v)}
		}
		return uint64(v >> 4), nil
	}
	s, err := f("start address", d.StartBytes)
	if err != nil {
		return 0, err
	}
	l, err := f("leading byte offset", d.LBOBytes)
	if err != nil {
		return 0, err
	}
	b, err := f("stride byte offset", d.SBOBytes)
	if err != nil {
		return 0, err
	}
	return s | l<<16 | b<<32 | uint64(d.LayoutType&3)<<62, nil
}

func descErr(kind cute.ErrorKind, format string, args ...any) error {
	return &cute.Error{Op: "make_gmma_desc", Kind: kind, Reason: fmt.Sprintf(format, args...)}
}

// MakeGmmaDesc is CuTe's make_gmma_desc<Major>(tensor) (cute/atom/mma_traits_sm90_gmma.hpp)
// for the shared-memory tile of one wgmma operand: layout is the (MN,K) tile in element
// offsets in its position-independent form Sw o O o L (the swizzle acting on element
// offsets, as GMMALayoutAtom and tile_to_shape of it produce), for elements of elemBits
// bits. As CuTe does, it recasts the tile to 16-byte units (uint128_t), reads the layout
// type from the swizzle (on byte addresses it must be Sw<B,4,3>, B = 0..3), divides the
// tile into the canonical GMMA form — MN-major ((W,n),(8,k)) by logical_divide with
// (W:1, 8:1), K-major ((8,m),(2,1)) with (8:1, 2:1), W the swizzle width in 16-byte units —
// checks the profile and the fixed strides, and reads LBO and SBO from the other strides:
//
//	MN-major, swizzled: LBO = stride of n (between W-unit MN blocks), SBO = stride of k (between 8-row K groups)
//	MN-major, INTERLEAVE: the two swapped
//	K-major: SBO = stride of m (between 8-row MN groups), LBO = stride of the 2nd 16-byte K unit
//
// Where CuTe's static_asserts refuse the tile (not rank 2, a K extent other than 32 bytes
// (dense) or 16/64 bytes (sparse MN-major) or 64 bytes (sparse K-major), an MN extent not a
// multiple of 8 units, a non-canonical profile or stride, a swizzle other than Sw<B,4,3>)
// the error is a *cute.Error with Op "make_gmma_desc" and Kind cute.ErrNotAdmissible.
// StartBytes is the composed layout's offset in bytes (CuTe takes it from the pointer).
//
// Deviation: a dense tile (K of 32 bytes) that passes CuTe's checks is also verified element
// by element against the hardware's canonical addressing (see verifyCanonical); CuTe checks
// it in 16-byte units only and can return a descriptor for a tile it does not describe.
func MakeGmmaDesc(layout cute.ComposedLayout, elemBits int64, major Major) (GmmaDesc, error) {
	var d GmmaDesc
	if elemBits < 1 || elemBits > 128 || elemBits&(elemBits-1) != 0 {
		return d, descErr(cute.ErrInvalid, "element size %d bits is not a power of two in [1,128]", elemBits)
	}
	if major != MajorK && major != MajorMN {
		return d, descErr(cute.ErrInvalid, "unknown major %d", int(major))
	}
	if layout.Rank() != 2 {
		return d, descErr(cute.ErrNotAdmissible, "GMMA descriptors can only be constructed on rank-2 tensors, not %v", layout)
	}
	// The swizzle on byte addresses decides the layout type (CuTe's layout_type()).
	bsw, err := cute.RecastSwizzle(layout.Outer, elemBits, 8)
	if err != nil {
		return d, err
	}
	if bsw.B != 0 && (bsw.M != 4 || bsw.S != 3) || bsw.B < 0 || bsw.B > 3 {
		return d, descErr(cute.ErrNotAdmissible, "unsupported layout swizzle %v (%v on byte addresses; want Sw<0..3,4,3>)", layout.Outer, bsw)
	}
	d.LayoutType = [...]LayoutType{Interleave, B32, B64, B128}[bsw.B]
	w := d.LayoutType.SwizzleBytes() / 16 // W in uint128_t units
	if off := layout.Offset * elemBits; off%128 != 0 {
		return d, descErr(cute.ErrNotAdmissible, "start offset %d elements is not a multiple of 16 bytes", layout.Offset)
	} else {
		d.StartBytes = off / 8
	}
	// recast<uint128_t>: the tile in 16-byte units.
	u, err := cute.RecastLayout(layout.Inner, elemBits, 128)
	if err != nil {
		return d, descErr(cute.ErrNotAdmissible, "tile %v does not recast to 16-byte units: %v", layout.Inner, err)
	}
	m0, _ := cute.Get(u, 0)
	m1, _ := cute.Get(u, 1)
	var tiler cute.Tiler
	if major == MajorMN {
		k := m1.Size()
		if k != 256/elemBits && k != 128/elemBits && k != 512/elemBits {
			return d, descErr(cute.ErrNotAdmissible, "not a canonical GMMA_MN layout: K size %d, expected %d (dense) or %d|%d (sparse)",
				k, 256/elemBits, 128/elemBits, 512/elemBits)
		}
		tiler = cute.TupleTiler(cute.LayoutTiler(cute.MustLayout(cute.Int(w), cute.Int(1))), cute.LayoutTiler(cute.MustLayout(cute.Int(8), cute.Int(1))))
	} else {
		if m0.Size()%8 != 0 {
			return d, descErr(cute.ErrNotAdmissible, "not a canonical GMMA_K layout: MN size %d (16-byte units) is not a multiple of 8", m0.Size())
		}
		if k := m1.Size(); k != 2 && k != 4 {
			return d, descErr(cute.ErrNotAdmissible, "not a canonical GMMA_K layout: K size %d (16-byte units), expected 2 (dense) or 4 (sparse)", k)
		}
		tiler = cute.TupleTiler(cute.LayoutTiler(cute.MustLayout(cute.Int(8), cute.Int(1))), cute.LayoutTiler(cute.MustLayout(cute.Int(2), cute.Int(1))))
	}
	can, err := cute.LogicalDivide(u, tiler)
	if err != nil {
		return d, descErr(cute.ErrNotAdmissible, "not a canonical GMMA_%v layout: logical_divide(%v, %v): %v", major, u, tiler, err)
	}
	profile := cute.Tuple(cute.Ints(1, 1), cute.Ints(1, 1))
	if !cute.Congruent(can.Shape(), profile) {
		return d, descErr(cute.ErrNotAdmissible, "not a canonical GMMA_%v layout: %v does not have the profile ((1,1),(1,1))", major, can)
	}
	st := func(i, j int) int64 { return can.Stride().At(i).At(j).Value() }
	if can.Stride().At(0).At(0).IsBasis() {
		return d, descErr(cute.ErrNotAdmissible, "layout %v has scaled-basis strides", layout)
	}
	inter := d.LayoutType == Interleave
	if major == MajorMN {
		if !inter && st(0, 0) != 1 {
			return d, descErr(cute.ErrNotAdmissible, "not a canonical GMMA_MN layout: stride<0,0> of %v is %d, expected 1", can, st(0, 0))
		}
		if st(1, 0) != w {
			return d, descErr(cute.ErrNotAdmissible, "not a canonical GMMA_MN layout: stride<1,0> of %v is %d, expected %d", can, st(1, 0), w)
		}
		if inter {
			d.SBOBytes, d.LBOBytes = st(0, 1)*16, st(1, 1)*16
		} else {
			d.SBOBytes, d.LBOBytes = st(1, 1)*16, st(0, 1)*16
		}
	} else {
		if st(0, 0) != w {
			return d, descErr(cute.ErrNotAdmissible, "not a canonical GMMA_K layout: stride<0,0> of %v is %d, expected %d", can, st(0, 0), w)
		}
		if !inter && st(1, 0) != 1 {
			return d, descErr(cute.ErrNotAdmissible, "not a canonical GMMA_K layout: stride<1,0> of %v is %d, expected 1", can, st(1, 0))
		}
		d.SBOBytes, d.LBOBytes = st(0, 1)*16, st(1, 0)*16
	}
	if k, _ := cute.Get(layout.Inner, 1); k.Size()*elemBits == wgmmaKBits {
		if err := verifyCanonical(layout.Inner, d, major, elemBits); err != nil {
			return GmmaDesc{}, err
		}
	}
	return d, nil
}

// canonicalOffset is the byte offset (before the swizzle) at which the wgmma unit finds
// element (mn, k) of an operand described by d: the canonical layouts of the PTX ISA, W the
// swizzle width (16 bytes, one core-matrix row, for INTERLEAVE).
func canonicalOffset(d GmmaDesc, major Major, elemBits, mn, k int64) int64 {
	w := d.LayoutType.SwizzleBytes()
	switch {
	case major == MajorK:
		kb := k * elemBits / 8
		return (mn%8)*w + (mn/8)*d.SBOBytes + kb%w + (kb/w)*d.LBOBytes
	case d.LayoutType == Interleave:
		mb := mn * elemBits / 8
		return mb%16 + (mb/16)*d.SBOBytes + (k%8)*16 + (k/8)*d.LBOBytes
	default:
		mb := mn * elemBits / 8
		return mb%w + (mb/w)*d.LBOBytes + (k%8)*w + (k/8)*d.SBOBytes
	}
}

// verifyCanonical checks, element by element, that the descriptor addresses what the tile
// holds. CuTe's make_gmma_desc checks the tile only in 16-byte units, after recasting it, so
// a tile whose elements are permuted within a 16-byte unit (e.g. a K mode (2,8):(8,1) of
// 16-bit elements, which recasts to the same (2):(1) units as 16:1) passes its checks and
// gets a descriptor that reads other elements; this deviation refuses it
// (ErrNotAdmissible). Dense tiles only (a wgmma K of 32 bytes): sparse tiles are checked as
// CuTe checks them.
func verifyCanonical(l cute.Layout, d GmmaDesc, major Major, elemBits int64) error {
	m0, _ := cute.Get(l, 0)
	m1, _ := cute.Get(l, 1)
	nmn, nk := m0.Size(), m1.Size()
	for k := int64(0); k < nk; k++ {
		for mn := int64(0); mn < nmn; mn++ {
			r, err := l.Call(cute.Ints(mn, k))
			if err != nil {
				return err
			}
			if r.Value()*elemBits%8 != 0 || r.Value()*elemBits/8 != canonicalOffset(d, major, elemBits, mn, k) {
				return descErr(cute.ErrNotAdmissible, "not a canonical GMMA_%v layout: element (%d,%d) of %v is at byte %d, the descriptor (LBO %d, SBO %d) reads byte %d",
					major, mn, k, l, r.Value()*elemBits/8, d.LBOBytes, d.SBOBytes, canonicalOffset(d, major, elemBits, mn, k))
			}
		}
	}
	return nil
}
