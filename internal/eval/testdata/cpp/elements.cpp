// Expected values for internal/eval tests: the width in bits of every element type eval
// knows (elementBits in cpp.go), as C++ CuTe sees it: recast_layout<T,uint1b_t> of a
// one-element layout has sizeof_bits_v<T> elements.
// Build from the repository root:
//   g++ -std=c++17 -w -I.deps/py/cutlass_library/source/include -I.deps/py/nvidia/cu13/include \
//     -I.deps/py/nvidia/cu13/include/cccl internal/eval/testdata/cpp/elements.cpp -o /tmp/elements && /tmp/elements > internal/eval/testdata/cpp/elements.out
#include <cute/tensor.hpp>
#include <cstdio>
using namespace cute;
#define S(...) do { printf("%s\t", #__VA_ARGS__); print(__VA_ARGS__); printf("\n"); } while(0)
int main(){
  S(recast_layout<bool,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<char,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<short,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<int,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<long,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<float,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<double,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<int8_t,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<uint8_t,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<int16_t,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<uint16_t,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<int32_t,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<uint32_t,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<int64_t,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<uint64_t,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<uint128_t,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<half_t,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<bfloat16_t,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<tfloat32_t,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<float_e4m3_t,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<float_e5m2_t,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<float_ue8m0_t,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<float_ue4m3_t,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<float_e2m3_t,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<float_e3m2_t,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<float_e2m1_t,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<int2b_t,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<uint2b_t,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<int4b_t,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<uint4b_t,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<uint1b_t,uint1b_t>(Layout<_1,_1>{}));
  S(recast_layout<bin1_t,uint1b_t>(Layout<_1,_1>{}));
}
