// Expected values for the C++ of CuTe's docs that eval reads (cpp_stmt.go, funcs_cpp.go):
// the tensor, partitioning and coordinate-tensor statements of CUTLASS v4.2.0's
// media/docs/cpp/cute/03_tensor.md, 0x_gemm_tutorial.md and 0y_predication.md, with the
// run-time values of a kernel (blockIdx, threadIdx) written as numbers. Lines as in
// tensor.cpp (TestEvalCppDocsCases feeds each to one eval session):
//   S(expr):      a line "expr<TAB>print(expr)".
//   D(name, expr): declares name and prints "auto name = expr;<TAB>print(name)".
//   P(expr):      a line "== expr", then print_tensor(expr) (several lines).
// Raw pointers: C++ declares `ptr`, `A` as counting_iterator<int>(0) outside the printed
// lines; eval, which does not see those declarations, takes an unbound pointer as a
// counting iterator at 0 (docs/EVAL.md). A register tensor (make_tensor<float>) is
// printed by its layout (C++ prints its address).
// Build from the repository root:
//   g++ -std=c++17 -w -I.deps/py/cutlass_library/source/include -I.deps/py/nvidia/cu13/include \
//     -I.deps/py/nvidia/cu13/include/cccl internal/eval/testdata/cpp/cppdocs.cpp -o /tmp/cppdocs && /tmp/cppdocs > internal/eval/testdata/cpp/cppdocs.out
#include <cute/tensor.hpp>
#include <cstdio>
using namespace cute;
#define S(...) do { printf("%s\t", #__VA_ARGS__); print(__VA_ARGS__); printf("\n"); } while(0)
#define P(...) do { printf("== %s\n", #__VA_ARGS__); print_tensor(__VA_ARGS__); } while(0)
#define D(name, ...) auto name = __VA_ARGS__; do { printf("auto %s = %s;\t", #name, #__VA_ARGS__); print(name); printf("\n"); } while(0)
int main(){
  auto ptr = counting_iterator<int>(0);
  auto A = counting_iterator<int>(0);
  // 03_tensor.md, "Tensor engines" and "Tensor slicing"
  D(t8d2, make_tensor(A, 8, 2));
  D(g8x16, make_tensor(make_gmem_ptr(A), make_shape(8,Int<16>{}), make_stride(Int<16>{},Int<1>{})));
  D(T, make_tensor(ptr, make_shape (make_shape (Int<3>{},2), make_shape (2,Int<5>{},Int<2>{})), make_stride(make_stride(4,1), make_stride(Int<2>{},13,100))));
  S(T(2,_));
  S(T(_,5));
  S(T(make_coord(_,_),5));
  S(T(make_coord(_,1),make_coord(0,_,1)));
  S(T(make_coord(2,_),make_coord(_,3,_)));
  // 03_tensor.md, "Partitioning a Tensor"
  D(a, make_tensor(ptr, make_shape(8,24)));
  D(tiled_a, zipped_divide(a, Shape<_4,_8>{}));
  S(tiled_a(make_coord(_,_), make_coord(1,2)));
  S(tiled_a(3, make_coord(_,_)));
  S(layout(make_tensor<float>(Shape<_4,_8>{}, LayoutRight{})));
  S(layout(make_tensor<float>(Shape <_4, _8>{}, Stride<_32,_2>{})));
  S(layout(make_tensor_like(make_tensor<float>(Shape <_4, _8>{}, Stride<_32,_2>{}))));
  S(layout(composition(make_tensor<float>(Shape<_4,_8>{}, LayoutRight{}), Layout<Shape <Shape <_2,_4>,Shape <_2, _2>>, Stride<Stride<_8,_1>,Stride<_4,_16>>>{})));
  S(layout(composition(make_tensor<float>(Shape<_4,_8>{}, LayoutRight{}), Layout<Shape <Shape <_2,_4>,Shape <_2, _2>>, Stride<Stride<_8,_1>,Stride<_4,_16>>>{})(5, _)));
  D(gmem, make_tensor(ptr, make_shape(24, 16)));
  D(gmem_tiled, zipped_divide(gmem, Shape<_8,_4>{}));
  S(layout(make_tensor_like(gmem_tiled(_, 0))));
  // 0x_gemm_tutorial.md, "CTA partitioning" (blockIdx = (1,2))
  D(mA, make_tensor(make_gmem_ptr(A), make_shape(512,64), make_stride(Int<1>{},512)));
  D(mB, make_tensor(make_gmem_ptr(A), make_shape(384,64), make_stride(Int<1>{},384)));
  D(mC, make_tensor(make_gmem_ptr(A), make_shape(512,384), make_stride(Int<1>{},512)));
  D(cta_tiler, make_shape(Int<128>{}, Int<128>{}, Int<8>{}));
  D(cta_coord, make_coord(1, 2, _));
  D(gA, local_tile(mA, cta_tiler, cta_coord, Step<_1, X,_1>{}));
  D(gB, local_tile(mB, cta_tiler, cta_coord, Step< X,_1,_1>{}));
  D(gC, local_tile(mC, cta_tiler, cta_coord, Step<_1,_1, X>{}));
  S(select<0,2>(cta_tiler));
  S(select<0,2>(cta_coord));
  S(local_tile(mA, select<0,2>(cta_tiler), select<0,2>(cta_coord)));
  D(gA_mk, zipped_divide(mA, select<0,2>(cta_tiler)));
  S(gA_mk(make_coord(_,_), select<0,2>(cta_coord)));
  // 0x_gemm_tutorial.md, "Thread partitioning" (threadIdx.x = 37)
  D(sA, make_tensor(make_smem_ptr(A), make_layout(make_shape(Int<128>{}, Int<8>{}))));
  D(sB, make_tensor(make_smem_ptr(A), make_layout(make_shape(Int<128>{}, Int<8>{}))));
  D(tA, make_layout(make_shape(Int<32>{},Int<8>{})));
  D(tC, make_layout(make_shape(Int<16>{}, Int<16>{})));
  S(local_partition(gA, tA, 37));
  S(local_partition(sA, tA, 37));
  S(local_partition(sA, tC, 37, Step<_1, X>{}));
  S(local_partition(sB, tC, 37, Step< X,_1>{}));
  D(tCgC, local_partition(gC, tC, 37, Step<_1,_1>{}));
  S(layout(make_tensor_like(tCgC)));
  // 0y_predication.md, "Coordinate tensors" (blockIdx = (1,2), thread 37)
  D(cA, make_identity_tensor(shape(mA)));
  D(cC, make_identity_tensor(shape(mC)));
  S(cC(3,4));
  D(cta_cA, local_tile(cA, cta_tiler, cta_coord, Step<_1, X,_1>{}));
  D(cta_cC, local_tile(cC, cta_tiler, cta_coord, Step<_1,_1, X>{}));
  S(cta_cC(5,6));
  D(tAcA, local_partition(cta_cA, tA, 37));
  S(tAcA(1,0,2));
  S(tCgC(1,2));
  S(local_partition(cta_cC, tC, 37, Step<_1,_1>{})(1,2));
  S(make_identity_tensor(make_shape(Int<4>{}, make_shape(Int<2>{}, Int<3>{}))));
  P(make_identity_tensor(make_shape(Int<3>{}, Int<4>{})));
  P(local_tile(make_identity_tensor(make_shape(12, 20)), make_shape(Int<4>{},Int<5>{}), make_coord(1,2)));
  P(make_identity_tensor(make_shape(Int<3>{})));
  P(local_partition(local_tile(make_identity_tensor(make_shape(16, 16)), make_shape(Int<8>{},Int<8>{},Int<4>{}), make_coord(1,0,_), Step<_1,_1, X>{}), make_layout(make_shape(Int<2>{},Int<2>{})), 3));
  P(make_tensor(ptr, make_shape(Int<4>{}, Int<6>{})));
}
