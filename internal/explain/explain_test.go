package explain

import (
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/internal/eval"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Results from CuTe's documentation (media/docs/cpp/cute/02_layout_algebra.md), each
// derived step by step; the final step must equal them.
var docCases = []struct{ expr, want string }{
	{"composition((6,2):(8,2), (4,3):(3,1))", "((2,2),3):((24,2),8)"},
	{"composition((20,2):(16,4), (4,5):(1,4))", "(4,5):(16,64)"},
	{"composition((12,(4,8)):(59,(13,1)), (3:4, 8:2))", "(3,(2,4)):(236,(26,1))"},
	{"complement(4:1, 24)", "6:4"},
	{"complement(6:4, 24)", "4:1"},
	{"complement((4,6):(1,4), 24)", "1:0"},
	{"complement(4:2, 24)", "(2,3):(1,8)"},
	{"complement((2,4):(1,6), 24)", "3:2"},
	{"complement((2,2):(1,6), 24)", "(3,2):(2,12)"},
	{"logical_divide((4,2,3):(2,1,8), 4:2)", "((2,2),(2,3)):((4,1),(2,8))"},
	{"logical_divide((9,(4,8)):(59,(13,1)), (3:3, (2,4):(1,8)))", "((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))"},
	{"zipped_divide((9,(4,8)):(59,(13,1)), (3:3, (2,4):(1,8)))", "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))"},
	{"tiled_divide((9,(4,8)):(59,(13,1)), (3:3, (2,4):(1,8)))", "((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))"},
	{"flat_divide((9,(4,8)):(59,(13,1)), (3:3, (2,4):(1,8)))", "(3,(2,4),3,(2,2)):(177,(13,2),59,(26,1))"},
	{"logical_product((2,2):(4,1), 6:1)", "((2,2),(2,3)):((4,1),(2,8))"},
	{"blocked_product((2,5):(5,1), (3,4):(1,3))", "((2,3),(5,4)):((5,10),(1,30))"},
	{"raked_product((2,5):(5,1), (3,4):(1,3))", "((3,2),(4,5)):((10,5),(30,1))"},
}

func TestExplainDocs(t *testing.T) {
	for _, c := range docCases {
		explainChecked(t, c.expr, c.want)
	}
}

// explainChecked explains expr and checks it: its last step is its result, which equals
// want where want is given, and checkSteps holds (each step and the result equal eval's).
func explainChecked(t *testing.T, expr, want string) *Explanation {
	t.Helper()
	x, err := Explain(expr)
	require.NoError(t, err, expr)
	assert.Equal(t, x.ResultText, x.Steps[len(x.Steps)-1].Text, expr)
	if want != "" {
		assert.Equal(t, want, x.ResultText, expr)
	}
	checkSteps(t, x)
	return x
}

// checkSteps: each step that names an expression gives its value when `cutego eval`
// evaluates that expression (a second path through the dispatch table), and the last
// step equals the direct eval of the whole call.
func checkSteps(t *testing.T, x *Explanation) { t.Helper(); checkStepsIn(t, eval.NewSession(), x) }

// checkStepsIn is checkSteps with the whole call evaluated in session s (its names).
func checkStepsIn(t *testing.T, s *eval.Session, x *Explanation) {
	t.Helper()
	for _, s := range x.Steps {
		if s.Expr == "" {
			continue
		}
		v, err := eval.Eval(s.Expr)
		if assert.NoError(t, err, "%s: step %s: %s", x.Op, s.Name, s.Expr) {
			assert.Equal(t, s.Text, v.String(), "%s: step %s: %s", x.Op, s.Name, s.Expr)
		}
	}
	direct, err := s.Eval(x.Op + "(" + strings.Join(x.Args, ",") + ")")
	require.NoError(t, err)
	assert.Equal(t, direct.String(), x.ResultText)
}

// TestExplainSteps pins the shape of a derivation: logical_divide names CuTe's
// intermediates in order.
func TestExplainSteps(t *testing.T) {
	x, err := Explain("logical_divide((4,2,3):(2,1,8), 4:2)")
	require.NoError(t, err)
	var names, values []string
	for _, s := range x.Steps {
		names, values = append(names, s.Name), append(values, s.Text)
	}
	assert.Equal(t, []string{"coalesce(A)", "shape(coalesce(A))", "complement(B, shape(coalesce(A)))",
		"make_layout(B, complement(…))", "composition(A, make_layout(B, complement(…)))"}, names)
	// complement(4:2, 24) = (2,3):(1,8) (CuTe docs), the tiler (4:2,(2,3):(1,8)).
	assert.Equal(t, []string{"(4,2,3):(2,1,8)", "(4,2,3)", "(2,3):(1,8)", "(4,(2,3)):(2,(1,8))", "((2,2),(2,3)):((4,1),(2,8))"}, values)

	x, err = Explain("logical_divide((16,8):(1,16), (4:2, 2:4))")
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(x.Steps[0].Name, "mode 0: "))
	checkSteps(t, x)

	// zip2_by by mode (by hand from CuTe's definition): under (2,_) the mode
	// ((2,2),(2,3)):((16,32),(64,128)) gives the tile part 2:16 and, from the `_` mode taken
	// as it is, 2:64; the tiles (4,(2,2)):(1,(16,64)), the rests (4,(2,3)):(4,(32,128)).
	x, err = Explain("zipped_divide((16,(4,(2,3))):(1,(16,(64,128))), (4:1,(2,_)))")
	require.NoError(t, err)
	step := map[string]string{}
	for _, s := range x.Steps {
		step[s.Name] = s.Text
	}
	assert.Equal(t, "(2,3):(64,128)", step["mode 1: mode 1: logical_divide(A, _)"])
	assert.Equal(t, "(2,3):(64,128)", step["mode 1: mode 1: (tile, rest)"])
	assert.Equal(t, "((2,2),(2,3)):((16,64),(32,128))", step["mode 1: make_layout(tiles, rests)"])
	assert.Equal(t, "(4,(2,2)):(1,(16,64))", step["tiles: make_layout(get<0>(mode i)…)"])
	assert.Equal(t, "(4,(2,3)):(4,(32,128))", step["rests: make_layout(get<1>(mode i)…)"])
}

