// Expected values for internal/eval tests: C++ CuTe with every integer static.
// Build from the repository root:
//   g++ -std=c++17 -w -I.deps/py/cutlass_library/source/include -I.deps/py/nvidia/cu13/include \
//     -I.deps/py/nvidia/cu13/include/cccl internal/eval/testdata/cpp/core.cpp -o /tmp/core && /tmp/core > internal/eval/testdata/cpp/core.out
// (CuTe has no prefix_product by that name: compact_col_major / compact_major<LayoutLeft>
// with an initial stride compute it.)
#include <cute/layout.hpp>
#include <cute/swizzle_layout.hpp>
using namespace cute;
#define P(...) do { print(__VA_ARGS__); print("\n"); } while(0)
int main(){
  auto l = make_layout(make_shape(Int<2>{},make_shape(Int<3>{},Int<4>{})), make_stride(Int<1>{},make_stride(Int<2>{},Int<6>{})));
  P(make_layout(make_layout(Int<8>{})));
  P(make_layout(make_layout(Int<8>{}), make_layout(make_shape(Int<2>{},Int<3>{}))));
  P(make_layout(make_shape(Int<4>{},Int<5>{}), LayoutRight{}));
  P(make_layout(make_shape(Int<4>{},Int<1>{},Int<5>{}), LayoutRight{}));
  P(crd2idx(make_coord(Int<1>{},Int<2>{}), make_shape(Int<4>{},Int<5>{})));
  P(idx2crd(Int<17>{}, make_shape(Int<4>{},Int<5>{})));
  P(l(Int<17>{}));
  P(get<1,0>(l));
  P(layout<1>(l));
  P(shape<1>(l));
  P(size<1>(l));
  P(cosize(l));
  P(rank(l)); P(depth(l)); P(stride(l));
  P(Swizzle<3,4,3>{}(Int<128>{}));
  P(Swizzle<2,0,-2>{}(Int<3>{}));
  P(rank(make_shape(Int<4>{},Int<5>{})));
  P(depth(Int<4>{}));
  P(size(make_tuple()));
  P(l(make_coord(Int<1>{}, Int<5>{})));
  P(l(Int<1>{}, make_coord(Int<2>{},Int<1>{})));
}
