package cute

import (
	"strconv"
	"strings"
)

// IntTuple is CuTe's IntTuple: an integer or a (possibly empty) tuple of IntTuples.
// A leaf may carry a scaled basis (CuTe's ScaledBasis / E<i...>): its value is then
// v·E<path...>, as in the strides of identity layouts. IntTuples are immutable values.
type IntTuple struct {
	v     int64
	basis []int      // scaled-basis mode path, outermost first; nil for a plain integer
	elems []IntTuple // nil for a leaf; non-nil (maybe empty) for a tuple
}

var emptyElems = []IntTuple{}

// Int returns the leaf integer v.
func Int(v int64) IntTuple { return IntTuple{v: v} }

// Tuple returns the tuple of the given elements (the empty tuple when none).
func Tuple(elems ...IntTuple) IntTuple {
	if len(elems) == 0 {
		return IntTuple{elems: emptyElems}
	}
	e := make([]IntTuple, len(elems))
	copy(e, elems)
	return IntTuple{elems: e}
}

// Ints returns the flat tuple of the given integers.
func Ints(vs ...int64) IntTuple {
	e := make([]IntTuple, len(vs))
	for i, v := range vs {
		e[i] = IntTuple{v: v}
	}
	if e == nil {
		e = emptyElems
	}
	return IntTuple{elems: e}
}

// tupleOwn wraps elems without copying; the caller gives up elems.
func tupleOwn(elems []IntTuple) IntTuple {
	if elems == nil {
		elems = emptyElems
	}
	return IntTuple{elems: elems}
}

// maxBasisMode bounds the mode of a scaled basis as text (1@m); the cost of using a
// large one is bounded by arithSum, not by this.
const maxBasisMode = 1 << 20

// E returns the scaled basis element v·E<path...> (CuTe's E<path...>{} * v), printed
// v@…@path[1]@path[0]. The modes must be in [0, 2^20] and the path at most MaxParseDepth
// long, as Parse reads them (so that every value E returns prints as text Parse
// accepts); like indexing a slice with a negative index, E panics with an *Error (Op
// "basis") otherwise.
func E(v int64, path ...int) IntTuple {
	if len(path) == 0 {
		return IntTuple{v: v}
	}
	if len(path) > MaxParseDepth {
		panic(errorf("basis", ErrInvalid, "scaled basis path longer than %d modes", MaxParseDepth))
	}
	for _, m := range path {
		if m < 0 || m > maxBasisMode {
			panic(errorf("basis", ErrInvalid, "scaled basis mode %d is outside [0,%d]", m, maxBasisMode))
		}
	}
	p := make([]int, len(path))
	copy(p, path)
	return IntTuple{v: v, basis: p}
}

// IsLeaf reports whether t is an integer (or scaled basis) rather than a tuple.
func (t IntTuple) IsLeaf() bool { return t.elems == nil }

// IsTuple reports whether t is a tuple.
func (t IntTuple) IsTuple() bool { return t.elems != nil }

// IsBasis reports whether t is a leaf carrying a scaled basis.
func (t IntTuple) IsBasis() bool { return t.elems == nil && t.basis != nil }

// Value returns the integer of a leaf (the scale of a scaled basis); 0 for a tuple.
func (t IntTuple) Value() int64 { return t.v }

// BasisPath returns the mode path of a scaled-basis leaf (nil for a plain integer).
func (t IntTuple) BasisPath() []int { return append([]int(nil), t.basis...) }

// Rank is CuTe's rank: 1 for an integer, the number of elements for a tuple.
func (t IntTuple) Rank() int {
	if t.elems == nil {
		return 1
	}
	return len(t.elems)
}

// Len is the number of elements of a tuple (0 for a leaf).
func (t IntTuple) Len() int { return len(t.elems) }

