package cute

// Operations of CuTe's layout_composed.hpp and swizzle_layout.hpp on a swizzled composed
// layout A o O o B (c ↦ A(O + B(c))). Most act on the inner layout B and keep A and O:
// op(A o O o B) = A o O o op(B), so the result still evaluates to A(O + op(B)(c)).

// CompositionSwizzle is CuTe's composition(Swizzle, Layout): the composed layout
// Sw o 0 o L, c ↦ Sw(L(c)). (C++ returns the plain layout L when Sw is the identity,
// Sw<0,M,S>; test with IsIdentity.)
func CompositionSwizzle(sw Swizzle, l Layout) ComposedLayout {
	return ComposedLayout{Outer: sw, Offset: 0, Inner: l}
}

// ComposedGet is CuTe's get<I...>(A o O o B) / layout<I...>: A o O o get<I...>(B).
func ComposedGet(c ComposedLayout, path ...int) (ComposedLayout, error) {
	l, err := Get(c.Inner, path...)
	return c.withErr(l, err)
}

// ComposedTake is CuTe's take<B,E>(A o O o B) = A o O o take<B,E>(B).
func ComposedTake(c ComposedLayout, begin, end int) (ComposedLayout, error) {
	l, err := Take(c.Inner, begin, end)
	return c.withErr(l, err)
}

// ComposedFlatten is CuTe's flatten(A o O o B) = A o O o flatten(B).
func ComposedFlatten(c ComposedLayout) ComposedLayout { return c.with(FlattenLayout(c.Inner)) }

// ComposedAppendN is CuTe's append<N>(A o O o B, X) = A o O o append<N>(B, X), with n
// bounded as AppendN bounds it.
func ComposedAppendN(c ComposedLayout, n int, x Layout) (ComposedLayout, error) {
	l, err := AppendN(c.Inner, n, x)
	return c.withErr(l, err)
}

// ComposedGroup is CuTe's group<B,E>(A o O o B) = A o O o group<B,E>(B).
func ComposedGroup(c ComposedLayout, begin, end int) (ComposedLayout, error) {
	l, err := Group(c.Inner, begin, end)
	return c.withErr(l, err)
}

// ComposedSlice is slice(c, A o O o B) in the generic form of CuTe's layout_composed.hpp:
// A o (O + B(c with `_`=0)) o slice(c, B), the restriction of the function with the
// offset folded in (nothing left over). C++'s slice of a swizzled layout
// (swizzle_layout.hpp) returns another representation, and drops the offset it splits
// off: ComposedSliceAndOffset returns exactly that pair.
func ComposedSlice(crd Coord, c ComposedLayout) (r ComposedLayout, err error) {
	defer catch("slice", &err)
	s, off, err := SliceAndOffset(crd, c.Inner)
	if err != nil {
		return ComposedLayout{}, err
	}
	if off.elems != nil || off.basis != nil {
		throw("slice", ErrInvalid, "a composed layout needs integer strides, got offset %v", off)
	}
	return ComposedLayout{Outer: c.Outer, Offset: addChecked(c.Offset, off.v), Inner: s}, nil
}

// ComposedDomainOffset is CuTe's domain_offset(c, A o O o B): A o (O + B(c)) o B, the
// layout of a tensor whose origin moved to coordinate c (the offset is kept inside,
// not returned).
func ComposedDomainOffset(crd IntTuple, c ComposedLayout) (r ComposedLayout, err error) {
	defer catch("domain_offset", &err)
	o := crd2idxT(crd, c.Inner.shape, c.Inner.stride)
	if o.elems != nil || o.basis != nil {
		throw("domain_offset", ErrInvalid, "a composed layout needs integer strides, got offset %v", o)
	}
	return ComposedLayout{Outer: c.Outer, Offset: addChecked(c.Offset, o.v), Inner: c.Inner}, nil
}

func (c ComposedLayout) with(inner Layout) ComposedLayout {
	return ComposedLayout{Outer: c.Outer, Offset: c.Offset, Inner: inner}
}

// withErr is c.with(inner), or the zero ComposedLayout and err when err is set.
func (c ComposedLayout) withErr(inner Layout, err error) (ComposedLayout, error) {
	if err != nil {
		return ComposedLayout{}, err
	}
	return c.with(inner), nil
}
