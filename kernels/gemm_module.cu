// gemm_module.cu — the GEMM kernels as a module (cubin) for the Go launcher (gpu.Gemm).
#include "gemm_instances.cuh"
