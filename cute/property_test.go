package cute

import (
	"errors"
	"math/rand"
	"sort"
	"testing"
)

// byteSrc hands out bytes of fuzz input (zeros once exhausted).
type byteSrc struct {
	b []byte
	i int
}

func (s *byteSrc) next() int {
	if s.i >= len(s.b) {
		s.i++
		return 0
	}
	v := int(s.b[s.i])
	s.i++
	return v
}

// genTuple builds a shape (strides filled by genStride) of depth ≤ maxDepth.
func genLayout(s *byteSrc, maxDepth int, negative bool) Layout {
	var sh, st func(d int) (IntTuple, IntTuple)
	sh = func(d int) (IntTuple, IntTuple) {
		c := s.next()
		if d >= maxDepth || c%4 != 0 {
			shape := int64(1 + s.next()%8)
			var stride int64
			switch k := s.next() % 8; {
			case k == 0:
				stride = 0
			case k <= 2:
				stride = 1 << (s.next() % 6)
			default:
				stride = int64(s.next() % 40)
			}
			if negative && s.next()%8 == 0 {
				stride = -stride
			}
			return Int(shape), Int(stride)
		}
		n := 1 + s.next()%3
		a := make([]IntTuple, n)
		b := make([]IntTuple, n)
		for i := range a {
			a[i], b[i] = st(d + 1)
		}
		return tupleOwn(a), tupleOwn(b)
	}
	st = sh
	x, y := sh(0)
	return mkLayout(x, y)
}

// genCompactLayout builds a layout whose strides are a permuted compact layout of its
// shape (often injective, good input for inverses, complements and tilers).
func genCompactLayout(s *byteSrc) Layout {
	n := 1 + s.next()%3
	shapes := make([]int64, n)
	for i := range shapes {
		shapes[i] = int64(1 + s.next()%6)
	}
	perm := rand.New(rand.NewSource(int64(s.next()))).Perm(n)
	strides := make([]int64, n)
	cur := int64(1 + s.next()%3)
	for _, p := range perm {
		strides[p] = cur
		cur *= shapes[p] + int64(s.next()%2)
	}
	if n == 1 {
		return mkLayout(Int(shapes[0]), Int(strides[0]))
	}
	return mkLayout(Ints(shapes...), Ints(strides...))
}

func randSrc(r *rand.Rand) *byteSrc {
	b := make([]byte, 64)
	r.Read(b)
	return &byteSrc{b: b}
}

func isCuteErr(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Kind != ErrInternal
}

// ev is CuTe's L(i), past the domain too (Eval refuses that; Call computes it).
func ev(t testing.TB, l Layout, i int64) int64 {
	r, err := l.Call(Int(i))
	v := r.Value()
	if err == nil && !r.IsLeaf() {
		t.Fatalf("eval %v(%d) = %v, not an integer", l, i, r)
	}
	if err != nil {
		t.Fatalf("eval %v(%d): %v", l, i, err)
	}
	return v
}

// checkCoalesce: same size, same function on [0,size), depth ≤ 1, idempotent.
func checkCoalesce(t testing.TB, l Layout) {
	c, err := Coalesce(l)
	if err != nil {
		if !isCuteErr(err) {
			t.Fatalf("coalesce(%v): %v", l, err)
		}
		return
	}
	if c.Size() != l.Size() || c.Depth() > 1 {
		t.Fatalf("coalesce(%v) = %v: size or depth", l, c)
	}
	for i := int64(0); i < l.Size() && i < 4096; i++ {
		if ev(t, c, i) != ev(t, l, i) {
			t.Fatalf("coalesce(%v) = %v differs at %d", l, c, i)
		}
	}
	if c2, _ := Coalesce(c); !c2.Equal(c) {
		t.Fatalf("coalesce not idempotent: %v -> %v -> %v", l, c, c2)
	}
}

