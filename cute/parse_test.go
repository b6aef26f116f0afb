package cute

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseRoundTrip(t *testing.T) {
	for _, s := range []string{
		"8", "-3", "()", "(8)", "(2,(3,4))", "(4,5):(16,64)", "8:1", "(2,(3,4)):(1,(2,6))",
		"(4:2,2:4)", "(2,_)", "_", "Sw<3,4,3>", "Sw<3,4,3> o 0 o (8,64):(64,1)",
		"(4,5):(1@0,1@1)", "(2,3):(1@1@0,1@0)", "((2,2),4):((1,8),0)", "(4:1,(2,2):(1,8))",
	} {
		v, err := Parse(s)
		require.NoError(t, err, s)
		assert.Equal(t, s, v.String())
	}
}

func TestParseStaticMarks(t *testing.T) {
	v, err := Parse("(_4,_5):(_16,_64)")
	require.NoError(t, err)
	assert.Equal(t, "(4,5):(16,64)", v.String())
	l, err := ParseLayout("(2,(3,4))")
	require.NoError(t, err)
	assert.Equal(t, "(2,(3,4)):(1,(2,6))", l.String()) // CuTe docs: column-major of a shape
}

func TestParseErrors(t *testing.T) {
	for _, s := range []string{"", "(", "(4,5):(1)", "(4,5", "4:", "Sw<1,2>", "abc", "(4,5):(1,2) x", "0:1", "Sw<3,4,2>"} {
		_, err := Parse(s)
		require.Error(t, err, s)
		var e *Error
		require.ErrorAs(t, err, &e)
	}
}

// CuTe's 01_layout.md: evaluating (3,(2,3)):(3,(12,1)) at 1-D and hierarchical coordinates.
func TestEvalDocsExample(t *testing.T) {
	l, err := ParseLayout("(3,(2,3)):(3,(12,1))")
	require.NoError(t, err)
	// 1-D coordinate 16 is (1,(1,2)) in (3,(2,3)): 1*3 + 1*12 + 2*1 = 17.
	got, err := l.Eval(16)
	require.NoError(t, err)
	assert.Equal(t, int64(17), got)
	c, err := Idx2Crd(16, l.Shape())
	require.NoError(t, err)
	assert.Equal(t, "(1,(1,2))", c.String())
	r, err := l.Call(Tuple(Int(1), Int(5)))
	require.NoError(t, err)
	assert.Equal(t, "17", r.String())
	r, err = l.Call(Tuple(Int(1), Ints(1, 2)))
	require.NoError(t, err)
	assert.Equal(t, "17", r.String())
}

func TestIdentityLayoutEval(t *testing.T) {
	l, err := ParseLayout("(4,5):(1@0,1@1)")
	require.NoError(t, err)
	r, err := l.Call(Int(7))
	require.NoError(t, err)
	assert.Equal(t, "(3,1)", r.String())
}

func TestSwizzleDocs(t *testing.T) {
	sw, err := ParseSwizzle("Sw<3,4,3>")
	require.NoError(t, err)
	assert.Equal(t, int64(144), sw.Apply(128)) // CUTE-SEMANTICS: Sw<3,4,3>(128) = 144
	for x := int64(0); x < 4096; x++ {
		assert.Equal(t, x, sw.Apply(sw.Apply(x)))
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"(4,5):(16,64)", "(4:2,2:4)", "Sw<3,4,3> o 0 o (8,64):(64,1)", "(2,(3,4))", "_", "1@0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := Parse(s)
		if err != nil {
			return
		}
		v2, err := Parse(v.String())
		if err != nil {
			t.Fatalf("re-parse of %q (from %q): %v", v.String(), s, err)
		}
		if v2.String() != v.String() {
			t.Fatalf("round trip: %q -> %q -> %q", s, v.String(), v2.String())
		}
	})
}