// TestExplainInverses: the derivations end in CuTe's inverses, and the results invert
// (A(R(i)) = i for the right inverse; R(A(i)) = i for the left inverse of an injective A).
func TestExplainInverses(t *testing.T) {
	for _, a := range []string{"(4,8):(8,1)", "(2,3,4):(12,1,3)", "((2,2),(4,2)):((1,8),(2,16))", "8:2", "(4,2):(1,16)"} {
		l, err := cute.ParseLayout(a)
		require.NoError(t, err)
		x, err := Explain("right_inverse(" + a + ")")
		require.NoError(t, err, a)
		r := x.Result.(cute.Layout)
		for i := int64(0); i < r.Size(); i++ {
			ri, err := r.Eval(i)
			require.NoError(t, err)
			ai, err := l.Eval(ri)
			require.NoError(t, err)
			assert.Equal(t, i, ai, "right_inverse(%s) at %d", a, i)
		}
		x, err = Explain("left_inverse(" + a + ")")
		require.NoError(t, err, a)
		li := x.Result.(cute.Layout)
		checkSteps(t, x)
		for i := int64(0); i < l.Size(); i++ {
			ai, _ := l.Eval(i)
			back, err := li.Eval(ai)
			require.NoError(t, err)
			assert.Equal(t, i, back, "left_inverse(%s) at %d", a, i)
		}
	}
}

func TestExplainMore(t *testing.T) {
	for _, e := range []string{
		"complement((2,2):(1,6))",
		"complement(3:1, (8,3))",
		"logical_divide(16:1, 4)",
		"logical_divide((16,8):(1,16), (_, 2:4))",
		"zipped_divide((16,8):(1,16), 4:1)",
		"tiled_divide((16,8):(1,16), (4,2))",
		"flat_divide((16,8):(1,16), (4,2))",
		"zipped_product((2,2):(1,2), (3,4))",
		"tiled_product((2,2):(1,2), (3,4))",
		"flat_product((2,2):(1,2), (3,4))",
		"logical_product((2,2):(1,2), (3:1, 4:1))",
		"blocked_product(4:1, (2,3):(1,2))",
		"raked_product((2,2):(1,2), 3:1)",
		"composition((4,8):(8,1), ((2,2),4):((1,8),2))",
		"composition((16,8):(1,16), (4:2, 2:4))",
		"composition((16,8):(1,16), 4)",
	} {
		explainChecked(t, e, "")
	}
}

// byModeCases are tuple tilers that are nested or hold `_`: CuTe applies the operation
// mode by mode, `_` keeping its mode (layout.hpp's logical_divide/logical_product on a
// tuple, zip2_by for the zipped forms). want, where given, is derived by hand from those
// definitions; every case's last step must equal eval's result, which make interop
// checks against CUTLASS.
var byModeCases = []struct{ expr, want string }{
	// mode 0: 8:1 by 2 = (2,4):(1,2); mode 1: 4:8 kept, 6:32 by 3 = (3,2):(32,96).
	{"logical_divide((8,(4,6)):(1,(8,32)), (2,(_,3)))", "((2,4),(4,(3,2))):((1,2),(8,(32,96)))"},
	// mode 0: 16:1 by 4:1 = (4,4):(1,4); mode 1: 4:16 by 2 = (2,2):(16,32), (2,3):(64,128)
	// kept; zip2_by gathers the first parts, then the second.
	{"zipped_divide((16,(4,(2,3))):(1,(16,(64,128))), (4:1,(2,_)))", "((4,(2,2)),(4,(2,3))):((1,(16,64)),(4,(32,128)))"},
	{"tiled_divide((16,(4,(2,3))):(1,(16,(64,128))), (4:1,(2,_)))", "((4,(2,2)),4,(2,3)):((1,(16,64)),4,(32,128))"},
	{"flat_divide((16,(4,(2,3))):(1,(16,(64,128))), (4:1,(2,_)))", "(4,(2,2),4,(2,3)):(1,(16,64),4,(32,128))"},
	{"logical_divide((8,(4,6)):(1,(8,32)), (_,(2,_)))", ""},
	{"logical_divide((8,(4,6),3):(1,(8,32),192), ((2,4):(4,1),(2:2,_)))", ""},
	{"zipped_divide(((4,2),((2,(2,2)),6),5):((1,4),((8,(16,32)),64),384), (_,((2,_),3)))", ""},
	{"tiled_divide((8,((2,4),6),5):(1,((8,16),64),384), (4,(_,2)))", ""},
	{"flat_divide((8,(8,6)):(1,(8,64)), (2:4,(2,3)))", ""},
	{"logical_product((2,(2,3)):(1,(2,4)), (3,(_,2)))", ""},
	{"zipped_product((2,((2,2),3)):(1,((2,4),8)), (3,(_,2)))", ""},
	{"tiled_product((2,(2,3)):(1,(2,4)), (3,(2,2:1)))", ""},
	{"flat_product(((2,2),(2,3)):((1,2),(4,8)), (_,(2,4)))", ""},
	{"composition((8,(4,6)):(1,(8,32)), (2,(_,3)))", ""},
	{"composition((8,(4,6),2):(1,(8,32),192), (_,(2:2,_)))", ""},
}

