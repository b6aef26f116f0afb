// gemm_epilogue.h — the shape of the GEMM epilogue's shared-memory staging, shared by the kernel
// (gemm_kernels.cuh) and the planner's table (csrc/gemm/configs.cc), which derives D's TMA box
// from it: rows of kEpiRowBytes bytes (one 128-byte swizzle span), kEpiRows rows per chunk.
#pragma once
namespace cutego_k {
constexpr int kEpiRowBytes = 128;
constexpr int kEpiRows = 64;  // one consumer warpgroup's rows
constexpr int kEpiChunkBytes = kEpiRows * kEpiRowBytes;
}  // namespace cutego_k
