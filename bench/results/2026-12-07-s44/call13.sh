#!/usr/bin/env bash
# One device call: fp8_wide (FP8 per tensor, fast: 128x256 in 2x1 clusters where 128x128 and
# 128x256 tiles pad N alike and 128x256 make at least 1.25 waves; v14) against the tree before it
# (v12), in turn, two rounds, on 32 fresh random TN shapes it moves (f8v.txt, seed 4418): each
# binary's automatic plan beside cuBLASLt in its process (bench_gemm_fp8 --variants 0:0:0).
# Predicted from call 12 (fitted there): 1.07-1.25x, none below 0.95x. Then test_gemm_fp8 on v14.
set -u
# (call14.sh runs this with G44, WAVES and SHAPES set; unset, what call 13 ran)
G=${G44:-/tmp/s44m}; . bench/device/env.sh; . bench/device/steps.sh
C=build/carry/s42d; Q=bench/results/2026-12-07-s44; K=build/carry/s44
export D=$G/v14
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
carried_lib v12 $K/waves_v12.o $K/plan_v10.o
carried_lib v14 $K/${WAVES:-waves_v14.o} $K/plan_v10.o
$NVCC $F -I$CUDA/include bench/bench_gemm_fp8.cu $G/v12/lib.a $LK -o $G/v12/bench_gemm_fp8 > $G/link_v12.log 2>&1 || echo "LINK-FAIL v12" >> $S &
link_bins bench/bench_gemm_fp8 csrc/gemm/test_gemm_fp8
wait
SH=$(sed 's/^/--shape /' $Q/${SHAPES:-f8v.txt})
for r in 1 2; do for v in v12 v14; do
  timeout 120 $G/$v/bench_gemm_fp8 $G/${v}_$r.csv $SH --variants 0:0:0 > $G/${v}_$r.log 2>&1 || echo "$v $r: exit $?" >> $S
done; echo "round $r at $(el)s" >> $S; done
python3 - $G >> $S <<'PY'
import csv, math, sys, glob
def load(v):
    t = {}
    for f in glob.glob(f"{sys.argv[1]}/{v}_*.csv"):
        for r in csv.DictReader(open(f)):
            k = (int(r["m"]), int(r["n"]), int(r["k"]))
            t.setdefault(k, []).append((float(r["ms"]), float(r["ratio"]), r["reason"][:40]))
    return t
a, b = load("v12"), load("v14")
q = []
for k in sorted(a):
    if k not in b: continue
    g = min(x[0] for x in a[k]) / min(x[0] for x in b[k]); q.append(g)
    print(k, f"{g:.3f}", f"to cuBLASLt {max(x[1] for x in a[k]):.3f} -> {max(x[1] for x in b[k]):.3f}", b[k][0][2])
print(f"v12 -> v14: {len(q)} shapes, geomean {math.exp(sum(map(math.log, q)) / len(q)):.3f}, min {min(q):.3f}, max {max(q):.3f}, below 0.97: {sum(x < 0.97 for x in q)}")
PY
cp $G/v1*_1.csv $OUT/ 2>/dev/null
run_test 100 test_gemm_fp8
echo "all done at $(el)s" >> $S
