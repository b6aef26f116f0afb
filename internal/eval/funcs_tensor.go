package eval

import (
	"fmt"
	"io"
	"strings"

	"github.com/cutego/cutego/cute"
)

// Tensors over iota data: CuTe's make_tensor(counting_iterator<int>(n), layout), whose
// element at coordinate c is n + L(c) (pointer_base.hpp's counting_iterator: *it is its
// count, it + i counts from n + i). Views of such a tensor (local_tile, local_partition,
// the divides, slices) are tensors over the same counting iterator moved by the view's
// offset, so their values are the offsets their elements have in the original tensor:
// what a partition picks out. No data is stored; print_tensor computes the values it
// prints.

// CountingIter is CuTe's counting_iterator<T>(n), printed `counting_iter(n)` as CuTe
// prints it. T is one of the signed integer types int, int32_t (32 bits), long, int64_t
// (64 bits).
type CountingIter struct {
	cute.ValueMarker
	N    int64
	Elem Elem
	// Space is "gmem" or "smem" for an iterator tagged by make_gmem_ptr or
	// make_smem_ptr, printed `gmem_counting_iter(n)` as CuTe prints it; "" untagged.
	Space string
}

func (it CountingIter) String() string {
	if it.Space != "" {
		return fmt.Sprintf("%s_counting_iter(%d)", it.Space, it.N)
	}
	return fmt.Sprintf("counting_iter(%d)", it.N)
}

// Tensor is CuTe's Tensor<counting_iterator<T>, Layout>: element c is Iter.N + Layout(c).
// It prints as CuTe's print(tensor) does, `counting_iter(9) o (4,2):(2,32)` (minus the
// `_` marks); PrintTensor is CuTe's print_tensor.
type Tensor struct {
	cute.ValueMarker
	Iter   CountingIter
	Layout cute.Layout
}

func (t Tensor) String() string { return t.Iter.String() + " o " + t.Layout.String() }

// MaxPrintTensor bounds the elements PrintTensor prints.
const MaxPrintTensor = 1 << 20

// PrintTensor is CuTe's print_tensor(tensor): the tensor, a colon, and its elements as
// cute.PrintTensor lays them out (rank 1 a column, rank 2 a table, ranks 3 and 4 tables
// separated by dashes or '='; other ranks only the first line). It refuses a tensor of
// more than MaxPrintTensor elements.
func (t Tensor) PrintTensor(w io.Writer) error {
	return printTensorOf(w, t.String(), t.Layout, func(i int64) (int64, error) {
		v, err := t.Layout.Eval(i)
		return t.Iter.N + v, err // in range: checked when the tensor was made
	})
}

