package cute

import (
	"fmt"
	"math"
	"math/big"
	"testing"
)

func mustL(s string) Layout {
	l, err := ParseLayout(s)
	if err != nil {
		panic(err)
	}
	return l
}

func mustT(s string) Tiler {
	t, err := ParseTiler(s)
	if err != nil {
		panic(err)
	}
	return t
}

var benchSink Layout

func BenchmarkCoalesce(b *testing.B) {
	l := mustL("((2,4),(3,(1,5))):((1,2),(8,(0,24)))")
	benchLayoutOp(b, func() (Layout, error) { return Coalesce(l) })
}

func BenchmarkComposition(b *testing.B) {
	a := mustL("(64,128):(128,1)")
	t := mustL("((2,4),(8,4)):((1,16),(2,64))")
	benchLayoutOp(b, func() (Layout, error) { return Composition(a, t) })
}

func BenchmarkCompositionDocs(b *testing.B) {
	a := mustL("(12,(4,8)):(59,(13,1))")
	t := mustT("(3:4,8:2)")
	benchLayoutOp(b, func() (Layout, error) { return CompositionTiler(a, t) })
}

func BenchmarkComplement(b *testing.B) {
	l := mustL("(4,(2,4)):(2,(1,16))")
	c := Int(256)
	benchLayoutOp(b, func() (Layout, error) { return Complement(l, c) })
}

func BenchmarkLogicalDivide(b *testing.B) {
	a := mustL("(64,128):(128,1)")
	t := mustL("(4,8):(1,64)").AsTiler()
	benchLayoutOp(b, func() (Layout, error) { return LogicalDivide(a, t) })
}

func BenchmarkLogicalDivideTuple(b *testing.B) {
	a := mustL("((8,8),128):((1,512),8)")
	t := mustT("(16,32)")
	benchLayoutOp(b, func() (Layout, error) { return LogicalDivide(a, t) })
}

func BenchmarkRightInverse(b *testing.B) {
	l := mustL("((4,8),(2,4)):((2,16),(1,128))")
	benchLayoutOp(b, func() (Layout, error) { return RightInverse(l) })
}

// TestMakeLayoutNest: the nest form of cutego.h ("(2,(3,4))" is ( L ( L L ) )) both ways,
// and the inputs MakeLayoutNest refuses.
func TestMakeLayoutNest(t *testing.T) {
	const L, O, C = NestLeaf, NestOpen, NestClose
	for _, c := range []struct {
		nest          []int8
		shape, stride []int64
		want          string
	}{
		{[]int8{L}, []int64{8}, []int64{1}, "8:1"},
		{[]int8{O, L, C}, []int64{8}, []int64{1}, "(8):(1)"},
		{[]int8{O, C}, nil, nil, "():()"},
		{[]int8{O, L, O, L, L, C, C}, []int64{2, 3, 4}, []int64{1, 2, 6}, "(2,(3,4)):(1,(2,6))"},
		{[]int8{O, O, C, O, L, C, C}, []int64{1}, []int64{0}, "((),(1)):((),(0))"},
	} {
		l, err := MakeLayoutNest(c.nest, c.shape, c.stride)
		if err != nil || l.String() != c.want {
			t.Errorf("MakeLayoutNest(%v, %v, %v) = %v, %v; want %s", c.nest, c.shape, c.stride, l, err, c.want)
			continue
		}
		if w := mustL(c.want); !l.Equal(w) {
			t.Errorf("MakeLayoutNest(%v) = %v, not equal to the parsed %v", c.nest, l, w)
		}
		n, s, d, err := l.AppendNest(nil, nil, nil)
		if err != nil || fmt.Sprint(n) != fmt.Sprint(c.nest) || len(s) != len(c.shape) || len(d) != len(c.stride) {
			t.Errorf("AppendNest(%v) = %v %v %v, %v", l, n, s, d, err)
		}
		for i := range s {
			if s[i] != c.shape[i] || d[i] != c.stride[i] {
				t.Errorf("AppendNest(%v) leaf %d = %d:%d", l, i, s[i], d[i])
			}
		}
	}
	for _, c := range []struct {
		nest          []int8
		shape, stride []int64
	}{
		{nil, nil, nil},
		{[]int8{L}, []int64{0}, []int64{1}},
		{[]int8{L}, []int64{2}, nil},
		{[]int8{L, L}, []int64{2, 2}, []int64{1, 2}},
		{[]int8{O, L}, []int64{2}, []int64{1}},
		{[]int8{C}, nil, nil},
		{[]int8{O, L, C, C}, []int64{2}, []int64{1}},
		{[]int8{O, L, C}, []int64{2, 3}, []int64{1, 2}},
		{[]int8{3}, nil, nil},
	} {
		if l, err := MakeLayoutNest(c.nest, c.shape, c.stride); err == nil {
			t.Errorf("MakeLayoutNest(%v, %v, %v) = %v, want an error", c.nest, c.shape, c.stride, l)
		}
	}
	if _, _, _, err := MustLayout(Int(4), E(1, 0)).AppendNest(nil, nil, nil); err == nil {
		t.Errorf("AppendNest of a scaled-basis stride: no error")
	}
}

// TestMulNoThrow: the 128-bit overflow test of mulNoThrow and mulI against math/big on
// the values around every power of two and their negations.
func TestMulNoThrow(t *testing.T) {
	var vs []int64
	for k := 0; k < 63; k++ {
		p := int64(1) << k
		vs = append(vs, p-1, p, p+1, -p+1, -p, -p-1)
	}
	vs = append(vs, math.MaxInt64, math.MinInt64, math.MinInt64+1, 3037000499, 3037000500, -3037000500)
	for _, a := range vs {
		for _, b := range vs {
			want := new(big.Int).Mul(big.NewInt(a), big.NewInt(b))
			fits := want.IsInt64()
			p, ok := mulNoThrow(a, b)
			if ok != fits || (ok && p != want.Int64()) {
				t.Fatalf("mulNoThrow(%d, %d) = %d, %v; want %v, fits %v", a, b, p, ok, want, fits)
			}
			var err error
			func() {
				defer catch("test", &err)
				p = mulI(a, b)
			}()
			if (err == nil) != fits || (fits && p != want.Int64()) {
				t.Fatalf("mulI(%d, %d) = %d, %v; want %v", a, b, p, err, want)
			}
		}
	}
}

// benchLayoutOp runs op b.N times, reporting allocations and failing on an error.
func benchLayoutOp(b *testing.B, op func() (Layout, error)) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		r, err := op()
		if err != nil {
			b.Fatal(err)
		}
		benchSink = r
	}
}
