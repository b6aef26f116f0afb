// Every layout snippet of CuTe's docs (CUTLASS v4.2.0, media/docs/cpp/cute/01_layout.md,
// 02_layout_algebra.md, 0x_gemm_tutorial.md), pasted as written between the SNIPPET
// markers, and the values C++ CuTe computes for them. TestDocSnippets feeds each snippet,
// as text, to `cutego eval` (a session; `after=` runs that snippet first) and compares
// the value of every name (P) and of every print statement with docs.out.
// Snippets left out: templates and kernels (print2D, gemm_device), tensors and pointers
// (make_tensor, local_tile of tensors, copy, gemm), run-time values (blockIdx, ldA,
// int(m)), the TiledCopy/TiledMMA atoms, and a block that is C++ template code
// (logical_divide's definition).
// Build from the repository root:
//   g++ -std=c++17 -w -I.deps/py/cutlass_library/source/include -I.deps/py/nvidia/cu13/include \
//     -I.deps/py/nvidia/cu13/include/cccl internal/eval/testdata/docs/docs.cpp -o /tmp/docs && /tmp/docs > internal/eval/testdata/docs/docs.out
#include <cute/tensor.hpp>
#include <cstdio>
using namespace cute;
static const char* SNIP = "";
static int printN = 0;
template <class T> void show(T const& x) { cute::print(x); }
#define P(x) do { printf("%s\t%s\t", SNIP, #x); show(x); printf("\n"); } while (0)
#define print(...) (printf("%s\tprint#%d\t", SNIP, ++printN), show(__VA_ARGS__), printf("\n"))
int main() {
{ SNIP = "01_layout:132"; printN = 0;
// SNIPPET 01_layout:132
Layout s8 = make_layout(Int<8>{});
Layout d8 = make_layout(8);

Layout s2xs4 = make_layout(make_shape(Int<2>{},Int<4>{}));
Layout s2xd4 = make_layout(make_shape(Int<2>{},4));

Layout s2xd4_a = make_layout(make_shape (Int< 2>{},4),
                             make_stride(Int<12>{},Int<1>{}));
Layout s2xd4_col = make_layout(make_shape(Int<2>{},4),
                               LayoutLeft{});
Layout s2xd4_row = make_layout(make_shape(Int<2>{},4),
                               LayoutRight{});

Layout s2xh4 = make_layout(make_shape (2,make_shape (2,2)),
                           make_stride(4,make_stride(2,1)));
Layout s2xh4_col = make_layout(shape(s2xh4),
                               LayoutLeft{});
// END
P(s8);
P(d8);
P(s2xs4);
P(s2xd4);
P(s2xd4_a);
P(s2xd4_col);
P(s2xd4_row);
P(s2xh4);
P(s2xh4_col);
}
{ SNIP = "01_layout:402"; printN = 0;
// SNIPPET 01_layout:402
auto shape = Shape<_3,Shape<_2,_3>>{};
print(idx2crd(   16, shape));                                // (1,(1,2))
print(idx2crd(_16{}, shape));                                // (_1,(_1,_2))
print(idx2crd(make_coord(   1,5), shape));                   // (1,(1,2))
print(idx2crd(make_coord(_1{},5), shape));                   // (_1,(1,2))
print(idx2crd(make_coord(   1,make_coord(1,   2)), shape));  // (1,(1,2))
print(idx2crd(make_coord(_1{},make_coord(1,_2{})), shape));  // (_1,(1,_2))
// END
P(shape);
}
{ SNIP = "01_layout:431"; printN = 0;
// SNIPPET 01_layout:431
auto shape  = Shape <_3,Shape<  _2,_3>>{};
auto stride = Stride<_3,Stride<_12,_1>>{};
print(crd2idx(   16, shape, stride));       // 17
print(crd2idx(_16{}, shape, stride));       // _17
print(crd2idx(make_coord(   1,   5), shape, stride));  // 17
print(crd2idx(make_coord(_1{},   5), shape, stride));  // 17
print(crd2idx(make_coord(_1{},_5{}), shape, stride));  // _17
print(crd2idx(make_coord(   1,make_coord(   1,   2)), shape, stride));  // 17
print(crd2idx(make_coord(_1{},make_coord(_1{},_2{})), shape, stride));  // _17
// END
P(shape);
P(stride);
}
{ SNIP = "01_layout:448"; printN = 0;
// SNIPPET 01_layout:448
Layout a   = Layout<Shape<_4,Shape<_3,_6>>>{}; // (4,(3,6)):(1,(4,12))
Layout a0  = layout<0>(a);                     // 4:1
Layout a1  = layout<1>(a);                     // (3,6):(4,12)
Layout a10 = layout<1,0>(a);                   // 3:4
Layout a11 = layout<1,1>(a);                   // 6:12
// END
P(a);
P(a0);
P(a1);
P(a10);
P(a11);
}
{ SNIP = "01_layout:456"; printN = 0;
// SNIPPET 01_layout:456
Layout a   = Layout<Shape<_2,_3,_5,_7>>{};     // (2,3,5,7):(1,2,6,30)
Layout a13 = select<1,3>(a);                   // (3,7):(2,30)
Layout a01 = select<0,1,3>(a);                 // (2,3,7):(1,2,30)
Layout a2  = select<2>(a);                     // (5):(6)
// END
P(a);
P(a13);
P(a01);
P(a2);
}
{ SNIP = "01_layout:463"; printN = 0;
// SNIPPET 01_layout:463
Layout a   = Layout<Shape<_2,_3,_5,_7>>{};     // (2,3,5,7):(1,2,6,30)
Layout a13 = take<1,3>(a);                     // (3,5):(2,6)
Layout a14 = take<1,4>(a);                     // (3,5,7):(2,6,30)
// take<1,1> not allowed. Empty layouts not allowed.
// END
P(a);
P(a13);
P(a14);
}
{ SNIP = "01_layout:473"; printN = 0;
// SNIPPET 01_layout:473
Layout a = Layout<_3,_1>{};                     // 3:1
Layout b = Layout<_4,_3>{};                     // 4:3
Layout row = make_layout(a, b);                 // (3,4):(1,3)
Layout col = make_layout(b, a);                 // (4,3):(3,1)
Layout q   = make_layout(row, col);             // ((3,4),(4,3)):((1,3),(3,1))
Layout aa  = make_layout(a);                    // (3):(1)
Layout aaa = make_layout(aa);                   // ((3)):((1))
Layout d   = make_layout(a, make_layout(a), a); // (3,(3),3):(1,(1),1)
// END
P(a);
P(b);
P(row);
P(col);
P(q);
P(aa);
P(aaa);
P(d);
}
{ SNIP = "01_layout:484"; printN = 0;
// SNIPPET 01_layout:484
Layout a = Layout<_3,_1>{};                     // 3:1
Layout b = Layout<_4,_3>{};                     // 4:3
Layout ab = append(a, b);                       // (3,4):(1,3)
Layout ba = prepend(a, b);                      // (4,3):(3,1)
Layout c  = append(ab, ab);                     // (3,4,(3,4)):(1,3,(1,3))
Layout d  = replace<2>(c, b);                   // (3,4,4):(1,3,3)
// END
P(a);
P(b);
P(ab);
P(ba);
P(c);
P(d);
}
{ SNIP = "01_layout:496"; printN = 0;
// SNIPPET 01_layout:496
Layout a = Layout<Shape<_2,_3,_5,_7>>{};  // (_2,_3,_5,_7):(_1,_2,_6,_30)
Layout b = group<0,2>(a);                 // ((_2,_3),_5,_7):((_1,_2),_6,_30)
Layout c = group<1,3>(b);                 // ((_2,_3),(_5,_7)):((_1,_2),(_6,_30))
Layout f = flatten(b);                    // (_2,_3,_5,_7):(_1,_2,_6,_30)
Layout e = flatten(c);                    // (_2,_3,_5,_7):(_1,_2,_6,_30)
// END
P(a);
P(b);
P(c);
P(f);
P(e);
}
{ SNIP = "02_layout_algebra:30"; printN = 0;
// SNIPPET 02_layout_algebra:30
auto layout = Layout<Shape <_2,Shape <_1,_6>>,
                     Stride<_1,Stride<_6,_2>>>{};
auto result = coalesce(layout);    // _12:_1
// END
P(layout);
P(result);
}
{ SNIP = "02_layout_algebra:64"; printN = 0;
// SNIPPET 02_layout_algebra:64
auto a = Layout<Shape <_2,Shape <_1,_6>>,
                Stride<_1,Stride<_6,_2>>>{};
auto result = coalesce(a, Step<_1,_1>{});   // (_2,_6):(_1,_2)
// Identical to
auto same_r = make_layout(coalesce(layout<0>(a)),
                          coalesce(layout<1>(a)));
// END
P(a);
P(result);
P(same_r);
}
{ SNIP = "02_layout_algebra:264"; printN = 0;
// SNIPPET 02_layout_algebra:264
Layout a = make_layout(make_shape (Int<10>{}, Int<2>{}),
                       make_stride(Int<16>{}, Int<4>{}));
Layout b = make_layout(make_shape (Int< 5>{}, Int<4>{}),
                       make_stride(Int< 1>{}, Int<5>{}));
Layout c = composition(a, b);
print(c);
// END
P(a);
P(b);
P(c);
}
{ SNIP = "02_layout_algebra:275"; printN = 0;
// SNIPPET 02_layout_algebra:275
Layout a = make_layout(make_shape (10, 2),
                       make_stride(16, 4));
Layout b = make_layout(make_shape ( 5, 4),
                       make_stride( 1, 5));
Layout c = composition(a, b);
print(c);
// END
P(a);
P(b);
P(c);
}
{ SNIP = "02_layout_algebra:291"; printN = 0;
// SNIPPET 02_layout_algebra:291
// (12,(4,8)):(59,(13,1))
auto a = make_layout(make_shape (12,make_shape ( 4,8)),
                     make_stride(59,make_stride(13,1)));
// <3:4, 8:2>
auto tiler = make_tile(Layout<_3,_4>{},  // Apply 3:4 to mode-0
                       Layout<_8,_2>{}); // Apply 8:2 to mode-1

// (_3,(2,4)):(236,(26,1))
auto result = composition(a, tiler);
// Identical to
auto same_r = make_layout(composition(layout<0>(a), get<0>(tiler)),
                          composition(layout<1>(a), get<1>(tiler)));
// END
P(a);
P(tiler);
P(result);
P(same_r);
}
{ SNIP = "02_layout_algebra:311"; printN = 0;
// SNIPPET 02_layout_algebra:311
// (12,(4,8)):(59,(13,1))
auto a = make_layout(make_shape (12,make_shape ( 4,8)),
                     make_stride(59,make_stride(13,1)));
// (8, 3)
auto tiler = make_shape(Int<3>{}, Int<8>{});
// Equivalent to <3:1, 8:1>
// auto tiler = make_tile(Layout<_3,_1>{},  // Apply 3:1 to mode-0
//                        Layout<_8,_1>{}); // Apply 8:1 to mode-1

// (_3,(4,2)):(59,(13,1))
auto result = composition(a, tiler);
// END
P(a);
P(tiler);
P(result);
}
{ SNIP = "02_layout_algebra:456"; printN = 0;
// SNIPPET 02_layout_algebra:456
// A: shape is (9,32)
auto layout_a = make_layout(make_shape (Int< 9>{}, make_shape (Int< 4>{}, Int<8>{})),
                            make_stride(Int<59>{}, make_stride(Int<13>{}, Int<1>{})));
// B: shape is (3,8)
auto tiler = make_tile(Layout<_3,_3>{},           // Apply     3:3     to mode-0
                       Layout<Shape <_2,_4>,      // Apply (2,4):(1,8) to mode-1
                              Stride<_1,_8>>{});

// ((TileM,RestM), (TileN,RestN)) with shape ((3,3), (8,4))
auto ld = logical_divide(layout_a, tiler);
// ((TileM,TileN), (RestM,RestN)) with shape ((3,8), (3,4))
auto zd = zipped_divide(layout_a, tiler);
// END
P(layout_a);
P(tiler);
P(ld);
P(zd);
}
{ SNIP = "0x_gemm_tutorial:121"; printN = 0;
// SNIPPET 0x_gemm_tutorial:121
  // Define CTA tile sizes (static)
  auto bM = Int<128>{};
  auto bN = Int<128>{};
  auto bK = Int<  8>{};
  auto cta_tiler = make_shape(bM, bN, bK);  // (BLK_M, BLK_N, BLK_K)
// END
P(bM);
P(bN);
P(bK);
P(cta_tiler);
}
{ SNIP = "0x_gemm_tutorial:169"; printN = 0;
// parent 0x_gemm_tutorial:121 (repeated)
  // Define CTA tile sizes (static)
  auto bM = Int<128>{};
  auto bN = Int<128>{};
  auto bK = Int<  8>{};
  auto cta_tiler = make_shape(bM, bN, bK);  // (BLK_M, BLK_N, BLK_K)
// SNIPPET 0x_gemm_tutorial:169 after=0x_gemm_tutorial:121
  // Define the smem layouts (static)
  auto sA = make_layout(make_shape(bM, bK));   // (m,k) -> smem_idx; m-major
  auto sB = make_layout(make_shape(bN, bK));   // (n,k) -> smem_idx; n-major
// END
P(sA);
P(sB);
}
{ SNIP = "0x_gemm_tutorial:175"; printN = 0;
// parent 0x_gemm_tutorial:121 (repeated)
  // Define CTA tile sizes (static)
  auto bM = Int<128>{};
  auto bN = Int<128>{};
  auto bK = Int<  8>{};
  auto cta_tiler = make_shape(bM, bN, bK);  // (BLK_M, BLK_N, BLK_K)
// SNIPPET 0x_gemm_tutorial:175 after=0x_gemm_tutorial:121
  // Define the smem layouts (static)
  auto sA = make_layout(make_shape(bM,bK), LayoutRight{});   // (m,k) -> smem_idx; k-major
  auto sB = make_layout(make_shape(bN,bK), LayoutRight{});   // (n,k) -> smem_idx; k-major
// END
P(sA);
P(sB);
}
{ SNIP = "0x_gemm_tutorial:233"; printN = 0;
// SNIPPET 0x_gemm_tutorial:233
  // Define thread layouts (static)
  auto tA = make_layout(make_shape(Int<32>{},Int<8>{}));   // (m,k) -> thr_idx
  auto tB = make_layout(make_shape(Int<32>{},Int<8>{}));   // (n,k) -> thr_idx
// END
P(tA);
P(tB);
}
{ SNIP = "0x_gemm_tutorial:239"; printN = 0;
// SNIPPET 0x_gemm_tutorial:239
  // Define thread layouts (static)
  auto tA = make_layout(make_shape(Int<32>{},Int<8>{}), LayoutRight{});  // (m,k) -> thr_idx; k-major
  auto tB = make_layout(make_shape(Int<32>{},Int<8>{}), LayoutRight{});  // (n,k) -> thr_idx; k-major
// END
P(tA);
P(tB);
}
{ SNIP = "0x_gemm_tutorial:301"; printN = 0;
// SNIPPET 0x_gemm_tutorial:301
  // Define thread layouts (static)
  auto tC = make_layout(make_shape(Int<16>{}, Int<16>{}));   // (m,n) -> thr_idx; m-major
// END
P(tC);
}
{ SNIP = "0x_gemm_tutorial:442"; printN = 0;
// parent 0x_gemm_tutorial:121 (repeated)
  // Define CTA tile sizes (static)
  auto bM = Int<128>{};
  auto bN = Int<128>{};
  auto bK = Int<  8>{};
  auto cta_tiler = make_shape(bM, bN, bK);  // (BLK_M, BLK_N, BLK_K)
// SNIPPET 0x_gemm_tutorial:442 after=0x_gemm_tutorial:121
  // Define the smem layouts (static)
  auto sA = make_layout(make_shape (      bM,          bK),
                        make_stride(Int<1>{}, bM+Int<1>{}));  // (m,k) -> smem_idx; padded m-major
  auto sB = make_layout(make_shape (      bN,          bK),
                        make_stride(Int<1>{}, bN+Int<1>{}));  // (n,k) -> smem_idx; padded n-major
// END
P(sA);
P(sB);
}
}
