// Expected values for internal/eval tests: C++ CuTe with every integer static.
// Build from the repository root:
//   g++ -std=c++17 -w -I.deps/py/cutlass_library/source/include -I.deps/py/nvidia/cu13/include \
//     -I.deps/py/nvidia/cu13/include/cccl internal/eval/testdata/cpp/cosize.cpp -o /tmp/cosize && /tmp/cosize > internal/eval/testdata/cpp/cosize.out
#include <cute/layout.hpp>
using namespace cute;
int main(){
  print(cosize(make_layout(make_shape(Int<4>{},Int<3>{}), make_stride(Int<-1>{},Int<4>{})))); print("\n");
  print(cosize(make_layout(make_shape(Int<4>{},Int<3>{}), make_stride(Int<2>{},Int<-1>{})))); print("\n");
  print(cosize(make_layout(make_shape(Int<4>{},Int<3>{}), make_stride(Int<0>{},Int<1>{})))); print("\n");
  print(cosize(make_identity_layout(make_shape(Int<4>{},Int<3>{})))); print("\n");
}
