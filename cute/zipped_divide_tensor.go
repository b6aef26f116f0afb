package cute

// ZippedDivide is CuTe's zipped_divide(tensor, tiler): the tensor viewed as
// ((tile modes),(rest modes)), a view of the same data (see the layout form,
// ZippedDivide). A tiler that does not divide the tensor gives a layout that reaches past
// it, refused here.
func (t Tensor[T]) ZippedDivide(tiler Tiler) (Tensor[T], error) {
	if err := t.valid("zipped_divide"); err != nil {
		return Tensor[T]{}, err
	}
	l, err := ZippedDivide(t.layout, tiler)
	if err != nil {
		return Tensor[T]{}, err
	}
	return t.view("zipped_divide", l, Int(0))
}
