// print_tensor.cpp — expected values for cute/print_tensor_test.go: CuTe's own
// print_tensor on tensors of several element types, ranks and layouts (every integer a
// run-time value, so layouts print without `_`; the views at the end use static integers,
// printed with `_`). Each case prints a line
// "== TYPE off=OFFSET" and then print_tensor(make_tensor(data + OFFSET, layout)).
// The element values are data[i] of the formulas below, which the Go test repeats.
// Regenerate with ./gen.sh (needs the CUTLASS headers of .deps).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <cute/tensor.hpp>

using namespace cute;

static int32_t i32[256];
static int64_t i64[256];
static float f32[256];
static double f64[256];

template <class T, class L>
void show(const char* type, T* data, int off, L const& layout) {
  std::printf("== %s off=%d\n", type, off);
  print_tensor(make_tensor(data + off, layout));
}

// A view of a tensor: the line names the operation and its arguments as cutego parses them
// ("op base args"); the printed tensor is CuTe's result (its pointer's offset from i32 is
// printed too, since the header's pointer is an address).
template <class V>
void view(const char* what, V const& v) {
  std::printf("== int32 view %s at=%d\n", what, int(v.data() - i32));
  print_tensor(v);
}

int main() {
  for (int i = 0; i < 256; ++i) {
    i32[i] = (i * 37) % 101 - 50;
    i64[i] = int64_t(i) * 1000003 - 100000;
    f32[i] = float(i) * 0.375f - 7.0f;
    f64[i] = double(i) * -1.0625 + 3.0;
  }
  // values whose printing is delicate: ties, tiny and huge, signed zero, non-finite
  f32[3] = 1.125f;  f32[4] = -0.0f;  f32[5] = 1e-30f;  f32[6] = 3.4e38f;
  f32[7] = std::numeric_limits<float>::quiet_NaN();
  f32[8] = std::numeric_limits<float>::infinity();
  f32[9] = -std::numeric_limits<float>::infinity();
  f32[10] = 0.125f; f32[11] = 9.995f; f32[12] = 99999.5f;
  f64[3] = 2.0625;  f64[4] = -0.0;  f64[5] = 1e-300;  f64[6] = 1.7e308;
  f64[7] = -std::numeric_limits<double>::quiet_NaN();
  f64[8] = std::numeric_limits<double>::infinity();
  f64[9] = 5e-324;  f64[10] = 0.0005; f64[11] = 123456789.0;

  show("int32", i32, 0, make_layout(8, 1));
  show("int32", i32, 5, make_layout(make_shape(make_shape(2, 3)), make_stride(make_stride(3, 1))));
  show("int32", i32, 0, make_layout(make_shape(4, 5), make_stride(5, 1)));
  show("int32", i32, 2, make_layout(make_shape(make_shape(2, 2), 3), make_stride(make_stride(1, 6), 2)));
  show("int32", i32, 0, make_layout(make_shape(2, 3, 4), make_stride(12, 4, 1)));
  show("int32", i32, 1, make_layout(make_shape(make_shape(2, 2), 3, make_shape(2, 2)), make_stride(make_stride(1, 40), 2, make_stride(7, 20))));
  show("int32", i32, 0, make_layout(make_shape(2, 2, 2, 2), make_stride(1, 2, 4, 8)));
  show("int32", i32, 3, make_layout(make_shape(2, make_shape(3, 2), 2, make_shape(2, 2)), make_stride(50, make_stride(1, 3), 6, make_stride(12, 100))));
  show("int32", i32, 0, make_layout(make_shape(2, 1, 1, 1, 2), make_stride(1, 0, 0, 0, 2)));
  show("int32", i32, 20, make_layout(make_shape(3, 4), make_stride(-1, -5)));
  show("int32", i32, 0, make_layout(make_shape(3, 2), make_stride(0, 1)));
  show("int64", i64, 0, make_layout(make_shape(3, 4), make_stride(4, 1)));
  show("int64", i64, 7, make_layout(make_shape(2, 3, 2), make_stride(1, 2, 6)));
  show("float32", f32, 0, make_layout(make_shape(4, 4), make_stride(1, 4)));
  show("float32", f32, 0, make_layout(make_shape(2, 2, 3), make_stride(1, 2, 4)));
  show("float32", f32, 3, make_layout(10, 1));
  show("float64", f64, 0, make_layout(make_shape(4, 3), make_stride(3, 1)));
  show("float64", f64, 1, make_layout(make_shape(2, 2, 2, 2), make_stride(8, 4, 2, 1)));

  // views: local_tile, local_partition, zipped_divide and slices of tensors, every layout
  // and tiler integer static (cutego's reference: C++ CuTe with static integers)
  using _12 = Int<12>;
  auto a = make_tensor(i32 + 0, make_layout(make_shape(_8{}, _12{}), make_stride(_1{}, _8{})));
  view("local_tile (8,12):(1,8) (4,3) (1,2)", local_tile(a, make_shape(_4{}, _3{}), make_coord(1, 2)));
  view("local_tile (8,12):(1,8) (2,6) (3,_)", local_tile(a, make_shape(_2{}, _6{}), make_coord(3, _)));
  view("local_partition (8,12):(1,8) (2,2):(1,2) 3", local_partition(a, make_layout(make_shape(_2{}, _2{}), make_stride(_1{}, _2{})), 3));
  view("local_partition (8,12):(1,8) (4,2):(2,1) 5", local_partition(a, make_layout(make_shape(_4{}, _2{}), make_stride(_2{}, _1{})), 5));
  view("zipped_divide (8,12):(1,8) (4,6)", zipped_divide(a, make_shape(_4{}, _6{})));
  view("slice (8,12):(1,8) (_,5)", a(_, 5));
  view("slice (8,12):(1,8) (3,_)", a(3, _));
  auto b = make_tensor(i32 + 7, make_layout(make_shape(make_shape(_2{}, _3{}), _4{}), make_stride(make_stride(_12{}, _1{}), _3{})));
  view("slice ((2,3),4):((12,1),3)@7 ((1,_),_)", b(make_coord(1, _), _));
  view("local_tile ((2,3),4):((12,1),3)@7 (2,2) (1,1)", local_tile(b, make_shape(_2{}, _2{}), make_coord(1, 1)));
  return 0;
}
