// sm90_ptx.cuh — the Hopper (sm_90a) instructions cutego's kernels use, one inline function
// each: mbarriers, TMA (cp.async.bulk.tensor) loads and stores, proxy fences, and the
// warpgroup MMA (wgmma) helpers. Shared by copy_kernels.cuh and gemm_kernels.cuh.
#pragma once
#include <cuda.h>
#include <stdint.h>

namespace cutego_k {
__device__ __forceinline__ uint32_t smem_u32(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
__device__ __forceinline__ void mbar_init(uint64_t *bar, uint32_t count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem_u32(bar)), "r"(count));
}
__device__ __forceinline__ void fence_barrier_init() {
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}
__device__ __forceinline__ void fence_proxy_async() {
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}
__device__ __forceinline__ void mbar_expect_tx(uint64_t *bar, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem_u32(bar)),
               "r"(bytes)
               : "memory");
}
// mbar_wait on the mbarrier at shared-memory address addr (a loop's barriers as a base address
// computed once plus 8 bytes a stage: the generic-to-shared conversion of &bar[s] took six
// instructions at every use).
__device__ __forceinline__ void mbar_wait_at(uint32_t addr, uint32_t parity) {
  asm volatile(
      "{\n"
      ".reg .pred p;\n"
      "WAIT_%=:\n"
      "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n"
      "@!p bra WAIT_%=;\n"
      "}\n" ::"r"(addr),
      "r"(parity)
      : "memory");
}
__device__ __forceinline__ void mbar_wait(uint64_t *bar, uint32_t parity) { mbar_wait_at(smem_u32(bar), parity); }
// cp.async of N bytes (4 or 8: through L1, .ca) from global to shared memory; src_bytes 0 reads
// nothing and fills zeros.
template <int N>
__device__ __forceinline__ void cp_async(uint32_t dst, const void *src, uint32_t src_bytes) {
  static_assert(N == 4 || N == 8, "cp.async.ca copies 4, 8 or 16 bytes; 16 is the TMA's grid");
  asm volatile("cp.async.ca.shared.global [%0], [%1], %2, %3;" ::"r"(dst), "l"(src), "n"(N), "r"(src_bytes)
               : "memory");
}
// One arrival on bar once every cp.async this thread issued before has landed (the barrier's
// count includes it: .noinc).
__device__ __forceinline__ void cp_async_mbar_arrive_noinc(uint64_t *bar) {
  asm volatile("cp.async.mbarrier.arrive.noinc.shared::cta.b64 [%0];" ::"r"(smem_u32(bar)) : "memory");
}
__device__ __forceinline__ void cp_async_wait_all() { asm volatile("cp.async.wait_all;" ::: "memory"); }
__device__ __forceinline__ void bulk_commit() { asm volatile("cp.async.bulk.commit_group;" ::: "memory"); }
template <int N>
__device__ __forceinline__ void bulk_wait_read() {
  asm volatile("cp.async.bulk.wait_group.read %0;" ::"n"(N) : "memory");
}
__device__ __forceinline__ void bulk_wait_all() { asm volatile("cp.async.bulk.wait_group 0;" ::: "memory"); }

// A tiled TMA load of the box at coordinates c (innermost first, in elements). The innermost
// coordinate times the element size must be a multiple of 16 bytes: off that grid the instruction
// faults with an illegal instruction, also where the box lies inside the tensor (measured:
// bf16 boxes at 1, 4 and 4100 elements, bench/results/2026-12-03-residues; fp32 boxes of 4 x 2
// and 8 x 1 at 1, 2, 3 and 5 on an H100, 2026-12-05-s29). The outer coordinates may be anything.
__device__ __forceinline__ void tma_load(const CUtensorMap *map, void *smem, uint64_t *bar, int rank,
                                         const int32_t *c) {
  uint64_t m = reinterpret_cast<uint64_t>(map);
  uint32_t s = smem_u32(smem), b = smem_u32(bar);
  switch (rank) {
    case 1:
      asm volatile(
          "cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3}], [%2];" ::"r"(s),
          "l"(m), "r"(b), "r"(c[0])
          : "memory");
      break;
    case 2:
      asm volatile(
          "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" ::"r"(s),
          "l"(m), "r"(b), "r"(c[0]), "r"(c[1])
          : "memory");
      break;
    case 3:
      asm volatile(
          "cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4, %5}], [%2];" ::"r"(s),
          "l"(m), "r"(b), "r"(c[0]), "r"(c[1]), "r"(c[2])
          : "memory");
      break;
    case 4:
      asm volatile(
          "cp.async.bulk.tensor.4d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4, %5, %6}], [%2];" ::"r"(s),
          "l"(m), "r"(b), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3])
          : "memory");
      break;
    default:
      asm volatile(
          "cp.async.bulk.tensor.5d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4, %5, %6, %7}], [%2];" ::"r"(s),
          "l"(m), "r"(b), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(c[4])
          : "memory");
      break;
  }
}

