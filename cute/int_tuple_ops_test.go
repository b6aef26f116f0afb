package cute

import (
	"errors"
	"testing"
)

// Expected values: C++ CuTe (CUTLASS 4.x headers) with every integer static, printed by
// cute::print; see the report of the tuples branch for the program.

func TestShapeDivCeilDivTable(t *testing.T) {
	cases := []struct {
		op, a, b, want string
	}{
		{"shape_div", "(4,5,6)", "40", "(_1,_1,_3)"},
		{"shape_div", "(12,3)", "(4,3)", "(_3,_1)"},
		{"shape_div", "6", "(2,3)", "_1"},
		{"shape_div", "2", "8", "_1"},
		{"shape_div", "(2,(3,4))", "12", "(_1,(_1,_2))"},
		{"shape_div", "(3,4)", "3", "(_1,_4)"},
		{"ceil_div", "(4,5,6)", "40", "(_1,_1,_3)"},
		{"ceil_div", "(5,7,9)", "(2,3)", "(_3,_3,_9)"},
		{"ceil_div", "7", "(2,2)", "_2"},
		{"ceil_div", "(3,5)", "7", "(_1,_2)"},
		{"elem_scale", "(2,(3,4))", "(2,(3,(1,2)))", "(_4,(_9,_8))"},
		{"inner_product", "(1,(2,3))", "(4,(5,6))", "_32"},
	}
	for _, c := range cases {
		a, b := tIT(t, c.a), tIT(t, c.b)
		var got IntTuple
		var err error
		switch c.op {
		case "shape_div":
			got, err = ShapeDiv(a, b)
		case "ceil_div":
			got, err = CeilDiv(a, b)
		case "elem_scale":
			got, err = ElemScale(a, b)
		case "inner_product":
			got, err = InnerProduct(a, b)
		}
		if err != nil || got.String() != unmark(c.want) {
			t.Errorf("%s(%s, %s) = %v, %v; want %s", c.op, c.a, c.b, got, err, unmark(c.want))
		}
	}
}

func TestShapeDivErrors(t *testing.T) {
	for _, c := range [][2]string{{"6", "4"}, {"(4,6)", "(3,2)"}, {"(4,5)", "(2,5,1)"}, {"(2,3)", "3"}} {
		_, err := ShapeDiv(tIT(t, c[0]), tIT(t, c[1]))
		var e *Error
		if !errors.As(err, &e) || e.Op != "shape_div" {
			t.Errorf("shape_div(%s,%s): want a shape_div error, got %v", c[0], c[1], err)
		}
	}
	if _, err := ShapeDiv(tIT(t, "6"), tIT(t, "4")); !errors.Is(err, &Error{Kind: ErrNotAdmissible}) {
		t.Errorf("shape_div(6,4): want ErrNotAdmissible, got %v", err)
	}
	if _, err := CeilDiv(tIT(t, "(4)"), tIT(t, "(2,2)")); err == nil {
		t.Error("ceil_div((4),(2,2)): want a rank error")
	}
	if _, err := CeilDiv(tIT(t, "4"), tIT(t, "0")); err == nil {
		t.Error("ceil_div(4,0): want an error")
	}
	if _, err := ElemScale(tIT(t, "(4,2)"), tIT(t, "3")); err == nil {
		t.Error("elem_scale((4,2),3): want an error")
	}
	if _, err := InnerProduct(tIT(t, "(4,2)"), tIT(t, "(3,(1,2))")); err == nil {
		t.Error("inner_product of non-congruent tuples: want an error")
	}
	if _, err := ShapeDiv(tIT(t, "(4611686018427387904,4)"), tIT(t, "4611686018427387904")); err != nil {
		t.Errorf("large shape_div: %v", err)
	}
	if _, err := CeilDiv(Int(9223372036854775807), Int(2)); !errors.Is(err, &Error{Kind: ErrOverflow}) {
		t.Errorf("ceil_div overflow: want ErrOverflow, got %v", err)
	}
}

func TestProductEachLike(t *testing.T) {
	for _, c := range [][2]string{{"(2,(3,4),5)", "(_2,_12,_5)"}, {"7", "(_7)"}, {"()", "()"}} {
		got, err := ProductEach(tIT(t, c[0]))
		if err != nil || got.String() != unmark(c[1]) {
			t.Errorf("product_each(%s) = %v, %v; want %s", c[0], got, err, unmark(c[1]))
		}
	}
	got, err := ProductLike(tIT(t, "(2,(3,4),(5,6))"), tIT(t, "(0,(0,0),0)"))
	if err != nil || got.String() != "(2,(3,4),30)" {
		t.Errorf("product_like = %v, %v", got, err)
	}
}

