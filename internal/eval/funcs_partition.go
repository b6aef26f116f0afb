package eval

import (
	"github.com/cutego/cutego/cute"
)

// local_tile and local_partition. C++ CuTe defines them on tensors (tensor_impl.hpp):
// they zipped_divide the tensor by a tiler and slice the result, moving the tensor's
// pointer by the slice's offset. eval prints the layout of that tensor (cute.LocalTile /
// cute.LocalPartition return the layout and the offset; the offset is dropped, as
// slicing a layout drops it).

func init() {
	register("local_tile", 3, 3, func(c *ctx) cute.Value {
		l, _, err := cute.LocalTile(c.layout(0), c.tiler(1), c.coord(2))
		return must(l, err)
	})
	register("local_partition", 3, 3, func(c *ctx) cute.Value {
		l, _, err := cute.LocalPartition(c.layout(0), c.layout(1), c.int(2))
		return must(l, err)
	})
}
