package explain

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestExplainCoalesce: the result of CuTe's documentation (02_layout_algebra.md:
// coalesce(Layout<Shape<_2,Shape<_1,_6>>, Stride<_1,Stride<_6,_2>>>) is _12:_1; the
// column-major (2,4):(1,2) acts as 8:1), then by brute force, CuTe's post-conditions
// (coalesce.cpp's: the same size, depth ≤ 1, the same function on [0, size)) on every
// fold step: the layout after folding flat modes i… is the function of those modes.
func TestExplainCoalesce(t *testing.T) {
	explainChecked(t, "coalesce((2,(1,6)):(1,(6,2)))", "12:1")
	explainChecked(t, "coalesce((2,4):(1,2))", "8:1")
	for _, a := range []string{
		"(2,(1,6)):(1,(6,2))", "(4,2,3):(2,1,8)", "((2,2),(4,2)):((1,8),(2,16))", "(1,1,1):(3,5,7)",
		"(2,1,3):(1,9,2)", "(3,(2,1)):(2,(6,4))", "(1,4):(0,3)", "8:2", "(4,(2,3)):(0,(4,8))", "(2,2,2):(4,2,1)",
		"(1,(3,1)):(5,(1,7))", "((3,1),1):((2,0),5)",
	} {
		x := explainChecked(t, "coalesce("+a+")", "")
		l, err := cute.ParseLayout(a)
		require.NoError(t, err)
		f := cute.FlattenLayout(l)
		sh, st := leaves(f)
		n := len(sh)
		var fold []Step
		for _, s := range x.Steps {
			if strings.HasPrefix(s.Name, "fold ") {
				fold = append(fold, s)
			}
		}
		require.Len(t, fold, n, a)
		for k, s := range fold {
			i := n - 1 - k // the flat modes i… are folded
			suffix := cute.MustLayout(tupleOf(sh[i:]), tupleOf(st[i:]))
			sameFunction(t, suffix, s.Value.(cute.Layout), fmt.Sprintf("%s: %s", a, s.Name))
		}
		r := x.Result.(cute.Layout)
		sameFunction(t, l, r, a)
		assert.LessOrEqual(t, r.Shape().Depth(), 1, a)
	}
}

func tupleOf(v []int64) cute.IntTuple {
	e := make([]cute.IntTuple, len(v))
	for i, x := range v {
		e[i] = cute.Int(x)
	}
	return cute.Tuple(e...)
}

// sameFunction: want and got have the same size and the same values on [0, size).
func sameFunction(t *testing.T, want, got cute.Layout, what string) {
	t.Helper()
	require.Equal(t, want.Size(), got.Size(), what)
	for i := int64(0); i < want.Size(); i++ {
		w, err := want.Eval(i)
		require.NoError(t, err)
		g, err := got.Eval(i)
		require.NoError(t, err)
		assert.Equal(t, w, g, "%s at %d", what, i)
	}
}

func TestExplainCoalesceRefused(t *testing.T) {
	for _, e := range []string{"coalesce((4,2):(1,4), (1,1))", "coalesce(())", "coalesce((2,2):(E<0>{},E<1>{}))"} {
		_, err := Explain(e)
		assert.Error(t, err, e)
	}
}
