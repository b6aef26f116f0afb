package cute

// WeaklyCongruent is CuTe's weakly_congruent(a, b): a's profile is a coarsening of b's
// (an integer in a matches any sub-tuple of b; tuples must have equal ranks). It is a
// partial order, a ≤ b; Congruent(a, b) implies it.
func WeaklyCongruent(a, b IntTuple) bool {
	if a.elems == nil {
		return true
	}
	if b.elems == nil || len(a.elems) != len(b.elems) {
		return false
	}
	for i := range a.elems {
		if !WeaklyCongruent(a.elems[i], b.elems[i]) {
			return false
		}
	}
	return true
}
