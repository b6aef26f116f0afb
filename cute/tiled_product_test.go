package cute

import "testing"

var _ = claimCpp("tiled_product")

// TestTiledProductCpp: CuTe's tiled_product(A, B) on the cases C++ CuTe printed (testdata/algebra_cpp.txt).
func TestTiledProductCpp(t *testing.T) { cppAlgebraCases(t, "tiled_product") }

// TestTiledProductRearranges: TiledProduct has the modes of LogicalProduct, rearranged (same size, same
// leaves), on random compact layouts and by-mode tilers.
func TestTiledProductRearranges(t *testing.T) { checkRearrangement(t, LogicalProduct, TiledProduct) }
