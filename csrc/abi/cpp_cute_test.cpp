// cpp_cute_test.cpp — cutego::Layout <-> cute::Layout (CUTLASS's CuTe, host-only), built by
// `make capi-test` with the pinned CUTLASS headers. Checks the conversion both ways on the
// layouts' functions (every coordinate), static-leaf checks, profile mismatches, that
// libcutego's composition agrees, as a function, with C++ CuTe's on dynamic layouts, and that
// cutego::make_tiled_mma gives C++ CuTe's own make_tiled_mma's TV layouts, leaf for leaf.
#include <cstdio>
#include <iostream>
#include <string>

#define CUTEGO_WITH_CUTE 1
#include "cutego.hpp"

#include <cute/atom/mma_atom.hpp>

#include "../check.h"

using namespace cute;
using P2 = Shape<int64_t, Shape<int64_t, int64_t>>;  // profile (_,(_,_))

template <class CL>
void same_function(const char *what, const cutego::Layout &g, const CL &c) {
  CHECK(g.size() == int64_t(size(c)), "%s: size %lld vs %lld", what, (long long)g.size(), (long long)size(c));
  for (int64_t i = 0; i < g.size(); ++i)
    CHECK(g(i) == int64_t(c(i)), "%s: L(%lld) = %lld (cutego) vs %lld (cute)", what, (long long)i, (long long)g(i),
          (long long)c(i));
}

// same_tiled_mma: cutego::make_tiled_mma(name, atom_layout, permutation) against C++ CuTe's
// make_tiled_mma (cpp): equal TV layouts, ThrLayoutVMNK, tile and size, and to_cute of each
// TV layout into the exact type of C++'s (every static leaf checked).
template <class M>
void same_tiled_mma(const char *name, const char *atom_layout, const char *perm, const M &cpp) {
  cutego::TiledMMA g = perm ? cutego::make_tiled_mma(name, cutego::Layout(atom_layout), perm)
                            : cutego::make_tiled_mma(name, cutego::Layout(atom_layout));
  cutego::TiledMMALayouts want = cutego::from_cute(cpp), got = cutego::layouts(g);
  CHECK(got.thr_layout_vmnk == want.thr_layout_vmnk, "%s: vmnk %s, C++ %s", name, got.thr_layout_vmnk.str().c_str(),
        want.thr_layout_vmnk.str().c_str());
  CHECK(got.layoutA_TV == want.layoutA_TV, "%s: A_TV %s, C++ %s", name, got.layoutA_TV.str().c_str(),
        want.layoutA_TV.str().c_str());
  CHECK(got.layoutB_TV == want.layoutB_TV, "%s: B_TV %s, C++ %s", name, got.layoutB_TV.str().c_str(),
        want.layoutB_TV.str().c_str());
  CHECK(got.layoutC_TV == want.layoutC_TV, "%s: C_TV %s, C++ %s", name, got.layoutC_TV.str().c_str(),
        want.layoutC_TV.str().c_str());
  CHECK(got.tile_shape == want.tile_shape && got.size == want.size, "%s: tile %s size %lld, C++ %s %lld", name,
        got.tile_shape.str().c_str(), (long long)got.size, want.tile_shape.str().c_str(), (long long)want.size);
  try {
    auto c = cutego::to_cute(g.get_layoutC_TV(), cpp.get_layoutC_TV());
    same_function("to_cute(C_TV)", g.get_layoutC_TV(), c);
    same_function("C++ C_TV", g.get_layoutC_TV(), cpp.get_layoutC_TV());
    same_function("C++ A_TV", g.get_layoutA_TV(), cpp.get_layoutA_TV());
    same_function("C++ B_TV", g.get_layoutB_TV(), cpp.get_layoutB_TV());
  } catch (const cutego::error &e) {
    CHECK(false, "%s: to_cute into C++'s C_TV type: %s", name, e.what());
  }
}

static void tiled_mmas() {
  same_tiled_mma("SM80_16x8x16_F32F16F16F32_TN", "(2,2,1):(1,2,0)", nullptr,
                 make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2, _2, _1>, Stride<_1, _2, _0>>{}));
  same_tiled_mma("SM80_16x8x16_F32F16F16F32_TN", "(2,2,1):(2,1,0)", "(32,(8,2,2):(1,16,8),16)",
                 make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2, _2, _1>, Stride<_2, _1, _0>>{},
                                Tile<_32, Layout<Shape<_8, _2, _2>, Stride<_1, _16, _8>>, _16>{}));
  same_tiled_mma("SM70_8x8x4_F32F16F16F32_NT", "(2,2):(2,1)", "((4,4,2):(1,8,4),32,4)",
                 make_tiled_mma(SM70_8x8x4_F32F16F16F32_NT{}, Layout<Shape<_2, _2>, Stride<_2, _1>>{},
                                Tile<Layout<Shape<_4, _4, _2>, Stride<_1, _8, _4>>, _32, _4>{}));
  same_tiled_mma("SM90_64x128x16_F32BF16BF16_SS<GMMA::Major::K,GMMA::Major::K>", "(2,1,1):(1,0,0)", nullptr,
                 make_tiled_mma(SM90_64x128x16_F32BF16BF16_SS<GMMA::Major::K, GMMA::Major::K>{},
                                Layout<Shape<_2, _1, _1>, Stride<_1, _0, _0>>{}));
  // a static leaf that differs is refused by to_cute (the check the comparison above relies on)
  try {
    auto cpp = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2, _2, _1>, Stride<_1, _2, _0>>{});
    cutego::to_cute(cutego::make_tiled_mma("SM80_16x8x16_F32F16F16F32_TN", cutego::Layout("(2,2,1):(2,1,0)"))
                        .get_layoutC_TV(),
                    cpp.get_layoutC_TV());
    CHECK(false, "to_cute into a TV layout type of other static leaves did not throw");
  } catch (const cutego::error &e) {
    CHECK(e.status() == CUTEGO_INVALID_ARGUMENT, "status %d", (int)e.status());
  }
}

