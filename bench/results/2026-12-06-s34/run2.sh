#!/usr/bin/env bash
# Session 34, device call 2 (carry build/carry/lib.a.gz: the tree's library with the AUTO rule
# refitted for 4-byte pieces: in place at most 128 rows or columns only; build/carry/go: gpu.test
# and its cubins, built on the CPU machine from the tree).
# 1. test_gemm and test_gemm_fp8 in full.
# 2. Call 1 found the 8-byte-piece shapes slower with the tree's kernels (carried) than with main's
#    (compiled on the device): 1 x 4096 x 4100 0.877, 100 x 4096 x 4100 and 500^3 0.97, while the
#    8-byte producer's loop has the same SASS in both (the 64x32 kernel's: 24 LDGSTS, 162
#    instructions). Here main's units (m), the tree's units compiled on the device (d) and the carried
#    tree (t) in turn, three rounds. Predicted: d = t within 2% (the device's nvcc and ours are both
#    13.0) and m / d 0.88-0.97 as in call 1: the second producer's code costs. Wrong if d ~ m: then
#    the two compilers differ.
# 3. AUTO against the copies in turn on K = 4098 shapes: 1.24-1.82x at M <= 100, ~1.03 at 128, 1.00
#    where AUTO now copies (500^2 x 502, 129 rows, 256 x 512 x 2046).
# 4. The Go launcher's device tests (gpu.test with the tree's cubins; its 4-byte-piece case).
set -u
G=$PWD/.devwork/s34b; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
export D=$G/b; mkdir -p $D/o
$NVCC --version | tail -2 >> $S
gunzip -c build/carry/lib.a.gz > $D/lib.a && (cd $D/o && ar x ../lib.a) || echo "CARRY-FAIL" >> $S
R=bench/results/2026-12-06-s34
variant_prepare main $R/rows4-kernel.patch -R
mkdir -p $G/tree/src $G/tree/o && tar cf - --exclude=.devwork --exclude=.git . | tar xf - -C $G/tree/src
variant_compile main:gemm_64x32_kk main:gemm_64x64_kk tree:gemm_64x32_kk tree:gemm_64x64_kk &
link_bins bench/bench_gemm csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8
run_test 200 test_gemm
run_test 150 test_gemm_fp8
wait
grep BUILD-FAIL $G/variants.log >> $S
variant_link main
variant_link tree
declare -A B V
B[m]=$G/main/bench_gemm; B[d]=$G/tree/bench_gemm; B[t]=$D/bench_gemm; B[c]=$D/bench_gemm; V[c]="--pitch-pack 1"
SH=""; for s in 1,4096,4100 16,4096,4100 100,4096,4100 500,500,500 1,4096,4098 1,4096,4096 32,4096,4096; do SH="$SH --shape $s"; done
in_turn 3 m m d t
mv $G/csv $G/csv_ctl
SH=""; for s in 1,4096,4098 16,4096,4098 64,4096,4098 100,4096,4098 128,4096,4098 129,4096,4098 8,14336,4098 \
  500,500,502 256,512,2046; do SH="$SH --shape $s"; done
in_turn 2 c c t
E=$PWD/build/carry/go
if [ -f $E/gpu.test ]; then
  (cd $E && for z in *.cubin.gz; do gunzip -f "$z"; done)
  GOENV="CUTEGO_CUBIN=$E/cutego_copy.cubin CUTEGO_GEMM_CUBINS=$E/cutego_gemm.cubin:$E/cutego_gemm_fp8.cubin"
  (cd gpu && env CUTEGO_EXPECT_GPU=1 $GOENV timeout 200 $E/gpu.test -test.v -test.count=1 -test.run 'OnDevice' > $OUT/gpu_test.log 2>&1; echo "gpu.test rc=$? ($(el)s)" >> $S)
  grep -E "^(--- FAIL|FAIL|ok|PASS)|panic" $OUT/gpu_test.log | head -20 >> $S
  grep -cE "^--- PASS" $OUT/gpu_test.log | sed 's/^/gpu.test passed: /' >> $S
  grep -E "4098" $OUT/gpu_test.log | head -5 >> $S
fi
(cd $G && tar czf $OUT/csv.tgz csv csv_ctl *.log 2>/dev/null)
echo "all done at $(el)s" >> $S
cat $S
