package eval

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cppCore: expected values printed by C++ CuTe (CUTLASS 4.x headers, host g++, every
// integer Int<N>{}), `_` marks removed. The program is testdata/cpp/core.cpp; its output
// is testdata/cpp/core.out.
var cppCore = []struct{ in, want string }{
	{"make_layout(make_layout(8))", "(8):(1)"},
	{"make_layout(make_layout(8),make_layout((2,3)))", "(8,(2,3)):(1,(1,2))"},
	{"make_layout((4,5),LayoutRight)", "(4,5):(5,1)"},
	{"make_layout((4,1,5),LayoutRight)", "(4,1,5):(5,0,1)"},
	{"crd2idx((1,2),(4,5))", "9"},
	{"idx2crd(17,(4,5))", "(1,4)"},
	{"(2,(3,4)):(1,(2,6))(17)", "17"},
	{"get((2,(3,4)):(1,(2,6)),1,0)", "3:2"},
	{"layout((2,(3,4)):(1,(2,6)),1)", "(3,4):(2,6)"},
	{"shape((2,(3,4)):(1,(2,6)),1)", "(3,4)"},
	{"size((2,(3,4)):(1,(2,6)),1)", "12"},
	{"cosize((2,(3,4)):(1,(2,6)))", "24"},
	// testdata/cpp/cosize.cpp: CuTe's cosize is size(coshape), not L(size-1)+1.
	{"cosize((4,3):(-1,4))", "12"},
	{"cosize((4,3):(2,-1))", "9"},
	{"cosize((4,3):(0,1))", "3"},
	{"cosize(make_identity_layout((4,3)))", "12"},
	{"rank((2,(3,4)):(1,(2,6)))", "2"},
	{"depth((2,(3,4)):(1,(2,6)))", "2"},
	{"stride((2,(3,4)):(1,(2,6)))", "(1,(2,6))"},
	{"Sw<3,4,3>(128)", "144"},
	{"Sw<2,0,-2>(3)", "15"},
	{"rank((4,5))", "2"},
	{"depth(4)", "0"},
	{"size(())", "1"},
	{"(2,(3,4)):(1,(2,6))((1,5))", "11"},
	{"(2,(3,4)):(1,(2,6))(1,(2,1))", "11"},
}

func TestEvalCpp(t *testing.T) {
	for _, c := range cppCore {
		got, skip := Line(c.in)
		require.False(t, skip)
		assert.Equal(t, c.want, got, c.in)
	}
}

// Examples from CuTe's docs (01_layout.md, 02_layout_algebra.md) and docs/EVAL.md.
func TestEvalDocs(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"(4,5):(16,64)(3)", "48"},
		{"size((2,(3,4)):(1,(2,6)))", "24"},
		{"make_layout((2,(3,4)))", "(2,(3,4)):(1,(2,6))"},
		{"(_4,_5):(_16,_64)", "(4,5):(16,64)"},
		{"Sw<3,4,3>", "Sw<3,4,3>"},
		{"make_swizzle(3,4,3)", "Sw<3,4,3>"},
		{"make_composed_layout(Sw<3,4,3>,0,make_layout((8,64),LayoutRight))", "Sw<3,4,3> o 0 o (8,64):(64,1)"},
		// 01_layout.md: (3,(2,3)):(3,(12,1)) at 1-D and 2-D coordinates.
		{"(3,(2,3)):(3,(12,1))(16)", "17"},
		{"(3,(2,3)):(3,(12,1))((1,5))", "17"},
		{"(3,(2,3)):(3,(12,1))((1,(1,2)))", "17"},
		{"congruent((1,(2,3)),(4,(5,6)))", "true"},
		{"congruent((1,(2,3)),(4,5))", "false"},
		{"(4,5):(1@0,1@1)((2,3))", "(2,3)"},
		// tuples holding calls: the same as the literal tuples.
		{"(4,5):(1,4)(size(2),_)", "(5):(4)"},
		{"slice((size(2),_),(4,5):(1,4))", "(5):(4)"},
		{"(make_layout(4,2),make_layout(2,4))", "(4:2,2:4)"},
	} {
		got, _ := Line(c.in)
		assert.Equal(t, c.want, got, c.in)
	}
}

