package cute

import "strings"

// Tiler is what CuTe takes as the second argument of composition, the divides and the
// products: a Layout, or a tuple whose elements are Tilers or `_` (keep the mode). An
// integer N in a tiler means the layout N:1.
type Tiler struct {
	kind   tilerKind
	isInt  bool // a layout tiler written as the integer N (N:1); prints as N
	layout Layout
	elems  []Tiler
}

type tilerKind uint8

const (
	tilerLayout tilerKind = iota
	tilerUnderscore
	tilerTuple
)

// LayoutTiler is the tiler made of one layout (composition with it is plain composition).
func LayoutTiler(l Layout) Tiler { return Tiler{kind: tilerLayout, layout: l} }

// AsTiler returns l as a Tiler.
func (l Layout) AsTiler() Tiler { return LayoutTiler(l) }

// Underscore is the tiler element `_`: the mode it stands for is kept as it is.
func Underscore() Tiler { return Tiler{kind: tilerUnderscore} }

// TupleTiler is the by-mode tiler (t0, t1, …).
func TupleTiler(elems ...Tiler) Tiler {
	return Tiler{kind: tilerTuple, elems: append([]Tiler{}, elems...)}
}

// ShapeTiler is the by-mode tiler of a shape: each integer N stands for N:1, nested
// tuples stay nested.
func ShapeTiler(shape IntTuple) Tiler {
	if shape.elems == nil {
		return Tiler{kind: tilerLayout, isInt: true, layout: Layout{shape: shape, stride: Int(1)}}
	}
	e := make([]Tiler, len(shape.elems))
	for i, s := range shape.elems {
		e[i] = ShapeTiler(s)
	}
	return Tiler{kind: tilerTuple, elems: e}
}

// IsLayout reports whether the tiler is a single layout, returned as the second value.
func (t Tiler) IsLayout() (Layout, bool) { return t.layout, t.kind == tilerLayout }

// IsUnderscore reports whether the tiler is `_`.
func (t Tiler) IsUnderscore() bool { return t.kind == tilerUnderscore }

// IsTuple reports whether the tiler is a by-mode tuple.
func (t Tiler) IsTuple() bool { return t.kind == tilerTuple }

// Rank is the rank of the tiler: the number of elements of a tuple tiler, the rank of a
// layout tiler, 1 for `_`.
func (t Tiler) Rank() int {
	switch t.kind {
	case tilerTuple:
		return len(t.elems)
	case tilerLayout:
		return t.layout.Rank()
	}
	return 1
}

// Elem is CuTe's get<i> of a tiler, for i in [0, Rank()): element i of a tuple tiler,
// mode i of a layout tiler (as a layout tiler; one whose shape is an integer is its own
// mode 0), and `_` itself for `_`. The zero Tiler is the zero Layout as a tiler: Elem(0)
// returns it. Like IntTuple.At, Elem panics with an *Error (Op "get") on an index out of
// range: check Rank first.
func (t Tiler) Elem(i int) Tiler {
	if i < 0 || i >= t.Rank() {
		panic(errorf("get", ErrInvalid, "index %d out of range for tiler %s of rank %d", i, brief(t), t.Rank()))
	}
	switch {
	case t.kind == tilerTuple:
		return t.elems[i]
	case t.kind == tilerLayout && t.layout.shape.elems != nil:
		return Tiler{kind: tilerLayout, layout: Layout{shape: t.layout.shape.At(i), stride: t.layout.stride.At(i)}}
	}
	return t
}

// Elems returns a copy of a tuple tiler's elements.
func (t Tiler) Elems() []Tiler { return append([]Tiler{}, t.elems...) }

// String prints the tiler as CuTe prints it: `(4:2,2:4)`, `_`, or the layout.
func (t Tiler) String() string {
	switch t.kind {
	case tilerUnderscore:
		return "_"
	case tilerLayout:
		if t.isInt {
			return t.layout.shape.String()
		}
		return t.layout.String()
	}
	var b strings.Builder
	b.WriteByte('(')
	for i, e := range t.elems {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(e.String())
	}
	b.WriteByte(')')
	return b.String()
}
