// Expected values for internal/eval tests: CuTe's C++ spellings. Each case's
// eval input is its C++ text itself (the S macro prints the text, a tab, and what C++
// CuTe prints for it), so the test reads the same characters C++ compiled.
// Build from the repository root:
//   g++ -std=c++17 -w -I.deps/py/cutlass_library/source/include -I.deps/py/nvidia/cu13/include \
//     -I.deps/py/nvidia/cu13/include/cccl internal/eval/testdata/cpp/spellings.cpp -o /tmp/spellings && /tmp/spellings > internal/eval/testdata/cpp/spellings.out
#include <cute/tensor.hpp>
#include <cute/swizzle_layout.hpp>
#include <cstdio>
using namespace cute;
#define S(...) do { printf("%s\t", #__VA_ARGS__); print(__VA_ARGS__); printf("\n"); } while(0)
int main(){
  S(make_layout(make_shape(8,4), LayoutRight{}));
  S(make_layout(make_shape(8,4), LayoutLeft{}));
  S(make_layout(make_shape(Int<8>{},Int<4>{}), LayoutRight{}));
  S(make_layout(make_shape(_8{},_4{}), make_stride(_1{},_8{})));
  S(make_layout(make_shape(_2{},make_shape(_3{},_4{})), make_stride(_12{},make_stride(_1{},_3{}))));
  S(make_shape(_2{},make_shape(_3{},_4{})));
  S(make_coord(_1{},make_coord(_2{},_3{})));
  S(make_tile(Layout<_3,_4>{}, Layout<_8,_2>{}));
  S(make_tile(Layout<_3,_4>{}, _));
  S(Layout<Shape<_8,_4>, Stride<_4,_1>>{});
  S(Layout<Shape<_8,_4>>{});
  S(Layout<_3,_1>{});
  S(Shape<_3,Shape<_2,_3>>{});
  S(Int<8>{});
  S(_16{});
  S(get<0>(Layout<Shape<_8,_4>, Stride<_4,_1>>{}));
  S(get<1,0>(Layout<Shape<_2,Shape<_3,_4>>>{}));
  S(size<1>(Layout<Shape<_8,_4>, Stride<_4,_1>>{}));
  S(size(Layout<Shape<_8,_4>, Stride<_4,_1>>{}));
  S(cosize(Layout<Shape<_8,_4>, Stride<_4,_1>>{}));
  S(rank(Layout<Shape<_2,Shape<_3,_4>>>{}));
  S(depth(Layout<Shape<_2,Shape<_3,_4>>>{}));
  S(shape<1>(Layout<Shape<_2,Shape<_3,_4>>>{}));
  S(stride<1>(Layout<Shape<_2,Shape<_3,_4>>>{}));
  S(layout<1>(Layout<Shape<_2,Shape<_3,_4>>>{}));
  S(take<1,3>(Layout<Shape<_2,_3,_5,_7>>{}));
  S(select<0,2>(Layout<Shape<_2,_3,_5,_7>>{}));
  S(group<1,3>(Layout<Shape<_2,_3,_5,_7>>{}));
  S(flatten(Layout<Shape<_2,Shape<_3,_4>>>{}));
  S(coalesce(Layout<Shape<_2,Shape<_1,_6>>, Stride<_1,Stride<_6,_2>>>{}, Step<_1,_1>{}));
  S(upcast<2>(Layout<Shape<_8,_4>, Stride<_4,_1>>{}));
  S(downcast<2>(Layout<Shape<_8,_4>, Stride<_4,_1>>{}));
  S(recast_layout<uint16_t,uint32_t>(Layout<Shape<_8,_4>, Stride<_4,_1>>{}));
  S(recast_layout<uint32_t,uint16_t>(Layout<Shape<_8,_4>, Stride<_4,_1>>{}));
  S(recast_layout<half_t,float>(Layout<Shape<_8,_4>, Stride<_4,_1>>{}));
  S(recast_layout<float_e4m3_t,bfloat16_t>(Layout<Shape<_8,_4>, Stride<_4,_1>>{}));
  S(recast_layout<tfloat32_t,uint128_t>(Layout<Shape<_8,_4>, Stride<_4,_1>>{}));
  S(recast_layout<uint8_t,int>(Layout<Shape<_8,_4>, Stride<_4,_1>>{}));
  S(recast_layout<double,int16_t>(Layout<Shape<_8,_4>, Stride<_4,_1>>{}));
  S(recast_layout<uint1b_t,uint8_t>(Layout<Shape<_64,_4>, Stride<_4,_256>>{}));
  S(recast_layout<int4b_t,uint8_t>(Layout<Shape<_64,_4>, Stride<_1,_64>>{}));
  S(Swizzle<3,4,3>{});
  S(upcast<2>(Swizzle<3,4,3>{}));
  S(composition(Swizzle<3,4,3>{}, Layout<Shape<_8,_64>, Stride<_64,_1>>{}));
  S(composition(Swizzle<3,4,3>{}, make_layout(make_shape(_8{},_64{}), LayoutRight{}))(_3{},_5{}));
  S(cute::composition(cute::Swizzle<3,4,3>{}, cute::make_layout(cute::make_shape(cute::Int<8>{},cute::Int<64>{}), cute::LayoutRight{})));
  S(composition(Layout<Shape<_8,_64>, Stride<_64,_1>>{}, Swizzle<3,4,3>{}));
  S(Layout<Shape<_8,_4>, Stride<_4,_1>>{}(_1{},_2{}));
  S(size(Layout<Shape<_8,_4>>{}) * Int<2>{} + _1{});
  S(logical_divide(Layout<Shape<_9,Shape<_4,_8>>, Stride<Int<59>,Stride<Int<13>,_1>>>{}, make_tile(Layout<_3,_3>{}, Layout<Shape<_2,_4>, Stride<_1,_8>>{})));
  S(zipped_divide(make_layout(make_shape(_16{},_8{})), make_tile(_4{},_2{})));
  S(idx2crd(_16{}, Shape<_3,Shape<_2,_3>>{}));
  S(crd2idx(make_coord(_1{},make_coord(_1{},_2{})), Shape<_3,Shape<_2,_3>>{}, Stride<_3,Stride<_12,_1>>{}));
  S(complement(Layout<_4,_2>{}, Int<24>{}));
  S(blocked_product(Layout<Shape<_2,_2>>{}, Layout<Shape<_3,_4>>{}));
  S(make_layout(Layout<_3,_1>{}, Layout<_4,_3>{}));
  // group / take / select: of a rank-1 layout that is not a tuple, of int tuples, group<B,-1>
  S(group<1,1>(Layout<_4,_1>{}));
  S(group<0,0>(Layout<_4,_1>{}));
  S(group<0,1>(Layout<_4,_1>{}));
  S(group<0,-1>(Layout<_4,_1>{}));
  S(group<1,-1>(Layout<Shape<_2,_3,_4>>{}));
  S(group<1,1>(Layout<Shape<_2,_3>>{}));
  S(group<1,-1>(make_shape(_2{},_3{},_4{})));
  S(group<0,2>(make_shape(_2{},_3{})));
  S(take<0,2>(make_shape(_2{},_3{},_4{})));
  S(take<1,-1>(make_shape(_2{},_3{},_4{})));
  S(take<1,1>(make_shape(_2{},_3{},_4{})));
  S(select<1,0>(make_shape(_2{},make_shape(_3{},_4{}),_5{})));
  S(select<0>(_4{}));
  S(group<0,-1>(composition(Swizzle<1,1,1>{}, Layout<Shape<_4,_2>>{})));
}
