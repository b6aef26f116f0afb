package cute

import "testing"

// TestGroupCpp: CuTe's group<B,E> on the cases C++ CuTe printed (CUTLASS 4.2, every
// integer static; internal/eval/testdata/cpp/spellings.cpp): a layout of rank 1 that is
// not a tuple comes back as a tuple, also for an empty range; a tuple with an empty range
// is unchanged; E = -1 means the rank.
func TestGroupCpp(t *testing.T) {
	for _, c := range []struct {
		in         string
		begin, end int
		want       string
	}{
		{"4:1", 1, 1, "(4):(1)"},
		{"4:1", 0, 0, "(4):(1)"},
		{"4:1", 0, 1, "((4)):((1))"},
		{"4:1", 0, -1, "((4)):((1))"},
		{"(2,3,4):(1,2,6)", 1, -1, "(2,(3,4)):(1,(2,6))"},
		{"(2,3):(1,2)", 1, 1, "(2,3):(1,2)"},
		{"(2,3,4,5):(1,2,6,24)", 1, 3, "(2,(3,4),5):(1,(2,6),24)"},
	} {
		got, err := Group(MustParseLayout(c.in), c.begin, c.end)
		if err != nil || got.String() != c.want {
			t.Errorf("group<%d,%d>(%s) = %v, %v; C++ CuTe: %s", c.begin, c.end, c.in, got, err, c.want)
		}
	}
	for _, c := range []struct {
		in, want   string
		begin, end int
	}{
		{"(2,3,4)", "(2,(3,4))", 1, -1},
		{"(2,3)", "((2,3))", 0, 2},
	} {
		in, err := ParseIntTuple(c.in)
		if err != nil {
			t.Fatal(err)
		}
		got, err := GroupTuple(in, c.begin, c.end)
		if err != nil || got.String() != c.want {
			t.Errorf("group<%d,%d>(%s) = %v, %v; C++ CuTe: %s", c.begin, c.end, c.in, got, err, c.want)
		}
	}
	if _, err := Group(MustParseLayout("(2,3):(1,2)"), 1, 3); err == nil {
		t.Error("group<1,3> of a rank-2 layout: want an error")
	}
}
