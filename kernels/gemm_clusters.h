// gemm_clusters.h — the cluster shapes a GEMM configuration's kernels run (plain C++: read by the
// kernels, gemm_kernels.cuh, and by the planner's table, csrc/gemm/configs.cc).
//
// 2x1 clusters (CTAs along M share B's stages by TMA multicast): every configuration whose
// generated layouts have multicast boxes (Cfg::MULTICAST > 1).
// 1x2 clusters (CTAs along N share A's stages): the 16-bit configurations of at most 128 columns
// with multicast boxes, for a K-major A. They are the mirror of cuBLAS's decode kernels, whose pair
// of CTAs shares the weight: with a few rows against a long N every CTA reads the same rows of A,
// and sharing them halves A's reads from L2.
#pragma once
namespace cutego_k {
// CTAs per cluster along N that share a K-major A (1: no such clusters).
template <class Cfg>
constexpr int kClusterN = Cfg::MULTICAST > 1 && Cfg::ELEM_BYTES == 2 && Cfg::BN <= 128 ? Cfg::MULTICAST : 1;
}  // namespace cutego_k
