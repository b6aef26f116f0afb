package cute

// Copy is CuTe's copy(src, dst): dst(i) = src(i) for every 1-D coordinate i, in order of
// i. The tensors may have any layouts (any shapes and ranks) of the same size; a size
// mismatch is an error (CuTe loops over size(dst) and reads past a smaller src). When src
// and dst overlap, elements are copied one by one in the order of i, as CuTe does.
func Copy[T any](src, dst Tensor[T]) (err error) {
	defer catch("copy", &err)
	if err := src.valid("copy"); err != nil {
		return err
	}
	if err := dst.valid("copy"); err != nil {
		return err
	}
	if a, b := src.Size(), dst.Size(); a != b {
		return errorf("copy", ErrInvalid, "source %v has %d elements, destination %v has %d", src.layout, a, dst.layout, b)
	}
	forRuns2(src.layout, src.offset, dst.layout, dst.offset, func(is, ds, id, dd, n int64) {
		for ; n > 0; n-- {
			dst.data[id] = src.data[is]
			is += ds
			id += dd
		}
	})
	return nil
}
