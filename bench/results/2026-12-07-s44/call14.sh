#!/usr/bin/env bash
# One device call: fp8_wide as landed, A's or B's rows off the 128-byte grid (waves_v15.o, in the
# folder v14), against the tree before it (v12), in turn, two rounds, on 32 fresh random TN shapes
# it moves (f8w.txt, seed 4420, 184 of 3,000): each binary's automatic plan beside cuBLASLt in its
# process (bench_gemm_fp8 --variants 0:0:0). Predicted from calls 12-13: 1.1-1.2x, none below
# 0.95x. Then test_gemm_fp8 on it.
G44=/tmp/s44n WAVES=waves_v15.o SHAPES=f8w.txt exec bash bench/results/2026-12-07-s44/call13.sh
