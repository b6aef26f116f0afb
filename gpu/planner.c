//go:build cuda

/* The C copy planner and tensor-map encoder of csrc/tma, compiled into package gpu. */
#include "../csrc/tma/plan.c"
#include "../csrc/tma/encode.c"
