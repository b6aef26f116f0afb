package eval

import (
	"github.com/cutego/cutego/cute"
)

// local_tile and local_partition. C++ CuTe defines them on tensors (tensor_impl.hpp):
// they zipped_divide the tensor by a tiler and slice the result, moving the tensor's
// pointer by the slice's offset. eval prints the layout of that tensor (cute.LocalTile /
// cute.LocalPartition return the layout and the offset; the offset is dropped, as
// slicing a layout drops it). A fourth argument is CuTe's projection, a Step whose X
// (`_`) modes are left out of the tiler and coordinate (local_tile) or the thread
// layout (local_partition): local_tile(mA, (BM,BN,BK), (m,n,_), Step<_1,X,_1>{}).

func init() {
	register("local_tile", 3, 4, func(c *ctx) cute.Value {
		l, _ := localTile(c, c.layout(0))
		return l
	})
	register("local_partition", 3, 4, func(c *ctx) cute.Value {
		l, _ := localPartition(c, c.layout(0))
		return l
	})
}

// localTile is local_tile(l, tiler, coord[, proj]) on the arguments of c after the
// first: the tile's layout and offset.
func localTile(c *ctx, l cute.Layout) (cute.Layout, cute.IntTuple) {
	if c.n() == 4 {
		r, off, err := cute.LocalTileProj(l, c.tiler(1), c.coord(2), c.coord(3))
		return must(r, err), off
	}
	r, off, err := cute.LocalTile(l, c.tiler(1), c.coord(2))
	return must(r, err), off
}

// localPartition is local_partition(l, tile, index[, proj]) on the arguments of c after
// the first.
func localPartition(c *ctx, l cute.Layout) (cute.Layout, cute.IntTuple) {
	if c.n() == 4 {
		r, off, err := cute.LocalPartitionProj(l, c.layout(1), c.int(2), c.coord(3))
		return must(r, err), off
	}
	r, off, err := cute.LocalPartition(l, c.layout(1), c.int(2))
	return must(r, err), off
}
