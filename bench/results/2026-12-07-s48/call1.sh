#!/usr/bin/env bash
# One device call. Carry build/carry/s47 (its base/lib.a.gz and dec/lib.a.gz) and build/carry/s48
# (carry.sh here: wr.tgz, st.tgz, dc.tgz, the objects of the six K-major 16-bit units 128x128, 128x168, 128x192,
# 128x224, 64x64 and 64x128, each replacing base's in a copy of the base library).
# Why: session 47's call 1 (../2026-12-07-s47/device-call1) measured ws (wr + st in three units)
# 0.86-0.90x at 128 x 26880 and 12043 x 320 (128x224, 128x168) and 1.01-1.03x at 3328 x 704
# (128x192); the full dec library (ws + dec everywhere) 0.88-0.90x at 256^3 and 1024^3 (64x64,
# 64x128), 0.79x at 13312 x 704 x 256 (128x128) and 1.04-1.09x at 10970 x 960 x 64-256 (128x192);
# its sweep 1.085 against base's 1.099, the one-warpgroup kernels 0.94-0.96x. Which of the three
# changes costs is not known.
# Predicted: st (stmatrix staging) is the loss in 128x168/128x224 (0.88-0.92x there) and neutral
# to 0.95x elsewhere; wr within 1% everywhere; dc 1.00-1.08x on the short-K 128x192/128x128 shapes,
# within 2% on the small squares.
set -u
G=/tmp/s48a; . bench/device/env.sh; . bench/device/steps.sh
Q=bench/results/2026-12-07-s47; C=build/carry/s48
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
mkdir -p $G/base && gunzip -c build/carry/s47/base/lib.a.gz > $G/base/lib.a || echo "CARRY-FAIL base" >> $S
for v in wr st dc; do
  mkdir -p $G/$v && tar xzf $C/$v.tgz -C $G && cp $G/base/lib.a $G/$v/lib.a && ar r $G/$v/lib.a $G/$v/*.o || echo "CARRY-FAIL $v" >> $S
done
for v in base wr st dc; do D=$G/$v link_bins bench/bench_gemm & done
wait
declare -A B V
for v in base wr st dc; do B[$v]=$G/$v/bench_gemm; done
SH=$(sed 's/^/--shape /' $Q/ks.txt)
in_turn 3 base base wr st dc
for x in base wr st dc; do
  timeout 100 ${B[${x%2}]} $G/sweep_$x.csv --sweep --graph --dtype bf16 > $G/sweep_$x.log 2>&1
  echo "sweep $x at $(el)s: $(tail -1 $G/sweep_$x.log)" >> $S
done
cp $G/sweep_*.csv $OUT/
(cd $G && tar czf $OUT/csv.tgz csv *.log)
# dcfull.a.gz (carry.sh's last step: the whole library with dec.patch alone): the tests and its sweep
# (session 47's racecheck and memcheck ran clean on the library with dec.patch and ws.patch)
if [ -f $C/dcfull.a.gz ]; then
  mkdir -p $G/dcf && gunzip -c $C/dcfull.a.gz > $G/dcf/lib.a
  D=$G/dcf link_bins bench/bench_gemm csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8
  D=$G/dcf run_test 90 test_gemm
  D=$G/dcf run_test 90 test_gemm_fp8
  timeout 100 $G/dcf/bench_gemm $G/sweep_dcf.csv --sweep --graph --dtype bf16 > $G/sweep_dcf.log 2>&1
  echo "sweep dcf at $(el)s: $(tail -1 $G/sweep_dcf.log)" >> $S
  cp $G/sweep_dcf.csv $OUT/
fi
echo "all done at $(el)s" >> $S
