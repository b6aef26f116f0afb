package cute

// PrefixProduct is CuTe's (and PyCuTe's) exclusive prefix_product(a, init=1): a tuple
// congruent to a whose leaf i is init times the product of the leaves before it, in
// colexicographic order. Unlike compact layouts, size-1 modes are not given 0.
func PrefixProduct(a IntTuple) (IntTuple, error) {
	return PrefixProductInit(a, Int(1))
}

// PrefixProductInit is prefix_product(a, init): init is an integer, or a tuple of a's
// rank giving each mode its own start (applied by mode).
func PrefixProductInit(a, init IntTuple) (r IntTuple, err error) {
	defer catch("prefix_product", &err)
	requirePlain("prefix_product", a, init)
	return prefixProduct(a, init), nil
}

func prefixProduct(a, init IntTuple) IntTuple {
	if a.elems == nil {
		if init.elems != nil {
			throw("prefix_product", ErrInvalid, "init %v is a tuple but the shape %v is an integer", init, a)
		}
		return init
	}
	e := make([]IntTuple, len(a.elems))
	if init.elems != nil {
		if len(init.elems) != len(a.elems) {
			throw("prefix_product", ErrInvalid, "init %v and shape %v have different ranks", init, a)
		}
		for i := range a.elems {
			e[i] = prefixProduct(a.elems[i], init.elems[i])
		}
		return tupleOwn(e)
	}
	cur := init.v
	for i := range a.elems {
		e[i] = prefixProduct(a.elems[i], Int(cur))
		cur = mulChecked(cur, size(a.elems[i]))
	}
	return tupleOwn(e)
}

// requirePlain throws unless every leaf of every t is a plain integer (no scaled basis).
func requirePlain(op string, ts ...IntTuple) {
	for _, t := range ts {
		if t.hasBasis() {
			throw(op, ErrInvalid, "%v holds a scaled basis; %s needs plain integers", t, op)
		}
	}
}
