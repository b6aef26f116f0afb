package explore

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func evaluate(req Request) Response {
	return Evaluate(context.Background(), req, DefaultLimits)
}

// TestDataView: one output line per input line, the last drawn, each cell's hover text
// its coordinate (natural coordinate when hierarchical) and its offset, computed by
// hand: ((2,2),3):((1,6),2) at (3,2) = ((1,1),2) → 1 + 6 + 4 = 11.
func TestDataView(t *testing.T) {
	r := evaluate(Request{Expr: "size((4,5))\n# c\n\n((2,2),3):((1,6),2)"})
	assert.Equal(t, []string{"20", "((2,2),3):((1,6),2)"}, r.Lines)
	assert.Equal(t, "layout", r.Kind)
	assert.Equal(t, "data", r.View)
	require.NotNil(t, r.Cells)
	assert.Equal(t, int64(4), r.Cells.M)
	assert.Equal(t, "(3,2) = ((1,1),2) → offset 11", r.Cells.Info[3*3+2])
	assert.Equal(t, "(0,1) = ((0,0),1) → offset 2", r.Cells.Info[1])
	assert.Contains(t, r.SVG, `data-m="3" data-n="2"`)
	assert.NotEmpty(t, r.Table)
	// Plain: the SVG of `cutego render`, without the marks.
	r = evaluate(Request{Expr: "(4,4)", Plain: true})
	assert.NotContains(t, r.SVG, "data-m")
	assert.Equal(t, "int tuple", r.Kind)
	assert.Equal(t, 16, strings.Count(r.SVG, "<rect "))
	// A lone integer is a number, not drawn.
	r = evaluate(Request{Expr: "size((4,5))"})
	assert.Empty(t, r.SVG)
	assert.Nil(t, r.Cells)
}

func TestErrorsAndLimits(t *testing.T) {
	r := evaluate(Request{Expr: "composition(1,"})
	assert.NotEmpty(t, r.Error)
	assert.Empty(t, r.SVG)
	r = evaluate(Request{Expr: "(65,64):(64,1)"})
	assert.Contains(t, r.Picture, "4,160 cells (65×64); the explorer draws at most 4,096")
	assert.Equal(t, "4,160", r.Size)
	r = evaluate(Request{Expr: "(4,4)", View: "nope"})
	assert.Contains(t, r.Picture, "unknown view")
	r = evaluate(Request{Expr: "(4,4)", View: "tv"})
	assert.Contains(t, r.Picture, "needs a tile")
	r = evaluate(Request{Expr: "(4,4):(-1,4)", View: "bank"})
	assert.Contains(t, r.Picture, "negative offset")
	r = evaluate(Request{Expr: "(4,4)", View: "bank", Elem: 3})
	assert.Contains(t, r.Picture, "not 1, 2, 4, 8 or 16")
}

// TestViews: the thread-value view and the bank view.
func TestViews(t *testing.T) {
	r := evaluate(Request{Expr: "(8,2):(2,1)", TV: "(4,4)"})
	assert.Equal(t, "tv", r.View)
	// Position 5 = (1,1) belongs to thread 2, value 1 (5 = 2·2 + 1).
	assert.Equal(t, "(1,1) ← thread 2, value 1", r.Cells.Info[1*4+1])
	r = evaluate(Request{Expr: "(8,64):(64,1)", View: "bank", Elem: 2})
	assert.Contains(t, r.Summary, "8-way bank conflict")
	r = evaluate(Request{Expr: "Sw<3,3,3> o 0 o (8,64):(64,1)", View: "bank", Elem: 2})
	assert.Contains(t, r.Summary, "conflict-free")
	assert.Equal(t, "composed layout", r.Kind)
}

func TestExplain(t *testing.T) {
	r := evaluate(Request{Expr: "complement(4:2, 24)", Explain: true})
	require.NotNil(t, r.Explain)
	assert.Empty(t, r.Explain.Error)
	assert.Equal(t, "(2,3):(1,8)", r.Explain.Result)
	last := r.Explain.Steps[len(r.Explain.Steps)-1]
	assert.Equal(t, "(2,3):(1,8)", last.Text)
	assert.Contains(t, last.SVG, "<svg ")
	r = evaluate(Request{Expr: "size(4)", Explain: true})
	assert.Contains(t, r.Explain.Error, "not explained")
}

// TestStopsOnContext: a request whose context is done stops and says so.
func TestStopsOnContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := Evaluate(ctx, Request{Expr: "(64,64):(64,1)"}, DefaultLimits)
	assert.Contains(t, r.Error, "stopped")
	assert.Empty(t, r.SVG)
}

