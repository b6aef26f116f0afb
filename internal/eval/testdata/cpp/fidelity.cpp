// Expected values for internal/eval's TestEvalCppFidelity: C++ CuTe with every integer
// static (one case a line: the eval input, a tab, what C++ printed). compact_col_major /
// compact_row_major with and without a current stride, tile_to_shape with an order tag,
// the inverses of swizzled layouts the algebra cross-check found, and local_partition by
// a tile of integer shape (C++ has it for tensors only: the layout of the tensor it
// returns; the test holds the cases where cutego deviates from C++, and why).
// Build from the repository root:
//   g++ -std=c++17 -w -I.deps/py/cutlass_library/source/include -I.deps/py/nvidia/cu13/include \
//     -I.deps/py/nvidia/cu13/include/cccl internal/eval/testdata/cpp/fidelity.cpp -o /tmp/fidelity && /tmp/fidelity > internal/eval/testdata/cpp/fidelity.out
#include <cute/tensor.hpp>
#include <cute/swizzle_layout.hpp>
#include <cstdio>
using namespace cute;
#define I(n) Int<n>{}
#define T(...) make_tuple(__VA_ARGS__)
#define L(s,d) make_layout(s,d)
#define E(text, ...) do { printf("%s\t", text); print(__VA_ARGS__); printf("\n"); } while(0)
template <class Lay, class Tile> auto part(Lay const& l, Tile const& tile, int idx) {
  return local_partition(make_tensor(counting_iterator<int>(0), l), tile, idx);
}
int main(){
  E("compact_col_major((2,(3,4)))", compact_col_major(T(I(2),T(I(3),I(4)))));
  E("compact_row_major((2,(3,4)))", compact_row_major(T(I(2),T(I(3),I(4)))));
  E("compact_col_major((2,(3,4)),5)", compact_col_major(T(I(2),T(I(3),I(4))), I(5)));
  E("compact_row_major((2,(3,4)),5)", compact_row_major(T(I(2),T(I(3),I(4))), I(5)));
  E("compact_row_major((2,1,4),3)", compact_row_major(T(I(2),I(1),I(4)), I(3)));
  E("compact_col_major((2,1,4),3)", compact_col_major(T(I(2),I(1),I(4)), I(3)));
  E("compact_col_major(8)", compact_col_major(I(8)));
  E("compact_row_major(8,4)", compact_row_major(I(8), I(4)));
  E("tile_to_shape((2,2):(1,2),(4,6),LayoutRight{})", tile_to_shape(L(T(I(2),I(2)),T(I(1),I(2))), T(I(4),I(6)), LayoutRight{}));
  E("tile_to_shape((2,2):(1,2),(4,6),LayoutLeft{})", tile_to_shape(L(T(I(2),I(2)),T(I(1),I(2))), T(I(4),I(6)), LayoutLeft{}));
  E("tile_to_shape((8,4):(4,1),(16,8,2),LayoutRight{})", tile_to_shape(L(T(I(8),I(4)),T(I(4),I(1))), T(I(16),I(8),I(2)), LayoutRight{}));
  E("tile_to_shape((2,(2,2)):(4,(1,2)),(8,(4,4)),LayoutRight{})", tile_to_shape(L(T(I(2),T(I(2),I(2))),T(I(4),T(I(1),I(2)))), T(I(8),T(I(4),I(4))), LayoutRight{}));
  E("right_inverse(composition(Sw<3,0,-4>,16:1))", right_inverse(composition(Swizzle<3,0,-4>{}, L(I(16),I(1)))));
  E("left_inverse(Sw<1,3,1> o 4 o 8:1)", left_inverse(composition(Swizzle<1,3,1>{}, I(4), L(I(8),I(1)))));
  E("local_partition((10,4):(1,10),5:1,3)", part(L(T(I(10),I(4)),T(I(1),I(10))), L(I(5),I(1)), 3).layout());
  E("local_partition((8,4):(1,8),5:1,1)", part(L(T(I(8),I(4)),T(I(1),I(8))), L(I(5),I(1)), 1).layout());
}
