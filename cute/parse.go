package cute

import "strings"

// Value is anything Parse can return: IntTuple, Layout, Tiler (a tuple holding layouts
// or `_`, or `_` itself), Swizzle or ComposedLayout; and Coord and Tensor. The set is
// sealed by an unexported method: any Stringer does not qualify. A package built on cute
// that has values of its own (cutego eval's booleans, tags, tensors) makes them Values by
// embedding ValueMarker.
type Value interface {
	String() string
	cuteValue()
}

// ValueMarker, embedded in a struct type, makes it a Value (with a String method). It
// holds nothing: a struct embedding it keeps its size, comparisons and literals.
type ValueMarker struct{}

func (ValueMarker) cuteValue()    {}
func (IntTuple) cuteValue()       {}
func (Layout) cuteValue()         {}
func (Tiler) cuteValue()          {}
func (Swizzle) cuteValue()        {}
func (ComposedLayout) cuteValue() {}
func (Coord) cuteValue()          {}
func (Tensor[T]) cuteValue()      {}

// Parse reads one value in CuTe's printed form, with or without the `_` marks of static
// integers: an integer or int tuple `(2,(3,4))`; a layout `(4,5):(16,64)`; a tiler
// `(4:2,2:4)` or `(2,_)`; `_`; a swizzle `Sw<3,4,3>`; a composed layout
// `Sw<3,4,3> o 0 o (8,64):(64,1)`. Scaled-basis leaves `1@0` are accepted in strides.
// A tuple of plain integers is returned as an IntTuple (callers that want a layout use
// ParseLayout, which treats a shape alone as column-major).
//
// Parsing takes time and memory linear in the input (a small constant times its
// length), refuses nesting deeper than MaxParseDepth and a NUL byte anywhere, and its
// errors quote a bounded window of the input (see Scanner).
func Parse(s string) (v Value, err error) {
	defer catch("parse", &err)
	sc := Scanner{src: s}
	p := parser{sc: &sc}
	v = p.value()
	if !sc.AtEnd() {
		sc.fail("unexpected %s after the value", sc.Found())
	}
	return v, nil
}

// ParsePrefix parses one value at the start of s (after spaces) and returns it with the
// number of bytes consumed, for parsers of larger grammars (cutego eval; a Scanner's
// Value does the same on a shared scanner).
func ParsePrefix(s string) (v Value, n int, err error) {
	defer catch("parse", &err)
	sc := Scanner{src: s}
	p := parser{sc: &sc}
	v = p.value()
	return v, sc.pos, nil
}

// ParseIntTuple parses an integer or int tuple.
func ParseIntTuple(s string) (IntTuple, error) {
	v, err := Parse(s)
	if err != nil {
		return IntTuple{}, err
	}
	t, ok := v.(IntTuple)
	if !ok {
		return IntTuple{}, errorf("parse", ErrParse, "%s is not an int tuple", Excerpt(s, 0))
	}
	return t, nil
}

// ParseLayout parses a layout; a shape alone means its column-major layout.
func ParseLayout(s string) (Layout, error) {
	v, err := Parse(s)
	if err != nil {
		return Layout{}, err
	}
	return AsLayout(v)
}

// AsLayout converts a parsed value to a layout: a Layout as it is, a shape as its
// column-major layout.
func AsLayout(v Value) (Layout, error) {
	switch x := v.(type) {
	case Layout:
		return x, nil
	case IntTuple:
		if x.hasBasis() {
			return Layout{}, errorf("parse", ErrParse, "%v is not a shape", x)
		}
		return MakeLayoutLeft(x)
	}
	return Layout{}, errorf("parse", ErrParse, "%v is not a layout", v)
}

// ParseTiler parses a tiler: a layout, a shape (each integer N meaning N:1, by mode), or
// a tuple of layouts, shapes and `_`.
func ParseTiler(s string) (Tiler, error) {
	v, err := Parse(s)
	if err != nil {
		return Tiler{}, err
	}
	return AsTiler(v)
}

// AsTiler converts a parsed value to a tiler: a tuple of integers becomes the by-mode
// tiler of N:1 layouts, an integer N the layout N:1.
func AsTiler(v Value) (Tiler, error) {
	switch x := v.(type) {
	case Tiler:
		return x, nil
	case Layout:
		return LayoutTiler(x), nil
	case IntTuple:
		if x.hasBasis() {
			return Tiler{}, errorf("parse", ErrParse, "%v is not a tiler", x)
		}
		if err := checkShape("parse", x); err != nil {
			return Tiler{}, err
		}
		return ShapeTiler(x), nil
	}
	return Tiler{}, errorf("parse", ErrParse, "%v is not a tiler", v)
}

// ParseSwizzle parses `Sw<B,M,S>`.
func ParseSwizzle(s string) (Swizzle, error) {
	v, err := Parse(s)
	if err != nil {
		return Swizzle{}, err
	}
	sw, ok := v.(Swizzle)
	if !ok {
		return Swizzle{}, errorf("parse", ErrParse, "%s is not a swizzle", Excerpt(s, 0))
	}
	return sw, nil
}

