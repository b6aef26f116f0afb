package explain

import (
	"testing"

	"github.com/cutego/cutego/internal/eval"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// docComposition is the worked example of CuTe's 02_layout_algebra.md, written as C++:
// A = (6,2):(8,2), B = (4,3):(3,1), R = A o B = ((2,2),3):((24,2),8).
const docComposition = `auto a = make_layout(make_shape(Int<6>{}, Int<2>{}),
                     make_stride(Int<8>{}, Int<2>{}));
auto b = make_layout(make_shape(Int<4>{}, Int<3>{}), make_stride(Int<3>{}, Int<1>{}));  // B
auto c = composition(a,
                     b);
`

// TestExplainBlock: C++ blocks as `cutego eval` reads them, the last statement explained;
// results from CuTe's documentation (02_layout_algebra.md).
func TestExplainBlock(t *testing.T) {
	for _, c := range []struct{ block, want, step string }{
		{docComposition + "print(c);", "((2,2),3):((24,2),8)", "mode 0: A / 3"},
		{docComposition + "print_layout(c);\n", "((2,2),3):((24,2),8)", "mode 1: (A / 1) % 3"},
		{docComposition + "auto d = c;\ncute::print(d);", "((2,2),3):((24,2),8)", "mode 0: (A / 3) % 4"},
		{docComposition, "((2,2),3):((24,2),8)", "mode 0: A / 3"},
		// coalesce's example, verbatim: _12:_1.
		{"auto layout = Layout<Shape <_2,Shape <_1,_6>>,\n                     Stride<_1,Stride<_6,_2>>>{};\nauto result = coalesce(layout);    // _12:_1", "12:1", "flatten(A)"},
		{"auto d = (4,2,3):(2,1,8); logical_divide(d, 4:2)", "((2,2),(2,3)):((4,1),(2,8))", "complement(B, shape(coalesce(A)))"},
		{"# a comment line\n\nauto d = (4,2,3):(2,1,8);\nprint(logical_divide(d, 4:2));", "((2,2),(2,3)):((4,1),(2,8))", "coalesce(A)"},
	} {
		s := eval.NewSession()
		x, err := ExplainBlock(s, c.block)
		require.NoError(t, err, c.block)
		assert.Equal(t, c.want, x.ResultText, c.block)
		_, ok := stepValues(x)[c.step]
		assert.True(t, ok, "%s: no step %q", c.block, c.step)
		checkStepsIn(t, s, x)
	}
}

func TestExplainBlockRefused(t *testing.T) {
	for _, c := range []struct{ block, msg string }{
		{"auto a = 4:1;\na = composition(a, 2:2);\nprint(a);", "not shown"},
		{"auto a = 4:1;\nauto b = nope(a);\nprint(b);", "line 2"},
		{"", "no statement"},
		{"# only a comment", "no statement"},
		{"auto a = 4:1;\nprint(a);", "expected a call"},
		{"auto a = size((4,2));", "not explained"},
		{"auto a = composition(4:1,\n", "line"},
	} {
		_, err := ExplainBlock(eval.NewSession(), c.block)
		require.Error(t, err, c.block)
		assert.Contains(t, err.Error(), c.msg, c.block)
	}
}

func TestStatements(t *testing.T) {
	assert.Equal(t, []string{"auto a = f(1; 2)", "print(a)"}, statements("auto a = f(1; 2); // x; y\n/* ; */ print(a);"))
}

// FuzzExplainBlock: any block gives an explanation or an error, never a panic.
func FuzzExplainBlock(f *testing.F) {
	f.Add(docComposition + "print(c);")
	f.Add("auto d = (4,2,3):(2,1,8); logical_divide(d, 4:2)")
	f.Add("auto a = 4:1;\na = composition(a, 2:2);\nprint(a);")
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 400 {
			return
		}
		x, err := ExplainBlock(eval.NewSession(), s)
		fuzzCheck(t, s, x, err)
	})
}
