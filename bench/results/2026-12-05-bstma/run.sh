#!/usr/bin/env bash
# Block-scaled FP8: the scales loaded by TMA into each stage (bstma.patch), and 256x128 tiles of two
# waves on them (bs256.patch, which holds bstma.patch too). Run on a tree with bs256.patch applied
#   patch -p1 < bench/results/2026-12-05-bstma/bs256.patch
# with carry [".deps/deepgemm", ".deps/py/cutlass_library/source/include"]. ~6 minutes.
# 1. test_gemm_fp8: 19 "block TMA scales" cases on every tile (each asserts the scales went by TMA;
#    the K-major cases that they did not), 13 "block 256x128" cases and a bad-argument case (K-major
#    SA on 256x128: refused); memcheck and racecheck of TMA and 256x128 cases;
# 2. bench_gemm_fp8 --blockscaled (DeepGEMM's scale layouts: TMA) of main (the patch reversed: main's
#    e4m3 block-scaled units, launcher, plan.c, configs.cc) and of the tree, alternated twice; ab.py's
#    table; the tree's 256x128 over its 128x128 at M = 4096;
# 3. bench_deepgemm against the tree (DeepGEMM's 128x128: 1.14x ours at 4096 x 7168 x 16384);
# 4. ncu of the tree's 128x128 and 256x128 block-scaled kernels at 4096 x 7168 x 16384, if time is left.
# Predicted:
# - every test passes, both sanitizers clean;
# - scales by TMA, block-scaled 128x128 at M = 4096: 1.05-1.15x of main (4096 x 7168 x 16384 ~1130 ->
#   1200-1260 TF; DeepGEMM's 128x128 1251); block / fast at M = 4096 0.80 -> 0.85-0.92; M = 64 and
#   128 within +-3% (64x64 runs 12 stages where it ran 13). Wrong if M = 4096 gains under 3%: the
#   scale loads were not what bounds the loop.
# - 256x128 over the tree's 128x128 at M = 4096: 1.00-1.08x (DeepGEMM's 256x128 with A multicast
#   over its 128x128: 1.05; ours has no multicast, 3 stages of 48 KiB, and waits for each wave's
#   MMAs before its promotion as DeepGEMM does); below 1 at M = 64 and 128 (half the rows wasted).
set -u
G=$PWD/.devwork/bstma; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-05-bstma
export D=$PWD/.devwork/b; mkdir -p $D
[ -f kernels/gemm_m_waves.h ] || { echo "PATCH-MISSING: apply $R/bs256.patch to the tree first" >> $S; cat $S; exit 1; }
# (the tree may hold ../2026-12-05-fp8t224/combined.patch instead: bs256.patch and FP8 128x224 tiles)
P=$R/bs256.patch; [ -f kernels/gemm_128x224_kk_e4m3.cu ] && P=$R/../2026-12-05-fp8t224/combined.patch
echo "tree: $P applied" >> $S
UNITS="gemm_128x128_kk_e4m3_blockscaled gemm_128x192_kk_e4m3_blockscaled gemm_64x64_kk_e4m3_blockscaled gemm_64x128_kk_e4m3_blockscaled cutego_gemm"
variant_prepare old $P -R
variant_compile $(for u in $UNITS; do echo old:$u; done) &
build_tree csrc/gemm/test_gemm_fp8 bench/bench_gemm_fp8
wait
grep -h FAIL $G/variants.log >> $S
variant_link old planner bench_gemm_fp8 &
CUDA=$CUDA bash bench/deepgemm.sh $G/bench_deepgemm $D/lib.a > $G/dgbuild.log 2>&1 || echo "BUILD-FAIL bench_deepgemm" >> $S &
run_test 300 test_gemm_fp8
grep "^FAIL" $OUT/test_gemm_fp8.log | head -8 >> $S
echo "cases whose scales went by TMA: $(grep -c 'scales by TMA' $OUT/test_gemm_fp8.log)" >> $S
wait
echo "linked at $(el)s" >> $S
echo "old objects: $(ls $G/old/o | tr '\n' ' ')" >> $S
bs_rounds 2 old:$G/old/bench_gemm_fp8 new:$D/bench_gemm_fp8
grep -h "WRONG" $G/new_*.log | head -3 >> $S
grep "^== " $G/new_2.log >> $S
python3 $R/../2026-12-05-bsslots/ab.py $G/old_*.csv -- $G/new_*.csv > $OUT/ab.md 2>&1; cat $OUT/ab.md >> $S
python3 - $G/new_1.csv $G/new_2.csv >> $S <<'PY'
import csv, sys, statistics
d = {}
for p in sys.argv[1:]:
    for r in csv.DictReader(open(p)):
        d.setdefault((r['m'], r['n'], r['k']), []).append((float(r['tflops_block128']), float(r['tflops_block256'])))
