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
}