func TestCompactMajorTable(t *testing.T) {
	cases := []struct {
		shape string
		row   bool
		cur   int64
		want  string
	}{
		{"(2,1,(3,4))", false, 1, "(_1,_0,(_2,_6))"},
		{"(2,1,(3,4))", true, 1, "(_12,_0,(_4,_1))"},
		{"(2,(3,4))", false, 3, "(_3,(_6,_18))"},
		{"1", false, 1, "0"},
		{"()", false, 1, "()"},
	}
	for _, c := range cases {
		got, err := CompactMajor(tIT(t, c.shape), c.row, c.cur)
		if err != nil || got.String() != unmark(c.want) {
			t.Errorf("compact_major(%s,%v,%d) = %v, %v; want %s", c.shape, c.row, c.cur, got, err, unmark(c.want))
		}
	}
	a, _ := CompactColMajor(tIT(t, "(2,1,(3,4))"))
	b, _ := CompactRowMajor(tIT(t, "(2,1,(3,4))"))
	if a.String() != "(1,0,(2,6))" || b.String() != "(12,0,(4,1))" {
		t.Errorf("compact_col/row_major: %v %v", a, b)
	}
	if _, err := CompactColMajor(tIT(t, "(2,0)")); err == nil {
		t.Error("compact_col_major((2,0)): want an error")
	}
	// The same as MakeLayoutLeft/Right (main's column-/row-major layouts).
	for _, s := range []string{"(2,1,(3,4))", "((2,2),(1,3),5)", "7"} {
		sh := tIT(t, s)
		l, _ := MakeLayoutLeft(sh)
		r, _ := MakeLayoutRight(sh)
		a, _ := CompactColMajor(sh)
		b, _ := CompactRowMajor(sh)
		if !a.Equal(l.Stride()) || !b.Equal(r.Stride()) {
			t.Errorf("%s: compact strides %v %v differ from make_layout %v %v", s, a, b, l, r)
		}
	}
}

func TestPrefixProduct(t *testing.T) {
	// PyCuTe's test_int_tuple.py and CuTe's former prefix_product.
	cases := [][2]string{
		{"2", "1"}, {"(3,2)", "(1,3)"}, {"(3,2,4)", "(1,3,6)"}, {"((2,3),4)", "((1,2),6)"},
		{"((2,3),(2,1,2),(5,2,1))", "((1,2),(6,12,12),(24,120,240))"}, {"()", "()"},
	}
	for _, c := range cases {
		got, err := PrefixProduct(tIT(t, c[0]))
		if err != nil || got.String() != c[1] {
			t.Errorf("prefix_product(%s) = %v, %v; want %s", c[0], got, err, c[1])
		}
	}
	got, err := PrefixProductInit(tIT(t, "((2,3),4)"), tIT(t, "(5,7)"))
	if err != nil || got.String() != "((5,10),7)" {
		t.Errorf("prefix_product with tuple init = %v, %v", got, err)
	}
	if _, err := PrefixProductInit(tIT(t, "4"), tIT(t, "(5,7)")); err == nil {
		t.Error("prefix_product(4,(5,7)): want an error")
	}
}

