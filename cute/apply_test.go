package cute

import "testing"

// Apply is CuTe's function at any 1-D index: inside the domain it is Eval, past it the last
// mode takes the rest of the index (what Call computes); Eval refuses there.
func TestApplyPastDomain(t *testing.T) {
	for _, s := range []string{"(4,8):(8,1)", "(2,(3,4)):(1,(2,6))", "((2,2),3):((6,1),2)", "7:3", "(3,2):(-2,5)"} {
		l := MustParseLayout(s)
		n := l.Size()
		for i := int64(0); i < 3*n; i++ {
			got, err := l.Apply(i)
			if err != nil {
				t.Fatalf("%s.Apply(%d): %v", s, i, err)
			}
			want, err := l.Call(Int(i))
			if err != nil || want.IsTuple() || got != want.Value() {
				t.Fatalf("%s.Apply(%d) = %d, Call gives %v (%v)", s, i, got, want, err)
			}
			if e, err := l.Eval(i); i < n && (err != nil || e != got) {
				t.Fatalf("%s.Eval(%d) = %d, %v; Apply %d", s, i, e, err, got)
			} else if i >= n && err == nil {
				t.Fatalf("%s.Eval(%d) accepted an index past the domain", s, i)
			}
		}
	}
	if _, err := MustParseLayout("(2,2):(1@0,1@1)").Apply(1); err == nil {
		t.Error("Apply accepted scaled-basis strides")
	}
	if _, err := MustParseLayout("2:4611686018427387904").Apply(2); err == nil {
		t.Error("Apply did not report the overflow of 2 * 2^62")
	}
}

// ComposedLayout.Apply is swizzle(offset + inner(i)) at any index, computed here from the
// definition.
func TestComposedApplyPastDomain(t *testing.T) {
	c, err := ParseComposedLayout("Sw<3,4,3> o 0 o (8,64):(64,1)")
	if err != nil {
		t.Fatal(err)
	}
	for i := int64(0); i < 3*c.Size(); i += 7 {
		got, err := c.Apply(i)
		if err != nil {
			t.Fatal(err)
		}
		inner, err := c.Inner.Call(Int(i))
		if err != nil {
			t.Fatal(err)
		}
		if want := c.Outer.Apply(c.Offset + inner.Value()); got != want {
			t.Fatalf("C(%d) = %d, want %d", i, got, want)
		}
	}
	if _, err := c.Eval(c.Size()); err == nil {
		t.Error("Eval accepted an index past the domain")
	}
}
