//go:build cuda

// The GEMM configurations table of csrc/gemm (read from the generated layouts), compiled into
// package gpu for the GEMM planner.
#include "../csrc/gemm/configs.cc"
