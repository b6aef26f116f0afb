package cute

import "testing"

var _ = claimCpp("flat_divide")

// TestFlatDivideCpp: CuTe's flat_divide(A, B) on the cases C++ CuTe printed (testdata/algebra_cpp.txt).
func TestFlatDivideCpp(t *testing.T) { cppAlgebraCases(t, "flat_divide") }

// TestFlatDivideRearranges: FlatDivide has the modes of LogicalDivide, rearranged (same size, same
// leaves), on random compact layouts and by-mode tilers.
func TestFlatDivideRearranges(t *testing.T) { checkRearrangement(t, LogicalDivide, FlatDivide) }