// refines reports whether shape r refines shape b: the same tuple structure where b has
// tuples, and a sub-shape of the same size where b has a leaf.
func refines(r, b IntTuple) bool {
	if b.IsLeaf() {
		n, err := Size(r)
		return err == nil && n == b.Value()
	}
	if !r.IsTuple() || r.Len() != b.Len() {
		return false
	}
	for i := 0; i < b.Len(); i++ {
		if !refines(r.At(i), b.At(i)) {
			return false
		}
	}
	return true
}

// checkComposition: R(i) = A(B(i)) for every i < size(B), R's shape refines B's.
func checkComposition(t testing.TB, a, b Layout) (ok bool) {
	r, err := Composition(a, b)
	if err != nil {
		if !isCuteErr(err) {
			t.Fatalf("composition(%v, %v): %v", a, b, err)
		}
		return false
	}
	if !refines(r.Shape(), b.Shape()) {
		t.Fatalf("composition(%v, %v) = %v: shape does not refine %v", a, b, r, b.Shape())
	}
	for i := int64(0); i < b.Size() && i < 4096; i++ {
		if ev(t, r, i) != ev(t, a, ev(t, b, i)) {
			t.Fatalf("composition(%v, %v) = %v: wrong at %d", a, b, r, i)
		}
	}
	return true
}

func image(t testing.TB, l Layout) map[int64]bool {
	m := map[int64]bool{}
	for i := int64(0); i < l.Size() && i < 1<<14; i++ {
		m[ev(t, l, i)] = true
	}
	return m
}

// checkComplement: strictly increasing and disjoint from L but at 0.
func checkComplement(t testing.TB, l Layout, cot IntTuple) bool {
	c, err := Complement(l, cot)
	if err != nil {
		if !isCuteErr(err) {
			t.Fatalf("complement(%v, %v): %v", l, cot, err)
		}
		return false
	}
	img := image(t, l)
	prev := int64(-1)
	for i := int64(0); i < c.Size() && i < 4096; i++ {
		v := ev(t, c, i)
		if v <= prev && c.Size() > 1 {
			t.Fatalf("complement(%v, %v) = %v not increasing at %d", l, cot, c, i)
		}
		prev = v
		if i > 0 && img[v] {
			t.Fatalf("complement(%v, %v) = %v meets L at %d -> %d", l, cot, c, i, v)
		}
	}
	return true
}

func checkRightInverse(t testing.TB, l Layout) {
	r, err := RightInverse(l)
	if err != nil {
		if !isCuteErr(err) {
			t.Fatalf("right_inverse(%v): %v", l, err)
		}
		return
	}
	for i := int64(0); i < r.Size() && i < 4096; i++ {
		if ev(t, l, ev(t, r, i)) != i {
			t.Fatalf("right_inverse(%v) = %v: L(R(%d)) != %d", l, r, i, i)
		}
	}
}

func injective(t testing.TB, l Layout) bool {
	return int64(len(image(t, l))) == l.Size()
}

func checkLeftInverse(t testing.TB, l Layout) {
	r, err := LeftInverse(l)
	if err != nil {
		if !isCuteErr(err) {
			t.Fatalf("left_inverse(%v): %v", l, err)
		}
		return
	}
	inj := injective(t, l)
	for i := int64(0); i < l.Size() && i < 4096; i++ {
		li := ev(t, l, i)
		if inj && ev(t, r, li) != i {
			t.Fatalf("left_inverse(%v) = %v: R(L(%d)) != %d", l, r, i, i)
		}
		if inj && ev(t, l, ev(t, r, li)) != li {
			t.Fatalf("left_inverse(%v) = %v: L(R(L(%d))) != L(%d)", l, r, i, i)
		}
	}
}

