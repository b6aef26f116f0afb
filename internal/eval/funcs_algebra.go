package eval

import (
	"fmt"

	"github.com/cutego/cutego/cute"
)

// The layout algebra: coalesce … tile_to_shape are registered from libcutego's table
// (ops_gen.go, written by capi/bindgen); here are the forms only eval has: swizzles and
// tags as arguments, and CuTe's member function L.with_shape.

func init() {
	// with_shape(L, shape) is CuTe's L.with_shape(shape) = composition(L, make_layout(shape)).
	register("with_shape", 2, 2, func(c *ctx) cute.Value {
		return must(cute.WithShape(c.layout(0), c.shape(1)))
	})
}

// compositionSwizzle is composition with a swizzle on either side, or a composed layout
// as B: composition(Sw, L) = Sw o 0 o L (L itself for the identity swizzle),
// composition(A, Sw) and composition(A, Sw o O o B).
func compositionSwizzle(c *ctx) (cute.Value, bool) {
	if sw, ok := c.args[0].(cute.Swizzle); ok {
		cl := cute.CompositionSwizzle(sw, c.layout(1))
		return composed(cl.Outer, cl.Offset, cl.Inner), true
	}
	switch b := c.args[1].(type) {
	case cute.Swizzle:
		return value(cute.CompositionLayoutSwizzle(c.layout(0), b)), true
	case cute.ComposedLayout:
		return value(cute.CompositionLayoutComposed(c.layout(0), b)), true
	}
	return nil, false
}

// tileToShapeTag is tile_to_shape(A, shape, LayoutLeft{} or LayoutRight{}): the order
// given as a tag.
func tileToShapeTag(c *ctx) (cute.Value, bool) {
	if c.n() != 3 {
		return nil, false
	}
	t, ok := c.args[2].(Tag)
	if !ok {
		return nil, false
	}
	return must(cute.TileToShapeMajor(c.layout(0), c.shape(1), t == tagRight)), true
}

// value is the result of a cute function as eval returns it: a composed layout as CuTe
// prints it (composed() drops the identity swizzle with offset 0, as CuTe's
// composition(Sw<0,M,S>, _0, L) returns L), an int64 as an integer; an error aborts.
func value[T any](v T, err error) cute.Value {
	if err != nil {
		failErr(err)
	}
	switch x := any(v).(type) {
	case cute.ComposedLayout:
		return composed(x.Outer, x.Offset, x.Inner)
	case int64:
		return cute.Int(x)
	case cute.Value:
		return x
	}
	failErr(fmt.Errorf("internal error: a result of type %T", v)) // ops_gen.go calls only cute functions returning values
	return nil
}

// isLayout reports whether argument i is a layout or an integer N (the layout N:1): a
// tiler that is one layout.
func (c *ctx) isLayout(i int) bool {
	switch x := c.args[i].(type) {
	case cute.Layout:
		return true
	case cute.IntTuple:
		return x.IsLeaf()
	}
	return false
}
