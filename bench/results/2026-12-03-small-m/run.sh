#!/usr/bin/env bash
# One device call. (1) A probe: the automatic plan against each narrow tile forced, in the same
# process (bench_gemm --ab-config, CUDA graphs), on the small-M shapes: M = 1-256 against the LLM
# (N, K) pairs with N or K = 4096. Forced tiles take their own automatic split
# (cutego_gemm_split_k), then split 1 for 64x32 and 64x64. (2) rules.patch (two planner rules in
# csrc/gemm/waves.c: 64x32 unsplit for at most 64 rows wherever its tiles fill (sms/2, sms] and
# 64x64 would split; 64x64 unsplit above 64 rows where 64x128 would split and 64x64 tiles fill
# (sms/2, sms]) as a variant, its automatic plans against the tree's, alternated twice; test_gemm
# and the sweep (graph timing) on the variant.
# Usage (repo root, $OUT set): bash bench/results/2026-12-03-small-m/run.sh
set -u
G=/tmp/sm; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-03-small-m
export D=.devwork/b
variant_prepare rules $R/rules.patch
build_tree bench/bench_gemm
(cd $G/rules/src && gcc -std=c99 -O2 -fPIC -Iinclude -c csrc/gemm/waves.c -o $G/rules/o/csrc_gemm_waves.c.o)
variant_link rules
$NVCC $F -I$CUDA/include csrc/gemm/test_gemm.cu $G/rules/lib.a $LK -o $G/rules/test_gemm > $G/link_rules_test.log 2>&1 || echo "LINK-FAIL rules test_gemm" >> $S
ls $G/rules/bench_gemm $G/rules/test_gemm >> $S 2>&1
timeout 150 $G/rules/test_gemm > $OUT/test_gemm_rules.log 2>&1; echo "rules test_gemm rc=$? ($(el)s)" >> $S
grep -E "^FAIL|checks" $OUT/test_gemm_rules.log | tail -12 >> $S
mkdir -p $G/t
SH=""; for m in 1 8 16 32 64 128 192 256; do for nk in 4096,4096 4096,11008 4096,14336 6144,4096 11008,4096 14336,4096; do SH="$SH --shape $m,$nk"; done; done
# options.config: 7 64x32, 6 64x64, 8 64x128, 2 128x128
for x in 7:0 6:0 8:0 2:0 7:1 6:1; do
  cfg=${x%:*}; sk=${x#*:}
  timeout 100 $D/bench_gemm $G/t/c${cfg}_s$sk.csv --graph --dtype bf16 --ab-config $cfg $( [ $sk = 1 ] && echo --split-k 1 ) $SH > $G/t/c${cfg}_s$sk.log 2>&1 || echo "cfg $cfg split $sk: rc $?" >> $S
done
echo "probe at $(el)s: run shape auto-us (cfg split) forced-us (cfg) lt-us auto/forced" >> $S
# columns: 4-6 m n k, 7/8 ours, 9 lt, 21 config, 22 split, 25 ab config, 26 ms ab config
for f in $G/t/*.csv; do awk -F, -v f=$(basename $f .csv) 'NR>1 {b=($8>0 && $8<$7)?$8:$7; printf "%-6s %sx%sx%s auto %.2f (%s s%s) forced %.2f (%s) lt %.2f x%.3f\n", f, $4, $5, $6, b*1000, $21, $22, $26*1000, $25, $9*1000, b/$26}' $f; done | sort -t' ' -k2,2 -k1,1 >> $S
mkdir -p $G/ab; timeout 200 bash bench/gemm_ab.sh $G/ab 2 $D/bench_gemm $G/rules/bench_gemm --graph --dtype bf16 $SH > $OUT/ab.txt 2>&1
echo "tree -> rules at $(el)s" >> $S; grep "^|" $OUT/ab.txt >> $S
awk -F, 'NR>1 {print $4"x"$5"x"$6, "config", $21, "split", $22}' $G/ab/ab_after_*_1.csv >> $S
mkdir -p $G/sweep
for dt in bf16 f16; do
  timeout 100 $G/rules/bench_gemm $G/sweep/sweep_$dt.csv --sweep --graph --dtype $dt > $G/sweep/sweep_$dt.log 2>&1
  echo "rules sweep $dt (graph) rc=$? at $(el)s: $(tail -1 $G/sweep/sweep_$dt.log)" >> $S
done
tar czf $OUT/logs.tgz -C $G t ab sweep $(cd $G && ls *.log)
echo "done at $(el)s" >> $S; cat $S
