package cute

import "math/bits"

// The work layout of the layout-algebra operations (coalesce, composition, complement,
// inverses, divides, products): flatL, a flat layout of at most algMaxFlat modes kept in a
// fixed-size array on the stack, with its scaled-basis paths apart (bases); flattening
// into it, coalescing it, and turning it back into a Layout with one allocation; and the
// small helpers those operations share (checked products, ceil_div, mode access).

// algMaxFlat is the largest number of flat modes the algebra works on at once; a layout
// with more leaves is refused with ErrInvalid.
const algMaxFlat = 32

// fmode is one flat mode s:d. When d is a scaled basis d·E<path...>, its path is kept
// beside the mode (bases).
type fmode struct{ s, d int64 }

// bases holds the scaled-basis paths of the modes of a work layout (nil for an integer
// stride) apart from the modes, allocated by the first path set: most layouts have none,
// and modes without pointers are cleared and copied as plain integers, with no write
// barrier (a speed trick: BenchmarkCoalesce and BenchmarkComplement take about 15% and
// 25% less time than with the path in the mode; TestInlining pins the accessors). Whoever
// writes a whole mode i sets its path (set, setBasis; nil for an integer stride), and
// moves it with its path (move, copyFrom).
type bases struct{ paths [][]int }

// basis is the path of mode i's stride (nil: an integer stride).
func (b *bases) basis(i int) []int {
	if b.paths == nil {
		return nil
	}
	return b.paths[i]
}

func (b *bases) setBasis(i int, path []int) {
	if b.paths == nil {
		if path == nil {
			return
		}
		b.paths = make([][]int, 2*algMaxFlat) // room for a compOut
	}
	b.paths[i] = path
}

// flatL is a flat layout of n modes held in a fixed array.
type flatL struct {
	n int
	m [algMaxFlat + 1]fmode
	bases
}

// stride is the stride of mode i.
func (f *flatL) stride(i int) IntTuple { return IntTuple{v: f.m[i].d, basis: f.basis(i)} }

// isZero reports whether the stride of mode i is the integer 0 (CuTe's static _0).
func (f *flatL) isZero(i int) bool { return f.m[i].d == 0 && f.basis(i) == nil }

// set writes mode i.
func (f *flatL) set(i int, s, d int64, path []int) {
	f.m[i] = fmode{s: s, d: d}
	f.setBasis(i, path)
}

// move copies mode from over mode to.
func (f *flatL) move(to, from int) {
	f.m[to] = f.m[from]
	if f.paths != nil {
		f.paths[to] = f.paths[from]
	}
}

func (f *flatL) push(op string, s, d int64, path []int) {
	if f.n == algMaxFlat {
		tooManyModes(op)
	}
	f.set(f.n, s, d, path)
	f.n++
}

// copyFrom makes f a copy of src.
func (f *flatL) copyFrom(src *flatL) {
	f.n = src.n
	copy(f.m[:src.n], src.m[:src.n])
	for i := 0; i < src.n; i++ {
		f.setBasis(i, src.basis(i))
	}
}

// tooManyModes throws the error of a layout over algMaxFlat modes.
func tooManyModes(op string) {
	throw(op, ErrInvalid, "layout has more than %d modes", algMaxFlat)
}

// flattenInto appends the leaves of l to f, checking that its shape and stride are
// congruent and that the shapes are positive integers. (Layouts and tuples go by pointer
// here and below: a Layout is fourteen words.)
func (f *flatL) flattenInto(op string, l *Layout) {
	f.flatten(op, &l.shape, &l.stride)
}

