#include "copy_kernels.cuh"
