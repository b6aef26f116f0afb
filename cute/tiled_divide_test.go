package cute

import "testing"

var _ = claimCpp("tiled_divide")

// TestTiledDivideCpp: CuTe's tiled_divide(A, B) on the cases C++ CuTe printed (testdata/algebra_cpp.txt).
func TestTiledDivideCpp(t *testing.T) { cppAlgebraCases(t, "tiled_divide") }

// TestTiledDivideRearranges: TiledDivide has the modes of LogicalDivide, rearranged (same size, same
// leaves), on random compact layouts and by-mode tilers.
func TestTiledDivideRearranges(t *testing.T) { checkRearrangement(t, LogicalDivide, TiledDivide) }
