package cute

// MaxCommonVector is CuTe's max_common_vector(A, B): the largest N such that A and B
// agree on [0, N) as A(B⁻¹(i)) = i: the shape of the first mode of
// coalesce(A ∘ right_inverse(B)) when its stride is 1, else 1.
func MaxCommonVector(a, b Layout) (n int64, err error) {
	defer catch("max_common_vector", &err)
	_, c := maxCommon("max_common_vector", a, b)
	if c.n == 0 {
		return 1, nil
	}
	return c.m[0].s, nil
}

// maxCommon returns right_inverse(b) and the first mode of coalesce(a ∘ right_inverse(b))
// when it has stride 1 (c.n == 1), else c.n == 0.
func maxCommon(op string, a, b Layout) (Layout, flatL) {
	checkLayoutArg(op, a)
	checkLayoutArg(op, b)
	inv, err := RightInverse(b)
	if err != nil {
		panic(err)
	}
	var c flatL
	coalesceFlat(op, composition(a, inv), &c, false)
	if c.m[0].b == nil && c.m[0].d == 1 {
		c.n = 1
	} else {
		c.n = 0
	}
	return inv, c
}