func TestEvalErrors(t *testing.T) {
	for _, c := range []struct{ in, prefix string }{
		{"foo(1)", `error: parse: unknown function "foo" at byte 0 of "foo(1)"`},
		{"make_layuot(4)", `error: parse: unknown function "make_layuot" at byte 0 of "make_layuot(4)"; did you mean "make_layout"?`},
		{"auto a = make_layout(4); sise(a)", `error: parse: unknown function "sise" at byte 25 of …"uto a = make_layout(4); sise(a)"; did you mean "size"?`},
		{"auto tile = 4; tiel", `error: parse: unknown name "tiel" at byte 15 of "auto tile = 4; tiel"; did you mean "tile"?`},
		{"Shpe<_4>{}", `error: parse: unknown name "Shpe" at byte 0 of "Shpe<_4>{}"; did you mean "Shape"?`},
		{"4:1\x00garbage(((", `error: parse: NUL byte at byte 3 of "4:1\x00garbage((("`},
		{"size(4) /* open", `error: parse: unterminated /* comment at byte 8 of "size(4) /* open"`},
		{"1 + (4,5)", "error: operator +: expected integers, got int tuple (4,5)"},
		{"9223372036854775807 + 1", "error: operator +: 9223372036854775807 + 1 overflows int64"},
		{"7 % 0", "error: operator %: division by zero"},
		{"Int<8, 2>{}", "error: parse: Int: takes one template argument, got 2 at byte 0"},
		{"(4,5", "error: parse:"},
		{"size()", "error: size: takes at least 1 arguments, got 0"},
		{"make_swizzle(3,4,2)", "error: make_swizzle:"},
		{"get((4,5):(1,4),2)", "error: layout: mode 2 out of range"},
		{"make_layout((4,5),(1,2,3))", "error: make_layout:"},
		{"Sw<3,4,3>(1,2)", "error: a swizzle applies to an integer"},
		{"size(Sw<3,4,3>)", "error: size: argument 1: expected an int tuple or a layout"},
		{"rank(LayoutLeft)", "error: rank: argument 1:"},
		{"(4,5):(1,4) junk", `error: parse: unexpected "junk" after the expression at byte 12`},
		{"bogus", `error: parse: unknown name "bogus" at byte 0`},
		{"size((4,5):(1,4)", "error: parse: missing ')' at the end at byte 16"},
		{"make_layout((9223372036854775807,2))", "error: make_layout:"},
	} {
		got, skip := Line(c.in)
		require.False(t, skip)
		assert.True(t, strings.HasPrefix(got, c.prefix), "%s: got %q, want prefix %q", c.in, got, c.prefix)
	}
}

func TestRunOneLinePerLine(t *testing.T) {
	in := "size((4,5))\n\n# a comment\n   \nfoo(\n(4,5):(16,64)(3)\n// c\nsize(\nrank((1,2,3))" // no final newline
	var out bytes.Buffer
	failed, err := Run(strings.NewReader(in), &out)
	require.NoError(t, err)
	assert.Equal(t, 2, failed)
	assert.Equal(t, "20\nerror: parse: unknown function \"foo\" at byte 0 of \"foo(\"\n48\nerror: parse: unexpected end of expression at byte 5 of \"size(\"\n3\n", out.String())
}

// TestRunInteractive: a caller that writes a line and waits for its answer must get it
// before writing the next line.
func TestRunInteractive(t *testing.T) {
	pr, pw := io.Pipe()
	or, ow := io.Pipe()
	done := make(chan error, 1)
	go func() { _, err := Run(pr, ow); done <- err; ow.Close() }()
	rd := bufio.NewReader(or)
	for i := 1; i <= 3; i++ {
		fmt.Fprintf(pw, "size((%d,2))\n", i)
		line, err := rd.ReadString('\n')
		require.NoError(t, err)
		assert.Equal(t, fmt.Sprintf("%d\n", 2*i), line)
	}
	pw.Close()
	require.NoError(t, <-done)
}

