// Generates print_latex.golden: C++ CuTe's print_latex of layouts and print_latex_tv of
// thread-value layouts, checked byte for byte by latex_test.go. Regenerate (from the
// repository root) with
//   g++ -std=c++17 -w -I.deps/py/cutlass_library/source/include \
//     -I.deps/py/nvidia/cu13/include -I.deps/py/nvidia/cu13/include/cccl \
//     cute/render/testdata/print_latex.cpp -o /tmp/plx && /tmp/plx > cute/render/testdata/print_latex.golden
// A case starts with "== layout <layout>" or "== tv <tv layout> <tile>" (cutego's text).
#include <cute/tensor.hpp>
#include <cute/util/print_latex.hpp>
#include <cstdio>
using namespace cute;
template <class L> void one(const char* s, L const& l) { printf("== layout %s\n", s); print_latex(l); }
template <class L, class T> void tv(const char* s, const char* t, L const& l, T const& tile) {
  printf("== tv %s %s\n", s, t);
  auto ref = make_identity_tensor(tile);
  print_latex_tv(composition(ref, l), tile);
}
int main() {
  one("(4,5):(16,64)", make_layout(make_shape(_4{}, _5{}), make_stride(_16{}, _64{})));
  one("(2,(2,2)):(1,(4,2))", make_layout(make_shape(_2{}, make_shape(_2{}, _2{})), make_stride(_1{}, make_stride(_4{}, _2{}))));
  one("8:3", make_layout(_8{}, _3{}));
  tv("((4,2),2):((2,16),1)", "(8,4)", make_layout(make_shape(make_shape(_4{}, _2{}), _2{}), make_stride(make_stride(_2{}, _16{}), _1{})), make_shape(_8{}, _4{}));
  tv("(32,4):(1,32)", "(16,8)", make_layout(make_shape(_32{}, _4{}), make_stride(_1{}, _32{})), make_shape(_16{}, _8{}));
  tv("(4,2):(0,1)", "(2,2)", make_layout(make_shape(_4{}, _2{}), make_stride(_0{}, _1{})), make_shape(_2{}, _2{}));
}
