#!/usr/bin/env bash
# Session 19's first planning probe (one device call, ~6 minutes):
# 1. the 128x96 rule (wave_128x96) against the tree without it (norule128x96.patch), alternated
#    twice, CUDA graphs, bf16 and fp16. Predicted, from the forced runs of session 18: 1.08x at
#    256 x 6144 x 4096, 1.20x at 256 x 5120, 1.13x at 256 x 6144 x 11008; controls 1.00x;
# 2. every 16-bit configuration forced (--ab-config) beside the automatic plan on the 20 shapes
#    below 0.95x of cuBLAS in both of the last two sweeps (warm and cold), 4 passes: where another
#    configuration is faster the planner is wrong there; where none is, the kernel is;
# 3. the warm sweep twice (bf16, 4 passes each) and once for fp16: how far two sweeps of one
#    binary differ per shape (the noise the sweep's table has to be read against).
set -u
G=/tmp/rules; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-04-rules
export D=.devwork/b
variant_prepare norule $R/norule128x96.patch
build_tree bench/bench_gemm
if grep -q PATCH-FAIL $S; then cat $S; exit 1; fi
(cd $G/norule/src && gcc -std=c99 -O2 -fPIC -Iinclude -c csrc/gemm/waves.c -o $G/norule/o/csrc_gemm_waves.c.o)
variant_link norule
SH=""; for s in 256,6144,4096 256,5120,4096 256,6144,11008 224,6144,4096 257,6144,4096 256,4096,4096 4096,4096,4096; do SH="$SH --shape $s"; done
ab r96 2 $G/norule/bench_gemm $D/bench_gemm --graph --dtype bf16 $SH
ab r96f16 2 $G/norule/bench_gemm $D/bench_gemm --graph --dtype f16 --shape 256,6144,4096 --shape 256,5120,4096
L=""; for s in 1,14336,4096 8,14336,4096 128,14336,4096 256,14336,4096 1024,14336,4096 128,11008,4096 \
  512,11008,4096 1024,11008,4096 128,6144,4096 1024,28672,8192 256,256,256 1024,1024,1024 1000,1000,1000 \
  3000,5000,1000 333,14336,4096 100,4096,4100 2048,4096,14336 4096,4096,11008 2048,6144,4096 4096,6144,4096; do L="$L --shape $s"; done
mkdir -p $G/probe
for c in 1 2 3 5 6 7 8 9 10 11; do
  timeout 60 $D/bench_gemm $G/probe/c$c.csv --graph --dtype bf16 --passes 4 --ab-config $c $L > $G/probe/c$c.log 2>&1
  echo "config $c rc=$? at $(el)s" >> $S
done
cat $G/probe/c*.csv > $OUT/probe.csv
tar czf $OUT/probe_logs.tgz -C $G probe
for i in 1 2; do
  timeout 100 $D/bench_gemm $OUT/sweep_bf16_$i.csv --sweep --graph --dtype bf16 --passes 4 > $G/sw$i.log 2>&1
  echo "sweep bf16 #$i rc=$? at $(el)s: $(tail -1 $G/sw$i.log)" >> $S
done
timeout 100 $D/bench_gemm $OUT/sweep_f16.csv --sweep --graph --dtype f16 --passes 4 > $G/swf.log 2>&1
echo "sweep f16 rc=$? at $(el)s: $(tail -1 $G/swf.log)" >> $S
echo "done at $(el)s" >> $S; cat $S
