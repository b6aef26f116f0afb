// Expected values for internal/eval tests: C++ CuTe with every integer static.
// Build from the repository root:
//   g++ -std=c++17 -w -I.deps/py/cutlass_library/source/include -I.deps/py/nvidia/cu13/include \
//     -I.deps/py/nvidia/cu13/include/cccl internal/eval/testdata/cpp/composed_algebra.cpp -o /tmp/composed_algebra && /tmp/composed_algebra > internal/eval/testdata/cpp/composed_algebra.out
#include <cute/tensor.hpp>
#include <cute/swizzle_layout.hpp>
#include <cstdio>
using namespace cute;
#define I(n) Int<n>{}
#define T(...) make_tuple(__VA_ARGS__)
#define L(s,d) make_layout(s,d)
#define E(text, ...) do { printf("%s\t", text); print(__VA_ARGS__); printf("\n"); } while(0)
int main(){
  auto c = composition(Swizzle<3,3,3>{}, L(T(I(8),I(64)),T(I(64),I(1))));
  E("tile_to_shape(Sw<3,3,3> o 0 o (8,64):(64,1),(64,128))", tile_to_shape(c, T(I(64),I(128))));
  E("tile_to_shape(Sw<3,3,3> o 0 o (8,64):(64,1),(64,128),(1,0))", tile_to_shape(c, T(I(64),I(128)), T(I(1),I(0))));
  E("blocked_product(Sw<3,3,3> o 0 o (8,64):(64,1),(2,2):(1,2))", blocked_product(c, L(T(I(2),I(2)),T(I(1),I(2)))));
  E("zipped_divide(Sw<3,3,3> o 0 o (8,64):(64,1),(4,8))", zipped_divide(c, T(I(4),I(8))));
  E("with_shape(Sw<3,3,3> o 0 o (8,64):(64,1),(64,8))", c.with_shape(T(I(64),I(8))));
  E("get(Sw<3,3,3> o 0 o (8,64):(64,1),1)", get<1>(c));
  E("coalesce(Sw<3,3,3> o 0 o (8,(8,8)):(64,(1,8)))", coalesce(composition(Swizzle<3,3,3>{}, L(T(I(8),T(I(8),I(8))),T(I(64),T(I(1),I(8)))))));
  // max_common_vector / max_common_layout with a composed layout on either side (swizzle_layout.hpp)
  E("max_common_layout(Sw<3,1,3> o 0 o ((2,5,6)):((30,6,1)),((2,5,6)):((30,6,1)))", max_common_layout(composition(Swizzle<3,1,3>{}, L(T(T(I(2),I(5),I(6))),T(T(I(30),I(6),I(1))))), L(T(T(I(2),I(5),I(6))),T(T(I(30),I(6),I(1))))));
  E("max_common_layout((16,4):(1,16),Sw<2,2,3> o 0 o (16,4):(1,16))", max_common_layout(L(T(I(16),I(4)),T(I(1),I(16))), composition(Swizzle<2,2,3>{}, L(T(I(16),I(4)),T(I(1),I(16))))));
  E("max_common_vector(Sw<1,2,3> o 0 o ((2,12)):((12,1)),((2,12)):((12,1)))", max_common_vector(composition(Swizzle<1,2,3>{}, L(T(T(I(2),I(12))),T(T(I(12),I(1))))), L(T(T(I(2),I(12))),T(T(I(12),I(1))))));
  E("max_common_vector(64:1,Sw<3,3,3> o 0 o 64:1)", max_common_vector(L(I(64),I(1)), composition(Swizzle<3,3,3>{}, L(I(64),I(1)))));
  E("max_common_vector(Sw<3,3,3> o 0 o 64:1,Sw<3,3,3> o 0 o 64:1)", max_common_vector(composition(Swizzle<3,3,3>{}, L(I(64),I(1))), composition(Swizzle<3,3,3>{}, L(I(64),I(1)))));
  E("max_common_vector(Sw<3,3,3> o 0 o 64:1,Sw<2,2,3> o 0 o 64:1)", max_common_vector(composition(Swizzle<3,3,3>{}, L(I(64),I(1))), composition(Swizzle<2,2,3>{}, L(I(64),I(1)))));
}
