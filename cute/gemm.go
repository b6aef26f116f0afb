package cute

// Gemm is the seed paper's reference batched GEMM (sections 1.3, equation (2)):
//
//	for l < L: for m < M: for n < N: for k < K:
//	    C(m,n,l) += A(m,k,l) * B(n,k,l)
//
// with A of rank 3 (M,K,L), B (N,K,L) and C (M,N,L), or rank 2 (M,K), (N,K), (M,N) with
// L = 1. Each of m, n, k, l is a 1-D coordinate of its mode, and each mode may be a
// multi-mode of any shape and strides (a folded tensor contraction, see package
// cute/einsum): the loops only see sizes. Sizes must agree between the operands (M of A
// and C, N of B and C, K of A and B, L of all three); the modes' shapes need not.
//
// The additions into C(m,n,l) happen in the paper's order (k ascending, starting from C's
// value). C should not overlap A or B. A C whose layout maps several (m,n,l) to one
// element (a stride 0) accumulates all of them, as the loops do.
//
// CuTe's own cute::gemm reads a rank-3 tensor as (V,M,K) (a value mode first); this is the
// paper's (M,K,L) form instead, the one folded contractions need. Rank 2 is CuTe's
// (M,K) x (N,K) => (M,N).
func Gemm[T Number](a, b, c Tensor[T]) (err error) {
	defer catch("gemm", &err)
	for _, t := range []*Tensor[T]{&a, &b, &c} {
		if err := t.valid("gemm"); err != nil {
			return err
		}
	}
	r := a.Rank()
	if r != 2 && r != 3 || b.Rank() != r || c.Rank() != r {
		return errorf("gemm", ErrInvalid, "A %v, B %v and C %v must all be of rank 2 (M,K),(N,K),(M,N) or 3 (M,K,L),(N,K,L),(M,N,L)", a.layout, b.layout, c.layout)
	}
	am, ak, al := gemmModes(a.layout)
	bn, bk, bl := gemmModes(b.layout)
	cm, cn, cl := gemmModes(c.layout)
	for _, p := range []struct {
		what string
		x, y Layout
	}{{"M of A and C", am, cm}, {"N of B and C", bn, cn}, {"K of A and B", ak, bk}, {"L of A and C", al, cl}, {"L of B and C", bl, cl}} {
		if sx, sy := size(p.x.shape), size(p.y.shape); sx != sy {
			return errorf("gemm", ErrInvalid, "sizes of %s differ: %v has %d, %v has %d", p.what, p.x, sx, p.y, sy)
		}
	}
	gemmTables(a.data, b.data, c.data, a.offset, b.offset, c.offset,
		offsets(am), offsets(ak), offsets(al), offsets(bn), offsets(bk), offsets(bl),
		offsets(cm), offsets(cn), offsets(cl))
	return nil
}

// gemmModes splits a rank-2 or rank-3 layout into its (first, second, batch) modes, the
// batch mode 1:0 for rank 2.
func gemmModes(l Layout) (x, y, z Layout) {
	x, y = Layout{l.shape.elems[0], l.stride.elems[0]}, Layout{l.shape.elems[1], l.stride.elems[1]}
	if len(l.shape.elems) == 3 {
		return x, y, Layout{l.shape.elems[2], l.stride.elems[2]}
	}
	return x, y, Layout{Int(1), Int(0)}
}

// gemmTables runs the four loops with each multi-mode's layout evaluated once per 1-D
// coordinate (the tables): A(m,k,l) is A[offA + am[m] + ak[k] + al[l]].
func gemmTables[T Number](A, B, C []T, offA, offB, offC int64, am, ak, al, bn, bk, bl, cm, cn, cl []int64) {
	for l := range al {
		pa, pb, pc := offA+al[l], offB+bl[l], offC+cl[l]
		for m := range am {
			qa, qc := pa+am[m], pc+cm[m]
			for n := range bn {
				qb := pb + bn[n]
				ci := qc + cn[n]
				acc := C[ci]
				for k := range ak {
					acc += A[qa+ak[k]] * B[qb+bk[k]]
				}
				C[ci] = acc
			}
		}
	}
}
