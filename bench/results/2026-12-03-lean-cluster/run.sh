#!/usr/bin/env bash
# Two changes verified and timed in ONE device call (one build), combo.patch = branches `lean` and
# `clrule` merged, against main ("pre": the tree with combo.patch reversed, its units that the
# timing uses and its planner):
# 1. lean: the 16-bit consumer main loop with the stage and phase as counters, the wgmma
#    descriptors' low words advanced by the stage's bytes, predicated stage releases (ncu: our
#    128x128 loop issued ~70 instructions per k-tile, with a division by 6 and a descriptor rebuilt
#    per MMA; cuBLAS's ~15, its consumers idle at the barrier). Predicted: 128x128 one-wave shapes
#    (512x4096^2, 512x4096x14336, 256x6144) +3-8%, 64x128 (1024^3, 128x6144) +2-5%, 128x256 large
#    shapes (4096^3, 8192^3) +0-2%; FP8 fast 8192^3 +0-2%.
# 2. clrule: 2x1 clusters sharing B where B's rows lie off the 128-byte grid and are read in place
#    (cutego_gemm_auto_cluster), 1000^3 on 64x128 tiles in clusters. Predicted (the pf-ncu run's
#    clusters-vs-none ratios): 2000x3000x1000 ~0.70 -> ~0.90 of cuBLAS, 1000x4096x3000 -> ~0.89,
#    512x4096x5000 -> ~1.08, 1000^3 0.75 -> ~0.86; 1800^3, 3000^3, 4096x4096x1000, 3000x5000x1000
#    (B packed) and aligned shapes unchanged by the rule.
# Usage (repo root, $OUT set): patch -p1 < bench/results/2026-12-03-lean-cluster/combo.patch && bash bench/results/2026-12-03-lean-cluster/run.sh
set -u
grep -q cutego_gemm_auto_cluster kernels/cutego_gemm.cu && grep -q consumer_release_stage kernels/gemm_kernels.cuh ||
  { echo "apply combo.patch first"; exit 2; }
G=/tmp/lc; . bench/device/env.sh; . bench/device/variant.sh
R=bench/results/2026-12-03-lean-cluster
variant_prepare pre $R/combo.patch -R
export D=.devwork/b; bash bench/device/lib.sh > $G/lib.log 2>&1 &
variant_compile pre:gemm_128x128_kk pre:gemm_128x256_kk pre:gemm_64x128_kk pre:gemm_64x64_kk pre:gemm_64x32_kk \
  pre:gemm_128x64_kk pre:gemm_128x192_kk pre:cutego_gemm pre:gemm_128x256_kk_e4m3
wait; grep -E "lib:|BUILD-FAIL" $G/lib.log $G/variants.log >> $S
for c in csrc/gemm/plan.c csrc/gemm/waves.c; do  # pre's planner
  (cd $G/pre/src && gcc -std=c99 -O2 -fPIC -Iinclude -c $c -o $G/pre/o/$(echo $c | tr / _).o)
done
for t in csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8 bench/bench_gemm bench/bench_gemm_fp8; do
  $NVCC $F -I$CUDA/include $t.cu $D/lib.a $LK -o $D/$(basename $t) > $G/link_$(basename $t).log 2>&1 &
