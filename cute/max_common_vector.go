package cute

import "errors"

// MaxCommonVector is CuTe's max_common_vector(A, B): the largest N such that A and B
// agree on [0, N) as A(B⁻¹(i)) = i: the shape of the first mode of
// coalesce(A ∘ right_inverse(B)) when its stride is 1, else 1.
//
// It never fails on valid layouts, because 1 is always a correct answer. The
// composition is taken mode by mode of right_inverse(B), as C++ does: where cutego
// refuses a mode (C++'s composition walk breaks the function there, see Composition),
// the common vector stops before that mode. It is then the run that the modes before
// it prove, still one on which A and B agree: max_common_vector((4,1,6,3):(1,6,60,12),
// (3,8,3):(8,1,24)) is 1, as in C++.
func MaxCommonVector(a, b Layout) (n int64, err error) {
	defer catch("max_common_vector", &err)
	_, c := maxCommon("max_common_vector", a, b)
	if c.n == 0 {
		return 1, nil
	}
	return c.m[0].s, nil
}

// maxCommon returns right_inverse(b) and the first mode of coalesce(a ∘ right_inverse(b))
// when it has stride 1 (c.n == 1), else c.n == 0. a ∘ right_inverse(b) is built mode by
// mode of right_inverse(b) (C++'s composition is by mode of its right operand), up to
// the first mode that composition refuses; when that mode could have extended the
// stride-1 run, the run stops at the modes before it.
func maxCommon(op string, a, b Layout) (Layout, flatL) {
	checkLayoutArg(op, a)
	checkLayoutArg(op, b)
	inv, err := RightInverse(b)
	if err != nil {
		panic(err)
	}
	var modes flatL
	modes.flattenInto(op, &inv)
	var shapes, strides []IntTuple
	refused := false
	for k := 0; k < modes.n; k++ {
		m, err := Composition(a, Layout{shape: Int(modes.m[k].s), stride: Int(modes.m[k].d)})
		if err != nil {
			var e *Error
			if errors.As(err, &e) && e.Kind == ErrNotAdmissible {
				refused = true
				break
			}
			panic(err)
		}
		shapes = append(shapes, m.shape)
		strides = append(strides, m.stride)
	}
	var c flatL
	if len(shapes) == 0 {
		return inv, c // c.n == 0: the answer 1
	}
	coalesceFlat(op, &Layout{shape: tupleOwn(shapes), stride: tupleOwn(strides)}, &c, false)
	if c.basis(0) != nil || c.m[0].d != 1 {
		c.n = 0
		return inv, c
	}
	if refused && c.n == 1 {
		// Every mode before the refused one continues the run: it is known up to there.
		c.m[0].s = size(tupleOwn(shapes))
	}
	c.n = 1
	return inv, c
}