// ParseComposedLayout parses `Sw<B,M,S> o O o layout`.
func ParseComposedLayout(s string) (ComposedLayout, error) {
	v, err := Parse(s)
	if err != nil {
		return ComposedLayout{}, err
	}
	c, ok := v.(ComposedLayout)
	if !ok {
		return ComposedLayout{}, errorf("parse", ErrParse, "%s is not a composed layout", Excerpt(s, 0))
	}
	return c, nil
}

// parser reads CuTe's printed form from a Scanner (recursive descent, throwing *Error):
//
//	value  := swizzle [ 'o' integer 'o' layout ] | layout
//	layout := term [ ':' term ]
//	term   := '(' [ layout { ',' layout } ] ')' | '_' | integer { '@' integer }
//
// Tuples are built on two stacks shared by all levels (ints while every element so far
// is an int tuple, tilers once a layout or `_` appears), and each finished tuple is
// copied out at its exact length: memory stays a small constant times the input.
type parser struct {
	sc   *Scanner
	ints []IntTuple // elements of the tuples being read, innermost last
	tils []Tiler    // elements of the mixed tuples being read
	path []int      // scratch: the modes of a scaled basis, as written
}

// node is a parsed term before it is typed: an int tuple (an integer, a scaled basis or
// a tuple of those), a layout, or a tiler (`_` or a tuple holding layouts or `_`).
type node struct {
	kind byte // 'i' int tuple, 'l' layout, 't' tiler
	it   IntTuple
	lay  Layout
	til  Tiler
}

func (p *parser) fail(format string, args ...any) { p.sc.fail(format, args...) }

func (p *parser) value() Value {
	sc := p.sc
	sc.SkipSpace()
	if !strings.HasPrefix(sc.Rest(), "Sw<") {
		return p.layout().value()
	}
	sw := p.swizzle()
	save := sc.pos
	if sc.Accept('o') && sc.pos < len(sc.src) && (sc.src[sc.pos] == ' ' || sc.src[sc.pos] == '(' || sc.src[sc.pos] == '_' || isDigit(sc.src[sc.pos])) {
		off := p.term()
		if off.kind != 'i' || !off.it.IsLeaf() || off.it.basis != nil {
			p.fail("the offset of a composed layout must be an integer")
		}
		if !sc.Accept('o') {
			p.fail("expected 'o' after the offset of a composed layout, found %s", sc.Found())
		}
		inner := p.layout()
		lay, err := inner.layout()
		if err != nil {
			p.fail("%s", err.Reason)
		}
		return ComposedLayout{Outer: sw, Offset: off.it.v, Inner: lay}
	}
	sc.pos = save
	return sw
}

func (p *parser) swizzle() Swizzle {
	sc := p.sc
	sc.pos += len("Sw<")
	var v [3]int64
	for k := range v {
		if k > 0 && !sc.Accept(',') {
			p.fail("expected ',' in Sw<B,M,S>, found %s", sc.Found())
		}
		v[k], _ = sc.integer()
		if v[k] < -64 || v[k] > 64 {
			p.fail("swizzle parameter %d out of range", v[k])
		}
	}
	if !sc.Accept('>') {
		p.fail("expected '>' after Sw<B,M,S, found %s", sc.Found())
	}
	sw, err := MakeSwizzle(int(v[0]), int(v[1]), int(v[2]))
	if err != nil {
		p.fail("%s", err.(*Error).Reason)
	}
	return sw
}

// layout parses term [':' term].
func (p *parser) layout() node {
	at := p.sc.pos
	n := p.term()
	if !p.sc.Accept(':') {
		return n
	}
	d := p.term()
	if n.kind != 'i' || d.kind != 'i' {
		p.sc.pos = at
		p.fail("a layout's shape and stride must be int tuples")
	}
	if n.it.hasBasis() {
		p.sc.pos = at
		p.fail("a shape cannot hold a scaled basis")
	}
	l, err := MakeLayout(n.it, d.it)
	if err != nil {
		p.sc.pos = at
		p.fail("%s", err.(*Error).Reason)
	}
	return node{kind: 'l', lay: l}
}

func (p *parser) term() node {
	sc := p.sc
	switch c := sc.Peek(); {
	case c == '(':
		return p.tuple()
	case c == '_' && !(sc.pos+1 < len(sc.src) && (isDigit(sc.src[sc.pos+1]) || sc.src[sc.pos+1] == '-')):
		sc.pos++
		return node{kind: 't', til: Underscore()}
	case c == '_' || c == '-' || isDigit(c):
		return node{kind: 'i', it: p.leaf()}
	case c == 0 && sc.pos >= len(sc.src):
		p.fail("unexpected end of input")
	case c == 0:
		p.fail("unexpected NUL byte")
	default:
		p.fail("unexpected %s", sc.Found())
	}
	return node{}
}

