package cute

// Compatible is CuTe's compatible(a, b) on shapes: a and b have the same size and every
// coordinate of a is a coordinate of b, i.e. at each leaf of a, b's sub-shape there has
// that size. It is a partial order, a ≤ b. An overflowing size counts as incompatible.
func Compatible(a, b IntTuple) bool {
	if a.elems == nil {
		n, err := Size(b)
		return err == nil && !a.IsBasis() && a.v == n
	}
	if b.elems == nil || len(a.elems) != len(b.elems) {
		return false
	}
	for i := range a.elems {
		if !Compatible(a.elems[i], b.elems[i]) {
			return false
		}
	}
	return true
}
