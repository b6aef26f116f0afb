#!/usr/bin/env bash
# One device call. Carry build/carry/s47/base/lib.a.gz (the library before the 32-bit scheduler),
# build/carry/s48/dcfull.a.gz (main's library: the scheduler in 32 bits), build/carry/s48/dcw.tgz
# (dcf's six K-major 16-bit units with ../2026-12-07-s46/wsp.patch: the grid-dependency wait after
# the barriers' set-up) and build/carry/s49/skc.tgz (main's stream-K units with stream_k_tile
# building its scheduler at (l, r): the stream-K kernels' SASS is 64 lines shorter).
# Predicted: dcw 1.00-1.04x of dcf on ks.txt; FP8's per-tensor table of dcf within 1% of base;
# skc: test_gemm 809 / 0, test_gemm_fp8 243 / 0; the decode probe (64x64 tiles in 2 slices against
# the automatic 64x32 unsplit at M = 8-64 x 4096 x 4096 and K = 14336) says how much of the split's
# time is its reduction kernel: if the GEMM kernel of the split takes <= 0.75 of the unsplit's, a
# split inside a 2-CTA cluster (partial sums through distributed shared memory) is worth building.
set -u
G=/tmp/s49; . bench/device/env.sh; . bench/device/steps.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
mkdir -p $G/base $G/dcf $G/dcw $G/skc && gunzip -c build/carry/s47/base/lib.a.gz > $G/base/lib.a &&
  gunzip -c build/carry/s48/dcfull.a.gz > $G/dcf/lib.a && tar xzf build/carry/s48/dcw.tgz -C $G &&
  cp $G/dcf/lib.a $G/dcw/lib.a && ar r $G/dcw/lib.a $G/dcw/*.o &&
  tar xzf build/carry/s49/skc.tgz -C $G && cp $G/dcf/lib.a $G/skc/lib.a && ar r $G/skc/lib.a $G/skc/*.o || echo "CARRY-FAIL" >> $S
for v in base dcf dcw; do D=$G/$v link_bins bench/bench_gemm & done
for v in base dcf; do D=$G/$v link_bins bench/bench_gemm_fp8 & done
D=$G/skc link_bins csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8 &
wait
D=$G/skc run_test 60 test_gemm
D=$G/skc run_test 60 test_gemm_fp8
declare -A B V
for v in base dcf dcw; do B[$v]=$G/$v/bench_gemm; done
SH=$(sed 's/^/--shape /' bench/results/2026-12-07-s47/ks.txt)
in_turn 2 dcf base dcf dcw
(cd $G && tar czf $OUT/csv.tgz csv *.log)
# the decode probe: 64x64 tiles (options.config 6) in 2 slices against the automatic plan
B[s2]=$G/dcf/bench_gemm; V[s2]="--config 6 --split-k 2"
B[a]=$G/dcf/bench_gemm
SH="--shape 8,4096,4096 --shape 16,4096,4096 --shape 32,4096,4096 --shape 64,4096,4096 --shape 64,4096,14336 --shape 32,4096,14336 --shape 64,6144,4096"
mv $G/csv $G/csv_ks; in_turn 2 a a s2
mkdir -p $G/ncu
for c in "a:" "s2:--config 6 --split-k 2"; do
  timeout 60 $CUDA/bin/ncu --clock-control none --cache-control none --kernel-name regex:"cutego|nvjet|sm90" --launch-count 12 \
    --section SpeedOfLight --log-file $G/ncu/${c%%:*}.txt $G/dcf/bench_gemm $G/ncu/${c%%:*}.csv --reps 1 --dtype bf16 --shape 64,4096,4096 ${c#*:} > $G/ncu/${c%%:*}.log 2>&1
  echo "ncu ${c%%:*} rc=$? at $(el)s" >> $S
  grep -E '^  [a-zA-Z_].*\(|Duration' $G/ncu/${c%%:*}.txt | paste - - | awk '{print $1, $(NF-1), $NF}' | sed 's/(.*)//' | tail -12 >> $S
done
(cd $G && tar czf $OUT/probe.tgz csv ncu a_*.log s2_*.log)
for x in base dcf; do
  timeout 45 $G/$x/bench_gemm_fp8 $G/fp8_$x.csv > $G/fp8_$x.log 2>&1
  echo "fp8 $x rc=$? at $(el)s: $(grep -i geometric $G/fp8_$x.log | head -2 | tr '\n' ' ')" >> $S
  cp $G/fp8_$x.csv $OUT/
done
echo "all done at $(el)s" >> $S
