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
	gemmLoops(a, b, c, am, ak, al, bn, bk, bl, cm, cn, cl)
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

// tableMax bounds the tables of the inner loops (n and k): a larger mode (a broadcast of a
// huge size, say) is walked instead, so memory stays within a few tables of 8 MB.
const tableMax = 1 << 20

// gemmLoops runs the four loops: l and m walk their layouts, n and k read each
// multi-mode's layout evaluated once per 1-D coordinate (tables), so that A(m,k,l) is
// A[a.offset + al(l) + am(m) + ak(k)].
func gemmLoops[T Number](a, b, c Tensor[T], am, ak, al, bn, bk, bl, cm, cn, cl Layout) {
	L, M := size(al.shape), size(am.shape)
	N, K := size(bn.shape), size(ak.shape)
	var tbn, tcn, tak, tbk []int64
	if N <= tableMax && K <= tableMax {
		tbn, tcn, tak, tbk = offsets(bn), offsets(cn), offsets(ak), offsets(bk)
	}
	A, B, C := a.data, b.data, c.data
	da, okA := singleStride(ak)
	db, okB := singleStride(bk)
	strided := okA && okB && K > 0
	wal, wbl, wcl := newWalker(al, a.offset), newWalker(bl, b.offset), newWalker(cl, c.offset)
	for l := int64(0); l < L; l++ {
		pb := wbl.idx
		wam, wcm := newWalker(am, wal.idx), newWalker(cm, wcl.idx)
		for m := int64(0); m < M; m++ {
			qa, qc := wam.idx, wcm.idx
			if tbn != nil {
				for n := range tbn {
					qb, ci := pb+tbn[n], qc+tcn[n]
					acc := C[ci]
					if strided {
						acc = dot(acc, A, qa, da, B, qb, db, K)
					} else {
						for k := range tak {
							acc += A[qa+tak[k]] * B[qb+tbk[k]]
						}
					}
					C[ci] = acc
				}
			} else {
				wbn, wcn := newWalker(bn, pb), newWalker(cn, qc)
				for n := int64(0); n < N; n++ {
					ci := wcn.idx
					acc := C[ci]
					wak, wbk := newWalker(ak, qa), newWalker(bk, wbn.idx)
					for k := int64(0); k < K; k++ {
						acc += A[wak.idx] * B[wbk.idx]
						wak.advance(1)
						wbk.advance(1)
					}
					C[ci] = acc
					wbn.advance(1)
					wcn.advance(1)
				}
			}
			wam.advance(1)
			wcm.advance(1)
		}
		wal.advance(1)
		wbl.advance(1)
		wcl.advance(1)
	}
}

// singleStride reports whether a mode is one stride d over its domain (coalesced to a
// single leaf, or of size 1): then k's index is k·d.
func singleStride(l Layout) (d int64, ok bool) {
	if size(l.shape) == 1 {
		return 0, true
	}
	c, err := Coalesce(l)
	if err != nil || c.shape.elems != nil {
		return 0, false
	}
	return c.stride.v, true
}

// dot is acc + Σ_k A[ia + k·da]·B[ib + k·db] for k < n, added in the order of k (the
// innermost loop of the reference GEMM when both k modes are single strides).
func dot[T Number](acc T, A []T, ia, da int64, B []T, ib, db, n int64) T {
	if da == 1 && db == 1 {
		a, b := A[ia:ia+n], B[ib:ib+n]
		b = b[:len(a)]
		for k := range a {
			acc += a[k] * b[k]
		}
		return acc
	}
	for ; n > 0; n-- {
		acc += A[ia] * B[ib]
		ia += da
		ib += db
	}
	return acc
}
