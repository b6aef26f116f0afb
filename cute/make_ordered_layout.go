package cute

// MakeOrderedLayout is CuTe's make_ordered_layout(shape, order): the compact layout of
// shape whose modes are laid out by increasing order (see CompactOrder), e.g.
// ((2,2,2,2), (0,2,3,1)) → (2,2,2,2):(1,4,8,2).
func MakeOrderedLayout(shape, order IntTuple) (l Layout, err error) {
	d, err := CompactOrder(shape, order)
	if err != nil {
		return Layout{}, opErr(err, "make_ordered_layout")
	}
	return Layout{shape: shape, stride: d}, nil
}
