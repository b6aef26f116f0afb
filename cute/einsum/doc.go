// Package einsum folds a two-operand tensor contraction written as an einsum
// ("stupr,qtru->stqp", as numpy.einsum and torch.einsum take it) onto the canonical
// batched GEMM of the CuTe paper (section 1.3, equation (2)):
//
//	C(m̂,n̂,l̂) = A(m̂,k̂,l̂) · B(n̂,k̂,l̂)
//
// where each of m̂, n̂, k̂, l̂ is a multi-mode grouping the contraction's indices by where
// they appear:
//
//	row modes m̂        in A and C, not in B
//	column modes n̂     in B and C, not in A
//	reduction modes k̂  in A and B, not in C
//	batch modes l̂      in A, B and C
//
// Folding is a change of view, never a copy: Fold returns, for each operand, a rank-3
// cute.Layout whose modes are the operand's own modes grouped into the multi-modes
// (the paper's Figure 1: folding is grouping modes). Within a multi-mode the indices are
// in the order they appear in C (m̂, n̂, l̂) or in A (k̂), so "stupr,qtru->stqp" folds to
// C((s,p),q,t) = A((s,p),(u,r),t) · B(q,(u,r),t), the paper's example. An empty multi-mode
// is the layout 1:0. Any operand layout works: permuted, padded, negative or hierarchical
// modes; cute.Gemm's reference loops (Contract) evaluate the folded form as it is.
//
// What the canonical form cannot hold is refused with a *cute.Error (Op "einsum"):
//   - a malformed spec (ErrParse): not two operands, a character that is not an ASCII
//     letter, the broadcast ellipsis "...";
//   - an index that appears in only one operand (ErrNotAdmissible): the paper's four classes
//     each need two operands; an index in A alone would be a sum over A before the product
//     (numpy sums it), which is not a GEMM. Sum it out first. An index of C alone has no
//     source (numpy refuses it too);
//   - an operand whose layout's rank is not its number of indices, or an index whose extent
//     differs between operands (ErrInvalid).
//
// An index repeated within A or B ("ii,ij->j") is one index whose mode is the diagonal of
// the repeated modes: the same coordinate in each, so their strides add (n:(d0+d1)); modes
// of different hierarchical shapes whose diagonal is not a single stride are refused
// (ErrNotAdmissible). An index repeated in C is refused (ErrInvalid), as numpy does; a trace
// ("ii,->") has its index in A alone and is refused as above.
//
// Without "->" the output is numpy's implicit one: the indices that appear once, in
// ASCII order. Spaces are ignored.
//
// The BLAS-backed evaluator for float32/float64 is package cute/einsum/cpu; the planner is
// exported to C as cutego_einsum_fold (include/cutego_einsum.h).
package einsum
