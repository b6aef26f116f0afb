// gemm_smem.h — the GEMM's shared-memory plan, shared by the kernel (gemm_kernels.cuh) and the
// planner's table (csrc/gemm/configs.cc, plain C++): the operand stages (sizes from the generated
// layouts), the epilogue's staging buffers, the mbarriers. The epilogue stages rows of
// kEpiRowBytes (one 128-byte swizzle span), kEpiRows rows per chunk, two buffers per consumer
// warpgroup (kEpiBuffers<Cfg>: 4 for the 128-row tiles, 2 for the 64-row tile of one consumer);
// D's TMA box is derived from it.
#pragma once
namespace cutego_k {
constexpr int kEpiRowBytes = 128;
constexpr int kEpiRows = 64;  // one consumer warpgroup's rows
constexpr int kEpiChunkBytes = kEpiRows * kEpiRowBytes;
template <class Cfg>
constexpr int kEpiBuffers = 2 * Cfg::CONSUMER_WARPGROUPS;  // two per consumer warpgroup

// Bytes of dynamic shared memory: 1024 of alignment slack (SW128 stages must be 1024-aligned),
// the stages, the staging buffers, and a full and an empty mbarrier per stage.
template <class Cfg, class OA, class OB>
constexpr int gemm_smem_bytes() {
  return 1024 + Cfg::STAGES * (OA::stage_bytes + OB::stage_bytes) + kEpiBuffers<Cfg> * kEpiChunkBytes +
         Cfg::STAGES * 2 * 8;
}
}  // namespace cutego_k