// leaf parses integer {'@' integer}: v@m1@m2… is v·E<…,m2,m1> (the last mode written is
// the outermost).
func (p *parser) leaf() IntTuple {
	sc := p.sc
	v, _ := sc.integer()
	if sc.pos >= len(sc.src) || sc.src[sc.pos] != '@' {
		return IntTuple{v: v}
	}
	p.path = p.path[:0]
	for sc.pos < len(sc.src) && sc.src[sc.pos] == '@' {
		sc.pos++
		m, _ := sc.integer()
		if m < 0 || m > maxBasisMode {
			p.fail("bad basis mode %d (0 to %d)", m, maxBasisMode)
		}
		if len(p.path) == MaxParseDepth {
			p.fail("scaled basis path longer than %d modes (cute.MaxParseDepth)", MaxParseDepth)
		}
		p.path = append(p.path, int(m))
	}
	b := make([]int, len(p.path))
	for i, m := range p.path {
		b[len(b)-1-i] = m
	}
	return IntTuple{v: v, basis: b}
}

// tuple parses '(' [layout {',' layout}] ')'.
func (p *parser) tuple() node {
	sc := p.sc
	open := sc.pos
	sc.pos++ // '('
	if err := sc.Enter(); err != nil {
		panic(err)
	}
	defer sc.Leave()
	ib, tb := len(p.ints), len(p.tils)
	// A tuple of integers only stays on the int stack. From its first layout or `_` on it is a
	// tiler: the integers read before it (nInts of them, checked then) stay where they are, and
	// become shape tilers only in the tuple's own slice, so that a long run of them is not
	// copied onto the tiler stack first.
	mixed, nInts := false, 0
	if !sc.Accept(')') {
		for {
			at := sc.pos
			n := p.layout()
			if !mixed && n.kind != 'i' {
				mixed, nInts = true, len(p.ints)-ib
				for _, t := range p.ints[ib:] {
					p.checkShapeTiler(t, at)
				}
			}
			switch {
			case !mixed:
				p.ints = push(p.ints, n.it)
			default:
				p.tils = push(p.tils, p.tiler(n, at))
			}
			if sc.Accept(',') {
				continue
			}
			if sc.Accept(')') {
				break
			}
			if sc.AtEnd() {
				p.fail("expected ')' to close the tuple opened at byte %d, found the end", open)
			}
			p.fail("expected ',' or ')', found %s", sc.Found())
		}
	}
	if mixed {
		e := make([]Tiler, nInts+len(p.tils)-tb)
		for i, t := range p.ints[ib : ib+nInts] {
			e[i] = ShapeTiler(t)
		}
		copy(e[nInts:], p.tils[tb:])
		clear(p.tils[tb:])
		p.tils = p.tils[:tb]
		clear(p.ints[ib:])
		p.ints = p.ints[:ib]
		return node{kind: 't', til: Tiler{kind: tilerTuple, elems: e}}
	}
	e := make([]IntTuple, len(p.ints)-ib)
	copy(e, p.ints[ib:])
	clear(p.ints[ib:])
	p.ints = p.ints[:ib]
	return node{kind: 'i', it: tupleOwn(e)}
}

// tiler types a node as an element of a tiler.
func (p *parser) tiler(n node, at int) Tiler {
	switch n.kind {
	case 'l':
		return LayoutTiler(n.lay)
	case 't':
		return n.til
	}
	return p.shapeTiler(n.it, at)
}

// shapeTiler is ShapeTiler for an int tuple read at byte at: every integer N stands
// for N:1, so it must be positive and not a scaled basis.
func (p *parser) shapeTiler(t IntTuple, at int) Tiler {
	p.checkShapeTiler(t, at)
	return ShapeTiler(t)
}

// checkShapeTiler fails where the int tuple read at byte at cannot be a shape tiler.
func (p *parser) checkShapeTiler(t IntTuple, at int) {
	if t.hasBasis() {
		p.sc.pos = at
		p.fail("a tiler cannot hold a scaled basis")
	}
	if err := checkShape("parse", t); err != nil {
		p.sc.pos = at
		p.fail("tiler: %s", err.Reason)
	}
}

// layout types a node as a layout (a shape alone is its column-major layout).
func (n node) layout() (Layout, *Error) {
	switch n.kind {
	case 'l':
		return n.lay, nil
	case 'i':
		l, err := AsLayout(n.it)
		if err != nil {
			return Layout{}, err.(*Error)
		}
		return l, nil
	}
	return Layout{}, errorf("parse", ErrParse, "expected a layout")
}

// value returns the typed value of a node.
func (n node) value() Value {
	switch n.kind {
	case 'l':
		return n.lay
	case 't':
		return n.til
	}
	return n.it
}

// push appends x to s, doubling the capacity when it is full (append grows large slices
// by 1.25, which allocates five times the final size on the way; doubling allocates two).
func push[T any](s []T, x T) []T {
	if len(s) == cap(s) {
		n := make([]T, len(s), 2*cap(s)+16)
		copy(n, s)
		s = n
	}
	return append(s, x)
}
