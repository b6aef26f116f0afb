// Package explain derives the result of a CuTe layout operation step by step, as CuTe's
// definitions build it: logical_divide(A, B) is composition(A, make_layout(B,
// complement(B, shape(coalesce(A))))), and each intermediate (the coalesced A, the
// complement, the tiler made of both, the composition) is a layout computed by package
// cute and shown. The last step is checked against the direct cute call; where they
// differ the explanation is refused, never shown wrong.
//
// A tuple tiler, nested or holding `_`, is explained mode by mode as CuTe defines it:
// each mode of A under its own tiler (recursively; `_` keeps the mode), the results
// reassembled, and for the zipped, tiled and flat forms zip2_by mode by mode too.
//
// Explained: logical_divide, zipped_divide, tiled_divide, flat_divide, logical_product,
// zipped_product, tiled_product, flat_product, blocked_product, raked_product,
// coalesce, complement, composition (by modes), right_inverse, left_inverse, and CuTe's
// atoms: make_tiled_mma and a ThrMMA's partition_A, partition_B, partition_C.
package explain

import (
	"fmt"
	"sort"
	"strings"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/internal/eval"
)

// Step is one intermediate of a derivation.
type Step struct {
	// Name is the step in CuTe's symbols, e.g. "complement(B, shape(coalesce(A)))"; a
	// step of a by-mode derivation starts with "mode i: ".
	Name string `json:"name"`
	// Expr is the step with its values filled in, an expression `cutego eval` accepts
	// and that gives Value; empty for steps of a fold that no single call computes.
	Expr string `json:"expr,omitempty"`
	// Note says in words what happens at this step.
	Note string `json:"note,omitempty"`
	// Value is the intermediate (a layout, an int tuple or an integer).
	Value cute.Value `json:"-"`
	// Text is Value as CuTe prints it.
	Text string `json:"value"`
}

// Explanation is the derivation of one operation.
type Explanation struct {
	Op         string       `json:"op"`
	Args       []string     `json:"args"` // the arguments as given
	Definition string       `json:"definition"`
	Steps      []Step       `json:"steps"`
	Result     cute.Value   `json:"-"`
	ResultText string       `json:"result"`
	Inputs     []cute.Value `json:"-"`
}

// Ops lists the operations Explain derives, with their definitions.
var Ops = map[string]string{
	"logical_divide":  "logical_divide(A, B) = composition(A, make_layout(B, complement(B, shape(coalesce(A))))); by mode for a tuple tiler",
	"zipped_divide":   "zipped_divide(A, B) = tile_unzip(logical_divide(A, B), B): ((tile modes…), (rest modes…)); tile_unzip = zip2_by, by mode for a tuple tiler",
	"tiled_divide":    "tiled_divide(A, B) = zipped_divide(A, B) with its second mode unpacked: ((tile…), rest0, rest1, …)",
	"flat_divide":     "flat_divide(A, B) = zipped_divide(A, B) with both modes unpacked: (tile0, tile1, …, rest0, rest1, …)",
	"logical_product": "logical_product(A, B) = make_layout(A, composition(complement(A, size(A)·cosize(B)), B)); by mode for a tuple tiler",
	"zipped_product":  "zipped_product(A, B) = tile_unzip(logical_product(A, B), B)",
	"tiled_product":   "tiled_product(A, B) = zipped_product(A, B) with its second mode unpacked",
	"flat_product":    "flat_product(A, B) = zipped_product(A, B) with both modes unpacked",
	"blocked_product": "blocked_product(A, B) = zip(get<0>(P), get<1>(P)), P = logical_product(append<R>(A), append<R>(B)), R = max(rank(A), rank(B))",
	"raked_product":   "raked_product(A, B) = zip(get<1>(P), get<0>(P)), P = logical_product(append<R>(A), append<R>(B)), R = max(rank(A), rank(B))",
	"complement":      "complement(A, M): filter(A), then its modes by increasing stride, each new mode filling the gap below the next stride, and a last mode repeating up to M",
	"coalesce":        "coalesce(A): flatten(A), then its modes folded from the right: a size-1 mode is skipped, s0:d0 merges into the front s1:d1 when s0·d0 == d1 (giving s0·s1:d0), else it is prepended; all size 1 gives 1:0",
	"composition":     "composition(A, B) = A∘B, left-distributive over B's modes: A∘(B0, B1, …) = (A∘B0, A∘B1, …); for B = s:d, coalesce(A) / d (every d-th element) then % s (the first s); by mode of A for a tuple tiler",
	"right_inverse":   "right_inverse(A): coalesce(A), modes by increasing stride, taking each mode whose stride is the product of the taken ones (stride = prefix product of A's shape); then coalesce",
	"left_inverse":    "left_inverse(A): coalesce(A), modes by increasing stride (zero strides skipped), shape stride/size(taken so far), stride the prefix product of A's shape; then coalesce",
	"make_tiled_mma":  "make_tiled_mma(atom, atom_layout, permutation): ThrLayoutVMNK = tiled_product(ThrID, AtomLayoutMNK); each operand's get_layoutX_TV() = thrfrg_X(make_layout(tile)) composed with thridx_2_thrid; thrfrg_X = zipped_divide(zipped_divide(logical_divide(X, permutation), AtomShape) ∘ (LayoutX_TV, _), (_, (ThrI,ThrJ)))",
	"partition_A":     "thr_mma.partition_A(A) = thrfrg_A(A) sliced at the thread's ((ThrV,(ThrM,ThrK)),(_,(_,_,…))); thrfrg_A as in make_tiled_mma",
	"partition_B":     "thr_mma.partition_B(B) = thrfrg_B(B) sliced at the thread's ((ThrV,(ThrN,ThrK)),(_,(_,_,…)))",
	"partition_C":     "thr_mma.partition_C(C) = thrfrg_C(C) sliced at the thread's ((ThrV,(ThrM,ThrN)),(_,(_,_,…)))",
}

