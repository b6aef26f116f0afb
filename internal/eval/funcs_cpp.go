package eval

import (
	"fmt"
	"io"
	"strings"

	"github.com/cutego/cutego/cute"
)

// CuTe's functions around tensors that the C++ of its docs calls: memory tags on
// pointers, register tensors, tensors like another one, coordinate tensors, and select
// on a coordinate.

// CoordTensor is CuTe's tensor over an arithmetic-tuple iterator, as
// make_identity_tensor(shape) builds it: element c is Base + Layout(c), an arithmetic
// tuple (the coordinate c itself for an identity tensor, moved by the views cut from
// it). It prints as CuTe's print does, `ArithTuple(0,0) o (4,5):(1@0,1@1)` (minus the
// `_` marks).
type CoordTensor struct {
	cute.ValueMarker
	Base   cute.IntTuple
	Layout cute.Layout
}

func (t CoordTensor) String() string {
	b := t.Base.String()
	if !t.Base.IsTuple() {
		b = "(" + b + ")"
	}
	return "ArithTuple" + b + " o " + t.Layout.String()
}

func (t CoordTensor) tensorLayout() cute.Layout { return t.Layout }

func (t CoordTensor) view(op string, l cute.Layout, off cute.IntTuple) cute.Value {
	b, err := cute.ArithAdd(t.Base, off)
	if err != nil {
		failErr(&cute.Error{Op: op, Kind: cute.ErrInvalid, Reason: err.Error()})
	}
	return CoordTensor{Base: b, Layout: l}
}

// PrintTensor is CuTe's print_tensor of a coordinate tensor: its print, a colon, and
// its elements, each an arithmetic tuple printed after two spaces (CuTe's pretty_print),
// laid out as Tensor.PrintTensor lays out integers; at most MaxPrintTensor elements.
func (t CoordTensor) PrintTensor(w io.Writer) error {
	return printTensorOf(w, t.String(), t.Layout, func(i int64) (cute.IntTuple, error) {
		v, err := t.Layout.Call(cute.Int(i))
		if err != nil {
			return cute.IntTuple{}, err
		}
		return cute.ArithAdd(t.Base, v)
	})
}

// apply is tensor(c): the arithmetic tuple Base + L(c), or with `_` in c the slice.
func (t CoordTensor) apply(crd cute.Coord) cute.Value {
	if crd.HasUnderscore() {
		l, off, err := cute.SliceAndOffset(crd, t.Layout)
		if err != nil {
			failErr(err)
		}
		return t.view("slice", l, off)
	}
	v := must(t.Layout.Call(crd.IntTuple()))
	return must(cute.ArithAdd(t.Base, v))
}

// zerosLike is the tuple of zeros congruent to shape (CuTe's repeat_like(shape, _0{})).
func zerosLike(shape cute.IntTuple) cute.IntTuple {
	if !shape.IsTuple() {
		return cute.Int(0)
	}
	es := shape.Elems()
	z := make([]cute.IntTuple, len(es))
	for i, e := range es {
		z[i] = zerosLike(e)
	}
	return cute.Tuple(z...)
}

// callCoord is select on a coordinate or tiler holding `_` (select<0,2>(make_coord(m,n,_))
// is (m,_)); ok is false for other calls.
func callCoord(name string, args []cute.Value) (cute.Value, bool) {
	if name != "select" {
		return nil, false
	}
	var elems []cute.Value
	switch x := args[0].(type) {
	case cute.Coord:
		for _, e := range x.Elems() {
			elems = append(elems, e)
		}
	case cute.Tiler:
		if !x.IsTuple() {
			return nil, false
		}
		for _, e := range x.Elems() {
			elems = append(elems, e)
		}
	default:
		return nil, false
	}
	c := &ctx{name: name, args: args}
	out := make([]cute.Value, c.n()-1)
	for i := range out {
		m := c.index(i + 1)
		if m >= len(elems) {
			c.bad(i+1, "mode %d out of range for rank %d %s", m, len(elems), args[0])
		}
		out[i] = elems[m]
	}
	if _, ok := args[0].(cute.Coord); ok {
		cs := make([]cute.Coord, len(out))
		for i, e := range out {
			cs[i] = e.(cute.Coord)
		}
		return cute.CoordTuple(cs...), true
	}
	v, err := tupleOf(out)
	if err != nil {
		c.fail("%v", err)
	}
	return v, true
}

