package eval

import (
	"github.com/cutego/cutego/cute"
)

// Int-tuple operations, layout manipulation, slicing, casts and identity layouts.

func init() {
	register("flatten", 1, 1, func(c *ctx) cute.Value {
		switch x := c.args[0].(type) {
		case cute.IntTuple:
			return cute.Flatten(x)
		case cute.Layout:
			return cute.FlattenLayout(x)
		}
		c.bad(0, "expected an int tuple or a layout, got %s", describe(c.args[0]))
		return nil
	})
	register("weakly_congruent", 2, 2, func(c *ctx) cute.Value {
		return Bool(cute.WeaklyCongruent(c.tuple(0), c.tuple(1)))
	})
	register("compatible", 2, 2, func(c *ctx) cute.Value {
		return Bool(cute.Compatible(c.tuple(0), c.tuple(1)))
	})
	register("prefix_product", 1, 2, func(c *ctx) cute.Value {
		if c.n() == 2 {
			return must(cute.PrefixProductInit(c.tuple(0), c.tuple(1)))
		}
		return must(cute.PrefixProduct(c.tuple(0)))
	})
	// compact_col_major(shape[, current]) / compact_row_major(shape[, current]): the
	// compact strides (CuTe's stride.hpp), the first or last leaf at stride current.
	for name, rowMajor := range map[string]bool{"compact_col_major": false, "compact_row_major": true} {
		register(name, 1, 2, func(c *ctx) cute.Value {
			current := int64(1)
			if c.n() == 2 {
				current = c.int(1)
			}
			return must(cute.CompactMajor(c.shape(0), rowMajor, current))
		})
	}
	for name, f := range map[string]func(a, b cute.IntTuple) (cute.IntTuple, error){
		"shape_div":     cute.ShapeDiv,
		"ceil_div":      cute.CeilDiv,
		"elem_scale":    cute.ElemScale,
		"inner_product": cute.InnerProduct,
	} {
		register(name, 2, 2, func(c *ctx) cute.Value { return must(f(c.tuple(0), c.tuple(1))) })
	}
	register("idx2crd", 2, 3, func(c *ctx) cute.Value {
		if c.n() == 3 {
			return must(cute.Idx2CrdStride(c.tuple(0), c.shape(1), c.tuple(2)))
		}
		if i, ok := asInt(c.args[0]); ok {
			return must(cute.Idx2Crd(i, c.shape(1)))
		}
		// A tuple index applies by mode (CuTe: transform(idx, shape, idx2crd)).
		return idx2crdByMode(c, c.tuple(0), c.shape(1))
	})
	// make_shape, make_stride, make_coord, make_tile, make_step, make_tuple: the tuple of
	// the arguments (an int tuple, a tiler, or a coordinate holding `_`).
	for _, name := range []string{"make_shape", "make_stride", "make_coord", "make_tile", "make_step", "make_tuple"} {
		register(name, 0, -1, func(c *ctx) cute.Value { return must(tupleOf(c.args)) })
	}
	// replace<I>(L, M) (template argument last): L with mode I replaced by M.
	register("replace", 3, 3, func(c *ctx) cute.Value {
		l, m, i := c.layout(0), c.layout(1), c.index(2)
		if i >= l.Rank() {
			c.bad(2, "mode %d out of range for rank %d", i, l.Rank())
		}
		modes := make([]cute.Layout, l.Rank())
		for k := range modes {
			modes[k] = must(l.Mode(k))
		}
		modes[i] = m
		return must(cute.MakeLayoutModes(modes...))
	})
	register("make_ordered_layout", 2, 2, func(c *ctx) cute.Value {
		return must(cute.MakeOrderedLayout(c.shape(0), c.tuple(1)))
	})
	register("make_layout_like", 1, 1, func(c *ctx) cute.Value { return must(cute.MakeLayoutLike(c.layout(0))) })
	register("make_identity_layout", 1, 1, func(c *ctx) cute.Value {
		return must(cute.MakeIdentityLayout(c.shape(0)))
	})
	register("append", 2, 2, func(c *ctx) cute.Value {
		if t, ok := bothTuples(c); ok {
			return cute.Tuple(append(tupleElems(t[0]), t[1])...)
		}
		return cute.Append(c.layout(0), c.layout(1))
	})
	register("prepend", 2, 2, func(c *ctx) cute.Value {
		if t, ok := bothTuples(c); ok {
			return cute.Tuple(append([]cute.IntTuple{t[1]}, tupleElems(t[0])...)...)
		}
		return cute.Prepend(c.layout(0), c.layout(1))
	})
	// group, take and select of an int tuple give an int tuple (CuTe's tuple_algorithms.hpp),
	// of a layout a layout. group's end may be -1 (rank), as in C++'s group<B,-1>.
	register("group", 3, 3, func(c *ctx) cute.Value {
		end := -1
		if c.int(2) != -1 {
			end = c.index(2)
		}
		if t, ok := c.args[0].(cute.IntTuple); ok {
			return must(cute.GroupTuple(t, c.index(1), end))
		}
		return must(cute.Group(c.layout(0), c.index(1), end))
	})
	register("take", 3, 3, func(c *ctx) cute.Value {
		if t, ok := c.args[0].(cute.IntTuple); ok {
			return takeTuple(c, t)
		}
		return must(cute.Take(c.layout(0), c.index(1), c.index(2)))
	})
	register("select", 2, -1, func(c *ctx) cute.Value {
		modes := make([]int, c.n()-1)
		for i := range modes {
			modes[i] = c.index(i + 1)
		}
		if t, ok := c.args[0].(cute.IntTuple); ok {
			es := tupleElems(t)
			r := make([]cute.IntTuple, len(modes))
			for i, m := range modes {
				if m >= len(es) {
					c.bad(i+1, "mode %d out of range for rank %d tuple %v", m, len(es), t)
				}
				r[i] = es[m]
			}
			return cute.Tuple(r...)
		}
		return must(cute.Select(c.layout(0), modes...))
	})
	register("slice", 2, 2, func(c *ctx) cute.Value {
		crd := c.coord(0)
		if t, ok := c.args[1].(cute.IntTuple); ok {
			return must(cute.SliceTuple(crd, t))
		}
		if cl, ok := c.args[1].(cute.ComposedLayout); ok {
			return sliceComposed(c.coord(0), cl)
		}
		return must(cute.Slice(crd, c.layout(1)))
	})
	register("dice", 2, 2, func(c *ctx) cute.Value {
		crd := c.coord(0)
		if t, ok := c.args[1].(cute.IntTuple); ok {
			return must(cute.DiceTuple(crd, t))
		}
		return must(cute.Dice(crd, c.layout(1)))
	})
	register("upcast", 2, 2, func(c *ctx) cute.Value {
		n := c.int(1)
		switch x := c.args[0].(type) {
		case cute.Swizzle:
			return must(cute.UpcastSwizzle(x, n))
		case cute.ComposedLayout:
			return must(cute.ComposedUpcast(x, n))
		}
		return must(cute.Upcast(c.layout(0), n))
	})
	register("downcast", 2, 2, func(c *ctx) cute.Value {
		n := c.int(1)
		switch x := c.args[0].(type) {
		case cute.Swizzle:
			return must(cute.DowncastSwizzle(x, n))
		case cute.ComposedLayout:
			return must(cute.ComposedDowncast(x, n))
		}
		return must(cute.Downcast(c.layout(0), n))
	})
	register("recast_layout", 3, 3, func(c *ctx) cute.Value {
		o, n := c.bits(1), c.bits(2)
		switch x := c.args[0].(type) {
		case cute.Swizzle:
			return must(cute.RecastSwizzle(x, o, n))
		case cute.ComposedLayout:
			return must(cute.ComposedRecastLayout(x, o, n))
		}
		return must(cute.RecastLayout(c.layout(0), o, n))
	})
}

