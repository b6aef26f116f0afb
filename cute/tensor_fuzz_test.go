package cute

import (
	"errors"
	"testing"
)

// FuzzTensorViews: tensors over any layout, data length and offset, then access, slicing,
// tiling and partitioning by any coordinate: a value or a *Error, never a panic, and every
// view made stays inside the data (the checks of MakeTensor).
func FuzzTensorViews(f *testing.F) {
	f.Add("(8,8):(1,8)", int64(64), int64(0), "(2,_)", "(4,4)", "(2,2):(1,2)", int64(3))
	f.Add("(4,5):(-1,-4)", int64(20), int64(19), "(_,3)", "(2,5)", "(2,1):(1,2)", int64(1))
	f.Add("((2,2),3):((1,6),2)", int64(12), int64(0), "((1,_),2)", "(3,2)", "4:1", int64(7))
	f.Fuzz(func(t *testing.T, ls string, n, off int64, cs, ts, tls string, idx int64) {
		l, err := ParseLayout(ls)
		if err != nil || n < 0 || n > 1<<16 {
			return
		}
		x, err := MakeTensorOffset(make([]int, n), off, l)
		if err != nil {
			typed(t, err)
			return
		}
		inside := func(v Tensor[int], err error) {
			if err != nil {
				typed(t, err)
				return
			}
			if v.Size() > 4096 {
				return
			}
			if err := Fill(v, 1); err != nil {
				t.Fatal(err)
			}
		}
		if c, err := ParseCoord(cs); err == nil {
			inside(x.Slice(c))
			if !c.HasUnderscore() {
				if _, err := x.AtCoord(c.IntTuple()); err != nil {
					typed(t, err)
				}
			}
			if tl, err := ParseTiler(ts); err == nil {
				inside(x.LocalTile(tl, c))
				inside(x.ZippedDivide(tl))
			}
		}
		if tile, err := ParseLayout(tls); err == nil {
			inside(x.LocalPartition(tile, idx))
		}
	})
}

func typed(t *testing.T, err error) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("untyped error %v", err)
	}
}