// Explain derives the expression expr, a call of one of Ops whose arguments are any
// expressions `cutego eval` accepts.
func Explain(expr string) (*Explanation, error) { return ExplainIn(eval.NewSession(), expr) }

// ExplainIn is Explain with the names bound in session s (`auto a = …;` on earlier
// lines), so that `logical_divide(a, b)` derives over the values of a and b.
func ExplainIn(s *eval.Session, expr string) (x *Explanation, err error) {
	name, args, err := splitCall(strings.TrimSpace(expr))
	if err != nil {
		return nil, err
	}
	def, ok := Ops[name]
	if !ok {
		return nil, fmt.Errorf("explain: %s is not explained; these are: %s", name, strings.Join(opNames(), ", "))
	}
	x = &Explanation{Op: name, Args: args, Definition: def}
	for _, a := range args {
		v, err := s.Eval(a)
		if err != nil {
			return nil, fmt.Errorf("explain: argument %q: %v", a, err)
		}
		x.Inputs = append(x.Inputs, v)
	}
	defer func() {
		if r := recover(); r != nil {
			x = nil
			if e, ok := r.(stepError); ok {
				err = e.err
			} else {
				err = fmt.Errorf("explain: internal error: %v", r)
			}
		}
	}()
	b := &builder{}
	direct := derive(b, name, x.Inputs)
	if len(b.steps) == 0 {
		return nil, fmt.Errorf("explain: nothing to derive")
	}
	last := b.steps[len(b.steps)-1].Value
	if !sameValue(last, direct) {
		return nil, fmt.Errorf("explain: the steps give %v but %s gives %v; not shown", last, name, direct)
	}
	x.Steps, x.Result, x.ResultText = b.steps, direct, direct.String()
	return x, nil
}

func opNames() []string {
	var ns []string
	for n := range Ops {
		ns = append(ns, n)
	}
	sort.Strings(ns)
	return ns
}

func sameValue(a, b cute.Value) bool {
	if a == nil || b == nil {
		return false
	}
	return a.String() == b.String()
}

// stepError carries an error out of a derivation.
type stepError struct{ err error }

func check(err error) {
	if err != nil {
		panic(stepError{err})
	}
}

func must[T any](v T, err error) T {
	check(err)
	return v
}

type builder struct {
	steps  []Step
	prefix string
}

func (b *builder) add(name, expr, note string, v cute.Value) {
	text := ""
	if v != nil {
		text = v.String()
	}
	b.steps = append(b.steps, Step{Name: b.prefix + name, Expr: expr, Note: note, Value: v, Text: text})
}

