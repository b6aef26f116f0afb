#!/usr/bin/env bash
# One device call on the session's tree (programmatic dependent launches merged): the full device
# check (bench/device/check.sh: cubins, every C/C++ device test, the examples, Python's torch_fp8,
# the Go gpu.test through the Go launcher, test_copy), then two probes:
# 1. Small squares (256^3-768^3), the plan's choice against forced tiles and splits, in one process
#    each, CUDA graphs. Predicted: no forced plan more than 5% faster than the automatic one.
# 2. Per-tensor FP8 against cuBLASLt (issue 17), two interleaved rounds: 8192^3 at 0.98-1.02.
# Usage (repo root, $OUT set, carry .devwork/lead/carry from bench/device/prep.sh):
#   bash bench/results/2026-12-03-s13-check/run.sh
set -u
bash bench/device/check.sh
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
D=.devwork/b; S=$OUT/probes.txt; t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
$NVCC $F -I$CUDA/include bench/bench_gemm_fp8.cu $D/lib.a -L$CUDA/targets/x86_64-linux/lib -cudart static -lcublasLt -lcublas -o $D/bench_gemm_fp8 > /tmp/link_fp8.log 2>&1 || echo "LINK-FAIL fp8" >> $S
SH=""; for s in 256,256,256 384,384,384 512,512,512 768,768,768; do SH="$SH --shape $s"; done
mkdir -p /tmp/sq
for cfg in 0 2 6 8; do for sk in 0 2 4; do
  timeout 30 $D/bench_gemm /tmp/sq/c${cfg}_s$sk.csv --graph --dtype bf16 --config $cfg --split-k $sk $SH > /tmp/sq/c${cfg}_s$sk.log 2>&1 || echo "cfg $cfg split $sk: rc $?" >> $S
done; done
echo "small squares at $(el)s (us ours / cuBLASLt; config, split)" >> $S
for f in /tmp/sq/*.csv; do awk -F, -v f=$(basename $f .csv) 'NR>1 {printf "%s %sx%sx%s ours %.2f lt %.2f ratio %s cfg %s split %s\n", f, $4, $5, $6, $7*1000, $9*1000, $13, $21, $22}' $f; done | sort -k2,2 -k4,4n >> $S
SH=""; for s in 8192,8192,8192 4096,4096,4096 2048,2048,2048 1024,1024,1024 256,256,256; do SH="$SH --shape $s"; done
timeout 120 $D/bench_gemm_fp8 /tmp/fp8.csv --variants 1:0:1 --rounds 2 $SH > /tmp/fp8.log 2>&1; echo "fp8 rc=$? at $(el)s" >> $S
grep -hE "==|ratio" /tmp/fp8.log | tail -12 >> $S
tar czf $OUT/probes.tgz -C /tmp sq fp8.csv fp8.log
cat $S
