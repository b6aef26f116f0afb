package cute

// MaxCommonLayout is CuTe's max_common_layout(A, B): the layout R pointing at the most
// contiguous elements on which A and B correspond: right_inverse(B) ∘ (first mode of
// coalesce(A ∘ right_inverse(B)) when its stride is 1), else 1:0.
// Post: A(R(i)) = B(R(i)) = i for i < size(R). Like MaxCommonVector it never fails on
// valid layouts (1:0 is always correct).
func MaxCommonLayout(a, b Layout) (r Layout, err error) {
	defer catch("max_common_layout", &err)
	inv, c := maxCommon("max_common_layout", a, b)
	if c.n == 0 {
		return Layout{shape: Int(1), stride: Int(0)}, nil
	}
	r, err = Composition(inv, c.toLayout())
	if err != nil {
		// 1:0 is always a correct common layout: never fail on valid layouts.
		return Layout{shape: Int(1), stride: Int(0)}, nil
	}
	return r, nil
}
