package cute

import "sync"

// The scratch space of Composition, fixed-size and reused through a pool, and the builder
// that makes its result with one allocation. These are the speed tricks
// BenchmarkComposition and BenchmarkLogicalDivide show to pay (without the pool, a
// composition allocates its 6 KB scratch: 2-3x slower, 2-5 allocations);
// TestAlgebraAllocs pins their allocations.

// compWork is the scratch space of one composition, reused through a pool so that its
// few kilobytes are not cleared on every call.
type compWork struct {
	bl  flatL
	cnt [algMaxFlat]int
	out compOut
	g   compGroup
}

var compPool = sync.Pool{New: func() any { return new(compWork) }}

// compOut collects the modes emitted for the leaves of B.
type compOut struct {
	n int
	m [2 * algMaxFlat]fmode
	bases
}

func (o *compOut) push(s, d int64, path []int) {
	if o.n == len(o.m) {
		o.full()
	}
	o.m[o.n] = fmode{s: s, d: d}
	o.setBasis(o.n, path)
	o.n++
}

// full throws the error of a result over capacity.
func (o *compOut) full() {
	throw("composition", ErrInvalid, "result has more than %d modes", len(o.m))
}

// flatProto is a read-only row of leaves: IntTuple{elems: flatProto[:n]} has the
// structure of a flat tuple of n leaves (buildLike only reads structures).
var flatProto [algMaxFlat]IntTuple

// buildLike builds a layout whose shape follows bs with leaf j replaced by the cnt[j]
// modes taken in order from out (a leaf when cnt[j] == 1, a flat tuple otherwise), with
// a single allocation for every tuple node.
func buildLike(bs IntTuple, out *compOut, cnt *[algMaxFlat]int) Layout {
	var b likeBuilder // set field by field: a composite literal is built aside and copied
	b.out, b.cnt = out, cnt[:]
	total := b.count(&bs)
	if total > 0 {
		b.back = make([]IntTuple, 2*total)
	}
	b.li = 0
	var r Layout
	b.node(&bs, &r.shape, &r.stride)
	return r
}

// likeBuilder walks the shape of B (through pointers: an IntTuple is seven words).
type likeBuilder struct {
	back       []IntTuple
	out        *compOut
	cnt        []int
	bp, li, oi int
}

// count is the number of tuple elements of the result.
func (b *likeBuilder) count(bs *IntTuple) int {
	if bs.elems == nil {
		c := b.cnt[b.li]
		b.li++
		if c > 1 {
			return c
		}
		return 0
	}
	total := len(bs.elems)
	for i := range bs.elems {
		total += b.count(&bs.elems[i])
	}
	return total
}

func (b *likeBuilder) take(k int) (sh, sd []IntTuple) {
	if k == 0 {
		return emptyElems, emptyElems
	}
	p := b.bp
	b.bp += 2 * k
	return b.back[p : p+k : p+k], b.back[p+k : p+2*k : p+2*k]
}

func (b *likeBuilder) node(bs, dsh, dsd *IntTuple) {
	if bs.elems == nil {
		c := b.cnt[b.li]
		b.li++
		if c == 1 {
			m := &b.out.m[b.oi]
			dsh.v = m.s // *dsh and *dsd are zero
			dsd.v, dsd.basis = m.d, b.out.basis(b.oi)
			b.oi++
			return
		}
		sh, sd := b.take(c)
		for i := 0; i < c; i++ {
			m := &b.out.m[b.oi]
			sh[i].v = m.s
			sd[i].v, sd[i].basis = m.d, b.out.basis(b.oi)
			b.oi++
		}
		dsh.elems, dsd.elems = sh, sd
		return
	}
	sh, sd := b.take(len(bs.elems))
	for i := range bs.elems {
		b.node(&bs.elems[i], &sh[i], &sd[i])
	}
	dsh.elems, dsd.elems = sh, sd
}