int main() {
  // cutego -> cute, dynamic leaves
  cutego::Layout g("(2,(3,4)):(3,(1,6))");
  auto c = cutego::to_cute<P2>(g);
  same_function("to_cute", g, c);
  CHECK(int64_t(c(1, 5)) == 11 && g(1, 5) == 11, "c(1,5)");
  CHECK(int64_t(c(make_coord(1, make_coord(2, 1)))) == 11, "c(1,(2,1))");
  auto c2 = cutego::to_cute(g, make_shape(int(0), make_shape(int(0), int(0))));  // int leaves
  same_function("to_cute(profile value)", g, c2);
  // static leaves of the profile are checked
  auto c3 = cutego::to_cute<Shape<_2, Shape<int, _4>>, Stride<int, Stride<_1, int>>>(g);
  same_function("to_cute(static)", g, c3);
  try {
    cutego::to_cute<Shape<_4, Shape<int, _4>>, Stride<int, Stride<_1, int>>>(g);
    CHECK(false, "a wrong static leaf did not throw");
  } catch (const cutego::error &e) {
    CHECK(e.status() == CUTEGO_INVALID_ARGUMENT, "status %d", (int)e.status());
  }
  try {
    cutego::to_cute<Shape<int64_t, int64_t>>(g);
    CHECK(false, "a wrong profile did not throw");
  } catch (const cutego::error &e) {
    CHECK(e.status() == CUTEGO_INVALID_ARGUMENT, "status %d", (int)e.status());
  }
  try {
    cutego::to_cute<Shape<int8_t, Shape<int8_t, int8_t>>>(cutego::Layout("(2,(3,4)):(3,(1,600))"));
    CHECK(false, "a narrowing did not throw");
  } catch (const cutego::error &e) {
    CHECK(e.status() == CUTEGO_OVERFLOW, "status %d", (int)e.status());
  }

  // cute -> cutego, static and dynamic
  auto s = Layout<Shape<_2, Shape<_3, _4>>, Stride<_3, Stride<_1, _6>>>{};
  CHECK(cutego::from_cute(s).str() == "(2,(3,4)):(3,(1,6))", "from_cute(static) = %s", cutego::from_cute(s).str().c_str());
  auto d = make_layout(make_shape(2, make_shape(3, 4)), make_stride(3, make_stride(1, 6)));
  CHECK(cutego::from_cute(d) == g, "from_cute(dynamic)");
  CHECK(cutego::from_cute(make_layout(8)).str() == "8:1", "from_cute(8)");

  // libcutego's algebra agrees with C++ CuTe's on dynamic layouts (as functions; C++ needs
  // static strides for rank > 1 complements, so the cases keep to what it computes)
  {
    cutego::Layout A("(6,2):(8,2)"), B("(4,3):(3,1)");
    auto r = composition(cutego::to_cute<Shape<int64_t, int64_t>>(A), cutego::to_cute<Shape<int64_t, int64_t>>(B));
    same_function("composition (6,2):(8,2) o (4,3):(3,1)", cutego::composition(A, B), r);
  }
  {
    cutego::Layout A("(10,2):(16,4)"), B("(5,4):(1,5)");
    auto r = composition(cutego::to_cute<Shape<int64_t, int64_t>>(A), cutego::to_cute<Shape<int64_t, int64_t>>(B));
    same_function("composition (10,2):(16,4) o (5,4):(1,5)", cutego::composition(A, B), r);
  }
  {
    cutego::Layout A("(4,2,3):(2,1,8)"), B("4:2");
    auto r = logical_divide(cutego::to_cute<Shape<int64_t, int64_t, int64_t>>(A), cutego::to_cute<int64_t>(B));
    same_function("logical_divide", cutego::logical_divide(A, B), r);
  }
  {
    cutego::Layout A("4:2"), B("6:1");
    auto r = logical_product(cutego::to_cute<int64_t>(A), cutego::to_cute<int64_t>(B));
    same_function("logical_product", cutego::logical_product(A, B), r);
  }
  tiled_mmas();
  std::printf("cpp_cute_test: %s\n", fails ? "FAILED" : "ok");
  return fails ? 1 : 0;
}