// checkLogicalDivide: size preserved, rank 2, tile mode = A∘B, and the whole is
// A∘(B, complement(B, shape(coalesce(A)))) as a function.
func checkLogicalDivide(t testing.TB, a, b Layout) {
	r, err := LogicalDivide(a, b.AsTiler())
	if err != nil {
		if !isCuteErr(err) {
			t.Fatalf("logical_divide(%v, %v): %v", a, b, err)
		}
		return
	}
	ca, _ := Coalesce(a)
	comp, err := Complement(b, ca.Shape())
	if err != nil {
		t.Fatalf("logical_divide(%v, %v) = %v but complement fails: %v", a, b, r, err)
	}
	d := layoutPair(b, comp)
	if r.Rank() != 2 || r.Size() != d.Size() {
		t.Fatalf("logical_divide(%v, %v) = %v: rank/size", a, b, r)
	}
	for i := int64(0); i < r.Size() && i < 4096; i++ {
		if ev(t, r, i) != ev(t, a, ev(t, d, i)) {
			t.Fatalf("logical_divide(%v, %v) = %v: wrong at %d", a, b, r, i)
		}
	}
}

func checkLogicalProduct(t testing.TB, a, b Layout) {
	r, err := LogicalProduct(a, b.AsTiler())
	if err != nil {
		if !isCuteErr(err) {
			t.Fatalf("logical_product(%v, %v): %v", a, b, err)
		}
		return
	}
	m0, _ := r.Mode(0)
	m1, _ := r.Mode(1)
	if r.Rank() != 2 || !m0.Equal(a) || m1.Size() != b.Size() {
		t.Fatalf("logical_product(%v, %v) = %v: shape", a, b, r)
	}
	cb, _ := b.Cosize()
	comp, err := Complement(a, Int(a.Size()*cb))
	if err != nil {
		t.Fatalf("logical_product(%v, %v) = %v but complement fails: %v", a, b, r, err)
	}
	for j := int64(0); j < b.Size() && j < 4096; j++ {
		if ev(t, m1, j) != ev(t, comp, ev(t, b, j)) {
			t.Fatalf("logical_product(%v, %v) = %v: mode 1 wrong at %d", a, b, r, j)
		}
	}
	for _, f := range []func(Layout, Layout) (Layout, error){BlockedProduct, RakedProduct} {
		p, err := f(a, b)
		if err != nil {
			continue
		}
		if p.Size() != r.Size() || !sameLeaves(p, r) {
			t.Fatalf("blocked/raked_product(%v, %v) = %v: not a rearrangement of %v", a, b, p, r)
		}
	}
}

// sameLeaves reports whether two layouts have the same multiset of non-trivial leaf
// modes (s:d with s > 1).
func sameLeaves(x, y Layout) bool {
	key := func(l Layout) []string {
		var ks []string
		sh := l.Shape().Leaves(nil)
		st := l.Stride().Leaves(nil)
		for i := range sh {
			if sh[i].Value() > 1 {
				ks = append(ks, sh[i].String()+":"+st[i].String())
			}
		}
		sort.Strings(ks)
		return ks
	}
	a, b := key(x), key(y)
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// randomLayouts calls f n times with random layouts: a and b from genLayout (negative
// strides in a share of them), c and d from genCompactLayout, as the property tests of
// the operations use them; the seed is fixed per operation.
func randomLayouts(seed int64, n int, f func(r *rand.Rand, it int, a, b, c, d Layout)) {
	r := rand.New(rand.NewSource(seed))
	for it := 0; it < n; it++ {
		a := genLayout(randSrc(r), 2, it%3 == 0)
		b := genLayout(randSrc(r), 2, it%4 == 0)
		c := genCompactLayout(randSrc(r))
		d := genCompactLayout(randSrc(r))
		f(r, it, a, b, c, d)
	}
}

// checkRearrangement: the zipped, tiled and flat forms of a divide or product (op) have
// the modes of its logical form, rearranged: the same size and leaves.
func checkRearrangement(t *testing.T, logical, op func(Layout, Tiler) (Layout, error)) {
	r := rand.New(rand.NewSource(2))
	n := 0
	for it := 0; it < 500; it++ {
		a := genCompactLayout(randSrc(r))
		var tl Tiler
		if a.Rank() >= 2 && it%2 == 0 {
			tl = TupleTiler(genCompactLayout(randSrc(r)).AsTiler(), ShapeTiler(Int(int64(1+r.Intn(4)))))
		} else {
			tl = genCompactLayout(randSrc(r)).AsTiler()
		}
		base, err := logical(a, tl)
		if err != nil {
			continue
		}
		x, err := op(a, tl)
		if err != nil {
			t.Fatalf("%v with %v: logical form ok (%v) but %v", a, tl, base, err)
		}
		if x.Size() != base.Size() || !sameLeaves(x, base) {
			t.Fatalf("%v with %v: %v is not a rearrangement of %v", a, tl, x, base)
		}
		n++
	}
	if n < 100 {
		t.Fatalf("only %d admissible cases", n)
	}
}

func fuzzLayouts(data []byte) (Layout, Layout) {
	s := &byteSrc{b: data}
	a := genLayout(s, 2, true)
	var b Layout
	if s.next()%2 == 0 {
		b = genCompactLayout(s)
	} else {
		b = genLayout(s, 2, true)
	}
	return a, b
}

func FuzzCoalesce(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8})
	f.Fuzz(func(t *testing.T, data []byte) {
		a, _ := fuzzLayouts(data)
		checkCoalesce(t, a)
		if _, err := Filter(a); err != nil && !isCuteErr(err) {
			t.Fatal(err)
		}
	})
}

