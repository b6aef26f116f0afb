#!/usr/bin/env bash
# One device call, prepared and not run. Carry build/carry/s42d (lib.a.gz: a9cc23e's kernels) and
# build/carry/s45 (plan_t.o: plan.c at 62d4035 and since; waves_5feaf71.o: waves.c at 5feaf71;
# waves_s3.o: the same with slices.patch, auto_split taking the largest split whose slices start on
# the 128-byte grid where A's and B's 16-bit rows lie on it, and any slice only where none does).
# 1. s3 against 5feaf71, in turn, two rounds, on 32 TN shapes it moves (s3.txt: of 166 among 6,000
#    random, seed 4507/4508). Predicted from call 1 (a split whose second slice starts off the grid
#    ran like rows off the grid: 155 x 2752 x 11456 in 2 slices 46.0 us against 33.0 for K = 10752):
#    1.05-1.3x where only the slice count changes; unknown where the narrow rules then change tiles.
# 2. test_gemm on s3.
# Run call2.sh first (the landed rule's fresh check).
set -u
G=/tmp/s45c; . bench/device/env.sh; . bench/device/steps.sh
C=build/carry/s42d; Q=bench/results/2026-12-07-s45
export D=$G/t
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
carried_lib t build/carry/s45/waves_5feaf71.o build/carry/s45/plan_t.o
carried_lib s3 build/carry/s45/waves_s3.o build/carry/s45/plan_t.o
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $G/s3/lib.a $LK -o $G/s3/bench_gemm > $G/link_s3.log 2>&1 || echo "LINK-FAIL s3" >> $S &
link_bins bench/bench_gemm
wait
declare -A B V
B[s3]=$G/s3/bench_gemm
SH=$(sed 's/^/--shape /' $Q/s3.txt)
in_turn 2 t3 t3 s3
(cd $G && tar czf $OUT/csv.tgz csv *.log)
D=$G/s3 link_bins csrc/gemm/test_gemm
D=$G/s3 run_test 90 test_gemm
echo "all done at $(el)s" >> $S
