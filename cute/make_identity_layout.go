package cute

// MakeIdentityLayout is CuTe's make_identity_layout(shape): shape:make_basis_like(shape),
// the layout that maps each coordinate to itself as an arithmetic tuple (its "coordinate
// tensor"): make_identity_layout((4,8)) = (4,8):(1@0,1@1), and evaluating it at index 9
// (Call) gives (1,2). Composing, slicing or dividing it tracks which coordinates of the
// original shape each element came from. A shape nested deeper than MaxParseDepth is
// refused (ErrInvalid), as MakeBasisLike refuses it.
func MakeIdentityLayout(shape IntTuple) (l Layout, err error) {
	if e := checkShape("make_identity_layout", shape); e != nil {
		return Layout{}, e
	}
	if e := checkBasisDepth("make_identity_layout", shape); e != nil {
		return Layout{}, e
	}
	return Layout{shape: shape, stride: basisLike(shape, nil)}, nil
}

// AsArithmeticTuple is CuTe's as_arithmetic_tuple: a scaled basis v·E<i,...> becomes the
// tuple with v at position i (recursively) and zeros before it; other values are returned
// as they are. (1@1 → (0,1); 3@0@1 → (0,(3)).) A tuple of more than a few thousand
// elements is refused (ErrInvalid): the cost of a value must not grow with a basis mode.
func AsArithmeticTuple(t IntTuple) (r IntTuple, err error) {
	defer catch("as_arithmetic_tuple", &err)
	return arithTuple(t), nil
}