// sub runs f with the step names prefixed (a by-mode derivation).
func (b *builder) sub(prefix string, f func()) {
	old := b.prefix
	b.prefix = old + prefix
	defer func() { b.prefix = old }()
	f()
}

func call(name string, args ...cute.Value) string {
	s := make([]string, len(args))
	for i, a := range args {
		s[i] = a.String()
	}
	return name + "(" + strings.Join(s, ", ") + ")"
}

// derive appends the steps of op on args and returns the direct cute result.
func derive(b *builder, op string, args []cute.Value) cute.Value {
	need := func(n int) {
		if len(args) != n {
			check(fmt.Errorf("explain: %s takes %d arguments, got %d", op, n, len(args)))
		}
	}
	layout := func(i int) cute.Layout {
		l, err := cute.AsLayout(args[i])
		if err != nil {
			check(fmt.Errorf("explain: %s: argument %d: %v", op, i+1, err))
		}
		return l
	}
	tiler := func(i int) cute.Tiler {
		t, err := cute.AsTiler(args[i])
		if err != nil {
			check(fmt.Errorf("explain: %s: argument %d: %v", op, i+1, err))
		}
		return t
	}
	switch op {
	case "logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
		"logical_product", "zipped_product", "tiled_product", "flat_product":
		need(2)
		a, t := layout(0), tiler(1)
		f := tiledOps[op]
		direct := must(f.direct(a, t))
		logical := logicalDivide
		if f.logical == "logical_product" {
			logical = logicalProduct
		}
		unzip(b, op, f.logical, logical(b, a, t), t)
		return direct
	case "blocked_product", "raked_product":
		need(2)
		a, c := layout(0), layout(1)
		rankedProduct(b, op, a, c)
		if op == "blocked_product" {
			return must(cute.BlockedProduct(a, c))
		}
		return must(cute.RakedProduct(a, c))
	case "complement":
		if len(args) != 1 && len(args) != 2 {
			check(fmt.Errorf("explain: complement takes 1 or 2 arguments, got %d", len(args)))
		}
		a := layout(0)
		if len(args) == 1 {
			complement(b, a, nil)
			return must(cute.ComplementDefault(a))
		}
		cot, ok := args[1].(cute.IntTuple)
		if !ok {
			check(fmt.Errorf("explain: complement: the cotarget %v is not a shape", args[1]))
		}
		complement(b, a, &cot)
		return must(cute.Complement(a, cot))
	case "coalesce":
		need(1)
		a := layout(0)
		coalesce(b, a)
		return must(cute.Coalesce(a))
	case "composition":
		need(2)
		a := layout(0)
		if l, ok := args[1].(cute.Layout); ok {
			compositionByModes(b, a, l)
			return must(cute.Composition(a, l))
		}
		t := tiler(1)
		compositionTiler(b, a, t)
		return must(cute.CompositionTiler(a, t))
	case "right_inverse":
		need(1)
		a := layout(0)
		inverse(b, a, true)
		return must(cute.RightInverse(a))
	case "left_inverse":
		need(1)
		a := layout(0)
		inverse(b, a, false)
		return must(cute.LeftInverse(a))
	case "make_tiled_mma":
		if len(args) < 1 || len(args) > 3 {
			check(fmt.Errorf("explain: make_tiled_mma takes 1 to 3 arguments, got %d", len(args)))
		}
		a, ok := args[0].(eval.MMAAtom)
		if !ok {
			check(fmt.Errorf("explain: make_tiled_mma: argument 1 is not an MMA atom (SM80_16x8x16_F32F16F16F32_TN{})"))
		}
		var l cute.Layout
		var t cute.Tiler
		if len(args) > 1 {
			l = layout(1)
		}
		if len(args) > 2 {
			t = tiler(2)
		}
		return eval.TiledMMA{TiledMMA: makeTiledMMA(b, a.MMAAtom, l, t)}
	case "partition_A", "partition_B", "partition_C":
		need(2)
		t, ok := args[0].(eval.ThrMMA)
		if !ok {
			check(fmt.Errorf("explain: %s: argument 1 is not a ThrMMA (tiled_mma.get_slice(t))", op))
		}
		o := operands[op[len(op)-1:]]
		l := layout(1)
		partition(b, t.ThrMMA, o, l)
		direct, _ := must2(map[string]func(cute.Layout) (cute.Layout, cute.IntTuple, error){
			"A": t.PartitionA, "B": t.PartitionB, "C": t.PartitionC}[o.name](l))
		return direct
	}
	check(fmt.Errorf("explain: %s is not explained", op))
	return nil
}

