package cute

import (
	"testing"
)

// byteGen turns fuzz input into small shapes, strides and coordinates.
type byteGen struct {
	b    []byte
	i    int
	prod int64 // product of the leaves handed out by shape; capped so sizes stay small
}

func (g *byteGen) next() int {
	if g.i >= len(g.b) {
		return 0
	}
	v := int(g.b[g.i])
	g.i++
	return v
}

// shape returns a random shape of depth ≤ depth with leaves in [1, 8]; leaves become 1
// once the product of all leaves handed out would pass 2^24.
func (g *byteGen) shape(depth int) IntTuple {
	v := g.next()
	if depth == 0 || v%3 != 0 {
		x := int64(v%8 + 1)
		if g.prod == 0 {
			g.prod = 1
		}
		if g.prod*x > 1<<24 {
			x = 1
		}
		g.prod *= x
		return Int(x)
	}
	n := v / 3 % 4
	e := make([]IntTuple, n)
	for i := range e {
		e[i] = g.shape(depth - 1)
	}
	return Tuple(e...)
}

// strideLike returns a stride congruent to s with values in [-8, 24].
func (g *byteGen) strideLike(s IntTuple) IntTuple {
	if s.IsLeaf() {
		return Int(int64(g.next()%33 - 8))
	}
	e := make([]IntTuple, s.Len())
	for i := range e {
		e[i] = g.strideLike(s.At(i))
	}
	return Tuple(e...)
}

// coordLike returns a coordinate for s: `_`, an in-range integer, or (for tuples) a tuple.
func (g *byteGen) coordLike(s IntTuple, top bool) Coord {
	v := g.next()
	switch {
	case v%4 == 0:
		return CoordUnderscore()
	case v%4 == 1 && !top:
		return CoordInt(int64(v/4) % size(s))
	}
	if s.IsLeaf() {
		return CoordInt(int64(v/4) % s.Value())
	}
	e := make([]Coord, s.Len())
	for i := range e {
		e[i] = g.coordLike(s.At(i), false)
	}
	return CoordTuple(e...)
}

func FuzzIntTupleOps(f *testing.F) {
	f.Add([]byte{3, 4, 5, 6, 40})
	f.Add([]byte{9, 1, 30, 2, 7, 12, 3, 3})
	f.Fuzz(func(t *testing.T, b []byte) {
		g := &byteGen{b: b}
		a := g.shape(3)
		d := int64(g.next()%16 + 1)
		sa, err := Size(a)
		if err != nil || sa > 1<<16 {
			return // sizes that overflow are errors, checked elsewhere; keep the loops short
		}
		if r, err := ShapeDiv(a, Int(d)); err == nil {
			// Each step divides exactly (or rounds a mode up to 1): the product never
			// drops below ceil(size/d).
			if s := size(r); s < ceilDivT(sa, d) || (sa%d == 0 && s != sa/d) {
				t.Fatalf("shape_div(%v,%d) = %v", a, d, r)
			}
		}
		r, err := CeilDiv(a, Int(d))
		// (ceil_div folds like shape_div: ceil_div((3,8),10) = (1,2), so its product can
		// be below ceil(size/d); C++ computes the same.)
		if err != nil || !Congruent(r, a) {
			t.Fatalf("ceil_div(%v,%d) = %v, %v", a, d, r, err)
		}
		pe, err := ProductEach(a)
		if err != nil || size(pe) != sa {
			t.Fatalf("product_each(%v) = %v, %v", a, pe, err)
		}
		if !Compatible(pe, a) && a.IsTuple() {
			t.Fatalf("product_each(%v) = %v not compatible", a, pe)
		}
		if !WeaklyCongruent(a, a) || !Compatible(a, a) {
			t.Fatalf("%v not weakly congruent/compatible with itself", a)
		}
		// The exclusive prefix product is the column-major stride but for size-1 leaves.
		pp, err := PrefixProduct(a)
		cm, _ := CompactColMajor(a)
		if err != nil || !Congruent(pp, a) {
			t.Fatalf("prefix_product(%v) = %v, %v", a, pp, err)
		}
		sl, pl, cl := a.LeafValues(nil), pp.LeafValues(nil), cm.LeafValues(nil)
		for i := range sl {
			if sl[i] != 1 && pl[i] != cl[i] || sl[i] == 1 && cl[i] != 0 {
				t.Fatalf("prefix_product(%v) = %v vs compact %v", a, pp, cm)
			}
		}
		// idx2crd with the compact stride inverts crd2idx.
		i := int64(g.next()) % sa
		c, err := Idx2CrdStride(Int(i), a, cm)
		if err != nil {
			t.Fatal(err)
		}
		if j, err := Crd2Idx(c, a, cm); err != nil || j.Value() != i {
			t.Fatalf("crd2idx(idx2crd(%d,%v,%v)) = %v, %v", i, a, cm, j, err)
		}
		if ip, err := InnerProduct(c, cm); err != nil || ip.Value() != i {
			t.Fatalf("inner_product(%v,%v) = %v, %v", c, cm, ip, err)
		}
		// A random order gives a compact layout: a bijection onto [0, size).
		ord := g.strideLike(a)
		if l, err := MakeOrderedLayout(a, ord); err == nil && distinctOrders(ord) {
			seen := make([]bool, sa)
			for k := int64(0); k < sa; k++ {
				v, _ := l.Eval(k)
				if v < 0 || v >= sa || seen[v] {
					t.Fatalf("make_ordered_layout(%v,%v) = %v is not a bijection", a, ord, l)
				}
				seen[v] = true
			}
		}
	})
}

