package cute

import "math"

// Checked int64 arithmetic: overflow throws an ErrOverflow *Error (caught by catch).

func mulChecked(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	c := a * b
	if c/b != a || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
		throw("", ErrOverflow, "%d * %d overflows int64", a, b)
	}
	return c
}

func addChecked(a, b int64) int64 {
	c := a + b
	if (c > a) != (b > 0) {
		throw("", ErrOverflow, "%d + %d overflows int64", a, b)
	}
	return c
}

func absI(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

func signI(a int64) int64 {
	switch {
	case a < 0:
		return -1
	case a > 0:
		return 1
	}
	return 0
}

func minI(a, b int64) int64 {
	if a < b {
		return a
	}
	return b
}

// gcdI is the greatest common divisor of |a| and |b|.
func gcdI(a, b int64) int64 {
	a, b = absI(a), absI(b)
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
