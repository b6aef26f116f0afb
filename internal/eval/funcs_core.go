package eval

import (
	"github.com/cutego/cutego/cute"
)

// Core functions: int-tuple and layout basics, swizzles and composed layouts.

func init() {
	register("rank", 1, -1, func(c *ctx) cute.Value {
		v := modeOf(c, c.args[0], 1)
		switch x := v.(type) {
		case cute.IntTuple:
			return i64(int64(x.Rank()))
		case cute.Layout:
			return i64(int64(x.Rank()))
		case cute.ComposedLayout:
			return i64(int64(x.Rank()))
		case cute.Tiler:
			return i64(int64(x.Rank()))
		}
		c.bad(0, "expected an int tuple or a layout, got %s", describe(v))
		return nil
	})
	register("depth", 1, -1, func(c *ctx) cute.Value {
		v := modeOf(c, c.args[0], 1)
		switch x := v.(type) {
		case cute.IntTuple:
			return i64(int64(x.Depth()))
		case cute.Layout:
			return i64(int64(x.Depth()))
		case cute.ComposedLayout:
			return i64(int64(x.Inner.Depth()))
		}
		c.bad(0, "expected an int tuple or a layout, got %s", describe(v))
		return nil
	})
	register("size", 1, -1, func(c *ctx) cute.Value {
		v := modeOf(c, c.args[0], 1)
		switch x := v.(type) {
		case cute.IntTuple:
			return i64(must(cute.Size(x)))
		case cute.Layout:
			return i64(must(cute.Size(x.Shape())))
		case cute.ComposedLayout:
			return i64(must(cute.Size(x.Shape())))
		}
		c.bad(0, "expected an int tuple or a layout, got %s", describe(v))
		return nil
	})
	register("product", 1, 1, func(c *ctx) cute.Value {
		return i64(must(cute.Product(c.tuple(0))))
	})
	register("cosize", 1, -1, func(c *ctx) cute.Value {
		v := modeOf(c, c.args[0], 1)
		if cl, ok := v.(cute.ComposedLayout); ok {
			v = cl.Inner
		}
		l, err := asLayout(v)
		if err != nil {
			c.bad(0, "%v", err)
		}
		return i64(must(l.Cosize()))
	})
	register("shape", 1, -1, func(c *ctx) cute.Value {
		v := modeOf(c, c.args[0], 1)
		switch x := v.(type) {
		case cute.Layout:
			return x.Shape()
		case cute.ComposedLayout:
			return x.Shape()
		case cute.IntTuple:
			return x
		}
		c.bad(0, "expected a layout, got %s", describe(v))
		return nil
	})
	register("stride", 1, -1, func(c *ctx) cute.Value {
		v := modeOf(c, c.args[0], 1)
		if _, ok := v.(cute.ComposedLayout); ok {
			c.fail("a composed layout has no stride (CuTe deletes stride(ComposedLayout))")
		}
		l, err := asLayout(v)
		if err != nil {
			c.bad(0, "%v", err)
		}
		return l.Stride()
	})
	getFn := func(c *ctx) cute.Value { return modeOf(c, c.args[0], 1) }
	register("get", 2, -1, getFn)
	register("layout", 1, -1, func(c *ctx) cute.Value {
		v := modeOf(c, c.args[0], 1)
		switch v.(type) {
		case cute.Layout, cute.ComposedLayout:
			return v
		}
		return c.layoutOf(0, v)
	})
	register("congruent", 2, 2, func(c *ctx) cute.Value {
		return Bool(cute.Congruent(c.tuple(0), c.tuple(1)))
	})
	register("crd2idx", 2, 3, func(c *ctx) cute.Value {
		crd := c.tuple(0)
		shape := c.shape(1)
		var stride cute.IntTuple
		if c.n() == 3 {
			stride = c.tuple(2)
		} else {
			stride = must(cute.MakeLayoutLeft(shape)).Stride()
		}
		return must(cute.Crd2Idx(crd, shape, stride))
	})
	register("make_layout", 1, -1, makeLayout)
	// print(x) and print_layout(x) as CuTe code has them: the value, on one line
	// (`cutego print` draws print_layout's table).
	register("print", 1, 1, func(c *ctx) cute.Value { return c.args[0] })
	register("print_layout", 1, 1, func(c *ctx) cute.Value { return c.args[0] })
	register("print_latex", 1, 1, func(c *ctx) cute.Value { return c.args[0] })
	register("make_swizzle", 3, 3, func(c *ctx) cute.Value {
		b, m, s := c.int(0), c.int(1), c.int(2)
		if b < -64 || b > 64 || m < -64 || m > 64 || s < -64 || s > 64 {
			c.fail("Swizzle<%d,%d,%d>: parameters out of range", b, m, s)
		}
		return must(cute.MakeSwizzle(int(b), int(m), int(s)))
	})
	register("make_composed_layout", 3, 3, func(c *ctx) cute.Value {
		return cute.MakeComposedLayout(c.swizzle(0), c.int(1), c.layout(2))
	})
}

