package main

import (
	"strings"
	"testing"
)

// TestEvalArity: a name's registration accepts the arities of its rows, C++ CuTe's
// overloads (coalesce(L) and coalesce(L, profile); complement(L[, cotarget]);
// tile_to_shape(A, shape[, order])).
func TestEvalArity(t *testing.T) {
	want := map[string][2]int{"coalesce": {1, 2}, "complement": {1, 2}, "tile_to_shape": {2, 3},
		"nullspace": {1, 1}, "composition": {2, 2}}
	got := map[string][2]int{}
	for _, g := range evalGroups() {
		_, min, max, err := evalBody(g, false)
		if err != nil {
			t.Fatal(err)
		}
		got[g.name] = [2]int{min, max}
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: arity %v, want %v", name, got[name], w)
		}
	}
	if _, ok := got["make_tiled_mma"]; ok {
		t.Error("an atoms row registered: eval's atoms are funcs_atom.go's")
	}
}

// TestEvalRefusesAmbiguousRows: two rows of one name that take the same number of
// arguments, an optional argument before the last, and a composed overload of a row
// whose first argument is not a layout are errors of the table.
func TestEvalRefusesAmbiguousRows(t *testing.T) {
	one := op{Name: "f", Args: args(layout("l")), Result: layoutOut, Go: "cute.F"}
	other := op{Name: "g", CppName: "f", Args: args(layout("l")), Result: layoutOut, Go: "cute.G"}
	if _, _, _, err := evalBody(evalGroup{name: "f", rows: []op{one, other}}, false); err == nil ||
		!strings.Contains(err.Error(), "both take 1") {
		t.Errorf("same arity: %v", err)
	}
	mid := op{Name: "h", Args: args(layout("l"), optTuple("t", "cute.H1"), tuple("u")), Result: layoutOut, Go: "cute.H"}
	if _, err := evalForms(mid, false); err == nil {
		t.Error("an optional argument before the last: no error")
	}
	noLayout := op{Name: "k", Args: args(tuple("t")), Result: layoutOut, Go: "cute.K", Composed: "cute.ComposedK"}
	if _, err := evalForms(noLayout, true); err == nil {
		t.Error("a composed overload of a tuple: no error")
	}
}