func distinctOrders(o IntTuple) bool {
	seen := map[int64]bool{}
	for _, v := range o.LeafValues(nil) {
		if seen[v] {
			return false
		}
		seen[v] = true
	}
	return true
}

func FuzzSlice(f *testing.F) {
	f.Add([]byte{3, 12, 2, 4, 9, 9, 1, 0, 4, 7})
	f.Add([]byte{6, 0, 5, 3, 2, 8, 8, 8, 1, 1, 2, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		g := &byteGen{b: b}
		s := g.shape(3)
		l := mkLayout(s, g.strideLike(s))
		if l.Size() < 1 {
			return
		}
		c := g.coordLike(s, true)
		sl, off, err := SliceAndOffset(c, l)
		if err != nil {
			t.Fatalf("slice(%v, %v): %v", c, l, err)
		}
		dl, err := Dice(c, l)
		if err != nil {
			t.Fatalf("dice(%v, %v): %v", c, l, err)
		}
		if sl.Size()*dl.Size() != l.Size() {
			t.Fatalf("slice %v (%d) and dice %v (%d) of %v (%d)", sl, sl.Size(), dl, dl.Size(), l, l.Size())
		}
		// Restriction: fill the `_` positions with the coordinate of index j of the slice.
		for j := int64(0); j < sl.Size(); j += 1 + sl.Size()/5 {
			sub, _ := Idx2Crd(j, sl.Shape())
			parts := sub
			if c.IsUnderscore() {
				parts = Tuple(sub)
			}
			k := 0
			full := fillCoord(c, parts, &k)
			want, err := l.Call(full)
			if err != nil {
				t.Fatal(err)
			}
			got, err := sl.Call(sub)
			if err != nil || got.Value()+off.Value() != want.Value() {
				t.Fatalf("%v sliced by %v at %v: %v + %v != %v (%v)", l, c, sub, off, got, want, err)
			}
		}
	})
}

// fillCoord replaces the `_`s of c, in order, by the elements of parts.
func fillCoord(c Coord, parts IntTuple, k *int) IntTuple {
	if c.IsUnderscore() {
		p := parts.At(*k)
		*k++
		return p
	}
	if !c.IsTuple() {
		return Int(c.Value())
	}
	es := c.Elems()
	e := make([]IntTuple, len(es))
	for i := range es {
		e[i] = fillCoord(es[i], parts, k)
	}
	return Tuple(e...)
}