// stmatrix.sync.aligned.m8n8.x4.trans.shared.b16: a warp stores four 8x8 matrices of 16-bit values,
// each transposed. Register q of lane l holds the pair (row l / 4, columns 2 (l % 4), +1) of matrix q;
// lane 8 q + i gives the address of stored row i of matrix q, which receives the matrix's column i
// (8 values, 16 bytes).
__device__ __forceinline__ void stmatrix_x4_trans(uint32_t addr, uint32_t r0, uint32_t r1, uint32_t r2, uint32_t r3) {
  asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1, %2, %3, %4};" ::"r"(addr), "r"(r0),
               "r"(r1), "r"(r2), "r"(r3)
               : "memory");
}

__device__ __forceinline__ void tma_store(const CUtensorMap *map, const void *smem, int rank, const int32_t *c) {
  uint64_t m = reinterpret_cast<uint64_t>(map);
  uint32_t s = smem_u32(smem);
  switch (rank) {
    case 1:
      asm volatile("cp.async.bulk.tensor.1d.global.shared::cta.bulk_group [%0, {%2}], [%1];" ::"l"(m), "r"(s), "r"(c[0])
                   : "memory");
      break;
    case 2:
      asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%2, %3}], [%1];" ::"l"(m), "r"(s),
                   "r"(c[0]), "r"(c[1])
                   : "memory");
      break;
    case 3:
      asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%0, {%2, %3, %4}], [%1];" ::"l"(m), "r"(s),
                   "r"(c[0]), "r"(c[1]), "r"(c[2])
                   : "memory");
      break;
    case 4:
      asm volatile("cp.async.bulk.tensor.4d.global.shared::cta.bulk_group [%0, {%2, %3, %4, %5}], [%1];" ::"l"(m),
                   "r"(s), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3])
                   : "memory");
      break;
    default:
      asm volatile("cp.async.bulk.tensor.5d.global.shared::cta.bulk_group [%0, {%2, %3, %4, %5, %6}], [%1];" ::"l"(m),
                   "r"(s), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(c[4])
                   : "memory");
      break;
  }
}

