package sm90

import (
	"errors"
	"fmt"
	"testing"

	"github.com/cutego/cutego/cute"
)

// hwByteAddr emulates how the wgmma unit addresses element (mn, k) of an operand from its
// matrix descriptor: the canonical layouts of the PTX ISA ("Matrix Descriptor Format",
// "Shared Memory Matrix Layout") as CuTe's comment in mma_traits_sm90_gmma.hpp writes
// them, in bytes, W the swizzle width (16 for INTERLEAVE: one core-matrix row):
//
//	K-major:            (mn%8)·W + (mn/8)·SBO + kb%W + (kb/W)·LBO        (kb = k·elemBytes)
//	MN-major, swizzled: mb%W + (mb/W)·LBO + (k%8)·W + (k/8)·SBO          (mb = mn·elemBytes)
//	MN-major, INTER:    mb%16 + (mb/16)·SBO + (k%8)·16 + (k/8)·LBO
//
// then the swizzle of the layout type on the absolute byte address: bits [4,4+B) ^= bits
// [7,7+B) with B = log2(W/16). Written independently of MakeGmmaDesc and of package cute.
func hwByteAddr(d GmmaDesc, start int64, major Major, elemBytes, mn, k int64) int64 {
	w := map[LayoutType]int64{Interleave: 16, B32: 32, B64: 64, B128: 128}[d.LayoutType]
	var off int64
	switch {
	case major == MajorK:
		kb := k * elemBytes
		off = (mn%8)*w + (mn/8)*d.SBOBytes + kb%w + (kb/w)*d.LBOBytes
	case d.LayoutType == Interleave:
		mb := mn * elemBytes
		off = mb%16 + (mb/16)*d.SBOBytes + (k%8)*16 + (k/8)*d.LBOBytes
	default:
		mb := mn * elemBytes
		off = mb%w + (mb/w)*d.LBOBytes + (k%8)*w + (k/8)*d.SBOBytes
	}
	a := start + off
	b := int64(0)
	for (int64(16) << b) < w {
		b++
	}
	return a ^ ((a>>7)&(1<<b-1))<<4
}

// smemByteAddr is the byte address of coordinate crd of a position-independent swizzled
// layout of elemBytes-byte elements (element offset through the swizzle, times the size).
func smemByteAddr(t *testing.T, l cute.ComposedLayout, elemBytes int64, crd ...int64) int64 {
	t.Helper()
	r, err := l.Inner.Call(cute.Ints(crd...))
	if err != nil {
		t.Fatalf("%v at %v: %v", l, crd, err)
	}
	return l.Outer.Apply(l.Offset+r.Value()) * elemBytes
}

// checkSubtiles is the brute-force property: the stage layout (MN,K) is divided into
// rows x kext sub-tiles (what one wgmma reads); the descriptor MakeGmmaDesc computes for
// the sub-tile at the origin, started at each sub-tile's offset (what CuTe's
// DescriptorIterator does), must address — through the hardware's canonical layout and
// swizzle — the same byte as the smem layout for every element of every sub-tile.
func checkSubtiles(stage cute.ComposedLayout, elemBits int64, major Major, rows, kext int64, mutate func(*GmmaDesc)) error {
	eb := elemBits / 8
	sub, err := cute.ComposedZippedDivide(stage, cute.ShapeTiler(cute.Ints(rows, kext)))
	if err != nil {
		return err
	}
	tile, err := cute.ComposedGet(sub, 0)
	if err != nil {
		return err
	}
	d, err := MakeGmmaDesc(tile, elemBits, major)
	if err != nil {
		return err
	}
	if mutate != nil {
		mutate(&d)
	}
	rest, _ := cute.Get(sub.Inner, 1)
	mnExt, kExt := stage.Inner.Shape().At(0), stage.Inner.Shape().At(1)
	nm, _ := cute.Size(mnExt)
	nk, _ := cute.Size(kExt)
	for bm := int64(0); bm < nm/rows; bm++ {
		for bk := int64(0); bk < nk/kext; bk++ {
			r, err := rest.Call(cute.Ints(bm, bk))
			if err != nil {
				return err
			}
			start := d.StartBytes + r.Value()*eb
			for mn := int64(0); mn < rows; mn++ {
				for k := int64(0); k < kext; k++ {
					ri, err := stage.Inner.Call(cute.Ints(bm*rows+mn, bk*kext+k))
					if err != nil {
						return err
					}
					want := stage.Outer.Apply(stage.Offset+ri.Value()) * eb
					got := hwByteAddr(d, start, major, eb, mn, k)
					if got != want {
						return fmt.Errorf("desc %+v, sub-tile (%d,%d) at %d B: element (%d,%d) at byte %d, smem layout says %d",
							d, bm, bk, start, mn, k, got, want)
					}
				}
			}
		}
	}
	return nil
}

