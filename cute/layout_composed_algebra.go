package cute

// The layout algebra on swizzled composed layouts A o O o B (CuTe's layout_composed.hpp):
// every operation acts on the inner layout B and keeps A and O, op(A o O o B) =
// A o O o op(B), so the result evaluates to A(O + op(B)(c)). Errors are op(B)'s.

// ComposedComposition is CuTe's composition(A o O o B, tiler) = A o O o (B ∘ tiler).
func ComposedComposition(c ComposedLayout, t Tiler) (ComposedLayout, error) {
	l, err := CompositionTiler(c.Inner, t)
	return c.withErr(l, err)
}

// ComposedCoalesce is CuTe's coalesce(A o O o B) = A o O o coalesce(B).
func ComposedCoalesce(c ComposedLayout) (ComposedLayout, error) {
	l, err := Coalesce(c.Inner)
	return c.withErr(l, err)
}

// ComposedCoalesceProfile is CuTe's coalesce(A o O o B, profile).
func ComposedCoalesceProfile(c ComposedLayout, profile IntTuple) (ComposedLayout, error) {
	l, err := CoalesceProfile(c.Inner, profile)
	return c.withErr(l, err)
}

// ComposedComplement is CuTe's complement(A o O o B, cotarget) = complement(B, cotarget)
// (a plain layout).
func ComposedComplement(c ComposedLayout, cotarget IntTuple) (Layout, error) {
	return Complement(c.Inner, cotarget)
}

// ComposedLogicalDivide is CuTe's logical_divide(A o O o B, tiler).
func ComposedLogicalDivide(c ComposedLayout, t Tiler) (ComposedLayout, error) {
	l, err := LogicalDivide(c.Inner, t)
	return c.withErr(l, err)
}

// ComposedZippedDivide is CuTe's zipped_divide(A o O o B, tiler).
func ComposedZippedDivide(c ComposedLayout, t Tiler) (ComposedLayout, error) {
	l, err := ZippedDivide(c.Inner, t)
	return c.withErr(l, err)
}

// ComposedTiledDivide is CuTe's tiled_divide(A o O o B, tiler).
func ComposedTiledDivide(c ComposedLayout, t Tiler) (ComposedLayout, error) {
	l, err := TiledDivide(c.Inner, t)
	return c.withErr(l, err)
}

// ComposedFlatDivide is CuTe's flat_divide(A o O o B, tiler).
func ComposedFlatDivide(c ComposedLayout, t Tiler) (ComposedLayout, error) {
	l, err := FlatDivide(c.Inner, t)
	return c.withErr(l, err)
}

// ComposedLogicalProduct is CuTe's logical_product(A o O o B, tiler).
func ComposedLogicalProduct(c ComposedLayout, t Tiler) (ComposedLayout, error) {
	l, err := LogicalProduct(c.Inner, t)
	return c.withErr(l, err)
}

// ComposedZippedProduct is CuTe's zipped_product(A o O o B, tiler).
func ComposedZippedProduct(c ComposedLayout, t Tiler) (ComposedLayout, error) {
	l, err := ZippedProduct(c.Inner, t)
	return c.withErr(l, err)
}

// ComposedTiledProduct is CuTe's tiled_product(A o O o B, tiler).
func ComposedTiledProduct(c ComposedLayout, t Tiler) (ComposedLayout, error) {
	l, err := TiledProduct(c.Inner, t)
	return c.withErr(l, err)
}

// ComposedFlatProduct is CuTe's flat_product(A o O o B, tiler).
func ComposedFlatProduct(c ComposedLayout, t Tiler) (ComposedLayout, error) {
	l, err := FlatProduct(c.Inner, t)
	return c.withErr(l, err)
}

// ComposedBlockedProduct is CuTe's blocked_product(A o O o B, layout).
func ComposedBlockedProduct(c ComposedLayout, b Layout) (ComposedLayout, error) {
	l, err := BlockedProduct(c.Inner, b)
	return c.withErr(l, err)
}

// ComposedRakedProduct is CuTe's raked_product(A o O o B, layout).
func ComposedRakedProduct(c ComposedLayout, b Layout) (ComposedLayout, error) {
	l, err := RakedProduct(c.Inner, b)
	return c.withErr(l, err)
}

// ComposedTileToShape is CuTe's tile_to_shape(A o O o B, shape): the swizzle atom
// repeated (column-major) to fill shape, e.g. a GMMA atom tiled to a (128,64) smem tile.
func ComposedTileToShape(c ComposedLayout, shape IntTuple) (ComposedLayout, error) {
	l, err := TileToShape(c.Inner, shape)
	return c.withErr(l, err)
}

// ComposedTileToShapeOrdered is CuTe's tile_to_shape(A o O o B, shape, order).
func ComposedTileToShapeOrdered(c ComposedLayout, shape, order IntTuple) (ComposedLayout, error) {
	l, err := TileToShapeOrdered(c.Inner, shape, order)
	return c.withErr(l, err)
}

// ComposedRightInverse is CuTe's right_inverse(Sw o 0 o B) (swizzle_layout.hpp):
// composition(right_inverse(B), Sw), the swizzle moved to the codomain of right_inverse(B)
// (CompositionLayoutSwizzle): right_inverse(Sw<2,2,2> o 0 o 12:1) = Sw<2,2,2> o 0 o 12:1.
// That is the inverse only where right_inverse(B) maps the swizzle's bits to bits, so
// the result is kept when a brute-force check shows f(R(i)) = i for every i < size(R)
// (up to 2^16 elements), f evaluated past its domain as CuTe does (as for the left
// inverse: right_inverse(Sw<3,0,-4> o 0 o 16:1) = Sw<3,0,-4> o 0 o 16:1, whose R(1) =
// 17 is past f's 16 coordinates, and f(17) = 1), and refused otherwise (C++ returns it anyway:
// KNOWN_DISAGREEMENTS.md ruling 4). With an offset O ≠ 0 C++ returns right_inverse(B) o
// -O o Sw, a layout composed after a swizzle, which ComposedLayout cannot hold: an error
// that prints that answer.
func ComposedRightInverse(c ComposedLayout) (ComposedLayout, error) {
	return composedInverse("right_inverse", c, RightInverse)
}

