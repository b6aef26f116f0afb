#!/usr/bin/env bash
# Prepared in session 31 for a next session's device call (main's tree, no carry, ~4-5 min): the
# per-tile trace of session 31 (../2026-12-05-next31: trace_gemm.cu, trace_summary.py), its patch
# brought up to main (trace.patch here: the producer's and consumers' stamps beside b_tile_n0), on
# the shapes below 0.95 of cuBLAS that are left:
#   1000^3 (64x128 in 2x1 clusters, 0.86), 1024^3 (64x128, 0.87-0.88), 1024 x 1000 x 14336 on 64x128
#   (a last column of 104 of 128 columns: not shifted), 32 x 4096^2 (decode, 64x32), 256 x 11008 x
#   4096 (128x168, 0.89), 333 x 14336 x 4096 (128x168, 0.89), and the shifted 1024 x 904 x 14336
#   (CUTEGO_GEMM_F_B_SHIFT) beside 1024 x 1024 x 14336 for the record.
# Predicted: on the one-wave shapes every tile's main loop within 10% of the others' (no edge left
# where shifted); where a shape stays slow, its tiles are uniformly slow (the kernel's pace, not an
# edge), except 1024 x 1000 x 14336, whose last column runs 1.1-1.2x longer than the others.
set -u
G=$PWD/.devwork/n32; . bench/device/env.sh; . bench/device/steps.sh
N=bench/results/2026-12-05-next32; T=bench/results/2026-12-05-next31
V=$G/trace; mkdir -p $V
tar cf - --exclude=.devwork --exclude=.git . | tar xf - -C $V
(cd $V && patch -p1 -s < $N/trace.patch) || echo "PATCH-FAIL" >> $S
(cd $V && D=$V/b bash bench/device/lib.sh > $G/lib_trace.log 2>&1; grep -E "lib:|BUILD-FAIL" $G/lib_trace.log | head -5 | sed 's/^/trace /' >> $S)
(cd $V && $NVCC $F -I$CUDA/include $T/trace_gemm.cu $V/b/lib.a $LK -o $V/b/trace_gemm > $G/link_trace.log 2>&1) ||
  echo "LINK-FAIL trace_gemm: $(grep -m1 error $G/link_trace.log)" >> $S
echo "built at $(el)s" >> $S
i=0
for c in "1000 1000 1000" "1024 1024 1024" "1024 1000 14336 8 1" "1024 904 14336 8 1" "1024 1024 14336 8 1" \
         "32 4096 4096" "256 11008 4096" "333 14336 4096"; do
  i=$((i+1))
  timeout 60 $V/b/trace_gemm $c > $OUT/trace_$i.log 2>&1; echo "trace $i ($c) rc=$?" >> $S
  python3 $T/trace_summary.py $OUT/trace_$i.log >> $S 2>&1
done
echo "done at $(el)s" >> $S
# at most 8 files come back: the logs go back as one archive
(cd $OUT && tar czf traces.tgz trace_*.log && rm -f trace_*.log)
cat $S
