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

func call(name string, args []cute.Value) cute.Value {
	e, ok := table[name]
	if !ok {
		failErr(fmt.Errorf("unknown function %s", quote(name)))
	}
	if len(args) > 0 {
		if cl, ok := args[0].(cute.ComposedLayout); ok {
			if f, ok := composedFns[name]; ok {
				checkArity(name, f.min, f.max, len(args), " for a composed layout")
				return f.f(&ctx{name: name, args: args}, cl)
			}
		}
	}
	checkArity(name, e.min, e.max, len(args), "")
	return e.f(&ctx{name: name, args: args})
}

func checkArity(name string, min, max, n int, what string) {
	if n >= min && (max < 0 || n <= max) {
		return
	}
	want := fmt.Sprint(min)
	switch {
	case max < 0:
		want = fmt.Sprintf("at least %d", min)
	case max != min:
		want = fmt.Sprintf("%d to %d", min, max)
	}
	failErr(fmt.Errorf("%s: takes %s arguments%s, got %d", name, want, what, n))
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

// shape is an int tuple argument that must be a shape; package cute checks it (a
// scaled basis is not a shape) in the operation it is given to.
func (c *ctx) shape(i int) cute.IntTuple { return c.tuple(i) }

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

// bits is a width in bits: an integer or an element type (recast_layout<uint16_t,…>).
func (c *ctx) bits(i int) int64 {
	if e, ok := c.args[i].(Elem); ok {
		return e.Bits
	}
	return c.int(i)
}

func (c *ctx) coord(i int) cute.Coord {
	x, ok := asCoord(c.args[i])
	if !ok {
		c.bad(i, "expected a coordinate, got %s", describe(c.args[i]))
	}
	return x
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
