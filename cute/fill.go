package cute

// Fill is CuTe's fill(tensor, value): tensor(i) = value for every 1-D coordinate i.
func Fill[T any](t Tensor[T], value T) (err error) {
	defer catch("fill", &err)
	if err := t.valid("fill"); err != nil {
		return err
	}
	forRuns(t.layout, t.offset, func(i, d, n int64) {
		for ; n > 0; n-- {
			t.data[i] = value
			i += d
		}
	})
	return nil
}
