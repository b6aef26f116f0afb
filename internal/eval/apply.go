package eval

import (
	"fmt"

	"github.com/cutego/cutego/cute"
)

// sliceHook slices a layout at a coordinate holding `_` (CuTe's slice(c, L), what
// `L(_,2)` means); set by the file that dispatches slice.
var sliceHook func(c Coord, l cute.Layout) (cute.Layout, error)

// apply is postfix application f(args…): a layout evaluated at a coordinate (several
// arguments form one tuple coordinate, as CuTe's L(m,n) is L((m,n))), or sliced when the
// coordinate holds `_`; a swizzle or composed layout applied to an index.
func apply(f cute.Value, args []cute.Value) cute.Value {
	if len(args) == 0 {
		failErr(fmt.Errorf("%s: applied to no coordinate", describe(f)))
	}
	var crd Coord
	if len(args) == 1 {
		c, ok := asCoord(args[0])
		if !ok {
			failErr(fmt.Errorf("%s is not a coordinate", describe(args[0])))
		}
		crd = c
	} else {
		cs := make([]Coord, len(args))
		for i, a := range args {
			c, ok := asCoord(a)
			if !ok {
				failErr(fmt.Errorf("%s is not a coordinate", describe(a)))
			}
			cs[i] = c
		}
		crd = Coord{Elems: cs, tuple: true}
	}
	switch x := f.(type) {
	case cute.IntTuple:
		l, err := asLayout(x)
		if err != nil {
			failErr(fmt.Errorf("%s is not a function", describe(f)))
		}
		return applyLayout(l, crd)
	case cute.Layout:
		return applyLayout(x, crd)
	case cute.Swizzle:
		if crd.HasUnderscore() || crd.tuple {
			failErr(fmt.Errorf("a swizzle applies to an integer, not %s", crd))
		}
		return cute.Int(x.Apply(crd.Leaf))
	case Nested:
		if crd.HasUnderscore() {
			failErr(fmt.Errorf("slice: slicing a composed layout inside a composed layout is not supported"))
		}
		i, ok := apply(x.Inner, args).(cute.IntTuple)
		if !ok || !i.IsLeaf() || i.IsBasis() {
			failErr(fmt.Errorf("composed_layout: inner function gives %v, not an integer", i))
		}
		o := x.Offset + i.Value()
		if (o > x.Offset) != (i.Value() > 0) {
			failErr(fmt.Errorf("composed_layout: offset %d + %d overflows int64", x.Offset, i.Value()))
		}
		return cute.Int(x.Outer.Apply(o))
	case cute.ComposedLayout:
		if crd.HasUnderscore() {
			return sliceComposed(crd, x)
		}
		idx := must(x.Inner.Call(coordTuple(crd)))
		if !idx.IsLeaf() || idx.IsBasis() {
			failErr(fmt.Errorf("composed_layout: inner layout gives %v, not an integer", idx))
		}
		o := x.Offset + idx.Value()
		if (o > x.Offset) != (idx.Value() > 0) {
			failErr(fmt.Errorf("composed_layout: offset %d + %d overflows int64", x.Offset, idx.Value()))
		}
		return cute.Int(x.Outer.Apply(o))
	}
	failErr(fmt.Errorf("%s is not a function", describe(f)))
	return nil
}

func applyLayout(l cute.Layout, crd Coord) cute.Value {
	if crd.HasUnderscore() {
		if sliceHook == nil {
			failErr(fmt.Errorf("slice: not implemented"))
		}
		return must(sliceHook(crd, l))
	}
	return must(l.Call(coordTuple(crd)))
}

// sliceComposed is CuTe's slice(c, A o O o B) = get<0>(slice_and_offset(c, A o O o B)):
// for a swizzle, C++ (swizzle_layout.hpp) decays the slice into a new offset and layout,
// often a plain layout, and slicing drops the offset it splits off
// (cute.ComposedSliceAndOffset reproduces that representation).
func sliceComposed(c Coord, x cute.ComposedLayout) cute.Value {
	r, _, err := cute.ComposedSliceAndOffset(toCute(c), x)
	if err != nil {
		failErr(err)
	}
	return composed(r.Outer, r.Offset, r.Inner)
}

func allUnderscore(c Coord) bool {
	if c.Under {
		return true
	}
	if !c.tuple {
		return false
	}
	for _, e := range c.Elems {
		if !allUnderscore(e) {
			return false
		}
	}
	return true
}

// composed is CuTe's composition(A, O, B) for a swizzle A: the identity swizzle with
// offset 0 is dropped (CuTe returns B itself); otherwise the composed layout A o O o B.
func composed(a cute.Swizzle, o int64, b cute.Layout) cute.Value {
	if a.IsIdentity() && o == 0 {
		return b
	}
	return cute.MakeComposedLayout(a, o, b)
}