// TestMakeGmmaDescAddressesSmem runs the property over every GMMA atom, 8-, 16- and 32-bit
// elements, and tiles of several extents (tile_to_shape with the order CUTLASS's sm90
// collective uses), with the wgmma sub-tiles the instruction reads (MN 64 for A, up to
// the whole tile for B; K = 32 bytes).
func TestMakeGmmaDescAddressesSmem(t *testing.T) {
	n := 0
	for _, bits := range []int64{8, 16, 32} {
		kext := 256 / bits
		for kind := cute.GMMAKInter; kind <= cute.GMMAMNSW128; kind++ {
			major := MajorK
			order := cute.Ints(1, 2, 3)
			if kind >= cute.GMMAMNInter {
				major, order = MajorMN, cute.Ints(2, 1, 3)
			}
			atom, err := cute.GMMALayoutAtom(kind, bits)
			if err != nil {
				t.Fatal(err)
			}
			for _, mnTile := range []int64{64, 128, 256} {
				for _, kTile := range []int64{kext, 4 * kext} {
					st, err := cute.ComposedTileToShapeOrdered(atom, cute.Ints(mnTile, kTile, 2), order)
					if err != nil {
						continue // the atom does not divide the tile
					}
					stage, err := cute.ComposedSlice(cute.CoordTuple(cute.CoordUnderscore(), cute.CoordUnderscore(), cute.CoordInt(1)), st)
					if err != nil {
						t.Fatal(err)
					}
					// stage 1 sits after stage 0: its offset makes the start addresses absolute
					for _, rows := range []int64{64, mnTile} {
						if err := checkSubtiles(stage, bits, major, rows, kext, nil); err != nil {
							t.Errorf("%v %d-bit tile (%d,%d) rows %d: %v", kind, bits, mnTile, kTile, rows, err)
						}
						n++
					}
				}
			}
		}
	}
	if n < 80 {
		t.Fatalf("only %d cases checked", n)
	}
}

// TestGmmaDescPropertyCanFail: the property notices a wrong LBO or SBO where the hardware
// uses them (it is not vacuous).
func TestGmmaDescPropertyCanFail(t *testing.T) {
	for _, c := range []struct {
		kind   cute.GMMALayoutKind
		major  Major
		order  cute.IntTuple
		rows   int64
		mutate func(*GmmaDesc)
	}{
		{cute.GMMAKSW128, MajorK, cute.Ints(1, 2, 3), 64, func(d *GmmaDesc) { d.SBOBytes += 16 }},
		{cute.GMMAMNSW128, MajorMN, cute.Ints(2, 1, 3), 256, func(d *GmmaDesc) { d.LBOBytes += 16 }},
		{cute.GMMAMNSW128, MajorMN, cute.Ints(2, 1, 3), 64, func(d *GmmaDesc) { d.SBOBytes *= 2 }},
		{cute.GMMAKInter, MajorK, cute.Ints(1, 2, 3), 64, func(d *GmmaDesc) { d.LBOBytes, d.SBOBytes = d.SBOBytes, d.LBOBytes }},
		{cute.GMMAKSW64, MajorK, cute.Ints(1, 2, 3), 64, func(d *GmmaDesc) { d.LayoutType = B128 }},
	} {
		atom, _ := cute.GMMALayoutAtom(c.kind, 16)
		st, err := cute.ComposedTileToShapeOrdered(atom, cute.Ints(256, 64, 1), c.order)
		if err != nil {
			t.Fatal(err)
		}
		stage, _ := cute.ComposedSlice(cute.CoordTuple(cute.CoordUnderscore(), cute.CoordUnderscore(), cute.CoordInt(0)), st)
		if err := checkSubtiles(stage, 16, c.major, c.rows, 16, nil); err != nil {
			t.Fatalf("%v unmutated: %v", c.kind, err)
		}
		if err := checkSubtiles(stage, 16, c.major, c.rows, 16, c.mutate); err == nil {
			t.Errorf("%v rows %d: a mutated descriptor passed the check", c.kind, c.rows)
		}
	}
}

