package cute

import "testing"

var _ = claimCpp("zipped_product")

// TestZippedProductCpp: CuTe's zipped_product(A, B) on the cases C++ CuTe printed (testdata/algebra_cpp.txt).
func TestZippedProductCpp(t *testing.T) { cppAlgebraCases(t, "zipped_product") }

// TestZippedProductRearranges: ZippedProduct has the modes of LogicalProduct, rearranged (same size, same
// leaves), on random compact layouts and by-mode tilers.
func TestZippedProductRearranges(t *testing.T) { checkRearrangement(t, LogicalProduct, ZippedProduct) }
