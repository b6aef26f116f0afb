package eval

import (
	"fmt"

	"github.com/cutego/cutego/cute"
)

// Bool is a boolean result (congruent, weakly_congruent, compatible). C++ CuTe prints
// its true_type/false_type as `_1`/`_0`; the eval contract (docs/EVAL.md) prints
// `true`/`false`.
type Bool bool

func (b Bool) String() string {
	if b {
		return "true"
	}
	return "false"
}

// Tag is one of CuTe's make_layout major tags: LayoutLeft or LayoutRight.
type Tag string

func (t Tag) String() string { return string(t) }

const (
	tagLeft  Tag = "LayoutLeft"
	tagRight Tag = "LayoutRight"
)

// Nested is a composed layout whose inner function is itself a composed layout,
// A o O o (A' o O' o B), which C++ CuTe builds for composition(Sw o 0 o L, Sw' o 0 o M)
// and prints as `A o O o A' o O' o B`. eval can print and evaluate it.
type Nested struct {
	Outer  cute.Swizzle
	Offset int64
	Inner  cute.ComposedLayout
}

func (n Nested) String() string {
	return n.Outer.String() + " o " + cute.Int(n.Offset).String() + " o " + n.Inner.String()
}

// Coord is a coordinate that may hold `_` (a slicing coordinate, CuTe's layout(_,2)).
type Coord struct {
	Under bool
	Leaf  int64
	Elems []Coord // nil for a leaf or `_`
	tuple bool
}

func (c Coord) String() string {
	switch {
	case c.Under:
		return "_"
	case !c.tuple:
		return fmt.Sprint(c.Leaf)
	}
	s := "("
	for i, e := range c.Elems {
		if i > 0 {
			s += ","
		}
		s += e.String()
	}
	return s + ")"
}

// HasUnderscore reports whether the coordinate holds a `_` anywhere.
func (c Coord) HasUnderscore() bool {
	if c.Under {
		return true
	}
	for _, e := range c.Elems {
		if e.HasUnderscore() {
			return true
		}
	}
	return false
}

// describe names a value's kind for error messages.
func describe(v cute.Value) string {
	switch x := v.(type) {
	case cute.IntTuple:
		if x.IsLeaf() {
			return "integer " + x.String()
		}
		return "int tuple " + x.String()
	case cute.Layout:
		return "layout " + x.String()
	case cute.Tiler:
		return "tiler " + x.String()
	case cute.Swizzle:
		return "swizzle " + x.String()
	case cute.ComposedLayout:
		return "composed layout " + x.String()
	case Bool:
		return "boolean " + x.String()
	case Tag:
		return "tag " + x.String()
	case Coord:
		return "coordinate " + x.String()
	case Nested:
		return "composed layout " + x.String()
	}
	return fmt.Sprintf("%T", v)
}

// argError is an error about argument i (0-based) of a call.
type argError struct {
	name string
	i    int
	msg  string
}

func (e *argError) Error() string {
	return fmt.Sprintf("%s: argument %d: %s", e.name, e.i+1, e.msg)
}

// asIntTuple: an int tuple (or integer) as it is.
func asIntTuple(v cute.Value) (cute.IntTuple, bool) {
	switch x := v.(type) {
	case cute.IntTuple:
		return x, true
	case Coord:
		if !x.HasUnderscore() {
			return coordTuple(x), true
		}
	}
	return cute.IntTuple{}, false
}

func coordTuple(c Coord) cute.IntTuple {
	if !c.tuple {
		return cute.Int(c.Leaf)
	}
	e := make([]cute.IntTuple, len(c.Elems))
	for i, x := range c.Elems {
		e[i] = coordTuple(x)
	}
	return cute.Tuple(e...)
}

// asInt: a plain integer leaf.
func asInt(v cute.Value) (int64, bool) {
	t, ok := asIntTuple(v)
	if !ok || !t.IsLeaf() || t.IsBasis() {
		return 0, false
	}
	return t.Value(), true
}

