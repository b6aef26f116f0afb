package cute

import "testing"

var _ = claimCpp("zipped_divide")

// TestZippedDivideCpp: CuTe's zipped_divide(A, B) on the cases C++ CuTe printed (testdata/algebra_cpp.txt).
func TestZippedDivideCpp(t *testing.T) { cppAlgebraCases(t, "zipped_divide") }

// TestZippedDivideRearranges: ZippedDivide has the modes of LogicalDivide, rearranged (same size, same
// leaves), on random compact layouts and by-mode tilers.
func TestZippedDivideRearranges(t *testing.T) { checkRearrangement(t, LogicalDivide, ZippedDivide) }
