package cute

// CompositionLayoutSwizzle is CuTe's composition(Layout A, Swizzle Sw) (swizzle_layout.hpp):
// the swizzle moved to A's codomain, Sw' o 0 o A with Sw' = make_swizzle<A(yyy), A(zzz)>
// where yyy and zzz are Sw's read and write masks. It is A ∘ Sw when A maps the bits of
// Sw's masks to bits (A(x XOR y) = A(x) XOR A(y) on them); CuTe, and cutego, refuse a
// layout that maps the masks to values that are not the masks of a swizzle.
// composition((8,8):(8,1), Sw<2,0,-3>) = Sw<2,0,3> o 0 o (8,8):(8,1).
func CompositionLayoutSwizzle(a Layout, sw Swizzle) (r ComposedLayout, err error) {
	defer catch("composition", &err)
	// The masks may lie past A's domain (C++ evaluates A there: its last mode takes the
	// rest of the index), hence Call rather than Eval.
	y, err := a.Call(Int(sw.YYYMask()))
	if err != nil {
		return ComposedLayout{}, err
	}
	z, err := a.Call(Int(sw.ZZZMask()))
	if err != nil {
		return ComposedLayout{}, err
	}
	if !y.IsLeaf() || y.IsBasis() || !z.IsLeaf() || z.IsBasis() {
		throw("composition", ErrInvalid, "%v has scaled-basis strides", a)
	}
	sw2, err := MakeSwizzleFromMasks(y.Value(), z.Value())
	if err != nil {
		throw("composition", ErrNotAdmissible, "the swizzle %v does not map through %v: %v", sw, a, err)
	}
	return ComposedLayout{Outer: sw2, Offset: 0, Inner: a}, nil
}

// CompositionLayoutComposed is CuTe's composition(Layout A, Sw o 0 o B) =
// composition(composition(A, Sw), B) = Sw' o 0 o (A ∘ B), Sw' as in
// CompositionLayoutSwizzle. CuTe needs the offset to be 0.
func CompositionLayoutComposed(a Layout, b ComposedLayout) (r ComposedLayout, err error) {
	defer catch("composition", &err)
	if b.Offset != 0 {
		throw("composition", ErrInvalid, "composition with a composed layout needs offset 0, got %d", b.Offset)
	}
	s, err := CompositionLayoutSwizzle(a, b.Outer)
	if err != nil {
		return ComposedLayout{}, err
	}
	ab, err := Composition(a, b.Inner)
	if err != nil {
		return ComposedLayout{}, err
	}
	return ComposedLayout{Outer: s.Outer, Offset: 0, Inner: ab}, nil
}
