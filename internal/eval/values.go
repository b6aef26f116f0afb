package eval

import (
	"fmt"

	"github.com/cutego/cutego/cute"
)

// Boolean is a boolean result (congruent, weakly_congruent, compatible), made by Bool.
// C++ CuTe prints its true_type/false_type as `_1`/`_0`; the eval contract (docs/EVAL.md)
// prints `true`/`false`.
type Boolean struct {
	cute.ValueMarker
	V bool
}

// Bool is the Boolean b.
func Bool(b bool) Boolean { return Boolean{V: b} }

func (b Boolean) String() string {
	if b.V {
		return "true"
	}
	return "false"
}

// Tag is one of CuTe's make_layout major tags: LayoutLeft or LayoutRight.
type Tag struct {
	cute.ValueMarker
	Name string
}

func (t Tag) String() string { return t.Name }

var (
	tagLeft  = Tag{Name: "LayoutLeft"}
	tagRight = Tag{Name: "LayoutRight"}
)

// Nested is a composed layout whose inner function is itself a composed layout,
// A o O o (A' o O' o B), which C++ CuTe builds for composition(Sw o 0 o L, Sw' o 0 o M)
// and prints as `A o O o A' o O' o B`. eval can print and evaluate it.
type Nested struct {
	cute.ValueMarker
	Outer  cute.Swizzle
	Offset int64
	Inner  cute.ComposedLayout
}

func (n Nested) String() string {
	return n.Outer.String() + " o " + cute.Int(n.Offset).String() + " o " + n.Inner.String()
}

// describe names a value's kind for error messages (the value itself is cut short).
func describe(v cute.Value) string {
	var k string
	switch x := v.(type) {
	case cute.IntTuple:
		k = "int tuple"
		if x.IsLeaf() {
			k = "integer"
		}
	case cute.Layout:
		k = "layout"
	case cute.Tiler:
		k = "tiler"
	case cute.Coord:
		k = "coordinate"
	case cute.Swizzle:
		k = "swizzle"
	case cute.ComposedLayout, Nested:
		k = "composed layout"
	case Boolean:
		k = "boolean"
	case Tag:
		k = "tag"
	case Elem:
		k = "element type"
	case Tensor:
		k = "tensor"
	case CoordTensor:
		k = "coordinate tensor"
	case Dim3:
		k = "index variable"
	case CountingIter:
		k = "iterator"
	default:
		return fmt.Sprintf("%T", v)
	}
	s := v.String()
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return k + " " + s
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

// asIntTuple: an int tuple (or integer) as it is, or a coordinate without `_`.
func asIntTuple(v cute.Value) (cute.IntTuple, bool) {
	switch x := v.(type) {
	case cute.IntTuple:
		return x, true
	case cute.Coord:
		if !x.HasUnderscore() {
			return x.IntTuple(), true
		}
	}
	return cute.IntTuple{}, false
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
	case cute.Layout, cute.IntTuple:
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
	case cute.Tiler, cute.Layout, cute.IntTuple:
		return cute.AsTiler(x)
	}
	return cute.Tiler{}, fmt.Errorf("expected a tiler, got %s", describe(v))
}

// asCoord: a (possibly slicing) coordinate: integers, int tuples, `_` and tuples of
// them.
func asCoord(v cute.Value) (cute.Coord, bool) {
	switch v.(type) {
	case cute.Coord, cute.IntTuple, cute.Tiler:
		c, err := cute.AsCoord(v)
		return c, err == nil
	}
	return cute.Coord{}, false
}

// tupleOf is the value of a tuple written with expressions inside, `(a, b)`,
// make_shape(a, b), Shape<A,B>: an int tuple when every element is one, else a tiler
// when every element is one (layouts, shapes, `_`), else a coordinate (integers of any
// sign and `_`: `(0,_)`).
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
	var tilerErr error
	for i, e := range elems {
		t, err := asTiler(e)
		if err != nil {
			tilerErr = fmt.Errorf("tuple element %d: %v", i+1, err)
			break
		}
		tl[i] = t
	}
	if tilerErr == nil {
		return cute.TupleTiler(tl...), nil
	}
	cs := make([]cute.Coord, len(elems))
	for i, e := range elems {
		c, ok := asCoord(e)
		if !ok {
			return nil, tilerErr
		}
		cs[i] = c
	}
	return cute.CoordTuple(cs...), nil
}
