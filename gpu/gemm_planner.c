//go:build cuda

/* The GEMM planner of csrc/gemm, compiled into package gpu. */
#include "../csrc/gemm/plan.c"
