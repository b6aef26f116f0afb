package eval

import (
	"github.com/cutego/cutego/cute"
)

// Operations on a swizzled composed layout A o O o B given as the first argument: CuTe's
// layout_composed.hpp applies them to B and keeps A and O (package cute's Composed*).

type composedFn struct {
	min, max int
	f        func(c *ctx, cl cute.ComposedLayout) cute.Value
}

// composedFns is consulted before the table when the first argument is a composed
// layout.
var composedFns = map[string]composedFn{}

func regComposed(name string, min, max int, f func(c *ctx, cl cute.ComposedLayout) cute.Value) {
	composedFns[name] = composedFn{min: min, max: max, f: f}
}

// wrap returns a composed result as CuTe prints it (composed() drops the identity
// swizzle with offset 0, as CuTe's composition(Sw<0,M,S>, _0, L) returns L).
func wrap(r cute.ComposedLayout, err error) cute.Value {
	if err != nil {
		failErr(err)
	}
	return composed(r.Outer, r.Offset, r.Inner)
}

func init() {
	regComposed("take", 3, 3, func(c *ctx, cl cute.ComposedLayout) cute.Value {
		return wrap(cute.ComposedTake(cl, c.index(1), c.index(2)))
	})
	regComposed("flatten", 1, 1, func(c *ctx, cl cute.ComposedLayout) cute.Value {
		return wrap(cute.ComposedFlatten(cl), nil)
	})
	regComposed("group", 3, 3, func(c *ctx, cl cute.ComposedLayout) cute.Value {
		end := -1
		if c.int(2) != -1 {
			end = c.index(2)
		}
		return wrap(cute.ComposedGroup(cl, c.index(1), end))
	})
	regComposed("append", 2, 2, func(c *ctx, cl cute.ComposedLayout) cute.Value {
		return wrap(cute.ComposedAppendN(cl, cl.Inner.Rank()+1, c.layout(1)))
	})
	regComposed("composition", 2, 2, func(c *ctx, cl cute.ComposedLayout) cute.Value {
		// composition(A o O o B, Sw') and composition(A o O o B, Sw' o 0 o M):
		// A o O o (B ∘ …), a composed layout inside a composed layout.
		var in cute.ComposedLayout
		var err error
		switch b := c.args[1].(type) {
		case cute.Swizzle:
			in, err = cute.CompositionLayoutSwizzle(cl.Inner, b)
		case cute.ComposedLayout:
			in, err = cute.CompositionLayoutComposed(cl.Inner, b)
		default:
			return wrap(cute.ComposedComposition(cl, c.tilerArg(1)))
		}
		if err != nil {
			failErr(err)
		}
		if in.Outer.IsIdentity() && in.Offset == 0 {
			return composed(cl.Outer, cl.Offset, in.Inner)
		}
		if cl.Outer.IsIdentity() && cl.Offset == 0 {
			return in
		}
		return Nested{Outer: cl.Outer, Offset: cl.Offset, Inner: in}
	})
	regComposed("coalesce", 1, 2, func(c *ctx, cl cute.ComposedLayout) cute.Value {
		if c.n() == 2 {
			return wrap(cute.ComposedCoalesceProfile(cl, c.tuple(1)))
		}
		return wrap(cute.ComposedCoalesce(cl))
	})
	regComposed("complement", 1, 2, func(c *ctx, cl cute.ComposedLayout) cute.Value {
		if c.n() == 2 {
			return must(cute.ComposedComplement(cl, c.shape(1)))
		}
		// complement(A o O o B) = complement(A o O o B, cosize(A o O o B)) and CuTe's
		// cosize of a composed layout is cosize(B).
		return must(cute.ComposedComplement(cl, cute.Int(must(cl.Inner.Cosize()))))
	})
	for name, f := range map[string]func(cute.ComposedLayout, cute.Tiler) (cute.ComposedLayout, error){
		"logical_divide":  cute.ComposedLogicalDivide,
		"zipped_divide":   cute.ComposedZippedDivide,
		"tiled_divide":    cute.ComposedTiledDivide,
		"flat_divide":     cute.ComposedFlatDivide,
		"logical_product": cute.ComposedLogicalProduct,
		"zipped_product":  cute.ComposedZippedProduct,
		"tiled_product":   cute.ComposedTiledProduct,
		"flat_product":    cute.ComposedFlatProduct,
	} {
		regComposed(name, 2, 2, func(c *ctx, cl cute.ComposedLayout) cute.Value {
			return wrap(f(cl, c.tilerArg(1)))
		})
	}
	// max_common_vector(Sw o O o B, L), max_common_vector(Sw0 o O0 o B0, Sw1 o O1 o B1) and
	// max_common_layout(Sw o O o B, L) (CuTe's swizzle_layout.hpp; C++ has no
	// max_common_layout of two composed layouts).
	regComposed("max_common_vector", 2, 2, func(c *ctx, cl cute.ComposedLayout) cute.Value {
		if b, ok := c.args[1].(cute.ComposedLayout); ok {
			return i64(must(cute.ComposedMaxCommonVectorBoth(cl, b)))
		}
		return i64(must(cute.ComposedMaxCommonVector(cl, c.layout(1))))
	})
	regComposed("max_common_layout", 2, 2, func(c *ctx, cl cute.ComposedLayout) cute.Value {
		return must(cute.ComposedMaxCommonLayout(cl, c.layout(1)))
	})
	regComposed("right_inverse", 1, 1, func(c *ctx, cl cute.ComposedLayout) cute.Value {
		return wrap(cute.ComposedRightInverse(cl))
	})
	regComposed("left_inverse", 1, 1, func(c *ctx, cl cute.ComposedLayout) cute.Value {
		return wrap(cute.ComposedLeftInverse(cl))
	})
	regComposed("nullspace", 1, 1, func(c *ctx, cl cute.ComposedLayout) cute.Value {
		return must(cute.ComposedNullspace(cl))
	})
	regComposed("blocked_product", 2, 2, func(c *ctx, cl cute.ComposedLayout) cute.Value {
		return wrap(cute.ComposedBlockedProduct(cl, c.layout(1)))
	})
	regComposed("raked_product", 2, 2, func(c *ctx, cl cute.ComposedLayout) cute.Value {
		return wrap(cute.ComposedRakedProduct(cl, c.layout(1)))
	})
	regComposed("tile_to_shape", 2, 3, func(c *ctx, cl cute.ComposedLayout) cute.Value {
		if c.n() == 3 {
			return wrap(cute.ComposedTileToShapeOrdered(cl, c.shape(1), c.tuple(2)))
		}
		return wrap(cute.ComposedTileToShape(cl, c.shape(1)))
	})
	regComposed("with_shape", 2, 2, func(c *ctx, cl cute.ComposedLayout) cute.Value {
		return wrap(cute.ComposedWithShape(cl, c.shape(1)))
	})
}

// tilerArg is argument i as a tiler, where an integer N means the layout N:1 (so that
// composition(A, 8) is layout composition) and a shape the by-mode tiler.
func (c *ctx) tilerArg(i int) cute.Tiler {
	if t, ok := c.args[i].(cute.IntTuple); ok && t.IsLeaf() {
		return cute.LayoutTiler(c.layout(i))
	}
	return c.tiler(i)
}
