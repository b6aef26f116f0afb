// cpp_test.cpp — the C++ wrapper (include/cutego.hpp): values, operators, exceptions.
// Expected values: C++ CuTe (all-static) and CuTe's documentation.
#include <iostream>
#include <sstream>
#include <string>

#include "cutego.hpp"

static int fails = 0;
#define CHECK(cond)                                                      \
  do {                                                                   \
    if (!(cond)) {                                                       \
      ++fails;                                                           \
      std::cerr << "FAIL " << __FILE__ << ":" << __LINE__ << ": " #cond "\n"; \
    }                                                                    \
  } while (0)
#define CHECK_EQ(a, b)                                                                          \
  do {                                                                                          \
    auto va_ = (a);                                                                             \
    auto vb_ = (b);                                                                             \
    if (!(va_ == vb_)) {                                                                        \
      ++fails;                                                                                  \
      std::cerr << "FAIL " << __FILE__ << ":" << __LINE__ << ": " #a " = " << va_ << ", want " << vb_ << "\n"; \
    }                                                                                           \
  } while (0)
#define CHECK_THROWS(expr, st)                                                   \
  do {                                                                           \
    bool thrown_ = false;                                                        \
    try {                                                                        \
      (void)(expr);                                                              \
    } catch (const cutego::error &e) {                                           \
      thrown_ = true;                                                            \
      if (e.status() != (st)) {                                                  \
        ++fails;                                                                 \
        std::cerr << "FAIL " << __LINE__ << ": " #expr " threw " << e.what() << "\n"; \
      }                                                                          \
    }                                                                            \
    if (!thrown_) {                                                              \
      ++fails;                                                                   \
      std::cerr << "FAIL " << __LINE__ << ": " #expr " did not throw\n";         \
    }                                                                            \
  } while (0)

