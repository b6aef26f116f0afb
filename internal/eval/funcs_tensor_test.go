package eval

import (
	"io"
	"os"
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEvalCppTensor: tensors over counting_iterator<int> against C++ CuTe
// (testdata/cpp/tensor.cpp → tensor.out), in one session: each "input<TAB>output" line
// is one eval line (declarations bind t, r, s, u for the lines after them) and must print
// what C++'s print printed; each "== expr" block is print_tensor(expr) as C++ printed it,
// header and values.
func TestEvalCppTensor(t *testing.T) {
	lines, blocks := checkCppOut(t, "testdata/cpp/tensor.out")
	assert.Equal(t, 26, lines)
	assert.Equal(t, 16, blocks)
}

// checkCppOut feeds the lines of a C++ program's output (tensor.cpp's format) to one
// session: each "input<TAB>output" line is one eval line that must print output, each
// "== expr" block print_tensor(expr) as C++ printed it. It returns the lines and blocks
// checked.
func checkCppOut(t *testing.T, file string) (lines, blocks int) {
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	s := NewSession()
	text := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	for i := 0; i < len(text); i++ {
		if expr, ok := strings.CutPrefix(text[i], "== "); ok {
			j := i + 1
			for j < len(text) && !strings.HasPrefix(text[j], "== ") {
				j++
			}
			want := strings.Join(text[i+1:j], "\n") + "\n"
			i = j - 1
			r, ok := s.Line(expr)
			require.True(t, ok, expr)
			require.NoError(t, r.Err, expr)
			tv, ok := r.Value.(interface{ PrintTensor(io.Writer) error })
			require.True(t, ok, "%s is %T", expr, r.Value)
			var b strings.Builder
			require.NoError(t, tv.PrintTensor(&b))
			assert.Equal(t, stripStatic(want), b.String(), expr)
			blocks++
			continue
		}
		in, want, ok := strings.Cut(text[i], "\t")
		require.True(t, ok, text[i])
		r, ok := s.Line(in)
		require.True(t, ok, in)
		assert.Equal(t, stripStatic(want), r.String(), in)
		lines++
	}
	return lines, blocks
}

// TestIotaTensorBruteForce: the values of views of iota_tensor((M,N)) (column-major, so
// element (m,n) is m + n·M) against index arithmetic written out here: local_tile's
// tile (i,j) holds (ci·TM + i) + (cj·TN + j)·M; local_partition's thread idx of a
// column-major (A,B) thread layout holds (ti + i·A) + (tj + j·B)·M with (ti,tj) =
// (idx mod A, idx / A); zipped_divide's ((i,j),(p,q)) holds (p·TM + i) + (q·TN + j)·M.
func TestIotaTensorBruteForce(t *testing.T) {
	at := func(v cute.Value, c ...int64) int64 {
		cs := make([]cute.Value, len(c))
		for i, x := range c {
			cs[i] = cute.Int(x)
		}
		r := apply(v, cs)
		x, ok := asInt(r)
		require.True(t, ok, "%v", r)
		return x
	}
	for _, mn := range [][2]int64{{8, 8}, {12, 6}, {16, 4}, {4, 20}} {
		M, N := mn[0], mn[1]
		s := NewSession()
		r, _ := s.Line("auto T = iota_tensor(make_shape(" + itoa(M) + "," + itoa(N) + "));")
		require.NoError(t, r.Err)
		for _, tile := range [][2]int64{{2, 2}, {4, 2}, {2, 1}, {1, 2}} {
			TM, TN := tile[0], tile[1]
			if M%TM != 0 || N%TN != 0 {
				continue
			}
			for ci := int64(0); ci < M/TM; ci++ {
				for cj := int64(0); cj < N/TN; cj++ {
					r, _ := s.Line("local_tile(T, (" + itoa(TM) + "," + itoa(TN) + "), (" + itoa(ci) + "," + itoa(cj) + "))")
					require.NoError(t, r.Err)
					for i := int64(0); i < TM; i++ {
						for j := int64(0); j < TN; j++ {
							assert.Equal(t, (ci*TM+i)+(cj*TN+j)*M, at(r.Value, i, j))
						}
					}
				}
			}
			// threads laid out (A,B) = (TM,TN)
			A, B := TM, TN
			for idx := int64(0); idx < A*B; idx++ {
				r, _ := s.Line("local_partition(T, make_layout((" + itoa(A) + "," + itoa(B) + ")), " + itoa(idx) + ")")
				require.NoError(t, r.Err)
				ti, tj := idx%A, idx/A
				for i := int64(0); i < M/A; i++ {
					for j := int64(0); j < N/B; j++ {
						assert.Equal(t, (ti+i*A)+(tj+j*B)*M, at(r.Value, i, j))
					}
				}
			}
			r, _ := s.Line("zipped_divide(T, (" + itoa(TM) + "," + itoa(TN) + "))")
			require.NoError(t, r.Err)
			z := r.Value
			for i := int64(0); i < TM; i++ {
				for j := int64(0); j < TN; j++ {
					for p := int64(0); p < M/TM; p++ {
						for q := int64(0); q < N/TN; q++ {
							c := cute.Tuple(cute.Ints(i, j), cute.Ints(p, q))
							v := apply(z, []cute.Value{c})
							assert.Equal(t, cute.Int((p*TM+i)+(q*TN+j)*M), v)
						}
					}
				}
			}
		}
	}
}

func itoa(v int64) string { return cute.Int(v).String() }

// TestTensorLines: the one-line forms and the errors.
func TestTensorLines(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"iota_tensor((8,8))", "counting_iter(0) o (8,8):(1,8)"},
		{"iota_tensor(make_shape(4,6), LayoutRight{})", "counting_iter(0) o (4,6):(6,1)"},
		{"print_tensor(iota_tensor((8,8)))", "counting_iter(0) o (8,8):(1,8)"},
		{"local_partition(iota_tensor((8,8)), (2,4), 3)", "counting_iter(9) o (4,2):(2,32)"},
		// thread 3 of (2,4) is (1,1); its element (3,1) is (1+3·2, 1+1·4) = (7,5) → 7+5·8
		{"local_partition(iota_tensor((8,8)), (2,4), 3)(3,1)", "47"},
		{"size(local_partition(iota_tensor((8,8)), (2,4), 3))", "8"},
		{"shape(local_tile(iota_tensor((8,8)), (4,2), (1,_)))", "(4,2,4)"},
		{"layout(iota_tensor(8))", "8:1"},
		{"counting_iterator<int64_t>(5)", "counting_iter(5)"},
		{"make_tensor(counting_iterator<long>(4294967296), 4)", "counting_iter(4294967296) o 4:1"},
		{"coalesce(iota_tensor((2,4)))", "counting_iter(0) o 8:1"},
		{"make_tensor(counting_iterator<int>(2147483640), 8)", "counting_iter(2147483640) o 8:1"},
		{"make_tensor(counting_iterator<int>(2147483640), 9)", "error: make_tensor: counting_iter(2147483640) o 9:1 counts past the range of int"},
		{"make_tensor(counting_iterator<int64_t>(9223372036854775807), 2:-1)", "counting_iter(9223372036854775807) o 2:-1"},
		{"make_tensor(counting_iterator<int64_t>(9223372036854775807), 2:1)", "error: make_tensor: counting_iter(9223372036854775807) o 2:1 counts past the range of int64_t"},
		{"make_tensor(8:1, 8)", "error: make_tensor: argument 1: expected a counting_iterator (eval's tensors count: make_tensor(counting_iterator<int>(0), layout)), got layout 8:1"},
		{"counting_iterator<float>(0)", "error: counting_iterator: argument 2: a counting iterator counts in int, int32_t, long or int64_t, not float"},
		{"print_tensor(8:1)", "error: print_tensor: argument 1: expected a tensor, got layout 8:1"},
		{"complement(iota_tensor(8))", "error: complement: argument 1: expected a layout, got tensor counting_iter(0) o 8:1"},
		{"make_tensor(counting_iterator<int>(0), (4,2):(1@0,1@1))", "error: make_tensor: layout (4,2):(1@0,1@1) has scaled-basis strides: a tensor over an iterator needs integer strides"},
		{"counting_iterator(1,2)", "error: counting_iterator: argument 2: a second count (counting_iterator<T>(n) takes one)"},
		{"counting_iterator<int,long>()", "error: counting_iterator: argument 2: a second element type"},
		{"counting_iterator()", "counting_iter(0)"},
		// CuTe's printed forms read back
		{"counting_iter(9) o (4,2):(2,32)", "counting_iter(9) o (4,2):(2,32)"},
		{"counting_iter(9) o (4,2):(2,32)(1,1)", "43"},
		{"counting_iter(4294967296) o ((2,2)):((1,2))", "counting_iter(4294967296) o ((2,2)):((1,2))"},
		{"counting_iter(-3) o (4,2)", "counting_iter(-3) o (4,2):(1,4)"},
		{"counting_iter(3) o Sw<1,1,1>", "error: parse: the layout of a tensor: expected a layout, got swizzle Sw<1,1,1> at byte 19 of \"counting_iter(3) o Sw<1,1,1>\""},
		{"counting_iter(9223372036854775807) o 2:1", "error: make_tensor: counting_iter(9223372036854775807) o 2:1 counts past the range of int64_t"},
		{"counting_iterator<int>(-2147483648)", "counting_iter(-2147483648)"},
		{"counting_iterator<int>(-2147483649)", "error: counting_iterator: -2147483649 is outside the range of int"},
	} {
		got, _ := Line(c.in)
		assert.Equal(t, c.want, got, c.in)
	}
}

