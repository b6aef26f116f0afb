package cute

// CompactColMajor is CuTe's compact_col_major(shape): the stride of the generalized
// column-major layout of shape, the exclusive prefix product of its leaves walked forward;
// a size-1 leaf gets stride 0.
func CompactColMajor(shape IntTuple) (IntTuple, error) { return CompactMajor(shape, false, 1) }

// CompactRowMajor is CuTe's compact_row_major(shape): as CompactColMajor with the leaves
// walked backward (the last leaf is contiguous).
func CompactRowMajor(shape IntTuple) (IntTuple, error) { return CompactMajor(shape, true, 1) }

// CompactMajor is CuTe's compact_major<LayoutLeft|LayoutRight>(shape, current): the compact
// stride of shape whose first (column-major) or last (rowMajor) leaf has stride current.
func CompactMajor(shape IntTuple, rowMajor bool, current int64) (stride IntTuple, err error) {
	defer catch("compact_major", &err)
	if e := checkShape("compact_major", shape); e != nil {
		return IntTuple{}, e
	}
	return compactStride(shape, current, rowMajor), nil
}

// compactStride is the compact stride of shape starting at current, walked forward
// (column-major) or backward (right, row-major); size-1 leaves get stride 0; throws on
// overflow. The one home of compact strides: make_layout, compact_major, compact_order,
// tile_to_shape and idx2crd use it.
func compactStride(shape IntTuple, current int64, right bool) IntTuple {
	cur := current
	var walk func(s IntTuple) IntTuple
	walk = func(s IntTuple) IntTuple {
		if s.elems == nil {
			if s.v == 1 {
				return Int(0)
			}
			d := cur
			cur = mulChecked(cur, s.v)
			return Int(d)
		}
		e := make([]IntTuple, len(s.elems))
		if right {
			for i := len(s.elems) - 1; i >= 0; i-- {
				e[i] = walk(s.elems[i])
			}
		} else {
			for i := range s.elems {
				e[i] = walk(s.elems[i])
			}
		}
		return tupleOwn(e)
	}
	return walk(shape)
}
