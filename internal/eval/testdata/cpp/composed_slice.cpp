// Expected values for internal/eval tests: C++ CuTe with every integer static.
// Build from the repository root:
//   g++ -std=c++17 -w -I.deps/py/cutlass_library/source/include -I.deps/py/nvidia/cu13/include \
//     -I.deps/py/nvidia/cu13/include/cccl internal/eval/testdata/cpp/composed_slice.cpp -o /tmp/composed_slice && /tmp/composed_slice > internal/eval/testdata/cpp/composed_slice.out
#include <cute/tensor.hpp>
#include <cute/swizzle_layout.hpp>
#include <cstdio>
using namespace cute;
#define I(n) Int<n>{}
#define T(...) make_tuple(__VA_ARGS__)
#define L(s,d) make_layout(s,d)
#define E(text, ...) do { printf("%s\t", text); print(__VA_ARGS__); printf("\n"); } while(0)
int main(){
  auto c = composition(Swizzle<3,4,3>{}, I(0), L(T(I(8),I(64)),T(I(64),I(1))));
  E("Sw<3,4,3> o 0 o (8,64):(64,1)(_,3)", c(_,I(3)));
  E("slice((2,_),Sw<3,4,3> o 0 o (8,64):(64,1))", slice(T(I(2),_),c));
  auto d = composition(Swizzle<2,0,2>{}, I(0), L(T(I(4),I(4)),T(I(4),I(1))));
  E("Sw<2,0,2> o 0 o (4,4):(4,1)(_,1)", d(_,I(1)));
  E("Sw<2,0,2> o 0 o (4,4):(4,1)(2,_)", d(I(2),_));
  auto e = composition(Swizzle<3,3,3>{}, I(0), L(T(I(8),I(64)),T(I(64),I(1))));
  E("Sw<3,3,3> o 0 o (8,64):(64,1)(_,5)", e(_,I(5)));
  E("Sw<3,3,3> o 0 o (8,64):(64,1)(3,_)", e(I(3),_));
  auto f = composition(Swizzle<3,4,3>{}, I(0), L(T(T(I(8),I(2)),I(64)),T(T(I(64),I(512)),I(1))));
  E("Sw<3,4,3> o 0 o ((8,2),64):((64,512),1)((_,1),_)", f(T(_,I(1)),_));
  E("Sw<3,4,3> o 0 o ((8,2),64):((64,512),1)((3,_),_)", f(T(I(3),_),_));
}
