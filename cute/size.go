package cute

// Size is CuTe's size / product of an IntTuple: the product of its integers (1 for ()).
func Size(t IntTuple) (n int64, err error) {
	defer catch("size", &err)
	return size(t), nil
}

// Product is CuTe's product(t); the same as Size.
func Product(t IntTuple) (int64, error) {
	n, err := Size(t)
	if err != nil {
		err.(*Error).Op = "product"
	}
	return n, err
}

func size(t IntTuple) int64 {
	if t.elems == nil {
		return t.v
	}
	n := int64(1)
	for _, e := range t.elems {
		n = mulChecked(n, size(e))
	}
	return n
}
