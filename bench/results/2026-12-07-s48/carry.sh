#!/usr/bin/env bash
# Builds call1.sh's carry, build/carry/s48 (git-ignored), here: run from the repository root after
# `make setup` (the pinned nvcc). Three variants of the six K-major 16-bit units the short-K shapes
# and small squares run (128x128, 128x168, 128x192, 128x224, 64x64, 64x128), to replace in the
# carried base library of ../2026-12-07-s47: wr (wr.patch: the last wait on the TMA stores is for
# their reading shared memory only), st (st.patch: a 16-bit D not transposed staged by stmatrix.x4)
# and dc (../2026-12-07-s47/dec.patch alone: the tile scheduler in 32 bits). wr + st is s46's ws.patch.
# Then dcfull.a.gz (the whole library with dec.patch alone, as landed) and, for call2.sh, dcw.tgz
# (the six units with dec.patch and ../2026-12-07-s46/wsp.patch). Every tree is B, the commit the
# patches apply to (main before dec.patch landed).
set -euo pipefail
B=59e9254
R=$PWD; Q=$R/bench/results/2026-12-07-s48; C=$R/build/carry/s48
U="gemm_128x128_kk gemm_128x168_kk gemm_128x192_kk gemm_128x224_kk gemm_64x64_kk gemm_64x128_kk"
W=$(mktemp -d); export CUDA=$R/.deps/py/nvidia/cu13 JOBS=$(nproc)
trap 'cd $R; for v in wr st dc dcf dcw; do git worktree remove --force $W/$v 2>/dev/null || true; done; rm -rf $W' EXIT
for v in wr st dc dcf dcw; do git worktree add -q --detach $W/$v $B; done
(cd $W/wr && git apply $Q/wr.patch)
(cd $W/st && git apply $Q/st.patch)
(cd $W/dc && git apply $R/bench/results/2026-12-07-s47/dec.patch)
for v in wr st dc; do
  mkdir -p $C/$v
  (cd $W/$v && UNITS="$U" D=$W/out/$v bash bench/device/lib.sh > $W/$v.log 2>&1)
  cp $W/out/$v/o/gemm_*.o $C/$v/ && (cd $C && tar czf $v.tgz $v && rm -rf $v)
done
grep -h "lib:\|BUILD-FAIL" $W/*.log
du -sh $C
# dcfull.a.gz: the whole library with dec.patch alone
(cd $W/dcf && git apply $R/bench/results/2026-12-07-s47/dec.patch)
(cd $W/dcf && D=$W/out/dcf bash bench/device/lib.sh > $W/dcf.log 2>&1) && gzip -c $W/out/dcf/lib.a > $C/dcfull.a.gz
grep -h "lib:\|BUILD-FAIL" $W/dcf.log
# dcw.tgz: the six units with dec.patch and wsp.patch
(cd $W/dcw && git apply $R/bench/results/2026-12-07-s47/dec.patch $R/bench/results/2026-12-07-s46/wsp.patch)
(cd $W/dcw && UNITS="$U" D=$W/out/dcw bash bench/device/lib.sh > $W/dcw.log 2>&1)
mkdir -p $C/dcw && cp $W/out/dcw/o/gemm_*.o $C/dcw/ && (cd $C && tar czf dcw.tgz dcw && rm -rf dcw)
grep -h "lib:\|BUILD-FAIL" $W/dcw.log
