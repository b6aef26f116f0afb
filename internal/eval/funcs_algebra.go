package eval

import (
	"github.com/cutego/cutego/cute"
)

// The layout algebra: coalesce … tile_to_shape (cute/*.go of the algebra).

func init() {
	register("coalesce", 1, 2, func(c *ctx) cute.Value {
		if c.n() == 2 {
			return must(cute.CoalesceProfile(c.layout(0), c.tuple(1)))
		}
		return must(cute.Coalesce(c.layout(0)))
	})
	register("filter", 1, 1, func(c *ctx) cute.Value { return must(cute.Filter(c.layout(0))) })
	register("filter_zeros", 1, 1, func(c *ctx) cute.Value { return must(cute.FilterZeros(c.layout(0))) })
	register("composition", 2, 2, composition)
	// with_shape(L, shape) is CuTe's L.with_shape(shape) = composition(L, make_layout(shape)).
	register("with_shape", 2, 2, func(c *ctx) cute.Value {
		return must(cute.WithShape(c.layout(0), c.shape(1)))
	})
	register("complement", 1, 2, func(c *ctx) cute.Value {
		if c.n() == 2 {
			return must(cute.Complement(c.layout(0), c.shape(1)))
		}
		return must(cute.ComplementDefault(c.layout(0)))
	})
	register("right_inverse", 1, 1, func(c *ctx) cute.Value { return must(cute.RightInverse(c.layout(0))) })
	register("left_inverse", 1, 1, func(c *ctx) cute.Value { return must(cute.LeftInverse(c.layout(0))) })
	for name, f := range map[string]func(cute.Layout, cute.Tiler) (cute.Layout, error){
		"logical_divide":  cute.LogicalDivide,
		"zipped_divide":   cute.ZippedDivide,
		"tiled_divide":    cute.TiledDivide,
		"flat_divide":     cute.FlatDivide,
		"logical_product": cute.LogicalProduct,
		"zipped_product":  cute.ZippedProduct,
		"tiled_product":   cute.TiledProduct,
		"flat_product":    cute.FlatProduct,
	} {
		register(name, 2, 2, func(c *ctx) cute.Value { return must(f(c.layout(0), c.tiler(1))) })
	}
	register("blocked_product", 2, 2, func(c *ctx) cute.Value {
		return must(cute.BlockedProduct(c.layout(0), c.layout(1)))
	})
	register("raked_product", 2, 2, func(c *ctx) cute.Value {
		return must(cute.RakedProduct(c.layout(0), c.layout(1)))
	})
	register("max_common_vector", 2, 2, func(c *ctx) cute.Value {
		// CuTe's swizzle_layout.hpp overloads: a composed layout on either side (both
		// for the vector); the first argument's composed case is in funcs_composed.go.
		if b, ok := c.args[1].(cute.ComposedLayout); ok {
			return i64(must(cute.ComposedMaxCommonVector(b, c.layout(0))))
		}
		return i64(must(cute.MaxCommonVector(c.layout(0), c.layout(1))))
	})
	register("max_common_layout", 2, 2, func(c *ctx) cute.Value {
		if b, ok := c.args[1].(cute.ComposedLayout); ok {
			return must(cute.ComposedMaxCommonLayout(b, c.layout(0)))
		}
		return must(cute.MaxCommonLayout(c.layout(0), c.layout(1)))
	})
	register("nullspace", 1, 1, func(c *ctx) cute.Value { return must(cute.Nullspace(c.layout(0))) })
	register("tile_to_shape", 2, 3, func(c *ctx) cute.Value {
		if c.n() == 3 {
			if t, ok := c.args[2].(Tag); ok { // LayoutLeft{} / LayoutRight{}
				return must(cute.TileToShapeMajor(c.layout(0), c.shape(1), t == tagRight))
			}
			return must(cute.TileToShapeOrdered(c.layout(0), c.shape(1), c.tuple(2)))
		}
		return must(cute.TileToShape(c.layout(0), c.shape(1)))
	})
}

// composition(A, B): B a layout → layout composition; B a tuple (tiler) or a shape
// (by-mode tiler of N:1) → by-mode composition; an integer N is the layout N:1.
func composition(c *ctx) cute.Value {
	if sw, ok := c.args[0].(cute.Swizzle); ok {
		// composition(Swizzle, Layout): Sw o 0 o L (L itself for the identity swizzle).
		cl := cute.CompositionSwizzle(sw, c.layout(1))
		return composed(cl.Outer, cl.Offset, cl.Inner)
	}
	a := c.layout(0)
	switch b := c.args[1].(type) {
	case cute.Swizzle:
		return wrap(cute.CompositionLayoutSwizzle(a, b))
	case cute.ComposedLayout:
		return wrap(cute.CompositionLayoutComposed(a, b))
	case cute.Layout:
		return must(cute.Composition(a, b))
	case cute.IntTuple:
		if b.IsLeaf() {
			return must(cute.Composition(a, c.layout(1)))
		}
	}
	return must(cute.CompositionTiler(a, c.tiler(1)))
}
