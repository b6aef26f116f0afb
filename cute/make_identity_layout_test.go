package cute

import "testing"

func TestIdentityLayoutTable(t *testing.T) {
	// C++ CuTe: make_basis_like / make_identity_layout and their evaluation.
	if got, err := MakeBasisLike(tIT(t, "(2,(3,4))")); err != nil || got.String() != "(1@0,(1@0@1,1@1@1))" {
		t.Errorf("make_basis_like((2,(3,4))) = %s, %v", got, err)
	}
	if got, err := MakeBasisLike(Int(5)); err != nil || got.String() != "1" {
		t.Errorf("make_basis_like(5) = %s, %v", got, err)
	}
	id, err := MakeIdentityLayout(tIT(t, "(4,8)"))
	if err != nil || id.String() != "(4,8):(1@0,1@1)" {
		t.Fatalf("make_identity_layout((4,8)) = %v, %v", id, err)
	}
	id2, _ := MakeIdentityLayout(tIT(t, "(2,(3,4))"))
	if id2.String() != "(2,(3,4)):(1@0,(1@0@1,1@1@1))" {
		t.Errorf("make_identity_layout((2,(3,4))) = %v", id2)
	}
	evals := []struct {
		l    Layout
		c    string
		want string
	}{
		{id, "9", "(1,2)"}, {id, "(3,7)", "(3,7)"},
		{id2, "17", "(1,(2,2))"}, {id2, "23", "(1,(2,3))"}, {id2, "(1,(2,3))", "(1,(2,3))"},
	}
	for _, e := range evals {
		got, err := e.l.Call(tIT(t, e.c))
		if err != nil || got.String() != e.want {
			t.Errorf("%v(%s) = %v, %v; want %s", e.l, e.c, got, err, e.want)
		}
	}
	// C++: slice_and_offset((_,(2,_)), id2) = ((2,4):(1@0,1@1@1), (0,(2,0))).
	s, off, err := SliceAndOffset(tCrd(t, "(_,(2,_))"), id2)
	if err != nil || s.String() != "(2,4):(1@0,1@1@1)" || off.String() != "(0,(2,0))" {
		t.Errorf("slice_and_offset on identity = %v, %v, %v", s, off, err)
	}
	s, off, err = SliceAndOffset(tCrd(t, "(1,_)"), id)
	if err != nil || s.String() != "(8):(1@1)" || off.String() != "(1,0)" {
		t.Errorf("slice_and_offset((1,_), id) = %v, %v, %v", s, off, err)
	}
	// Property: the identity layout maps every index to idx2crd(i, shape).
	for _, sh := range []string{"(2,(3,4))", "((2,2),3,(1,2))", "7"} {
		l, _ := MakeIdentityLayout(tIT(t, sh))
		for i := int64(0); i < l.Size(); i++ {
			got, err := l.Call(Int(i))
			want, _ := Idx2Crd(i, l.Shape())
			if err != nil || !arithEqual(got, want) {
				t.Fatalf("identity %v at %d = %v, want %v", l, i, got, want)
			}
		}
	}
}

// arithEqual compares an arithmetic-tuple result with a coordinate: missing trailing
// positions and scaled bases count as zeros/expanded.
func arithEqual(a, b IntTuple) bool {
	a, b = mustArith(a), mustArith(b)
	if a.IsLeaf() && b.IsLeaf() {
		return a.Value() == b.Value()
	}
	if a.IsLeaf() {
		a, b = b, a
	}
	if b.IsLeaf() { // a tuple vs an integer: only 0 == (0,0,...)
		return b.Value() == 0 && allZero(a)
	}
	n := max(a.Len(), b.Len())
	for i := 0; i < n; i++ {
		x, y := Int(0), Int(0)
		if i < a.Len() {
			x = a.At(i)
		}
		if i < b.Len() {
			y = b.At(i)
		}
		if !arithEqual(x, y) {
			return false
		}
	}
	return true
}

func allZero(t IntTuple) bool {
	for _, v := range mustArith(t).LeafValues(nil) {
		if v != 0 {
			return false
		}
	}
	return true
}

func mustArith(t IntTuple) IntTuple {
	r, err := AsArithmeticTuple(t)
	if err != nil {
		panic(err)
	}
	return r
}
