#include "copy_kernels.cuh"
#include "gemm_pack.cuh"