int main() {
  using namespace cutego;
  CHECK_EQ(version(), CUTEGO_VERSION);

  IntTuple s{2, {3, 4}};
  CHECK_EQ(s.str(), std::string("(2,(3,4))"));
  CHECK_EQ(IntTuple("(2,(_3,4))"), s);
  CHECK_EQ(IntTuple(7).str(), std::string("7"));
  CHECK_EQ(IntTuple::tuple({}).str(), std::string("()"));

  Layout a("(6,2):(8,2)"), b("(4,3):(3,1)");
  CHECK_EQ(composition(a, b).str(), std::string("((2,2),3):((24,2),8)"));
  Layout c("(12,(4,8)):(59,(13,1))");
  CHECK_EQ(composition(c, Tiler{Layout("3:4"), Layout("8:2")}).str(), std::string("(3,(2,4)):(236,(26,1))"));
  CHECK_EQ(composition(c, Tiler{Layout("3:4"), _}).str(), std::string("(3,(4,8)):(236,(13,1))"));
  CHECK_EQ(composition(c, "(3:4,_)"), Layout("(3,(4,8)):(236,(13,1))"));
  CHECK_EQ(logical_divide(Layout("(4,2,3):(2,1,8)"), Layout("4:2")).str(), std::string("((2,2),(2,3)):((4,1),(2,8))"));
  CHECK_EQ(zipped_divide(Layout("(9,(4,8)):(59,(13,1))"), Tiler{Layout("3:3"), Layout("(2,4):(1,8)")}).str(),
           std::string("((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))"));
  CHECK_EQ(blocked_product(Layout("(2,5):(5,1)"), Layout("(3,4):(1,3)")).str(),
           std::string("((2,3),(5,4)):((5,10),(1,30))"));
  CHECK_EQ(raked_product(Layout("(2,5):(5,1)"), Layout("(3,4):(1,3)")).str(),
           std::string("((3,2),(4,5)):((10,5),(30,1))"));
  CHECK_EQ(coalesce(Layout("(2,(1,6)):(1,(6,2))")).str(), std::string("12:1"));
  CHECK_EQ(coalesce(Layout("(2,(1,6)):(1,(6,2))"), IntTuple{1, 1}).str(), std::string("(2,6):(1,2)"));
  CHECK_EQ(complement(Layout("(2,2):(1,6)"), 24).str(), std::string("(3,2):(2,12)"));
  CHECK_EQ(complement(Layout("(2,2):(1,6)")).str(), std::string("3:2"));
  CHECK_EQ(right_inverse(Layout("(4,2):(2,1)")).str(), std::string("(2,4):(4,1)"));
  CHECK_EQ(left_inverse(Layout("(4,2):(2,1)")).str(), std::string("(2,4):(4,1)"));
  CHECK_EQ(max_common_vector(Layout("(4,2):(1,4)"), Layout("(8):(1)")), 8);
  CHECK_EQ(tile_to_shape(Layout("(2,2):(1,2)"), IntTuple{4, 6}).str(), std::string("((2,2),(2,3)):((1,4),(2,8))"));
  CHECK_EQ(tile_to_shape(Layout("(2,2):(1,2)"), IntTuple{4, 6}, IntTuple{2, 1}).str(),
           std::string("((2,2),(2,3)):((1,12),(2,4))"));

  Layout l("(2,(3,4)):(3,(1,6))");
  CHECK_EQ(l(1, 5), 11);
  CHECK_EQ(l(IntTuple{1, {2, 1}}), 11);
  CHECK_EQ(l(17), 17);
  CHECK_EQ(l.idx2crd(17).str(), std::string("(1,(2,2))"));
  CHECK_EQ(l.size(), 24);
  CHECK_EQ(l.rank(), 2);
  CHECK_EQ(l.depth(), 2);
  CHECK_EQ(l.shape().str(), std::string("(2,(3,4))"));
  CHECK_EQ(l.stride().str(), std::string("(3,(1,6))"));
  CHECK_EQ(l[1].str(), std::string("(3,4):(1,6)"));
  CHECK_EQ(Layout(IntTuple{2, {3, 4}}, IntTuple{1, {2, 6}}).str(), std::string("(2,(3,4)):(1,(2,6))"));
  CHECK_EQ(Layout::right(IntTuple{2, {3, 4}}).str(), std::string("(2,(3,4)):(12,(4,1))"));
  CHECK_EQ(Layout(IntTuple{2, {1, 4}}).str(), std::string("(2,(1,4)):(1,(0,2))"));
  std::ostringstream os;
  os << l;
  CHECK_EQ(os.str(), std::string("(2,(3,4)):(3,(1,6))"));
  CHECK(Layout("(4,5):(1,4)") != Layout("20:1"));

  Swizzle sw(3, 4, 3);
  CHECK_EQ(sw(128), 144);
  CHECK_EQ(sw.str(), std::string("Sw<3,4,3>"));
  ComposedLayout cl("Sw<3,4,3> o 0 o (8,64):(64,1)");
  CHECK_EQ(cl(517), 432);
  CHECK_EQ(cl(IntTuple{3, 17}), 193);
  CHECK_EQ(ComposedLayout(sw, 0, Layout("(8,64):(64,1)")).str(), cl.str());

  // exceptions
  CHECK_THROWS(Layout("(4,5):(1"), CUTEGO_PARSE);
  CHECK_THROWS(composition(Layout("(3,4):(1,10)"), Layout("4:2")), CUTEGO_NOT_ADMISSIBLE);
  CHECK_THROWS(Layout(IntTuple{2, 3}, IntTuple{1, {2, 3}}), CUTEGO_INVALID_ARGUMENT);
  CHECK_THROWS(Swizzle(3, 4, 2), CUTEGO_INVALID_ARGUMENT);
  CHECK_THROWS(l(IntTuple{1, 2, 3}), CUTEGO_INVALID_ARGUMENT);
  CHECK_THROWS(Layout("(1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1):(0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0)"), CUTEGO_CAPACITY);
  try {
    composition(Layout("(3,4):(1,10)"), Layout("4:2"));
  } catch (const cutego::error &e) {
    CHECK(std::string(e.what()).find("cute_composition") != std::string::npos);
  }
  // atoms: C++ CuTe's printout in cute/atom/testdata (tiled.out case 4, copies.out case 7)
  {
    cutego::TiledMMA m = cutego::make_tiled_mma("SM80_16x8x16_F32F16F16F32_TN", Layout("(2,2,1):(1,2,0)"));
    CHECK_EQ(m.size(), int64_t(128));
    CHECK_EQ(m.tile_shape(), (IntTuple{32, 16, 16}));
    CHECK_EQ(m.thr_layout_vmnk(), Layout("(32,2,2,1):(1,32,64,0)"));
    CHECK_EQ(m.get_layoutC_TV(), Layout("((4,8,2,2),((2,2),(1,1))):((64,1,16,256),((32,8),(0,0)))"));
    cutego::Partition p = m.get_slice(67).partition_C(Layout("(64,48):(48,1)"));
    CHECK_EQ(p.layout, Layout("((2,2),2,3):((1,384),1536,16)"));
    CHECK_EQ(p.offset, int64_t(14));
    CHECK_EQ(cutego::partition_shape_C(m, IntTuple{64, 48}), (IntTuple{{2, 2}, 2, 3}));
    cutego::TiledCopy c = cutego::make_tiled_copy_A("SM75_U32x4_LDSM_N", "half_t", m);
    CHECK_EQ(c.get_layoutS_TV(), Layout("((16,2,2,2),(8,1)):((1,256,16,0),(32,0))"));
    cutego::Partition s = c.get_slice(127).partition_S(Layout("(64,64):(64,1)"));
    CHECK_EQ(s.layout, Layout("((8,1),2,4):((1,0),2048,16)"));
    CHECK_EQ(s.offset, int64_t(1992));
    CHECK_EQ(c.get_slice(0).retile_D(Layout("((2,2,2),1,1):((1,2,4),0,0)")), Layout("((8,1),1,1):((1,0),0,0)"));
    std::ostringstream tex;
    cutego::print_latex(tex, m);
    CHECK(tex.str().rfind("% LayoutC: ArithTuple(_0,_0) o ((_4,_8,_2,_2),((_2,_2),(_1,_1)))", 0) == 0);
    std::ostringstream svg;
    cutego::print_svg(svg, m);
    CHECK(svg.str().find("LayoutC_TV ((4,8,2,2),((2,2),(1,1))):((64,1,16,256),((32,8),(0,0)))") != std::string::npos);
    CHECK_THROWS(cutego::make_tiled_mma("SM80_16x8x16_F32F16F16F32_TX"), CUTEGO_INVALID_ARGUMENT);
    CHECK_THROWS(cutego::make_tiled_mma("SM80_16x8x16_F32F16F16F32_TN", Layout("1:0"), "(24,_,_)"), CUTEGO_NOT_ADMISSIBLE);
    CHECK_THROWS(m.get_slice(128).partition_C(Layout("(64,48):(48,1)")), CUTEGO_INVALID_ARGUMENT);
    CHECK_THROWS(cutego::make_copy_atom("SM80_CP_ASYNC_CACHEGLOBAL<uint32_t>", "float"), CUTEGO_NOT_ADMISSIBLE);
  }
  std::cout << "cpp_test: " << (fails ? "FAILED" : "ok") << "\n";
  return fails ? 1 : 0;
}
