package eval

import (
	"github.com/cutego/cutego/cute"
)

// local_tile and local_partition. C++ CuTe defines them on tensors (tensor_impl.hpp):
// they zipped_divide the tensor by a tiler and slice the result, moving the tensor's
// pointer by the slice's offset. On a layout, cutego returns the layout of that tensor
// (the sliced layout; the offset is dropped, as slicing a layout drops it).
//
//	local_tile(L, tiler, coord)      = inner_partition: zipped_divide(L, tiler)(repeat<R0>(_), append<R1>(coord, _))
//	local_partition(L, tile, index)  = outer_partition(L, product_each(shape(tile)), tile.get_flat_coord(index))
//	outer_partition(L, tiler, coord) = zipped_divide(L, tiler)(append<R0>(coord, _), repeat<R1>(_))

func init() {
	register("local_tile", 3, 3, func(c *ctx) cute.Value {
		z := must(cute.ZippedDivide(c.layout(0), c.tiler(1)))
		r0, r1 := modeRank(c, z, 0), modeRank(c, z, 1)
		crd := c.coord(2)
		var rest Coord
		if crd.tuple {
			rest = appendUnder(c, crd, r1)
		} else {
			rest = crd
		}
		return must(cute.Slice(toCute(Coord{Elems: []Coord{repeatUnder(r0), rest}, tuple: true}), z))
	})
	register("local_partition", 3, 3, func(c *ctx) cute.Value {
		tile := c.layout(1)
		idx := c.int(2)
		tiler := must(cute.ProductEach(tile.Shape()))
		flat := flatCoord(c, tile, idx)
		z := must(cute.ZippedDivide(c.layout(0), must(cute.AsTiler(tiler))))
		r0, r1 := modeRank(c, z, 0), modeRank(c, z, 1)
		var first Coord
		if flat.tuple {
			first = appendUnder(c, flat, r0)
		} else {
			first = flat
		}
		return must(cute.Slice(toCute(Coord{Elems: []Coord{first, repeatUnder(r1)}, tuple: true}), z))
	})
}

// modeRank is the rank of mode i of l (1 for an integer-shaped mode).
func modeRank(c *ctx, l cute.Layout, i int) int {
	return must(l.Mode(i)).Rank()
}

// repeatUnder is CuTe's repeat<R>(_): `_` for R == 1, else a tuple of R `_`.
func repeatUnder(r int) Coord {
	if r == 1 {
		return Coord{Under: true}
	}
	e := make([]Coord, r)
	for i := range e {
		e[i] = Coord{Under: true}
	}
	return Coord{Elems: e, tuple: true}
}

// appendUnder is CuTe's append<R>(coord, _) for a tuple coordinate.
func appendUnder(c *ctx, crd Coord, r int) Coord {
	if len(crd.Elems) > r {
		c.fail("coordinate %v has rank %d, more than the %d modes it indexes", crd, len(crd.Elems), r)
	}
	e := append([]Coord{}, crd.Elems...)
	for len(e) < r {
		e = append(e, Coord{Under: true})
	}
	return Coord{Elems: e, tuple: true}
}

// flatCoord is CuTe's Layout::get_flat_coord(idx): idx2crd(idx, shape, stride), each
// top-level mode's coordinate flattened to its column-major index in that mode.
func flatCoord(c *ctx, tile cute.Layout, idx int64) Coord {
	hier := must(cute.Idx2CrdStride(cute.Int(idx), tile.Shape(), tile.Stride()))
	if tile.Shape().IsLeaf() {
		return Coord{Leaf: hier.Value()}
	}
	e := make([]Coord, tile.Rank())
	for i := range e {
		sh := tile.Shape().At(i)
		st := must(cute.CompactColMajor(sh))
		v := must(cute.Crd2Idx(hier.At(i), sh, st))
		e[i] = Coord{Leaf: v.Value()}
	}
	return Coord{Elems: e, tuple: true}
}
