package cute

// CompactOrder is CuTe's compact_order(shape, order): a compact stride for shape in which
// the modes are laid out by increasing order (ties share a starting stride, as in CuTe).
// order is weakly congruent to shape: a leaf of order facing a sub-shape orders that
// sub-shape as one block, column-major inside. Each leaf o starts at the product of the
// sizes of all blocks with a smaller order; size-1 leaves get stride 0.
func CompactOrder(shape, order IntTuple) (stride IntTuple, err error) {
	defer catch("compact_order", &err)
	requirePlain("compact_order", order)
	if e := checkShape("compact_order", shape); e != nil {
		return IntTuple{}, e
	}
	if !WeaklyCongruent(order, shape) {
		throw("compact_order", ErrInvalid, "order %v is not weakly congruent to shape %v", order, shape)
	}
	return compactOrder(shape, order), nil
}

func compactOrder(shape, order IntTuple) IntTuple {
	refShape := Flatten(productLike(shape, order)).LeafValues(nil)
	refOrder := Flatten(order).LeafValues(nil)
	var walk func(s, o IntTuple) IntTuple
	walk = func(s, o IntTuple) IntTuple {
		if o.elems != nil {
			e := make([]IntTuple, len(o.elems))
			for i := range e {
				e[i] = walk(s.elems[i], o.elems[i])
			}
			return tupleOwn(e)
		}
		start := int64(1)
		for i, ro := range refOrder {
			if ro < o.v {
				start = mulChecked(start, refShape[i])
			}
		}
		return compactStride(s, start, false)
	}
	return walk(shape, order)
}
