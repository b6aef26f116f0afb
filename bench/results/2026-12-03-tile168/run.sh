#!/usr/bin/env bash
# One device call on the 128x168 tiles (CUTEGO_GEMM_CONFIG_128x168x64, options.config 9):
# (1) test_gemm and test_gemm_graph whole (the 128x168 cases: every major order, partial tiles,
# the TMA epilogue's partial last chunk), memcheck and racecheck of the small 128x168 cases;
# (2) a probe: the automatic plan against 128x168 forced, in the same process (bench_gemm
# --ab-config 9, CUDA graphs, bf16 TN), on M = 192-4096 against N = 4096-28672 and some squares;
# (3) rule168.patch (cutego_gemm_pick_config weighs 128x168 tiles at 0.77 of a 128x256 tile, for
# a K-major B) as a variant, its automatic plans against the tree's, alternated twice; (4) the
# sweep on the variant (bf16).
# Predicted: a wave of 128x168 tiles costs ~0.77 of a wave of 128x256 (between 128x192's 0.83 and
# 128x128's 0.577 by width), so 256 x 11008 x 4096 (132 tiles, one wave) ~35 us against 38.0 on
# 128x192 (cuBLAS 33-35).
# Usage (repo root, $OUT set): bash bench/results/2026-12-03-tile168/run.sh
set -u
G=/tmp/t168; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-03-tile168
export D=.devwork/b
variant_prepare r168 $R/rule168.patch
build_tree csrc/gemm/test_gemm csrc/gemm/test_gemm_graph bench/bench_gemm
(cd $G/r168/src && for c in csrc/gemm/waves.c csrc/gemm/plan.c; do gcc -std=c99 -O2 -fPIC -Iinclude -c $c -o $G/r168/o/$(echo $c | tr / _).o; done)
variant_link r168
ls $G/r168/bench_gemm >> $S 2>&1
run_test 150 test_gemm
run_test 60 test_gemm_graph
sanitize memcheck 90 test_gemm "128x168 K,128x168 M,128x168 small,128x168 direct,128x168 packed,128x168 batched,128x168 split"
sanitize racecheck 90 test_gemm "128x168 KK bf16->f32,128x168 MK f16->bf16"
mkdir -p $G/t
SH=""
for m in 192 256 333 384 512 768 1024 1536 2048 4096; do for nk in 4096,4096 6144,4096 11008,4096 14336,4096 4096,11008; do SH="$SH --shape $m,$nk"; done; done
for s in 256,28672,8192 512,28672,8192 1024,28672,8192 1536,1536,1536 3000,3000,3000 3000,5000,1000 768,3000,4096 1000,5000,4096 1536,3000,4096 2048,2048,2048; do SH="$SH --shape $s"; done
timeout 150 $D/bench_gemm $G/t/c9.csv --graph --dtype bf16 --ab-config 9 $SH > $G/t/c9.log 2>&1 || echo "probe: rc $?" >> $S
echo "probe at $(el)s: shape auto-us (cfg split) forced-168-us lt-us auto/forced" >> $S
# columns: 4-6 m n k, 7/8 ours, 9 lt, 21 config, 22 split, 25 ab config, 26 ms ab config, 14 rel
awk -F, 'NR>1 {b=($8>0 && $8<$7)?$8:$7; printf "%sx%sx%s auto %.2f (%s s%s) c168 %.2f lt %.2f x%.3f\n", $4, $5, $6, b*1000, $21, $22, $26*1000, $9*1000, b/$26}' $G/t/c9.csv >> $S
AB=""; for s in 192,11008,4096 256,11008,4096 333,6144,4096 333,14336,4096 384,6144,4096 384,14336,4096 512,11008,4096 768,6144,4096 1000,5000,4096 1536,1536,1536 1536,3000,4096 512,6144,4096 1024,11008,4096 4096,4096,4096 2048,11008,4096; do AB="$AB --shape $s"; done
mkdir -p $G/ab; timeout 150 bash bench/gemm_ab.sh $G/ab 2 $D/bench_gemm $G/r168/bench_gemm --graph --dtype bf16 $AB > $OUT/ab.txt 2>&1
echo "tree -> rule168 at $(el)s" >> $S; grep "^|" $OUT/ab.txt >> $S
awk -F, 'NR>1 {print $4"x"$5"x"$6, "config", $21, "split", $22, "rel", $14}' $G/ab/ab_after_*_1.csv >> $S
mkdir -p $G/sweep
timeout 100 $G/r168/bench_gemm $G/sweep/sweep_bf16.csv --sweep --graph --dtype bf16 > $G/sweep/sweep_bf16.log 2>&1
echo "rule168 sweep bf16 (graph) rc=$? at $(el)s: $(tail -1 $G/sweep/sweep_bf16.log)" >> $S
tar czf $OUT/logs.tgz -C $G t ab sweep $(cd $G && ls *.log)
echo "done at $(el)s" >> $S; cat $S