func init() {
	// static_assert(cond) and CuTe's CUTE_STATIC_ASSERT_V(cond), CUTE_STATIC_ASSERT(cond):
	// true, or an error when cond is false (or 0).
	for _, name := range []string{"static_assert", "CUTE_STATIC_ASSERT_V", "CUTE_STATIC_ASSERT"} {
		register(name, 1, 1, func(c *ctx) cute.Value {
			switch x := c.args[0].(type) {
			case Boolean:
				if !x.V {
					c.fail("the condition is false")
				}
			default:
				if c.int(0) == 0 {
					c.fail("the condition is 0")
				}
			}
			return Bool(true)
		})
	}
	// make_gmem_ptr(p), make_smem_ptr(p): CuTe's memory tags; on a counting iterator (a
	// pointer of eval) the tag shows in the print, gmem_counting_iter(0).
	for _, space := range []string{"gmem", "smem"} {
		space := space
		register("make_"+space+"_ptr", 1, 2, func(c *ctx) cute.Value {
			it, ok := c.args[0].(CountingIter)
			if !ok {
				c.bad(0, "expected a pointer (eval's pointers are counting iterators), got %s", describe(c.args[0]))
			}
			if c.n() == 2 { // make_gmem_ptr<T>(p): the element type, which eval does not need
				if _, ok := c.args[1].(Elem); !ok {
					c.bad(1, "expected an element type, got %s", describe(c.args[1]))
				}
			}
			it.Space = space
			return it
		})
		// CuTe's printed form reads back, as counting_iter(n) does.
		register(space+"_counting_iter", 1, 1, func(c *ctx) cute.Value {
			return CountingIter{N: c.int(0), Elem: Elem{Name: "int64_t", Bits: 64}, Space: space}
		})
	}
	// make_tensor_like(t): CuTe's register tensor of t's shape with the compact layout
	// of the same order, make_layout_like(layout(t)); eval's register tensors count from
	// 0 (their element values are their offsets).
	register("make_tensor_like", 1, 2, func(c *ctx) cute.Value {
		t, ok := c.args[0].(Tensor)
		if !ok {
			c.bad(0, "expected a tensor over a pointer, got %s", describe(c.args[0]))
		}
		if c.n() == 2 {
			if _, ok := c.args[1].(Elem); !ok {
				c.bad(1, "expected an element type, got %s", describe(c.args[1]))
			}
		}
		return makeTensor(c.name, pointer(), must(cute.MakeLayoutLike(t.Layout)))
	})
	// make_identity_tensor(shape): CuTe's make_coord_tensor(make_identity_layout(shape)),
	// the tensor whose element at c is c.
	register("make_identity_tensor", 1, 1, func(c *ctx) cute.Value {
		sh := c.shape(0)
		l := must(cute.MakeIdentityLayout(sh))
		base := zerosLike(sh)
		if !base.IsTuple() {
			base = cute.Tuple(base)
		}
		return CoordTensor{Base: base, Layout: l}
	})
}

// registerTensor is make_tensor<T>(layout args…), CuTe's tensor that owns its elements
// (in registers): eval gives it a counting iterator at 0, so its values are the offsets
// of its elements.
func registerTensor(c *ctx) cute.Value {
	e := c.args[c.n()-1].(Elem)
	rest := &ctx{name: c.name, args: c.args[:c.n()-1]}
	if rest.n() == 0 {
		c.fail("make_tensor<%s> needs a shape or layout", e.Name)
	}
	return makeTensor(c.name, pointer(), tensorLayout(rest, 0))
}

// castInt is C++'s functional cast of an integer to an integer type, int(m): m, which
// must be in the type's range (eval does not wrap).
func castInt(e Elem, args []cute.Value) cute.Value {
	if !iterTypes[e.Name] && e.Name != "uint32_t" && e.Name != "uint64_t" && e.Name != "short" && e.Name != "char" {
		failErr(fmt.Errorf("%s(…): eval casts integers to integer types only", e.Name))
	}
	if len(args) != 1 {
		failErr(fmt.Errorf("%s(…): a cast takes one value, got %d", e.Name, len(args)))
	}
	v, ok := asInt(args[0])
	if !ok {
		failErr(fmt.Errorf("%s(…): expected an integer, got %s", e.Name, describe(args[0])))
	}
	min, max := elemRange(e)
	if strings.HasPrefix(e.Name, "uint") {
		min = 0
		if e.Bits < 64 {
			max = 1<<e.Bits - 1
		}
	}
	if v < min || v > max {
		failErr(fmt.Errorf("%s(%d): out of the range of %s", e.Name, v, e.Name))
	}
	return args[0]
}