func TestPredicates(t *testing.T) {
	// C++: weakly_congruent((1,2),((1,2),3))=1, (((1,2),3),(1,2))=0, (1,(1,2))=1, ((1,2),(1,2,3))=0.
	wc := []struct {
		a, b string
		want bool
	}{{"(1,2)", "((1,2),3)", true}, {"((1,2),3)", "(1,2)", false}, {"1", "(1,2)", true}, {"(1,2)", "(1,2,3)", false}, {"()", "()", true}, {"()", "1", false}}
	for _, c := range wc {
		if got := WeaklyCongruent(tIT(t, c.a), tIT(t, c.b)); got != c.want {
			t.Errorf("weakly_congruent(%s,%s) = %v", c.a, c.b, got)
		}
	}
	// C++: compatible(6,(2,3))=1, ((2,3),6)=0, ((2,12),(2,(3,4)))=1, ((2,12),(2,(3,5)))=0.
	cp := []struct {
		a, b string
		want bool
	}{{"6", "(2,3)", true}, {"(2,3)", "6", false}, {"(2,12)", "(2,(3,4))", true}, {"(2,12)", "(2,(3,5))", false}, {"1", "()", true}}
	for _, c := range cp {
		if got := Compatible(tIT(t, c.a), tIT(t, c.b)); got != c.want {
			t.Errorf("compatible(%s,%s) = %v", c.a, c.b, got)
		}
	}
	// C++: elem_less((1,2),(2,3))=1, ((1,3),(2,3))=0, ((1,2),(2,3,4))=1, ((1,2,0),(2,3))=0.
	el := []struct {
		a, b string
		want bool
	}{{"(1,2)", "(2,3)", true}, {"(1,3)", "(2,3)", false}, {"(1,2)", "(2,3,4)", true}, {"(1,2,0)", "(2,3)", false}, {"((1,2),3)", "((2,3),4)", true}}
	for _, c := range el {
		got, err := ElemLess(tIT(t, c.a), tIT(t, c.b))
		if err != nil || got != c.want {
			t.Errorf("elem_less(%s,%s) = %v, %v", c.a, c.b, got, err)
		}
		geq, _ := ElemGeq(tIT(t, c.a), tIT(t, c.b))
		if geq == got {
			t.Errorf("elem_geq(%s,%s) = %v, not !elem_less", c.a, c.b, geq)
		}
	}
	if _, err := ElemLess(tIT(t, "(1,2)"), tIT(t, "3")); err == nil {
		t.Error("elem_less((1,2),3): want an error")
	}
	if r, _ := ElemLeq(tIT(t, "(2,3)"), tIT(t, "(2,3)")); !r {
		t.Error("elem_leq((2,3),(2,3)) should hold")
	}
	if r, _ := ElemGtr(tIT(t, "(3,4)"), tIT(t, "(2,3)")); !r {
		t.Error("elem_gtr((3,4),(2,3)) should hold")
	}
}

func TestFlattenTuple(t *testing.T) {
	for _, c := range [][2]string{{"(2,((3),()),4)", "(2,3,4)"}, {"5", "5"}, {"()", "()"}, {"((1,(2,3)),4)", "(1,2,3,4)"}} {
		if got := Flatten(tIT(t, c[0])); got.String() != c[1] {
			t.Errorf("flatten(%s) = %v; want %s", c[0], got, c[1])
		}
	}
}

func TestIdx2CrdStrideTable(t *testing.T) {
	cases := []struct{ idx, shape, stride, want string }{
		{"17", "(2,(3,4))", "(1,(2,6))", "(_1,(_2,_2))"},
		{"17", "(2,(3,4))", "3", "(_1,(_2,_0))"},
		{"29", "(2,1,4)", "(1,0,2)", "(_1,_0,_2)"},
		{"(7,5)", "((2,4),3)", "((1,2),8)", "((_1,_3),_0)"},
	}
	for _, c := range cases {
		got, err := Idx2CrdStride(tIT(t, c.idx), tIT(t, c.shape), tIT(t, c.stride))
		if err != nil || got.String() != unmark(c.want) {
			t.Errorf("idx2crd(%s,%s,%s) = %v, %v; want %s", c.idx, c.shape, c.stride, got, err, unmark(c.want))
		}
	}
	if _, err := Idx2CrdStride(tIT(t, "(1,2)"), tIT(t, "4"), tIT(t, "1")); err == nil {
		t.Error("idx2crd((1,2),4,1): want an error")
	}
	if _, err := Idx2CrdStride(tIT(t, "3"), tIT(t, "4"), tIT(t, "0")); err == nil {
		t.Error("idx2crd(3,4,0): want an error")
	}
}

// Property: for a compact column-major layout, idx2crd(i, shape, stride) inverts crd2idx
// on [0, size) and agrees with main's Idx2Crd on in-range indices.
func TestIdx2CrdStrideRoundTrip(t *testing.T) {
	for _, s := range []string{"(2,(3,4))", "((2,2),1,(3,1,2))", "6", "(1,1)"} {
		sh := tIT(t, s)
		for _, right := range []bool{false, true} {
			d, _ := CompactMajor(sh, right, 1)
			n := size(sh)
			for i := int64(0); i < n; i++ {
				c, err := Idx2CrdStride(Int(i), sh, d)
				if err != nil {
					t.Fatal(err)
				}
				j, err := Crd2Idx(c, sh, d)
				if err != nil || j.Value() != i {
					t.Fatalf("%s right=%v: crd2idx(idx2crd(%d)) = %v, %v", s, right, i, j, err)
				}
				if !right {
					c2, _ := Idx2Crd(i, sh)
					if !c2.Equal(c) {
						t.Fatalf("%s: idx2crd(%d) = %v with stride, %v without", s, i, c, c2)
					}
				}
			}
		}
	}
}