// TestLongLines: a line over MaxLine is refused without being parsed (the parser's cost
// grows faster than linearly on some inputs), the others are evaluated.
func TestLongLines(t *testing.T) {
	long := "4:1@" + strings.Repeat("0@", 300000) + "0"
	r := evaluate(Request{Expr: long + "\n(2,2)"})
	require.Len(t, r.Lines, 2)
	assert.Contains(t, r.Lines[0], "600,005 bytes")
	assert.Equal(t, "(2,2)", r.Lines[1])
}

// BenchmarkAdversarialBody: a 1 MB body of adversarial lines is answered quickly.
func BenchmarkAdversarialBody(b *testing.B) {
	line := "4:1@" + strings.Repeat("0@", 10000) + "0" // 20 KB, over the limit
	body := strings.Repeat(line+"\n", 50)
	for b.Loop() {
		evaluate(Request{Expr: body})
	}
}

// TestSession: the lines of a request are one session, as `cutego eval` reads them: a
// name bound on one line is known on the next, and a declaration continued over two
// lines gives one output line. Expected values by CuTe's definitions, by hand:
// LayoutRight{} over (4,8) has strides (8,1); a∘(2,2):(1,4) is (a∘2:1, a∘2:4) = 2:8 and
// 2:1 (a's indices 0,4 are offsets 0,1); make_layout((2,3)) is column-major (1,2).
func TestSession(t *testing.T) {
	r := evaluate(Request{Expr: strings.Join([]string{
		"auto a = make_layout(make_shape(4,8), LayoutRight{});",
		"# a comment",
		"auto b = composition(a, make_layout(make_shape(2,2), make_stride(1,4)));",
		"auto c = make_layout(make_shape(2,",
		"                                3));",
		"size(a) + size(c)",
		"b",
	}, "\n")})
	assert.Equal(t, []string{"(4,8):(8,1)", "(2,2):(8,1)", "(2,3):(1,2)", "38", "(2,2):(8,1)"}, r.Lines)
	assert.Empty(t, r.Error)
	assert.Equal(t, "layout", r.Kind)
	require.NotNil(t, r.Cells)
	assert.Equal(t, "(1,1) → offset 9", r.Cells.Info[1*2+1])
	// Each request starts with no names.
	r = evaluate(Request{Expr: "b"})
	assert.Contains(t, r.Error, "b")
	require.Len(t, r.Lines, 1)
	assert.Contains(t, r.Lines[0], "error: ")
}

// TestSessionExplain: explain derives the last statement over the names of earlier
// lines; complement(4:2, 24) is (2,3):(1,8) as in TestExplain.
func TestSessionExplain(t *testing.T) {
	r := evaluate(Request{Expr: "auto A = make_layout(4, 2);\ncomplement(A, 24);", Explain: true})
	assert.Equal(t, []string{"4:2", "(2,3):(1,8)"}, r.Lines)
	require.NotNil(t, r.Explain)
	assert.Empty(t, r.Explain.Error)
	assert.Equal(t, "(2,3):(1,8)", r.Explain.Result)
	// The last statement a declaration: its right side is derived.
	r = evaluate(Request{Expr: "auto A = make_layout(4, 2);\nauto C = complement(A,\n  24);", Explain: true})
	assert.Equal(t, []string{"4:2", "(2,3):(1,8)"}, r.Lines)
	require.NotNil(t, r.Explain)
	assert.Empty(t, r.Explain.Error)
	assert.Equal(t, "(2,3):(1,8)", r.Explain.Result)
}

// TestSessionLimits: a statement continued over lines is bounded by MaxLine as a line
// is, and refused without being parsed; the names bound before it stay known.
func TestSessionLimits(t *testing.T) {
	lim := DefaultLimits
	lim.MaxLine = 100
	long := strings.Repeat("1,", 40) // 80 bytes
	expr := "auto a = make_layout(make_shape(4,8));\nauto b = make_shape(" + long + "\n" + long + "1);\nsize(a)"
	r := Evaluate(context.Background(), Request{Expr: expr}, lim)
	require.Len(t, r.Lines, 3)
	assert.Equal(t, "(4,8):(1,4)", r.Lines[0])
	assert.Contains(t, r.Lines[1], "the statement has 183 bytes; the explorer evaluates statements of at most 100 bytes")
	assert.Equal(t, "32", r.Lines[2])
	// The deadline is still looked at between the lines of a session.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r = Evaluate(ctx, Request{Expr: "auto a = make_layout(4);\na"}, DefaultLimits)
	assert.Contains(t, r.Error, "stopped")
	assert.Empty(t, r.Lines)
}
