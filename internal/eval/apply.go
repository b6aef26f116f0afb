package eval

import (
	"fmt"

	"github.com/cutego/cutego/cute"
)

// apply is postfix application f(args…): a layout evaluated at a coordinate (several
// arguments form one tuple coordinate, as CuTe's L(m,n) is L((m,n))), or sliced when the
// coordinate holds `_`; a swizzle or composed layout applied to an index.
func apply(f cute.Value, args []cute.Value) cute.Value {
	if len(args) == 0 {
		failErr(fmt.Errorf("%s: applied to no coordinate", describe(f)))
	}
	cs := make([]cute.Coord, len(args))
	for i, a := range args {
		c, ok := asCoord(a)
		if !ok {
			failErr(fmt.Errorf("%s is not a coordinate", describe(a)))
		}
		cs[i] = c
	}
	crd := cs[0]
	if len(cs) > 1 {
		crd = cute.CoordTuple(cs...)
	}
	if e, ok := f.(Elem); ok {
		return castInt(e, args) // int(m): funcs_cpp.go
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
	case Tensor:
		return x.apply(crd)
	case CoordTensor:
		return x.apply(crd)
	case cute.Swizzle:
		if crd.HasUnderscore() || crd.IsTuple() {
			failErr(fmt.Errorf("a swizzle applies to an integer, not %s", crd))
		}
		return cute.Int(x.Apply(crd.Value()))
	case cute.ComposedLayout:
		if crd.HasUnderscore() {
			return sliceComposed(crd, x)
		}
		return cute.Int(evalComposed(x, crd.IntTuple()))
	case Nested:
		if crd.HasUnderscore() {
			failErr(fmt.Errorf("slice: slicing a composed layout inside a composed layout is not supported"))
		}
		// A(O + inner(c)): the composed layout A o O o (2:v) at index 1.
		v := evalComposed(x.Inner, crd.IntTuple())
		return cute.Int(evalComposed(cute.MakeComposedLayout(x.Outer, x.Offset, must(cute.MakeLayout(cute.Int(2), cute.Int(v)))), cute.Int(1)))
	}
	failErr(fmt.Errorf("%s is not a function", describe(f)))
	return nil
}

// evalComposed is A(O + B(c)) for a coordinate c of any form: package cute's
// domain_offset moves the origin to c (A o (O + B(c)) o B, with its overflow check),
// and that layout at index 0 is A(O + B(c)).
func evalComposed(x cute.ComposedLayout, crd cute.IntTuple) int64 {
	moved := must(cute.ComposedDomainOffset(crd, x))
	return must(moved.Eval(0))
}

func applyLayout(l cute.Layout, crd cute.Coord) cute.Value {
	if crd.HasUnderscore() {
		return must(cute.Slice(crd, l))
	}
	return must(l.Call(crd.IntTuple()))
}

// sliceComposed is CuTe's slice(c, A o O o B) = get<0>(slice_and_offset(c, A o O o B)):
// for a swizzle, C++ (swizzle_layout.hpp) decays the slice into a new offset and layout,
// often a plain layout, and slicing drops the offset it splits off
// (cute.ComposedSliceAndOffset reproduces that representation).
func sliceComposed(c cute.Coord, x cute.ComposedLayout) cute.Value {
	r, _, err := cute.ComposedSliceAndOffset(c, x)
	if err != nil {
		failErr(err)
	}
	return composed(r.Outer, r.Offset, r.Inner)
}

// composed is CuTe's composition(A, O, B) for a swizzle A: the identity swizzle with
// offset 0 is dropped (CuTe returns B itself); otherwise the composed layout A o O o B.
func composed(a cute.Swizzle, o int64, b cute.Layout) cute.Value {
	if a.IsIdentity() && o == 0 {
		return b
	}
	return cute.MakeComposedLayout(a, o, b)
}

// arith is the integer arithmetic of C++ CuTe code (bM + Int<1>{}): + - * / % on
// integers, with overflow and division by zero as errors.
func arith(op token, a, b cute.Value) cute.Value {
	x, ok1 := asInt(a)
	y, ok2 := asInt(b)
	if !ok1 || !ok2 {
		bad := a
		if ok1 {
			bad = b
		}
		failErr(fmt.Errorf("operator %s: expected integers, got %s", op.text, describe(bad)))
	}
	var r int64
	switch op.text {
	case "+":
		r = x + y
		if (r > x) != (y > 0) {
			failErr(fmt.Errorf("operator +: %d + %d overflows int64", x, y))
		}
	case "-":
		r = x - y
		if (r < x) != (y > 0) {
			failErr(fmt.Errorf("operator -: %d - %d overflows int64", x, y))
		}
	case "*":
		r = x * y
		if x != 0 && (r/x != y || x == -1 && y == -1<<63 || y == -1 && x == -1<<63) {
			failErr(fmt.Errorf("operator *: %d * %d overflows int64", x, y))
		}
	case "/", "%":
		if y == 0 {
			failErr(fmt.Errorf("operator %s: division by zero", op.text))
		}
		if x == -1<<63 && y == -1 {
			failErr(fmt.Errorf("operator %s: %d %s %d overflows int64", op.text, x, op.text, y))
		}
		if op.text == "/" {
			r = x / y
		} else {
			r = x % y
		}
	}
	return cute.Int(r)
}
