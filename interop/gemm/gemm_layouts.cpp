// What CUTLASS's SM90 warp-specialized GEMM derives for the tile configurations of
// kernels/generated/cutego_gemm_layouts.h, printed for interop/gemm/compare.py:
// ss_smem_selector's atom, tile_to_shape to the stages (the collective's Step order),
// make_gmma_desc through the collective's own path (TiledMMA of ss_op_selector's atom, 2
// consumer warpgroups along M, partition_A/B, make_fragment_A/B = DescriptorIterators),
// the CLayout of the MMA atom, and make_tma_copy's tensor map (recorded by
// tma_encode_stub.c). Host-only g++; built and run by `make gemm-gen-check`.
#include <cstdio>
// make_tma_copy encodes its tensor map only when compiled by nvcc >= 12 (the
// `#if (__CUDACC_VER_MAJOR__ >= 12)` around cuTensorMapEncodeTiled in
// copy_traits_sm90_tma.hpp, and the driver wrapper of cutlass/cuda_host_adapter.hpp): g++
// parses those two headers with nvcc's version macros set, then drops them before the rest
// of CUTLASS (which would otherwise take g++ for nvcc, e.g. for WMMA).
#define __CUDACC_VER_MAJOR__ 13
#define __CUDACC_VER_MINOR__ 0
#define CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL
// the wgmma N extents that are odd multiples of 8 (m64n168k16 of the 128x168 tile): CuTe's
// ss_op_selector offers them only with this macro
#define CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED
#include <cutlass/cuda_host_adapter.hpp>
#include <cute/tensor.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cute/atom/copy_traits_sm90_tma.hpp>
#undef __CUDACC_VER_MAJOR__
#undef __CUDACC_VER_MINOR__
#include <cutlass/gemm/collective/builders/sm90_common.inl>

extern "C" {
extern cuuint32_t gemmgen_tma_rank, gemmgen_tma_box[5], gemmgen_tma_swizzle, gemmgen_tma_calls;
extern cuuint64_t gemmgen_tma_dims[5], gemmgen_tma_strides[5];
}

using namespace cute;
constexpr int kMulticast = 2;  // the kernel's 2x1 clusters of the 16-bit configurations

template <class X>
static void line(const char *cfg, const char *op, const char *key, X const &x) {
  printf("GEN %s %s %s ", cfg, op, key);
  print(x);
  printf("\n");
}
static void num(const char *cfg, const char *op, const char *key, long long v) {
  printf("GEN %s %s %s %lld\n", cfg, op, key, v);
}

template <class T>
alignas(1024) static T smem[2][1 << 17];  // never read or written: pointers for the tensors
template <class T>
alignas(128) static T gmem[1 << 10];      // never read: the TMA map's global address

