package cute

import "testing"

var _ = claimCpp("flat_product")

// TestFlatProductCpp: CuTe's flat_product(A, B) on the cases C++ CuTe printed (testdata/algebra_cpp.txt).
func TestFlatProductCpp(t *testing.T) { cppAlgebraCases(t, "flat_product") }

// TestFlatProductRearranges: FlatProduct has the modes of LogicalProduct, rearranged (same size, same
// leaves), on random compact layouts and by-mode tilers.
func TestFlatProductRearranges(t *testing.T) { checkRearrangement(t, LogicalProduct, FlatProduct) }
