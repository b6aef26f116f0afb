package eval

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cppSessions are sessions of C++ as CuTe's docs write it around CuTe calls (docs/EVAL.md,
// "The C++ around CuTe calls"): each line and the line it must answer ("" for no
// output; "error: …" a prefix of the error). Expected values are the docs' own
// (cited) or the conventions docs/EVAL.md states.
var cppSessions = []struct {
	name  string
	lines [][2]string
}{
	{"using binds a type (0t_mma_atom.md, SM70 ALayout, (T8,V4) -> (m,k))", [][2]string{
		{"using namespace cute;", ""},
		{"using ALayout = Layout<Shape <Shape <_4,_2>,_4>,", ""},
		{"                       Stride<Stride<_8,_4>,_1>>;", "((4,2),4):((8,4),1)"},
		{"ALayout{}", "((4,2),4):((8,4),1)"},
		{"size(ALayout{})", "32"},
		{"using Shape_MNK = Shape <_8,_8,_4>;", "(8,8,4)"},
		{"using ValTypeA = half_t;", "half_t"},
		{"Shape_MNK{}", "(8,8,4)"},
	}},
	{"a type that cannot be bound is an error, and its name says so after", [][2]string{
		{"using DRegisters = float[8];", "error: using DRegisters: the type cannot be bound: float[…]: a C array type is not a value of eval"},
		{"DRegisters{}", "error: DRegisters was not defined: line 1 failed: using DRegisters: the type cannot be bound: float[…]"},
		{"using T = NoSuchType;", "error: parse: unknown name \"NoSuchType\""},
		{"using = 3;", "error: parse: expected `using X = T;`"},
	}},
	{"a failed definition is named on its next use, until redefined", [][2]string{
		{"auto a = 3;", "3"},
		{"", ""},
		{"a = make_layuot(4);", "error: parse: unknown function \"make_layuot\""},
		{"a + 1", "4"}, // a name that had a value keeps it
		{"auto c = make_layuot(4);", "error: parse: unknown function \"make_layuot\""},
		{"c + 1", "error: c was not defined: line 5 failed: parse: unknown function \"make_layuot\""},
		{"auto tA = make_layout(", ""},
		{"   make_shape(4,8), nosuch);", "error: parse: unknown name \"nosuch\""},
		{"local_partition(make_layout(make_shape(8,8)), tA, 3)", "error: tA was not defined: line 7 failed: parse: unknown name \"nosuch\""},
		{"auto b = c;", "error: c was not defined: line 5 failed"},
		{"b", "error: b was not defined: line 10 failed: c was not defined: line 5 failed"},
		{"auto tA = make_layout(make_shape(4,8));", "(4,8):(1,4)"},
		{"size(tA)", "32"},
	}},
	{"CUDA's index variables: 0 (blockDim, gridDim 1) until set", [][2]string{
		{"make_coord(blockIdx.x, blockIdx.y, _)", "(0,0,_)"},
		{"blockDim.x * gridDim.z", "1"},
		{"threadIdx.x = 37;", "37"},
		{"blockIdx.y = 2;", "2"},
		{"threadIdx", "threadIdx(37,0,0)"},
		{"make_coord(blockIdx.x, blockIdx.y, _)", "(0,2,_)"},
		// testdata/cpp/cppdocs.out (C++ CuTe): local_partition(sA, tA, 37)
		{"local_partition(make_tensor(make_smem_ptr(A), make_layout(make_shape(Int<128>{}, Int<8>{}))), make_layout(make_shape(Int<32>{},Int<8>{})), threadIdx.x)",
			"smem_counting_iter(133) o (4,1):(32,0)"},
		{"threadIdx.w", "error: parse: threadIdx has no member \"w\""},
		{"threadIdx.x = -1;", "error: parse: threadIdx.x is set to an integer from 0 to 2^31-1"},
		{"threadIdx.x", "37"},
	}},
	{"member calls are free functions", [][2]string{
		{"auto L = make_layout(make_shape(4,8));", "(4,8):(1,4)"},
		{"L.size()", "32"},
		{"make_tensor(counting_iterator<int>(0), L).size()", "32"},
		{"L.nosuch()", "error: parse: unknown member function \"nosuch\""},
		{"L.x", "error: parse: layout (4,8):(1,4) has no data member \"x\""},
	}},
	{"raw pointers are counting iterators at 0 (03_tensor.md, Tensor engines)", [][2]string{
		{"float* A = ...;", "counting_iter(0)"},
		{"Tensor tensor_8d2 = make_tensor(A, 8, 2);", "counting_iter(0) o 8:2"},
		{"Tensor gmem_8s = make_tensor(make_gmem_ptr(A), Int<8>{});", "gmem_counting_iter(0) o 8:1"},
		{"Layout smem_layout = make_layout(make_shape(Int<4>{},Int<8>{}));", "(4,8):(1,4)"},
		{"__shared__ float smem[decltype(cosize(smem_layout))::value];", "counting_iter(0)"},
		{"Tensor smem_4x8_row = make_tensor(make_smem_ptr(smem), shape(smem_layout), LayoutRight{});", "smem_counting_iter(0) o (4,8):(8,1)"},
		{"Tensor t = make_tensor(ptr, make_shape(8,24));", "counting_iter(0) o (8,24):(1,8)"},
		{"auto B = ...;", "error: parse: `...` stands for code the doc leaves out"},
		{"make_tensor(make_shape(4), ptr)", "error: parse: unknown name \"ptr\""},
		{"make_layout(ptr)", "error: parse: unknown name \"ptr\""},
		{"__shared__ float bad[0];", "error: parse: bad: the extent of an array is a positive integer"},
		{"&A[0]", "counting_iter(0)"},
		{"make_tensor(&A[4], make_shape(2,2))", "counting_iter(4) o (2,2):(1,2)"},
		{"A[3]", "3"},
		{"smem_4x8_row[9]", "10"}, // element 9 of (4,8):(8,1) is (1,2): 1·8 + 2
		{"&smem_4x8_row[9]", "smem_counting_iter(10)"},
		{"&A", "error: parse: & takes the address of an element x[i]"},
		{"A[1,2]", "error: []: takes one index, got 2"},
		{"smem_layout[0]", "error: []: layout (4,8):(1,4) has no elements to index"},
		{"Int<8>::value", "8"},
		{"decltype(make_shape(2,3))::value", "error: parse: ::value of int tuple"},
	}},
	{"assertions, comparisons, casts (0x_gemm_tutorial.md, sgemm_1 sizes)", [][2]string{
		{"auto m = 5120;", "5120"},
		{"auto M = int(m);", "5120"},
		{"auto prob_shape = make_shape(M, int(5120), int(4096));", "(5120,5120,4096)"},
		{"CUTE_STATIC_ASSERT_V(rank(prob_shape) == Int<3>{});", "true"},
		{"auto cta_tiler = make_shape(Int<128>{}, Int<128>{}, Int<8>{});", "(128,128,8)"},
		{"auto tA = make_layout(make_shape(Int<32>{},Int<8>{}));", "(32,8):(1,32)"},
		{"CUTE_STATIC_ASSERT_V(size<0>(cta_tiler) % size<0>(tA) == Int<0>{});", "true"},
		{"CUTE_STATIC_ASSERT_V(size<2>(cta_tiler) % size<1>(tA) != Int<0>{});", "error: CUTE_STATIC_ASSERT_V: the condition is false"},
		{"static_assert(is_static<decltype(tA)>::value);", "true"},
		{"static_assert(0);", "error: static_assert: the condition is 0"},
		{"make_shape(1,2) == make_shape(1,2)", "true"},
		{"tA == make_shape(32,8)", "error: ==: cannot compare layout (32,8):(1,32) and int tuple (32,8)"},
		{"cosize_v<Layout<_4,_2>>", "7"},
		{"int(2147483648)", "error: int(2147483648): out of the range of int"},
		{"int(0 - 2147483648)", "-2147483648"},
		{"float(3)", "error: float(…): eval casts integers to integer types only"},
	}},
	{"a kernel's pointer named like a type (0x_gemm_tutorial.md, make_gmem_ptr(C))", [][2]string{
		{"Tensor mC = make_tensor(make_gmem_ptr(C), make_shape(512,384), make_stride(Int<1>{},512));",
			"gmem_counting_iter(0) o (512,384):(1,512)"},
		{"make_layout(C)", "error: parse: C: takes one template argument, got 0"},
	}},
}