func TestExplainByModeTilers(t *testing.T) {
	for _, c := range byModeCases {
		x := explainChecked(t, c.expr, c.want)
		var byMode bool
		for _, s := range x.Steps {
			byMode = byMode || strings.HasPrefix(s.Name, "mode 1: mode ")
		}
		assert.True(t, byMode, "%s: no nested by-mode step", c.expr)
	}
}

// TestExplainByModeRefused: where CuTe refuses a by-mode tiler (zip2_by under a leaf of
// the tiler needs a mode of rank 2), explain refuses with cute's error.
func TestExplainByModeRefused(t *testing.T) {
	for _, e := range []string{
		"zipped_divide((8,(4,6)):(1,(8,32)), (2,(_,3)))",
		"flat_product((2,(2,3)):(1,(2,4)), (3,(2,_)))",
		"logical_divide((8,4):(1,8), (2,4,2))",
	} {
		_, err := Explain(e)
		require.Error(t, err, e)
		_, eerr := eval.Eval(e)
		require.Error(t, eerr, e)
		assert.Contains(t, err.Error(), strings.TrimPrefix(eerr.Error(), "error: "), e)
	}
}

func TestExplainErrors(t *testing.T) {
	for _, c := range []struct{ expr, msg string }{
		{"size((4,5))", "not explained"},
		{"logical_divide((4,2):(1,4)", "unbalanced"},
		{"logical_divide((4,2):(1,4))", "takes 2 arguments"},
		{"logical_divide(nope(), 4)", "argument"},
		{"complement((4,4):(1,2), 32)", ""},
		{"4:1", "expected a call"},
	} {
		_, err := Explain(c.expr)
		require.Error(t, err, c.expr)
		assert.Contains(t, err.Error(), c.msg, c.expr)
	}
}

func TestSplitCall(t *testing.T) {
	n, a, err := splitCall("composition(Sw<3,4,3>, (8,(2,4)):(4,(1,32)))")
	require.NoError(t, err)
	assert.Equal(t, "composition", n)
	assert.Equal(t, []string{"Sw<3,4,3>", "(8,(2,4)):(4,(1,32))"}, a)
	_, a, err = splitCall("right_inverse()")
	require.NoError(t, err)
	assert.Empty(t, a)
}

// FuzzExplain: any input gives an explanation whose last step is the direct result, or
// an error; never a panic.
func FuzzExplain(f *testing.F) {
	for _, c := range docCases {
		f.Add(c.expr)
	}
	for _, c := range byModeCases {
		f.Add(c.expr)
	}
	for _, s := range []string{"left_inverse(())", "right_inverse(1:0)", "complement((),4)", "blocked_product((),())",
		"composition(4:0, (2,2):(0,1))", "logical_divide((1,1):(0,0), (1,1))", "left_inverse((4,4):(0,0))", "complement(4:0)", "coalesce((1,(1,1)):(0,(3,0)))", "coalesce((2,(3,4)):(12,(4,1)))"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 200 {
			return
		}
		x, err := Explain(s)
		fuzzCheck(t, s, x, err)
	})
}

// fuzzCheck: an explanation whose last step is its result, or an error that is not an
// internal one (a recovered panic).
func fuzzCheck(t *testing.T, s string, x *Explanation, err error) {
	t.Helper()
	if err != nil {
		if strings.Contains(err.Error(), "internal error") {
			t.Fatalf("%q: %v", s, err)
		}
		return
	}
	if x.Steps[len(x.Steps)-1].Text != x.ResultText {
		t.Fatalf("%q: last step %s, result %s", s, x.Steps[len(x.Steps)-1].Text, x.ResultText)
	}
}
