#!/usr/bin/env bash
# Builds call1.sh's carry, build/carry/s47 (git-ignored), here: run from the repository root after
# `make setup` (the pinned nvcc). base: the kernels library of B (below); dec: the tree with
# ../2026-12-07-s46/ws.patch and dec.patch; ws/*.o and wsp/*.o: the 128x192, 128x168 and 128x224
# K-major kernels with ws.patch, and with ws.patch, dec.patch and ../2026-12-07-s46/wsp.patch.
# Two full libraries take about 30 minutes on two cores; each reports BUILD-FAIL lines (C751x, a
# wgmma spill) into its log, printed at the end.
set -euo pipefail
B=59e9254  # the tree the patches apply to (main before dec.patch landed)
R=$PWD; Q=$R/bench/results/2026-12-07-s47; P=$R/bench/results/2026-12-07-s46; C=$R/build/carry/s47
W=$(mktemp -d); export CUDA=$R/.deps/py/nvidia/cu13 JOBS=$(nproc)
trap 'cd $R; for v in base ws dec wsp; do git worktree remove --force $W/$v 2>/dev/null || true; done; rm -rf $W' EXIT
for v in base ws dec wsp; do git worktree add -q --detach $W/$v $B; done
(cd $W/ws && git apply $P/ws.patch)
(cd $W/dec && git apply $P/ws.patch $Q/dec.patch)
(cd $W/wsp && git apply $P/ws.patch $Q/dec.patch $P/wsp.patch)
mkdir -p $C/base $C/dec $C/ws $C/wsp
for v in base dec; do
  (cd $W/$v && D=$W/out/$v bash bench/device/lib.sh > $W/$v.log 2>&1)
  gzip -c $W/out/$v/lib.a > $C/$v/lib.a.gz
done
for v in ws wsp; do
  (cd $W/$v && UNITS="gemm_128x192_kk gemm_128x168_kk gemm_128x224_kk" D=$W/out/$v bash bench/device/lib.sh > $W/$v.log 2>&1)
  cp $W/out/$v/o/gemm_*.o $C/$v/
done
grep -h "lib:\|BUILD-FAIL" $W/base.log $W/dec.log $W/ws.log $W/wsp.log
du -sh $C
