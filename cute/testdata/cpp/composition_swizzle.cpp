// Expected values for cute/composition_swizzle_test.go: C++ CuTe's composition(Layout,
// Swizzle) and composition(Layout, ComposedLayout) with every integer static. One case a
// line: the layout, a tab, the swizzle or composed layout, a tab, what C++ prints.
// C++ refuses these at compile time (static_assert in make_swizzle<Y,Z>: the layout
// maps the swizzle's masks to values that are not the masks of a swizzle); the Go test
// checks that cutego refuses them too:
//   REFUSED ((8,2),(4,16)):((4,32),(1,64))	Sw<2,2,3>
//   REFUSED (64,16):(16,1)	Sw<3,4,3> o 0 o (16,64):(64,1)
// Build from the repository root:
//   g++ -std=c++17 -w -I.deps/py/cutlass_library/source/include -I.deps/py/nvidia/cu13/include \
//     -I.deps/py/nvidia/cu13/include/cccl cute/testdata/cpp/composition_swizzle.cpp -o /tmp/cs && /tmp/cs > cute/testdata/cpp/composition_swizzle.out
#include <cute/tensor.hpp>
#include <cute/swizzle_layout.hpp>
#include <cstdio>
using namespace cute;
#define I(n) Int<n>{}
#define T(...) make_tuple(__VA_ARGS__)
#define L(s,d) make_layout(s,d)
template <class A, class B> void Case(char const* a, char const* b, A const& la, B const& sw) {
  printf("%s\t%s\t", a, b); print(composition(la, sw)); printf("\n");
}
int main(){
  Case("(8,8):(8,1)", "Sw<2,0,-3>", L(T(I(8),I(8)),T(I(8),I(1))), Swizzle<2,0,-3>{});
  Case("(8,8):(1,8)", "Sw<3,0,3>", L(T(I(8),I(8)),T(I(1),I(8))), Swizzle<3,0,3>{});
  Case("(8,64):(64,1)", "Sw<3,4,3>", L(T(I(8),I(64)),T(I(64),I(1))), Swizzle<3,4,3>{});
  Case("(64,8):(1,64)", "Sw<3,3,3>", L(T(I(64),I(8)),T(I(1),I(64))), Swizzle<3,3,3>{});
  Case("(16,16):(16,1)", "Sw<2,1,4>", L(T(I(16),I(16)),T(I(16),I(1))), Swizzle<2,1,4>{});
  Case("(512):(2)", "Sw<3,4,3>", L(T(I(512)),T(I(2))), Swizzle<3,4,3>{});
  Case("(32,32):(32,1)", "Sw<0,4,3>", L(T(I(32),I(32)),T(I(32),I(1))), Swizzle<0,4,3>{});
  Case("(8,8):(8,1)", "Sw<2,0,-3> o 0 o (8,8):(1,8)", L(T(I(8),I(8)),T(I(8),I(1))),
    make_composed_layout(Swizzle<2,0,-3>{}, I(0), L(T(I(8),I(8)),T(I(1),I(8)))));
  Case("(4,8):(1,4)", "Sw<1,2,3> o 0 o (8,4):(4,1)", L(T(I(4),I(8)),T(I(1),I(4))),
    make_composed_layout(Swizzle<1,2,3>{}, I(0), L(T(I(8),I(4)),T(I(4),I(1)))));
}
