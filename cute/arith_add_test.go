package cute

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestArithAdd: CuTe's ArithmeticTuple sums as C++ CuTe prints them for coordinate
// tensors (internal/eval/testdata/cpp/cppdocs.out: ArithTuple(_0,_0) moved by
// local_tile's offset 128@0 + 256@1 is ArithTuple(128,256)).
func TestArithAdd(t *testing.T) {
	for _, c := range []struct{ a, b, want string }{
		{"(0,0)", "128@0", "(128,0)"},
		{"(128,0)", "256@1", "(128,256)"},
		{"(0,(0,0))", "1@0@1", "(0,(1,0))"},
		{"3", "4", "7"},
		{"2@1", "3@1", "5@1"},
		{"(1,2)", "(3,4)", "(4,6)"},
	} {
		a, err := ParseIntTuple(c.a)
		require.NoError(t, err)
		b, err := ParseIntTuple(c.b)
		require.NoError(t, err)
		r, err := ArithAdd(a, b)
		require.NoError(t, err, "%s + %s", c.a, c.b)
		assert.Equal(t, c.want, r.String(), "%s + %s", c.a, c.b)
	}
	_, err := ArithAdd(Ints(1, 2), Int(3))
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "arith_add", e.Op)
}