// printTensorOf is CuTe's print_tensor of a tensor that prints as header, of layout l,
// whose element at index i is value(i): the values in colexicographic order over a
// compact column-major layout of l's shape, laid out by cute.PrintTensorBody.
func printTensorOf[T any](w io.Writer, header string, l cute.Layout, value func(i int64) (T, error)) error {
	n := l.Size()
	if n < 0 || n > MaxPrintTensor {
		return &cute.Error{Op: "print_tensor", Kind: cute.ErrInvalid,
			Reason: fmt.Sprintf("the tensor has %d elements; print_tensor prints at most %d", n, MaxPrintTensor)}
	}
	data := make([]T, n)
	for i := range data {
		v, err := value(int64(i))
		if err != nil {
			return err
		}
		data[i] = v
	}
	compact, err := cute.MakeLayoutLeft(l.Shape())
	if err != nil {
		return err
	}
	ct, err := cute.MakeTensor(data, compact)
	if err != nil {
		return err
	}
	var b strings.Builder
	b.WriteString(header)
	b.WriteString(":\n")
	if err := cute.PrintTensorBody(&b, ct); err != nil {
		return err
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// makeTensor is the tensor of iterator it and layout l, refused (an *cute.Error) when a
// value would leave the range of the iterator's type (C++ would overflow) or the layout
// has scaled-basis strides (no iterator position).
func makeTensor(op string, it CountingIter, l cute.Layout) Tensor {
	for _, d := range l.Stride().Leaves(nil) {
		if d.IsBasis() {
			failErr(&cute.Error{Op: op, Kind: cute.ErrInvalid, Reason: fmt.Sprintf(
				"layout %v has scaled-basis strides: a tensor over an iterator needs integer strides", l)})
		}
	}
	lo, hi, ok := valueRange(l)
	if ok {
		lo, ok = addInt(it.N, lo)
	}
	if ok {
		hi, ok = addInt(it.N, hi)
	}
	min, max := elemRange(it.Elem)
	if !ok || lo < min || hi > max {
		failErr(&cute.Error{Op: op, Kind: cute.ErrInvalid, Reason: fmt.Sprintf(
			"%s o %v counts past the range of %s", it, l, it.Elem.Name)})
	}
	return Tensor{Iter: it, Layout: l}
}

// elemRange is the range of a signed integer type of e.Bits bits.
func elemRange(e Elem) (min, max int64) {
	if e.Bits >= 64 {
		return -1 << 63, 1<<63 - 1
	}
	return -1 << (e.Bits - 1), 1<<(e.Bits-1) - 1
}

// valueRange is the least and the greatest value of l over its domain, Σ(s-1)·d split
// by the sign of d; ok is false on overflow or a scaled-basis stride.
func valueRange(l cute.Layout) (lo, hi int64, ok bool) {
	sh, st := l.Shape().Leaves(nil), l.Stride().Leaves(nil)
	if len(sh) != len(st) {
		return 0, 0, false
	}
	for i := range sh {
		if st[i].IsBasis() || sh[i].IsBasis() {
			return 0, 0, false
		}
		s, d := sh[i].Value()-1, st[i].Value()
		if s < 0 {
			return 0, 0, false
		}
		x := s * d
		if s != 0 && (x/s != d || s == -1 && d == -1<<63) {
			return 0, 0, false
		}
		if x < 0 {
			lo, ok = addInt(lo, x)
		} else {
			hi, ok = addInt(hi, x)
		}
		if !ok {
			return 0, 0, false
		}
	}
	return lo, hi, true
}

func addInt(a, b int64) (int64, bool) {
	r := a + b
	return r, (r > a) == (b > 0)
}

// iterTypes are the element types a counting iterator may count in.
var iterTypes = map[string]bool{"int": true, "int32_t": true, "long": true, "int64_t": true}

// offsetOf is an integer offset of a view (a scaled-basis offset cannot move an
// iterator).
func offsetOf(op string, off cute.IntTuple) int64 {
	if !off.IsLeaf() || off.IsBasis() {
		failErr(&cute.Error{Op: op, Kind: cute.ErrInvalid, Reason: fmt.Sprintf("offset %v is not an integer", off)})
	}
	return off.Value()
}

// moved is the tensor of layout l over t's iterator moved by off.
func (t Tensor) moved(op string, l cute.Layout, off int64) Tensor {
	n, ok := addInt(t.Iter.N, off)
	if !ok {
		failErr(&cute.Error{Op: op, Kind: cute.ErrInvalid, Reason: fmt.Sprintf("%s moved by %d overflows", t.Iter, off)})
	}
	it := t.Iter
	it.N = n
	return makeTensor(op, it, l)
}

// tensorLayout and view make Tensor a tensorLike.
func (t Tensor) tensorLayout() cute.Layout { return t.Layout }

func (t Tensor) view(op string, l cute.Layout, off cute.IntTuple) cute.Value {
	return t.moved(op, l, offsetOf(op, off))
}

// apply is CuTe's tensor(c): the element n + L(c), or with `_` in c the slice, a tensor
// over the iterator moved to the element c names with every `_` taken as 0.
func (t Tensor) apply(crd cute.Coord) cute.Value {
	if crd.HasUnderscore() {
		l, off, err := cute.SliceAndOffset(crd, t.Layout)
		if err != nil {
			failErr(err)
		}
		return t.moved("slice", l, offsetOf("slice", off))
	}
	v := offsetOf("tensor", must(t.Layout.Call(crd.IntTuple())))
	r, ok := addInt(t.Iter.N, v)
	if !ok {
		failErr(&cute.Error{Op: "tensor", Kind: cute.ErrInvalid, Reason: fmt.Sprintf("%s + %d overflows", t.Iter, v)})
	}
	return cute.Int(r)
}

// tensorLike is a tensor of eval: a Tensor over a counting iterator or a CoordTensor
// over an arithmetic tuple (funcs_coord_tensor.go). view is the tensor of layout l over
// the same iterator moved by off, an offset l's parent layout gave.
type tensorLike interface {
	cute.Value
	tensorLayout() cute.Layout
	view(op string, l cute.Layout, off cute.IntTuple) cute.Value
}

// tensorFn is an operation of CuTe on a tensor.
type tensorFn struct {
	min, max int
	f        func(c *ctx, t tensorLike) cute.Value
}

// tensorFns are the operations that C++ CuTe defines on tensors (tensor_impl.hpp),
// chosen by call when the first argument is a tensor.
var tensorFns = map[string]tensorFn{
	"local_tile": {3, 4, func(c *ctx, t tensorLike) cute.Value {
		l, off := localTile(c, t.tensorLayout())
		return t.view(c.name, l, off)
	}},
	"local_partition": {3, 4, func(c *ctx, t tensorLike) cute.Value {
		l, off := localPartition(c, t.tensorLayout())
		return t.view(c.name, l, off)
	}},
}

// tensorViews are CuTe's views of a tensor whose layout is the operation on the tensor's
// layout and whose iterator is the tensor's (make_tensor(tensor.data(),
// f(tensor.layout(), args…))); tensorQueries are answered by the tensor's layout
// (CuTe's shape(tensor) is shape(tensor.layout()), …). Both take the arguments of the
// layout form.
var (
	tensorViews   = map[string]bool{"flatten": true, "take": true} // and the table's (ops_gen.go)
	tensorQueries = map[string]bool{"layout": true, "shape": true, "stride": true, "size": true,
		"rank": true, "depth": true}
)

func init() {
	register("counting_iterator", 0, 2, func(c *ctx) cute.Value {
		it := CountingIter{Elem: Elem{Name: "int", Bits: 32}}
		var haveN, haveT bool
		for i := range c.args {
			if e, ok := c.args[i].(Elem); ok {
				if haveT {
					c.bad(i, "a second element type")
				}
				haveT = true
				if !iterTypes[e.Name] {
					c.bad(i, "a counting iterator counts in int, int32_t, long or int64_t, not %s", e.Name)
				}
				it.Elem = e
				continue
			}
			if haveN {
				c.bad(i, "a second count (counting_iterator<T>(n) takes one)")
			}
			haveN = true
			it.N = c.int(i)
		}
		if min, max := elemRange(it.Elem); it.N < min || it.N > max {
			c.fail("%d is outside the range of %s", it.N, it.Elem.Name)
		}
		return it
	})
	// counting_iter(n) is CuTe's printed form of a counting iterator; it reads back as
	// counting_iterator<int64_t>(n) (the printed form does not say the type: the widest).
	register("counting_iter", 1, 1, func(c *ctx) cute.Value {
		return CountingIter{N: c.int(0), Elem: Elem{Name: "int64_t", Bits: 64}}
	})
	register("make_tensor", 1, -1, func(c *ctx) cute.Value {
		if _, ok := c.args[c.n()-1].(Elem); ok {
			return registerTensor(c) // make_tensor<float>(shape): funcs_cpp.go
		}
		if c.n() < 2 {
			c.fail("takes an iterator and a layout (or make_tensor<T>(shape))")
		}
		it, ok := c.args[0].(CountingIter)
		if !ok {
			c.bad(0, "expected a counting_iterator (eval's tensors count: make_tensor(counting_iterator<int>(0), layout)), got %s", describe(c.args[0]))
		}
		return makeTensor(c.name, it, tensorLayout(c, 1))
	})
	register("iota_tensor", 1, -1, func(c *ctx) cute.Value {
		return makeTensor(c.name, CountingIter{Elem: Elem{Name: "int", Bits: 32}}, tensorLayout(c, 0))
	})
	register("print_tensor", 1, 1, func(c *ctx) cute.Value {
		if _, ok := c.args[0].(tensorLike); !ok {
			c.bad(0, "expected a tensor, got %s", describe(c.args[0]))
		}
		return c.args[0]
	})
}

// tensorLayout is the layout of make_tensor(it, args…) from argument i on: one argument is
// a layout (a shape is its column-major layout), more are make_layout's arguments.
func tensorLayout(c *ctx, i int) cute.Layout {
	if c.n() == i+1 {
		return c.layout(i)
	}
	l, ok := call("make_layout", c.args[i:]).(cute.Layout)
	if !ok {
		c.fail("the arguments after the iterator do not make a layout")
	}
	return l
}

// callTensor dispatches name to its tensor form when the first argument is a tensor;
// ok is false when name has none (the ordinary function runs, and refuses a tensor where
// it expects a layout).
func callTensor(name string, args []cute.Value) (cute.Value, bool) {
	if v, ok := callCoord(name, args); ok {
		return v, true
	}
	t, ok := args[0].(tensorLike)
	if !ok {
		return nil, false
	}
	c := &ctx{name: name, args: args}
	if f, ok := tensorFns[name]; ok {
		checkArity(name, f.min, f.max, len(args), " for a tensor")
		return f.f(c, t), true
	}
	if tensorViews[name] || tensorQueries[name] {
		r := call(name, append([]cute.Value{t.tensorLayout()}, args[1:]...))
		if tensorQueries[name] {
			return r, true
		}
		l, ok := r.(cute.Layout)
		if !ok {
			c.fail("the result %s is not a layout", describe(r))
		}
		return t.view(name, l, cute.Int(0)), true
	}
	return nil, false
}

// tensor reads the rest of CuTe's printed tensor `counting_iter(n) o L` after the
// iterator: ` o ` and the layout (a shape is its column-major layout).
func (p *parser) tensor(it CountingIter) cute.Value {
	p.advance()
	st := p.tok.pos
	p.enter()
	defer p.leave()
	l, err := asLayout(p.atom())
	if err != nil {
		p.failAt(st, "the layout of a tensor: %v", err)
	}
	return makeTensor("make_tensor", it, l)
}
