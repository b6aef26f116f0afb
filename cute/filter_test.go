package cute

import "testing"

var _ = claimCpp("filter")

// TestFilterCpp: CuTe's filter(L): coalesce after replacing stride-0 modes by 1:0 on the cases C++ CuTe printed (testdata/algebra_cpp.txt).
func TestFilterCpp(t *testing.T) { cppAlgebraCases(t, "filter") }
