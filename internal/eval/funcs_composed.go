package eval

import (
	"github.com/cutego/cutego/cute"
)

// Operations on a swizzled composed layout A o O o B given as the first argument: CuTe's
// layout_composed.hpp applies them to B and keeps A and O (package cute's Composed*). The
// algebra's are registered from libcutego's table (ops_gen.go); here are the others and
// the forms only eval has.

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

func init() {
	regComposed("take", 3, 3, func(c *ctx, cl cute.ComposedLayout) cute.Value {
		return value(cute.ComposedTake(cl, c.index(1), c.index(2)))
	})
	regComposed("flatten", 1, 1, func(c *ctx, cl cute.ComposedLayout) cute.Value {
		return value(cute.ComposedFlatten(cl), nil)
	})
	regComposed("group", 3, 3, func(c *ctx, cl cute.ComposedLayout) cute.Value {
		end := -1
		if c.int(2) != -1 {
			end = c.index(2)
		}
		return value(cute.ComposedGroup(cl, c.index(1), end))
	})
	regComposed("append", 2, 2, func(c *ctx, cl cute.ComposedLayout) cute.Value {
		return value(cute.ComposedAppendN(cl, cl.Inner.Rank()+1, c.layout(1)))
	})
	regComposed("with_shape", 2, 2, func(c *ctx, cl cute.ComposedLayout) cute.Value {
		return value(cute.ComposedWithShape(cl, c.shape(1)))
	})
}

// composedCompositionSwizzle is composition(A o O o B, Sw') and
// composition(A o O o B, Sw' o 0 o M): A o O o (B ∘ …), a composed layout inside a
// composed layout.
func composedCompositionSwizzle(c *ctx, cl cute.ComposedLayout) (cute.Value, bool) {
	var in cute.ComposedLayout
	var err error
	switch b := c.args[1].(type) {
	case cute.Swizzle:
		in, err = cute.CompositionLayoutSwizzle(cl.Inner, b)
	case cute.ComposedLayout:
		in, err = cute.CompositionLayoutComposed(cl.Inner, b)
	default:
		return nil, false
	}
	if err != nil {
		failErr(err)
	}
	if in.Outer.IsIdentity() && in.Offset == 0 {
		return composed(cl.Outer, cl.Offset, in.Inner), true
	}
	if cl.Outer.IsIdentity() && cl.Offset == 0 {
		return in, true
	}
	return Nested{Outer: cl.Outer, Offset: cl.Offset, Inner: in}, true
}

// composedComplementDefault is complement(A o O o B) = complement(A o O o B,
// cosize(A o O o B)); CuTe's cosize of a composed layout is cosize(B).
func composedComplementDefault(cl cute.ComposedLayout) (cute.Layout, error) {
	n, err := cl.Inner.Cosize()
	if err != nil {
		return cute.Layout{}, err
	}
	return cute.ComposedComplement(cl, cute.Int(n))
}

// tilerArg is argument i as a tiler, where an integer N means the layout N:1 (so that
// composition(A, 8) is layout composition) and a shape the by-mode tiler.
func (c *ctx) tilerArg(i int) cute.Tiler {
	if t, ok := c.args[i].(cute.IntTuple); ok && t.IsLeaf() {
		return cute.LayoutTiler(c.layout(i))
	}
	return c.tiler(i)
}
