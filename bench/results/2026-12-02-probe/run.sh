#!/usr/bin/env bash
# Device probes for the GEMM's next rules (H200, from the repo root, $OUT set by the device tool;
# ~100 s after the library build, which it shares with a build already in $D):
#   1. 128x64 tiles forced (options.config 3) against the automatic choice on one-wave shapes
#      whose 128x128 tiles do not fill the SMs and whose K does not split (1000^3: 64 tiles of
#      128x128 on 132 SMs, 128 of 128x64); both dtypes. Prediction: 1000^3 14.3 -> ~10 us.
#   2. cuBLAS's kernel names (tile, stages, cluster) and times on the decode shapes (M <= 32) and
#      on 1000^3, from ncu's launch statistics.
#   3. (when carry/lib holds libcutego.so) Python's einsum GETT against torch.einsum, one call at
#      a time and queued, after the known-geometry cache.
# Output: probe.txt (+ narrow_*.csv, ncu_names.txt, gett_torch.log).
set -u
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
export D=${D:-.devwork/b}; mkdir -p $D; t0=$(date +%s); S=$OUT/probe.txt; el() { echo $(( $(date +%s)-t0 )); }
if [ ! -f $D/lib.a ]; then bash bench/device/lib.sh > $D/lib.log 2>&1; grep -E "lib:|BUILD-FAIL" $D/lib.log >> $S; fi
[ -x $D/bench_gemm ] || $NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a -L$CUDA/targets/x86_64-linux/lib -cudart static -lcublasLt -lcublas -o $D/bench_gemm
echo "built at $(el)s" >> $S
SH="--shape 1000,1000,1000 --shape 1024,1024,1024 --shape 768,768,768 --shape 1000,2000,1000 --shape 2000,1000,1000 --shape 1536,1536,1536 --shape 640,1536,2048 --shape 1000,1000,4000"
for dt in bf16 f16; do
  for cfg in 0 3; do
    timeout 60 $D/bench_gemm $OUT/narrow_${dt}_$cfg.csv --dtype $dt --reps 15 --config $cfg $SH > /tmp/narrow_${dt}_$cfg.log 2>&1
    echo "== $dt config $cfg rc=$? ($(el)s)" >> $S; grep -E "^(square|odd|llm|given|shape)|ratio" /tmp/narrow_${dt}_$cfg.log | head -12 >> $S
  done
done
# 128x192 (config 5, where this tree has it) against the automatic choice on the shapes a 128x192 pick
# rule would move beyond the one-wave class (bench_gemm --ab-config; skipped where it lacks it)
if grep -q -- "--ab-config" bench/bench_gemm.cu; then
  for dt in bf16 f16; do
    timeout 60 $D/bench_gemm $OUT/wide_$dt.csv --dtype $dt --reps 15 --ab-config 5 --shape 1536,1536,1536 --shape 3000,3000,3000 \
      --shape 333,14336,4096 --shape 3000,5000,1000 --shape 512,11008,4096 --shape 2048,2048,2048 > /tmp/wide_$dt.log 2>&1
    echo "== wide $dt rc=$? ($(el)s)" >> $S; grep -vE "^#" /tmp/wide_$dt.log | head -20 >> $S
  done
fi
N="$CUDA/bin/ncu --clock-control none --section LaunchStats --metrics gpu__time_duration.sum"
: > /tmp/ncu_names.txt
for sh in 1,4096,14336 8,6144,4096 32,6144,4096 16,4096,4096 128,4096,4096 1000,1000,1000 1024,1024,1024; do
  [ $(el) -gt 420 ] && break
  timeout 60 $N --kernel-name regex:"nvjet|sm90_xmma|cublas|splitK|reduce" --launch-count 3 $D/bench_gemm /tmp/ncu_$sh.csv --reps 1 --dtype bf16 --shape $sh > /tmp/ncu_$sh.log 2>&1
  echo "== $sh rc=$?" >> /tmp/ncu_names.txt
  grep -E "^  [a-zA-Z_].*\(|gpu__time_duration|Grid Size|Cluster Size" /tmp/ncu_$sh.log | head -16 >> /tmp/ncu_names.txt
done
cp /tmp/ncu_names.txt $OUT/; echo "ncu at $(el)s" >> $S
if ls carry/lib/libcutego.so.*.*.* > /dev/null 2>&1 && [ $(el) -lt 450 ]; then
  g++ -shared -o $D/libcutego_kernels.so -Wl,-soname,libcutego_kernels.so -Wl,--whole-archive $D/lib.a -Wl,--no-whole-archive \
    -L$CUDA/targets/x86_64-linux/lib -l:libcudart.so.13 -Wl,--no-undefined > $D/so.log 2>&1
  export CUTEGO_LIBRARY=$(ls $PWD/carry/lib/libcutego.so.*.*.* | head -1)
  export CUTEGO_KERNELS_LIBRARY=$(cd $D && pwd)/libcutego_kernels.so PYTHONPATH=$PWD/python PYTHONUNBUFFERED=1
  timeout 60 python3 bench/results/2026-12-02-gett/gett_torch.py $OUT > $OUT/gett_torch.log 2>&1
  echo "gett_torch rc=$? ($(el)s)" >> $S; grep -E "^\||failures" $OUT/gett_torch.log >> $S
fi
echo "done at $(el)s" >> $S
cat $S $OUT/ncu_names.txt