func FuzzComposition(f *testing.F) {
	f.Add([]byte{0, 4, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Fuzz(func(t *testing.T, data []byte) {
		a, b := fuzzLayouts(data)
		checkComposition(t, a, b)
	})
}

func FuzzComplement(f *testing.F) {
	f.Add([]byte{0, 4, 1, 2, 3, 4, 5, 6, 7, 8, 9}, uint16(24))
	f.Fuzz(func(t *testing.T, data []byte, cot uint16) {
		a, b := fuzzLayouts(data)
		checkComplement(t, a, Int(int64(cot%1024)+1))
		checkComplement(t, b, Int(int64(cot%1024)+1))
	})
}

func FuzzInverse(f *testing.F) {
	f.Add([]byte{0, 4, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Fuzz(func(t *testing.T, data []byte) {
		a, b := fuzzLayouts(data)
		checkRightInverse(t, a)
		checkRightInverse(t, b)
		checkLeftInverse(t, a)
		checkLeftInverse(t, b)
	})
}

func FuzzLogicalDivide(f *testing.F) {
	f.Add([]byte{0, 4, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Fuzz(func(t *testing.T, data []byte) {
		a, b := fuzzLayouts(data)
		checkLogicalDivide(t, a, b)
		for _, op := range []func(Layout, Tiler) (Layout, error){ZippedDivide, TiledDivide, FlatDivide} {
			if _, err := op(a, b.AsTiler()); err != nil && !isCuteErr(err) {
				t.Fatal(err)
			}
		}
	})
}

func FuzzLogicalProduct(f *testing.F) {
	f.Add([]byte{0, 4, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Fuzz(func(t *testing.T, data []byte) {
		a, b := fuzzLayouts(data)
		checkLogicalProduct(t, a, b)
		for _, op := range []func(Layout, Tiler) (Layout, error){ZippedProduct, TiledProduct, FlatProduct} {
			if _, err := op(a, b.AsTiler()); err != nil && !isCuteErr(err) {
				t.Fatal(err)
			}
		}
		if _, err := TileToShape(a, Ints(24, 24)); err != nil && !isCuteErr(err) {
			t.Fatal(err)
		}
		if _, err := MaxCommonVector(a, b); err != nil && !isCuteErr(err) {
			t.Fatal(err)
		}
		if _, err := Nullspace(a); err != nil && !isCuteErr(err) {
			t.Fatal(err)
		}
	})
}