// asLayout: a layout as it is; a shape means its column-major layout.
func asLayout(v cute.Value) (cute.Layout, error) {
	switch x := v.(type) {
	case cute.Layout:
		return x, nil
	case cute.IntTuple:
		return cute.AsLayout(x)
	case cute.Tiler:
		if l, ok := x.IsLayout(); ok {
			return l, nil
		}
	}
	return cute.Layout{}, fmt.Errorf("expected a layout, got %s", describe(v))
}

// asTiler: a tiler as it is; a layout is a layout tiler; an int tuple is the by-mode
// tiler of N:1 layouts.
func asTiler(v cute.Value) (cute.Tiler, error) {
	switch x := v.(type) {
	case cute.Tiler:
		return x, nil
	case cute.Layout, cute.IntTuple:
		return cute.AsTiler(x)
	}
	return cute.Tiler{}, fmt.Errorf("expected a tiler, got %s", describe(v))
}

// asCoord converts a value to a (possibly slicing) coordinate: integers, int tuples, `_`
// and tuples of them (which the literal parser returns as tilers).
func asCoord(v cute.Value) (Coord, bool) {
	switch x := v.(type) {
	case Coord:
		return x, true
	case cute.IntTuple:
		return tupleCoord(x)
	case cute.Tiler:
		return tilerCoord(x)
	}
	return Coord{}, false
}

func tupleCoord(t cute.IntTuple) (Coord, bool) {
	if t.IsLeaf() {
		if t.IsBasis() {
			return Coord{}, false
		}
		return Coord{Leaf: t.Value()}, true
	}
	e := make([]Coord, t.Len())
	for i := range e {
		c, ok := tupleCoord(t.At(i))
		if !ok {
			return Coord{}, false
		}
		e[i] = c
	}
	return Coord{Elems: e, tuple: true}, true
}

func tilerCoord(t cute.Tiler) (Coord, bool) {
	switch {
	case t.IsUnderscore():
		return Coord{Under: true}, true
	case t.IsTuple():
		es := t.Elems()
		e := make([]Coord, len(es))
		for i, x := range es {
			c, ok := tilerCoord(x)
			if !ok {
				return Coord{}, false
			}
			e[i] = c
		}
		return Coord{Elems: e, tuple: true}, true
	}
	// An integer N inside a tiler literal became the layout N:1.
	if l, ok := t.IsLayout(); ok && l.Shape().IsLeaf() && l.Stride().IsLeaf() && !l.Stride().IsBasis() && l.Stride().Value() == 1 && t.String() == l.Shape().String() {
		return Coord{Leaf: l.Shape().Value()}, true
	}
	return Coord{}, false
}

// tupleOf builds the value of a tuple written with nested calls inside, e.g.
// `(make_layout(4), _)`: an int tuple when every element is one, a coordinate when the
// elements are integers and `_`, else a tiler.
func tupleOf(elems []cute.Value) (cute.Value, error) {
	ts := make([]cute.IntTuple, 0, len(elems))
	for _, e := range elems {
		t, ok := e.(cute.IntTuple)
		if !ok {
			break
		}
		ts = append(ts, t)
	}
	if len(ts) == len(elems) {
		return cute.Tuple(ts...), nil
	}
	tl := make([]cute.Tiler, len(elems))
	for i, e := range elems {
		t, err := asTiler(e)
		if err != nil {
			if _, ok := asCoord(e); !ok {
				return nil, fmt.Errorf("tuple element %d: %v", i+1, err)
			}
			return coordTupleOf(elems)
		}
		tl[i] = t
	}
	return cute.TupleTiler(tl...), nil
}

// coordTupleOf is the coordinate tuple of elems (integers, `_`, coordinates).
func coordTupleOf(elems []cute.Value) (cute.Value, error) {
	cs := make([]Coord, len(elems))
	for i, e := range elems {
		c, ok := asCoord(e)
		if !ok {
			return nil, fmt.Errorf("tuple element %d: cannot mix %s into a coordinate", i+1, describe(e))
		}
		cs[i] = c
	}
	return Coord{Elems: cs, tuple: true}, nil
}