// flatten is flattenInto on a shape and stride.
func (f *flatL) flatten(op string, shape, stride *IntTuple) {
	if shape.elems == nil {
		if stride.elems != nil {
			throw(op, ErrInvalid, "shape %s and stride %s are not congruent", shape.String(), stride.String())
		}
		if shape.basis != nil || shape.v < 1 {
			throw(op, ErrInvalid, "shape %s is not a positive integer", shape.String())
		}
		if f.n == algMaxFlat {
			tooManyModes(op)
		}
		f.set(f.n, shape.v, stride.v, stride.basis) // push, inlined
		f.n++
		return
	}
	if stride.elems == nil || len(stride.elems) != len(shape.elems) {
		throw(op, ErrInvalid, "shape %s and stride %s are not congruent", shape.String(), stride.String())
	}
	for i := range shape.elems {
		f.flatten(op, &shape.elems[i], &stride.elems[i])
	}
}

// hasBasis reports whether a mode of f has a scaled-basis stride.
func (f *flatL) hasBasis() bool {
	for i := 0; i < f.n; i++ {
		if f.basis(i) != nil {
			return true
		}
	}
	return false
}

// mulNoThrow is a*b and whether it did not overflow: the signed high word of the 128-bit
// product must be the sign extension of the low one.
func mulNoThrow(a, b int64) (int64, bool) {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	hs := int64(hi) - (a>>63)&b - (b>>63)&a
	return int64(lo), hs == int64(lo)>>63
}

// mulI is mulChecked that inlines: when both factors lie in [−2^31, 2^31) the product
// fits in int64; anything else (rare in layouts) goes to mulChecked, which reports an
// overflow. TestInlining pins that it inlines.
func mulI(a, b int64) int64 {
	if (uint64(a)+1<<31)|(uint64(b)+1<<31) < 1<<32 {
		return a * b
	}
	return mulChecked(a, b)
}

// bwCoalesce is CuTe's bw_coalesce over the flat modes of in (right to left): skip
// size-1 modes, replace a size-1 front, merge s0:d0 into the front s1:d1 when
// s0·d0 == d1, else prepend. With x set (coalesce_x, used by composition) a size-1 last
// mode starts the fold as 2:d so that the function outside the domain is kept. The
// result, in order, is written to out; all-size-1 gives the single mode 1:0.
func bwCoalesce(op string, in *flatL, out *flatL, x bool) {
	if in != out {
		out.copyFrom(in)
	}
	bwCoalesceInPlace(op, out, x)
}

// bwCoalesceInPlace is bwCoalesce with f as both input and output: the result is built
// from the back of f.m (every write lands on a mode already read) and then moved down.
func bwCoalesceInPlace(op string, f *flatL, x bool) {
	r := f.n
	if r == 0 {
		throw(op, ErrInvalid, "empty layout")
	}
	w := r - 1
	if x && f.m[w].s == 1 {
		f.m[w].s = 2
	}
	for i := r - 2; i >= 0; i-- {
		m, mb := f.m[i], f.basis(i)
		if m.s == 1 {
			continue
		}
		fr, frb := &f.m[w], f.basis(w)
		if w == r-1 && fr.s == 1 {
			f.move(w, i)
			continue
		}
		if p, ok := mulNoThrow(m.s, m.d); ok && p == fr.d && (mb == nil) == (frb == nil) && pathEqual(mb, frb) {
			fr.s = mulI(m.s, fr.s)
			fr.d = m.d
			continue
		}
		w--
		f.move(w, i)
	}
	if w == r-1 && f.m[w].s == 1 {
		f.set(w, 1, 0, nil)
	}
	n := r - w
	for i := 0; w > 0 && i < n; i++ {
		f.move(i, w+i)
	}
	f.n = n
}

// toLayout builds the layout of f: a single mode is an integer layout, several modes a
// flat tuple layout (one allocation for shape and stride).
func (f *flatL) toLayout() Layout {
	if f.n == 1 {
		return Layout{shape: Int(f.m[0].s), stride: f.stride(0)}
	}
	back := make([]IntTuple, 2*f.n)
	for i := 0; i < f.n; i++ {
		back[i] = IntTuple{v: f.m[i].s}
		back[f.n+i] = f.stride(i)
	}
	return Layout{shape: IntTuple{elems: back[:f.n:f.n]}, stride: IntTuple{elems: back[f.n:]}}
}