func FuzzUpcast(f *testing.F) {
	f.Add([]byte{3, 12, 2, 4, 9, 9, 1, 0}, uint8(2))
	f.Add([]byte{0, 0, 0, 9, 1}, uint8(4))
	f.Fuzz(func(t *testing.T, b []byte, n8 uint8) {
		g := &byteGen{b: b}
		s := g.shape(3)
		l := mkLayout(s, g.strideLike(s))
		n := int64(n8%8 + 1)
		if d, err := Downcast(l, n); err == nil {
			u, err := Upcast(d, n)
			if err != nil || !u.Equal(l) {
				t.Fatalf("upcast<%d>(downcast<%d>(%v) = %v) = %v, %v", n, n, l, d, u, err)
			}
		} else if hasStride1(l.stride) {
			t.Fatalf("downcast<%d>(%v): %v", n, l, err)
		}
		if u, err := Upcast(l, n); err == nil {
			if !Congruent(u.Shape(), l.Shape()) {
				t.Fatalf("upcast<%d>(%v) = %v not congruent", n, l, u)
			}
			// Each element of the upcast layout covers n old elements: for a leaf with
			// |stride| ≥ n the old stride is the new one times n.
			ls, ld, us, ud := l.shape.LeafValues(nil), l.stride.LeafValues(nil), u.shape.LeafValues(nil), u.stride.LeafValues(nil)
			for i := range ld {
				if absI(ld[i]) >= n && (ud[i]*n != ld[i] || us[i] != ls[i]) {
					t.Fatalf("upcast<%d>(%v) = %v: leaf %d", n, l, u, i)
				}
			}
		}
	})
}

func FuzzParseCoord(f *testing.F) {
	for _, s := range []string{"(_,2)", "((1,_),_,-1)", "_3", "()", "(_, _2, (_0,_))"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCoord(s)
		if err != nil {
			return
		}
		c2, err := ParseCoord(c.String())
		if err != nil || c2.String() != c.String() {
			t.Fatalf("ParseCoord(%q) = %v; reparsed %v, %v", s, c, c2, err)
		}
	})
}

// FuzzLayoutManip: flatten and group keep the function; make_layout_like is compact on
// the modes with a non-zero stride and keeps the strides' order.
func FuzzLayoutManip(f *testing.F) {
	f.Add([]byte{3, 12, 2, 4, 9, 9, 1, 0, 4, 7}, uint8(1), uint8(3))
	f.Add([]byte{6, 0, 5, 3, 2, 8, 8, 8, 1, 1, 2, 0}, uint8(0), uint8(2))
	f.Fuzz(func(t *testing.T, b []byte, gb, ge uint8) {
		g := &byteGen{b: b}
		s := g.shape(3)
		l := mkLayout(s, g.strideLike(s))
		if l.Size() < 1 || l.Size() > 1<<14 {
			return
		}
		fl := FlattenLayout(l)
		gr, gerr := Group(l, int(gb%5), int(ge%5))
		for i := int64(0); i < l.Size(); i++ {
			v, _ := l.Eval(i)
			if w, _ := fl.Eval(i); w != v {
				t.Fatalf("flatten(%v) = %v differs at %d", l, fl, i)
			}
			if gerr == nil {
				if w, _ := gr.Eval(i); w != v {
					t.Fatalf("group(%v,%d,%d) = %v differs at %d", l, gb%5, ge%5, gr, i)
				}
			}
		}
		like, err := MakeLayoutLike(l)
		if err != nil {
			t.Fatalf("make_layout_like(%v): %v", l, err)
		}
		// Distinct non-zero strides (of leaves with shape > 1) give a compact layout.
		ls, ld := l.shape.LeafValues(nil), l.stride.LeafValues(nil)
		ks, kd := like.shape.LeafValues(nil), like.stride.LeafValues(nil)
		seen := map[int64]bool{}
		distinct := true
		n := int64(1)
		for i := range ld {
			if ld[i] == 0 || ls[i] == 1 {
				continue
			}
			if seen[ld[i]] {
				distinct = false
			}
			seen[ld[i]] = true
			n *= ls[i]
		}
		for i := range kd {
			if (ld[i] == 0) != (kd[i] == 0) && ks[i] != 1 {
				t.Fatalf("make_layout_like(%v) = %v: zero strides not kept", l, like)
			}
		}
		if distinct {
			hit := make([]bool, n)
			for i := int64(0); i < like.Size(); i++ {
				v, _ := like.Eval(i)
				if v < 0 || v >= n {
					t.Fatalf("make_layout_like(%v) = %v: index %d out of [0,%d)", l, like, v, n)
				}
				hit[v] = true
			}
			for j, h := range hit {
				if !h {
					t.Fatalf("make_layout_like(%v) = %v: %d not reached", l, like, j)
				}
			}
			// Order kept: a smaller stride in L means a smaller stride in the result.
			for i := range ld {
				for j := range ld {
					if ls[i] > 1 && ls[j] > 1 && ld[i] != 0 && ld[j] != 0 && ld[i] < ld[j] && kd[i] >= kd[j] {
						t.Fatalf("make_layout_like(%v) = %v: order of leaves %d,%d not kept", l, like, i, j)
					}
				}
			}
		}
	})
}

