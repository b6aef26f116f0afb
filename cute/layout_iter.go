package cute

import "iter"

// Offsets iterates over the layout's domain in order: for each index i in [0, Size()),
// the coordinate idx2crd(i, shape) (congruent to the shape) and the offset L(i):
//
//	offs, err := cute.MustParseLayout("(2,3):(3,1)").Offsets()
//	if err != nil { … }
//	for c, off := range offs {
//		fmt.Println(c, off) // (0,0) 0, (1,0) 3, (0,1) 1, …
//	}
//
// It needs integer strides and offsets that fit in int64 (Cosize succeeds): for any
// other layout (the zero Layout; scaled-basis strides: use Call) it returns the error,
// before any iteration. The coordinates are fresh values the loop body may keep.
func (l Layout) Offsets() (iter.Seq2[IntTuple, int64], error) {
	if l.IsZero() {
		return nil, errorf("layout", ErrInvalid, "the zero Layout has no domain")
	}
	if l.stride.hasBasis() {
		return nil, errorf("layout", ErrInvalid, "layout %v has scaled-basis strides: use Call", brief(l))
	}
	if _, err := l.Cosize(); err != nil {
		return nil, err
	}
	n, err := l.CheckedSize()
	if err != nil {
		return nil, err
	}
	return func(yield func(IntTuple, int64) bool) {
		for i := int64(0); i < n; i++ {
			if !yield(idx2crd(i, l.shape), evalIdx(l, i)) {
				return
			}
		}
	}, nil
}

// All is Offsets without its error: for a layout Offsets refuses it yields nothing.
//
// Deprecated: All cannot tell an empty domain from an error; use Offsets.
func (l Layout) All() iter.Seq2[IntTuple, int64] {
	seq, err := l.Offsets()
	if err != nil {
		return func(func(IntTuple, int64) bool) {}
	}
	return seq
}