// At returns element i of a tuple; for a leaf, At(0) is the leaf itself (CuTe's get<0>).
// Like indexing a slice, it panics (with an *Error) on an index out of range
// [0, Rank()): check Rank first, or use GetTuple, which returns the error instead.
func (t IntTuple) At(i int) IntTuple {
	if i < 0 || i >= t.Rank() {
		panic(errorf("get", ErrInvalid, "index %d out of range for %s of rank %d", i, brief(t), t.Rank()))
	}
	if t.elems == nil {
		return t
	}
	return t.elems[i]
}

// Elems returns a copy of the elements of a tuple (nil for a leaf).
func (t IntTuple) Elems() []IntTuple {
	if t.elems == nil {
		return nil
	}
	return append([]IntTuple{}, t.elems...)
}

// Depth is CuTe's depth: 0 for an integer, 1 + the largest depth of the elements for a tuple.
func (t IntTuple) Depth() int {
	if t.elems == nil {
		return 0
	}
	d := 0
	for _, e := range t.elems {
		if x := e.Depth(); x > d {
			d = x
		}
	}
	return d + 1
}

// NumLeaves is the number of integers in t.
func (t IntTuple) NumLeaves() int {
	if t.elems == nil {
		return 1
	}
	n := 0
	for _, e := range t.elems {
		n += e.NumLeaves()
	}
	return n
}

// Leaves appends t's integers, in order, to dst.
func (t IntTuple) Leaves(dst []IntTuple) []IntTuple {
	if t.elems == nil {
		return append(dst, t)
	}
	for _, e := range t.elems {
		dst = e.Leaves(dst)
	}
	return dst
}

// LeafValues appends the values of t's leaves, in order, to dst.
func (t IntTuple) LeafValues(dst []int64) []int64 {
	if t.elems == nil {
		return append(dst, t.v)
	}
	for _, e := range t.elems {
		dst = e.LeafValues(dst)
	}
	return dst
}

// Equal reports whether a and b are the same IntTuple (structure, values and bases).
func (t IntTuple) Equal(u IntTuple) bool {
	if (t.elems == nil) != (u.elems == nil) {
		return false
	}
	if t.elems == nil {
		if t.v != u.v || len(t.basis) != len(u.basis) {
			return false
		}
		for i := range t.basis {
			if t.basis[i] != u.basis[i] {
				return false
			}
		}
		return true
	}
	if len(t.elems) != len(u.elems) {
		return false
	}
	for i := range t.elems {
		if !t.elems[i].Equal(u.elems[i]) {
			return false
		}
	}
	return true
}

// Congruent is CuTe's congruent: same hierarchical structure (profile).
func Congruent(a, b IntTuple) bool {
	if (a.elems == nil) != (b.elems == nil) {
		return false
	}
	if a.elems == nil {
		return true
	}
	if len(a.elems) != len(b.elems) {
		return false
	}
	for i := range a.elems {
		if !Congruent(a.elems[i], b.elems[i]) {
			return false
		}
	}
	return true
}

// hasBasis reports whether any leaf of t is a scaled basis.
func (t IntTuple) hasBasis() bool {
	if t.elems == nil {
		return t.basis != nil
	}
	for _, e := range t.elems {
		if e.hasBasis() {
			return true
		}
	}
	return false
}

// String prints t as CuTe prints it without the `_` marks: `(2,(3,4))`, `8`, `(8)`, `()`,
// and scaled bases as `1@0`, E<0,1> as `1@1@0`.
func (t IntTuple) String() string {
	var b strings.Builder
	t.write(&b)
	return b.String()
}

func (t IntTuple) write(b *strings.Builder) {
	if t.elems == nil {
		b.WriteString(strconv.FormatInt(t.v, 10))
		for i := len(t.basis) - 1; i >= 0; i-- {
			b.WriteByte('@')
			b.WriteString(strconv.Itoa(t.basis[i]))
		}
		return
	}
	b.WriteByte('(')
	for i, e := range t.elems {
		if i > 0 {
			b.WriteByte(',')
		}
		e.write(b)
	}
	b.WriteByte(')')
}
