package cute

import "testing"

func TestWithShapeTable(t *testing.T) {
	L := tLay(t, "(8,8):(8,1)")
	for _, c := range [][2]string{
		// C++: L.with_shape(shape).
		{"(4,16)", "(_4,(_2,_8)):(_8,(_32,_1))"},
		{"64", "(_8,_8):(_8,_1)"},
		{"(2,(4,8))", "(_2,(_4,_8)):(_8,(_16,_1))"},
	} {
		got, err := WithShape(L, tIT(t, c[0]))
		if err != nil || got.String() != unmark(c[1]) {
			t.Errorf("with_shape(%v, %s) = %v, %v; want %s", L, c[0], got, err, unmark(c[1]))
		}
	}
}
