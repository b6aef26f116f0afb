package cute

// Nodes counts the nodes of v, stopping early: every integer, scaled basis, `_` and tuple
// of its int tuples, shapes, strides, coordinates and tilers is one node (a swizzle is
// one, a composed layout one plus its inner layout's). It returns the count when it is at
// most limit, else limit+1 as soon as the count passes limit, so its cost is at most
// limit+1 steps whatever v is.
//
// Values share their parts: make_layout(a,a) holds a twice without copying it, so a value
// built by a few statements can have more nodes than any machine can print or walk. A
// caller that evaluates untrusted text bounds each value it builds with Nodes before
// using it (internal/eval's Limits do); the algebra's own cost is then bounded by the
// limit.
func Nodes(v Value, limit int) int {
	c := nodeCounter{left: limit}
	c.value(v)
	if c.left < 0 {
		return limit + 1
	}
	return limit - c.left
}

// nodeCounter counts down from the limit; it stops walking once left is negative.
type nodeCounter struct{ left int }

func (c *nodeCounter) value(v Value) {
	switch x := v.(type) {
	case IntTuple:
		c.tuple(x)
	case Layout:
		c.layout(x)
	case Tiler:
		c.tiler(x)
	case Coord:
		c.coord(x)
	case ComposedLayout:
		c.left--
		c.layout(x.Inner)
	default:
		c.left--
	}
}

func (c *nodeCounter) tuple(t IntTuple) {
	c.left--
	for _, e := range t.elems {
		if c.left < 0 {
			return
		}
		c.tuple(e)
	}
}

func (c *nodeCounter) layout(l Layout) {
	c.tuple(l.shape)
	if c.left >= 0 {
		c.tuple(l.stride)
	}
}

func (c *nodeCounter) tiler(t Tiler) {
	switch t.kind {
	case tilerLayout:
		c.layout(t.layout)
	case tilerTuple:
		c.left--
		for _, e := range t.elems {
			if c.left < 0 {
				return
			}
			c.tiler(e)
		}
	default:
		c.left--
	}
}

func (c *nodeCounter) coord(x Coord) {
	c.left--
	for _, e := range x.elems {
		if c.left < 0 {
			return
		}
		c.coord(e)
	}
}
