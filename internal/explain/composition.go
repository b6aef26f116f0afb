package explain

import (
	"fmt"

	"github.com/cutego/cutego/cute"
)

// divisionSteps appends the two steps by which CuTe's documentation (02_layout_algebra.md,
// "Computing Composition") composes a flattened, coalesced A with B = s:d:
//
//	A / d: every d-th element of A; A's shape divided by d from the left (each mode i
//	       becomes shape_div(a_i, r), r starting at d and becoming shape_div(r, a_i)),
//	       each stride scaled by the r at its mode: (6,2):(8,2) / 3 = (2,2):(24,2);
//	(A / d) % s: the first s elements of that; each mode but the last keeps
//	       min(shape, r), r starting at s and becoming shape_div(r, shape); the last mode
//	       takes what is left: (2,2):(24,2) % 4 = (2,2):(24,2), (6,2):(8,2) % 3 = (3,1):(8,2).
//
// The steps are shown only where every division is exact (CuTe's stride and shape
// divisibility conditions: one of the two divides the other) and the coalesced result
// equals want, composition(A, B) computed directly; elsewhere they are left out and the
// direct result stands alone.
func divisionSteps(b *builder, ca, bl cute.Layout, want cute.Layout) {
	if !bl.Shape().IsLeaf() || bl.Shape().IsBasis() || bl.Stride().IsBasis() {
		return
	}
	s, d := bl.Shape().LeafValues(nil)[0], bl.Stride().LeafValues(nil)[0]
	for _, x := range ca.Stride().Leaves(nil) {
		if x.IsBasis() {
			return
		}
	}
	sh, st := leaves(ca)
	n := len(sh)
	if n == 0 || s < 1 || d < 1 || ca.Size() < 2 {
		return
	}
	exact := func(x, y int64) bool { return x > 0 && y > 0 && (x%y == 0 || y%x == 0) }
	ceil := func(x, y int64) int64 { return (x + y - 1) / y }
	mulOK := func(x, y int64) (int64, bool) {
		if x != 0 && (x*y)/x != y {
			return 0, false
		}
		return x * y, true
	}
	ds, dd := make([]int64, n), make([]int64, n)
	r := d
	for i := range sh {
		if i < n-1 && !exact(sh[i], r) {
			return // the stride divisibility condition fails: no division to show
		}
		ds[i] = max(ceil(sh[i], r), 1)
		var ok bool
		if dd[i], ok = mulOK(st[i], r); !ok {
			return
		}
		r = ceil(r, sh[i])
	}
	ms := make([]int64, n)
	r = s
	for i := range ds {
		if i == n-1 {
			ms[i] = r
			break
		}
		if !exact(ds[i], r) {
			return // the shape divisibility condition fails
		}
		ms[i] = min(ds[i], r)
		r = ceil(r, ds[i])
	}
	div, mod := foldLayout(ds, dd), foldLayout(ms, dd)
	got, err := cute.Coalesce(mod)
	if err != nil || !sameValue(got, want) {
		return
	}
	b.add(fmt.Sprintf("A / %d", d), "", fmt.Sprintf("A(0), A(%d), A(%d), …: its shape divided by %d from the left, each stride scaled by what is left of %d at its mode", d, 2*d, d, d), div)
	b.add(fmt.Sprintf("(A / %d) %% %d", d, s), "", fmt.Sprintf("the first %d of those: each mode but the last keeps min(shape, what is left of %d), the last mode the rest; coalesced, this is A∘B", s, s), mod)
}
