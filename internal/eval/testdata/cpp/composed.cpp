// Expected values for internal/eval tests: C++ CuTe with every integer static.
// Build from the repository root:
//   g++ -std=c++17 -w -I.deps/py/cutlass_library/source/include -I.deps/py/nvidia/cu13/include \
//     -I.deps/py/nvidia/cu13/include/cccl internal/eval/testdata/cpp/composed.cpp -o /tmp/composed && /tmp/composed > internal/eval/testdata/cpp/composed.out
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
  auto c = composition(Swizzle<3,4,3>{}, I(0), L(T(I(8),I(64)),T(I(64),I(1))));
  P(c(_,I(3)));
  P(slice(T(I(2),_),c));
  auto c2 = composition(Swizzle<3,4,3>{}, I(0), L(T(T(I(8),I(2)),I(64)),T(T(I(64),I(512)),I(1))));
  P(take<0,1>(c2));
  P(flatten(c2));
  P(c(I(1),I(1)));
  P(upcast<2>(c));
}
