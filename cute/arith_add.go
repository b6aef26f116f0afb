package cute

// ArithAdd is CuTe's operator+ of integers, scaled bases and arithmetic tuples (the
// values of layouts with scaled-basis strides): 0 is the identity, equal bases add
// their scales, otherwise the operands are added as arithmetic tuples element by
// element, the shorter padded with zeros (CuTe's ArithmeticTuple + ArithmeticTuple).
// ArithAdd((0,0), 128@0) = (128,0). Adding an integer to a tuple is an error.
func ArithAdd(a, b IntTuple) (r IntTuple, err error) {
	defer catch("arith_add", &err)
	return arithAdd(a, b), nil
}
