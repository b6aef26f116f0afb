package einsum

import "github.com/cutego/cutego/cute"

// FoldTensors folds the operand tensors: the views of a, b and c through the layouts of
// Fold, over the same data (no copy).
func FoldTensors[T any](spec string, a, b, c cute.Tensor[T]) (fa, fb, fc cute.Tensor[T], p Plan, err error) {
	p, err = Fold(spec, a.Layout(), b.Layout(), c.Layout())
	if err != nil {
		return
	}
	if fa, err = a.WithLayout(p.A); err != nil {
		return
	}
	if fb, err = b.WithLayout(p.B); err != nil {
		return
	}
	fc, err = c.WithLayout(p.C)
	return
}

// Contract computes C = A·B for the contraction spec on tensors of any layouts: it folds
// them (FoldTensors), sets C to zero and runs the paper's reference loops (cute.Gemm).
// C must not overlap A or B; as in the loops, a C layout that sends two output coordinates
// to one element receives the sum of both.
func Contract[T cute.Number](spec string, a, b, c cute.Tensor[T]) error {
	fa, fb, fc, _, err := FoldTensors(spec, a, b, c)
	if err != nil {
		return err
	}
	if err := cute.Fill(fc, 0); err != nil {
		return err
	}
	return cute.Gemm(fa, fb, fc)
}