done
variant_link pre configs &
wait
$NVCC $F -I$CUDA/include bench/bench_gemm_fp8.cu $G/pre/lib.a $LK -o $G/pre/bench_gemm_fp8 > $G/link_pre_fp8.log 2>&1
echo "built at $(el)s: $(ls $D/test_gemm $D/test_gemm_fp8 $D/bench_gemm $D/bench_gemm_fp8 $G/pre/bench_gemm $G/pre/bench_gemm_fp8 | wc -l) of 6 binaries" >> $S
# correctness
timeout 150 $D/test_gemm > $OUT/test_gemm.log 2>&1; echo "test_gemm rc=$? ($(el)s)" >> $S; grep -E "^FAIL|checks" $OUT/test_gemm.log | tail -6 >> $S
timeout 120 $D/test_gemm_fp8 > $OUT/test_gemm_fp8.log 2>&1; echo "test_gemm_fp8 rc=$? ($(el)s)" >> $S; grep -E "^FAIL|checks" $OUT/test_gemm_fp8.log | tail -6 >> $S
for tool in memcheck racecheck; do
  timeout 90 $CUDA/bin/compute-sanitizer --tool $tool --error-exitcode 3 $D/test_gemm --filter "auto cluster 900,3 tile rows,64x128 cluster KK,small M=50 cluster,64x64 KK bf16->bf16 M=1" > $G/$tool.log 2>&1
  echo "$tool test_gemm rc=$? ($(el)s)" >> $S; grep -E "ERROR SUMMARY|checks" $G/$tool.log | tail -2 >> $S
done
# bf16, pre against the tree, alternated twice, CUDA graphs
SH=""; for s in 512,4096,4096 512,4096,14336 256,6144,4096 1024,4096,14336 128,6144,4096 1024,1024,1024 64,4096,4096 16,4096,4096 \
  512,6144,4096 2048,2048,2048 4096,4096,4096 8192,8192,8192 256,256,256 \
  1000,1000,1000 2000,3000,1000 1000,4096,3000 512,4096,5000 1800,1800,1800 3000,3000,3000 4096,4096,1000 3000,5000,1000 100,4096,4100; do SH="$SH --shape $s"; done
mkdir -p $G/ab; timeout 240 bash bench/gemm_ab.sh $G/ab 2 $G/pre/bench_gemm $D/bench_gemm --graph --dtype bf16 $SH > $OUT/ab.txt 2>&1
echo "bf16 pre -> tree at $(el)s" >> $S; grep "^|" $OUT/ab.txt >> $S
grep -h "" $G/ab/ab_after_*_1.csv | awk -F, 'NR>1 {print $4"x"$5"x"$6, "config", $21, "split", $22, "cluster", $17, "dec", $24}' >> $S
# FP8 fast: pre against the tree
SH=""; for s in 8192,8192,8192 4096,4096,4096; do SH="$SH --shape $s"; done
timeout 90 $D/bench_gemm_fp8 $G/fp8.csv --variants 1:0:1 --rounds 2 $SH > $G/fp8.log 2>&1; echo "fp8 tree rc=$? ($(el)s)" >> $S; grep -hE "==" $G/fp8.log >> $S
timeout 90 $G/pre/bench_gemm_fp8 $G/fp8_pre.csv --variants 1:0:1 --rounds 2 $SH > $G/fp8_pre.log 2>&1; echo "fp8 pre rc=$? ($(el)s)" >> $S; grep -hE "==" $G/fp8_pre.log >> $S
# where the warps wait now (our 128x128 on 512x4096^2)
timeout 60 $CUDA/bin/ncu --kernel-name regex:cutego_gemm --launch-skip 1 --launch-count 1 --section SpeedOfLight --section WarpStateStats \
  --section SourceCounters -f -o $G/lean $D/bench_gemm $G/ncu.csv --dtype bf16 --reps 1 --shape 512,4096,4096 > $G/ncu.log 2>&1
$CUDA/bin/ncu -i $G/lean.ncu-rep --page source --csv --print-source sass > $G/sass_lean.csv 2>&1
{ $CUDA/bin/ncu -i $G/lean.ncu-rep --page details 2>&1 | grep -E "Duration|Warp Cycles Per Issued|Compute \(SM\)"; python3 bench/results/2026-12-03-pf-ncu/sass_top.py $G/sass_lean.csv 25; } > $OUT/where_lean.txt 2>&1
echo "ncu at $(el)s" >> $S; head -8 $OUT/where_lean.txt >> $S
tar czf $OUT/logs.tgz -C $G ab sass_lean.csv fp8.log fp8_pre.log memcheck.log racecheck.log $(cd $G && ls *.log | grep -v -e memcheck -e racecheck -e fp8)
echo "done at $(el)s" >> $S; cat $S
