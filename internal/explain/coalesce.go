package explain

import (
	"fmt"

	"github.com/cutego/cutego/cute"
)

// coalesce appends the steps of CuTe's coalesce(A): flatten A, then fold its modes from
// the right (CuTe's bw_coalesce), starting from the last mode: a size-1 mode is skipped;
// a front of size 1 is replaced; s0:d0 merges into the front s1:d1 when s0·d0 == d1,
// giving s0·s1:d0; otherwise s0:d0 is prepended. All modes of size 1 give 1:0.
func coalesce(b *builder, a cute.Layout) {
	f := cute.FlattenLayout(a)
	b.add("flatten(A)", call("flatten", a), "the modes of A in order, depth 1", f)
	for _, d := range f.Stride().Leaves(nil) {
		if d.IsBasis() {
			check(fmt.Errorf("explain: coalesce: the strides of %v are not integers; not explained", a))
		}
	}
	sh, st := leaves(f)
	if len(sh) == 0 {
		check(fmt.Errorf("explain: coalesce: %v has no modes; not explained", a))
	}
	n := len(sh)
	// The result so far, front first.
	rs, rd := []int64{sh[n-1]}, []int64{st[n-1]}
	b.add(fmt.Sprintf("fold from mode %d (%d:%d)", n-1, sh[n-1], st[n-1]), "", "the fold starts from the last mode", foldLayout(rs, rd))
	for i := n - 2; i >= 0; i-- {
		s, d := sh[i], st[i]
		name := fmt.Sprintf("fold mode %d (%d:%d)", i, s, d)
		switch {
		case s == 1:
			b.add(name, "", "size 1: skipped (its coordinate is always 0)", foldLayout(rs, rd))
			continue
		case len(rs) == 1 && rs[0] == 1:
			rs[0], rd[0] = s, d
			b.add(name, "", "the front has size 1: replaced", foldLayout(rs, rd))
		case mul(s, d) == rd[0]:
			note := fmt.Sprintf("%d·%d = %d is the front's stride: merged into %d:%d", s, d, rd[0], mul(s, rs[0]), d)
			rs[0], rd[0] = mul(s, rs[0]), d
			b.add(name, "", note, foldLayout(rs, rd))
		default:
			note := fmt.Sprintf("%d·%d = %d is not the front's stride %d: prepended", s, d, mul(s, d), rd[0])
			rs, rd = append([]int64{s}, rs...), append([]int64{d}, rd...)
			b.add(name, "", note, foldLayout(rs, rd))
		}
	}
	if len(rs) == 1 && rs[0] == 1 {
		b.add("all modes of size 1", "", "the layout of one element is 1:0", cute.MustLayout(cute.Int(1), cute.Int(0)))
	}
}

// foldLayout is the layout of the modes rs:rd, an integer-shaped layout for one mode.
func foldLayout(rs, rd []int64) cute.Layout {
	if len(rs) == 1 {
		return cute.MustLayout(cute.Int(rs[0]), cute.Int(rd[0]))
	}
	s, d := make([]cute.IntTuple, len(rs)), make([]cute.IntTuple, len(rd))
	for i := range rs {
		s[i], d[i] = cute.Int(rs[i]), cute.Int(rd[i])
	}
	return cute.MustLayout(cute.Tuple(s...), cute.Tuple(d...))
}
