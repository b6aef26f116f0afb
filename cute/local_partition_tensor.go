package cute

// LocalPartition is CuTe's local_partition(tensor, tile, index): the elements of the
// tensor that thread index owns when threads are laid out by tile, a view of the same
// data (see the layout form, LocalPartition).
func (t Tensor[T]) LocalPartition(tile Layout, index int64) (Tensor[T], error) {
	if err := t.valid("local_partition"); err != nil {
		return Tensor[T]{}, err
	}
	l, off, err := LocalPartition(t.layout, tile, index)
	if err != nil {
		return Tensor[T]{}, err
	}
	return t.view("local_partition", l, off)
}

// LocalPartitionProj is CuTe's local_partition(tensor, tile, index, proj) (see the layout
// form, LocalPartitionProj).
func (t Tensor[T]) LocalPartitionProj(tile Layout, index int64, proj Coord) (Tensor[T], error) {
	if err := t.valid("local_partition"); err != nil {
		return Tensor[T]{}, err
	}
	l, off, err := LocalPartitionProj(t.layout, tile, index, proj)
	if err != nil {
		return Tensor[T]{}, err
	}
	return t.view("local_partition", l, off)
}