// FuzzComposedSlice: slicing a swizzled composed layout (either form) is the restriction
// of c ↦ Sw(O + B(c)).
func FuzzComposedSlice(f *testing.F) {
	f.Add([]byte{3, 3, 3, 9, 12, 2, 4, 9, 9, 1, 0, 4, 7}, uint8(0))
	f.Add([]byte{2, 1, 5, 6, 0, 5, 3, 2, 8, 8, 8, 1, 1, 2, 0}, uint8(8))
	f.Fuzz(func(t *testing.T, b []byte, off uint8) {
		g := &byteGen{b: b}
		bb := g.next() % 4
		m := g.next() % 5
		s := g.next()%7 - 3
		if s < 0 && -s < bb || s >= 0 && s < bb {
			s = bb + s%2
		}
		sw, err := MakeSwizzle(bb, m, s)
		if err != nil {
			return
		}
		sh := g.shape(2)
		// strides: small powers of two or small integers
		l := mkLayout(sh, g.strideLike(sh))
		c := MakeComposedLayout(sw, int64(off), l)
		if c.Size() < 1 || c.Size() > 1<<12 {
			return
		}
		crd := g.coordLike(sh, true)
		r, o, err := ComposedSliceAndOffset(crd, c)
		if err != nil {
			t.Fatalf("slice_and_offset(%v, %v): %v", crd, c, err)
		}
		gen, err := ComposedSlice(crd, c)
		if err != nil {
			t.Fatalf("slice(%v, %v): %v", crd, c, err)
		}
		n := int64(0)
		for i := int64(0); i < c.Size(); i++ {
			full, _ := Idx2Crd(i, c.Shape())
			parts, ok := matchCoord(crd, full, c.Shape())
			if !ok {
				continue
			}
			n++
			sub := Tuple(parts...)
			if crd.IsUnderscore() {
				sub = full
			}
			want, _ := c.Eval(i)
			v, err := r.Inner.Call(sub)
			if err != nil {
				t.Fatalf("%v at %v: %v", r, sub, err)
			}
			if got := o + r.Outer.Apply(r.Offset+v.Value()); got != want {
				t.Fatalf("slice_and_offset(%v, %v) = %v, %d: at %v %d, want %d", crd, c, r, o, full, got, want)
			}
			v, _ = gen.Inner.Call(sub)
			if got := gen.Outer.Apply(gen.Offset + v.Value()); got != want {
				t.Fatalf("slice(%v, %v) = %v: at %v %d, want %d", crd, c, gen, full, got, want)
			}
		}
		if n == 0 {
			t.Fatalf("slice %v of %v: nothing matched", crd, c)
		}
	})
}
