package tma

import (
	"errors"
	"testing"

	"github.com/cutego/cutego/cute"
)

func L(t *testing.T, s string) cute.Layout {
	t.Helper()
	l, err := cute.ParseLayout(s)
	if err != nil {
		t.Fatalf("parse %q: %v", s, err)
	}
	return l
}

func sw(b, m, s int) cute.Swizzle { return cute.Swizzle{B: b, M: m, S: s} }

// Hand-worked cases: the expected descriptors were derived on paper (right inverse of the
// smem tile, composed with the global layout restricted to the tile, then the uncovered
// global modes with box 1), as CuTe's make_tma_copy builds them.
func TestDeriveHandWorked(t *testing.T) {
	cases := []struct {
		name string
		g    string
		s    any
		es   int
		want string
	}{
		{"fp16 column-major 64x128, tile 64x32", "(64,128):(1,64)", "(64,32):(1,64)", 2,
			"rank 2 u16 dims (64,128) strides (2,128) box (64,32)"},
		{"fp16 M-major SW128 tile", "(64,128):(1,64)", cute.MakeComposedLayout(sw(3, 3, 3), 0, cute.MustLayout(cute.Ints(64, 32), cute.Ints(1, 64))), 2,
			"rank 2 u16 dims (64,128) strides (2,128) box (64,32) swizzle 128B"},
		// K-major SW128 atom for bf16: smem (8,64):(64,1) -> right inverse (64,8):(8,1); global
		// (128,256):(256,1) row-major; K (stride 1) comes first.
		{"bf16 K-major SW128 atom", "(128,256):(256,1)", cute.MakeComposedLayout(sw(3, 3, 3), 0, cute.MustLayout(cute.Ints(8, 64), cute.Ints(64, 1))), 2,
			"rank 2 u16 dims (256,128) strides (2,512) box (64,8) swizzle 128B"},
		// SW64 / SW32 on fp32: Sw<2,2,3> and Sw<1,2,3> on 4-byte elements are Sw<2|1,4,3> on bytes.
		{"fp32 SW64 atom", "(32,512):(512,1)", cute.MakeComposedLayout(sw(2, 2, 3), 0, cute.MustLayout(cute.Ints(8, 16), cute.Ints(16, 1))), 4,
			"rank 2 u32 dims (512,32) strides (4,2048) box (16,8) swizzle 64B"},
		{"fp32 SW32 atom", "(32,512):(512,1)", cute.MakeComposedLayout(sw(1, 2, 3), 0, cute.MustLayout(cute.Ints(8, 8), cute.Ints(8, 1))), 4,
			"rank 2 u32 dims (512,32) strides (4,2048) box (8,8) swizzle 32B"},
		// A 3-D global tensor (batch last) with a 2-D tile: the batch mode follows with box 1.
		{"batched, tile covers two modes", "(64,64,10):(1,64,4096)", "(64,16,1):(1,64,0)", 4,
			"rank 3 u32 dims (64,64,10) strides (4,256,16384) box (64,16,1)"},
		// Padded global rows (pitch 72 halves = 144 B).
		{"padded rows", "(64,100):(1,72)", "(64,20):(1,64)", 2,
			"rank 2 u16 dims (64,100) strides (2,144) box (64,20)"},
		// Hierarchical global mode ((8,16),32):((1,8),128): the tile takes all of mode 0,
		// whose two leaves are contiguous in gmem and coalesce into one dimension of 128.
		{"hierarchical global mode", "((8,16),32):((1,8),128)", "(128,4):(1,128)", 4,
			"rank 2 u32 dims (128,32) strides (4,512) box (128,4)"},
		// ... but not when the second leaf is padded (stride 16, not 8).
		{"hierarchical padded", "((8,16),32):((1,16),256)", "(128,4):(1,128)", 4,
			"rank 3 u32 dims (8,16,32) strides (4,64,1024) box (8,16,4)"},
		// A tile that covers the whole tensor keeps its two modes.
		{"whole tensor", "(64,32):(1,64)", "(64,32):(1,64)", 4,
			"rank 2 u32 dims (64,32) strides (4,256) box (64,32)"},
		// A tile wider than 256 in its contiguous mode splits into two dimensions.
		{"box 512 splits", "(1024,8):(1,1024)", "(512,2):(1,512)", 2,
			"rank 3 u16 dims (256,4,8) strides (2,512,2048) box (256,2,2)"},
		// Transposed smem tile: smem stores N fastest, but gmem N has stride 64: refused below.
		// 16-byte elements: pairs of 8-byte map elements.
		{"16-byte elements", "(16,64):(1,16)", "(16,8):(1,16)", 16,
			"rank 2 u64 dims (32,64) strides (8,256) box (32,8)"},
		// The tile's smem order differs from the global order: gmem (32,32,4):(1,32,1024)
		// with the smem tile storing mode 0 fastest, then mode 2, then mode 1.
		{"smem order 0,2,1", "(32,32,4):(1,32,1024)", "(32,8,4):(1,128,32)", 4,
			"rank 3 u32 dims (32,4,32) strides (4,4096,128) box (32,4,8)"},
	}
	for _, c := range cases {
		var s any = c.s
		if str, ok := c.s.(string); ok {
			s = L(t, str)
		}
		d, err := Derive(L(t, c.g), s, c.es)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got := d.String(); got != c.want {
			t.Errorf("%s:\n got  %s\n want %s", c.name, got, c.want)
		}
	}
}