// tiledOps are the divides and products by a tiler: the logical form each is built on
// and the direct cute call.
var tiledOps = map[string]struct {
	logical string
	direct  func(cute.Layout, cute.Tiler) (cute.Layout, error)
}{
	"logical_divide":  {"logical_divide", cute.LogicalDivide},
	"zipped_divide":   {"logical_divide", cute.ZippedDivide},
	"tiled_divide":    {"logical_divide", cute.TiledDivide},
	"flat_divide":     {"logical_divide", cute.FlatDivide},
	"logical_product": {"logical_product", cute.LogicalProduct},
	"zipped_product":  {"logical_product", cute.ZippedProduct},
	"tiled_product":   {"logical_product", cute.TiledProduct},
	"flat_product":    {"logical_product", cute.FlatProduct},
}

// modes returns the modes of l (l itself for an integer-shaped layout).
func modes(l cute.Layout) []cute.Layout {
	if l.Shape().IsLeaf() {
		return []cute.Layout{l}
	}
	ms := make([]cute.Layout, l.Rank())
	for i := range ms {
		ms[i] = must(l.Mode(i))
	}
	return ms
}

func modesExpr(ms []cute.Layout) string {
	vs := make([]cute.Value, len(ms))
	for i, m := range ms {
		vs[i] = m
	}
	return call("make_layout", vs...)
}

// tilerLayout is the layout of a layout tiler; an integer N is make_layout(N) = N:1.
func tilerLayout(b *builder, t cute.Tiler) cute.Layout {
	l, _ := t.IsLayout()
	if l.Shape().IsLeaf() && !l.Shape().IsBasis() && t.String() == l.Shape().String() {
		b.add("make_layout(B)", call("make_layout", l.Shape()), "an integer tiler N is the layout N:1", l)
	}
	return l
}

// byMode derives f on each mode of a under the tuple tiler t, keeps the modes of a
// beyond t, and assembles the result.
func byMode(b *builder, op string, a cute.Layout, t cute.Tiler, f func(m cute.Layout, t cute.Tiler) cute.Layout, keepRest bool) cute.Layout {
	ms := modes(a)
	if t.Rank() > len(ms) {
		check(fmt.Errorf("explain: %s: the tiler %v has more modes than %v", op, t, a))
	}
	out := make([]cute.Layout, 0, len(ms))
	for i := 0; i < t.Rank(); i++ {
		ti := t.Elem(i)
		b.sub(fmt.Sprintf("mode %d: ", i), func() {
			b.add("A"+fmt.Sprint(i), call("get", a, cute.Int(int64(i))), "", ms[i])
			out = append(out, f(ms[i], ti))
		})
	}
	note := "the results by mode"
	if keepRest && t.Rank() < len(ms) {
		out = append(out, ms[t.Rank():]...)
		note += ", and the modes of A past the tiler as they are"
	}
	r := must(cute.MakeLayoutModes(out...))
	b.add("make_layout(…)", modesExpr(out), note, r)
	return r
}

// byTiler is CuTe's dispatch on a tiler: `_` keeps A as it is, a tuple applies op mode
// by mode (each mode under its own tiler, recursively), a layout or an integer is leaf's.
// keepRest keeps the modes of A past the tiler (the divides and products) or drops them
// (composition).
func byTiler(b *builder, op string, a cute.Layout, t cute.Tiler, keepRest bool, leaf func(cute.Layout, cute.Tiler) cute.Layout) cute.Layout {
	switch {
	case t.IsUnderscore():
		b.add(op+"(A, _)", "", "the tiler _ keeps the mode", a)
		return a
	case t.IsTuple():
		return byMode(b, op, a, t, func(m cute.Layout, ti cute.Tiler) cute.Layout {
			return byTiler(b, op, m, ti, keepRest, leaf)
		}, keepRest)
	}
	return leaf(a, t)
}

func logicalDivide(b *builder, a cute.Layout, t cute.Tiler) cute.Layout {
	return byTiler(b, "logical_divide", a, t, true, func(a cute.Layout, t cute.Tiler) cute.Layout {
		return logicalDivideBy(b, a, tilerLayout(b, t))
	})
}

