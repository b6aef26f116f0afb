package cute

// ElemLess is CuTe's elem_less(a, b): every element of a is less than the matching
// element of b, recursively (for tuples, a's rank ≤ b's: a may stop early; if a is longer
// the answer is false). Typical use: is coordinate a inside shape b. An integer facing a
// tuple is not comparable in CuTe: an error.
func ElemLess(a, b IntTuple) (bool, error) {
	var r bool
	err := func() (err error) {
		defer catch("elem_less", &err)
		requirePlain("elem_less", a, b)
		r = elemLess(a, b)
		return nil
	}()
	return r, err
}

func elemLess(a, b IntTuple) bool {
	if a.elems == nil && b.elems == nil {
		return a.v < b.v
	}
	if a.elems == nil || b.elems == nil {
		throw("elem_less", ErrInvalid, "cannot compare %v with %v", a, b)
	}
	for i := range a.elems {
		if i >= len(b.elems) {
			return false
		}
		if !elemLess(a.elems[i], b.elems[i]) {
			return false
		}
	}
	return true
}

// ElemLeq is CuTe's elem_leq(a, b) = !elem_less(b, a).
func ElemLeq(a, b IntTuple) (bool, error) {
	r, err := ElemLess(b, a)
	return err == nil && !r, opErr(err, "elem_leq")
}

// ElemGtr is CuTe's elem_gtr(a, b) = elem_less(b, a).
func ElemGtr(a, b IntTuple) (bool, error) { r, err := ElemLess(b, a); return r, opErr(err, "elem_gtr") }

// ElemGeq is CuTe's elem_geq(a, b) = !elem_less(a, b).
func ElemGeq(a, b IntTuple) (bool, error) {
	r, err := ElemLess(a, b)
	return err == nil && !r, opErr(err, "elem_geq")
}

// opErr renames the operation of a non-nil *Error.
func opErr(err error, op string) error {
	if e, ok := err.(*Error); ok && e != nil {
		e.Op = op
		return e
	}
	return err
}