// T: the element type of A and B (bf16, or e4m3 for the 8-bit configurations); MC: the
// cluster size that shares a stage (1: no multicast lines).
template <class T, int MC, int BM, int BN, int BK, int STAGES, bool IsA, GMMA::Major Major>
static void operand(const char *cfg) {
  constexpr int Rows = IsA ? BM : BN;
  const char *op = IsA ? (Major == GMMA::Major::K ? "A_K" : "A_MN") : (Major == GMMA::Major::K ? "B_K" : "B_MN");
  using Atom = decltype(cutlass::gemm::collective::detail::ss_smem_selector<Major, T, Int<Rows>, Int<BK>>());
  using Order = conditional_t<Major == GMMA::Major::MN, Step<_2, _1, _3>, Step<_1, _2, _3>>;
  using Smem = decltype(tile_to_shape(Atom{}, make_shape(Int<Rows>{}, Int<BK>{}, Int<STAGES>{}), Order{}));
  line(cfg, op, "smem_atom", as_position_independent_swizzle_layout(Atom{}));
  line(cfg, op, "smem_stages", as_position_independent_swizzle_layout(Smem{}));
  line(cfg, op, "smem_atom_cute", Atom{});
  num(cfg, op, "smem_cosize_bytes", cosize(Smem{}) * sizeof(T));
  num(cfg, op, "offset_mn64_bytes", Rows > 64 ? get_nonswizzle_portion(Smem{})(64, 0, 0) * sizeof(T) : 0);
  {
    // leading 64-row blocks j whose stage offset is j times block 1's
    int blocks = 1;
    long long step = Rows > 64 ? get_nonswizzle_portion(Smem{})(64, 0, 0) : 0;
    for (int j = 1; j < Rows / 64 && get_nonswizzle_portion(Smem{})(64 * j, 0, 0) == j * step; ++j) ++blocks;
    num(cfg, op, "offset_mn64_blocks", blocks);
  }

  // The collective's MMA: ss_op_selector's atom, 2 consumer warpgroups along M.
  using MajorA = conditional_t<IsA, std::integral_constant<GMMA::Major, Major>, std::integral_constant<GMMA::Major, GMMA::Major::K>>;
  using MajorB = conditional_t<IsA, std::integral_constant<GMMA::Major, GMMA::Major::K>, std::integral_constant<GMMA::Major, Major>>;
  auto mma_op = GMMA::ss_op_selector<T, T, float, Shape<Int<64>, Int<BN>, Int<BK>>, MajorA::value, MajorB::value>();
  auto tiled = make_tiled_mma(mma_op, Layout<Shape<Int<BM / 64>, _1, _1>>{});
  Tensor s = make_tensor(make_smem_ptr(&smem<T>[IsA][0]), Smem{});
  auto thr0 = tiled.get_thread_slice(0);
  auto thr1 = tiled.get_thread_slice(128);
  auto part = [&](auto const &thr) {
    if constexpr (IsA) return thr.partition_A(s); else return thr.partition_B(s);
  };
  Tensor p0 = part(thr0);
  Tensor p1 = part(thr1);
  Tensor frag = [&] {
    if constexpr (IsA) return thr0.make_fragment_A(p0); else return thr0.make_fragment_B(p0);
  }();
  line(cfg, op, "mma_tile", shape<0>(p0));
  num(cfg, op, "mma_rows", size<0>(get<0>(p0.layout())));
  line(cfg, op, "desc_tensor_layout", frag.layout());
  GmmaDescriptor d0 = frag(0, 0, 0, 0);
  GmmaDescriptor dk = frag(0, 0, 1, 0);
  GmmaDescriptor ds = frag(0, 0, 0, 1);
  num(cfg, op, "desc_layout_type", int(d0.bitfield.layout_type_));
  num(cfg, op, "desc_lbo_bytes", int(d0.bitfield.leading_byte_offset_) * 16);
  num(cfg, op, "desc_sbo_bytes", int(d0.bitfield.stride_byte_offset_) * 16);
  num(cfg, op, "desc_k_step_bytes", (int(dk.bitfield.start_address_) - int(d0.bitfield.start_address_)) * 16);
  num(cfg, op, "desc_stage_step_bytes", (int(ds.bitfield.start_address_) - int(d0.bitfield.start_address_)) * 16);
  num(cfg, op, "partition_thread128_bytes",
      (long long)((char const *)raw_pointer_cast(p1.data()) - (char const *)raw_pointer_cast(p0.data())));
  num(cfg, op, "wgmma_trans", int(Major));
  if constexpr (IsA) {
    num(cfg, "-", "consumer_warpgroups", size(tiled) / 128);
    num(cfg, "-", "elem_bytes", sizeof(T));
    using Traits = MMA_Traits<decltype(mma_op)>;
    line(cfg, "Acc", "tv", typename Traits::CLayout{});
    line(cfg, "Acc", "mma_shape", typename Traits::Shape_MNK{});
  }

  // make_tma_copy for one stage, as the collective calls it (SmemLayout(_,_,0)).
  auto g = [&] {
    constexpr int M = Rows * 8, K = BK * 8;
    if constexpr (Major == GMMA::Major::K)
      return make_tensor(make_gmem_ptr(gmem<T>), make_layout(make_shape(M, K), make_stride(K, _1{})));
    else
      return make_tensor(make_gmem_ptr(gmem<T>), make_layout(make_shape(M, K), make_stride(_1{}, M)));
  }();
  // Stage 0: the stages' inner layout sliced, then the swizzle (CuTe's slice of the composed layout
  // composes first, which asks the stage stride to divide the swizzle's span: 168-row stages fail).
  auto stage0 = composition(Smem{}.layout_a(), Smem{}.offset(), Smem{}.layout_b()(_, _, Int<0>{}));
  gemmgen_tma_calls = 0;
  auto tma = make_tma_copy(SM90_TMA_LOAD{}, g, stage0, make_shape(Int<Rows>{}, Int<BK>{}), _1{});
  (void)tma;
  num(cfg, op, "tma_calls", gemmgen_tma_calls);
  num(cfg, op, "tma_rank", gemmgen_tma_rank);
  printf("GEN %s %s tma_box", cfg, op);
  for (cuuint32_t i = 0; i < gemmgen_tma_rank; i++) printf(" %u", gemmgen_tma_box[i]);
  printf("\nGEN %s %s tma_dims", cfg, op);
  for (cuuint32_t i = 0; i < gemmgen_tma_rank; i++) printf(" %llu", (unsigned long long)gemmgen_tma_dims[i]);
  printf("\nGEN %s %s tma_strides", cfg, op);
  for (cuuint32_t i = 0; i < gemmgen_tma_rank; i++) printf(" %llu", (unsigned long long)gemmgen_tma_strides[i]);
  printf("\n");
  // The box's MN extent, and where the next box along MN starts in shared memory (CuTe
  // issues one TMA instruction per box when the box covers less than the stage).
  int box_mn = Major == GMMA::Major::K ? int(gemmgen_tma_box[1]) : int(gemmgen_tma_box[0]);
  num(cfg, op, "tma_box_mn", box_mn);
  num(cfg, op, "tma_next_box_smem_bytes", box_mn < Rows ? get_nonswizzle_portion(Smem{})(box_mn, 0, 0) * sizeof(T) : 0);
  // CUtensorMapSwizzle: NONE, 32B, 64B, 128B = 0..3
  num(cfg, op, "tma_swizzle_bytes", gemmgen_tma_swizzle == 0 ? 0 : 16 << gemmgen_tma_swizzle);

  if constexpr (MC == 1) return;
  // The same stage loaded by a cluster of kMulticast CTAs that share it (SM90_TMA_LOAD_MULTICAST,
  // as the collective calls it with size<0 or 1>(ClusterShape)): each CTA's box.
  gemmgen_tma_calls = 0;
  auto tma_mc = make_tma_copy(SM90_TMA_LOAD_MULTICAST{}, g, stage0, make_shape(Int<Rows>{}, Int<BK>{}),
                              Int<kMulticast>{});
  (void)tma_mc;
  num(cfg, op, "tma_mc_calls", gemmgen_tma_calls);
  printf("GEN %s %s tma_mc_box", cfg, op);
  for (cuuint32_t i = 0; i < gemmgen_tma_rank; i++) printf(" %u", gemmgen_tma_box[i]);
  printf("\n");
}