// logicalDivideBy is logical_divide by the layout bl.
func logicalDivideBy(b *builder, a, bl cute.Layout) cute.Layout {
	ca := must(cute.Coalesce(a))
	b.add("coalesce(A)", call("coalesce", a), "A's modes merged where they are contiguous", ca)
	s := ca.Shape()
	b.add("shape(coalesce(A))", call("shape", ca), "the cotarget: the extent to cover", s)
	c := must(cute.Complement(bl, s))
	b.add("complement(B, shape(coalesce(A)))", call("complement", bl, s), "the rest: the layout that repeats B over A's extent", c)
	tl := must(cute.MakeLayoutModes(bl, c))
	b.add("make_layout(B, complement(…))", call("make_layout", bl, c), "the tiler and its rest side by side: (tile, rest)", tl)
	r := must(cute.Composition(a, tl))
	b.add("composition(A, make_layout(B, complement(…)))", call("composition", a, tl), "A read through (tile, rest)", r)
	return r
}

func logicalProduct(b *builder, a cute.Layout, t cute.Tiler) cute.Layout {
	return byTiler(b, "logical_product", a, t, true, func(a cute.Layout, t cute.Tiler) cute.Layout {
		return logicalProductBy(b, a, tilerLayout(b, t))
	})
}

// logicalProductBy is logical_product by the layout bl.
func logicalProductBy(b *builder, a, bl cute.Layout) cute.Layout {
	sz := a.Size()
	b.add("size(A)", call("size", a), "", cute.Int(sz))
	cs := must(bl.Cosize())
	b.add("cosize(B)", call("cosize", bl), "", cute.Int(cs))
	if sz > 0 && cs > (1<<62)/sz {
		check(fmt.Errorf("explain: logical_product: size(A)·cosize(B) overflows"))
	}
	c := must(cute.Complement(a, cute.Int(sz*cs)))
	b.add("complement(A, size(A)·cosize(B))", call("complement", a, cute.Int(sz*cs)), "where the copies of A go", c)
	d := must(cute.Composition(c, bl))
	b.add("composition(complement(…), B)", call("composition", c, bl), "the copies of A ordered as B says", d)
	r := must(cute.MakeLayoutModes(a, d))
	b.add("make_layout(A, composition(…))", call("make_layout", a, d), "(block, copies)", r)
	return r
}

// unzip appends the steps that turn a logical divide or product p into the zipped, tiled
// or flat form (CuTe's tile_unzip = zip2_by, then slicing with repeat<R>(_)); nothing
// for op = from, the logical form itself.
func unzip(b *builder, op, from string, p cute.Layout, t cute.Tiler) {
	if op == from {
		return
	}
	r := zip2By(b, op, from, p, t, "tile_unzip(P, B)")
	tile, rest := must(r.Mode(0)), must(r.Mode(1))
	var all []cute.Layout
	switch op {
	case "zipped_divide", "zipped_product":
		return
	case "tiled_divide", "tiled_product":
		all = splice([]cute.Layout{tile}, rest)
		b.add("unpack the rests", modesExpr(all), "(tiles, rest0, rest1, …)", must(cute.MakeLayoutModes(all...)))
	default:
		all = splice(splice(nil, tile), rest)
		b.add("unpack both", modesExpr(all), "(tile0, tile1, …, rest0, rest1, …)", must(cute.MakeLayoutModes(all...)))
	}
}

