package cute

import "testing"

// TestNodes: counts by hand, and the early stop on a value whose subtrees are shared (a
// tuple of 2 copies of itself, 60 times over, has about 2^61 nodes).
func TestNodes(t *testing.T) {
	l := MustParseLayout("((2,3),4):((1,2),6)")
	sw, err := MakeSwizzle(3, 4, 3)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		v    Value
		want int
	}{
		{Int(3), 1},
		{Tuple(), 1},
		{Ints(1, 2, 3), 4},
		{l, 10}, // shape ((2,3),4): 5 nodes; stride likewise
		{sw, 1},
		{MakeComposedLayout(sw, 0, l), 11},
		{TupleTiler(Underscore(), l.AsTiler()), 12},
		{CoordTuple(CoordInt(1), CoordUnderscore()), 3},
	}
	for _, c := range cases {
		if got := Nodes(c.v, 1000); got != c.want {
			t.Errorf("Nodes(%v) = %d, want %d", c.v, got, c.want)
		}
		if got := Nodes(c.v, c.want-1); got != c.want {
			t.Errorf("Nodes(%v, %d) = %d, want %d (limit+1)", c.v, c.want-1, got, c.want)
		}
	}
	big := Ints(2, 2)
	for range 60 {
		big = Tuple(big, big)
	}
	for _, lim := range []int{0, 1, 10, 1000, 100000} {
		if got := Nodes(big, lim); got != lim+1 {
			t.Errorf("Nodes(shared, %d) = %d, want %d", lim, got, lim+1)
		}
	}
	if got := Nodes(mkLayout(big, big), 7); got != 8 {
		t.Errorf("Nodes(shared layout, 7) = %d, want 8", got)
	}
}
