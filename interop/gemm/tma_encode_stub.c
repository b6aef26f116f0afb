/* A link-time stand-in for the driver's cuTensorMapEncodeTiled: CUTLASS's make_tma_copy calls
 * it (host-only build, CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL) with the tensor map it derived;
 * this records the arguments instead of encoding them, for gemm_layouts.cpp to print. */
#include <cuda.h>
#include <string.h>

cuuint32_t gemmgen_tma_rank, gemmgen_tma_box[5], gemmgen_tma_swizzle, gemmgen_tma_calls;
cuuint64_t gemmgen_tma_dims[5], gemmgen_tma_strides[5];

CUresult CUDAAPI cuTensorMapEncodeTiled(CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType,
                                        cuuint32_t tensorRank, void *globalAddress,
                                        const cuuint64_t *globalDim, const cuuint64_t *globalStrides,
                                        const cuuint32_t *boxDim, const cuuint32_t *elementStrides,
                                        CUtensorMapInterleave interleave, CUtensorMapSwizzle swizzle,
                                        CUtensorMapL2promotion l2Promotion, CUtensorMapFloatOOBfill oobFill) {
  (void)tensorDataType; (void)globalAddress; (void)elementStrides; (void)interleave;
  (void)l2Promotion; (void)oobFill;
  memset(tensorMap, 0, sizeof *tensorMap);
  gemmgen_tma_calls++;
  gemmgen_tma_rank = tensorRank;
  for (cuuint32_t i = 0; i < tensorRank && i < 5; i++) {
    gemmgen_tma_box[i] = boxDim[i];
    gemmgen_tma_dims[i] = globalDim[i];
    gemmgen_tma_strides[i] = i == 0 ? 0 : globalStrides[i - 1];
  }
  gemmgen_tma_swizzle = (cuuint32_t)swizzle;
  return CUDA_SUCCESS;
}
