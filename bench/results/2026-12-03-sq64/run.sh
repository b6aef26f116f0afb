#!/usr/bin/env bash
# One device call: sq64.patch (branch `sq`, a planner rule: one_wave_64x64 in csrc/gemm/waves.c)
# against the tree without it ("pre": the patch reversed, its waves.c). Small one-wave plans that
# the narrow rule put on 64x128 tiles run on 64x64 tiles where those fill at most one wave
# unsplit with rows on the 128-byte grid. Predicted (bench/results/2026-12-03-s13-check, forced
# plans): 256^3 1.18x, 384^3 1.19x, 512^3 1.21x faster; 640^3 and 704^3 (100 and 121 tiles of
# 64x64) 1.0-1.15x; 768^3, 1024^3 unchanged (not taken). test_gemm with the new automatic cases.
# Usage (repo root, $OUT set): patch -p1 < bench/results/2026-12-03-sq64/sq64.patch && bash bench/results/2026-12-03-sq64/run.sh
set -u
grep -q one_wave_64x64 csrc/gemm/waves.c || { echo "apply sq64.patch first"; exit 2; }
G=/tmp/sq; . bench/device/env.sh; . bench/device/variant.sh
R=bench/results/2026-12-03-sq64
variant_prepare pre $R/sq64.patch -R
export D=.devwork/b; bash bench/device/lib.sh > $G/lib.log 2>&1
grep -E "lib:|BUILD-FAIL" $G/lib.log >> $S
(cd $G/pre/src && gcc -std=c99 -O2 -fPIC -Iinclude -c csrc/gemm/waves.c -o $G/pre/o/csrc_gemm_waves.c.o)
for t in csrc/gemm/test_gemm bench/bench_gemm; do
  $NVCC $F -I$CUDA/include $t.cu $D/lib.a $LK -o $D/$(basename $t) > $G/link_$(basename $t).log 2>&1 || echo "LINK-FAIL $t" >> $S &
done
variant_link pre &
wait
echo "built at $(el)s: $(ls $D/test_gemm $D/bench_gemm $G/pre/bench_gemm | wc -l) of 3 binaries" >> $S
timeout 150 $D/test_gemm > $OUT/test_gemm.log 2>&1; echo "test_gemm rc=$? ($(el)s)" >> $S; grep -E "^FAIL|checks|square auto" $OUT/test_gemm.log | tail -12 >> $S
timeout 60 $CUDA/bin/compute-sanitizer --tool memcheck --error-exitcode 3 $D/test_gemm --filter "square auto" > $G/memcheck.log 2>&1
echo "memcheck rc=$? ($(el)s)" >> $S; grep -E "ERROR SUMMARY|checks" $G/memcheck.log | tail -2 >> $S
SH=""; for s in 256,256,256 384,384,384 448,448,448 500,500,500 512,512,512 640,640,640 704,704,704 768,768,768 1024,1024,1024 \
  512,512,4096 256,1024,1024; do SH="$SH --shape $s"; done
mkdir -p $G/ab; timeout 150 bash bench/gemm_ab.sh $G/ab 2 $G/pre/bench_gemm $D/bench_gemm --graph --dtype bf16 $SH > $OUT/ab.txt 2>&1
echo "bf16 graphs pre -> tree at $(el)s" >> $S; grep "^|" $OUT/ab.txt >> $S
awk -F, 'NR>1 {print $4"x"$5"x"$6, "config", $21, "split", $22, "cluster", $17}' $G/ab/ab_after_*_1.csv >> $S
mkdir -p $G/ab2; timeout 100 bash bench/gemm_ab.sh $G/ab2 2 $G/pre/bench_gemm $D/bench_gemm --dtype f16 $SH > $OUT/ab_f16_stream.txt 2>&1
echo "f16 one by one pre -> tree at $(el)s" >> $S; grep "^|" $OUT/ab_f16_stream.txt >> $S
mkdir -p $G/sweep
for dt in bf16 f16; do
  timeout 100 $D/bench_gemm $G/sweep/sweep_$dt.csv --sweep --graph --dtype $dt > $G/sweep/sweep_$dt.log 2>&1
  echo "sweep $dt (graph) rc=$? at $(el)s: $(tail -1 $G/sweep/sweep_$dt.log)" >> $S
done
tar czf $OUT/logs.tgz -C $G ab ab2 sweep memcheck.log $(cd $G && ls *.log | grep -v memcheck)
echo "done at $(el)s" >> $S; cat $S
