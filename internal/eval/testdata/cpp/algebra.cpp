// Expected values for internal/eval tests (one case a line: the eval input, a tab, C++ print): C++ CuTe with every integer static.
// Build from the repository root:
//   g++ -std=c++17 -w -I.deps/py/cutlass_library/source/include -I.deps/py/nvidia/cu13/include \
//     -I.deps/py/nvidia/cu13/include/cccl internal/eval/testdata/cpp/algebra.cpp -o /tmp/algebra && /tmp/algebra > internal/eval/testdata/cpp/algebra.out
// (CuTe has no prefix_product by that name: compact_col_major / compact_major<LayoutLeft>
// with an initial stride compute it.)
#include <cute/tensor.hpp>
#include <cstdio>
using namespace cute;
#define I(n) Int<n>{}
#define T(...) make_tuple(__VA_ARGS__)
#define L(s,d) make_layout(s,d)
#define E(text, ...) do { printf("%s\t", text); print(__VA_ARGS__); printf("\n"); } while(0)
int main(){
  E("coalesce((2,(1,6)):(1,(6,2)))", coalesce(L(T(I(2),T(I(1),I(6))),T(I(1),T(I(6),I(2))))));
  E("coalesce((2,(1,6)):(1,(6,2)),(1,1))", coalesce(L(T(I(2),T(I(1),I(6))),T(I(1),T(I(6),I(2)))), T(I(1),I(1))));
  E("coalesce((2,(3,4)):(1,(2,6)),(1,1))", coalesce(L(T(I(2),T(I(3),I(4))),T(I(1),T(I(2),I(6)))), T(I(1),I(1))));
  E("filter((4,2,3):(0,1,2))", filter(L(T(I(4),I(2),I(3)),T(I(0),I(1),I(2)))));
  E("filter_zeros((4,2,3):(0,1,2))", filter_zeros(L(T(I(4),I(2),I(3)),T(I(0),I(1),I(2)))));
  E("composition((6,2):(8,2),(4,3):(3,1))", composition(L(T(I(6),I(2)),T(I(8),I(2))), L(T(I(4),I(3)),T(I(3),I(1)))));
  E("composition((20,2):(16,4),(4,5):(1,4))", composition(L(T(I(20),I(2)),T(I(16),I(4))), L(T(I(4),I(5)),T(I(1),I(4)))));
  E("composition((10,2):(16,4),(5,4):(1,5))", composition(L(T(I(10),I(2)),T(I(16),I(4))), L(T(I(5),I(4)),T(I(1),I(5)))));
  E("composition((12,(4,8)):(59,(13,1)),(3:4,8:2))", composition(L(T(I(12),T(I(4),I(8))),T(I(59),T(I(13),I(1)))), T(L(I(3),I(4)),L(I(8),I(2)))));
  E("composition((12,(4,8)):(59,(13,1)),(3,8))", composition(L(T(I(12),T(I(4),I(8))),T(I(59),T(I(13),I(1)))), T(I(3),I(8))));
  E("composition((4,5):(1,4),8)", composition(L(T(I(4),I(5)),T(I(1),I(4))), I(8)));
  E("composition((4,5):(1,4),(2,_))", composition(L(T(I(4),I(5)),T(I(1),I(4))), T(I(2),_)));
  E("complement(4:1,24)", complement(L(I(4),I(1)), I(24)));
  E("complement(6:4,24)", complement(L(I(6),I(4)), I(24)));
  E("complement((4,6):(1,4),24)", complement(L(T(I(4),I(6)),T(I(1),I(4))), I(24)));
  E("complement(4:2,24)", complement(L(I(4),I(2)), I(24)));
  E("complement((2,4):(1,6),24)", complement(L(T(I(2),I(4)),T(I(1),I(6))), I(24)));
  E("complement((2,2):(1,6),24)", complement(L(T(I(2),I(2)),T(I(1),I(6))), I(24)));
  E("complement((4,6):(1,4),48)", complement(L(T(I(4),I(6)),T(I(1),I(4))), I(48)));
  E("complement(3:1,(8,3))", complement(L(I(3),I(1)), T(I(8),I(3))));
  E("complement(4:2)", complement(L(I(4),I(2))));
  E("right_inverse((4,8):(8,1))", right_inverse(L(T(I(4),I(8)),T(I(8),I(1)))));
  E("right_inverse((2,4):(0,1))", right_inverse(L(T(I(2),I(4)),T(I(0),I(1)))));
  E("left_inverse(2:24)", left_inverse(L(I(2),I(24))));
  E("left_inverse((4,8):(8,1))", left_inverse(L(T(I(4),I(8)),T(I(8),I(1)))));
  E("logical_divide((4,2,3):(2,1,8),4:2)", logical_divide(L(T(I(4),I(2),I(3)),T(I(2),I(1),I(8))), L(I(4),I(2))));
  E("logical_divide((9,(4,8)):(59,(13,1)),(3:3,(2,4):(1,8)))", logical_divide(L(T(I(9),T(I(4),I(8))),T(I(59),T(I(13),I(1)))), T(L(I(3),I(3)),L(T(I(2),I(4)),T(I(1),I(8))))));
  E("zipped_divide((9,(4,8)):(59,(13,1)),(3:3,(2,4):(1,8)))", zipped_divide(L(T(I(9),T(I(4),I(8))),T(I(59),T(I(13),I(1)))), T(L(I(3),I(3)),L(T(I(2),I(4)),T(I(1),I(8))))));
  E("tiled_divide((9,(4,8)):(59,(13,1)),(3:3,(2,4):(1,8)))", tiled_divide(L(T(I(9),T(I(4),I(8))),T(I(59),T(I(13),I(1)))), T(L(I(3),I(3)),L(T(I(2),I(4)),T(I(1),I(8))))));
  E("flat_divide((9,(4,8)):(59,(13,1)),(3:3,(2,4):(1,8)))", flat_divide(L(T(I(9),T(I(4),I(8))),T(I(59),T(I(13),I(1)))), T(L(I(3),I(3)),L(T(I(2),I(4)),T(I(1),I(8))))));
  E("logical_divide((16,8):(1,16),(4:2,2:4))", logical_divide(L(T(I(16),I(8)),T(I(1),I(16))), T(L(I(4),I(2)),L(I(2),I(4)))));
  E("logical_divide((8,8):(1,8),(2,4))", logical_divide(L(T(I(8),I(8)),T(I(1),I(8))), T(I(2),I(4))));
  E("logical_product((2,2):(4,1),6:1)", logical_product(L(T(I(2),I(2)),T(I(4),I(1))), L(I(6),I(1))));
  E("logical_product((2,2):(4,1),4:2)", logical_product(L(T(I(2),I(2)),T(I(4),I(1))), L(I(4),I(2))));
  E("zipped_product((2,5):(5,1),(3,4):(1,3))", zipped_product(L(T(I(2),I(5)),T(I(5),I(1))), L(T(I(3),I(4)),T(I(1),I(3)))));
  E("tiled_product((2,5):(5,1),(3,4):(1,3))", tiled_product(L(T(I(2),I(5)),T(I(5),I(1))), L(T(I(3),I(4)),T(I(1),I(3)))));
  E("flat_product((2,5):(5,1),(3,4):(1,3))", flat_product(L(T(I(2),I(5)),T(I(5),I(1))), L(T(I(3),I(4)),T(I(1),I(3)))));
  E("logical_product((2,5):(5,1),(3:1,4:3))", logical_product(L(T(I(2),I(5)),T(I(5),I(1))), T(L(I(3),I(1)),L(I(4),I(3)))));
  E("blocked_product((2,5):(5,1),(3,4):(1,3))", blocked_product(L(T(I(2),I(5)),T(I(5),I(1))), L(T(I(3),I(4)),T(I(1),I(3)))));
  E("raked_product((2,5):(5,1),(3,4):(1,3))", raked_product(L(T(I(2),I(5)),T(I(5),I(1))), L(T(I(3),I(4)),T(I(1),I(3)))));
  E("max_common_vector((4,8):(1,4),(4,8):(1,4))", max_common_vector(L(T(I(4),I(8)),T(I(1),I(4))), L(T(I(4),I(8)),T(I(1),I(4)))));
  E("max_common_vector((4,8):(1,4),(4,8):(8,1))", max_common_vector(L(T(I(4),I(8)),T(I(1),I(4))), L(T(I(4),I(8)),T(I(8),I(1)))));
  E("max_common_layout((4,8):(1,4),(4,8):(1,4))", max_common_layout(L(T(I(4),I(8)),T(I(1),I(4))), L(T(I(4),I(8)),T(I(1),I(4)))));
  E("nullspace((2,4,3):(0,1,0))", nullspace(L(T(I(2),I(4),I(3)),T(I(0),I(1),I(0)))));
  E("tile_to_shape((2,2):(1,2),(8,6))", tile_to_shape(L(T(I(2),I(2)),T(I(1),I(2))), T(I(8),I(6))));
  E("tile_to_shape((2,2):(1,2),(8,6),(1,0))", tile_to_shape(L(T(I(2),I(2)),T(I(1),I(2))), T(I(8),I(6)), T(I(1),I(0))));
  E("with_shape((4,8):(8,1),(2,16))", make_layout(T(I(4),I(8)),T(I(8),I(1))).with_shape(T(I(2),I(16))));
  E("composition(Sw<3,4,3>,(8,64):(64,1))", composition(Swizzle<3,4,3>{}, L(T(I(8),I(64)),T(I(64),I(1)))));
  E("composition(Sw<0,4,3>,(8,64):(64,1))", composition(Swizzle<0,4,3>{}, L(T(I(8),I(64)),T(I(64),I(1)))));
  E("composition(Sw<3,4,3> o 0 o (8,64):(64,1),(4,8))", composition(composition(Swizzle<3,4,3>{}, L(T(I(8),I(64)),T(I(64),I(1)))), T(I(4),I(8))));
  E("logical_divide(Sw<3,4,3> o 0 o (8,64):(64,1),(4,8))", logical_divide(composition(Swizzle<3,4,3>{}, L(T(I(8),I(64)),T(I(64),I(1)))), T(I(4),I(8))));
  E("complement(Sw<3,4,3> o 0 o (8,64):(64,1))", complement(composition(Swizzle<3,4,3>{}, L(T(I(8),I(64)),T(I(64),I(1))))));
  E("coalesce(Sw<3,4,3> o 0 o (8,64):(64,1))", coalesce(composition(Swizzle<3,4,3>{}, L(T(I(8),I(64)),T(I(64),I(1))))));
}
