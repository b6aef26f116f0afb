#!/usr/bin/env bash
# Builds call2.sh's carry here (git-ignored build/carry/s49), with the pinned nvcc (`make setup`
# first), from the repository root: main.a.gz, the whole kernels library of B with wsp.patch, and
# tr.tgz, trace.patch's eight units on top of that (with the planner object trace.patch changes).
# About 20 minutes on 2 cores.
set -euo pipefail
B=21b9b9d
R=$PWD; Q=$R/bench/results/2026-12-08-s49; C=$R/build/carry/s49
W=$(mktemp -d); export CUDA=$R/.deps/py/nvidia/cu13 JOBS=$(nproc)
trap 'cd $R; for v in main tr; do git worktree remove --force $W/$v 2>/dev/null || true; done; rm -rf $W' EXIT
for v in main tr; do git worktree add -q --detach $W/$v $B; done
(cd $W/main && git apply $Q/wsp.patch)
(cd $W/tr && git apply $Q/wsp.patch && git apply $Q/trace.patch)
mkdir -p $C
(cd $W/main && D=$W/out/main bash bench/device/lib.sh > $W/main.log 2>&1) && gzip -c $W/out/main/lib.a > $C/main.a.gz
(cd $W/tr && UNITS="gemm_128x128_kk gemm_128x192_kk gemm_128x168_kk gemm_128x224_kk gemm_128x256_kk gemm_64x128_kk gemm_64x64_kk gemm_64x32_kk" \
  D=$W/out/tr bash bench/device/lib.sh > $W/tr.log 2>&1)
mkdir -p $W/pk/tr && cp $W/out/tr/o/gemm_*.o $W/out/tr/o/csrc_gemm_plan.c.o $W/pk/tr/ && tar czf $C/tr.tgz -C $W/pk tr
grep -h "lib:\|BUILD-FAIL" $W/main.log $W/tr.log
du -sh $C
