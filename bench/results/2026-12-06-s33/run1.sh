#!/usr/bin/env bash
# Session 33, device call 1 (carry build/carry/lib.a.gz: the tree's library, built on the CPU
# machine). A and B read in place by cp.async where their 16-bit K-major rows are off the 16-byte
# grid of tensor maps and on the 8-byte one (CUTEGO_GEMM_F_ROWS; K = 4100: rows of 8,200 bytes),
# where the planner copied both first (the copy of B read, written and read again bounded
# 100 x 4096 x 4100 at 0.70 of cuBLAS).
# 1. test_gemm's rows and pitch cases (the 27 new "rows" ones: every 16-bit tile configuration,
#    batches, a broadcast B, K = 4 and 12, a pitch past K, M = 1..4096, col-major D, no_pack; the
#    copies where a split or clusters are asked for) first, then test_gemm and test_gemm_fp8 in
#    full; memcheck and racecheck of the small rows cases; the bf16 and fp16 sweeps last.
# 2. Rows against the copies (the tree with --pitch-pack 1, which copies as before) in turn, twice,
#    on the shapes off the 16-byte grid; main's kernels (rows-kernel.patch reversed: the producer
#    without the cp.async branch) against the tree on on-grid controls, twice; the bf16 sweep.
# Predicted: every check passes, memcheck and racecheck clean. 100 x 4096 x 4100 41 -> 11-14 us
# (2.1-2.6x cuBLAS's 29); M <= 256 x 4096 x 4100 1.5-3x the copies; 500^3, 1000x1000x1004 1.2-1.6x;
# 2048^2 x 2052 and 4096^2 x 4100 0.95-1.1x of the copies (compute-bound: the producer's 128
# threads keep the stages full); controls 0.99-1.01. Wrong if 100 x 4096 x 4100 takes over 20 us.
set -u
G=$PWD/.devwork/s33a; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
export D=$G/b; mkdir -p $D/o
gunzip -c build/carry/lib.a.gz > $D/lib.a && (cd $D/o && ar x ../lib.a) || echo "CARRY-FAIL" >> $S
R=bench/results/2026-12-06-s33
variant_prepare main $R/rows-kernel.patch -R
variant_compile main:gemm_64x32_kk main:gemm_64x64_kk main:gemm_64x128_kk main:gemm_128x128_kk main:gemm_128x256_kk main:gemm_128x168_kk &
pids=""
for t in bench/bench_gemm csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8; do
  $NVCC $F -I$CUDA/include $t.cu $D/lib.a $LK -o $D/$(basename $t) > $G/link_$(basename $t).log 2>&1 ||
    echo "LINK-FAIL $t: $(grep -m1 error $G/link_$(basename $t).log)" >> $S &
  pids="$pids $!"
done
wait $pids
echo "linked at $(el)s" >> $S
run_test 120 test_gemm --filter "rows ,pitch"
run_test 200 test_gemm
run_test 150 test_gemm_fp8
wait
grep BUILD-FAIL $G/variants.log >> $S
variant_link main
declare -A B V
B[m]=$G/main/bench_gemm; B[t]=$D/bench_gemm; B[c]=$D/bench_gemm; V[c]="--pitch-pack 1"
SH=""; for s in 100,4096,4100 1,4096,4100 16,4096,4100 64,4096,4100 256,4096,4100 8,14336,4100 500,500,500 \
  1000,1000,1004 512,11008,4100 2048,2048,2052 4096,4096,4100; do SH="$SH --shape $s"; done
in_turn 2 c c t
mv $G/csv $G/csv_rows
SH=""; for s in 1,4096,4096 32,4096,4096 128,4096,4096 1000,1000,1000 1024,1024,1024 2048,2048,2048 \
  512,11008,4096 4096,4096,4096; do SH="$SH --shape $s"; done
in_turn 2 m m t
sanitize memcheck 150 test_gemm "rows K=4,rows B broad,rows batched,rows pitch,rows config,rows 16x2048,rows M=1,rows no_pack"
sanitize racecheck 150 test_gemm "rows K=4,rows B broad,rows config 5 ,rows config 0 "
grep -h "WRONG" $G/*_?.log | head -3 >> $S
sweep bf16 f16
cp $G/sweep/*.csv $OUT/ 2>/dev/null
(cd $G && tar czf $OUT/csv.tgz csv csv_rows *.log sweep 2>/dev/null)
echo "done at $(el)s" >> $S
# 3. The Go launcher on the device (gpu.test, built on the CPU machine from the tree, with its cubins in
#    build/carry/go): TestGemmOnDevice (its two rows cases among them) and the split-K device test.
E=$PWD/build/carry/go
if [ -f $E/gpu.test ]; then
  (cd $E && for z in *.cubin.gz; do gunzip -f "$z"; done)
  GOENV="CUTEGO_CUBIN=$E/cutego_copy.cubin CUTEGO_GEMM_CUBINS=$E/cutego_gemm.cubin:$E/cutego_gemm_fp8.cubin"
  (cd gpu && env CUTEGO_EXPECT_GPU=1 $GOENV timeout 200 $E/gpu.test -test.v -test.count=1 -test.run 'OnDevice' > $OUT/gpu_test.log 2>&1; echo "gpu.test rc=$? ($(el)s)" >> $S)
  grep -E "^(--- FAIL|FAIL|ok|PASS)|panic" $OUT/gpu_test.log | head -20 >> $S
  grep -cE "^--- PASS" $OUT/gpu_test.log | sed 's/^/gpu.test passed: /' >> $S
fi
echo "all done at $(el)s" >> $S
cat $S
