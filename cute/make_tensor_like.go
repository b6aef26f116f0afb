package cute

// MaxTensorLike bounds the elements MakeTensorLike allocates.
const MaxTensorLike = 1 << 24

// MakeTensorLike is CuTe's make_tensor_like(tensor): a new tensor that owns its elements
// (CuTe's register tensor, here a new slice of zero values), of layout
// make_layout_like(layout(t)): t's shape, compact, its modes in the order of t's strides
// (stride-0 modes stay 0 and take no room). Deviation: a result of more than
// MaxTensorLike elements is refused (the allocation is the caller's input, not text).
func MakeTensorLike[T any](t Tensor[T]) (r Tensor[T], err error) {
	if err := t.valid("make_tensor_like"); err != nil {
		return Tensor[T]{}, err
	}
	l, err := MakeLayoutLike(t.layout)
	if err != nil {
		return Tensor[T]{}, opErr(err, "make_tensor_like")
	}
	n, err := l.Cosize()
	if err != nil {
		return Tensor[T]{}, opErr(err, "make_tensor_like")
	}
	if n > MaxTensorLike {
		return Tensor[T]{}, &Error{Op: "make_tensor_like", Kind: ErrInvalid,
			Reason: "the new tensor would have more than MaxTensorLike elements"}
	}
	return MakeTensor(make([]T, n), l)
}
