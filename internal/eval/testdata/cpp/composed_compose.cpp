// Expected values for internal/eval tests: C++ CuTe with every integer static.
// Build from the repository root:
//   g++ -std=c++17 -w -I.deps/py/cutlass_library/source/include -I.deps/py/nvidia/cu13/include \
//     -I.deps/py/nvidia/cu13/include/cccl internal/eval/testdata/cpp/composed_compose.cpp -o /tmp/composed_compose && /tmp/composed_compose > internal/eval/testdata/cpp/composed_compose.out
#include <cute/tensor.hpp>
#include <cute/swizzle_layout.hpp>
#include <cstdio>
using namespace cute;
#define I(n) Int<n>{}
#define T(...) make_tuple(__VA_ARGS__)
#define L(s,d) make_layout(s,d)
#define E(text, ...) do { printf("%s\t", text); print(__VA_ARGS__); printf("\n"); } while(0)
int main(){
  auto a = L(T(I(8),I(8)),T(I(8),I(1)));
  E("composition((8,8):(8,1),composition(Sw<2,0,-3>,(8,8):(8,1)))", composition(a, composition(Swizzle<2,0,-3>{}, a)));
  E("composition((8,8):(8,1),Sw<2,0,-3>)", composition(a, Swizzle<2,0,-3>{}));
  E("composition((8,64):(64,1),Sw<3,4,3>)", composition(L(T(I(8),I(64)),T(I(64),I(1))), Swizzle<3,4,3>{}));
  E("composition((4,8):(1,4),make_composed_layout(Sw<1,2,3>,0,(8,4):(4,1)))", composition(L(T(I(4),I(8)),T(I(1),I(4))), make_composed_layout(Swizzle<1,2,3>{}, I(0), L(T(I(8),I(4)),T(I(4),I(1))))));
  E("make_composed_layout(Sw<0,3,3>,0,(8,8):(8,1))", make_composed_layout(Swizzle<0,3,3>{}, I(0), a));
  auto n = composition(composition(Swizzle<2,0,3>{}, a), composition(Swizzle<2,0,-3>{}, a));
  E("composition(composition(Sw<2,0,3>,(8,8):(8,1)),composition(Sw<2,0,-3>,(8,8):(8,1)))", n);
  E("composition(composition(Sw<2,0,3>,(8,8):(8,1)),composition(Sw<2,0,-3>,(8,8):(8,1)))(9)", n(I(9)));
  E("composition(composition(Sw<2,0,3>,(8,8):(8,1)),composition(Sw<2,0,-3>,(8,8):(8,1)))(3,5)", n(I(3),I(5)));
}