// layoutOf coerces v (argument i) to a layout.
func (c *ctx) layoutOf(i int, v cute.Value) cute.Layout {
	l, err := asLayout(v)
	if err != nil {
		c.bad(i, "%v", err)
	}
	return l
}

// modeOf applies the trailing integer arguments from index `from` on as nested mode
// indices (CuTe's get<I,J…>, shape<I>, size<I>, layout<I>): get(L,1,0) is mode 0 of mode
// 1 of L.
func modeOf(c *ctx, v cute.Value, from int) cute.Value {
	for k := from; k < c.n(); k++ {
		i := c.index(k)
		switch x := v.(type) {
		case cute.IntTuple:
			if i >= x.Rank() {
				c.bad(k, "index %d out of range for rank %d tuple %v", i, x.Rank(), x)
			}
			v = x.At(i)
		case cute.Layout:
			v = must(x.Mode(i))
		case cute.ComposedLayout:
			// A mode of a composed layout is the composed layout of that mode (CuTe's
			// get<I> on ComposedLayout keeps the outer function and offset: C++'s
			// composition(A, O, get<I>(B)), which is get<I>(B) itself for the identity
			// swizzle with offset 0).
			v = composed(x.Outer, x.Offset, must(x.Inner.Mode(i)))
		case cute.Tiler:
			if !x.IsTuple() {
				if l, ok := x.IsLayout(); ok {
					v = must(l.Mode(i))
					continue
				}
				c.bad(k, "cannot index %s", describe(v))
			}
			if i >= x.Rank() {
				c.bad(k, "index %d out of range for rank %d tiler %v", i, x.Rank(), x)
			}
			v = x.Elem(i)
		default:
			c.bad(0, "cannot index %s", describe(v))
		}
	}
	return v
}

// makeLayout is CuTe's make_layout in its forms: (shape), (shape, stride),
// (shape, LayoutLeft|LayoutRight), (L1, L2, …) concatenating layouts as modes.
func makeLayout(c *ctx) cute.Value {
	anyLayout := false
	for _, a := range c.args {
		switch a.(type) {
		case cute.Layout, cute.Tiler:
			anyLayout = true
		}
	}
	if !anyLayout {
		switch c.n() {
		case 1:
			return must(cute.MakeLayoutLeft(c.shape(0)))
		case 2:
			if t, ok := c.args[1].(Tag); ok {
				if t == tagRight {
					return must(cute.MakeLayoutRight(c.shape(0)))
				}
				return must(cute.MakeLayoutLeft(c.shape(0)))
			}
			return must(cute.MakeLayout(c.shape(0), c.tuple(1)))
		}
	}
	// make_layout(L1, L2, …): the layouts become the modes of the result.
	ls := make([]cute.Layout, c.n())
	for i := range c.args {
		ls[i] = c.layout(i)
	}
	return must(cute.MakeLayoutModes(ls...))
}