func TestDeriveRefusals(t *testing.T) {
	cases := []struct {
		name string
		g, s string
		sw   cute.Swizzle
		es   int
		kind Kind
	}{
		{"stride 252 B", "(63,64):(1,63)", "(63,8):(1,63)", cute.Swizzle{}, 4, ErrAlignment},
		{"box 300", "(300,4):(1,304)", "(300,4):(1,300)", cute.Swizzle{}, 4, ErrBox},
		{"smem fastest is gmem-strided", "(64,64):(64,1)", "(64,64):(1,64)", cute.Swizzle{}, 4, ErrNotContiguous},
		{"rank 6", "(2,2,2,2,2,8):(8,16,32,64,128,1)", "(2,2,2,2,2,8):(8,16,32,64,128,1)", cute.Swizzle{}, 4, ErrRank},
		{"swizzle Sw<2,3,3> on fp32", "(64,64):(1,64)", "(32,8):(1,32)", cute.Swizzle{B: 2, M: 3, S: 3}, 4, ErrSwizzle},
		{"inner box wider than swizzle", "(128,64):(1,128)", "(128,8):(1,128)", cute.Swizzle{B: 3, M: 3, S: 3}, 2, ErrBox},
		{"smem not compact", "(64,64):(1,64)", "(32,8):(1,64)", cute.Swizzle{}, 4, ErrLayout},
		{"tile does not divide", "(100,64):(1,112)", "(48,8):(1,48)", cute.Swizzle{}, 4, ErrLayout},
		{"rank mismatch", "(64,64):(1,64)", "256:1", cute.Swizzle{}, 4, ErrLayout},
		{"element size 3", "(64,64):(1,64)", "(16,8):(1,16)", cute.Swizzle{}, 3, ErrLayout},
	}
	for _, c := range cases {
		var s any = L(t, c.s)
		if c.sw.B != 0 {
			s = cute.MakeComposedLayout(c.sw, 0, L(t, c.s))
		}
		d, err := Derive(L(t, c.g), s, c.es)
		if err == nil {
			t.Errorf("%s: accepted as %v", c.name, d)
			continue
		}
		if !errors.Is(err, &Error{Kind: c.kind}) {
			t.Errorf("%s: got %v, want kind %v", c.name, err, c.kind)
		}
	}
}

func TestSwizzleBytes(t *testing.T) {
	for _, c := range []struct {
		sw   cute.Swizzle
		es   int
		want int
	}{
		{sw(3, 4, 3), 1, 128}, {sw(2, 4, 3), 1, 64}, {sw(1, 4, 3), 1, 32},
		{sw(3, 3, 3), 2, 128}, {sw(3, 2, 3), 4, 128}, {sw(3, 1, 3), 8, 128}, {sw(0, 0, 0), 4, 0},
	} {
		got, err := SwizzleBytes(c.sw, c.es)
		if err != nil || got != c.want {
			t.Errorf("%v on %d B: got %d, %v; want %d", c.sw, c.es, got, err, c.want)
		}
	}
}

