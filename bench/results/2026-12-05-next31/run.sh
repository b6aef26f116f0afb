#!/usr/bin/env bash
# Prepared in session 30 for the next session's first device call (main's tree, no carry, ~5 min).
# Session 30 (../2026-12-05-s30, run3-run7) found a last tile column of few valid columns under many
# tile rows 1.3-1.8x slower (1024 x 904 x 14336 on 64x128 tiles 72-89 us against 46-48 at N = 1024),
# per k-tile, with either epilogue, any raster, cold or warm L2, any major; not B's box past N (boxes
# that stop at N did not help); the caller's swap did not help either. Which tiles take the time,
# and do their consumers wait for data or their producers for free stages?
# trace.patch (a diagnostic build, never for main): a launch with alpha 0.75 and a C pointer (beta 0)
# writes per tile its producer's and consumers' %globaltimer stamps and SM (trace_gemm.cu prints
# them; trace_summary.py groups them by inner / last row / last column).
# Also 448 x 11008 on 128x168 (0.87 of cuBLAS) and 512 x 4096^2 on 128x128 without and with 2x1
# clusters (ours lose 4-13% in clusters where cuBLAS's clustered kernels win): where the clusters' time goes.
# Then 416 and 512 x 4096 x 14336 with A's halves off (the A edge of session 29).
# Predicted: the last column's consumers run their main loops 1.5x+ longer than the others, and their
# producers barely wait on empty barriers (their stages arrive late: the loads are slow), or else
# they wait on them as long as the others (the MMAs are slow).
set -u
G=$PWD/.devwork/n31; . bench/device/env.sh; . bench/device/steps.sh
N=bench/results/2026-12-05-next31
V=$G/trace; mkdir -p $V
tar cf - --exclude=.devwork --exclude=.git . | tar xf - -C $V
(cd $V && patch -p1 -s < $N/trace.patch) || echo "PATCH-FAIL" >> $S
(cd $V && D=$V/b bash bench/device/lib.sh > $G/lib_trace.log 2>&1; grep -E "lib:|BUILD-FAIL" $G/lib_trace.log | head -5 | sed 's/^/trace /' >> $S)
(cd $V && $NVCC $F -I$CUDA/include $N/trace_gemm.cu $V/b/lib.a $LK -o $V/b/trace_gemm > $G/link_trace.log 2>&1) ||
  echo "LINK-FAIL trace_gemm: $(grep -m1 error $G/link_trace.log)" >> $S
# the same build with A's halves off (the planner's rule only: ../2026-12-05-s30/nohalves.patch), for
# the A edge that halves fixed (416 x 4096 x 14336: 120 -> 81 us), to compare with the N edge
W=$G/trace_nh; mkdir -p $W/o
tar cf - --exclude=b -C $V . | tar xf - -C $W && (cd $W && patch -p1 -s < bench/results/2026-12-05-s30/nohalves.patch) &&
  cp $V/b/o/*.o $W/o/ && (cd $W && gcc -std=c99 -O2 -fPIC -Iinclude -c csrc/gemm/plan.c -o $W/o/csrc_gemm_plan.c.o) &&
  ar rcs $W/lib.a $W/o/*.o && (cd $W && $NVCC $F -I$CUDA/include $N/trace_gemm.cu $W/lib.a $LK -o $W/trace_gemm) ||
  echo "nohalves trace build failed" >> $S
echo "built at $(el)s" >> $S
i=0
for c in "1024 904 14336 8 1" "1024 1024 14336 8 1" "1024 896 14336 8 1" "1024 960 14336 8 1" \
         "2048 904 14336 2 1" "2048 1024 14336 2 1" "1024 904 14336 8 1 0 1" "1024 904 14336" "512 904 14336 8 1" \
         "448 11008 4096 9 1" "512 4096 4096 2 1 1" "512 4096 4096 2 1 2"; do
  i=$((i+1))
  timeout 60 $V/b/trace_gemm $c > $OUT/trace_$i.log 2>&1; echo "trace $i ($c) rc=$?" >> $S
  python3 $N/trace_summary.py $OUT/trace_$i.log >> $S 2>&1
done
for c in "416 4096 14336 2 1" "512 4096 14336 2 1"; do
  i=$((i+1))
  timeout 60 $W/trace_gemm $c > $OUT/trace_$i.log 2>&1; echo "trace $i ($c, halves off) rc=$?" >> $S
  python3 $N/trace_summary.py $OUT/trace_$i.log >> $S 2>&1
done
echo "done at $(el)s" >> $S
# at most 8 files come back: the logs go back as one archive
(cd $OUT && tar czf traces.tgz trace_*.log && rm -f trace_*.log)
cat $S