// TestMakeGmmaDescCanonical: the canonical forms of CuTe's comment in
// mma_traits_sm90_gmma.hpp, written out in 16-byte units (T = 8 16-bit elements),
// with LBO and SBO chosen by the test, must give back those LBO and SBO.
func TestMakeGmmaDescCanonical(t *testing.T) {
	mk := func(sw cute.Swizzle, s, d string) cute.ComposedLayout {
		ss, err1 := cute.ParseIntTuple(s)
		dd, err2 := cute.ParseIntTuple(d)
		l, err := cute.MakeLayout(ss, dd)
		if err = errors.Join(err1, err2, err); err != nil {
			t.Fatal(err)
		}
		return cute.MakeComposedLayout(sw, 0, l)
	}
	sw := func(b int) cute.Swizzle { return cute.Swizzle{B: b, M: 3, S: 3} } // on 16-bit element offsets
	for _, c := range []struct {
		l        cute.ComposedLayout
		major    Major
		want     GmmaDesc
		describe string
	}{
		// MN-major B128: ((T,8,m),(8,k)):((1,T,LBO),(8T,SBO)), m=2, k=2, LBO=1024 el, SBO=512 el
		{mk(sw(3), "((8,8,2),(8,2))", "((1,8,1024),(64,512))"), MajorMN, GmmaDesc{B128, 0, 2048, 1024}, "MN B128"},
		// MN-major B64: ((T,4,m),(8,k)):((1,T,LBO),(4T,SBO))
		{mk(sw(2), "((8,4,2),(8,2))", "((1,8,512),(32,256))"), MajorMN, GmmaDesc{B64, 0, 1024, 512}, "MN B64"},
		// MN-major B32: ((T,2,m),(8,k)):((1,T,LBO),(2T,SBO))
		{mk(sw(1), "((8,2,4),(8,2))", "((1,8,256),(16,128))"), MajorMN, GmmaDesc{B32, 0, 512, 256}, "MN B32"},
		// MN-major INTERLEAVE: ((T,1,m),(8,k)):((1,T,SBO),(1T,LBO)), SBO=128 el, LBO=64 el
		{mk(sw(0), "((8,1,4),(8,2))", "((1,8,128),(8,64))"), MajorMN, GmmaDesc{Interleave, 0, 128, 256}, "MN INTER"},
		// K-major B128: ((8,m),(T,2)):((8T,SBO),(1,T)), m=8, SBO=512 el
		{mk(sw(3), "((8,8),(8,2))", "((64,512),(1,8))"), MajorK, GmmaDesc{B128, 0, 16, 1024}, "K B128"},
		// K-major B64: ((8,m),(T,2)):((4T,SBO),(1,T))
		{mk(sw(2), "((8,8),(8,2))", "((32,256),(1,8))"), MajorK, GmmaDesc{B64, 0, 16, 512}, "K B64"},
		// K-major B32: ((8,m),(T,2)):((2T,SBO),(1,T))
		{mk(sw(1), "((8,8),(8,2))", "((16,128),(1,8))"), MajorK, GmmaDesc{B32, 0, 16, 256}, "K B32"},
		// K-major INTERLEAVE: ((8,m),(T,2)):((1T,SBO),(1,LBO)), SBO=64 el, LBO=512 el
		{mk(sw(0), "((8,8),(8,2))", "((8,64),(1,512))"), MajorK, GmmaDesc{Interleave, 0, 1024, 128}, "K INTER"},
	} {
		got, err := MakeGmmaDesc(c.l, 16, c.major)
		if err != nil {
			t.Errorf("%s %v: %v", c.describe, c.l, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s %v: got %+v, want %+v", c.describe, c.l, got, c.want)
		}
	}
}

// TestMakeGmmaDescRefuses: what CuTe's static_asserts refuse is a typed error.
func TestMakeGmmaDescRefuses(t *testing.T) {
	atomK, _ := cute.GMMALayoutAtom(cute.GMMAKSW128, 16)
	atomMN, _ := cute.GMMALayoutAtom(cute.GMMAMNSW128, 16)
	atomK32, _ := cute.GMMALayoutAtom(cute.GMMAKSW32, 16)
	tile := func(a cute.ComposedLayout, s cute.IntTuple) cute.ComposedLayout {
		r, err := cute.ComposedTileToShape(a, s)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	bad := []struct {
		l     cute.ComposedLayout
		bits  int64
		major Major
		why   string
	}{
		{tile(atomK32, cute.Ints(64, 16, 2)), 16, MajorK, "rank 3"},
		{tile(atomMN, cute.Ints(64, 64)), 16, MajorMN, "K extent 64 for an MN-major tile (dense 16, sparse 8 or 32)"},
		{tile(atomK, cute.Ints(64, 64)), 16, MajorK, "K extent 64 (8 units) for K-major"},
		{cute.MakeComposedLayout(cute.Swizzle{B: 3, M: 3, S: 3}, 0, cute.MustLayout(cute.Ints(4, 16), cute.Ints(64, 1))), 16, MajorK, "MN extent 4"},
		{cute.MakeComposedLayout(cute.Swizzle{B: 3, M: 3, S: 3}, 0, cute.MustLayout(cute.Ints(64, 16), cute.Ints(16, 1))), 16, MajorK, "row stride 32 B under a 128 B swizzle"},
		{cute.MakeComposedLayout(cute.Swizzle{B: 3, M: 3, S: 3}, 0, cute.MustLayout(cute.Ints(64, 16), cute.Ints(1, 64))), 16, MajorK, "an MN-major tile read as K-major"},
		{cute.MakeComposedLayout(cute.Swizzle{B: 3, M: 2, S: 3}, 0, cute.MustLayout(cute.Ints(64, 16), cute.Ints(64, 1))), 16, MajorK, "swizzle Sw<3,3,3> on bytes"},
		{cute.MakeComposedLayout(cute.Swizzle{B: 3, M: 3, S: 4}, 0, cute.MustLayout(cute.Ints(64, 16), cute.Ints(64, 1))), 16, MajorK, "swizzle shift 4"},
		{cute.MakeComposedLayout(cute.Swizzle{B: 3, M: 3, S: 3}, 4, cute.MustLayout(cute.Ints(64, 16), cute.Ints(64, 1))), 16, MajorK, "start 8 bytes"},
		{tile(atomK32, cute.Ints(64, 16)), 12, MajorK, "12-bit elements"},
		// passes CuTe's checks in 16-byte units (the K mode recasts to 2:1) but k=1 is element 8
		{cute.MakeComposedLayout(cute.Swizzle{B: 1, M: 3, S: 3}, 0, cute.MustLayout(cute.Tuple(cute.Int(64), cute.Ints(2, 8)), cute.Tuple(cute.Int(16), cute.Ints(8, 1)))), 16, MajorK, "K permuted within 16-byte units"},
		{tile(atomK32, cute.Ints(64, 16)), 16, Major(2), "unknown major"},
	}
	for _, c := range bad {
		_, err := MakeGmmaDesc(c.l, c.bits, c.major)
		var ce *cute.Error
		if !errors.As(err, &ce) || ce.Op != "make_gmma_desc" {
			t.Errorf("%s (%v): got %v, want a *cute.Error from make_gmma_desc", c.why, c.l, err)
		}
	}
	if _, err := MakeGmmaDesc(tile(atomK32, cute.Ints(64, 16)), 16, MajorK); err != nil {
		t.Fatalf("the canonical tile itself: %v", err)
	}
}

func TestGmmaDescBits(t *testing.T) {
	// bit positions of PTX's matrix descriptor: start [0,14), LBO [16,30), SBO [32,46), type [62,64)
	d := GmmaDesc{LayoutType: B64, StartBytes: 0x3fff0, LBOBytes: 0x20, SBOBytes: 0x400}
	b, err := d.Bits()
	if err != nil {
		t.Fatal(err)
	}
	if want := uint64(2)<<62 | uint64(0x40)<<32 | uint64(2)<<16 | 0x3fff; b != want {
		t.Fatalf("bits %#x, want %#x", b, want)
	}
	for _, bad := range []GmmaDesc{{StartBytes: 8}, {LBOBytes: 1 << 18}, {SBOBytes: -16}} {
		if _, err := bad.Bits(); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}

// FuzzMakeGmmaDesc: for any rank-2 layout, swizzle, element size and major, MakeGmmaDesc
// either refuses with a *cute.Error or returns a descriptor through which the hardware
// (hwByteAddr, the test's own emulation) reads exactly the tile's elements (dense tiles).
func FuzzMakeGmmaDesc(f *testing.F) {
	f.Add("((8,8),(8,2)):((64,512),(1,8))", 3, 16, false)
	f.Add("((8,8,2),(8,2)):((1,8,1024),(64,512))", 3, 16, true)
	f.Add("(64,(2,8)):(16,(8,1))", 1, 16, false)
	f.Add("((64,2),(8,2)):((1,4096),(64,512))", 3, 16, true)
	f.Add("(64,32):(32,1)", 2, 8, false)
	f.Fuzz(func(t *testing.T, text string, b int, bits int, mn bool) {
		if len(text) > 200 {
			return
		}
		l, err := cute.ParseLayout(text)
		if err != nil || l.Size() > 1<<14 {
			return
		}
		eb := []int64{8, 16, 32}[(bits%3+3)%3]
		sb := (b%4 + 4) % 4
		sw := cute.Swizzle{B: sb, M: 3, S: 3}
		if sw, err = cute.RecastSwizzle(cute.Swizzle{B: sb, M: 4, S: 3}, 8, eb); err != nil {
			return
		}
		major := MajorK
		if mn {
			major = MajorMN
		}
		c := cute.MakeComposedLayout(sw, 0, l)
		d, err := MakeGmmaDesc(c, eb, major)
		if err != nil {
			var ce *cute.Error
			if !errors.As(err, &ce) {
				t.Fatalf("%v: %T %v", c, err, err)
			}
			return
		}
		m0, _ := cute.Get(l, 0)
		m1, _ := cute.Get(l, 1)
		if m1.Size()*eb != 256 {
			return // sparse: checked as CuTe checks it
		}
		for k := int64(0); k < m1.Size(); k++ {
			for i := int64(0); i < m0.Size(); i++ {
				want := smemByteAddr(t, c, eb/8, i, k)
				if got := hwByteAddr(d, d.StartBytes, major, eb/8, i, k); got != want {
					t.Fatalf("%v %v: element (%d,%d) read at %d, layout says %d (desc %+v)", c, major, i, k, got, want, d)
				}
			}
		}
	})
}