// The derived map must address exactly the elements the global layout does: walk every
// box element of the tile at the origin through the descriptor and through the layouts.
func TestDeriveMatchesLayouts(t *testing.T) {
	g := L(t, "(32,32,4):(1,32,1024)")
	s := L(t, "(32,8,4):(1,128,32)")
	d, err := Derive(g, s, 4)
	if err != nil {
		t.Fatal(err)
	}
	// smem offset o (box order, dim 0 fastest) -> global byte offset through the map
	n := int64(1)
	for k := 0; k < d.Rank; k++ {
		n *= int64(d.Box[k])
	}
	if n != s.Size() {
		t.Fatalf("box holds %d elements, tile %d", n, s.Size())
	}
	for o := int64(0); o < n; o++ {
		rem, viaMap := o, int64(0)
		for k := 0; k < d.Rank; k++ {
			c := rem % int64(d.Box[k])
			rem /= int64(d.Box[k])
			viaMap += c * d.Strides[k]
		}
		// the tile coordinate stored at smem offset o: invert s by search
		var want int64 = -1
		for i := int64(0); i < s.Size(); i++ {
			if v, _ := s.Eval(i); v == o {
				c0, c1, c2 := i%32, (i/32)%8, i/256
				want = 4 * (c0 + 32*c1 + 1024*c2)
			}
		}
		if viaMap != want {
			t.Fatalf("smem offset %d: map gives byte %d, layouts give %d", o, viaMap, want)
		}
	}
}

// TestDescCheckRules: each rule of cuTensorMapEncodeTiled (CUDA driver API: rank 1..5,
// element types of 1, 2, 4, 8 bytes, a contiguous first dimension, byte strides multiples
// of 16 below 2^40, boxes 1..256, element strides 1..8, swizzles 32/64/128 bytes no
// narrower than the inner box, inner box a multiple of 16 bytes) and this package's
// extent limit (below 2^31: signed 32-bit coordinates) refuses with its Kind.
func TestDescCheckRules(t *testing.T) {
	base := func() Desc {
		return Desc{Rank: 2, ElemBytes: 2, Dims: [5]int64{256, 128}, Strides: [5]int64{2, 512},
			Box: [5]int32{64, 8}, ElemStrides: [5]int32{1, 1}, SwizzleBytes: 128}
	}
	if err := base().Check(); err != nil {
		t.Fatalf("base: %v", err)
	}
	for _, c := range []struct {
		name string
		edit func(*Desc)
		want Kind
	}{
		{"rank 0", func(d *Desc) { d.Rank = 0 }, ErrRank},
		{"rank 6", func(d *Desc) { d.Rank = 6 }, ErrRank},
		{"elem 3 bytes", func(d *Desc) { d.ElemBytes = 3; d.Strides[0] = 3 }, ErrLayout},
		{"elem 16 bytes", func(d *Desc) { d.ElemBytes = 16; d.Strides[0] = 16 }, ErrLayout},
		{"stride[0] != elem", func(d *Desc) { d.Strides[0] = 4 }, ErrNotContiguous},
		{"extent 0", func(d *Desc) { d.Dims[1] = 0 }, ErrExtent},
		{"extent 2^31", func(d *Desc) { d.Dims[1] = 1 << 31 }, ErrExtent},
		{"box 0", func(d *Desc) { d.Box[1] = 0 }, ErrBox},
		{"box 257", func(d *Desc) { d.Box[1] = 257 }, ErrBox},
		{"elem stride 0", func(d *Desc) { d.ElemStrides[1] = 0 }, ErrBox},
		{"elem stride 9", func(d *Desc) { d.ElemStrides[0] = 9 }, ErrBox},
		{"stride 520", func(d *Desc) { d.Strides[1] = 520 }, ErrAlignment},
		{"stride 2^40", func(d *Desc) { d.Strides[1] = 1 << 40 }, ErrAlignment},
		{"swizzle 16", func(d *Desc) { d.SwizzleBytes = 16 }, ErrSwizzle},
		{"inner box 66 bytes", func(d *Desc) { d.Box[0] = 33 }, ErrBox},
		{"inner box wider than swizzle", func(d *Desc) { d.SwizzleBytes = 64 }, ErrBox},
	} {
		d := base()
		c.edit(&d)
		if err := d.Check(); !errors.Is(err, &Error{Kind: c.want}) {
			t.Errorf("%s: %v, want kind %v", c.name, err, c.want)
		}
	}
	d := base()
	d.Dims[1] = 1<<31 - 1
	if err := d.Check(); err != nil {
		t.Errorf("extent 2^31-1: %v", err)
	}
}
