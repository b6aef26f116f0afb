package cute

// Number is the element types the arithmetic algorithms (Axpby, Gemm) work on. Element
// arithmetic is T's own: integers wrap as Go's do (only the layout algebra's integers are
// checked for overflow).
type Number interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 |
		~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr |
		~float32 | ~float64 | ~complex64 | ~complex128
}

// Axpby is CuTe's axpby(alpha, x, beta, y): y(i) = alpha·x(i) + beta·y(i) for every 1-D
// coordinate i, and y(i) = alpha·x(i) when beta is 0 (y is then not read, as in CuTe: a
// NaN in y does not survive). x and y may have any layouts of the same size.
func Axpby[T Number](alpha T, x Tensor[T], beta T, y Tensor[T]) (err error) {
	defer catch("axpby", &err)
	if err := x.valid("axpby"); err != nil {
		return err
	}
	if err := y.valid("axpby"); err != nil {
		return err
	}
	if a, b := x.Size(), y.Size(); a != b {
		return errorf("axpby", ErrInvalid, "x %v has %d elements, y %v has %d", x.layout, a, y.layout, b)
	}
	betaZero := beta == 0
	forRuns2(x.layout, x.offset, y.layout, y.offset, func(ix, dx, iy, dy, n int64) {
		for ; n > 0; n-- {
			if betaZero {
				y.data[iy] = alpha * x.data[ix]
			} else {
				y.data[iy] = alpha*x.data[ix] + beta*y.data[iy]
			}
			ix += dx
			iy += dy
		}
	})
	return nil
}
