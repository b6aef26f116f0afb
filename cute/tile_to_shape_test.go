package cute

import "testing"

var _ = claimCpp("tile_to_shape", "tile_to_shape_ordered")

// TestTileToShapeCpp: CuTe's tile_to_shape(L, shape[, order]) on the cases C++ CuTe printed (testdata/algebra_cpp.txt).
func TestTileToShapeCpp(t *testing.T) { cppAlgebraCases(t, "tile_to_shape", "tile_to_shape_ordered") }
