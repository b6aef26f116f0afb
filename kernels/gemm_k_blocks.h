// gemm_k_blocks.h — GEMM configurations whose shared-memory stages hold several k-blocks (plain
// C++: read by the kernels and by the planner's table, csrc/gemm/configs.cc).
//
// KBlocked<C, KB, S> is configuration C (a generated one, kernels/generated/cutego_gemm_layouts.h)
// with S stages of KB consecutive k-blocks of C's BK each, so its BK is KB x C::BK. K-block j of
// stage s is C's stage s·KB + j: CuTe's tile_to_shape(atom, (rows, BK, KB·S)) in the collective's
// order. Where an operand is K-major, or MN-major of one atom-wide MN block, that is also
// tile_to_shape(atom, (rows, KB·BK, S)), the layout CuTe gives a BK of KB·64 (an MN-major operand
// of several MN blocks, such as B of a 64x128 tile, has its K atoms stacked first there instead);
// cute/sm90's TestKBlockedStagesAreTileToShape checks both with the algebra for the configurations
// here and for 64x128.
// Everything within a k-block (atoms, swizzles, TMA boxes, wgmma descriptors and their K step) is
// C's: the producer issues C's loads once per k-block into its stage and the consumer C's MMAs
// once per k-block, at the k-block's offset.
// Why: the load path's cost is per stage as much as per byte (bench/tma_stream.cu: ~300 ns per
// stage per CTA at one 4-8 KiB box per stage, whatever the stage count; bandwidth-bound from
// about 16 KiB per stage), which bounds the decode tiles of one consumer warpgroup.
#pragma once

namespace cutego_gen {

// An operand of C with stages of KB k-blocks (its k-blocks and their bytes: kKBlocks and
// kKBlockBytes below).
template <class Op, int KB>
struct KBlockOp : Op {
  static constexpr int stage_bytes = Op::stage_bytes * KB;  // the stage (also the stage stride)
};

template <class C, int KB, int S>
struct KBlocked : C {
  static constexpr int STAGES = S, BK = C::BK * KB;
  typedef KBlockOp<typename C::A_K, KB> A_K;
  typedef KBlockOp<typename C::A_MN, KB> A_MN;
  typedef KBlockOp<typename C::B_K, KB> B_K;
  typedef KBlockOp<typename C::B_MN, KB> B_MN;
};

// The decode tiles (one consumer warpgroup): 64x64 in 6 stages of 2 k-blocks (32 KiB each), 64x32
// in 8 stages of 2 (24 KiB each). Measured against 3 and 4 k-blocks per stage (64x64 in 4 stages
// of 3: 1.05-1.25x slower; 64x32 in 4 of 4: 1.05x faster at K = 4096, 1.06x slower at K = 14336),
// bench/results/2026-12-02-k-blocks-tune.
typedef KBlocked<Gemm_64x64x64_S13, 2, 6> Gemm_64x64x128_S6;
typedef KBlocked<Gemm_64x32x64_S16, 2, 8> Gemm_64x32x128_S8;

}  // namespace cutego_gen

namespace cutego_k {
// K-blocks per stage of a configuration or an operand (1 for the generated ones).
template <class T> struct k_blocks_of { static constexpr int value = 1; };
template <class C, int KB, int S> struct k_blocks_of<cutego_gen::KBlocked<C, KB, S>> { static constexpr int value = KB; };
template <class Op, int KB> struct k_blocks_of<cutego_gen::KBlockOp<Op, KB>> { static constexpr int value = KB; };
template <class T> constexpr int kKBlocks = k_blocks_of<T>::value;
// Bytes of one k-block of an operand's stage.
template <class Op> constexpr int kKBlockBytes = Op::stage_bytes / kKBlocks<Op>;
}  // namespace cutego_k