// zip2By is CuTe's zip2_by(p, t) on a layout, step by step: under a layout, an integer or
// `_` the mode p must be of rank 2 and is (tile, rest) as it is; under a tuple each mode
// of p is zipped under its own tiler (recursively), then the tile parts are gathered
// into the first mode and the rest parts, followed by p's modes past the tiler, into the
// second. name names the step that gives the whole result.
func zip2By(b *builder, op, from string, p cute.Layout, t cute.Tiler, name string) cute.Layout {
	if !t.IsTuple() {
		if p.Shape().IsLeaf() || p.Rank() != 2 {
			check(fmt.Errorf("explain: %s: %v is not (tile, rest)", op, p))
		}
		note := from + " by a layout is already (tile, rest)"
		if t.IsUnderscore() {
			note = "under _ the mode is kept; its two modes are taken as (tile, rest)"
		}
		b.add(name, "", note, p)
		return p
	}
	ms := modes(p)
	if p.Shape().IsLeaf() || t.Rank() > len(ms) {
		check(fmt.Errorf("explain: %s: %v has fewer modes than the tiler %v", op, p, t))
	}
	var first, second []cute.Layout
	for i := 0; i < t.Rank(); i++ {
		var z cute.Layout
		b.sub(fmt.Sprintf("mode %d: ", i), func() {
			b.add("P"+fmt.Sprint(i), call("get", p, cute.Int(int64(i))), "", ms[i])
			z = zip2By(b, op, from, ms[i], t.Elem(i), "(tile, rest)")
		})
		first = append(first, must(z.Mode(0)))
		second = append(second, must(z.Mode(1)))
	}
	second = append(second, ms[t.Rank():]...)
	tile := must(cute.MakeLayoutModes(first...))
	b.add("tiles: make_layout(get<0>(mode i)…)", modesExpr(first), "the first (tile) part of each mode", tile)
	rest := must(cute.MakeLayoutModes(second...))
	b.add("rests: make_layout(get<1>(mode i)…)", modesExpr(second), "the second (rest) part of each mode, then the other modes", rest)
	r := must(cute.MakeLayoutModes(tile, rest))
	b.add("make_layout(tiles, rests)", call("make_layout", tile, rest), "zip2_by: ((tiles), (rests))", r)
	return r
}

// splice appends the modes of l to dst, or l itself when its rank is 1 (slicing with
// repeat<1>(_), a plain _).
func splice(dst []cute.Layout, l cute.Layout) []cute.Layout {
	if l.Shape().IsLeaf() || l.Rank() == 1 {
		return append(dst, l)
	}
	return append(dst, modes(l)...)
}

func rankedProduct(b *builder, op string, a, c cute.Layout) {
	r := max(a.Rank(), c.Rank())
	one := cute.MustLayout(cute.Int(1), cute.Int(0))
	pa := must(cute.AppendN(a, r, one))
	pc := must(cute.AppendN(c, r, one))
	b.add(fmt.Sprintf("append<%d>(A)", r), "", "A padded with 1:0 modes to rank R = max(rank(A), rank(B))", pa)
	b.add(fmt.Sprintf("append<%d>(B)", r), "", "B padded the same way", pc)
	var p cute.Layout
	b.sub("P: ", func() { p = logicalProduct(b, pa, cute.LayoutTiler(pc)) })
	p0, p1 := must(p.Mode(0)), must(p.Mode(1))
	x, y := p0, p1
	name := "zip(get<0>(P), get<1>(P))"
	note := "mode i is (A_i, copies_i): blocks of A kept together"
	if op == "raked_product" {
		x, y = p1, p0
		name, note = "zip(get<1>(P), get<0>(P))", "mode i is (copies_i, A_i): the blocks interleaved"
	}
	var z cute.Layout
	if x.Shape().IsLeaf() {
		z = must(cute.MakeLayoutModes(must(cute.MakeLayoutModes(x, y))))
	} else {
		xs, ys := modes(x), modes(y)
		if len(xs) != len(ys) {
			check(fmt.Errorf("explain: %s: cannot zip %v with %v", op, x, y))
		}
		zs := make([]cute.Layout, len(xs))
		for i := range xs {
			zs[i] = must(cute.MakeLayoutModes(xs[i], ys[i]))
		}
		z = must(cute.MakeLayoutModes(zs...))
	}
	b.add(name, "", note, z)
}

// byStride returns the indices of the strides st in increasing order of stride (stable).
func byStride(st []int64) []int {
	idx := make([]int, len(st))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool { return st[idx[i]] < st[idx[j]] })
	return idx
}

// leaves returns the flat (shape, stride) pairs of l.
func leaves(l cute.Layout) (sh, st []int64) {
	return l.Shape().LeafValues(nil), l.Stride().LeafValues(nil)
}

func mul(a, b int64) int64 {
	if a != 0 && (a*b)/a != b {
		check(fmt.Errorf("explain: %d·%d overflows int64", a, b))
	}
	return a * b
}

