#!/usr/bin/env bash
# One device call. Carry build/carry/s47/base (base/lib.a.gz: the kernels library before dec.patch)
# and build/carry/s48's dcfull.a.gz (the library with dec.patch alone, as landed on main) and
# dcw.tgz (the six K-major 16-bit units 128x128, 128x168, 128x192, 128x224, 64x64 and 64x128 with
# dec.patch and ../2026-12-07-s46/wsp.patch: the 16-bit kernels wait on the kernel before
# (griddepcontrol.wait) after their barriers' set-up, not first).
# Predicted: dcw 1.00-1.04x of dcf on ks.txt (session 47's decp measured 1.02-1.04x over dec at 3328 x
# 704 and 6656 x 704, 0.99-1.03x elsewhere); FP8's per-tensor table of dcf within 1% of base.
set -u
G=/tmp/s48b; . bench/device/env.sh; . bench/device/steps.sh
C=build/carry/s48
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
mkdir -p $G/base $G/dcf $G/dcw && gunzip -c build/carry/s47/base/lib.a.gz > $G/base/lib.a &&
  gunzip -c $C/dcfull.a.gz > $G/dcf/lib.a && tar xzf $C/dcw.tgz -C $G && cp $G/dcf/lib.a $G/dcw/lib.a &&
  ar r $G/dcw/lib.a $G/dcw/*.o || echo "CARRY-FAIL" >> $S
for v in base dcf dcw; do D=$G/$v link_bins bench/bench_gemm & done
for v in base dcf; do D=$G/$v link_bins bench/bench_gemm_fp8 & done
wait
declare -A B V
for v in base dcf dcw; do B[$v]=$G/$v/bench_gemm; done
SH=$(sed 's/^/--shape /' bench/results/2026-12-07-s47/ks.txt)
in_turn 2 dcf base dcf dcw
(cd $G && tar czf $OUT/csv.tgz csv *.log)
for x in base dcf; do
  timeout 45 $G/$x/bench_gemm_fp8 $G/fp8_$x.csv > $G/fp8_$x.log 2>&1
  echo "fp8 $x rc=$? at $(el)s: $(grep -i geometric $G/fp8_$x.log | head -2 | tr '\n' ' ')" >> $S
  cp $G/fp8_$x.csv $OUT/
done
echo "all done at $(el)s" >> $S
