package cute

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMakeTensorLike: the layouts C++ CuTe gives make_tensor_like
// (internal/eval/testdata/cpp/cppdocs.out, 03_tensor.md's rmem_4x8_like and the gemm
// tutorial's accumulators): (4,8):(32,2) → (4,8):(8,1); ((8,4)):((1,24)) → ((8,4)):((1,8));
// (8,8):(16,8192) → (8,8):(1,8); and the new tensor holds zeros, apart from its source.
func TestMakeTensorLike(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"(4,8):(32,2)", "(4,8):(8,1)"},
		{"((8,4)):((1,24))", "((8,4)):((1,8))"},
		{"(8,8):(16,8192)", "(8,8):(1,8)"},
	} {
		l, err := ParseLayout(c.in)
		require.NoError(t, err)
		n, err := l.Cosize()
		require.NoError(t, err)
		data := make([]int, n)
		for i := range data {
			data[i] = i + 1
		}
		src := MustTensor(data, 0, l)
		r, err := MakeTensorLike(src)
		require.NoError(t, err, c.in)
		assert.Equal(t, c.want, r.Layout().String(), c.in)
		assert.Equal(t, r.Size(), int64(len(r.Data())), "compact: %s", c.in)
		for _, v := range r.Data() {
			assert.Equal(t, 0, v)
		}
	}
	_, err := MakeTensorLike(Tensor[int]{})
	var e *Error
	require.ErrorAs(t, err, &e)
	big, err := ParseLayout("(65536,65536):(0,0)")
	require.NoError(t, err)
	_, err = MakeTensorLike(MustTensor([]int{0}, 0, big))
	require.NoError(t, err, "stride-0 modes take no room")
	wide, err := ParseLayout("(8192,8192):(2,1)")
	require.NoError(t, err)
	_, err = MakeTensorLike(MustTensor(make([]int, 24576), 0, wide))
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "make_tensor_like", e.Op)
}