// ComposedLeftInverse is CuTe's left_inverse(Sw o 0 o B) = composition(left_inverse(B),
// Sw), kept when L(f(c)) = c for every c < size(f), as ComposedRightInverse (with an
// offset, the error prints C++'s left_inverse(B) o -O o Sw). C++'s
// left_inverse(Sw<3,2,-4> o 0 o ((2,2,1)):((2,1,0))) = Sw<3,1,-4> o 0 o (2,2):(2,1) maps
// f(2) = 1 to 34: refused.
func ComposedLeftInverse(c ComposedLayout) (ComposedLayout, error) {
	return composedInverse("left_inverse", c, LeftInverse)
}

func composedInverse(op string, c ComposedLayout, inv func(Layout) (Layout, error)) (r ComposedLayout, err error) {
	defer catch(op, &err)
	c.Outer.mustValid()
	l, err := inv(c.Inner)
	if err != nil {
		return ComposedLayout{}, err
	}
	if c.Offset != 0 {
		throw(op, ErrNotAdmissible, "%v has offset %d: its %s is C++ CuTe's %v o %d o %v (x ↦ %s(B)(Sw(x) − %d)), a layout composed after a swizzle; a ComposedLayout is a swizzle composed after a layout (Sw o O o B), so it cannot hold that answer",
			brief(c), c.Offset, op, l, -c.Offset, c.Outer, op, c.Offset)
	}
	g, err := CompositionLayoutSwizzle(l, c.Outer)
	if err != nil {
		return ComposedLayout{}, err
	}
	// g must be the function inv(B) ∘ Sw (f = Sw ∘ B, Sw an involution): checked on g's
	// domain for the right inverse, on f's image for the left inverse (where C++'s
	// left_inverse(B) of a plain layout is defined to invert it).
	n := g.Size()
	if op == "left_inverse" {
		n = c.Size()
	}
	if n > compVerifyLimit {
		throw(op, ErrNotAdmissible, "%d points: too many to check that C++ CuTe's composition(%s(B), Sw) = %v is %s(B) ∘ Sw (it is only where %s(B) maps the swizzle's bits to bits)", n, op, g, op, op)
	}
	for i := int64(0); i < n; i++ {
		y := i
		if op == "left_inverse" {
			if y, err = c.Apply(i); err != nil {
				return ComposedLayout{}, err
			}
		}
		got, err1 := g.Apply(y)
		want, err2 := l.Apply(c.Outer.Apply(y))
		if err1 != nil || err2 != nil || got != want {
			throw(op, ErrNotAdmissible, "C++ CuTe's composition(%s(B), Sw) = %v is not %s(B) ∘ Sw for %v (at %d: %d, not %d): %s(B) = %v does not map the swizzle's bits to bits",
				op, g, op, c, y, got, want, op, l)
		}
		// and CuTe's post-condition: f(R(i)) = i with R(i) a coordinate of f (right), or
		// f(R(f(i))) = f(i) (left). inv(B) ∘ Sw alone is not enough: Sw(i) may leave the
		// domain of inv(B) (right_inverse(Sw<1,0,-4> o 0 o (((4,8),3,(2,2)),1,1):
		// (((64,8),256,(1,3840)),4602,0)) = Sw<2,5,-4> o 0 o 2:96 in C++, whose R(1) = 1632
		// is past f's 384 coordinates).
		back, err3 := c.Apply(got)
		if err3 != nil || (op == "right_inverse" && (got < 0 || back != i)) ||
			(op == "left_inverse" && back != y) {
			throw(op, ErrNotAdmissible, "C++ CuTe's composition(%s(B), Sw) = %v fails the post-condition of %s for %v at %d (f(R(%d)) = %d)",
				op, g, op, c, i, y, back)
		}
	}
	return g, nil
}

// ComposedNullspace is the nullspace of Sw o 0 o B: nullspace(B), since a swizzle is a
// bijection with Sw(0) = 0. Deviation: C++ CuTe (layout_composed.hpp) returns 1:0 for every
// composed layout ("do not attempt"), which breaks its own post-condition size(result) ==
// size(B)/size(filter(B)) when B has stride-0 modes (interop/KNOWN_DISAGREEMENTS.md); where
// B has none both give 1:0 (we print a trivial kernel as 1:0, as C++ does). With an offset O ≠ 0 no coordinate maps to 0 (the kernel is
// empty, which no layout represents; C++'s 1:0 maps to Sw(O) ≠ 0): an error.
func ComposedNullspace(c ComposedLayout) (r Layout, err error) {
	defer catch("nullspace", &err)
	c.Outer.mustValid()
	if c.Offset != 0 {
		throw("nullspace", ErrNotAdmissible, "offset %d: no coordinate of %v maps to 0 (the kernel is empty)", c.Offset, c)
	}
	k, err := Nullspace(c.Inner)
	if err != nil {
		return Layout{}, err
	}
	if size(k.shape) == 1 {
		return Layout{shape: Int(1), stride: Int(0)}, nil // C++'s print of the trivial kernel
	}
	return k, nil
}
