#!/usr/bin/env bash
# Session 32, device call 3 (carry build/carry/lib.a.gz: the tree's library, built on the CPU machine; ~3 min). After run1c's finding (a per-plan flag tested at every load costs short loops), the
# producer's other such test: A in halves (CUTEGO_GEMM_F_A_HALVES), tested per k-block in every
# 128-row K-major kernel. halves.patch makes it a template argument as the hint is
# (producer_dispatch: both chosen once where the producer starts, the stream-K producer too). SASS
# of 128x128_kk bf16: the plain loop's gaps between loads 18-20 / 46 again (main: 18-20 / 46 plus a
# third load site per k-block).
# 1. The tree's library carried; "main" a variant (halves.patch reversed, the timed shapes' units
#    recompiled). test_gemm and test_gemm_fp8 in full, memcheck of the cases that load A in halves (run1c's log: 10 such, one stream-K).
# 2. main and the tree in turn, twice, bf16 (graphs) and FP8; then the tree's standing figures
#    (sweeps bf16 and fp16, FP8 per tensor).
# Predicted: every check passes; 1-32 x 14336 x 4096 and 16 x 11008 (128x128) 1.02-1.06x; the
# halves shapes (416 x 4096 x 14336, 448 / 320 x 4096^2) and the controls 0.99-1.02; FP8 M <= 32
# 1.02-1.08x; sweeps bf16 ~1.095, fp16 1.09-1.10, FP8 1.02-1.04. Wrong if 1-32 x 14336 gain under 1%.
set -u
G=$PWD/.devwork/s32e; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
export D=$G/b; mkdir -p $D/o
gunzip -c build/carry/lib.a.gz > $D/lib.a && (cd $D/o && ar x ../lib.a) || echo "CARRY-FAIL" >> $S
R=bench/results/2026-12-05-s32
variant_prepare main $R/halves.patch -R
variant_compile main:gemm_128x128_kk main:gemm_128x224_kk main:gemm_128x168_kk main:gemm_128x256_kk main:gemm_128x128_kk_e4m3 &
pids=""
for t in bench/bench_gemm bench/bench_gemm_fp8 csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8; do
  $NVCC $F -I$CUDA/include $t.cu $D/lib.a $LK -o $D/$(basename $t) > $G/link_$(basename $t).log 2>&1 ||
    echo "LINK-FAIL $t: $(grep -m1 error $G/link_$(basename $t).log)" >> $S &
  pids="$pids $!"
done
wait $pids
echo "linked at $(el)s" >> $S
run_test 150 test_gemm
run_test 120 test_gemm_fp8
sanitize memcheck 150 test_gemm "deferred 128x192 K 64,D streaming batched,col-major D 128x224 partial,col-major D 128x96,small N=136,128x168 direct epilogue,stream-K DP waves"
wait
grep BUILD-FAIL $G/variants.log >> $S
variant_link main
variant_link main "" bench_gemm_fp8
declare -A B V
B[m]=$G/main/bench_gemm; B[t]=$D/bench_gemm
SH=""; for s in 1,14336,4096 8,14336,4096 32,14336,4096 16,11008,4096 1,28672,8192 256,4096,4096 416,4096,14336 \
  448,4096,4096 320,4096,4096 448,11008,4096 2048,2048,2048 4096,4096,4096; do SH="$SH --shape $s"; done
in_turn 2 m m t
mkdir -p $G/csv
for r in 1 2; do
  for x in main:$G/main tree:$D; do
    timeout 60 ${x#*:}/bench_gemm_fp8 $G/csv/f8${x%%:*}_$r.csv --shape 1,4096,4096 --shape 8,4096,4096 --shape 32,4096,4096 \
      --shape 16,14336,4096 --shape 416,4096,14336 --shape 4096,4096,4096 > $G/f8${x%%:*}_$r.log 2>&1 || echo "fp8 ${x%%:*} $r exit $?" >> $S
  done
done
echo "## fp8 main -> tree" >> $S
python3 bench/ab_table.py $G/csv/f8main_*.csv -- $G/csv/f8tree_*.csv >> $S 2>&1
grep -h "WRONG" $G/*_?.log | head -3 >> $S
standing 120
(cd $G && tar czf $OUT/csv.tgz csv *.log sweep)
echo "done at $(el)s" >> $S
cat $S
