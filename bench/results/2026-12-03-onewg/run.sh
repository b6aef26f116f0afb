#!/usr/bin/env bash
# One device call: onewg.patch (branch `onewg`) against main ("pre": the patch reversed).
# 128x128 tiles on ONE consumer warpgroup holding both 64-row blocks as two m64 atoms (kAtomsM = 2;
# 256 threads, 255 registers, no spills), as cuBLAS's nvjet 128x128_64x6 runs its tile (ncu,
# bench/results/2026-12-03-pf-ncu: HGMMA into R24 and R88), where ours split it over two consumer
# warpgroups. f2.patch (on top): the same with two stages' MMAs in flight instead of one.
# Predicted: 128x128 one-wave shapes (512x4096^2, 512x4096x14336) 0.96-0.97 -> 1.00-1.04 of cuBLAS
# (ncu: ours 35.5 us, cuBLAS 32.5); other 128x128 shapes +0-5%; 128x256 and 64x128 unchanged
# (their cubins are byte-identical: checked for 64x128 before the call).
# Usage (repo root, $OUT set): patch -p1 < bench/results/2026-12-03-onewg/onewg.patch && bash bench/results/2026-12-03-onewg/run.sh
set -u
grep -q kAtomsM kernels/gemm_kernels.cuh || { echo "apply onewg.patch first"; exit 2; }
G=/tmp/ow; . bench/device/env.sh; . bench/device/variant.sh
R=bench/results/2026-12-03-onewg
variant_prepare pre $R/onewg.patch -R
variant_prepare f2 $R/f2.patch
export D=.devwork/b; bash bench/device/lib.sh > $G/lib.log 2>&1 &
variant_compile pre:gemm_128x128_kk pre:gemm_128x128_km pre:gemm_128x128_mk pre:gemm_128x128_mm f2:gemm_128x128_kk
wait; grep -E "lib:|BUILD-FAIL" $G/lib.log $G/variants.log >> $S
for t in csrc/gemm/test_gemm bench/bench_gemm; do
  $NVCC $F -I$CUDA/include $t.cu $D/lib.a $LK -o $D/$(basename $t) > $G/link_$(basename $t).log 2>&1 &
done
variant_link pre configs &
variant_link f2 &
wait
echo "built at $(el)s: $(ls $D/test_gemm $D/bench_gemm $G/pre/bench_gemm $G/f2/bench_gemm | wc -l) of 4 binaries" >> $S
timeout 150 $D/test_gemm > $OUT/test_gemm.log 2>&1; echo "test_gemm rc=$? ($(el)s)" >> $S; grep -E "^FAIL|checks" $OUT/test_gemm.log | tail -8 >> $S
FL="128x128 KK,128x128 cluster KK,128x128 M=100,128x128 stream-K,SK 128x128,128x128 batched"
for tool in memcheck racecheck; do
  timeout 90 $CUDA/bin/compute-sanitizer --tool $tool --error-exitcode 3 $D/test_gemm --filter "$FL" > $G/$tool.log 2>&1
  echo "$tool rc=$? ($(el)s)" >> $S; grep -E "ERROR SUMMARY|checks" $G/$tool.log | tail -2 >> $S
done
SH=""; for s in 512,4096,4096 512,4096,14336 1024,4096,14336 1024,1024,1024 2048,2048,2048 1800,1800,1800 3000,3000,3000 \
  2000,3000,1000 4096,4096,3000 768,768,768 256,6144,4096 128,6144,4096 4096,4096,4096; do SH="$SH --shape $s"; done
mkdir -p $G/ab; timeout 200 bash bench/gemm_ab.sh $G/ab 2 $G/pre/bench_gemm $D/bench_gemm --graph --dtype bf16 $SH > $OUT/ab.txt 2>&1
echo "bf16 pre -> tree at $(el)s" >> $S; grep "^|" $OUT/ab.txt >> $S
awk -F, 'NR>1 {print $4"x"$5"x"$6, "config", $21, "split", $22, "cluster", $17, "dec", $24}' $G/ab/ab_after_*_1.csv >> $S
SH=""; for s in 2048,2048,2048 4096,4096,4096 8192,8192,8192 6144,6144,4096; do SH="$SH --shape $s"; done
mkdir -p $G/ab2; timeout 120 bash bench/gemm_ab.sh $G/ab2 2 $G/pre/bench_gemm $D/bench_gemm --graph --dtype bf16 --config 2 $SH > $OUT/ab_c128.txt 2>&1
echo "bf16 forced 128x128 pre -> tree at $(el)s" >> $S; grep "^|" $OUT/ab_c128.txt >> $S
SH=""; for s in 512,4096,4096 512,4096,14336 1024,4096,14336 2048,2048,2048 1800,1800,1800; do SH="$SH --shape $s"; done
mkdir -p $G/ab3; timeout 100 bash bench/gemm_ab.sh $G/ab3 2 $D/bench_gemm $G/f2/bench_gemm --graph --dtype bf16 $SH > $OUT/ab_f2.txt 2>&1
echo "bf16 tree -> f2 at $(el)s" >> $S; grep "^|" $OUT/ab_f2.txt >> $S
tar czf $OUT/logs.tgz -C $G ab ab2 ab3 $(cd $G && ls *.log)
echo "done at $(el)s" >> $S; cat $S
