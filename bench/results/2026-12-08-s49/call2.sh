#!/usr/bin/env bash
# One device call, on main with wsp.patch (the 16-bit kernels' grid-dependency wait after their
# barriers' set-up; applied here where the tree lacks it), its library carried or built there.
# Carry build/carry/s48/dcfull.a.gz (main's library before: the baseline) and, where build49.sh has
# built them here, build/carry/s49/main.a.gz (main with wsp.patch) and tr.tgz (trace.patch's units);
# else both are built on the device.
# 1. The tree verified: test_gemm, test_gemm_fp8, test_gemm_graph (its chain of dependent GEMMs
#    checks the programmatic launches, whose wait the 16-bit kernels now make later), racecheck and
#    memcheck on small cases. Predicted: all pass.
# 2. Before/after, in turn: ks.txt (predicted 1.01-1.02x, as call 1's dcw), the bf16 sweep (within
#    1% on large shapes; geomean +0.2-0.5%), FP8's per-tensor table (within 1%: FP8 unchanged).
# 3. The kernel's phases (trace.patch, trace_kernel.cu): per-CTA %globaltimer stamps on short-K and
#    small shapes. Predicted: the span (first entry to last end) of a one-wave short-K GEMM is
#    2-3 us of the ~6 us a call takes in a graph; of the span, the wait for the first stage and the
#    wait on the stores at the end are each ~1 us.
set -u
G=/tmp/s49c2; . bench/device/env.sh; . bench/device/steps.sh
Q=bench/results/2026-12-08-s49
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
# the tree: main with wsp.patch (applied here where it is not yet)
grep -q "programmatic_launch_prologue<false>" kernels/gemm_kernels.cuh || patch -p1 -s < $Q/wsp.patch || echo "PATCH-FAIL wsp" >> $S
TV=$G/trace; mkdir -p $TV $G/dcf
tar cf - --exclude=.git --exclude=build --exclude=.devwork --exclude=.deps . | tar xf - -C $TV
(cd $TV && patch -p1 -s < $Q/trace.patch) || echo "PATCH-FAIL" >> $S
gunzip -c build/carry/s48/dcfull.a.gz > $G/dcf/lib.a || echo "CARRY-FAIL" >> $S
export D=$G/main; mkdir -p $D
if [ -f build/carry/s49/main.a.gz ] && [ -f build/carry/s49/tr.tgz ]; then  # built here by build49.sh
  gunzip -c build/carry/s49/main.a.gz > $D/lib.a && tar xzf build/carry/s49/tr.tgz -C $G && mkdir -p $TV/b &&
    cp $D/lib.a $TV/b/full.a && ar r $TV/b/full.a $G/tr/*.o || echo "CARRY-FAIL main tr" >> $S
else
  (bash bench/device/lib.sh > $G/lib.log 2>&1; grep -E "lib:|BUILD-FAIL" $G/lib.log >> $S) &
  (cd $TV && UNITS="gemm_128x128_kk gemm_128x192_kk gemm_128x168_kk gemm_128x224_kk gemm_128x256_kk gemm_64x128_kk gemm_64x64_kk gemm_64x32_kk" JOBS=8 D=$TV/b bash bench/device/lib.sh > $G/lib_trace.log 2>&1
   grep -E "lib:|BUILD-FAIL" $G/lib_trace.log | sed 's/^/trace /' >> $S) &
  wait
  cp $D/lib.a $TV/b/full.a && ar r $TV/b/full.a $TV/b/o/gemm_*.o $TV/b/o/csrc_gemm_plan.c.o || echo "TRACE-LIB-FAIL" >> $S
fi
echo "built at $(el)s" >> $S
link_bins csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8 csrc/gemm/test_gemm_graph bench/bench_gemm bench/bench_gemm_fp8 &
D=$G/dcf link_bins bench/bench_gemm bench/bench_gemm_fp8 &
(cd $TV && $NVCC $F -I$CUDA/include $Q/trace_kernel.cu $TV/b/full.a $LK -o $TV/b/trace_kernel > $G/link_trace.log 2>&1) ||
  echo "LINK-FAIL trace_kernel: $(grep -m1 error $G/link_trace.log)" >> $S &
wait
run_test 90 test_gemm
run_test 90 test_gemm_fp8
run_test 60 test_gemm_graph
declare -A B V
B[dcf]=$G/dcf/bench_gemm; B[new]=$D/bench_gemm
SH=$(sed 's/^/--shape /' bench/results/2026-12-07-s47/ks.txt)
in_turn 2 dcf dcf new
(cd $G && tar czf $OUT/csv.tgz csv *.log fp8_*.csv)
i=0
for c in "1664 704 256" "3328 704 64" "3328 704 256" "6656 704 256" "12043 320 128" "128 26880 256" "1024 1024 1024" \
         "256 256 256" "64 4096 4096" "4096 4096 4096"; do
  i=$((i+1))
  timeout 30 $TV/b/trace_kernel $c > $G/trace_$i.log 2>&1; echo "== trace $i ($c) rc=$? at $(el)s" >> $S
  grep -v "^  producer tiles" $G/trace_$i.log >> $S
done
# the decode shapes and small squares cold (A and B from device memory on every call, cuBLAS alike)
SH="--shape 1,4096,4096 --shape 8,4096,4096 --shape 32,4096,4096 --shape 64,4096,4096 --shape 128,4096,4096 --shape 1000,1000,1000 --shape 1024,1024,1024"
timeout 60 $D/bench_gemm $G/cold.csv --graph --cold --dtype bf16 $SH > $G/cold.log 2>&1; echo "cold rc=$?" >> $S
timeout 60 $D/bench_gemm $G/warm.csv --graph --dtype bf16 $SH > $G/warm.log 2>&1; echo "warm rc=$?" >> $S
python3 bench/ab_table.py $G/warm.csv -- $G/cold.csv >> $S
(cd $G && tar czf $OUT/trace.tgz trace_*.log cold.* warm.*)
sweep_pair dcf:$G/dcf/bench_gemm new:$D/bench_gemm
cp $G/sweep_*.csv $OUT/ 2>/dev/null
for x in dcf new; do
  timeout 30 ${B[$x]%/*}/bench_gemm_fp8 $G/fp8_$x.csv > $G/fp8_$x.log 2>&1
  echo "fp8 $x rc=$? at $(el)s: $(grep -i geometric $G/fp8_$x.log | head -2 | tr '\n' ' ')" >> $S
done
(cd $G && tar czf $OUT/fp8.tgz fp8_*)
F1="128x192 small M=40,128x168 small N=136 beta,64x128 batched M=100 beta,stream-K 128x168,col-major D stream-K"
sanitize racecheck 40 test_gemm "$F1"
sanitize memcheck 30 test_gemm "$F1"
echo "all done at $(el)s" >> $S
