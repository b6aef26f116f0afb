#!/usr/bin/env bash
# Where block-scaled FP8 128x128 loses to DeepGEMM's 128x128 (1098 against 1251 TF at 4096 x 7168 x
# 16384, session 24) and to our fast 128x128 (1300): Nsight Compute with per-instruction stall
# sampling (SourceCounters, WarpStateStats) on the three kernels, one launch each, and each report's
# SASS page as CSV. Call it with
#   carry [".deps/deepgemm", ".deps/py/cutlass_library/source/include"]
# Predicted: ours issues ~128 instructions per consumer warp per k-tile against DeepGEMM's ~108, and
# its consumer warps stall longer at the wgmma wait (the previous group) than DeepGEMM's; the tensor
# pipe ~66% (ours) against ~75% (DeepGEMM).
set -u
G=/tmp/bsprof; . bench/device/env.sh; . bench/device/steps.sh
export D=$PWD/.devwork/b; mkdir -p $D /tmp/ncu
[ -f $D/lib.a ] || build_tree bench/bench_gemm_fp8
[ -x $D/bench_gemm_fp8 ] || $NVCC $F -I$CUDA/include bench/bench_gemm_fp8.cu $D/lib.a $LK -o $D/bench_gemm_fp8
CUDA=$CUDA bash bench/deepgemm.sh $G/bench_deepgemm $D/lib.a > $G/build.log 2>&1 ||
  echo "BUILD-FAIL bench_deepgemm: $(grep -m3 -E 'error|No such' $G/build.log)" >> $S
echo "built at $(el)s" >> $S
SH=4096,7168,16384
N="$CUDA/bin/ncu --clock-control none --import-source no --section SpeedOfLight --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis --section WarpStateStats --section SourceCounters --section LaunchStats --section Occupancy"
prof() {  # name, kernel regex, launches to skip, command...
  local name=$1 re=$2 skip=$3; shift 3
  timeout 150 $N --kernel-name regex:"$re" --launch-skip $skip --launch-count 1 -o /tmp/ncu/$name "$@" > /tmp/ncu/$name.log 2>&1
  echo "== $name rc=$? ($(el)s)" >> $S
  $CUDA/bin/ncu -i /tmp/ncu/$name.ncu-rep --page details > $OUT/$name.txt 2>&1
  $CUDA/bin/ncu -i /tmp/ncu/$name.ncu-rep --page source --csv --print-source sass > $OUT/${name}_sass.csv 2>$G/$name.err || head -3 $G/$name.err >> $S
  grep -E "Duration|Elapsed Cycles|Compute \(SM\) Throughput|Issue Slots Busy|Warp Cycles Per Issued|Executed Ipc Active|L2 Hit|Registers Per" $OUT/$name.txt | head -12 >> $S
}
prof ours_bs 'blockscaled' 2 $D/bench_gemm_fp8 /tmp/ncu/bs.csv --blockscaled --only $SH --reps 1 --rounds 1
prof ours_fast128 '^cutego_gemm_128x128_kk_e4m3_bf16$' 2 $D/bench_gemm_fp8 /tmp/ncu/f.csv --blockscaled --only $SH --reps 1 --rounds 1
prof dg128 'Lj128ELj128ELj128ELj128ELj128ELj128ELj5ELj128ELj256ELj1ELb0' 1 $G/bench_deepgemm /tmp/ncu/dg.csv --only $SH --reps 1
gzip -k /tmp/ncu/*.ncu-rep 2>/dev/null; cp /tmp/ncu/*.ncu-rep.gz $OUT/ 2>/dev/null
echo "done at $(el)s" >> $S
cat $S