// TestPrintTensorBound: print_tensor refuses a tensor too large to print.
func TestPrintTensorBound(t *testing.T) {
	v, err := Eval("iota_tensor((2048,1024))")
	require.NoError(t, err)
	var b strings.Builder
	err = v.(Tensor).PrintTensor(&b)
	var ce *cute.Error
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, "print_tensor", ce.Op)
	assert.Zero(t, b.Len())
}

// TestTensorEveryFunction: every function of the table given tensors among its arguments
// answers a value or an error of the function, never an internal error (a recovered
// panic).
func TestTensorEveryFunction(t *testing.T) {
	argLists := []string{"T", "T, 2", "T, (2,2)", "T, (2,2), 1", "T, (2,2), (1,_)", "T, 0, 1",
		"8:1, T", "T, T", "(4,4), T, 1", "T, 2:1, 1, 0"}
	for _, name := range Names() {
		for _, args := range argLists {
			s := NewSession()
			r, _ := s.Line("auto T = local_tile(iota_tensor((8,8)), (4,4), (1,1));")
			if r.Err != nil {
				t.Fatal(r.Err)
			}
			line := name + "(" + args + ")"
			r, ok := s.Line(line)
			assert.True(t, ok, line)
			assert.NotContains(t, r.String(), "internal error", line)
		}
	}
	for _, app := range []string{"T(1)", "T(1,2)", "T(_,2)", "T((1,_))", "T(9,9)", "T(-1)", "T(T)", "T(_)", "T(1,2,3)", "T(1@0)"} {
		s := NewSession()
		s.Line("auto T = iota_tensor((8,8));")
		r, _ := s.Line(app)
		assert.NotContains(t, r.String(), "internal error", app)
	}
}

