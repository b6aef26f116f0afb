package eval

import (
	"fmt"
	"sort"

	"github.com/cutego/cutego/cute"
)

// fn is one entry of the dispatch table: the arity it accepts and the code. The code
// reads its arguments through the ctx accessors, which abort with an argument error on
// a value of the wrong kind.
type fn struct {
	min, max int // max < 0: any number
	f        func(c *ctx) cute.Value
}

type ctx struct {
	name string
	args []cute.Value
}

// table maps CuTe names to code; files funcs_*.go fill it in init functions.
var table = map[string]fn{}

func register(name string, min, max int, f func(c *ctx) cute.Value) {
	if _, dup := table[name]; dup {
		panic("eval: " + name + " registered twice")
	}
	table[name] = fn{min: min, max: max, f: f}
}

// Names returns the names eval dispatches, sorted.
func Names() []string {
	out := make([]string, 0, len(table))
	for n := range table {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Documented lists every function name of docs/EVAL.md.
var Documented = []string{
	// int tuples
	"rank", "depth", "size", "product", "flatten", "congruent", "weakly_congruent",
	"compatible", "prefix_product", "shape_div", "ceil_div", "elem_scale", "inner_product",
	"crd2idx", "idx2crd",
	// layouts
	"make_layout", "make_ordered_layout", "make_layout_like", "make_identity_layout",
	"cosize", "shape", "stride", "get", "layout", "append", "prepend", "group", "select",
	"take", "slice", "dice", "with_shape",
	// algebra
	"coalesce", "filter", "filter_zeros", "composition", "complement", "right_inverse",
	"left_inverse", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
	"logical_product", "zipped_product", "tiled_product", "flat_product", "blocked_product",
	"raked_product", "max_common_vector", "max_common_layout", "nullspace", "tile_to_shape",
	"upcast", "downcast", "recast_layout", "local_partition", "local_tile",
	// swizzles and composed layouts
	"make_swizzle", "make_composed_layout",
}

func isDocumented(name string) bool {
	for _, n := range Documented {
		if n == name {
			return true
		}
	}
	return false
}

func call(name string, args []cute.Value) cute.Value {
	e, ok := table[name]
	if !ok {
		if isDocumented(name) {
			failErr(fmt.Errorf("%s: not implemented", name))
		}
		failErr(fmt.Errorf("unknown function %q", name))
	}
	if len(args) < e.min || (e.max >= 0 && len(args) > e.max) {
		want := fmt.Sprint(e.min)
		switch {
		case e.max < 0:
			want = fmt.Sprintf("at least %d", e.min)
		case e.max != e.min:
			want = fmt.Sprintf("%d to %d", e.min, e.max)
		}
		failErr(fmt.Errorf("%s: takes %s arguments, got %d", name, want, len(args)))
	}
	if len(args) > 0 {
		if cl, ok := args[0].(cute.ComposedLayout); ok {
			if f, ok := composedFns[name]; ok {
				c := &ctx{name: name, args: args}
				if len(args) < f.min || (f.max >= 0 && len(args) > f.max) {
					failErr(fmt.Errorf("%s: takes %d to %d arguments for a composed layout, got %d", name, f.min, f.max, len(args)))
				}
				return f.f(c, cl)
			}
		}
	}
	return e.f(&ctx{name: name, args: args})
}

// bad aborts with an error about argument i.
func (c *ctx) bad(i int, format string, args ...any) {
	failErr(&argError{name: c.name, i: i, msg: fmt.Sprintf(format, args...)})
}

// fail aborts with an error of the call.
func (c *ctx) fail(format string, args ...any) {
	failErr(fmt.Errorf(c.name+": "+format, args...))
}

func (c *ctx) n() int { return len(c.args) }

func (c *ctx) layout(i int) cute.Layout {
	l, err := asLayout(c.args[i])
	if err != nil {
		c.bad(i, "%v", err)
	}
	return l
}

func (c *ctx) tiler(i int) cute.Tiler {
	t, err := asTiler(c.args[i])
	if err != nil {
		c.bad(i, "%v", err)
	}
	return t
}

func (c *ctx) tuple(i int) cute.IntTuple {
	t, ok := asIntTuple(c.args[i])
	if !ok {
		c.bad(i, "expected an int tuple, got %s", describe(c.args[i]))
	}
	return t
}

// shape is an int tuple argument that must be a shape (no scaled basis).
func (c *ctx) shape(i int) cute.IntTuple {
	t := c.tuple(i)
	if hasBasis(t) {
		c.bad(i, "expected a shape, got %s", describe(c.args[i]))
	}
	return t
}

func hasBasis(t cute.IntTuple) bool {
	if t.IsLeaf() {
		return t.IsBasis()
	}
	for i := 0; i < t.Len(); i++ {
		if hasBasis(t.At(i)) {
			return true
		}
	}
	return false
}

func (c *ctx) int(i int) int64 {
	v, ok := asInt(c.args[i])
	if !ok {
		c.bad(i, "expected an integer, got %s", describe(c.args[i]))
	}
	return v
}

// index is a non-negative int argument that fits an int (mode indices, counts).
func (c *ctx) index(i int) int {
	v := c.int(i)
	if v < 0 || v > 1<<30 {
		c.bad(i, "index %d out of range", v)
	}
	return int(v)
}

func (c *ctx) swizzle(i int) cute.Swizzle {
	s, ok := c.args[i].(cute.Swizzle)
	if !ok {
		c.bad(i, "expected a swizzle, got %s", describe(c.args[i]))
	}
	return s
}

// must returns v or aborts with err.
func must[T any](v T, err error) T {
	if err != nil {
		failErr(err)
	}
	return v
}

func i64(v int64) cute.Value { return cute.Int(v) }
