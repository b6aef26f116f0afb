package cute

import (
	"testing"
)

// Expected values: C++ CuTe with static integers (see int_tuple_ops_test.go).

func TestLayoutManipTable(t *testing.T) {
	L := tLay(t, "(2,3,4,5):(1,2,6,24)")
	N := tLay(t, "(2,(3,(4,5))):(1,(2,(6,24)))")
	A, B := tLay(t, "4:1"), tLay(t, "2:4")
	L42 := tLay(t, "(4,2):(1,4)")
	m := func(l Layout, err error) Layout {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	cases := []struct {
		name string
		got  Layout
		want string
	}{
		{"group<1,3>", m(Group(L, 1, 3)), "(_2,(_3,_4),_5):(_1,(_2,_6),_24)"},
		{"group<0,4>", m(Group(L, 0, 4)), "((_2,_3,_4,_5)):((_1,_2,_6,_24))"},
		{"group<2,2>", m(Group(L, 2, 2)), "(_2,_3,_4,_5):(_1,_2,_6,_24)"},
		{"group<2,-1>", m(Group(L, 2, -1)), "(_2,_3,(_4,_5)):(_1,_2,(_6,_24))"},
		{"take<1,3>", m(Take(L, 1, 3)), "(_3,_4):(_2,_6)"},
		{"take<0,1>", m(Take(L, 0, 1)), "(_2):(_1)"},
		{"select<2,0>", m(Select(L, 2, 0)), "(_4,_2):(_6,_1)"},
		{"select<3>", m(Select(L, 3)), "(_5):(_24)"},
		{"get<1>", m(Get(N, 1)), "(_3,(_4,_5)):(_2,(_6,_24))"},
		{"get<1,1>", m(Get(N, 1, 1)), "(_4,_5):(_6,_24)"},
		{"get<1,1,0>", m(Get(N, 1, 1, 0)), "_4:_6"},
		{"layout<1,0>", m(Get(N, 1, 0)), "_3:_2"},
		{"flatten", FlattenLayout(N), "(_2,_3,_4,_5):(_1,_2,_6,_24)"},
		{"append", Append(A, B), "(_4,_2):(_1,_4)"},
		{"prepend", Prepend(A, B), "(_2,_4):(_4,_1)"},
		{"append<3>", m(AppendN(A, 3, tLay(t, "1:0"))), "(_4,_1,_1):(_1,_0,_0)"},
		{"append<3> x", m(AppendN(L42, 3, tLay(t, "3:8"))), "(_4,_2,_3):(_1,_4,_8)"},
		{"prepend<3>", m(PrependN(L42, 3, tLay(t, "1:0"))), "(_1,_4,_2):(_0,_1,_4)"},
		{"append tuple", Append(L42, tLay(t, "(3,2):(8,24)")), "(_4,_2,(_3,_2)):(_1,_4,(_8,_24))"},
		{"make_layout(A,B)", m(MakeLayoutModes(A, B)), "(_4,_2):(_1,_4)"},
		{"make_layout(A)", m(MakeLayoutModes(A)), "(_4):(_1)"},
		{"make_layout(A,L,C)", m(MakeLayoutModes(A, tLay(t, "(2,3):(4,8)"), tLay(t, "5:0"))), "(_4,(_2,_3),_5):(_1,(_4,_8),_0)"},
	}
	for _, c := range cases {
		if got := c.got.String(); got != unmark(c.want) {
			t.Errorf("%s = %s; want %s", c.name, got, unmark(c.want))
		}
	}
	for name, err := range map[string]error{
		"take<2,2>":         second(Take(L, 2, 2)),
		"take<0,5>":         second(Take(L, 0, 5)),
		"select<4>":         second(Select(L, 4)),
		"get<0,1>":          second(Get(N, 0, 1)),
		"group<3,1>":        second(Group(L, 3, 1)),
		"append<1>(L)":      second(AppendN(L, 1, A)),
		"make_layout(zero)": second(MakeLayoutModes(A, Layout{})),
	} {
		if err == nil {
			t.Errorf("%s: want an error", name)
		}
	}
}

func second[T any](_ T, err error) error { return err }

func TestOrderedLayoutTable(t *testing.T) {
	cases := []struct{ shape, order, want string }{
		// CuTe's layout.hpp doc comment and compiled C++.
		{"(2,2,2,2)", "(0,2,3,1)", "(_2,_2,_2,_2):(_1,_4,_8,_2)"},
		{"(2,3,4,5)", "(2,67,42,50)", "(_2,_3,_4,_5):(_1,_40,_2,_8)"},
		{"(2,(3,4))", "(1,0)", "(_2,(_3,_4)):(_12,(_1,_3))"},
		{"(2,(3,4),5)", "(2,(0,3),1)", "(_2,(_3,_4),_5):(_15,(_1,_30),_3)"},
		{"(2,1,4)", "(1,0,2)", "(_2,_1,_4):(_1,_0,_2)"},
	}
	for _, c := range cases {
		got, err := MakeOrderedLayout(tIT(t, c.shape), tIT(t, c.order))
		if err != nil || got.String() != unmark(c.want) {
			t.Errorf("make_ordered_layout(%s,%s) = %v, %v; want %s", c.shape, c.order, got, err, unmark(c.want))
		}
	}
	if _, err := MakeOrderedLayout(tIT(t, "(2,3)"), tIT(t, "(0,1,2)")); err == nil {
		t.Error("make_ordered_layout with a longer order: want an error")
	}
	likes := [][2]string{
		{"(2,2,2,2):(0,2,4,1)", "(_2,_2,_2,_2):(_0,_2,_4,_1)"},
		{"(2,3,4,5):(0,42,1,0)", "(_2,_3,_4,_5):(_0,_4,_1,_0)"},
		{"(4,(2,3)):(3,(1,24))", "(_4,(_2,_3)):(_2,(_1,_8))"},
	}
	for _, c := range likes {
		got, err := MakeLayoutLike(tLay(t, c[0]))
		if err != nil || got.String() != unmark(c[1]) {
			t.Errorf("make_layout_like(%s) = %v, %v; want %s", c[0], got, err, unmark(c[1]))
		}
	}
}