// TestCppSessions: the sessions above, line by line.
func TestCppSessions(t *testing.T) {
	for _, c := range cppSessions {
		s := NewSession()
		for _, l := range c.lines {
			r, ok := s.Line(l[0])
			if l[1] == "" {
				if ok {
					t.Errorf("%s: %q answered %q", c.name, l[0], r.String())
				}
				continue
			}
			require.True(t, ok, "%s: %q gave no answer", c.name, l[0])
			if strings.HasPrefix(l[1], "error: ") {
				assert.True(t, strings.HasPrefix(r.String(), l[1]), "%s: %q\n got %s\nwant %s…", c.name, l[0], r.String(), l[1])
				continue
			}
			assert.Equal(t, l[1], r.String(), "%s: %q", c.name, l[0])
		}
	}
}

// TestCppEvalFailedName: Session.Eval has no line numbers; a failed definition is
// still named on its next use.
func TestCppEvalFailedName(t *testing.T) {
	s := NewSession()
	_, err := s.Eval("auto q = nosuch(1);")
	require.Error(t, err)
	_, err = s.Eval("q")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `q was not defined: its definition failed: parse: unknown function "nosuch"`)
}

// FuzzCppStatements: any lines of C++ statements are answered with at most one line
// each, never a panic nor an internal error, and a chain of failed definitions keeps
// its messages bounded.
func FuzzCppStatements(f *testing.F) {
	for _, c := range cppSessions {
		var b strings.Builder
		for _, l := range c.lines {
			b.WriteString(l[0])
			b.WriteByte('\n')
		}
		f.Add(b.String())
	}
	for _, s := range []string{
		"threadIdx.x = 3; make_coord(threadIdx.x, blockIdx.y)", "using A = Layout<_4,_1>; A{}.size()",
		"float* p = ...; make_tensor(p, 8).size()", "__shared__ float s[decltype(size(8:1))::value]; s",
		"auto a = nosuch(1);\nauto b = a;\nauto c = b;\nc",
		"local_tile(make_identity_tensor((8,8)), (4,4,2), (1,_,1), Step<_1,X,_1>{})(1,2)",
		"select<0,2>(make_coord(1,2,_))", "make_tensor_like(make_tensor<float>(Shape<_4,_8>{}, LayoutRight{}))",
		"a.b.c.d(", "threadIdx.x.y", "...", "using X = ...;", "__shared__ x[", "decltype(", "x::value::value",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var out bytes.Buffer
		if _, err := Run(strings.NewReader(s), &out); err != nil {
			t.Fatal(err)
		}
		in := strings.Count(s, "\n") + 1
		got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if out.Len() > 0 && len(got) > in {
			t.Fatalf("%d lines in, %d out", in, len(got))
		}
		for _, l := range got {
			if strings.Contains(l, "internal error") {
				t.Fatalf("%q: %s", s, l)
			}
			if len(l) > maxMessage+200 {
				t.Fatalf("%q: a line of %d bytes", s, len(l))
			}
		}
	})
}
