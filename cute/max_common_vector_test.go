package cute

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// C++ CuTe gives 1 here; max_common_vector must not fail on its internal composition.
func TestMaxCommonVectorNeverFailsRepro(t *testing.T) {
	a := MustParseLayout("(4,1,6,3):(1,6,60,12)")
	b := MustParseLayout("(3,8,3):(8,1,24)")
	n, err := MaxCommonVector(a, b)
	require.NoError(t, err)
	assert.Equal(t, int64(1), n)
	r, err := MaxCommonLayout(a, b)
	require.NoError(t, err)
	assert.Equal(t, "1:0", r.String())
}

// Cases derived by hand from the definition (the contiguous run on which both layouts
// are the identity): column-major against itself is the whole layout; transposed, 1.
func TestMaxCommonVectorDocs(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int64
	}{
		{"(8,4):(1,8)", "(8,4):(1,8)", 32},
		{"(8,4):(1,8)", "(8,4):(4,1)", 1},
		{"(8,4):(1,8)", "(8,(2,2)):(1,(8,16))", 32},
		{"(8,4):(1,16)", "(8,4):(1,8)", 8},
	} {
		n, err := MaxCommonVector(MustParseLayout(c.a), MustParseLayout(c.b))
		require.NoError(t, err)
		assert.Equal(t, c.want, n, "%s, %s", c.a, c.b)
	}
}

// randLayoutUnit builds layouts like those of real kernels: compact or permuted compact
// strides, with size-1 and stride-0 modes inserted (trailing, inner, nested, broadcast,
// singleton batch).
func randLayoutUnit(r *rand.Rand) Layout {
	n := 1 + r.Intn(4)
	sh := make([]IntTuple, 0, n+2)
	sd := make([]IntTuple, 0, n+2)
	cur := int64(1)
	perm := r.Perm(n)
	shapes := make([]int64, n)
	strides := make([]int64, n)
	for i := range shapes {
		shapes[i] = int64([]int{1, 2, 3, 4, 6, 8}[r.Intn(6)])
	}
	for _, p := range perm {
		strides[p] = cur
		cur *= shapes[p]
	}
	for i := 0; i < n; i++ {
		switch r.Intn(6) {
		case 0: // broadcast
			sh, sd = append(sh, Int(shapes[i])), append(sd, Int(0))
		case 1: // size-1 mode with any stride, before this mode
			sh, sd = append(sh, Int(1), Int(shapes[i])), append(sd, Int(int64(r.Intn(9))), Int(strides[i]))
		case 2: // nested
			sh, sd = append(sh, Tuple(Int(shapes[i]), Int(1))), append(sd, Tuple(Int(strides[i]), Int(0)))
		default:
			sh, sd = append(sh, Int(shapes[i])), append(sd, Int(strides[i]))
		}
	}
	if r.Intn(3) == 0 { // trailing singleton batch
		sh, sd = append(sh, Int(1)), append(sd, Int(int64(r.Intn(2)*int(cur))))
	}
	return mkLayout(tupleOwn(sh), tupleOwn(sd))
}

// Property: max_common_vector never fails on valid layouts, and its answer is correct:
// A(right_inverse(B)(i)) = i for i < N (CuTe's post-condition); max_common_layout's R
// has A(R(i)) = B(R(i)) = i.
func TestMaxCommonVectorNeverFails(t *testing.T) {
	r := rand.New(rand.NewSource(12))
	for k := 0; k < 3000; k++ {
		a, b := randLayoutUnit(r), randLayoutUnit(r)
		if k%3 == 0 {
			b = a
		}
		n, err := MaxCommonVector(a, b)
		require.NoError(t, err, "%v %v", a, b)
		require.GreaterOrEqual(t, n, int64(1))
		inv, err := RightInverse(b)
		require.NoError(t, err)
		for i := int64(0); i < n; i++ {
			require.Equal(t, i, ev(t, a, ev(t, inv, i)), "max_common_vector(%v, %v) = %d at %d", a, b, n, i)
		}
		rl, err := MaxCommonLayout(a, b)
		require.NoError(t, err, "%v %v", a, b)
		if rl.String() != "1:0" {
			require.Equal(t, n, rl.Size(), "%v %v: %v", a, b, rl)
		}
		for i := int64(0); i < rl.Size(); i++ {
			require.Equal(t, i, ev(t, a, ev(t, rl, i)), "max_common_layout(%v, %v) = %v", a, b, rl)
			require.Equal(t, i, ev(t, b, ev(t, rl, i)), "max_common_layout(%v, %v) = %v", a, b, rl)
		}
	}
}

var _ = claimCpp("max_common_vector")

// TestMaxCommonVectorCpp: CuTe's max_common_vector(A, B) on the cases C++ CuTe printed.
func TestMaxCommonVectorCpp(t *testing.T) { cppAlgebraCases(t, "max_common_vector") }
