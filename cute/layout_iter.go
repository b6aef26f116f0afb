package cute

import "iter"

// All iterates over the layout's domain in order: for each index i in [0, Size()), the
// coordinate idx2crd(i, shape) (congruent to the shape) and the offset L(i):
//
//	for c, off := range cute.MustParseLayout("(2,3):(3,1)").All() {
//		fmt.Println(c, off) // (0,0) 0, (1,0) 3, (0,1) 1, …
//	}
//
// It needs integer strides and offsets that fit in int64 (Cosize succeeds): for any
// other layout (scaled-basis strides: use Call) it yields nothing. The coordinates are
// fresh values the loop body may keep.
func (l Layout) All() iter.Seq2[IntTuple, int64] {
	return func(yield func(IntTuple, int64) bool) {
		if l.IsZero() || l.stride.hasBasis() {
			return
		}
		if _, err := l.Cosize(); err != nil {
			return
		}
		n, err := l.CheckedSize()
		if err != nil {
			return
		}
		for i := int64(0); i < n; i++ {
			if !yield(idx2crd(i, l.shape), evalIdx(l, i)) {
				return
			}
		}
	}
}