// Variants with an L2 cache-policy operand (createpolicy), for streaming copies.
__device__ __forceinline__ uint64_t policy_evict_first() {
  uint64_t p;
  asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(p));
  return p;
}
__device__ __forceinline__ uint64_t policy_evict_last() {
  uint64_t p;
  asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(p));
  return p;
}
__device__ __forceinline__ void tma_load_hint(const CUtensorMap *map, void *smem, uint64_t *bar, int rank,
                                              const int32_t *c, uint64_t pol) {
  uint64_t m = reinterpret_cast<uint64_t>(map);
  uint32_t s = smem_u32(smem), b = smem_u32(bar);
  switch (rank) {
    case 1:
      asm volatile("cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1, {%4}], [%2], %3;" ::"r"(s), "l"(m), "r"(b), "l"(pol), "r"(c[0]) : "memory");
      break;
    case 2:
      asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1, {%4, %5}], [%2], %3;" ::"r"(s), "l"(m), "r"(b), "l"(pol), "r"(c[0]), "r"(c[1]) : "memory");
      break;
    case 3:
      asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1, {%4, %5, %6}], [%2], %3;" ::"r"(s), "l"(m), "r"(b), "l"(pol), "r"(c[0]), "r"(c[1]), "r"(c[2]) : "memory");
      break;
    case 4:
      asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1, {%4, %5, %6, %7}], [%2], %3;" ::"r"(s), "l"(m), "r"(b), "l"(pol), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]) : "memory");
      break;
    default:
      asm volatile("cp.async.bulk.tensor.5d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1, {%4, %5, %6, %7, %8}], [%2], %3;" ::"r"(s), "l"(m), "r"(b), "l"(pol), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(c[4]) : "memory");
      break;
  }
}
__device__ __forceinline__ void tma_store_hint(const CUtensorMap *map, const void *smem, int rank, const int32_t *c,
                                               uint64_t pol) {
  uint64_t m = reinterpret_cast<uint64_t>(map);
  uint32_t s = smem_u32(smem);
  switch (rank) {
    case 1:
      asm volatile("cp.async.bulk.tensor.1d.global.shared::cta.bulk_group.L2::cache_hint [%0, {%3}], [%1], %2;" ::"l"(m), "r"(s), "l"(pol), "r"(c[0]) : "memory");
      break;
    case 2:
      asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group.L2::cache_hint [%0, {%3, %4}], [%1], %2;" ::"l"(m), "r"(s), "l"(pol), "r"(c[0]), "r"(c[1]) : "memory");
      break;
    case 3:
      asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group.L2::cache_hint [%0, {%3, %4, %5}], [%1], %2;" ::"l"(m), "r"(s), "l"(pol), "r"(c[0]), "r"(c[1]), "r"(c[2]) : "memory");
      break;
    case 4:
      asm volatile("cp.async.bulk.tensor.4d.global.shared::cta.bulk_group.L2::cache_hint [%0, {%3, %4, %5, %6}], [%1], %2;" ::"l"(m), "r"(s), "l"(pol), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]) : "memory");
      break;
    default:
      asm volatile("cp.async.bulk.tensor.5d.global.shared::cta.bulk_group.L2::cache_hint [%0, {%3, %4, %5, %6, %7}], [%1], %2;" ::"l"(m), "r"(s), "l"(pol), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(c[4]) : "memory");
      break;
  }
}

// ---- thread-block clusters ------------------------------------------------------------------
// The calling CTA's rank in its cluster.
__device__ __forceinline__ uint32_t cluster_ctarank() {
  uint32_t r;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(r));
  return r;
}
// Every thread of every CTA of the cluster arrives (relaxed: no memory ordering, CUTLASS's
// cluster_arrive_relaxed + cluster_wait); returns when all (non-exited) have. For the kernel's start,
// where fence_barrier_init already orders the barriers' initialization before it.
__device__ __forceinline__ void cluster_arrive_relaxed_wait() {
  asm volatile("barrier.cluster.arrive.relaxed;\n\tbarrier.cluster.wait;" ::: "memory");
}
// A 3-D TMA load written to the same shared-memory offset in every CTA of `mask` (bit r: rank
// r), each CTA's mbarrier at bar's offset receiving the bytes it got.
__device__ __forceinline__ void tma_load_multicast_3d(const CUtensorMap *map, void *smem, uint64_t *bar,
                                                      const int32_t *c, uint16_t mask) {
  asm volatile(
      "cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster"
      " [%0], [%1, {%3, %4, %5}], [%2], %6;" ::"r"(smem_u32(smem)),
      "l"(reinterpret_cast<uint64_t>(map)), "r"(smem_u32(bar)), "r"(c[0]), "r"(c[1]), "r"(c[2]), "h"(mask)
      : "memory");
}

__device__ __forceinline__ uint8_t *align1024(uint8_t *p) {
  uintptr_t s = static_cast<uintptr_t>(smem_u32(p));
  return p + (((s + 1023) & ~static_cast<uintptr_t>(1023)) - s);
}