// coalesceFlat flattens l and coalesces it into out (x: the coalesce_x variant).
func coalesceFlat(op string, l *Layout, out *flatL, x bool) {
	out.n = 0
	out.flattenInto(op, l)
	bwCoalesceInPlace(op, out, x)
}

// exchangeSortIdx sorts idx[:n] by key with CuTe's exchange sort (not stable: ties are
// ordered exactly as CuTe's SortByKey orders them).
func exchangeSortIdx(key []int64, idx []int) {
	n := len(idx)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if key[j] < key[i] {
				key[i], key[j] = key[j], key[i]
				idx[i], idx[j] = idx[j], idx[i]
			}
		}
	}
}

// layoutPair is make_layout(a, b): the rank-2 layout (a, b).
func layoutPair(a, b Layout) Layout {
	back := make([]IntTuple, 4)
	back[0], back[1], back[2], back[3] = a.shape, b.shape, a.stride, b.stride
	return Layout{shape: IntTuple{elems: back[0:2:2]}, stride: IntTuple{elems: back[2:4]}}
}

// layoutOf is make_layout(l0, l1, ...): the layout whose modes are the given layouts
// (a rank-1 tuple for one layout, as CuTe's make_layout(layout) does).
func layoutOf(ls ...Layout) Layout {
	n := len(ls)
	back := make([]IntTuple, 2*n)
	for i, l := range ls {
		back[i] = l.shape
		back[n+i] = l.stride
	}
	if n == 0 {
		return Layout{shape: IntTuple{elems: emptyElems}, stride: IntTuple{elems: emptyElems}}
	}
	return Layout{shape: IntTuple{elems: back[:n:n]}, stride: IntTuple{elems: back[n:]}}
}

// modeOf is layout<i>(l) without error checks beyond a throw.
func modeOf(op string, l Layout, i int) Layout {
	if i < 0 || i >= l.Rank() {
		throw(op, ErrInvalid, "mode %d out of range for rank-%d layout %v", i, l.Rank(), l)
	}
	return Layout{shape: l.shape.At(i), stride: l.stride.At(i)}
}

// modesOf returns the modes of l (l itself when its shape is an integer).
func modesOf(l Layout) []Layout {
	if l.shape.elems == nil {
		return []Layout{l}
	}
	r := make([]Layout, len(l.shape.elems))
	for i := range r {
		r[i] = Layout{shape: l.shape.elems[i], stride: l.stride.elems[i]}
	}
	return r
}

// checkLayoutArg verifies that a layout argument is well formed (congruent, positive
// integer shapes), as values built without MakeLayout might not be.
func checkLayoutArg(op string, l Layout) {
	if !Congruent(l.shape, l.stride) {
		throw(op, ErrInvalid, "shape %v and stride %v are not congruent", l.shape, l.stride)
	}
	if e := checkShape(op, l.shape); e != nil {
		panic(e)
	}
}

// algTilerLayout returns the layout a non-tuple, non-underscore tiler element stands for in
// logical_divide / logical_product: an integer N is make_layout(N) (N:1, or 1:0 for N=1).
func algTilerLayout(t Tiler) Layout {
	if t.isInt {
		n := t.layout.shape.v
		if n == 1 {
			return Layout{shape: Int(1), stride: Int(0)}
		}
		return Layout{shape: Int(n), stride: Int(1)}
	}
	return t.layout
}

// algCeilDiv is ceil(a/b) for a >= 0, b > 0, without the overflow of (a+b-1)/b.
func algCeilDiv(a, b int64) int64 {
	if b <= 0 {
		badDivisor(b)
	}
	q := a / b
	if q*b != a {
		q++
	}
	return q
}

// badDivisor throws the error of algCeilDiv (out of line, so that algCeilDiv inlines).
func badDivisor(b int64) {
	throw("", ErrInvalid, "division by %d", b)
}