// TestPrintTensorStatement: print_tensor(…); as a C++ statement answers one line, also
// when its arguments continue over several lines (docs/EVAL.md's output contract).
func TestPrintTensorStatement(t *testing.T) {
	in := "auto tA = make_tensor(counting_iterator<int>(0), make_layout(make_shape(4,4)));\n" +
		"print_tensor(\n  local_tile(tA, make_shape(2,2),\n             make_coord(1,1)));\nprint_tensor(tA);\n"
	var out strings.Builder
	failed, err := Run(strings.NewReader(in), &out)
	require.NoError(t, err)
	assert.Zero(t, failed)
	assert.Equal(t, "counting_iter(0) o (4,4):(1,4)\ncounting_iter(10) o (2,2):(1,4)\ncounting_iter(0) o (4,4):(1,4)\n", out.String())
}

func BenchmarkPrintTensor(b *testing.B) {
	v, err := Eval("local_partition(iota_tensor((1024,1024)), (4,8), 5)")
	require.NoError(b, err)
	tv := v.(Tensor)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		var w strings.Builder
		if err := tv.PrintTensor(&w); err != nil {
			b.Fatal(err)
		}
	}
}

// TestCountingIteratorBraces: C++'s list initialisation counting_iterator<int>{…} reads
// as its parenthesised form (values from C++ in TestEvalCppTensor); a brace left open or
// too many arguments is an error, as with parentheses.
func TestCountingIteratorBraces(t *testing.T) {
	for _, c := range [][2]string{
		{"counting_iterator<int>{}", "counting_iter(0)"},
		{"counting_iterator<int64_t>{7}", "counting_iter(7)"},
		{"cute::counting_iterator<int>{}", "counting_iter(0)"},
	} {
		out, skip := Line(c[0])
		assert.False(t, skip)
		assert.Equal(t, c[1], out, c[0])
	}
	for _, in := range []string{"counting_iterator<int>{", "counting_iterator<int>{1,2}", "counting_iterator<int>{1)"} {
		_, err := Eval(in)
		assert.Error(t, err, in)
	}
}
