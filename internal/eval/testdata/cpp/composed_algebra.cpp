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
  // get of the identity swizzle with offset 0 is the mode itself; max_common_* bound by 2^M for Sw<0,M,S> too
  E("get(make_composed_layout(Sw<0,2,1>,0,(12,2):(1,12)),0)", get<0>(make_composed_layout(Swizzle<0,2,1>{}, I(0), L(T(I(12),I(2)),T(I(1),I(12))))));
  E("max_common_vector(make_composed_layout(Sw<0,1,-2>,0,(14,1,4):(4,4,1)),(14,1,4):(4,1,1))", max_common_vector(make_composed_layout(Swizzle<0,1,-2>{}, I(0), L(T(I(14),I(1),I(4)),T(I(4),I(4),I(1)))), L(T(I(14),I(1),I(4)),T(I(4),I(1),I(1)))));
  E("max_common_layout((4,2):(1,4),make_composed_layout(Sw<0,1,5>,96,(4,2):(1,4)))", max_common_layout(L(T(I(4),I(2)),T(I(1),I(4))), make_composed_layout(Swizzle<0,1,5>{}, I(96), L(T(I(4),I(2)),T(I(1),I(4))))));
  // right_inverse / left_inverse of Sw o 0 o B: composition(inverse(B), Sw) (swizzle_layout.hpp)
  E("right_inverse(Sw<2,3,5> o 0 o ((4,4),4,2):((96,1),4,48))", right_inverse(composition(Swizzle<2,3,5>{}, L(T(T(I(4),I(4)),I(4),I(2)),T(T(I(96),I(1)),I(4),I(48))))));
  E("right_inverse(Sw<2,2,2> o 0 o 12:1)", right_inverse(composition(Swizzle<2,2,2>{}, L(I(12),I(1)))));
  E("left_inverse(Sw<2,2,4> o 0 o (16,16):(16,1))", left_inverse(composition(Swizzle<2,2,4>{}, L(T(I(16),I(16)),T(I(16),I(1))))));
  E("left_inverse(Sw<3,3,3> o 0 o (8,64):(64,1))", left_inverse(composition(Swizzle<3,3,3>{}, L(T(I(8),I(64)),T(I(64),I(1))))));
  E("nullspace(Sw<2,2,4> o 0 o (16,12):(12,1))", nullspace(composition(Swizzle<2,2,4>{}, L(T(I(16),I(12)),T(I(12),I(1))))));
}
