// Expected values for internal/eval tests: C++ CuTe with every integer static.
// Build from the repository root:
//   g++ -std=c++17 -w -I.deps/py/cutlass_library/source/include -I.deps/py/nvidia/cu13/include \
//     -I.deps/py/nvidia/cu13/include/cccl internal/eval/testdata/cpp/partition.cpp -o /tmp/partition && /tmp/partition > internal/eval/testdata/cpp/partition.out
// C++ has local_tile/local_partition for tensors only: the cases print the layout of the
// tensor they return (a null gmem pointer, so the offset goes nowhere).
#include <cute/tensor.hpp>
#include <cstdio>
using namespace cute;
#define I(n) Int<n>{}
#define T(...) make_tuple(__VA_ARGS__)
#define L(s,d) make_layout(s,d)
#define E(text, ...) do { printf("%s\t", text); print(__VA_ARGS__); printf("\n"); } while(0)
int main(){
  auto a = L(T(I(16),I(64)),T(I(1),I(16)));
  auto t = make_tensor(make_gmem_ptr((float*)nullptr), a);
  E("local_tile((16,64):(1,16),(4,8),(1,2))", local_tile(t, T(I(4),I(8)), T(I(1),I(2))).layout());
  E("local_tile((16,64):(1,16),(4,8),(1,_))", local_tile(t, T(I(4),I(8)), T(I(1),_)).layout());
  E("local_tile((16,64):(1,16),(4,8),3)", local_tile(t, T(I(4),I(8)), I(3)).layout());
  E("local_partition((16,64):(1,16),(2,16):(1,2),5)", local_partition(t, L(T(I(2),I(16)),T(I(1),I(2))), 5).layout());
  E("local_partition((16,64):(1,16),(2,16):(16,1),5)", local_partition(t, L(T(I(2),I(16)),T(I(16),I(1))), 5).layout());
  auto b = L(T(I(16),I(64)),T(I(64),I(1)));
  auto tb = make_tensor(make_gmem_ptr((float*)nullptr), b);
  E("local_partition((16,64):(64,1),(2,16),7)", local_partition(tb, make_layout(T(I(2),I(16))), 7).layout());
  auto c = L(T(I(12),T(I(4),I(8))),T(I(59),T(I(13),I(1))));
  auto tc = make_tensor(make_gmem_ptr((float*)nullptr), c);
  E("local_tile((12,(4,8)):(59,(13,1)),(3,(2,4)),(1,(1,_)))", local_tile(tc, T(I(3),T(I(2),I(4))), T(I(1),T(I(1),_))).layout());
  E("slice((_,(1,_)),((4,8),(4,8)):((1,16),(4,128)))", slice(T(_,T(I(1),_)), L(T(T(I(4),I(8)),T(I(4),I(8))),T(T(I(1),I(16)),T(I(4),I(128))))));
  E("local_partition((8,8):(1,8),(2,2):(2,1),3)", local_partition(make_tensor(make_gmem_ptr((float*)nullptr), L(T(I(8),I(8)),T(I(1),I(8)))), L(T(I(2),I(2)),T(I(2),I(1))), 3).layout());
}
