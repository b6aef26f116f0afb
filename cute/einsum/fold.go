package einsum

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cutego/cutego/cute"
)

// Plan is a contraction folded onto the canonical batched GEMM: the folded views of the
// operands, A as (m̂,k̂,l̂), B as (n̂,k̂,l̂) and C as (m̂,n̂,l̂), each a rank-3 layout over the
// operand's own data (no copy), ready for cute.Gemm.
type Plan struct {
	Spec    Spec
	Classes Classes
	A, B, C cute.Layout
}

// Sizes are the extents of the multi-modes: M, N, K and L (1 for an empty one).
func (p Plan) Sizes() (m, n, k, l int64) {
	mode := func(x cute.Layout, i int) int64 {
		md, _ := x.Mode(i)
		return md.Size()
	}
	return mode(p.C, 0), mode(p.C, 1), mode(p.A, 1), mode(p.C, 2)
}

// Fold parses spec and folds the operands' layouts (mode i of an operand's layout is its
// i-th index; a mode may itself be hierarchical) into the canonical form of equation (2).
func Fold(spec string, a, b, c cute.Layout) (Plan, error) {
	s, err := Parse(spec)
	if err != nil {
		return Plan{}, err
	}
	return FoldSpec(s, a, b, c)
}

// FoldSpec is Fold for a parsed spec.
func FoldSpec(s Spec, a, b, c cute.Layout) (p Plan, err error) {
	cl, err := s.Classify()
	if err != nil {
		return Plan{}, err
	}
	ops := [3]struct {
		name, idx string
		l         cute.Layout
	}{{"A", s.A, a}, {"B", s.B, b}, {"C", s.C, c}}
	var extent [128]int64
	var from [128]string
	for _, o := range ops {
		if o.l.IsZero() {
			return Plan{}, errorf(cute.ErrInvalid, "operand %s: the zero Layout value is not a layout", o.name)
		}
		if hasBasis(o.l.Stride()) {
			return Plan{}, errorf(cute.ErrInvalid, "operand %s: layout %v has scaled-basis strides", o.name, o.l)
		}
		if r := o.l.Rank(); r != len(o.idx) {
			return Plan{}, errorf(cute.ErrInvalid, "operand %s %q has %d indices but its layout %v has rank %d", o.name, o.idx, len(o.idx), o.l, r)
		}
		for i := 0; i < len(o.idx); i++ {
			ch := o.idx[i]
			md, err := modeOf(o.l, i)
			if err != nil {
				return Plan{}, err
			}
			n := md.Size()
			if n < 1 {
				return Plan{}, errorf(cute.ErrOverflow, "operand %s: the size of mode %d of %v overflows", o.name, i, o.l)
			}
			if extent[ch] == 0 {
				extent[ch], from[ch] = n, o.name
			} else if extent[ch] != n {
				return Plan{}, errorf(cute.ErrInvalid, "index %c has extent %d in %s but %d in %s (%v)", ch, extent[ch], from[ch], n, o.name, o.l)
			}
		}
	}
	p = Plan{Spec: s, Classes: cl}
	// an index repeated within an operand is one mode, its diagonal
	da, a, err := diagonal("A", s.A, a)
	if err != nil {
		return Plan{}, err
	}
	db, b, err := diagonal("B", s.B, b)
	if err != nil {
		return Plan{}, err
	}
	fold := func(idx string, l cute.Layout, groups ...string) (cute.Layout, error) {
		modes := make([]cute.Layout, len(groups))
		for g, grp := range groups {
			var ms []cute.Layout
			for i := 0; i < len(grp); i++ {
				md, err := modeOf(l, strings.IndexByte(idx, grp[i]))
				if err != nil {
					return cute.Layout{}, err
				}
				ms = append(ms, md)
			}
			switch len(ms) {
			case 0:
				modes[g] = cute.MustLayout(cute.Int(1), cute.Int(0))
			case 1:
				modes[g] = ms[0]
			default:
				m, err := cute.MakeLayoutModes(ms...)
				if err != nil {
					return cute.Layout{}, err
				}
				modes[g] = m
			}
		}
		return cute.MakeLayoutModes(modes...)
	}
	if p.A, err = fold(da, a, cl.M, cl.K, cl.L); err != nil {
		return Plan{}, err
	}
	if p.B, err = fold(db, b, cl.N, cl.K, cl.L); err != nil {
		return Plan{}, err
	}
	if p.C, err = fold(s.C, c, cl.M, cl.N, cl.L); err != nil {
		return Plan{}, err
	}
	return p, nil
}

