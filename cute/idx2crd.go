package cute

// Idx2Crd is CuTe's idx2crd(idx, shape): the colexicographic coordinate of an index in a
// shape, congruent to the shape; the last mode of each tuple takes the whole remaining
// quotient, so out-of-bounds indices give out-of-bounds last coordinates. A shape with a
// negative or scaled-basis leaf is refused (ErrInvalid), and so is a mode of size 0
// before the last.
func Idx2Crd(idx int64, shape IntTuple) (c IntTuple, err error) {
	defer catch("idx2crd", &err)
	requireNonNegative("idx2crd", shape)
	return idx2crd(idx, shape), nil
}

// requireNonNegative throws unless every leaf of shape is a non-negative integer.
func requireNonNegative(op string, shape IntTuple) {
	if shape.elems == nil {
		if shape.basis != nil || shape.v < 0 {
			throw(op, ErrInvalid, "shape leaf %v is not a non-negative integer", shape)
		}
		return
	}
	for _, e := range shape.elems {
		requireNonNegative(op, e)
	}
}

func idx2crd(idx int64, shape IntTuple) IntTuple {
	if shape.elems == nil {
		return Int(idx)
	}
	n := len(shape.elems)
	e := make([]IntTuple, n)
	for i := 0; i < n; i++ {
		if i == n-1 {
			e[i] = idx2crd(idx, shape.elems[i])
			break
		}
		s := size(shape.elems[i])
		if s == 0 {
			throw("idx2crd", ErrInvalid, "shape %v has a mode of size 0 before its last mode", shape)
		}
		e[i] = idx2crd(idx%s, shape.elems[i])
		idx /= s
	}
	return tupleOwn(e)
}