// bothTuples reports whether both arguments are int tuples (append/prepend on tuples).
func bothTuples(c *ctx) ([2]cute.IntTuple, bool) {
	a, ok1 := c.args[0].(cute.IntTuple)
	b, ok2 := c.args[1].(cute.IntTuple)
	return [2]cute.IntTuple{a, b}, ok1 && ok2
}

// tupleElems is the elements of a tuple, or the integer itself as a rank-1 list (CuTe's
// append on an integer wraps it first).
func tupleElems(t cute.IntTuple) []cute.IntTuple {
	if t.IsLeaf() {
		return []cute.IntTuple{t}
	}
	return t.Elems()
}

func idx2crdByMode(c *ctx, idx, shape cute.IntTuple) cute.IntTuple {
	if idx.IsLeaf() {
		if idx.IsBasis() {
			c.bad(0, "an index cannot be a scaled basis (%v)", idx)
		}
		return must(cute.Idx2Crd(idx.Value(), shape))
	}
	if shape.IsLeaf() || shape.Rank() != idx.Rank() {
		c.fail("index %v does not match shape %v", idx, shape)
	}
	e := make([]cute.IntTuple, idx.Rank())
	for i := range e {
		e[i] = idx2crdByMode(c, idx.At(i), shape.At(i))
	}
	return cute.Tuple(e...)
}

// takeTuple is CuTe's take<B,E>(t) on an int tuple: its elements [B,E) as a tuple (an
// integer is a rank-1 tuple; E = -1 means the rank; B == E gives ()).
func takeTuple(c *ctx, t cute.IntTuple) cute.Value {
	es := tupleElems(t)
	b, e := c.index(1), len(es)
	if c.int(2) != -1 {
		e = c.index(2)
	}
	if b > e || e > len(es) {
		c.bad(2, "range [%d,%d) is out of bounds for rank %d tuple %v", b, e, len(es), t)
	}
	return cute.Tuple(es[b:e]...)
}
