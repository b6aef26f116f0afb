package cute

// Idx2CrdStride is CuTe's idx2crd(idx, shape, stride): the coordinate of index idx in the
// compact layout shape:stride, computed leaf by leaf as (idx / d) % s (a size-1 mode
// gives 0). idx may be a tuple congruent to (a prefix profile of) shape, applied by mode;
// stride may be an integer, meaning the column-major strides of shape starting there.
// It inverts crd2idx only for compact layouts, as in CuTe.
func Idx2CrdStride(idx, shape, stride IntTuple) (c IntTuple, err error) {
	defer catch("idx2crd", &err)
	requirePlain("idx2crd", idx, shape, stride)
	if e := checkShape("idx2crd", shape); e != nil {
		return IntTuple{}, e
	}
	return idx2crdS(idx, shape, stride), nil
}

func idx2crdS(idx, shape, stride IntTuple) IntTuple {
	if idx.elems != nil {
		if shape.elems == nil || stride.elems == nil || len(idx.elems) != len(shape.elems) || len(stride.elems) != len(shape.elems) {
			throw("idx2crd", ErrInvalid, "index %v does not match shape %v and stride %v", idx, shape, stride)
		}
		e := make([]IntTuple, len(idx.elems))
		for i := range e {
			e[i] = idx2crdS(idx.elems[i], shape.elems[i], stride.elems[i])
		}
		return tupleOwn(e)
	}
	if shape.elems != nil {
		if stride.elems == nil {
			stride = compactStride(shape, stride.v, false)
		}
		if len(stride.elems) != len(shape.elems) {
			throw("idx2crd", ErrInvalid, "shape %v and stride %v have different ranks", shape, stride)
		}
		e := make([]IntTuple, len(shape.elems))
		for i := range e {
			e[i] = idx2crdS(idx, shape.elems[i], stride.elems[i])
		}
		return tupleOwn(e)
	}
	if stride.elems != nil {
		throw("idx2crd", ErrInvalid, "stride %v is a tuple but the shape %v is an integer", stride, shape)
	}
	if shape.v == 1 {
		return Int(0)
	}
	if stride.v == 0 {
		throw("idx2crd", ErrInvalid, "stride 0 on a mode of size %d", shape.v)
	}
	return Int(idx.v / stride.v % shape.v)
}
