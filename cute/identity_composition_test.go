package cute

import "testing"

// Identity layouts through the algebra (composition, zipped_divide), as C++ CuTe
// computes them with static integers.
func TestIdentityLayoutAlgebra(t *testing.T) {
	id, _ := MakeIdentityLayout(tIT(t, "(8,16)"))
	cases := []struct {
		name string
		got  func() (Layout, error)
		want string
	}{
		{"composition(Id,(4,8))", func() (Layout, error) { return CompositionTiler(id, tTiler(t, "(4,8)")) }, "(_4,_8):(_1@0,_1@1)"},
		{"composition(Id,(2,4):(4,16))", func() (Layout, error) { return Composition(id, tLay(t, "(2,4):(4,16)")) }, "(_2,_4):(_4@0,_2@1)"},
		{"zipped_divide(Id,(4,8))", func() (Layout, error) { return ZippedDivide(id, tTiler(t, "(4,8)")) }, "((_4,_8),(_2,_2)):((_1@0,_1@1),(_4@0,_8@1))"},
		{"composition(Id,32:1)", func() (Layout, error) { return Composition(id, tLay(t, "32:1")) }, "(_8,_4):(_1@0,_1@1)"},
	}
	for _, c := range cases {
		got, err := c.got()
		if err != nil || got.String() != unmark(c.want) {
			t.Errorf("%s = %v, %v; want %s", c.name, got, err, unmark(c.want))
		}
	}
}
