// standins.cc — the GEMM kernel tables of stand-ins (csrc/gemm/gemm_standins.h) in bench/py_host's
// libcutego_kernels.so, the launcher built against the counting CUDA runtime for Python's host time.
#include "gemm_standins.h"