// Arrive on an mbarrier (count 1) from the calling thread.
__device__ __forceinline__ void mbar_arrive(uint64_t *bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem_u32(bar)) : "memory");
}
// mbar_arrive by the threads where pred holds, predicated rather than branched (CUTLASS's
// ClusterBarrier::arrive(cta_id, pred)): a warp's loop keeps no divergent branch around it.
__device__ __forceinline__ void mbar_arrive_if_at(uint32_t addr, bool pred) {
  asm volatile(
      "{\n"
      ".reg .pred p;\n"
      "setp.ne.b32 p, %1, 0;\n"
      "@p mbarrier.arrive.shared::cta.b64 _, [%0];\n"
      "}\n" ::"r"(addr),
      "r"(static_cast<int>(pred))
      : "memory");
}
__device__ __forceinline__ void mbar_arrive_if(uint64_t *bar, bool pred) { mbar_arrive_if_at(smem_u32(bar), pred); }
// Arrive (count 1), where pred holds, on the mbarrier at bar's shared-memory offset in CTA `cta`
// of the cluster (the calling CTA's own included). The default semantics (release at CTA scope),
// as CUTLASS's ClusterBarrier::arrive(cta_id, pred): .release.cluster waits for the thread's wgmma
// in flight, which serialized the main loop (measured: 0.6x).
__device__ __forceinline__ void mbar_arrive_cluster_if(uint64_t *bar, uint32_t cta, bool pred) {
  asm volatile(
      "{\n"
      ".reg .pred p;\n"
      ".reg .b32 remote;\n"
      "setp.ne.b32 p, %2, 0;\n"
      "@p mapa.shared::cluster.u32 remote, %0, %1;\n"
      "@p mbarrier.arrive.shared::cluster.b64 _, [remote];\n"
      "}\n" ::"r"(smem_u32(bar)),
      "r"(cta), "r"(static_cast<int>(pred))
      : "memory");
}

// Named barrier: the first `threads` threads to arrive at barrier `id` (1..15) wait for each other.
__device__ __forceinline__ void named_barrier_sync(int id, int threads) {
  asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(threads) : "memory");
}

// Register reallocation between warpgroups (sm_90a): a producer gives registers back, the
// consumers take them. Needs a register cap at entry (__launch_bounds__(threads, 1)).
template <int N>
__device__ __forceinline__ void setmaxnreg_dec() {
  asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;" ::"n"(N));
}
template <int N>
__device__ __forceinline__ void setmaxnreg_inc() {
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;" ::"n"(N));
}

// wgmma ordering: fence before the first wgmma that touches registers written by ordinary
// instructions; commit closes a group; wait<N> leaves at most N groups in flight.
__device__ __forceinline__ void wgmma_fence() { asm volatile("wgmma.fence.sync.aligned;" ::: "memory"); }
__device__ __forceinline__ void wgmma_commit() { asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory"); }
template <int N>
__device__ __forceinline__ void wgmma_wait() {
  asm volatile("wgmma.wait_group.sync.aligned %0;" ::"n"(N) : "memory");
}

// Programmatic dependent launch: a kernel launched with programmatic stream serialization may
// start while the kernel before it on the stream is still running; this waits until that kernel
// has completed and its memory operations are visible (a no-op when launched without it).
__device__ __forceinline__ void grid_dependency_wait() { asm volatile("griddepcontrol.wait;" ::: "memory"); }
// Brings a tensor map (a __grid_constant__ kernel parameter, by its generic address) into the
// descriptor cache ahead of the first TMA instruction that reads it (CUTLASS's
// prefetch_tma_descriptor); a hint, nothing is read from the tensor's memory.
__device__ __forceinline__ void prefetch_tensormap(const CUtensorMap *map) {
  asm volatile("prefetch.tensormap [%0];" ::"l"(reinterpret_cast<uint64_t>(map)) : "memory");
}
// Lets the kernel after this one on the stream, where it is launched with programmatic stream
// serialization, launch its CTAs now (onto free SMs; its griddepcontrol.wait still waits for this
// kernel to complete). Without it, that happens as this kernel's CTAs exit.
__device__ __forceinline__ void grid_dependency_launch_dependents() {
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
}

// A wgmma shared-memory matrix descriptor (PTX ISA "Matrix Descriptor Format"): start address,
// leading and stride byte offsets (each >> 4, 14 bits), base offset 0 (stages are 1024-byte
// aligned), layout type in bits 62-63 (1 = 128-byte swizzle, 2 = 64, 3 = 32). The byte
// offsets and layout type come from cutego (kernels/generated/cutego_gemm_layouts.h).
__host__ __device__ __forceinline__ constexpr uint64_t gmma_desc(uint32_t smem_addr, uint32_t lbo_bytes, uint32_t sbo_bytes,
                                              uint32_t layout_type) {
  return static_cast<uint64_t>((smem_addr & 0x3FFFF) >> 4) |
         (static_cast<uint64_t>((lbo_bytes >> 4) & 0x3FFF) << 16) |
         (static_cast<uint64_t>((sbo_bytes >> 4) & 0x3FFF) << 32) |
         (static_cast<uint64_t>(layout_type & 3) << 62);
}
}  // namespace cutego_k
