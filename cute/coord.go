package cute

import (
	"strconv"
	"strings"
)

// Coord is a coordinate that may hold CuTe's `_` (Underscore) at any position: an
// integer, `_`, or a tuple of Coords. It is what Slice, Dice and SliceAndOffset take.
// Build it with CoordInt, CoordUnderscore and CoordTuple, from an IntTuple with
// CoordOf, from text with ParseCoord ("(_,2)", "((1,_),_)", static marks `_2` allowed),
// or from a value Parse returned with AsCoord. The zero Coord is the integer 0.
type Coord struct {
	under bool
	v     int64
	elems []Coord // non-nil for a tuple
}

// CoordInt is the integer coordinate v.
func CoordInt(v int64) Coord { return Coord{v: v} }

// CoordUnderscore is `_`: the mode it faces is kept by Slice (and dropped by Dice).
func CoordUnderscore() Coord { return Coord{under: true} }

// CoordTuple is the tuple coordinate (c0, c1, ...).
func CoordTuple(elems ...Coord) Coord {
	e := make([]Coord, len(elems))
	copy(e, elems)
	return Coord{elems: e}
}

// CoordOf converts an IntTuple (no scaled bases) to a Coord without `_`.
func CoordOf(t IntTuple) (c Coord, err error) {
	defer catch("coord", &err)
	return coordOf(t), nil
}

func coordOf(t IntTuple) Coord {
	if t.elems == nil {
		if t.basis != nil {
			throw("coord", ErrInvalid, "a coordinate cannot hold a scaled basis (%v)", t)
		}
		return Coord{v: t.v}
	}
	e := make([]Coord, len(t.elems))
	for i := range e {
		e[i] = coordOf(t.elems[i])
	}
	return Coord{elems: e}
}

// AsCoord converts a value returned by Parse to a Coord: an IntTuple, `_`, or a Tiler
// whose elements are `_`, integers and tuples of those ("(_,2)" parses as such a Tiler).
func AsCoord(v Value) (c Coord, err error) {
	defer catch("coord", &err)
	switch x := v.(type) {
	case IntTuple:
		return coordOf(x), nil
	case Tiler:
		return coordOfTiler(x), nil
	case Coord:
		return x, nil
	}
	throw("coord", ErrInvalid, "%v is not a coordinate", v)
	return
}

func coordOfTiler(t Tiler) Coord {
	switch t.kind {
	case tilerUnderscore:
		return Coord{under: true}
	case tilerLayout:
		if t.isInt {
			return coordOf(t.layout.shape)
		}
		throw("coord", ErrInvalid, "the layout %v is not a coordinate", t.layout)
	}
	e := make([]Coord, len(t.elems))
	for i := range e {
		e[i] = coordOfTiler(t.elems[i])
	}
	return Coord{elems: e}
}

// ParseCoord parses a coordinate: integers (optionally with CuTe's static mark, `_2`),
// `_`, and parenthesized tuples, e.g. "(_,(0,_),3)". Like Parse, it is linear in time,
// refuses nesting deeper than MaxParseDepth and NUL bytes.
func ParseCoord(s string) (c Coord, err error) {
	defer catch("parse", &err)
	sc := Scanner{src: s}
	c = parseCoord(&sc)
	if !sc.AtEnd() {
		sc.fail("unexpected %s after the coordinate", sc.Found())
	}
	return c, nil
}

func parseCoord(sc *Scanner) Coord {
	switch c := sc.Peek(); {
	case c == '(':
		sc.pos++
		if err := sc.Enter(); err != nil {
			panic(err)
		}
		defer sc.Leave()
		e := []Coord{}
		if sc.Accept(')') {
			return Coord{elems: e}
		}
		for {
			e = push(e, parseCoord(sc))
			if sc.Accept(',') {
				continue
			}
			if !sc.Accept(')') {
				sc.fail("expected ',' or ')', found %s", sc.Found())
			}
			return Coord{elems: e[:len(e):len(e)]}
		}
	case c == '_' && !(sc.pos+1 < len(sc.src) && (isDigit(sc.src[sc.pos+1]) || sc.src[sc.pos+1] == '-')):
		sc.pos++
		return Coord{under: true}
	case c == 0 && sc.pos >= len(sc.src):
		sc.fail("unexpected end of input")
	case c == 0:
		sc.fail("unexpected NUL byte")
	case c != '_' && c != '-' && !isDigit(c):
		sc.fail("expected an integer, `_` or a tuple, found %s", sc.Found())
	}
	v, _ := sc.integer()
	return Coord{v: v}
}

// IsUnderscore reports whether c is `_`.
func (c Coord) IsUnderscore() bool { return c.under }

// IsTuple reports whether c is a tuple.
func (c Coord) IsTuple() bool { return c.elems != nil }

// Value is the integer of an integer coordinate (0 for `_` and tuples).
func (c Coord) Value() int64 { return c.v }

// Elems returns a copy of a tuple coordinate's elements.
func (c Coord) Elems() []Coord { return append([]Coord(nil), c.elems...) }

// HasUnderscore reports whether `_` occurs anywhere in c.
func (c Coord) HasUnderscore() bool {
	if c.under {
		return true
	}
	for _, e := range c.elems {
		if e.HasUnderscore() {
			return true
		}
	}
	return false
}

// IntTuple returns c with every `_` replaced by 0 (CuTe's Underscore is Int<0> when a
// coordinate is evaluated).
func (c Coord) IntTuple() IntTuple {
	if c.elems == nil {
		if c.under {
			return Int(0)
		}
		return Int(c.v)
	}
	e := make([]IntTuple, len(c.elems))
	for i := range e {
		e[i] = c.elems[i].IntTuple()
	}
	return tupleOwn(e)
}

// String prints c as CuTe does: `(_,2)`.
func (c Coord) String() string {
	var b strings.Builder
	c.write(&b)
	return b.String()
}

func (c Coord) write(b *strings.Builder) {
	if c.elems == nil {
		if c.under {
			b.WriteByte('_')
		} else {
			b.WriteString(strconv.FormatInt(c.v, 10))
		}
		return
	}
	b.WriteByte('(')
	for i, e := range c.elems {
		if i > 0 {
			b.WriteByte(',')
		}
		e.write(b)
	}
	b.WriteByte(')')
}
