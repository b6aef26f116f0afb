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
	case cute.ComposedLayout:
		if crd.HasUnderscore() {
			failErr(fmt.Errorf("composed_layout: slicing a composed layout is not supported"))
		}
		idx := must(x.Inner.Call(coordTuple(crd)))
		if !idx.IsLeaf() || idx.IsBasis() {
			failErr(fmt.Errorf("composed_layout: inner layout gives %v, not an integer", idx))
		}
		return cute.Int(x.Outer.Apply(x.Offset + idx.Value()))
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
