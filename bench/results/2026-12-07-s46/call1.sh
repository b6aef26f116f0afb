#!/usr/bin/env bash
# One device call. Carry build/carry/s42d (lib.a.gz: a9cc23e's kernels) and build/carry/s45
# (waves_t.o, plan_t.o: the planner at 62d4035; waves_r2.o / waves_5feaf71.o: half_row_unsplit as
# landed; waves_s3.o: 5feaf71 with slices.patch).
# 1. Session 45's call2: half_row_unsplit (r2) against the planner before it, in turn, two rounds, on
#    24 fresh TN and 8 fresh NN shapes it moves. Predicted 1.05-1.4x, none below 0.97x.
# 2. Session 45's call3: slices on the 128-byte grid (s3) against 5feaf71 (c5) on 32 TN shapes it
#    moves. Predicted 1.05-1.3x where only the slice count changes.
# 3. The short-K fixed cost: K 64-2048 at four (M, N) of the short-K class and M 128-13312 at N 704,
#    K 256 (ks.txt), in graphs (in turn with --direct-epilogue) and without; the intercept in K of
#    ours against cuBLAS's says whether the gap is a per-call cost or a per-k-block one.
# 4. ncu --set full (warp states, source counters) of ours and cuBLAS's kernel at 3328 x 704 x 256,
#    3328 x 704 x 64 and 12043 x 320 x 320: where our warps wait. Session 45's ncu: at 3328 x 704 x 256
#    our CTAs (one tile each) stay active about 20,400 cycles for 3,200 cycles of MMAs; cuBLAS's
#    (nvjet 144x128, 1x2 clusters) about 8,100.
#    Beside them, the same kernels compiled lean (lean.patch: no cluster, rows, halves, hint or
#    transposed-D paths; 128x192's bf16 kernel 139 KB of code instead of 394 KB): ncu and ks.txt in
#    turn. If the gap is instruction fetch (a CTA of one tile runs its code once, cold), lean is
#    faster at short K; predicted 1.1-1.3x at K <= 256 on 128x192 / 128x168, 1.0x at K = 2048.
# 5. test_gemm on r2 and on s3.
set -u
G=/tmp/s46; . bench/device/env.sh; . bench/device/steps.sh
C=build/carry/s42d; P=build/carry/s45; Q45=bench/results/2026-12-07-s45; Q=bench/results/2026-12-07-s46
export D=$G/t
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
carried_lib t $P/waves_t.o $P/plan_t.o
for v in r2:waves_r2.o s3:waves_s3.o c5:waves_5feaf71.o; do
  carried_lib ${v%%:*} $P/${v#*:} $P/plan_t.o
  $NVCC $F -I$CUDA/include bench/bench_gemm.cu $G/${v%%:*}/lib.a $LK -o $G/${v%%:*}/bench_gemm > $G/link_${v%%:*}.log 2>&1 || echo "LINK-FAIL ${v%%:*}" >> $S &
done
carried_lib lean $P/waves_5feaf71.o $P/plan_t.o
ar r $G/lean/lib.a build/carry/s46/gemm_128x192_kk.o build/carry/s46/gemm_128x168_kk.o || echo "CARRY-FAIL lean" >> $S
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $G/lean/lib.a $LK -o $G/lean/bench_gemm > $G/link_lean.log 2>&1 || echo "LINK-FAIL lean" >> $S &
link_bins bench/bench_gemm
wait
declare -A B V
B[r2]=$G/r2/bench_gemm B[r2nn]=$G/r2/bench_gemm V[tnn]="--layout NN" V[r2nn]="--layout NN"
SH=$(sed 's/^/--shape /' $Q45/r2.txt)
in_turn 2 rt rt r2
SH=$(sed 's/^/--shape /' $Q45/r2nn.txt)
in_turn 2 tnn tnn r2nn
B[s3]=$G/s3/bench_gemm B[c5]=$G/c5/bench_gemm
SH=$(sed 's/^/--shape /' $Q45/s3.txt)
in_turn 2 c5 c5 s3
B[ka]=$G/c5/bench_gemm B[kde]=$G/c5/bench_gemm V[kde]="--direct-epilogue" B[klean]=$G/lean/bench_gemm
SH=$(sed 's/^/--shape /' $Q/ks.txt)
in_turn 2 ka ka kde klean
timeout 100 $G/c5/bench_gemm $G/csv/kplain_1.csv --dtype bf16 $SH > $G/kplain.log 2>&1; echo "kplain rc=$? ($(el)s)" >> $S
(cd $G && tar czf $OUT/csv.tgz csv *.log)
NCU="$CUDA/bin/ncu --clock-control none --set full --import-source no"
mkdir -p $G/ncu
for s in 3328,704,256 3328,704,64 12043,320,320; do
  for k in cutego_gemm nvjet lean; do
    sk=0; [ $k != nvjet ] && sk=1; bin=$G/c5/bench_gemm; [ $k = lean ] && bin=$G/lean/bench_gemm k=cutego_gemm_128x1
    timeout 90 $NCU --kernel-name regex:"^$k" --launch-skip $sk --launch-count 1 -o $G/ncu/${s}_$k -f \
      $bin $G/ncu/${s}_$k.csv --reps 1 --dtype bf16 --shape $s > $G/ncu/${s}_$k.log 2>&1
    echo "== ncu $s $k rc=$? ($(el)s)" >> $S
    $CUDA/bin/ncu -i $G/ncu/${s}_$k.ncu-rep --page details > $G/ncu/${s}_$k.details.txt 2>&1
    $CUDA/bin/ncu -i $G/ncu/${s}_$k.ncu-rep --page raw --csv > $G/ncu/${s}_$k.raw.csv 2>&1
    $CUDA/bin/ncu -i $G/ncu/${s}_$k.ncu-rep --page source --print-source sass --csv > $G/ncu/${s}_$k.sass.csv 2>&1 || echo "source page rc=$?" >> $S
    grep -E '^  [a-zA-Z_].*\(|^    Duration|SM Active Cycles|Elapsed Cycles|Grid Size|Dynamic Shared|Warp Cycles Per Issued|Issue Slots Busy' $G/ncu/${s}_$k.details.txt | head -12 >> $S
  done
done
ls -la $G/ncu >> $S
tar czf $OUT/ncu.tgz -C $G ncu
D=$G/r2 link_bins csrc/gemm/test_gemm
D=$G/r2 run_test 90 test_gemm
mkdir -p $OUT/s3; D=$G/s3 link_bins csrc/gemm/test_gemm
OUT=$OUT/s3 D=$G/s3 run_test 90 test_gemm
echo "all done at $(el)s" >> $S
