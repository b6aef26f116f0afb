#!/usr/bin/env bash
# Session 35, device call 2 (carry build/carry: tree.a.gz as in run1.sh, the 256x128 consumer with one
# register slot of scales, loaded a k-tile ahead; treeB.a.gz, the same with two slots, loaded two
# k-tiles ahead, twoslots.diff). Call 1: 256x128 ran at 0.93 of 128x128 at M = 4096 (911 against
# 1046 TF at 4096 x 7168 x 16384); in its SASS the factor SA * SB of a k-tile's first wave is
# multiplied before that k-tile's first QGMMA, from loads issued at the end of the k-tile before, so
# the MMAs wait for the loads (session 25 saw the same FMUL hold 14% of the 128x128 samples).
# 1. A (one slot) and B (two slots) in turn, twice, at M = 4096 and 8192. Predicted B over A
#    1.10-1.30x at M = 4096; B over 128x128 1.00-1.15x.
# 2. ncu (stall sampling) of B's 256x128, A's 256x128 and the 128x128 block-scaled kernel at
#    4096 x 7168 x 16384.
set -u
G=$PWD/.devwork/s35b; . bench/device/env.sh; . bench/device/steps.sh
export D=$G/a; mkdir -p $D $G/b /tmp/ncu
gunzip -c build/carry/tree.a.gz > $D/lib.a && gunzip -c build/carry/treeB.a.gz > $G/b/lib.a || echo "CARRY-FAIL" >> $S
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
link_bins bench/bench_gemm_fp8 csrc/gemm/test_gemm_fp8
(D=$G/b; link_bins bench/bench_gemm_fp8 csrc/gemm/test_gemm_fp8)
(D=$G/b; run_test 120 test_gemm_fp8 --filter "256x128")
for r in 1 2; do
  for v in a b; do
    timeout 200 $G/$v/bench_gemm_fp8 $G/bs_${v}_$r.csv --blockscaled --reps 9 --bs-m 4096,8192 > $G/bs_${v}_$r.log 2>&1
    echo "$v $r rc=$? ($(el)s): $(grep -E '^== M = (4096|8192): block-scaled 256' $G/bs_${v}_$r.log | tr '\n' ' ')" >> $S
  done
done
N="$CUDA/bin/ncu --clock-control none --import-source no --section SpeedOfLight --section WarpStateStats --section SourceCounters --section LaunchStats"
prof() {  # name, binary, kernel regex
  timeout 150 $N --kernel-name regex:"$3" --launch-skip 2 --launch-count 1 -o /tmp/ncu/$1 $2 /tmp/ncu/x.csv --blockscaled --only 4096,7168,16384 --reps 1 > $G/ncu_$1.log 2>&1
  echo "== $1 rc=$? ($(el)s)" >> $S
  $CUDA/bin/ncu -i /tmp/ncu/$1.ncu-rep --page details > $OUT/$1.txt 2>&1
  $CUDA/bin/ncu -i /tmp/ncu/$1.ncu-rep --page source --csv --print-source sass > $G/${1}_sass.csv 2>/dev/null
  python3 bench/results/2026-12-05-bsprof/stalls.py $G/${1}_sass.csv > $OUT/${1}_stalls.txt 2>&1
  grep -E "Duration|Issue Slots Busy|Warp Cycles Per Issued|Executed Ipc Active" $OUT/$1.txt | head -6 >> $S
}
prof b256 $G/b/bench_gemm_fp8 '256x128_kk_e4m3_bf16_blockscaled'
prof a256 $D/bench_gemm_fp8 '256x128_kk_e4m3_bf16_blockscaled'
prof b128 $G/b/bench_gemm_fp8 '128x128_kk_e4m3_bf16_blockscaled'
(cd $G && tar czf $OUT/logs.tgz *.log *.csv 2>/dev/null)
echo "all done at $(el)s" >> $S
cat $S