func BenchmarkRun(b *testing.B) {
	lines := []string{
		"make_layout((4,5),LayoutRight)", "(2,(3,4)):(1,(2,6))(17)", "size((2,(3,4)):(1,(2,6)))",
		"get((2,(3,4)):(1,(2,6)),1,0)", "crd2idx((1,2),(4,5))", "Sw<3,4,3>(128)",
	}
	var sb strings.Builder
	for i := 0; i < 20000; i++ {
		sb.WriteString(lines[i%len(lines)])
		sb.WriteByte('\n')
	}
	in := sb.String()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Run(strings.NewReader(in), io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

func FuzzEval(f *testing.F) {
	for _, c := range cppCore {
		f.Add(c.in)
	}
	for _, s := range []string{"composition((20,2):(16,4),(4,5):(1,4))", "logical_divide((16,8):(1,16),(4:2,2:4))",
		"local_tile((16,64):(1,16),(4,8),(1,_))", "make_identity_layout((4,5))", "upcast(Sw<3,4,3> o 0 o (8,64):(64,1),2)",
		"complement((4,6):(1,4),48)", "congruent((1,2),(3,4))", "coalesce((2,(1,6)):(1,(6,2)),(1,1))", "(4,5):(1,4)(_,2)", "((make_layout(4),_))", "Sw<3,4,3> o 0 o (8,64):(64,1)(3)", "size(", ")", "(((((", "f(g(h(1)))",
		"auto a = make_layout(make_shape(Int<8>{},_4{}), LayoutRight{}); a(1,2)", "Layout<Shape<_8,_4>, Stride<_4,_1>>{}",
		"recast_layout<uint16_t,uint32_t>(make_layout(make_shape(8,4)))", "composition(Swizzle<3,4,3>{}, make_layout(make_shape(8,64)))",
		"cute::size<1>(make_layout(make_shape(2,3))) /* c */ + 1 // d", "auto a = make_layout(", "print(1); print_layout(8:2);",
		"Sw<2,0,3> o 0 o Sw<2,0,3> o 0 o (8,8):(1,8)", "take<1,3>(Layout<Shape<_2,_3,_5,_7>>{})", "-1@1", "_-3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		// One line in → at most one line out, never a panic.
		s = strings.NewReplacer("\n", " ", "\r", " ").Replace(s)
		var out bytes.Buffer
		if _, err := Run(strings.NewReader(s+"\n"), &out); err != nil {
			t.Fatal(err)
		}
		n := strings.Count(out.String(), "\n")
		sess := NewSession()
		_, ok1 := sess.Line(s)
		_, ok2 := sess.Close() // a statement left open is answered at the end
		skip := !ok1 && !ok2
		if skip && n != 0 || !skip && n != 1 {
			t.Fatalf("%q: %d output lines: %q", s, n, out.String())
		}
		// A result is in CuTe's printed form: it reads back as itself.
		res := strings.TrimSuffix(out.String(), "\n")
		if !skip && !strings.HasPrefix(res, "error: ") && res != "_" {
			if again, _ := Line(res); again != res {
				t.Fatalf("%q printed %q, which reads back as %q", s, res, again)
			}
		}
	})
}

// cppTuples: expected values printed by C++ CuTe (testdata/cpp/tuples.cpp → tuples.out,
// `_` removed); C++ prints the true_type of weakly_congruent/compatible as `_1`, which
// eval prints as `true` (docs/EVAL.md).
var cppTuples = []struct{ in, want string }{
	{"flatten((2,(3,4)))", "(2,3,4)"},
	{"flatten((2,(3,4)):(1,(2,6)))", "(2,3,4):(1,2,6)"},
	{"weakly_congruent(1,(2,3))", "true"},
	{"compatible(6,(2,3))", "true"},
	{"prefix_product((2,3,4))", "(1,2,6)"},
	{"prefix_product((2,3,4),2)", "(2,4,12)"},
	{"shape_div((4,5,6),40)", "(1,1,3)"},
	{"ceil_div((4,5,6),40)", "(1,1,3)"},
	{"elem_scale((2,3),(4,5))", "(8,15)"},
	{"inner_product((2,3),(4,5))", "23"},
	{"idx2crd(17,(4,5),(1,4))", "(1,4)"},
	{"idx2crd((1,3),(4,5))", "(1,3)"},
	{"make_ordered_layout((2,3,4),(1,2,0))", "(2,3,4):(4,8,1)"},
	{"make_layout_like((2,3):(0,4))", "(2,3):(0,1)"},
	{"make_identity_layout((4,5))", "(4,5):(1@0,1@1)"},
	{"append((4,5):(1,4),2:20)", "(4,5,2):(1,4,20)"},
	{"prepend((4,5):(1,4),2:20)", "(2,4,5):(20,1,4)"},
	{"append((4,5),6)", "(4,5,6)"},
	{"append(4,6)", "(4,6)"},
	{"group((2,3,4,5):(1,2,6,24),1,3)", "(2,(3,4),5):(1,(2,6),24)"},
	{"take((2,3,4,5):(1,2,6,24),1,3)", "(3,4):(2,6)"},
	{"select((2,3,4,5):(1,2,6,24),3,0)", "(5,2):(24,1)"},
	{"slice((_,2),(4,5):(1,4))", "(4):(1)"},
	{"dice((_,2),(4,5):(1,4))", "(5):(4)"},
	{"(4,5):(1,4)(_,2)", "(4):(1)"},
	{"(4,5):(1,4)(2,_)", "(5):(4)"},
	{"upcast((4,5):(1,4),2)", "(2,5):(1,2)"},
	{"downcast((4,5):(1,4),2)", "(8,5):(1,8)"},
	{"recast_layout((4,5):(1,4),16,32)", "(2,5):(1,2)"},
	{"upcast(Sw<3,4,3>,2)", "Sw<3,3,3>"},
	{"make_identity_layout((4,5))((2,3))", "(2,3)"},
	{"slice((_,1),(4,5))", "(4)"},
	{"make_layout((4,5))", "(4,5):(1,4)"},
}

func TestEvalCppTuples(t *testing.T) {
	for _, c := range cppTuples {
		got, _ := Line(c.in)
		assert.Equal(t, c.want, got, c.in)
	}
}

// cppComposed: composed layouts, from testdata/cpp/composed.cpp → composed.out.
var cppComposed = []struct{ in, want string }{
	{"take(Sw<3,4,3> o 0 o ((8,2),64):((64,512),1),0,1)", "Sw<3,4,3> o 0 o ((8,2)):((64,512))"},
	{"flatten(Sw<3,4,3> o 0 o ((8,2),64):((64,512),1))", "Sw<3,4,3> o 0 o (8,2,64):(64,512,1)"},
	{"Sw<3,4,3> o 0 o (8,64):(64,1)(1,1)", "65"},
	{"upcast(Sw<3,4,3> o 0 o (8,64):(64,1),2)", "Sw<3,3,3> o 0 o (8,32):(32,1)"},
	{"Sw<3,4,3> o 0 o (8,64):(64,1)(_,3)", "((2,4)):((64,144))"},
	{"slice((2,_),Sw<3,4,3> o 0 o (8,64):(64,1))", "((16,2,2)):((1,-16,32))"},
}

func TestEvalCppComposed(t *testing.T) {
	for _, c := range cppComposed {
		got, _ := Line(c.in)
		assert.Equal(t, c.want, got, c.in)
	}
}

// TestEvalDeepNesting: one depth limit, cute.MaxParseDepth, over parentheses, calls,
// template arguments and unary minus alike.
func TestEvalDeepNesting(t *testing.T) {
	const d = cute.MaxParseDepth
	deep := "error: parse: nested deeper than 256 levels (cute.MaxParseDepth) at byte "
	got, _ := Line(strings.Repeat("(", 5_000_000))
	assert.True(t, strings.HasPrefix(got, deep+"256 of"), got)
	assert.Less(t, len(got), 200)
	got, _ = Line(strings.Repeat("size(", d+1) + "1" + strings.Repeat(")", d+1))
	assert.True(t, strings.HasPrefix(got, deep+"1284 of"), got)
	got, _ = Line(strings.Repeat("size(", d) + "1" + strings.Repeat(")", d))
	assert.Equal(t, "1", got)
	got, _ = Line(strings.Repeat("Shape<", d+1) + "1" + strings.Repeat(">", d+1))
	assert.True(t, strings.HasPrefix(got, deep+"1541 of"), got)
	got, _ = Line(strings.Repeat("-", d+2) + "1")
	assert.True(t, strings.HasPrefix(got, deep+"257 of"), got)
	got, _ = Line(strings.Repeat("x", 100000) + "(")
	assert.Less(t, len(got), 300)
}
