package cute

import (
	"strconv"
	"strings"
)

// Value is anything Parse can return: IntTuple, Layout, Tiler (a tuple holding layouts
// or `_`, or `_` itself), Swizzle or ComposedLayout.
type Value interface {
	String() string
}

// Parse reads one value in CuTe's printed form, with or without the `_` marks of static
// integers: an integer or int tuple `(2,(3,4))`; a layout `(4,5):(16,64)`; a tiler
// `(4:2,2:4)` or `(2,_)`; `_`; a swizzle `Sw<3,4,3>`; a composed layout
// `Sw<3,4,3> o 0 o (8,64):(64,1)`. Scaled-basis leaves `1@0` are accepted in strides.
// A tuple of plain integers is returned as an IntTuple (callers that want a layout use
// ParseLayout, which treats a shape alone as column-major).
func Parse(s string) (v Value, err error) {
	defer catch("parse", &err)
	p := parser{s: s}
	v = p.value()
	p.ws()
	if p.i != len(p.s) {
		p.fail("unexpected %q after the value", p.s[p.i:])
	}
	return v, nil
}

// ParsePrefix parses one value at the start of s (after spaces) and returns it with the
// number of bytes consumed, for parsers of larger grammars (cutego eval).
func ParsePrefix(s string) (v Value, n int, err error) {
	defer catch("parse", &err)
	p := parser{s: s}
	v = p.value()
	return v, p.i, nil
}

// ParseIntTuple parses an integer or int tuple.
func ParseIntTuple(s string) (IntTuple, error) {
	v, err := Parse(s)
	if err != nil {
		return IntTuple{}, err
	}
	t, ok := v.(IntTuple)
	if !ok {
		return IntTuple{}, errorf("parse", ErrParse, "%q is not an int tuple", s)
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
		return Swizzle{}, errorf("parse", ErrParse, "%q is not a swizzle", s)
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
		return ComposedLayout{}, errorf("parse", ErrParse, "%q is not a composed layout", s)
	}
	return c, nil
}

type parser struct {
	s string
	i int
}

// pnode is a parsed term before it is typed: an integer (maybe a scaled basis), `_`, a
// tuple, or a layout.
type pnode struct {
	kind   byte // 'i' integer, '_' underscore, 't' tuple, 'l' layout
	it     IntTuple
	lay    Layout
	elems  []pnode
	static bool
}

func (p *parser) fail(format string, args ...any) {
	throw("parse", ErrParse, "at byte %d of %q: "+format, append([]any{p.i, p.s}, args...)...)
}

func (p *parser) ws() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\r' || p.s[p.i] == '\n') {
		p.i++
	}
}

func (p *parser) peek() byte {
	p.ws()
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *parser) expect(c byte) {
	if p.peek() != c {
		if p.i >= len(p.s) {
			p.fail("expected %q, found the end", c)
		}
		p.fail("expected %q, found %q", c, p.s[p.i])
	}
	p.i++
}

func (p *parser) value() Value {
	p.ws()
	if strings.HasPrefix(p.s[p.i:], "Sw<") {
		sw := p.swizzle()
		save := p.i
		p.ws()
		if p.i < len(p.s) && p.s[p.i] == 'o' && p.i+1 < len(p.s) && (p.s[p.i+1] == ' ' || p.s[p.i+1] == '(' || p.s[p.i+1] == '_' || isDigit(p.s[p.i+1])) {
			p.i++
			off := p.term()
			if off.kind != 'i' || off.it.basis != nil {
				p.fail("the offset of a composed layout must be an integer")
			}
			p.ws()
			if p.peek() != 'o' {
				p.fail("expected 'o' after the offset of a composed layout")
			}
			p.i++
			inner := p.layoutNode()
			lay, err := nodeLayout(inner)
			if err != nil {
				panic(err)
			}
			return ComposedLayout{Outer: sw, Offset: off.it.v, Inner: lay}
		}
		p.i = save
		return sw
	}
	n := p.layoutNode()
	return nodeValue(n)
}

func (p *parser) swizzle() Swizzle {
	p.i += len("Sw<")
	var v [3]int
	for k := 0; k < 3; k++ {
		if k > 0 {
			p.expect(',')
		}
		x, _ := p.integer()
		v[k] = int(x)
	}
	p.expect('>')
	sw, err := MakeSwizzle(v[0], v[1], v[2])
	if err != nil {
		panic(err)
	}
	return sw
}

