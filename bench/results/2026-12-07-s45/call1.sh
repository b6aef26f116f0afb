#!/usr/bin/env bash
# One device call. Carry build/carry/s42d (lib.a.gz: a9cc23e's kernels), build/carry/s44 (for
# session 44's call 14) and build/carry/s45 (waves_t.o, plan_t.o: the tree's planner at 62d4035).
# 0. r1: half_row_unsplit (64x128 tiles at 129-192 rows unsplit where they would split in 2; waves_r1.o)
#    against the tree, in turn, two rounds, on 24 TN shapes it moves (r1.txt: 23 random of 98 of
#    4,000, seed 4502/4503, and 138 x 2816 x 3328, 0.57 of cuBLAS in session 44's unseen set).
#    Predicted 1.15-1.35x, none below 0.97x.
# 1. fr: 32 fresh TN shapes of 1-128 rows, N 4096-32768, K 256-2048 on the 128-byte grid (seed
#    4501), the automatic plan against 64x128, 64x96, 64x64, 128x64, 128x128 and 128x168 forced, in turn, two rounds. Exploration: few rows past one wave of 64-row tiles run 0.70-0.85
#    of cuBLAS on 128-row tiles (64 x 21120 x 768 0.70 on 128x168).
#    Also D streamed past the L2 (A's and B's loads evict-last: --d-store 1) and --cold (A and B
#    from device memory on every call, cuBLAS alike) on them, and on 24 shapes of many rows, few
#    columns and K <= 1024 (fcs.txt, from session 44's fc.txt): is the gap to cuBLAS the warm L2
#    (operands under ~40 MB stay in it between calls)? Predicted: cold ratios near 1.0 for the few
#    rows (B streams), unchanged for the few columns.
# 2. ncu (LaunchStats, Occupancy, SpeedOfLight) of our kernel and of cuBLAS's on eight shapes that
#    run 0.6-0.8 of cuBLAS on every tile tried: what cuBLAS launches (its kernel's name: tile,
#    stages, cluster), its grid, CTAs per SM and throughputs beside ours.
# 3. Session 44's call14.sh: fp8_wide as landed against the tree before it on 32 fresh FP8 shapes
#    (predicted 1.1-1.2x, none below 0.95x), and test_gemm_fp8.
set -u
G=/tmp/s45; . bench/device/env.sh; . bench/device/steps.sh
C=build/carry/s42d; Q=bench/results/2026-12-07-s45
export D=$G/t
echo "== s45 call 1 at $(el)s" >> $S
carried_lib t build/carry/s45/waves_t.o build/carry/s45/plan_t.o
carried_lib r1 build/carry/s45/waves_r1.o build/carry/s45/plan_t.o
link_bins bench/bench_gemm
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $G/r1/lib.a $LK -o $G/r1/bench_gemm > $G/link_r1.log 2>&1 || echo "LINK-FAIL r1" >> $S
declare -A B V
SH=$(sed 's/^/--shape /' $Q/r1.txt)
B[r1]=$G/r1/bench_gemm
in_turn 2 rt rt r1
SH=$(sed 's/^/--shape /' $Q/fr.txt)
V[p64128]="--config 8" V[p6496]="--config 10" V[p6464]="--config 6" V[p12864]="--config 3" V[p128]="--config 2" V[p168]="--config 9" V[pds]="--d-store 1" V[pcold]="--cold"
in_turn 2 pa pa p64128 p6496 p6464 p12864 p128 p168 pds pcold
SH=$(sed 's/^/--shape /' $Q/fcs.txt)
V[fds]="--d-store 1" V[fcold]="--cold"
in_turn 2 fa fa fds fcold
(cd $G && tar czf $OUT/csv.tgz csv *.log)
NCU="$CUDA/bin/ncu --clock-control none --section LaunchStats --section Occupancy --section SpeedOfLight --section MemoryWorkloadAnalysis"
mkdir -p $G/ncu
for s in 3328,704,256 6784,640,320 12043,320,320 10970,960,256 64,21120,768 128,26880,320 26,9792,512 70,8704,1216; do
  [ $(el) -gt 520 ] && { echo "skip ncu $s at $(el)s" >> $S; continue; }
  timeout 60 $NCU --kernel-name regex:"cutego_gemm|nvjet|sm90|cutlass|gemm" --launch-count 6 --log-file $G/ncu/$s.txt \
    $D/bench_gemm $G/ncu/$s.csv --reps 1 --dtype bf16 --shape $s > $G/ncu/$s.log 2>&1
  echo "== ncu $s rc=$? ($(el)s)" >> $S
  grep -E '^  [a-zA-Z_].*\(|Duration|Grid Size|Block Size|Cluster Size|Registers Per|Dynamic Shared|Block Limit|Achieved Occupancy|Memory Throughput|DRAM Throughput|Compute \(SM\)|L2 Hit Rate' $G/ncu/$s.txt | head -80 >> $S
done
tar czf $OUT/ncu.tgz -C $G ncu
if [ $(el) -lt 430 ]; then D=$G/r1 link_bins csrc/gemm/test_gemm; D=$G/r1 run_test 90 test_gemm; fi
G44=/tmp/s44n WAVES=waves_v15.o SHAPES=f8w.txt bash bench/results/2026-12-07-s44/call13.sh
echo "all done at $(el)s" >> $S
