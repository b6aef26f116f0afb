//go:build cuda

/* The GEMM planner's choice of tiles by waves (csrc/gemm/waves.c), compiled into package gpu. */
#include "../csrc/gemm/waves.c"