// A 16-bit configuration: both majors of A and B, MC CTAs per cluster sharing B (2x1 clusters; 1:
// no clusters).
template <int BM, int BN, int BK, int STAGES, int MC = kMulticast>
static void config() {
  using T = cutlass::bfloat16_t;
  char cfg[64];
  snprintf(cfg, sizeof cfg, "Gemm_%dx%dx%d_S%d", BM, BN, BK, STAGES);
  num(cfg, "-", "multicast", MC);
  operand<T, MC, BM, BN, BK, STAGES, true, GMMA::Major::K>(cfg);
  operand<T, MC, BM, BN, BK, STAGES, true, GMMA::Major::MN>(cfg);
  operand<T, MC, BM, BN, BK, STAGES, false, GMMA::Major::K>(cfg);
  operand<T, MC, BM, BN, BK, STAGES, false, GMMA::Major::MN>(cfg);
}

// An 8-bit (FP8) configuration: ss_op_selector takes FP8 A and B K-major only; MC CTAs per
// cluster sharing B (1: no clusters).
template <int BM, int BN, int BK, int STAGES, int MC = 1>
static void config_fp8() {
  using T = cutlass::float_e4m3_t;
  char cfg[64];
  snprintf(cfg, sizeof cfg, "Gemm_%dx%dx%d_S%d_E8", BM, BN, BK, STAGES);
  num(cfg, "-", "multicast", MC);
  operand<T, MC, BM, BN, BK, STAGES, true, GMMA::Major::K>(cfg);
  operand<T, MC, BM, BN, BK, STAGES, false, GMMA::Major::K>(cfg);
}

int main() {
  config<128, 256, 64, 4>();
  config<128, 128, 64, 6>();
  config<128, 64, 64, 8>();
  config<128, 192, 64, 4>();
  config<64, 64, 64, 13>();
  config<64, 32, 64, 16>();
  config<64, 128, 64, 8>();
  config<128, 168, 64, 5, 1>();
  config<64, 96, 64, 10>();
  config<128, 96, 64, 6>();
  config<128, 224, 64, 4, 1>();
  config_fp8<128, 256, 128, 4, 2>();
  config_fp8<128, 128, 128, 6>();
  config_fp8<128, 192, 128, 4>();
  config_fp8<64, 64, 128, 13>();
  config_fp8<64, 128, 128, 8>();
  config_fp8<128, 224, 128, 4>();
  return 0;
}