// complement appends the steps of complement(A, cot); a nil cot is the default cotarget,
// cosize(filter(A)).
func complement(b *builder, a cute.Layout, target *cute.IntTuple) {
	f := must(cute.Filter(a))
	b.add("filter(A)", call("filter", a), "stride-0 and size-1 modes removed, the rest coalesced", f)
	var cot cute.IntTuple
	if target != nil {
		cot = *target
	} else {
		cot = cute.Int(must(f.Cosize()))
		b.add("cosize(filter(A))", call("cosize", f), "the default cotarget", cot)
	}
	sh, st := leaves(f)
	if len(sh) == 1 && st[0] == 0 {
		r := must(cute.Coalesce(must(cute.MakeLayoutLeft(cot))))
		b.add("make_layout(coalesce(M))", "", "A covers nothing but 0: the complement is all of M", r)
		return
	}
	for _, d := range st {
		if d < 0 {
			check(fmt.Errorf("explain: complement of negative strides is refused"))
		}
	}
	idx := byStride(st)
	var ss, ds []string
	for _, i := range idx {
		ss, ds = append(ss, fmt.Sprint(sh[i])), append(ds, fmt.Sprint(st[i]))
	}
	b.add("modes by increasing stride", "", "("+strings.Join(ss, ",")+"):("+strings.Join(ds, ",")+")", nil)
	var rs []cute.IntTuple
	rd := []cute.IntTuple{cute.Int(1)}
	last := int64(1)
	for _, i := range idx {
		ns := st[i] / last
		if ns == 0 {
			check(fmt.Errorf("explain: complement: %v is not injective", a))
		}
		nd := mul(st[i], sh[i])
		rs = append(rs, cute.Int(ns))
		rd = append(rd, cute.Int(nd))
		part := cute.MustLayout(cute.Tuple(rs...), cute.Tuple(rd[:len(rs)]...))
		b.add(fmt.Sprintf("take %d:%d", sh[i], st[i]), "",
			fmt.Sprintf("gap below stride %d: shape %d/%d = %d at stride %d; the next stride is %d·%d = %d", st[i], st[i], last, ns, last, st[i], sh[i], nd), part)
		last = nd
	}
	restShape := must(cute.CeilDiv(cot, cute.Int(last)))
	restStride := must(cute.CompactMajor(restShape, false, last))
	rest := must(cute.MakeLayout(restShape, restStride))
	b.add("rest: ceil_div(M, stride) at the next stride", "", fmt.Sprintf("repeats up to the cotarget %v", cot), rest)
	all := make([]cute.Layout, 0, len(rs)+1)
	for i := range rs {
		all = append(all, cute.MustLayout(rs[i], rd[i]))
	}
	all = append(all, rest)
	r := must(cute.Coalesce(must(cute.MakeLayoutModes(all...))))
	b.add("coalesce(make_layout(gaps…, rest))", "", "", r)
}

func compositionByModes(b *builder, a, l cute.Layout) {
	if l.Shape().IsLeaf() {
		ca := must(cute.Coalesce(a))
		b.add("coalesce(A)", call("coalesce", a), "A's modes merged where contiguous", ca)
		r := must(cute.Composition(a, l))
		divisionSteps(b, ca, l, r)
		b.add("composition(A, B)", call("composition", a, l),
			fmt.Sprintf("B = %v picks every %v-th element of A, %v of them", l, l.Stride(), l.Shape()), r)
		return
	}
	ms := modes(l)
	out := make([]cute.Layout, len(ms))
	for i, m := range ms {
		b.sub(fmt.Sprintf("mode %d: ", i), func() {
			b.add("B"+fmt.Sprint(i), call("get", l, cute.Int(int64(i))), "", m)
			compositionByModes(b, a, m)
			out[i] = b.steps[len(b.steps)-1].Value.(cute.Layout)
		})
	}
	r := must(cute.MakeLayoutModes(out...))
	b.add("make_layout(A∘B0, A∘B1, …)", modesExpr(out), "composition is left-distributive: one mode of the result per mode of B", r)
}

func compositionTiler(b *builder, a cute.Layout, t cute.Tiler) {
	byTiler(b, "composition", a, t, false, func(a cute.Layout, t cute.Tiler) cute.Layout {
		compositionByModes(b, a, tilerLayout(b, t))
		return b.steps[len(b.steps)-1].Value.(cute.Layout)
	})
}