// diagonal returns the operand's indices with repeats removed (first occurrences) and the
// layout whose mode for a repeated index is the diagonal of its modes: the same coordinate
// in each, so the strides add (n:(d0+d1) for plain modes; leaf by leaf for modes of one
// hierarchical shape). Modes of different hierarchical shapes whose diagonal is not a
// single stride are refused.
func diagonal(name, idx string, l cute.Layout) (string, cute.Layout, error) {
	var first [128]int
	var uniq []byte
	repeats := false
	for i := 0; i < len(idx); i++ {
		if first[idx[i]] == 0 {
			first[idx[i]] = i + 1
			uniq = append(uniq, idx[i])
		} else {
			repeats = true
		}
	}
	if !repeats {
		return idx, l, nil
	}
	modes := make([]cute.Layout, len(uniq))
	for u, ch := range uniq {
		var ms []cute.Layout
		for i := 0; i < len(idx); i++ {
			if idx[i] == ch {
				m, err := modeOf(l, i)
				if err != nil {
					return "", cute.Layout{}, err
				}
				ms = append(ms, m)
			}
		}
		d, err := diagonalMode(ms)
		if err != nil {
			return "", cute.Layout{}, errorf(cute.ErrNotAdmissible, "the diagonal of index %c in operand %s %q: %v", ch, name, idx, err)
		}
		modes[u] = d
	}
	r, err := cute.MakeLayoutModes(modes...)
	return string(uniq), r, err
}

// diagonalMode is the layout c ↦ Σ m(c) over the modes (all of one size, checked by the
// caller's extents): the modes' shape with the strides added, when the shapes agree.
func diagonalMode(ms []cute.Layout) (cute.Layout, error) {
	shape := ms[0].Shape()
	same := true
	for _, m := range ms[1:] {
		same = same && m.Shape().Equal(shape)
	}
	if !same {
		// plain strides after coalescing: n:(Σ d)
		var n, d int64
		for i, m := range ms {
			c, err := cute.Coalesce(m)
			if err != nil || !c.Shape().IsLeaf() {
				return cute.Layout{}, fmt.Errorf("the modes %v have different shapes and %v is not a single stride", ms, m)
			}
			if i > 0 && c.Shape().Value() != n {
				return cute.Layout{}, fmt.Errorf("the modes %v have different sizes", ms)
			}
			n = c.Shape().Value()
			if d, err = addStride(d, c.Stride().Value()); err != nil {
				return cute.Layout{}, err
			}
		}
		return cute.MakeLayout(cute.Int(n), cute.Int(d))
	}
	stride := ms[0].Stride()
	for _, m := range ms[1:] {
		var err error
		if stride, err = addStrides(stride, m.Stride()); err != nil {
			return cute.Layout{}, err
		}
	}
	return cute.MakeLayout(shape, stride)
}

func addStrides(a, b cute.IntTuple) (cute.IntTuple, error) {
	if a.IsLeaf() {
		v, err := addStride(a.Value(), b.Value())
		return cute.Int(v), err
	}
	ea, eb := a.Elems(), b.Elems()
	for i := range ea {
		var err error
		if ea[i], err = addStrides(ea[i], eb[i]); err != nil {
			return cute.IntTuple{}, err
		}
	}
	return cute.Tuple(ea...), nil
}

func addStride(a, b int64) (int64, error) {
	s := a + b
	if (s > a) != (b > 0) {
		return 0, errorf(cute.ErrOverflow, "stride %d + %d overflows", a, b)
	}
	return s, nil
}

// modeOf is mode i of l; an integer-shaped layout is its own mode 0.
func modeOf(l cute.Layout, i int) (cute.Layout, error) {
	m, err := l.Mode(i)
	if err != nil {
		var ce *cute.Error
		if errors.As(err, &ce) {
			return cute.Layout{}, &cute.Error{Op: "einsum", Kind: ce.Kind, Reason: ce.Reason}
		}
		return cute.Layout{}, err
	}
	return m, nil
}

func hasBasis(t cute.IntTuple) bool {
	if t.IsLeaf() {
		return t.IsBasis()
	}
	for _, e := range t.Elems() {
		if hasBasis(e) {
			return true
		}
	}
	return false
}
