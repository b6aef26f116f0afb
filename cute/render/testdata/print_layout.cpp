// Generates print_layout.golden: C++ CuTe's print_layout output for the layouts that
// render_test.go checks byte for byte. Regenerate (from the repository root) with
//   g++ -std=c++17 -w -I.deps/py/cutlass_library/source/include \
//     -I.deps/py/nvidia/cu13/include -I.deps/py/nvidia/cu13/include/cccl \
//     cute/render/testdata/print_layout.cpp -o /tmp/pl && /tmp/pl > cute/render/testdata/print_layout.golden
// Each case starts with a line "== <layout as cutego parses it>".
#include <cute/tensor.hpp>
#include <cute/swizzle_layout.hpp>
#include <cstdio>
using namespace cute;
template <class L> void one(const char* s, L const& l) { printf("== %s\n", s); print_layout(l); }
int main() {
  one("(4,5):(16,64)", make_layout(make_shape(_4{}, _5{}), make_stride(_16{}, _64{})));
  one("(2,(2,2)):(1,(4,2))", make_layout(make_shape(_2{}, make_shape(_2{}, _2{})), make_stride(_1{}, make_stride(_4{}, _2{}))));
  one("(8,8):(1,8)", make_layout(make_shape(_8{}, _8{}), make_stride(_1{}, _8{})));
  one("(4,3):(-1,4)", make_layout(make_shape(_4{}, _3{}), make_stride(Int<-1>{}, _4{})));
  one("(3,4):(1000,1)", make_layout(make_shape(_3{}, _4{}), make_stride(Int<1000>{}, _1{})));
  one("(4,4):(0,1)", make_layout(make_shape(_4{}, _4{}), make_stride(_0{}, _1{})));
  one("((2,2),(2,4)):((1,8),(2,16))", make_layout(make_shape(make_shape(_2{}, _2{}), make_shape(_2{}, _4{})), make_stride(make_shape(_1{}, _8{}), make_shape(_2{}, _16{}))));
  one("(1,1):(0,0)", make_layout(make_shape(_1{}, _1{}), make_stride(_0{}, _0{})));
  one("(2,3):(12345678,1)", make_layout(make_shape(_2{}, _3{}), make_stride(Int<12345678>{}, _1{})));
  one("Sw<2,0,2> o 0 o (4,4):(4,1)", composition(Swizzle<2,0,2>{}, make_layout(make_shape(_4{}, _4{}), LayoutRight{})));
  one("(16,2):(2,1)", make_layout(make_shape(_16{}, _2{}), make_stride(_2{}, _1{})));
}