func inverse(b *builder, a cute.Layout, right bool) {
	c := must(cute.Coalesce(a))
	b.add("coalesce(A)", call("coalesce", a), "A's modes merged where contiguous", c)
	sh, st := leaves(c)
	pre := make([]int64, len(sh))
	p := int64(1)
	for i := range sh {
		pre[i] = p
		p = mul(p, sh[i])
	}
	pp := must(cute.PrefixProduct(c.Shape()))
	b.add("prefix_product(shape(coalesce(A)))", call("prefix_product", c.Shape()), "where each mode of A starts in A's domain", pp)
	idx := byStride(st)
	if right {
		rs, rd := []cute.IntTuple{cute.Int(1)}, []cute.IntTuple{cute.Int(0)}
		curr := int64(1)
		for _, i := range idx {
			if st[i] != curr {
				b.add(fmt.Sprintf("skip %d:%d", sh[i], st[i]), "", fmt.Sprintf("stride %d is not the next one needed (%d): the inverse stops growing here", st[i], curr), nil)
				continue
			}
			rs, rd = append(rs, cute.Int(sh[i])), append(rd, cute.Int(pre[i]))
			b.add(fmt.Sprintf("take %d:%d", sh[i], st[i]), "",
				fmt.Sprintf("stride %d continues the image: shape %d at stride %d (its prefix product); next stride %d·%d", st[i], sh[i], pre[i], sh[i], st[i]),
				cute.MustLayout(cute.Tuple(rs...), cute.Tuple(rd...)))
			curr = mul(sh[i], st[i])
		}
		r := must(cute.Coalesce(cute.MustLayout(cute.Tuple(rs...), cute.Tuple(rd...))))
		b.add("coalesce(…)", "", "", r)
		return
	}
	var rs []cute.IntTuple
	rd := []cute.IntTuple{cute.Int(0)}
	size := int64(1)
	for _, i := range idx {
		if st[i] == 0 {
			b.add(fmt.Sprintf("skip %d:0", sh[i]), "", "a stride-0 mode has no inverse", nil)
			continue
		}
		if st[i]%size != 0 {
			check(fmt.Errorf("explain: left_inverse: stride %d is not a multiple of %d (CuTe's divisibility condition)", st[i], size))
		}
		rs, rd = append(rs, cute.Int(st[i]/size)), append(rd, cute.Int(pre[i]))
		b.add(fmt.Sprintf("take %d:%d", sh[i], st[i]), "",
			fmt.Sprintf("shape %d/%d = %d at stride %d (its prefix product)", st[i], size, st[i]/size, pre[i]), nil)
		size = mul(size, st[i]/size)
	}
	lastShape := cute.Int(sh[idx[len(idx)-1]])
	rs = append(rs, lastShape)
	l := cute.MustLayout(cute.Tuple(rs...), cute.Tuple(rd...))
	b.add("append the last mode's shape", "", fmt.Sprintf("the largest stride's mode covers the rest: shape %v", lastShape), l)
	r := must(cute.Coalesce(l))
	b.add("coalesce(…)", call("coalesce", l), "", r)
}

// splitCall splits "name(a, b, …)" into the name and its top-level arguments.
func splitCall(s string) (name string, args []string, err error) {
	i := 0
	for i < len(s) && (s[i] == '_' || s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' || i > 0 && s[i] >= '0' && s[i] <= '9') {
		i++
	}
	name = s[:i]
	rest := strings.TrimSpace(s[i:])
	if name == "" || !strings.HasPrefix(rest, "(") || !strings.HasSuffix(rest, ")") {
		return "", nil, fmt.Errorf("explain: expected a call such as logical_divide(A, B), got %q", clip(s))
	}
	body := rest[1 : len(rest)-1]
	depth, start := 0, 0
	for k := 0; k < len(body); k++ {
		switch body[k] {
		case '(', '<', '[', '{':
			depth++
		case ')', '>', ']', '}':
			depth--
			if depth < 0 {
				return "", nil, fmt.Errorf("explain: unbalanced %q in %q", body[k], clip(s))
			}
		case ',':
			if depth == 0 {
				args = append(args, strings.TrimSpace(body[start:k]))
				start = k + 1
			}
		}
	}
	if depth != 0 {
		return "", nil, fmt.Errorf("explain: unbalanced brackets in %q", clip(s))
	}
	if t := strings.TrimSpace(body[start:]); t != "" || len(args) > 0 {
		args = append(args, t)
	}
	return name, args, nil
}

func clip(s string) string {
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}
