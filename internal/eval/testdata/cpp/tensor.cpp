// Expected values for internal/eval's tensors over iota data (funcs_tensor_test.go): C++
// CuTe's tensors over counting_iterator<int>, every layout integer static. Each case's eval
// input is its C++ text itself.
//   S(expr):      a line "expr<TAB>print(expr)" (one line, CuTe's print(tensor)).
//   D(name, expr): declares name and prints "auto name = expr;<TAB>print(name)".
//   P(expr):      a line "== expr", then print_tensor(expr) (several lines).
// Build from the repository root:
//   g++ -std=c++17 -w -I.deps/py/cutlass_library/source/include -I.deps/py/nvidia/cu13/include \
//     -I.deps/py/nvidia/cu13/include/cccl internal/eval/testdata/cpp/tensor.cpp -o /tmp/tensor && /tmp/tensor > internal/eval/testdata/cpp/tensor.out
#include <cute/tensor.hpp>
#include <cstdio>
using namespace cute;
#define S(...) do { printf("%s\t", #__VA_ARGS__); print(__VA_ARGS__); printf("\n"); } while(0)
#define D(name, ...) auto name = __VA_ARGS__; do { printf("auto %s = %s;\t", #name, #__VA_ARGS__); print(name); printf("\n"); } while(0)
#define P(...) do { printf("== %s\n", #__VA_ARGS__); print_tensor(__VA_ARGS__); } while(0)
int main(){
  D(t, make_tensor(counting_iterator<int>(0), make_layout(make_shape(_8{},_8{}))));
  D(r, make_tensor(counting_iterator<int>(100), make_layout(make_shape(_8{},_8{}), LayoutRight{})));
  D(s, make_tensor(counting_iterator<int>(0), make_shape(_4{},_6{})));
  D(u, make_tensor(counting_iterator<int>(3), make_shape(_2{},make_shape(_3{},_2{})), make_stride(_12{},make_stride(_1{},_3{}))));
  S(local_partition(t, make_layout(make_shape(_2{},_4{})), 3));
  S(local_partition(t, make_layout(make_shape(_2{},_4{}), make_stride(_4{},_1{})), 5));
  S(local_partition(r, make_layout(make_shape(_4{},_2{})), 6));
  S(local_tile(t, make_shape(_4{},_2{}), make_coord(1,2)));
  S(local_tile(r, make_shape(_2{},_4{}), make_coord(3,_)));
  S(zipped_divide(t, make_shape(_4{},_2{})));
  S(zipped_divide(s, make_shape(_2{},_3{})));
  S(t(_,1));
  S(t(2,_));
  S(r(_,5));
  S(u(_,make_coord(1,_)));
  S(t(3,5));
  S(r(3,5));
  S(u(1,make_coord(2,1)));
  S(t(13));
  S(local_tile(s, make_shape(_3{},_4{}), make_coord(1,1)));
  S(make_tensor(counting_iterator<int64_t>(4294967296), make_shape(_2{},_3{})));
  S(local_tile(make_tensor(counting_iterator<int64_t>(4294967296), make_shape(_4{},_6{})), make_shape(_2{},_3{}), make_coord(1,1)));
  S(local_partition(t, make_layout(make_shape(_2{},_4{})), 3)(1,1));
  // counting_iterator<T>{}: the constructor's default argument, a count from 0.
  D(w, make_tensor(counting_iterator<int>{}, make_shape(_4{},_6{})));
  S(make_tensor(counting_iterator<int>{5}, make_shape(_2{},_3{})));
  S(w(3,5));
  P(t);
  P(r);
  P(s);
  P(u);
  P(local_partition(t, make_layout(make_shape(_2{},_4{})), 3));
  P(local_partition(r, make_layout(make_shape(_4{},_2{})), 6));
  P(local_tile(t, make_shape(_4{},_2{}), make_coord(1,2)));
  P(local_tile(r, make_shape(_2{},_4{}), make_coord(3,_)));
  P(zipped_divide(s, make_shape(_2{},_3{})));
  P(local_tile(s, make_shape(_3{},_4{}), make_coord(1,1)));
  P(local_tile(make_tensor(counting_iterator<int64_t>(4294967296), make_shape(_4{},_6{})), make_shape(_2{},_3{}), make_coord(1,1)));
  P(t(_,1));
  P(u(_,make_coord(1,_)));
  P(make_tensor(counting_iterator<int>(-7), make_shape(_2{},_2{},_2{},_2{})));
  P(make_tensor(counting_iterator<int>(0), make_layout(make_shape(_2{},_2{},_2{},_2{},_2{}))));
  P(make_tensor(counting_iterator<int>{}, make_layout(make_shape(_2{},_3{}), LayoutRight{})));
}
