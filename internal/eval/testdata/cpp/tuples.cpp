// Expected values for internal/eval tests: C++ CuTe with every integer static.
// Build from the repository root:
//   g++ -std=c++17 -w -I.deps/py/cutlass_library/source/include -I.deps/py/nvidia/cu13/include \
//     -I.deps/py/nvidia/cu13/include/cccl internal/eval/testdata/cpp/tuples.cpp -o /tmp/tuples && /tmp/tuples > internal/eval/testdata/cpp/tuples.out
// (CuTe has no prefix_product by that name: compact_col_major / compact_major<LayoutLeft>
// with an initial stride compute it.)
#include <cute/tensor.hpp>
#include <cute/swizzle_layout.hpp>
using namespace cute;
#define P(...) do { print(__VA_ARGS__); print("\n"); } while(0)
#define I(n) Int<n>{}
#define T(...) make_tuple(__VA_ARGS__)
#define L(s,d) make_layout(s,d)
int main(){
  P(flatten(T(I(2),T(I(3),I(4)))));
  P(flatten(L(T(I(2),T(I(3),I(4))),T(I(1),T(I(2),I(6))))));
  P(weakly_congruent(I(1),T(I(2),I(3))));
  P(compatible(I(6),T(I(2),I(3))));
  P(compact_col_major(T(I(2),I(3),I(4))));
  P(compact_major<LayoutLeft>(T(I(2),I(3),I(4)),I(2)));
  P(shape_div(T(I(4),I(5),I(6)),I(40)));
  P(ceil_div(T(I(4),I(5),I(6)),I(40)));
  P(elem_scale(T(I(2),I(3)),T(I(4),I(5))));
  P(inner_product(T(I(2),I(3)),T(I(4),I(5))));
  P(idx2crd(I(17),T(I(4),I(5)),T(I(1),I(4))));
  P(idx2crd(T(I(1),I(3)),T(I(4),I(5))));
  P(make_ordered_layout(T(I(2),I(3),I(4)),T(I(1),I(2),I(0))));
  P(make_layout_like(L(T(I(2),I(3)),T(I(0),I(4)))));
  P(make_identity_layout(T(I(4),I(5))));
  auto a = L(T(I(4),I(5)),T(I(1),I(4)));
  P(append(a, L(I(2),I(20))));
  P(prepend(a, L(I(2),I(20))));
  P(append(T(I(4),I(5)),I(6)));
  P(append(I(4),I(6)));
  auto b = L(T(I(2),I(3),I(4),I(5)),T(I(1),I(2),I(6),I(24)));
  P(group<1,3>(b));
  P(take<1,3>(b));
  P(select<3,0>(b));
  P(slice(T(_,I(2)),a));
  P(dice(T(_,I(2)),a));
  P(a(_,I(2)));
  P(a(I(2),_));
  P(upcast<2>(a));
  P(downcast<2>(a));
  P(recast_layout<uint16_t,uint32_t>(a));
  P(upcast<2>(Swizzle<3,4,3>{}));
  P(make_identity_layout(T(I(4),I(5)))(T(I(2),I(3))));
  P(slice(T(_,I(1)),T(I(4),I(5))));
  P(make_layout(T(I(4),I(5))));
}