print('| M x N x K | block-scaled 128x128 TF | 256x128 TF | 256/128 |')
print('|---|---:|---:|---:|')
for k, v in d.items():
    a = statistics.median(x[0] for x in v); b = statistics.median(x[1] for x in v)
    print('| %sx%sx%s | %.1f | %.1f | %.3f |' % (k + (a, b, b / a if a else 0)))
PY
if [ -f kernels/gemm_128x224_kk_e4m3.cu ]; then  # FP8 128x224 (per tensor, fast) against the automatic plan
  SH224=""
  for s in 1024,7168,4096 1024,11008,4096 1024,14336,4096 1024,14336,11008 1024,14336,14336 1024,28672,4096 \
           512,14336,4096 256,28672,8192 2048,14336,4096 4096,14336,4096 4096,7168,16384 4096,4096,4096 8192,8192,8192; do
    SH224="$SH224 --shape $s"
  done
  timeout 150 $D/bench_gemm_fp8 $OUT/fp8t224.csv $SH224 --variants 0:0:0,0:0:12 --rounds 2 > $G/fp8t224.log 2>&1
  echo "fp8 128x224 variants rc=$? ($(el)s)" >> $S; grep -E "^  variant|^==|WRONG|^ *[0-9]+ +[0-9]+ +[0-9]+ +cuBLASLt" $G/fp8t224.log | cut -c1-160 >> $S
fi
timeout 100 $G/bench_deepgemm $G/deepgemm.csv --reps 5 > $G/deepgemm.log 2>&1
echo "deepgemm rc=$? ($(el)s)" >> $S; grep -E "ours/it|^==" $G/deepgemm.log | cut -c1-220 >> $S
[ -f kernels/gemm_128x224_kk_e4m3.cu ] && sanitize memcheck 100 test_gemm_fp8 "128x224 odd,128x224 e5m2xe4m3 K=128,128x224 batched"
sanitize memcheck 150 test_gemm_fp8 "block 256x128 M=100,block 256x128 M=8,block 256x128 odd,block 256x128 split-K,block TMA scales one K block,block TMA scales 128x192 straddle,block TMA scales 64x64 N=320,block TMA scales batched L=3 beta"
sanitize racecheck 200 test_gemm_fp8 "block 256x128 M=100,block TMA scales one K block,block TMA scales 64x64 N=320"
if [ $(el) -lt 450 ]; then
  mkdir -p /tmp/ncu
  for kn in 128x128 256x128; do
    timeout 60 $CUDA/bin/ncu --clock-control none --section SpeedOfLight --section WarpStateStats --kernel-name regex:${kn}_kk_e4m3_bf16_blockscaled --launch-skip 2 --launch-count 1 -o /tmp/ncu/bs_$kn $D/bench_gemm_fp8 /tmp/ncu/x.csv --blockscaled --only 4096,7168,16384 --reps 1 > /tmp/ncu/log_$kn 2>&1
    $CUDA/bin/ncu -i /tmp/ncu/bs_$kn.ncu-rep --page details > $G/ncu_$kn.txt 2>&1
    echo "ncu $kn: $(grep -E 'Duration|Issue Slots Busy|Warp Cycles Per Issued' $G/ncu_$kn.txt | tr -s ' ' | tr '\n' ';')" >> $S
  done
fi
(cd $G && tar czf $OUT/results.tgz *.csv *.log ncu_*.txt 2>/dev/null)
echo "done at $(el)s" >> $S
cat $S