// layoutNode parses term [':' term].
func (p *parser) layoutNode() pnode {
	n := p.term()
	if p.peek() == ':' {
		p.i++
		d := p.term()
		sh, ok1 := nodeIntTuple(n)
		st, ok2 := nodeIntTuple(d)
		if !ok1 || !ok2 {
			p.fail("a layout's shape and stride must be int tuples")
		}
		if sh.hasBasis() {
			p.fail("a shape cannot hold a scaled basis")
		}
		l, err := MakeLayout(sh, st)
		if err != nil {
			p.fail("%s", err.(*Error).Reason)
		}
		return pnode{kind: 'l', lay: l}
	}
	return n
}

func (p *parser) term() pnode {
	switch c := p.peek(); {
	case c == '(':
		p.i++
		elems := []pnode{}
		if p.peek() == ')' {
			p.i++
			return pnode{kind: 't', elems: elems}
		}
		for {
			elems = append(elems, p.layoutNode())
			if p.peek() == ',' {
				p.i++
				continue
			}
			p.expect(')')
			return pnode{kind: 't', elems: elems}
		}
	case c == '_' && !(p.i+1 < len(p.s) && (isDigit(p.s[p.i+1]) || p.s[p.i+1] == '-')):
		p.i++
		return pnode{kind: '_'}
	case c == '_' || c == '-' || isDigit(c):
		v, static := p.integer()
		t := Int(v)
		for p.i < len(p.s) && p.s[p.i] == '@' {
			p.i++
			m, _ := p.integer()
			if m < 0 || m > 1<<20 {
				p.fail("bad basis mode %d", m)
			}
			t.basis = append([]int{int(m)}, t.basis...)
		}
		return pnode{kind: 'i', it: t, static: static}
	case c == 0:
		p.fail("unexpected end of input")
	default:
		p.fail("unexpected %q", c)
	}
	return pnode{}
}

func (p *parser) integer() (int64, bool) {
	p.ws()
	static := false
	if p.i < len(p.s) && p.s[p.i] == '_' {
		static = true
		p.i++
	}
	st := p.i
	if p.i < len(p.s) && p.s[p.i] == '-' {
		p.i++
	}
	for p.i < len(p.s) && isDigit(p.s[p.i]) {
		p.i++
	}
	v, err := strconv.ParseInt(p.s[st:p.i], 10, 64)
	if err != nil {
		p.i = st
		p.fail("bad integer")
	}
	return v, static
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func nodeIntTuple(n pnode) (IntTuple, bool) {
	switch n.kind {
	case 'i':
		return n.it, true
	case 't':
		e := make([]IntTuple, len(n.elems))
		for i, x := range n.elems {
			t, ok := nodeIntTuple(x)
			if !ok {
				return IntTuple{}, false
			}
			e[i] = t
		}
		return tupleOwn(e), true
	}
	return IntTuple{}, false
}

func nodeLayout(n pnode) (Layout, error) {
	if n.kind == 'l' {
		return n.lay, nil
	}
	t, ok := nodeIntTuple(n)
	if !ok {
		return Layout{}, errorf("parse", ErrParse, "expected a layout")
	}
	return AsLayout(t)
}

func nodeTiler(n pnode) Tiler {
	switch n.kind {
	case '_':
		return Underscore()
	case 'l':
		return LayoutTiler(n.lay)
	case 'i':
		if n.it.basis != nil {
			throw("parse", ErrParse, "a tiler cannot hold a scaled basis")
		}
		if n.it.v < 1 {
			throw("parse", ErrParse, "tiler size %d is not positive", n.it.v)
		}
		return ShapeTiler(n.it)
	}
	e := make([]Tiler, len(n.elems))
	for i, x := range n.elems {
		e[i] = nodeTiler(x)
	}
	return Tiler{kind: tilerTuple, elems: e}
}

func nodeValue(n pnode) Value {
	switch n.kind {
	case 'l':
		return n.lay
	case '_':
		return Underscore()
	}
	if t, ok := nodeIntTuple(n); ok {
		return t
	}
	return nodeTiler(n)
}
